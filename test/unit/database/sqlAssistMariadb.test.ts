// Completion's metadata read from a real MariaDB (the sandbox's server, issue 28 item 2): tables,
// views, columns, indexes and routines in a few queries; items and hovers from them; the cache
// loads once for concurrent callers and reads the schema again after it was forgotten (what a
// DDL run and Refresh Completion do).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createConnection, type Connection } from 'mysql2/promise';
import { completionItems, hoverText, type AssistEnv } from '../../../src/database/sqlAssist/assist';
import { functionsOf, serverFlavor } from '../../../src/database/sqlAssist/builtins';
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
});
