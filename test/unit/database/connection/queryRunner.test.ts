// The query runner against a real MariaDB (test/support/mariadb.mjs): streaming in batches,
// statements without result sets, server errors, Cancel and the time limit through KILL QUERY,
// the server dropping the connection mid-result, and the streamed CSV / JSON exports.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createConnection, type Connection } from 'mysql2/promise';
import { mariaDbMissing, startMariaDb } from '../../../support/mariadb.mjs';
import { csvField, exportStatement } from '../../../../src/database/connection/resultExport';
import { DUMP_HEAD, DUMP_TAIL } from '../../../../src/database/sqlText';
import { HOSTILE_VALUES, SQL_MODES } from '../../../support/hostileSql';
import {
  killQuery,
  runStatement,
  StatementError,
  type Cell,
  type ResultColumn,
} from '../../../../src/database/connection/queryRunner';

let db: Awaited<ReturnType<typeof startMariaDb>>;
let dir: string;
const connect = async (): Promise<Connection> =>
  createConnection({
    host: db.host,
    port: db.port,
    user: db.rootUser,
    password: db.rootPassword,
    database: 'console_test',
  });
const kill = (id: number) => killQuery(connect, id);

before(async () => {
  const missing = mariaDbMissing();
  if (missing) throw new Error(missing);
  db = await startMariaDb();
  const c = await createConnection({ host: db.host, port: db.port, user: db.rootUser, password: db.rootPassword });
  await c.query('CREATE DATABASE console_test');
  await c.query(
    'CREATE TABLE console_test.t (id INT PRIMARY KEY, name VARCHAR(20), note TEXT, b VARBINARY(4), d DATETIME, n DECIMAL(10,2))',
  );
  await c.query(
    "INSERT INTO console_test.t VALUES (1, 'a,b', 'say \"hi\"', 0x00ff, '2026-01-02 03:04:05', 12.50), (2, NULL, 'line\nbreak', NULL, NULL, -1)",
  );
  await c.end();
  dir = mkdtempSync(join(tmpdir(), 'nhncloud-console-'));
});
after(async () => {
  await db?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function collect() {
  const batches: Cell[][][] = [];
  let columns: ResultColumn[] = [];
  return {
    batches,
    get columns() {
      return columns;
    },
    sink: { columns: (c: ResultColumn[]) => (columns = c), rows: (b: Cell[][]) => void batches.push(b) },
  };
}

test('a SELECT streams its rows in batches, the first batch before the last row is read', async () => {
  const conn = await connect();
  try {
    const got = collect();
    const outcome = await runStatement(
      conn,
      'SELECT seq, seq * 2 AS twice, CONCAT("row ", seq) AS label FROM seq_1_to_10000',
      got.sink,
      { kill, batchRows: 1000 },
    );
    assert.equal(outcome.kind, 'rows');
    assert.equal(outcome.rowCount, 10000);
    assert.deepEqual(
      got.columns.map((c) => c.name),
      ['seq', 'twice', 'label'],
    );
    assert.ok(got.batches.length >= 10, `rows came in ${got.batches.length} batches`);
    assert.ok(got.batches.every((b) => b.length <= 1000));
    const rows = got.batches.flat();
    // BIGINT (seq) comes as exact text: no precision lost past 2^53.
    assert.deepEqual(rows[0], ['1', '2', 'row 1']);
    assert.equal(String(rows[9999][0]), '10000');
    assert.equal(rows[9999][2], 'row 10000');
  } finally {
    await conn.end();
  }
});

test('after a result streamed to a slow receiver the connection still ends (the socket is not left paused)', async () => {
  const conn = await connect();
  // 250 small rows arrive in one read: two full batches are still in flight when the end of the
  // result comes, so the last (partial) batch makes three: the runner must not pause then.
  const outcome = await runStatement(
    conn,
    'SELECT seq FROM seq_1_to_250',
    { columns: () => undefined, rows: () => new Promise<void>((r) => setTimeout(r, 30)) },
    { kill, batchRows: 100 },
  );
  assert.equal(outcome.rowCount, 250);
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    conn.end().then(() => 'ended'),
    new Promise((r) => (timer = setTimeout(() => r('still open after 5 s'), 5000))),
  ]);
  clearTimeout(timer);
  if (ended !== 'ended') conn.destroy();
  assert.equal(ended, 'ended');
});

test('cells: text as sent, NULL as null, binary as 0x hex, dates and decimals as the server wrote them', async () => {
  const conn = await connect();
  try {
    const got = collect();
    await runStatement(conn, 'SELECT * FROM t ORDER BY id', got.sink, { kill });
    assert.deepEqual(
      got.columns.map((c) => c.type),
      ['INT', 'VARCHAR', 'BLOB', 'VARCHAR', 'DATETIME', 'DECIMAL'],
    );
    assert.deepEqual(got.batches.flat(), [
      [1, 'a,b', 'say "hi"', '0x00ff', '2026-01-02 03:04:05', '12.50'],
      [2, null, 'line\nbreak', null, null, '-1.00'],
    ]);
  } finally {
    await conn.end();
  }
});

test('statements without a result set report affected rows, insert id, warnings and info', async () => {
  const conn = await connect();
  try {
    const got = collect();
    await runStatement(conn, 'CREATE TABLE w (id INT AUTO_INCREMENT PRIMARY KEY, v TINYINT)', got.sink, { kill });
    const ins = await runStatement(conn, 'INSERT INTO w (v) VALUES (1), (2), (3)', got.sink, { kill });
    assert.equal(ins.kind, 'ok');
    assert.equal(ins.affectedRows, 3);
    assert.equal(ins.insertId, 1);
    const warned = await runStatement(conn, 'INSERT IGNORE INTO w (id, v) VALUES (1, 5)', got.sink, { kill });
    assert.equal(warned.affectedRows, 0);
    assert.equal(warned.warnings, 1);
    const upd = await runStatement(conn, 'UPDATE w SET v = v + 1 WHERE id < 3', got.sink, { kill });
    assert.equal(upd.affectedRows, 2);
    assert.match(upd.info ?? '', /Rows matched: 2/);
    assert.equal(got.batches.length, 0);
  } finally {
    await conn.end();
  }
});

test('a CALL returning two result sets streams each under its number; its closing OK packet is no row; export picks one', async () => {
  const conn = await connect();
  try {
    await conn.query('DROP PROCEDURE IF EXISTS two_sets');
    await conn.query(
      "CREATE PROCEDURE two_sets() BEGIN SELECT id, name FROM t ORDER BY id; SELECT 'x' AS only_col; END",
    );
    const sets: Array<{ columns: string[]; rows: Cell[][] }> = [];
    const outcome = await runStatement(
      conn,
      'CALL two_sets()',
      {
        columns: (cols, set) => void (sets[set] = { columns: cols.map((c) => c.name), rows: [] }),
        rows: (batch, set) => void sets[set].rows.push(...batch),
      },
      { kill },
    );
    assert.deepEqual(sets, [
      {
        columns: ['id', 'name'],
        rows: [
          [1, 'a,b'],
          [2, null],
        ],
      },
      { columns: ['only_col'], rows: [['x']] },
    ]);
    assert.equal(outcome.kind, 'rows');
    assert.equal(outcome.rowCount, 3);
    assert.deepEqual(outcome.resultSets, [2, 1]);
    // One SELECT: one set, and no resultSets to tell apart.
    const single = await runStatement(conn, 'SELECT 1', { columns: () => undefined, rows: () => undefined }, { kill });
    assert.equal(single.resultSets, undefined);
    const file = join(dir, 'second-set.csv');
    await exportStatement(conn, 'CALL two_sets()', 'csv', file, { kill }, 1);
    assert.equal(readFileSync(file, 'utf8'), 'only_col\r\nx\r\n');
    await assert.rejects(exportStatement(conn, 'CALL two_sets()', 'csv', file, { kill }, 2), /no rows to export/);
  } finally {
    await conn.end();
  }
});

test('a syntax error carries the server code and text, and the connection stays usable', async () => {
  const conn = await connect();
  try {
    const got = collect();
    const err = await runStatement(conn, 'SELEC 1', got.sink, { kill }).then(
      () => assert.fail('no error'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof StatementError);
    assert.equal(err.errno, 1064);
    assert.equal(err.code, 'ER_PARSE_ERROR');
    assert.equal(err.fatal, false);
    assert.match(err.message, /SQL syntax/);
    const again = await runStatement(conn, 'SELECT 1', got.sink, { kill });
    assert.equal(again.rowCount, 1);
  } finally {
    await conn.end();
  }
});

test(
  'Cancel midway stops a 1,000,000,000-row result with KILL QUERY (without it the run would not end); the rows before stay and the connection is usable',
  { timeout: 60_000 },
  async () => {
    const conn = await connect();
    try {
      const ac = new AbortController();
      let seen = 0;
      const outcome = await runStatement(
        conn,
        'SELECT seq, REPEAT("x", 40) FROM seq_1_to_1000000000',
        {
          columns: () => undefined,
          rows: (b) => {
            seen += b.length;
            if (seen >= 5000) ac.abort();
            // A slow receiver: the runner must pause the socket, then resume it for the KILL to land.
            return new Promise((r) => setTimeout(r, 5));
          },
        },
        { kill, signal: ac.signal, batchRows: 1000 },
      );
      assert.equal(outcome.stopped, 'cancelled');
      assert.ok(outcome.rowCount >= 5000 && outcome.rowCount < 1_000_000_000, `stopped after ${outcome.rowCount} rows`);
      const after = await runStatement(conn, 'SELECT 42', collect().sink, { kill });
      assert.equal(after.rowCount, 1);
    } finally {
      await conn.end();
    }
  },
);

test("the server's error text quoting a password is masked before anyone sees it (issue 62)", async () => {
  const conn = await connect();
  try {
    // A typo right at the password: the server quotes the statement from there on, password first.
    const secret = 'Pw-Sentinel-62x';
    const err = await runStatement(conn, `CREATE USER 'typo'@'%' IDENTIFIED BY ${secret} WITH x`, collect().sink, {
      kill,
    }).then(
      () => assert.fail('no error'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof StatementError);
    assert.equal(err.errno, 1064);
    assert.match(err.message, /near '\*\*\* WITH x'/);
    assert.ok(!err.message.includes(secret), err.message);
  } finally {
    await conn.end();
  }
});

test('a statement past the time limit is stopped and says so', async () => {
  const conn = await connect();
  try {
    const started = Date.now();
    const outcome = await runStatement(conn, 'SELECT SLEEP(30)', collect().sink, { kill, timeoutMs: 300 });
    assert.equal(outcome.stopped, 'timeout');
    assert.ok(Date.now() - started < 10_000);
    assert.equal((await runStatement(conn, 'SELECT 1', collect().sink, { kill })).rowCount, 1);
  } finally {
    await conn.end();
  }
});

test('the server dropping the connection mid-result is a fatal StatementError with the rows counted so far', async () => {
  const conn = await connect();
  let killed = false;
  const err = await runStatement(
    conn,
    'SELECT seq FROM seq_1_to_5000000',
    {
      columns: () => undefined,
      rows: () => {
        if (!killed) {
          killed = true;
          return connect().then(async (k) => {
            await k.query(`KILL CONNECTION ${conn.threadId}`);
            await k.end();
          });
        }
      },
    },
    { kill, batchRows: 500 },
  ).then(
    () => assert.fail('no error'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof StatementError);
  assert.equal(err.fatal, true, `code ${err.code}`);
  assert.ok(err.rowCount > 0);
  conn.destroy();
});

test('export streams CSV (RFC 4180) and JSON to a file; a failed export leaves the old file alone', async () => {
  const conn = await connect();
  try {
    const csv = join(dir, 'out.csv');
    const outcome = await exportStatement(conn, 'SELECT id, name, note, b FROM t ORDER BY id', 'csv', csv, { kill });
    assert.equal(outcome.rowCount, 2);
    assert.equal(readFileSync(csv, 'utf8'), 'id,name,note,b\r\n1,"a,b","say ""hi""",0x00ff\r\n2,,"line\nbreak",\r\n');
    const json = join(dir, 'out.json');
    await exportStatement(conn, 'SELECT id, name FROM t ORDER BY id', 'json', json, { kill });
    assert.deepEqual(JSON.parse(readFileSync(json, 'utf8')), [
      { id: 1, name: 'a,b' },
      { id: 2, name: null },
    ]);
    const empty = join(dir, 'empty.json');
    await exportStatement(conn, 'SELECT id FROM t WHERE id < 0', 'json', empty, { kill });
    assert.deepEqual(JSON.parse(readFileSync(empty, 'utf8')), []);
    writeFileSync(csv, 'old');
    await assert.rejects(exportStatement(conn, 'SELECT nope FROM t', 'csv', csv, { kill }), StatementError);
    assert.equal(readFileSync(csv, 'utf8'), 'old');
    assert.ok(!existsSync(`${csv}.partial`));
  } finally {
    await conn.end();
  }
});

// Issue 63 (database, rough edges): TSV and a Markdown table too, and the file with the user's
// usual mode (it was 0600, unreadable to the group an editor's Save As would have let read it).
test("export as TSV and as a Markdown table, each with the user's usual file mode", async () => {
  const conn = await connect();
  try {
    const tsv = join(dir, 'out.tsv');
    await exportStatement(conn, 'SELECT id, name, note, b FROM t ORDER BY id', 'tsv', tsv, { kill });
    assert.equal(readFileSync(tsv, 'utf8'), 'id\tname\tnote\tb\n1\ta,b\tsay "hi"\t0x00ff\n2\t\tline\\nbreak\t\n');
    const md = join(dir, 'out.md');
    await exportStatement(conn, "SELECT id, name, note, CONCAT('<b>', '|x|') AS html FROM t ORDER BY id", 'md', md, {
      kill,
    });
    assert.equal(
      readFileSync(md, 'utf8'),
      [
        '| id | name | note | html |',
        '| ---: | --- | --- | --- |',
        '| 1 | a,b | say "hi" | &lt;b&gt;\\|x\\| |',
        '| 2 | *NULL* | line<br>break | &lt;b&gt;\\|x\\| |',
        '',
      ].join('\n'),
    );
    const umask = process.umask();
    for (const file of [tsv, md]) assert.equal(statSync(file).mode & 0o777, 0o666 & ~umask, file);
  } finally {
    await conn.end();
  }
});

test('export as SQL INSERT statements: the source table and its column names, literals by type, and the file runs back into an empty copy', async () => {
  const conn = await connect();
  try {
    const file = join(dir, 'out.sql');
    await exportStatement(conn, 'SELECT id, name AS who, note, b, d, n FROM t ORDER BY id', 'sql', file, { kill });
    const text = readFileSync(file, 'utf8');
    assert.equal(
      text,
      DUMP_HEAD +
        'INSERT INTO `console_test`.`t` (`id`, `name`, `note`, `b`, `d`, `n`) VALUES\n' +
        "  (1, 'a,b', 'say \"hi\"', 0x00ff, '2026-01-02 03:04:05', 12.50),\n" +
        "  (2, NULL, 'line\nbreak', NULL, NULL, -1.00);\n" +
        DUMP_TAIL,
    );
    // Loaded back into an empty copy of the table, the rows are the same.
    await conn.query('CREATE TABLE console_test.t_copy LIKE console_test.t');
    await conn.query(
      text.slice(DUMP_HEAD.length, -DUMP_TAIL.length).replace('`console_test`.`t`', '`console_test`.`t_copy`'),
    );
    const [a] = await conn.query('SELECT * FROM t ORDER BY id');
    const [b] = await conn.query('SELECT * FROM t_copy ORDER BY id');
    assert.deepEqual(b, a);
    // Computed columns: the rows go to `result`, and the file says so.
    const mixed = join(dir, 'mixed.sql');
    await exportStatement(conn, 'SELECT id, id * 2 AS twice FROM t ORDER BY id', 'sql', mixed, { kill });
    const body = readFileSync(mixed, 'utf8');
    assert.ok(body.startsWith(DUMP_HEAD) && body.endsWith(DUMP_TAIL));
    assert.match(
      body.slice(DUMP_HEAD.length, -DUMP_TAIL.length),
      /^-- The result reads several tables or computes columns[^\n]*\nINSERT INTO `result` \(`id`, `twice`\) VALUES\n {2}\(1, 2\),\n {2}\(2, 4\);\n$/,
    );
  } finally {
    await conn.end();
  }
});

test('an SQL export of hostile values, replayed by the mariadb client under each sql_mode, gives the same rows; its SET lines put the session back', async () => {
  const conn = await connect();
  try {
    await conn.query(
      'CREATE TABLE console_test.hostile (id INT PRIMARY KEY, `va"l` TEXT, `b``in` VARBINARY(64), n DECIMAL(10,2), j JSON)',
    );
    // The server's default mode here: the driver's own escaping is right for it.
    for (const [id, v] of HOSTILE_VALUES.entries())
      await conn.query('INSERT INTO console_test.hostile VALUES (?, ?, ?, ?, ?)', [
        id,
        v,
        Buffer.from(v),
        `-${id}.5`,
        JSON.stringify({ v }),
      ]);
    await conn.query('INSERT INTO console_test.hostile VALUES (99, NULL, NULL, NULL, NULL)');
    const file = join(dir, 'hostile.sql');
    // Exported in a session that has the modes itself: the text does not depend on them.
    await conn.query("SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES,ANSI_QUOTES')");
    await exportStatement(conn, 'SELECT * FROM hostile ORDER BY id', 'sql', file, { kill });
    const text = readFileSync(file, 'utf8');
    assert.ok(text.startsWith(DUMP_HEAD) && text.endsWith(DUMP_TAIL));
    assert.ok(!/\\/.test(text.slice(DUMP_HEAD.length, -DUMP_TAIL.length)), 'no backslash outside hex');
    const rowsOf = async (table: string) =>
      (await conn.query<any[]>({ sql: `SELECT * FROM console_test.${table} ORDER BY id`, rowsAsArray: true }))[0];
    const original = await rowsOf('hostile');
    assert.equal(original.length, HOSTILE_VALUES.length + 1);
    for (const [i, mode] of SQL_MODES.entries()) {
      const whole = `whole_${i}`;
      const bare = `bare_${i}`;
      await conn.query(`CREATE TABLE console_test.${whole} LIKE console_test.hostile`);
      await conn.query(`CREATE TABLE console_test.${bare} LIKE console_test.hostile`);
      const into = (table: string, sql: string) =>
        sql.replaceAll('`console_test`.`hostile`', `\`console_test\`.\`${table}\``);
      // The file as written, run as a person replays a dump; then what the session has.
      const after = await db.sql(
        `SET SESSION sql_mode = CONCAT(@@sql_mode, ',${mode}'); SET SESSION FOREIGN_KEY_CHECKS = 1;\n` +
          `${into(whole, text)}\nSELECT CONCAT(@@SESSION.sql_mode, ' ', @@FOREIGN_KEY_CHECKS, ' ', @@UNIQUE_CHECKS, ' ', @@character_set_client);\n`,
      );
      for (const m of mode.split(',')) assert.match(after, new RegExp(m), `${mode}: the session's mode put back`);
      // The checks and the client's own character set (utf8mb3 in the mariadb client) put back.
      assert.match(after, / ON ON utf8mb3\n$/, 'the checks and the character set put back');
      assert.deepEqual(await rowsOf(whole), original, `${mode}: the whole file`);
      // Its INSERTs alone, without the SET lines that choose a mode: the literals mean the same.
      await db.sql(
        `SET NAMES utf8mb4; SET SESSION sql_mode = CONCAT(@@sql_mode, ',${mode}');\n` +
          `${into(bare, text.slice(DUMP_HEAD.length, -DUMP_TAIL.length))}\n`,
      );
      assert.deepEqual(await rowsOf(bare), original, `${mode}: the INSERTs alone`);
    }
  } finally {
    await conn.end();
  }
});

test('CSV: a cell a spreadsheet would run as a formula starts with a quote unless kept; numbers and binary cells as they are', async () => {
  const cases: [Cell, string][] = [
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\r=x', `"'\r=x"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['-', "'-"],
    ['-1.5', '-1.5'],
    ['+3', '+3'],
    ['-2e-3', '-2e-3'],
    [-7, '-7'],
    ['a=b', 'a=b'],
    [' =x', ' =x'],
    ['0x00ff', '0x00ff'],
    ['', ''],
    [null, ''],
  ];
  for (const [v, want] of cases) assert.equal(csvField(v), want, JSON.stringify(v));
  assert.equal(csvField('=1+1', 'keep'), '=1+1');
  assert.equal(csvField('-2+3', 'keep'), '-2+3');
  const conn = await connect();
  try {
    await conn.query('CREATE TABLE console_test.formulas (id INT PRIMARY KEY, f VARCHAR(40), b VARBINARY(4))');
    await conn.query(
      "INSERT INTO console_test.formulas VALUES (1, '=cmd|'' /C calc''!A0', 0x00ff), (2, '-1.50', ''), (3, '@x', NULL)",
    );
    const file = join(dir, 'formulas.csv');
    const sql = 'SELECT id, f, b, f AS `=x` FROM formulas ORDER BY id';
    await exportStatement(conn, sql, 'csv', file, { kill });
    // Binary cells are 0x hex, as the grid shows them (an empty value too); the header is escaped like any cell.
    assert.equal(
      readFileSync(file, 'utf8'),
      "id,f,b,'=x\r\n1,'=cmd|' /C calc'!A0,0x00ff,'=cmd|' /C calc'!A0\r\n2,-1.50,0x,-1.50\r\n3,'@x,,'@x\r\n",
    );
    await exportStatement(conn, sql, 'csv', file, { kill, formulas: 'keep' });
    assert.equal(
      readFileSync(file, 'utf8'),
      "id,f,b,=x\r\n1,=cmd|' /C calc'!A0,0x00ff,=cmd|' /C calc'!A0\r\n2,-1.50,0x,-1.50\r\n3,@x,,@x\r\n",
    );
  } finally {
    await conn.end();
  }
});

test("MariaDB's RETURNING: DELETE, INSERT and REPLACE ... RETURNING show their rows (the rows changed); a sequence's values are a row too", async () => {
  const conn = await connect();
  try {
    await conn.query('CREATE TABLE ret (id INT PRIMARY KEY, n INT)');
    await conn.query('CREATE SEQUENCE ret_seq START WITH 10');
    const run = async (sql: string) => {
      const got = collect();
      const outcome = await runStatement(conn, sql, got.sink, { kill });
      return { outcome, names: got.columns.map((c) => c.name), rows: got.batches.flat() };
    };
    const inserted = await run('INSERT INTO ret VALUES (1, 10), (2, 20), (3, 30) RETURNING id, n * 2 AS twice');
    assert.equal(inserted.outcome.kind, 'rows');
    assert.deepEqual(inserted.names, ['id', 'twice']);
    assert.deepEqual(inserted.rows, [
      [1, '20'],
      [2, '40'],
      [3, '60'],
    ]);
    const replaced = await run('REPLACE INTO ret VALUES (2, 21) RETURNING *');
    assert.deepEqual(replaced.rows, [[2, 21]]);
    const deleted = await run('DELETE FROM ret WHERE id >= 2 RETURNING id, n');
    assert.equal(deleted.outcome.kind, 'rows');
    assert.equal(deleted.outcome.rowCount, 2);
    assert.deepEqual(deleted.rows, [
      [2, 21],
      [3, 30],
    ]);
    // Without RETURNING the same change is an OK with its count, as before.
    const plain = await run('DELETE FROM ret');
    assert.equal(plain.outcome.kind, 'ok');
    assert.equal(plain.outcome.affectedRows, 1);
    const seq = await run('SELECT NEXTVAL(ret_seq) AS a, NEXT VALUE FOR ret_seq AS b, LASTVAL(ret_seq) AS c');
    assert.deepEqual(seq.rows, [['10', '11', '11']]);
  } finally {
    await conn.query('DROP TABLE IF EXISTS ret').catch(() => undefined);
    await conn.query('DROP SEQUENCE IF EXISTS ret_seq').catch(() => undefined);
    await conn.end();
  }
});
