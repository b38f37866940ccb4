// Open Table and editing rows (issue 29, items 2 and 3) against a real MariaDB: a table's columns
// and editing key as the server declares them, pages read with the person's filter and sort done
// by the server, values checked per column type before sending (NULL apart from ''), the exact
// statements the Preview shows, and Apply in one transaction that rolls back when a row changed
// or vanished underneath.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { createConnection, type Connection, type ConnectionOptions } from 'mysql2/promise';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../../support/mariadb.mjs';
import { tableInfo, readPage, pageSql, applyEdits, RowConflictError } from '../../../src/database/tableData/tableData';
import { editStatements, editProblems, editingKey, type RowEdit } from '../../../src/database/tableData/edits';
import {
  keyRowsCondition,
  keyRowsOf,
  MAX_RESULT_ROWS,
  resultTable,
  type KeyRows,
} from '../../../src/database/tableData/resultRows';
import { runStatement, type Cell, type ResultColumn } from '../../../src/database/connection/queryRunner';
import { valueProblem, sqlLiteral, enumMembers, type TableColumn } from '../../../src/database/tableData/values';
import { quoteIdent } from '../../../src/database/sqlText';
import { HOSTILE_VALUES, SQL_MODES } from '../../support/hostileSql';

let db: MariaDb;
let conn: Connection;
let other: Connection;
let opts: ConnectionOptions;

before(async () => {
  const missing = mariaDbMissing();
  if (missing) throw new Error(missing);
  db = await startMariaDb();
  await db.sql(`
    CREATE DATABASE shop;
    CREATE TABLE shop.items (
      id INT UNSIGNED PRIMARY KEY AUTO_INCREMENT,
      name VARCHAR(8) NOT NULL,
      note TEXT NULL,
      price DECIMAL(6,2) NOT NULL DEFAULT 0,
      qty TINYINT NOT NULL DEFAULT 0,
      weight DOUBLE NULL,
      added DATE NULL,
      seen DATETIME NULL,
      tags SET('red','green','blue') NULL,
      size ENUM('S','M','L') NOT NULL DEFAULT 'M',
      meta JSON NULL,
      raw VARBINARY(4) NULL,
      total DECIMAL(9,2) AS (price * qty) VIRTUAL
    );
    INSERT INTO shop.items (name, note, price, qty, added) VALUES
      ('apple', 'red', 1.50, 3, '2026-01-02'), ('pear', '', 2.00, 1, NULL), ('plum', NULL, 0.75, 9, NULL),
      ('kiwi', 'x', 3.10, 2, NULL), ('fig', 'y', 4.00, 5, NULL);
    CREATE TABLE shop.log (at DATETIME, line TEXT);
    CREATE TABLE shop.codes (code CHAR(3) NOT NULL, label VARCHAR(20), UNIQUE KEY by_code (code));
    CREATE TABLE shop.maybe (code CHAR(3) NULL, UNIQUE KEY by_code (code));
    CREATE VIEW shop.cheap AS SELECT id, name FROM shop.items WHERE price < 2;
  `);
  opts = {
    host: db.host,
    port: db.port,
    user: db.rootUser,
    password: db.rootPassword,
    dateStrings: true as const,
  };
  conn = await createConnection(opts);
  other = await createConnection(opts);
});

after(async () => {
  await conn?.end();
  await other?.end();
  await db?.stop();
});

test('the columns as declared, the editing key, and why a table cannot be edited', async () => {
  const items = await tableInfo(conn, 'shop', 'items');
  assert.deepEqual(items.key, ['id']);
  assert.equal(items.readOnlyReason, undefined);
  const byName = Object.fromEntries(items.columns.map((c) => [c.name, c]));
  assert.equal(byName.id.autoIncrement, true);
  assert.equal(byName.total.generated, true);
  assert.equal(byName.name.maxLength, 8);
  assert.equal(byName.price.hasDefault, true);
  assert.equal(byName.name.hasDefault, false);
  assert.deepEqual(enumMembers(byName.tags.columnType), ['red', 'green', 'blue']);
  assert.deepEqual((await tableInfo(conn, 'shop', 'codes')).key, ['code'], 'a unique key without NULLs');
  assert.match(
    (await tableInfo(conn, 'shop', 'maybe')).readOnlyReason ?? '',
    /no primary key and no unique key without NULLs/,
  );
  assert.match((await tableInfo(conn, 'shop', 'log')).readOnlyReason ?? '', /no primary key/);
  assert.match((await tableInfo(conn, 'shop', 'cheap')).readOnlyReason ?? '', /is a view/);
  await assert.rejects(tableInfo(conn, 'shop', 'nope'), /does not exist/);
  assert.deepEqual(
    editingKey(
      [],
      [
        { name: 'u', unique: true, columns: ['a'] },
        { name: 'PRIMARY', unique: true, columns: ['b', 'c'] },
      ],
    ),
    ['b', 'c'],
  );
});

test("pages: the filter and the sort are the server's; one row more tells whether another page follows", async () => {
  const info = await tableInfo(conn, 'shop', 'items');
  const first = await readPage(conn, info, { offset: 0, limit: 2, sort: { column: 'price', descending: true } });
  assert.deepEqual(
    first.rows.map((r) => r[1]),
    ['fig', 'kiwi'],
  );
  assert.equal(first.more, true);
  assert.equal(first.sql, 'SELECT * FROM `shop`.`items` ORDER BY `price` DESC, `id` LIMIT 3 OFFSET 0');
  const last = await readPage(conn, info, { offset: 4, limit: 2, sort: { column: 'price', descending: true } });
  assert.deepEqual(
    last.rows.map((r) => r[1]),
    ['plum'],
  );
  assert.equal(last.more, false);
  const filtered = await readPage(conn, info, { offset: 0, limit: 10, filter: "note = '' OR note IS NULL" });
  assert.deepEqual(
    filtered.rows.map((r) => [r[1], r[2]]),
    [
      ['pear', ''],
      ['plum', null],
    ],
    "'' and NULL stay apart",
  );
  await assert.rejects(
    readPage(conn, info, { offset: 0, limit: 10, filter: '1; DROP TABLE shop.items' }),
    /another statement/,
  );
  await assert.rejects(readPage(conn, info, { offset: 0, limit: 10, filter: 'no_such_column = 1' }), /Unknown column/);
  assert.equal(
    pageSql({ schema: 's', table: 't`x', columns: [], key: undefined }, { offset: 5, limit: 10 }),
    'SELECT * FROM `s`.`t``x` LIMIT 11 OFFSET 5',
  );
});

test('values are checked against the column type before anything is sent', async () => {
  const info = await tableInfo(conn, 'shop', 'items');
  const col = (name: string) => info.columns.find((c) => c.name === name)!;
  const ok = (name: string, v: string | null) => assert.equal(valueProblem(col(name), v), undefined, `${name} = ${v}`);
  const bad = (name: string, v: string | null, re: RegExp) =>
    assert.match(valueProblem(col(name), v) ?? '(accepted)', re, `${name} = ${v}`);
  ok('note', null);
  ok('note', '');
  bad('name', null, /cannot be NULL/);
  ok('name', 'abcdefgh');
  bad('name', 'abcdefghi', /at most 8 characters/);
  ok('name', '가나다라마바사아'); // characters, not bytes
  ok('id', '4294967295');
  bad('id', '-1', /from 0 to 4294967295/);
  bad('qty', '128', /from -128 to 127/);
  bad('qty', '1.5', /whole number/);
  ok('price', '9999.99');
  bad('price', '10000', /at most 4 digits before the point and 2 after/);
  bad('price', '1.234', /at most 4 digits before the point and 2 after/);
  ok('weight', '-1.5e3');
  bad('weight', 'heavy', /takes a number/);
  ok('added', '2024-02-29');
  bad('added', '2023-02-29', /not a day of the calendar/);
  bad('added', '2024-02-01 10:00:00', /date as YYYY-MM-DD/);
  ok('seen', '2024-02-01 23:59:59.5');
  bad('seen', '2024-02-01 24:00:00', /YYYY-MM-DD hh:mm:ss/);
  ok('tags', 'red,blue');
  ok('tags', '');
  bad('tags', 'red,pink', /any of: red, green, blue/);
  ok('size', 'L');
  bad('size', 'XL', /one of: S, M, L/);
  ok('meta', '{"a": [1, 2]}');
  bad('meta', '{a: 1}', /takes JSON/);
  bad('raw', '0x00', /binary data/);
  bad('total', '1', /generated column/);
});

test('the statements: the key (and the read values of edited cells) in WHERE, literals in the Preview, deletes last', async () => {
  const info = await tableInfo(conn, 'shop', 'items');
  const page = await readPage(conn, info, { offset: 0, limit: 10 });
  const t = { schema: 'shop', table: 'items', columns: info.columns, key: info.key! };
  const edits: RowEdit[] = [
    { kind: 'delete', row: 4, original: page.rows[4] },
    { kind: 'update', row: 0, original: page.rows[0], changes: { note: "it's \\ green", weight: null } },
    { kind: 'insert', values: { name: 'lime', price: '0.50', meta: '{"k":1}' } },
  ];
  const s = editStatements(t, edits);
  assert.deepEqual(
    s.map((x) => x.display),
    [
      `UPDATE \`shop\`.\`items\` SET \`note\` = _utf8mb4 X'${Buffer.from("it's \\ green").toString('hex').toUpperCase()}', \`weight\` = NULL WHERE \`id\` = 1 AND \`note\` <=> 'red';`,
      "INSERT INTO `shop`.`items` (`name`, `price`, `meta`) VALUES ('lime', 0.50, '{\"k\":1}');",
      'DELETE FROM `shop`.`items` WHERE `id` = 5;',
    ],
  );
  assert.deepEqual(s[0].params, ["it's \\ green", null, 1, 'red']);
  assert.deepEqual(
    s.map((x) => x.label),
    ['row 1 (id = 1)', 'new row 1', 'row 5 (id = 5)'],
  );
  assert.deepEqual(editProblems(t, edits), []);
  assert.deepEqual(editProblems(t, [edits[0], { kind: 'insert', values: { price: '1', qty: '300' } }]), [
    { edit: 1, column: 'qty', message: 'qty takes a whole number from -128 to 127.' },
    { edit: 1, column: 'name', message: 'name needs a value (it has no default and cannot be NULL).' },
  ]);
  await applyEdits(conn, s);
  const [rows] = await other.query<any[]>('SELECT name, note, weight, meta FROM shop.items ORDER BY id');
  assert.deepEqual(
    rows.map((r) => [r.name, r.note, r.weight]),
    [
      ['apple', "it's \\ green", null],
      ['pear', '', null],
      ['plum', null, null],
      ['kiwi', 'x', null],
      ['lime', null, null],
    ],
  );
  assert.equal(sqlLiteral({ dataType: 'text' }, "a\nb'"), "'a\nb'''");
  assert.equal(sqlLiteral({ dataType: 'varbinary' }, '0x00ff'), '0x00ff');
  assert.equal(sqlLiteral({ dataType: 'varbinary' }, '0x'), "X''");
  assert.equal(sqlLiteral({ dataType: 'int' }, '42'), '42');
  assert.equal(sqlLiteral({ dataType: 'varchar' }, '42'), "'42'");
});

test('Apply rolls everything back when a row changed or vanished underneath, naming that row', async () => {
  const info = await tableInfo(conn, 'shop', 'items');
  const t = { schema: 'shop', table: 'items', columns: info.columns, key: info.key! };
  const page = await readPage(conn, info, { offset: 0, limit: 10 });
  const pear = page.rows.findIndex((r) => r[1] === 'pear');
  const plum = page.rows.findIndex((r) => r[1] === 'plum');
  const kiwi = page.rows.findIndex((r) => r[1] === 'kiwi');
  // Someone else changes pear's note after this page was read.
  await other.query("UPDATE shop.items SET note = 'changed' WHERE name = 'pear'");
  const edits: RowEdit[] = [
    { kind: 'update', row: plum, original: page.rows[plum], changes: { qty: '10' } },
    { kind: 'update', row: pear, original: page.rows[pear], changes: { note: 'mine' } },
  ];
  await assert.rejects(applyEdits(conn, editStatements(t, edits)), (e: Error) => {
    assert.ok(e instanceof RowConflictError);
    assert.match(e.message, new RegExp(`row ${pear + 1} \\(id = 2\\) changed or was deleted since it was read`));
    return true;
  });
  const [after1] = await other.query<any[]>("SELECT qty FROM shop.items WHERE name = 'plum'");
  assert.equal(after1[0].qty, 9, 'the first statement was rolled back');
  // A row deleted underneath: the same.
  await other.query("DELETE FROM shop.items WHERE name = 'kiwi'");
  await assert.rejects(
    applyEdits(conn, editStatements(t, [{ kind: 'delete', row: kiwi, original: page.rows[kiwi] }])),
    /changed or was deleted/,
  );
  // A value the server refuses (a duplicate key) rolls back too, naming the row.
  await assert.rejects(
    applyEdits(
      conn,
      editStatements(t, [
        { kind: 'update', row: plum, original: page.rows[plum], changes: { qty: '11' } },
        { kind: 'insert', values: { id: '1', name: 'dup' } },
      ]),
    ),
    /server refused the statement for new row 1 \(error 1062\)/,
  );
  const [after2] = await other.query<any[]>("SELECT qty FROM shop.items WHERE name = 'plum'");
  assert.equal(after2[0].qty, 9);
  // An UPDATE that writes the value a cell already has still finds its row (FOUND_ROWS).
  const fresh = await readPage(conn, info, { offset: 0, limit: 10 });
  const p = fresh.rows.findIndex((r) => r[1] === 'plum');
  await applyEdits(
    conn,
    editStatements(t, [{ kind: 'update', row: p, original: fresh.rows[p], changes: { qty: '9' } }]),
  );
});

test('a column list with one type each covers every branch of the value check', () => {
  const c = (dataType: string, columnType = dataType, extra: Partial<TableColumn> = {}): TableColumn => ({
    name: 'c',
    dataType,
    columnType,
    nullable: true,
    generated: false,
    autoIncrement: false,
    hasDefault: true,
    ...extra,
  });
  assert.equal(valueProblem(c('bigint', 'bigint unsigned'), '18446744073709551615'), undefined);
  assert.match(valueProblem(c('bigint'), '9223372036854775808') ?? '', /to 9223372036854775807/);
  assert.equal(valueProblem(c('year'), '2155'), undefined);
  assert.match(valueProblem(c('year'), '1900') ?? '', /1901 to 2155/);
  assert.equal(valueProblem(c('time'), '-838:59:59'), undefined);
  assert.match(valueProblem(c('time'), '12:00') ?? '', /time as hh:mm:ss/);
  assert.match(valueProblem(c('timestamp'), '1969-12-31 00:00:00') ?? '', /1970 to 2038/);
  assert.equal(valueProblem(c('datetime'), '0000-00-00 00:00:00'), undefined);
  assert.match(valueProblem(c('decimal', 'decimal(5,2) unsigned'), '-1') ?? '', /zero or more/);
  assert.match(valueProblem(c('blob'), 'x') ?? '', /binary data/);
});

/** A statement's columns and rows as the query console gets them (the driver's own field metadata). */
async function result(sql: string): Promise<{ columns: ResultColumn[]; rows: Cell[][] }> {
  let columns: ResultColumn[] = [];
  const rows: Cell[][] = [];
  await runStatement(
    conn,
    sql,
    { columns: (c) => void (columns = c), rows: (batch) => void rows.push(...batch) },
    { kill: async () => undefined },
  );
  return { columns, rows };
}

test("a query result's rows: edited only when it reads one table and holds its key; the editor then reads only those rows", async () => {
  await db.sql(`
    CREATE TABLE shop.fruit (id INT PRIMARY KEY, name VARCHAR(10) NOT NULL, price DECIMAL(5,2) NOT NULL);
    INSERT INTO shop.fruit VALUES (1, 'apple', 1.50), (2, 'pear', 2.00), (3, 'plum', 0.75), (4, 'kiwi', 3.10), (5, 'fig', 4.00);
  `);
  const info = await tableInfo(conn, 'shop', 'fruit');
  // Why not, said before anything is asked of the server.
  assert.match(
    (resultTable((await result('SELECT id, price * 2 AS total FROM shop.fruit')).columns) as { reason: string }).reason,
    /total is computed/,
  );
  assert.match(
    (
      resultTable(
        (await result('SELECT f.id, c.code FROM shop.fruit f JOIN shop.codes c ON c.label = f.name')).columns,
      ) as { reason: string }
    ).reason,
    /several tables \(shop\.fruit, shop\.codes\)/,
  );
  const noKey = await result('SELECT name, price FROM shop.fruit');
  assert.deepEqual(resultTable(noKey.columns), { schema: 'shop', table: 'fruit' });
  assert.match(
    (keyRowsOf(noKey.columns, noKey.rows, info.key!, 'fruit') as { reason: string }).reason,
    /does not hold id, the key of fruit/,
  );
  // A UNION names no table for its columns: not editable.
  assert.ok(
    'reason' in resultTable((await result('SELECT id FROM shop.fruit UNION SELECT id FROM shop.fruit')).columns),
  );
  // A result of one table with its key (under another name; a row repeated): the editor keeps to its rows.
  const r = await result('SELECT name AS fruit, id AS k FROM shop.fruit WHERE price >= 2 ORDER BY id');
  r.rows.push(r.rows[0]);
  const target = resultTable(r.columns);
  assert.deepEqual(target, { schema: 'shop', table: 'fruit' });
  const rows = keyRowsOf(r.columns, r.rows, info.key!, 'fruit') as KeyRows;
  assert.deepEqual(rows, { columns: ['id'], values: [[2], [4], [5]] }, 'one tuple per row, a repeated row once');
  const page = await readPage(conn, info, { offset: 0, limit: 10, rows });
  assert.deepEqual(
    page.rows.map((x) => x[1]),
    ['pear', 'kiwi', 'fig'],
  );
  // The person's filter (with an OR) narrows those rows; it never reaches past them.
  const narrowed = await readPage(conn, info, { offset: 0, limit: 10, rows, filter: "name = 'fig' OR name = 'apple'" });
  assert.deepEqual(
    narrowed.rows.map((x) => x[1]),
    ['fig'],
  );
  assert.equal(
    narrowed.sql,
    "SELECT * FROM `shop`.`fruit` WHERE `id` IN (2, 4, 5) AND (\nname = 'fig' OR name = 'apple'\n) ORDER BY `id` LIMIT 11 OFFSET 0",
  );
  // A key of several columns: tuples, each value written as its column's literal.
  assert.equal(
    keyRowsCondition(
      [
        { ...info.columns[0], name: 'a', dataType: 'int' },
        { ...info.columns[0], name: 'b', dataType: 'varchar' },
      ],
      {
        columns: ['a', 'b'],
        values: [
          [1, "it's"],
          [2, null],
        ],
      },
    ),
    "(`a`, `b`) IN ((1, 'it''s'), (2, NULL))",
  );
  const many = Array.from({ length: MAX_RESULT_ROWS + 1 }, (_, i) => [i] as Cell[]);
  assert.match(
    (
      keyRowsOf(
        [{ name: 'id', type: 'LONG', source: { schema: 'shop', table: 'items', column: 'id' } }],
        many,
        ['id'],
        'items',
      ) as { reason: string }
    ).reason,
    /up to 10000 can be edited at once/,
  );
});

/**
 * A connection in `mode`, with the driver's own `?` formatting (a backslash before a quote): the
 * table editor writes its values itself (a session's connections also format through sqlText:
 * connection.test.ts).
 */
async function connectIn(mode: string): Promise<Connection> {
  const c = await createConnection({ ...opts, charset: 'UTF8MB4_UNICODE_CI' });
  await c.query(`SET SESSION sql_mode = CONCAT(@@sql_mode, ',${mode}')`);
  return c;
}

SQL_MODES.forEach((mode, i) =>
  test(`under ${mode}: hostile keys and values inserted, found, updated and deleted exactly, and the Preview's text does the same`, async () => {
    // Names with a double quote and a backtick: identifiers under ANSI_QUOTES too.
    const names = [`h"o\`st ${i}`, `h"o\`st ${i} preview`];
    for (const name of names)
      await other.query(
        `CREATE TABLE shop.${quoteIdent(name)} (\`co"de\` VARCHAR(200) COLLATE utf8mb4_bin PRIMARY KEY, \`va\`\`l\` TEXT NULL, n INT NULL)`,
      );
    const m = await connectIn(mode);
    try {
      assert.match(String((await m.query<any[]>('SELECT @@sql_mode AS m'))[0][0].m), new RegExp(mode.split(',')[0]));
      const info = await tableInfo(m, 'shop', names[0]);
      assert.deepEqual(info.key, ['co"de']);
      const tables = names.map((table) => ({ schema: 'shop', table, columns: info.columns, key: info.key! }));
      const inserts: RowEdit[] = HOSTILE_VALUES.map((v, n) => ({
        kind: 'insert',
        values: { 'co"de': v, 'va`l': v, n: String(n) },
      }));
      /** Applied as the editor applies them, and the Preview's text run as it stands, in the same mode. */
      const both = async (edits: (t: (typeof tables)[number]) => RowEdit[]) => {
        await applyEdits(m, editStatements(tables[0], edits(tables[0])));
        for (const s of editStatements(tables[1], edits(tables[1]))) {
          const [r] = await m.query<import('mysql2').ResultSetHeader>(s.display.replace(/;$/, ''));
          assert.equal(r.affectedRows, 1, s.display);
        }
      };
      const contents = async () =>
        Promise.all(
          names.map(
            async (name) =>
              (
                await other.query<any[]>({
                  sql: `SELECT \`co"de\`, \`va\`\`l\`, n FROM shop.${quoteIdent(name)} ORDER BY n`,
                  rowsAsArray: true,
                })
              )[0],
          ),
        );
      await both(() => inserts);
      for (const rows of await contents())
        assert.deepEqual(
          rows,
          HOSTILE_VALUES.map((v, n) => [v, v, n]),
        );
      // The rows of a result opened for editing: found by their hostile keys, and only those.
      const page = await readPage(m, info, {
        offset: 0,
        limit: 100,
        rows: { columns: ['co"de'], values: HOSTILE_VALUES.map((v) => [v]) },
      });
      assert.deepEqual(
        page.rows.map((r) => [r[0], r[2]]).sort((a, b) => Number(a[1]) - Number(b[1])),
        HOSTILE_VALUES.map((v, n) => [v, n]),
      );
      const two = await readPage(m, info, {
        offset: 0,
        limit: 100,
        rows: { columns: ['co"de'], values: [[HOSTILE_VALUES[4]], [HOSTILE_VALUES[5]]] },
        filter: 'n >= 0 -- every row',
      });
      assert.deepEqual(two.rows.map((r) => Number(r[2])).sort(), [4, 5]);
      // Each row updated by its key and its value as read; then every other row deleted.
      const next = (n: number) => `${HOSTILE_VALUES[(n + 1) % HOSTILE_VALUES.length]}|${HOSTILE_VALUES[n]}`;
      const read = page.rows.slice().sort((a, b) => Number(a[2]) - Number(b[2]));
      await both(() =>
        read.map((row, n) => ({
          kind: 'update',
          row: n,
          original: row,
          changes: { 'va`l': next(n), n: String(n + 100) },
        })),
      );
      const updated = HOSTILE_VALUES.map((v, n) => [v, next(n), n + 100]);
      for (const rows of await contents()) assert.deepEqual(rows, updated);
      const now = (await readPage(m, info, { offset: 0, limit: 100, sort: { column: 'n', descending: false } })).rows;
      await both(() => now.filter((_, n) => n % 2 === 0).map((row, n) => ({ kind: 'delete', row: n, original: row })));
      for (const rows of await contents())
        assert.deepEqual(
          rows,
          updated.filter((_, n) => n % 2 === 1),
        );
    } finally {
      await m.end();
    }
  }),
);

test('a filter that ends in a -- or # comment pages as any other: its ORDER BY, LIMIT and OFFSET stay in force', async () => {
  await other.query(
    `CREATE TABLE shop.pager (id INT PRIMARY KEY, name VARCHAR(10) NOT NULL, price DECIMAL(5,2) NOT NULL)`,
  );
  await other.query(
    "INSERT INTO shop.pager VALUES (1, 'apple', 1.50), (2, 'pear', 2.00), (3, 'plum', 0.75), (4, 'kiwi', 3.10), (5, 'fig', 4.00)",
  );
  const info = await tableInfo(conn, 'shop', 'pager');
  const sort = { column: 'price', descending: true };
  for (const filter of ['price > 1 -- the dear ones', 'price > 1 # the dear ones', 'price > 1 --']) {
    const first = await readPage(conn, info, { offset: 0, limit: 2, sort, filter });
    assert.deepEqual([first.rows.map((r) => r[1]), first.more], [['fig', 'kiwi'], true], filter);
    const second = await readPage(conn, info, { offset: 2, limit: 2, sort, filter });
    assert.deepEqual([second.rows.map((r) => r[1]), second.more], [['pear', 'apple'], false], filter);
    assert.equal(
      second.sql,
      `SELECT * FROM \`shop\`.\`pager\` WHERE (\n${filter}\n) ORDER BY \`price\` DESC, \`id\` LIMIT 3 OFFSET 2`,
    );
  }
  // With the rows of a result too: the comment ends before ORDER BY.
  const rows = { columns: ['id'], values: [[1], [2], [3], [4]] as Cell[][] };
  const page = await readPage(conn, info, { offset: 1, limit: 1, sort, rows, filter: 'price > 1 -- dear' });
  assert.deepEqual([page.rows.map((r) => r[1]), page.more], [['pear'], true]);
});
