// The plan view's model (issue 28, item 5) built from a real MariaDB's `EXPLAIN FORMAT=JSON` and
// `ANALYZE FORMAT=JSON` for the shapes people read plans for (full scan, index lookup, join,
// subqueries, temporary table and filesort, derived table, union), and from MySQL's formats,
// which the sandbox cannot produce: its JSON (numbers as strings, ordering and grouping
// operations) and `EXPLAIN ANALYZE` tree text, written here as MySQL 8.0's manual shows them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createConnection, type Connection } from 'mysql2/promise';
import { explainRequest, explainStatement, serverVersion } from '../../../../src/database/queryPlan/explain';
import { planFromJson, planFromTree, PlanParseError, type PlanNode } from '../../../../src/database/queryPlan/model';
import { readsOnly } from '../../../../src/database/connection/statements';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../../../support/mariadb.mjs';

/** One line per node, indented by depth: kind, name, access and the figures that matter here. */
function outline(n: PlanNode, depth = 0): string[] {
  const bits = [
    n.kind,
    n.selectId !== undefined ? `#${n.selectId}` : '',
    n.name ?? '',
    n.access ?? '',
    n.fullScan ? 'FULL-SCAN' : '',
    n.fullIndexScan ? 'FULL-INDEX' : '',
    n.key ? `key=${n.key}` : '',
    n.traits ? `(${n.traits.join(', ')})` : '',
    n.operation ? `(${n.operation})` : '',
    n.sortKey ? `sort=${n.sortKey}` : '',
  ].filter(Boolean);
  return [`${'  '.repeat(depth)}${bits.join(' ')}`, ...n.children.flatMap((c) => outline(c, depth + 1))];
}

describe('query plans from MariaDB', () => {
  let db: MariaDb;
  let conn: Connection;
  const explain = async (sql: string, analyze = false) => {
    const [[{ v }]] = (await conn.query('SELECT VERSION() AS v')) as unknown as [[{ v: string }]];
    const request = explainRequest(sql, serverVersion(v), analyze);
    if ('unsupported' in request) throw new Error(request.unsupported);
    const { plan, answeredAt } = await explainStatement(conn, request);
    assert.ok(Math.abs(Date.now() - answeredAt) < 60_000, 'answeredAt is a wall-clock time');
    return plan;
  };
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
      CREATE DATABASE shop; USE shop;
      CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(40), city VARCHAR(20));
      CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, total DECIMAL(10,2), note VARCHAR(20), KEY idx_customer (customer_id));
      INSERT INTO customers SELECT seq, CONCAT('c', seq), IF(seq % 3, 'Seoul', 'Busan') FROM seq_1_to_200;
      INSERT INTO orders SELECT seq, 1 + seq % 200, seq * 1.5, 'n' FROM seq_1_to_2000;
      ANALYZE TABLE customers, orders;
    `);
  });
  after(async () => {
    await conn?.end();
    await db?.stop();
  });

  test('a full table scan is marked; an index lookup names its key and what it is compared with', async () => {
    const scan = await explain("SELECT * FROM orders WHERE note = 'x'");
    assert.deepEqual(outline(scan.root), ['query #1', '  table orders ALL FULL-SCAN']);
    const t = scan.root.children[0];
    assert.equal(t.rows, 2000);
    assert.equal(t.filtered, 100);
    assert.equal(t.condition, "orders.note = 'x'");
    assert.deepEqual(scan.fullScans, ['orders']);
    assert.equal(scan.analyzed, false);

    const lookup = await explain('SELECT * FROM orders WHERE customer_id = 5');
    assert.deepEqual(outline(lookup.root), ['query #1', '  table orders ref key=idx_customer']);
    assert.deepEqual(lookup.root.children[0].ref, ['const']);
    assert.deepEqual(lookup.root.children[0].keyParts, ['customer_id']);
    assert.deepEqual(lookup.fullScans, []);
  });

  test('a join: the tables in join order under one join node, the driving full scan marked', async () => {
    const plan = await explain(
      "SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id WHERE c.city = 'Seoul'",
    );
    assert.deepEqual(outline(plan.root), [
      'query #1',
      '  join',
      '    table c ALL FULL-SCAN',
      '    table o ref key=idx_customer',
    ]);
    assert.deepEqual(plan.root.children[0].children[1].ref, ['shop.c.id']);
    assert.equal(plan.tables, 2);
    assert.deepEqual(plan.fullScans, ['c']);
  });

  test('subqueries: a materialized IN subquery under its table, a scalar subquery apart', async () => {
    const plan = await explain(
      'SELECT * FROM customers WHERE id IN (SELECT customer_id FROM orders WHERE total > 2900) AND id > (SELECT MIN(customer_id) FROM orders)',
    );
    assert.deepEqual(outline(plan.root), [
      'query #1',
      '  join',
      '    table customers range key=PRIMARY',
      '    table <subquery2> eq_ref key=distinct_key (materialized)',
      '      query #2',
      '        table orders ALL FULL-SCAN',
      '  subquery',
      '    query #3',
      '      message',
    ]);
    assert.equal(plan.root.children[1].children[0].children[0].message, 'Select tables optimized away');
  });

  test('GROUP BY with ORDER BY on the count: a filesort over a temporary table', async () => {
    const plan = await explain('SELECT city, COUNT(*) n FROM customers GROUP BY city ORDER BY n DESC');
    assert.deepEqual(outline(plan.root), [
      'query #1',
      '  filesort sort=count(0) desc',
      '    temporary',
      '      table customers ALL FULL-SCAN',
    ]);
  });

  test('a derived table sorted from a file, its body a full index scan; a UNION of two SELECTs', async () => {
    const derived = await explain(
      'SELECT t.c, t.n FROM (SELECT customer_id c, COUNT(*) n FROM orders GROUP BY customer_id) t ORDER BY t.n DESC LIMIT 5',
    );
    assert.deepEqual(outline(derived.root), [
      'query #1',
      '  filesort sort=t.n desc',
      '    table <derived2> ALL FULL-SCAN (materialized)',
      '      query #2',
      '        table orders index FULL-INDEX key=idx_customer',
    ]);
    assert.equal(derived.root.children[0].children[0].children[0].children[0].coveringIndex, true);
    const union = await explain('SELECT id FROM customers UNION SELECT customer_id FROM orders');
    assert.deepEqual(outline(union.root), [
      'query',
      '  union <union1,2>',
      '    query #1',
      '      table customers index FULL-INDEX key=PRIMARY',
      '    query #2 (UNION)',
      '      table orders index FULL-INDEX key=idx_customer',
    ]);
  });

  test('ANALYZE FORMAT=JSON adds what happened: rows read per loop, loops, time, the share that passed', async () => {
    const plan = await explain(
      "SELECT c.name, o.total FROM customers c JOIN orders o ON o.customer_id = c.id WHERE c.city = 'Seoul'",
      true,
    );
    assert.equal(plan.analyzed, true);
    const [c, o] = plan.root.children[0].children;
    assert.equal(c.actual?.rows, 200);
    assert.equal(c.actual?.loops, 1);
    assert.equal(c.actual?.filtered, 67);
    assert.equal(o.actual?.loops, 134, 'one lookup per Seoul customer');
    assert.equal(o.actual?.rows, 10);
    assert.ok((plan.root.actual?.timeMs ?? 0) > 0);
  });

  test("MariaDB's plans of a change: DELETE ... RETURNING and UPDATE read as the table they change; ANALYZE ran them and says how many rows", async () => {
    await conn.query(
      'CREATE TABLE scratch (id INT PRIMARY KEY, n INT); INSERT INTO scratch SELECT seq, seq FROM seq_1_to_100',
    );
    const estimate = await explain('DELETE FROM scratch WHERE id <= 3 RETURNING id, n');
    assert.deepEqual(outline(estimate.root), ['query #1', '  table scratch range key=PRIMARY']);
    assert.equal(estimate.root.children[0].condition, 'scratch.`id` <= 3');
    const deleted = await explain('DELETE FROM scratch WHERE id <= 3 RETURNING id, n', true);
    assert.equal(deleted.analyzed, true);
    assert.equal(deleted.root.children[0].actual?.rows, 3);
    const [[{ left }]] = (await conn.query('SELECT COUNT(*) AS `left` FROM scratch')) as unknown as [
      [{ left: number }],
    ];
    assert.equal(Number(left), 97, 'ANALYZE ran the DELETE');
    const updated = await explain('UPDATE scratch SET n = n + 1 WHERE n > 50', true);
    assert.deepEqual(outline(updated.root), ['query #1', '  table scratch index FULL-INDEX key=PRIMARY']);
    assert.equal(updated.root.children[0].actual?.rows, 97);
    assert.equal(Math.round(updated.root.children[0].actual?.filtered ?? 0), 52);
    // A sequence's value comes from no table: the server's note.
    await conn.query('CREATE SEQUENCE plan_seq');
    const seq = await explain('SELECT NEXTVAL(plan_seq)');
    assert.deepEqual(outline(seq.root), ['query #1', '  message']);
    assert.equal(seq.root.children[0].message, 'No tables used');
  });

  test('a statement the server cannot explain is refused with its own message', async () => {
    await assert.rejects(explain('CREATE TABLE t2 (id INT)'), /SQL syntax/);
    await assert.rejects(explain('SELECT * FROM missing_table'), /doesn't exist/);
  });
});

test('MySQL JSON: numbers as strings, costs, ordering and grouping operations with filesort and temporary table', () => {
  // The shape of MySQL 8.0's EXPLAIN FORMAT=JSON for a GROUP BY ... ORDER BY over a join.
  const plan = planFromJson(
    JSON.stringify({
      query_block: {
        select_id: 1,
        cost_info: { query_cost: '12.75' },
        ordering_operation: {
          using_filesort: true,
          grouping_operation: {
            using_temporary_table: true,
            using_filesort: false,
            nested_loop: [
              {
                table: {
                  table_name: 'c',
                  access_type: 'ALL',
                  possible_keys: ['PRIMARY'],
                  rows_examined_per_scan: 10,
                  rows_produced_per_join: 10,
                  filtered: '100.00',
                  cost_info: { read_cost: '0.25', eval_cost: '1.00', prefix_cost: '1.25' },
                },
              },
              {
                table: {
                  table_name: 'o',
                  access_type: 'ref',
                  key: 'idx_customer',
                  used_key_parts: ['customer_id'],
                  ref: ['shop.c.id'],
                  rows_examined_per_scan: 5,
                  filtered: '33.33',
                  cost_info: { prefix_cost: '12.75' },
                  attached_condition: "(`shop`.`o`.`note` = 'x')",
                  attached_subqueries: [
                    {
                      dependent: true,
                      cacheable: false,
                      query_block: { select_id: 2, message: 'No tables used' },
                    },
                  ],
                },
              },
            ],
          },
        },
      },
    }),
  );
  assert.deepEqual(outline(plan.root), [
    'query #1',
    '  filesort',
    '    temporary',
    '      join',
    '        table c ALL FULL-SCAN',
    '        table o ref key=idx_customer',
    '          subquery (in-condition, dependent, not-cacheable)',
    '            query #2',
    '              message',
  ]);
  assert.equal(plan.root.cost, 12.75);
  const o = plan.root.children[0].children[0].children[0].children[1];
  assert.equal(o.filtered, 33.33);
  assert.equal(o.rows, 5);
  assert.equal(o.cost, 12.75);
});

test('MySQL EXPLAIN ANALYZE: the text tree by indentation, estimates and actual figures, full scans and never-executed steps', () => {
  const text = [
    '-> Sort: n DESC  (actual time=2.12..2.13 rows=3 loops=1)',
    '    -> Table scan on <temporary>  (actual time=2.05..2.06 rows=3 loops=1)',
    '        -> Aggregate using temporary table  (actual time=2.04..2.04 rows=3 loops=1)',
    '            -> Nested loop inner join  (cost=4.95 rows=9) (actual time=0.153..0.200 rows=9 loops=1)',
    "                -> Filter: (c.city = 'Seoul')  (cost=1.15 rows=9) (actual time=0.032..0.049 rows=9 loops=1)",
    '                    -> Table scan on c  (cost=1.15 rows=9) (actual time=0.030..0.047 rows=9 loops=1)',
    '                -> Index lookup on o using idx_customer (customer_id=c.id)  (cost=0.25 rows=1) (actual time=0.015..0.016 rows=1 loops=9)',
    '            -> Select #2 (subquery in condition; run only once)',
    '                -> Index lookup on x using PRIMARY (id=1)  (cost=0.35 rows=1) (never executed)',
  ].join('\n');
  const plan = planFromTree(text);
  assert.equal(plan.analyzed, true);
  assert.deepEqual(
    outline(plan.root).map((l) => l.replace(/ FULL-SCAN/, '!')),
    [
      'query',
      '  filesort Sort: n DESC',
      '    table Table scan on <temporary>!',
      '      step Aggregate using temporary table',
      '        join Nested loop inner join',
      "          step Filter: (c.city = 'Seoul')",
      '            table Table scan on c!',
      '          table Index lookup on o using idx_customer (customer_id=c.id)',
      '        subquery Select #2 (subquery in condition; run only once)',
      '          table Index lookup on x using PRIMARY (id=1)',
    ],
  );
  const lookup = plan.root.children[0].children[0].children[0].children[0].children[1];
  assert.deepEqual([lookup.cost, lookup.rows, lookup.actual], [0.25, 1, { timeMs: 0.016, rows: 1, loops: 9 }]);
  assert.deepEqual(plan.fullScans, ['<temporary>', 'c']);
  const never = plan.root.children[0].children[0].children[0].children[1].children[0];
  assert.deepEqual(never.actual, { rows: 0, loops: 0 });
});

test('which statement asks for the plan, by server; an answer that is no plan is refused by name', () => {
  const maria = serverVersion('10.11.19-MariaDB-0+deb12u1');
  const mysql80 = serverVersion('8.0.36');
  const mysql57 = serverVersion('5.7.44-log');
  assert.deepEqual(explainRequest('SELECT 1;', maria, false), { sql: 'EXPLAIN FORMAT=JSON SELECT 1', format: 'json' });
  assert.deepEqual(explainRequest('SELECT 1', maria, true), { sql: 'ANALYZE FORMAT=JSON SELECT 1', format: 'json' });
  assert.deepEqual(explainRequest('SELECT 1', mysql80, true), { sql: 'EXPLAIN ANALYZE SELECT 1', format: 'tree' });
  assert.ok('unsupported' in explainRequest('SELECT 1', serverVersion('8.0.17'), true));
  assert.match(
    (explainRequest('SELECT 1', mysql57, true) as { unsupported: string }).unsupported,
    /8\.0\.18 or later \(this server is 5\.7\.44\)/,
  );
  assert.throws(() => planFromJson('not json'), PlanParseError);
  assert.throws(() => planFromJson('{"rows": 1}'), /query_block/);
  assert.throws(() => planFromTree('EXPLAIN'), /"->"/);
});

test('only statements that just read run under Explain Analyze without asking', () => {
  for (const sql of [
    'SELECT 1',
    '  (SELECT 1)',
    'WITH a AS (SELECT 1) SELECT * FROM a',
    "SELECT 'update' AS w",
    'TABLE t',
    // MariaDB: reading a sequence's last value, or a column that happens to be named so.
    'SELECT LASTVAL(s), PREVIOUS VALUE FOR s',
    'SELECT nextval FROM t',
    "SELECT 'NEXTVAL(s)'",
  ])
    assert.equal(readsOnly(sql), true, sql);
  for (const sql of [
    'UPDATE t SET a = 1',
    'DELETE FROM t',
    'INSERT INTO t VALUES (1)',
    'SELECT * FROM t FOR UPDATE',
    'SELECT a INTO @x FROM t',
    'WITH a AS (SELECT 1) DELETE FROM t',
    'CALL p()',
    // MariaDB: RETURNING shows rows of a change; taking from a sequence advances it.
    'DELETE FROM t WHERE id = 1 RETURNING id',
    'INSERT INTO t VALUES (1) RETURNING id',
    'SELECT NEXTVAL(s)',
    'SELECT nextval /* c */ (s), id FROM t',
    'SELECT NEXT VALUE FOR s',
    'SELECT SETVAL(s, 100)',
    'WITH a AS (SELECT NEXTVAL(s)) SELECT * FROM a',
  ])
    assert.equal(readsOnly(sql), false, sql);
});
