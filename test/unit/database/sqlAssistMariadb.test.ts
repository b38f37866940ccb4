// Completion's metadata read from a real MariaDB (the sandbox's server, issue 28 item 2): tables,
// views, columns, indexes and routines in a few queries; items and hovers from them; the cache
// loads once for concurrent callers and reads the schema again after it was forgotten (what a
// DDL run and Refresh Completion do).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createConnection, type Connection } from 'mysql2/promise';
import { completionItems, hoverText, type AssistEnv } from '../../../src/database/sqlAssist/assist';
import { functionsOf, MARIADB_FUNCTIONS, serverFlavor } from '../../../src/database/sqlAssist/builtins';
import {
  changesSchema,
  createStatement,
  loadSchemaMetadata,
  MetadataCache,
  type SchemaMetadata,
} from '../../../src/database/sqlAssist/metadata';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../../support/mariadb.mjs';

describe('completion metadata from MariaDB', () => {
  let db: MariaDb;
  let conn: Connection;
  before(async () => {
    const missing = mariaDbMissing({ tls: false });
    assert.equal(missing, undefined, missing);
    db = await startMariaDb({ tls: false });
    conn = await createConnection({
      host: db.host,
      port: db.port,
      user: db.rootUser,
      password: db.rootPassword,
      multipleStatements: true,
    });
    await conn.query(`
      CREATE DATABASE shop;
      USE shop;
      CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL COMMENT 'Full name', email VARCHAR(128) NULL UNIQUE) COMMENT 'People who buy';
      CREATE TABLE orders (id INT AUTO_INCREMENT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2) NOT NULL DEFAULT 0,
        KEY idx_customer_total (customer_id, total));
      CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100;
      CREATE FUNCTION net(amount DECIMAL(10,2), rate INT) RETURNS DECIMAL(10,2) DETERMINISTIC RETURN amount * (100 - rate) / 100;
      CREATE PROCEDURE refill(IN n INT, OUT made INT) SET made = n;
    `);
  });
  after(async () => {
    await conn?.end();
    await db?.stop();
  });

  let meta: SchemaMetadata;
  const env = (): AssistEnv => ({
    schema: 'shop',
    metadata: (s) => (s === 'shop' ? meta : undefined),
    schemas: ['shop'],
    functions: functionsOf(serverFlavor(meta.serverVersion)),
  });

  test('tables, views, columns with type, nullability, key, default and comment; indexes; routines', async () => {
    meta = await loadSchemaMetadata(conn, 'shop');
    assert.match(meta.serverVersion, /MariaDB/);
    assert.deepEqual([...meta.tables.keys()].sort(), ['big_orders', 'customers', 'orders']);
    const customers = meta.tables.get('customers')!;
    assert.equal(customers.comment, 'People who buy');
    assert.equal(customers.engine, 'InnoDB');
    assert.deepEqual(
      customers.columns.map((c) => [c.name, c.type, c.nullable, c.key, c.comment]),
      [
        ['id', 'int(11)', false, 'PRI', ''],
        ['name', 'varchar(64)', false, '', 'Full name'],
        ['email', 'varchar(128)', true, 'UNI', ''],
      ],
    );
    assert.deepEqual(meta.tables.get('orders')!.indexes, [
      { name: 'PRIMARY', unique: true, columns: ['id'] },
      { name: 'idx_customer_total', unique: false, columns: ['customer_id', 'total'] },
    ]);
    assert.equal(meta.tables.get('orders')!.columns.find((c) => c.name === 'total')!.default, '0.00');
    assert.equal(meta.tables.get('big_orders')!.view, true);
    assert.deepEqual(meta.routines.map((r) => [r.name, r.kind, r.params, r.returns]).sort(), [
      ['net', 'FUNCTION', '(amount decimal(10,2), rate int(11))', 'decimal(10,2)'],
      ['refill', 'PROCEDURE', '(IN n int(11), OUT made int(11))', null],
    ]);
  });

  test('items and hovers from the real metadata', () => {
    const sql = 'SELECT o. FROM orders o JOIN customers c ON c.id = o.customer_id';
    assert.deepEqual(
      completionItems(sql, 'SELECT o.'.length, env()).map((i) => `${i.label} ${i.detail}`),
      ['id int(11) · NOT NULL · PRI', 'customer_id int(11) · NOT NULL · MUL', 'total decimal(10,2) · NOT NULL'],
    );
    const after = completionItems('SELECT * FROM ', 14, env()).map((i) => `${i.label}:${i.kind}`);
    assert.deepEqual(after, ['big_orders:view', 'customers:table', 'orders:table']);
    // The schema's own functions beside the built-in ones, with their signatures.
    const routines = completionItems('SELECT  FROM orders', 7, env()).filter((i) => i.kind === 'routine');
    assert.deepEqual(
      routines.map((r) => r.detail),
      ['net(amount decimal(10,2), rate int(11)) → decimal(10,2)'],
    );
    assert.equal(
      hoverText('SELECT name FROM customers', 8, env()),
      '**customers\\.name** · `varchar(64)` · NOT NULL\n\nFull name',
    );
  });

  test("Go to Definition's document: the server's CREATE TABLE or CREATE VIEW", async () => {
    assert.match(
      await createStatement(conn, 'shop', 'orders', false),
      /^CREATE TABLE `orders` \([\s\S]*KEY `idx_customer_total`[\s\S]*;\n$/,
    );
    assert.match(await createStatement(conn, 'shop', 'big_orders', true), /^CREATE .*VIEW `big_orders` AS select/);
  });

  test('the cache loads once for concurrent callers, and again after DDL made it forget', async () => {
    const owner = {};
    let loads = 0;
    const cache = new MetadataCache<object>(async (_o, schema) => {
      loads++;
      return loadSchemaMetadata(conn, schema);
    });
    const [a, b] = await Promise.all([cache.get(owner, 'shop'), cache.get(owner, 'SHOP')]);
    assert.equal(a, b);
    assert.equal(loads, 1);
    const ddl = 'ALTER TABLE customers ADD COLUMN phone VARCHAR(32)';
    await conn.query(ddl);
    assert.equal(changesSchema(ddl), true);
    assert.equal(changesSchema('SELECT 1'), false);
    // Still the old columns until forgotten: the cache does not poll.
    assert.ok(!(await cache.get(owner, 'shop')).tables.get('customers')!.columns.some((c) => c.name === 'phone'));
    cache.forget(owner);
    const fresh = await cache.get(owner, 'shop');
    assert.equal(loads, 2);
    assert.ok(fresh.tables.get('customers')!.columns.some((c) => c.name === 'phone'));
  });

  test('a failed load is tried again only after the pause; the names known before stay offered meanwhile', async () => {
    let now = 0;
    let fail = false;
    let calls = 0;
    const cache = new MetadataCache<object>(
      async (_o, schema) => {
        calls++;
        if (fail) throw new Error('connection lost');
        return loadSchemaMetadata(conn, schema);
      },
      30_000,
      () => now,
    );
    const owner = {};
    const first = await cache.get(owner, 'shop');
    // DDL made it forget; the server is gone now: the reload fails, the old names stay.
    cache.forget(owner);
    fail = true;
    await assert.rejects(cache.get(owner, 'shop'), /connection lost/);
    assert.equal(cache.peek(owner, 'shop'), first);
    // Within the pause: the failure again, without asking the server.
    now = 29_999;
    await assert.rejects(cache.get(owner, 'shop'), /connection lost/);
    assert.equal(calls, 2);
    // After it: asked again, and read.
    now = 30_000;
    fail = false;
    assert.ok((await cache.get(owner, 'shop')).tables.size >= 3);
    assert.equal(calls, 3);
  });

  /** A call of each of MariaDB's own functions (schema shop, sequence s, table orders). */
  const CALLS: Record<string, string> = {
    NEXTVAL: 'SELECT NEXTVAL(s)',
    LASTVAL: 'SELECT LASTVAL(s)',
    SETVAL: 'SELECT SETVAL(s, 100)',
    MEDIAN: 'SELECT MEDIAN(total) OVER () FROM orders',
    PERCENTILE_CONT: 'SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY total) OVER () FROM orders',
    PERCENTILE_DISC: 'SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY total) OVER () FROM orders',
    CHR: 'SELECT CHR(65)',
    LENGTHB: "SELECT LENGTHB('한')",
    SFORMAT: "SELECT SFORMAT('{} + {}', 1, 2)",
    NATURAL_SORT_KEY: "SELECT NATURAL_SORT_KEY('a10')",
    TO_CHAR: "SELECT TO_CHAR(NOW(), 'YYYY-MM-DD')",
    ADD_MONTHS: "SELECT ADD_MONTHS('2026-01-31', 1)",
    SYS_GUID: 'SELECT SYS_GUID()',
    ROWNUM: 'SELECT ROWNUM() FROM orders',
    JSON_DETAILED: 'SELECT JSON_DETAILED(\'{"a":1}\')',
    JSON_COMPACT: 'SELECT JSON_COMPACT(\'{ "a": 1 }\')',
    JSON_LOOSE: 'SELECT JSON_LOOSE(\'{"a":1}\')',
    JSON_EXISTS: "SELECT JSON_EXISTS('{\"a\":1}', '$.a')",
    JSON_QUERY: "SELECT JSON_QUERY('{\"a\":[1]}', '$.a')",
    JSON_EQUALS: "SELECT JSON_EQUALS('[1]', '[1]')",
    JSON_NORMALIZE: 'SELECT JSON_NORMALIZE(\'{"b":1,"a":2}\')',
    JSON_ARRAY_INTERSECT: "SELECT JSON_ARRAY_INTERSECT('[1,2]', '[2]')",
    JSON_KEY_VALUE: "SELECT JSON_KEY_VALUE('{\"a\":1}', '$')",
    COLUMN_CREATE: "SELECT COLUMN_CREATE('a', 1)",
    COLUMN_GET: "SELECT COLUMN_GET(COLUMN_CREATE('a', 1), 'a' AS INT)",
    COLUMN_JSON: "SELECT COLUMN_JSON(COLUMN_CREATE('a', 1))",
    COLUMN_LIST: "SELECT COLUMN_LIST(COLUMN_CREATE('a', 1))",
    COLUMN_EXISTS: "SELECT COLUMN_EXISTS(COLUMN_CREATE('a', 1), 'a')",
    COLUMN_ADD: "SELECT COLUMN_ADD(COLUMN_CREATE('a', 1), 'b', 2)",
    COLUMN_DELETE: "SELECT COLUMN_DELETE(COLUMN_CREATE('a', 1), 'a')",
  };

  test("MariaDB's own functions: offered when the server is MariaDB of their version, each one runs there; never offered on MySQL", async () => {
    assert.deepEqual(
      MARIADB_FUNCTIONS.map((f) => f.name).filter((n) => !CALLS[n]),
      [],
      'every MariaDB function has a call here',
    );
    await conn.query('CREATE SEQUENCE IF NOT EXISTS shop.s');
    await conn.query('USE shop');
    const version = meta.serverVersion;
    const offered = new Set(functionsOf(serverFlavor(version)).map((f) => f.name));
    for (const f of MARIADB_FUNCTIONS) {
      if (offered.has(f.name)) await conn.query(CALLS[f.name]);
      // Not offered on this version (JSON_ARRAY_INTERSECT came in 11.2): the server has no such function.
      else await assert.rejects(conn.query(CALLS[f.name]), /does not exist|SQL syntax/, `${f.name} on ${version}`);
    }
    assert.ok(offered.has('NEXTVAL') && offered.has('SFORMAT') && offered.has('COLUMN_JSON'));
    for (const mysql of ['5.7.44-log', '8.0.36', '8.4.3'])
      assert.deepEqual(
        functionsOf(serverFlavor(mysql))
          .map((f) => f.name)
          .filter((n) => CALLS[n]),
        [],
        mysql,
      );
    // Completion of the console: typed `NEXTV` on this MariaDB offers NEXTVAL with its signature.
    const items = completionItems('SELECT NEXTV', 12, env()).filter((i) => i.kind === 'function');
    assert.deepEqual(
      items.filter((i) => i.label === 'NEXTVAL').map((i) => i.detail),
      ['NEXTVAL(sequence)'],
    );
  });
});
