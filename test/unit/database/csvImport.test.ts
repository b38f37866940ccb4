// Import CSV (issue 29, item 4) against a real MariaDB: awkward files (quotes, line breaks and
// delimiters inside fields, a BOM, CRLF, semicolons, EUC-KR, NULL apart from ""), guessed
// encoding, delimiter and header; rows sent in batches, by LOAD DATA LOCAL and by INSERTs under
// max_allowed_packet (each test runs both ways); a failing row in the middle named by its line,
// in one transaction (nothing kept) and per batch (the batches before it kept); Cancel midway.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../../support/mariadb.mjs';
import { readCsv, guessCsv, quotedFields, type CsvOptions } from '../../../src/database/csvImport/csvReader';
import { importCsv, type ImportMethod, type ImportPlan } from '../../../src/database/csvImport/importer';
import { tableInfo } from '../../../src/database/tableData/tableData';
import { quoteIdent } from '../../../src/database/sqlText';
import { HOSTILE_VALUES, SQL_MODES } from '../../support/hostileSql';

let db: MariaDb;
let conn: Connection;
const dir = mkdtempSync(join(tmpdir(), 'nhncloud-csv-'));

before(async () => {
  const missing = mariaDbMissing();
  if (missing) throw new Error(missing);
  db = await startMariaDb();
  await db.sql(`
    CREATE DATABASE shop;
    CREATE TABLE shop.people (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, note TEXT NULL, born DATE NULL, score DECIMAL(5,1) NULL);
    SET GLOBAL local_infile = 1;
  `);
  conn = await createConnection({
    host: db.host,
    port: db.port,
    user: db.rootUser,
    password: db.rootPassword,
    dateStrings: true,
  });
});

after(async () => {
  await conn?.end();
  await db?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, content: string | Buffer): string {
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
}

async function records(f: string, o: CsvOptions) {
  const out = [];
  for await (const chunk of readCsv(f, o)) out.push(...chunk);
  return out;
}

const METHODS = ['load', 'insert'] as const;

async function planFor(names: string[], mode: ImportPlan['mode'], method: ImportMethod): Promise<ImportPlan> {
  const info = await tableInfo(conn, 'shop', 'people');
  return {
    schema: 'shop',
    table: 'people',
    mode,
    method,
    columns: names.map((n) => info.columns.find((c) => c.name === n)!),
    fields: names.map((_, i) => i),
  };
}

const rows = async () => (await conn.query<any[]>('SELECT * FROM shop.people ORDER BY id'))[0];

/** How many LOAD DATA statements this connection has run (the server's own count). */
const loads = async () => Number((await conn.query<any[]>("SHOW SESSION STATUS LIKE 'Com_load'"))[0][0].Value);

test('which fields were quoted, read from the record as written (an unquoted empty field is NULL, "" is empty)', () => {
  assert.deepEqual(quotedFields('1,"a,""b""",,""\r\n', ','), [false, true, false, true]);
  assert.deepEqual(quotedFields('"x\ny";;""', ';'), [true, false, true]);
  assert.deepEqual(quotedFields('', ','), [false]);
});

for (const method of METHODS) {
  test(`awkward files: quotes, line breaks and delimiters in fields, BOM, CRLF, semicolons, EUC-KR; NULL apart from "" (${method})`, async () => {
    const utf8 = file(
      'awkward.csv',
      '\uFEFFid,name,note\r\n1,"Kim, Minsu","says ""hi""\r\nand leaves"\r\n2,Lee,\r\n3,Park,""\r\n4,Choi,\\N\r\n6,Jung,"tab\there, C:\\tmp\\N, \\N"\r\n',
    );
    const g = await guessCsv(utf8, 'euc-kr');
    assert.deepEqual(g, { encoding: 'utf-8', delimiter: ',', header: true, names: ['id', 'name', 'note'] });
    const r = await records(utf8, { delimiter: ',', encoding: 'utf-8', header: true });
    assert.deepEqual(
      r.map((x) => [x.line, x.fields]),
      [
        [2, ['1', 'Kim, Minsu', 'says "hi"\r\nand leaves']],
        [4, ['2', 'Lee', null]],
        [5, ['3', 'Park', '']],
        [6, ['4', 'Choi', null]],
        [7, ['6', 'Jung', 'tab\there, C:\\tmp\\N, \\N']],
      ],
    );
    // EUC-KR with semicolons, written by a Korean Excel: 이름 = C0CC B8A7.
    const euc = file(
      'euckr.csv',
      Buffer.concat([
        Buffer.from('id;name;note\n5;'),
        Buffer.from([0xb1, 0xe8, 0xc3, 0xb6, 0xbc, 0xf6]), // 김철수
        Buffer.from(';'),
        Buffer.from([0xc7, 0xd1, 0xb1, 0xdb]), // 한글
        Buffer.from('\n'),
      ]),
    );
    const ge = await guessCsv(euc, 'euc-kr');
    assert.equal(ge.encoding, 'euc-kr');
    assert.equal(ge.delimiter, ';');
    const re = await records(euc, { delimiter: ';', encoding: 'euc-kr', header: true });
    assert.deepEqual(re[0].fields, ['5', '김철수', '한글']);
    // Both into the table, in one import each.
    const plan = await planFor(['id', 'name', 'note'], 'all', method);
    const loadsBefore = await loads();
    const a = await importCsv(conn, plan, readCsv(utf8, { delimiter: ',', encoding: 'utf-8', header: true }));
    assert.equal(a.imported, 5);
    assert.equal(a.failure, undefined);
    assert.equal(a.method, method);
    const b = await importCsv(conn, plan, readCsv(euc, { delimiter: ';', encoding: 'euc-kr', header: true }));
    assert.equal(b.imported, 1);
    // The server's own count of LOAD DATA statements: the rows really went that way (or not).
    assert.equal((await loads()) - loadsBefore, method === 'load' ? 2 : 0);
    assert.deepEqual(
      (await rows()).map((x) => [x.id, x.name, x.note]),
      [
        [1, 'Kim, Minsu', 'says "hi"\r\nand leaves'],
        [2, 'Lee', null],
        [3, 'Park', ''],
        [4, 'Choi', null],
        [5, '김철수', '한글'],
        [6, 'Jung', 'tab\there, C:\\tmp\\N, \\N'],
      ],
    );
    await conn.query('DELETE FROM shop.people');
  });

  test(`no header: guessed from a first line of numbers; a tab-separated file (${method})`, async () => {
    const f = file('plain.tsv', '10\tAnn\t2000-01-31\n11\tBo\t1999-12-01\n');
    const g = await guessCsv(f, 'euc-kr');
    assert.equal(g.header, false);
    assert.equal(g.delimiter, '\t');
    assert.deepEqual(g.names, ['column1', 'column2', 'column3']);
    const plan = await planFor(['id', 'name', 'born'], 'all', method);
    const r = await importCsv(conn, plan, readCsv(f, { delimiter: '\t', encoding: 'utf-8', header: false }));
    assert.equal(r.imported, 2);
    assert.deepEqual(
      (await rows()).map((x) => x.born),
      ['2000-01-31', '1999-12-01'],
    );
    await conn.query('DELETE FROM shop.people');
  });

  /** 12,000 rows whose row `bad` (1-based) breaks: a duplicate key the server refuses. */
  function bigFile(name: string, bad: number): string {
    const lines = ['id,name,score'];
    for (let i = 1; i <= 12_000; i++) lines.push(`${i === bad ? 7 : i},person ${i},${(i % 1000) / 10}`);
    return file(name, `${lines.join('\n')}\n`);
  }

  test(`a row the server refuses in the middle: named by its line; all or nothing keeps nothing, per batch keeps the batches before (${method})`, async () => {
    const f = bigFile('dup.csv', 9_001);
    const all = await importCsv(
      conn,
      await planFor(['id', 'name', 'score'], 'all', method),
      readCsv(f, { delimiter: ',', encoding: 'utf-8', header: true }),
    );
    assert.equal(all.imported, 0);
    assert.equal(all.failure?.line, 9_002, 'row 9,001 is on line 9,002 (after the header)');
    assert.equal(all.failure?.byServer, true);
    assert.match(all.failure?.message ?? '', /Duplicate entry '7' for key 'PRIMARY' \(1062\)/);
    assert.equal((await rows()).length, 0, 'nothing kept');
    const batch = await importCsv(
      conn,
      await planFor(['id', 'name', 'score'], 'batch', method),
      readCsv(f, { delimiter: ',', encoding: 'utf-8', header: true }),
    );
    assert.equal(batch.failure?.line, 9_002);
    // Batches of 5,000 rows: the first is committed, the second (rows 5,001 to 10,000) refused whole.
    assert.equal(batch.imported, 5_000);
    assert.equal((await rows()).length, 5_000);
    await conn.query('DELETE FROM shop.people');
  });

  test(`a row that clashes with an earlier row of its own batch is the one named (${method})`, async () => {
    const f = file('clash.csv', 'id,name\n1,a\n2,b\n3,c\n2,again\n4,d\n');
    const r = await importCsv(
      conn,
      await planFor(['id', 'name'], 'all', method),
      readCsv(f, { delimiter: ',', encoding: 'utf-8', header: true }),
    );
    assert.equal(r.failure?.line, 5);
    assert.match(r.failure?.message ?? '', /Duplicate entry '2'/);
    assert.equal((await rows()).length, 0);
  });

  test(`a value that does not fit its column is caught before sending, naming its line (${method})`, async () => {
    const f = file('bad.csv', 'id,name,score\n1,a,1.5\n2,b,12345.6\n3,c,2\n');
    const r = await importCsv(
      conn,
      await planFor(['id', 'name', 'score'], 'batch', method),
      readCsv(f, { delimiter: ',', encoding: 'utf-8', header: true }),
    );
    assert.deepEqual(r.failure, {
      line: 3,
      message: 'score takes at most 4 digits before the point and 1 after it.',
      byServer: false,
    });
    assert.equal(r.imported, 1, 'per batch: the row before it is kept');
    await conn.query('DELETE FROM shop.people');
  });

  test(`Cancel midway: all or nothing keeps nothing; per batch keeps what was committed (${method})`, async () => {
    const f = bigFile('cancel.csv', -1);
    for (const mode of ['all', 'batch'] as const) {
      const ac = new AbortController();
      const r = await importCsv(
        conn,
        await planFor(['id', 'name', 'score'], mode, method),
        readCsv(f, { delimiter: ',', encoding: 'utf-8', header: true }, { signal: ac.signal }),
        {
          signal: ac.signal,
          onProgress: (n) => {
            if (n >= 5_000) ac.abort();
          },
        },
      );
      assert.equal(r.cancelled, true, mode);
      const kept = (await rows()).length;
      assert.equal(kept, mode === 'all' ? 0 : 5_000, mode);
      assert.equal(r.imported, kept);
      await conn.query('DELETE FROM shop.people');
    }
  });
}

test('the way rows go follows the server: LOAD DATA LOCAL when @@local_infile allows it, else INSERTs (never an error)', async () => {
  const f = file('way.csv', 'id,name\n1,a\n2,b\n');
  const plan = { ...(await planFor(['id', 'name'], 'all', 'load')), method: undefined };
  try {
    for (const allowed of [0, 1]) {
      await conn.query(`SET GLOBAL local_infile = ${allowed}`);
      const r = await importCsv(conn, plan, readCsv(f, { delimiter: ',', encoding: 'utf-8', header: true }));
      assert.equal(r.method, allowed ? 'load' : 'insert');
      assert.equal(r.imported, 2);
      await conn.query('DELETE FROM shop.people');
    }
    // Asked for LOAD DATA where the server refuses it: the batch goes again as INSERTs, and the rest too.
    await conn.query('SET GLOBAL local_infile = 0');
    const refused = await importCsv(
      conn,
      { ...plan, method: 'load' },
      readCsv(f, { delimiter: ',', encoding: 'utf-8', header: true }),
    );
    assert.deepEqual([refused.method, refused.imported, refused.failure], ['insert', 2, undefined]);
    assert.equal((await rows()).length, 2);
  } finally {
    await conn.query('SET GLOBAL local_infile = 1');
    await conn.query('DELETE FROM shop.people');
  }
});

/** How many statements of a kind a connection has run (the server's own count). */
const statusOf = async (c: Connection, name: string) =>
  Number((await c.query<any[]>(`SHOW SESSION STATUS LIKE '${name}'`))[0][0].Value);

for (const method of METHODS)
  SQL_MODES.forEach((mode, i) =>
    test(`under ${mode}: hostile values land as they are in the file, each row the way asked (${method})`, async () => {
      const table = `h"o\`stile ${method} ${i}`;
      await conn.query(
        `CREATE TABLE shop.${quoteIdent(table)} (id INT PRIMARY KEY, \`no"te\` TEXT NULL, \`k\`\`ey\` VARCHAR(200) NULL)`,
      );
      // Every field quoted (RFC 4180): the values themselves, NUL, CR and all.
      const csvText = (v: string) => `"${v.replace(/"/g, '""')}"`;
      const f = file(
        `hostile-${method}-${i}.csv`,
        `id,note,key\r\n${HOSTILE_VALUES.map((v, n) => `${n},${csvText(v)},${csvText(`${v}|${n}`)}`).join('\r\n')}\r\n`,
      );
      const m = await createConnection({
        host: db.host,
        port: db.port,
        user: db.rootUser,
        password: db.rootPassword,
        charset: 'UTF8MB4_UNICODE_CI',
      });
      try {
        await m.query(`SET SESSION sql_mode = CONCAT(@@sql_mode, ',${mode}')`);
        const info = await tableInfo(m, 'shop', table);
        const [loadsBefore, insertsBefore] = [await statusOf(m, 'Com_load'), await statusOf(m, 'Com_insert')];
        const r = await importCsv(
          m,
          { schema: 'shop', table, mode: 'all', method, columns: info.columns, fields: [0, 1, 2] },
          readCsv(f, { delimiter: ',', encoding: 'utf-8', header: true }),
        );
        assert.deepEqual([r.imported, r.failure, r.method], [HOSTILE_VALUES.length, undefined, method]);
        // Every row went the way asked: LOAD DATA was not refused and sent again as INSERTs.
        assert.deepEqual(
          [(await statusOf(m, 'Com_load')) - loadsBefore, (await statusOf(m, 'Com_insert')) - insertsBefore],
          method === 'load' ? [1, 0] : [0, 1],
        );
        const [back] = await conn.query<any[]>({
          sql: `SELECT id, \`no"te\`, \`k\`\`ey\` FROM shop.${quoteIdent(table)} ORDER BY id`,
          rowsAsArray: true,
        });
        assert.deepEqual(
          back,
          HOSTILE_VALUES.map((v, n) => [n, v, `${v}|${n}`]),
        );
      } finally {
        await m.end();
      }
    }),
  );
