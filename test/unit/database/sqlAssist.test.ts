// Completion and hover of the query console (issue 28, items 1 and 3), vscode-free: a table of
// statements, each with its caret (`|`) and the exact items expected there, against a fixed
// schema (test/unit/database/sqlAssistMariadb.test.ts loads the same kind of metadata from a real
// MariaDB).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  completionItems,
  hoverText,
  mayMatch,
  mdCode,
  nameAt,
  type AssistEnv,
} from '../../../src/database/sqlAssist/assist';
import { functionsOf, serverFlavor } from '../../../src/database/sqlAssist/builtins';
import type { ColumnInfo, SchemaMetadata, TableInfo } from '../../../src/database/sqlAssist/metadata';

const col = (name: string, type: string, key = '', nullable = false): ColumnInfo => ({
  name,
  type,
  nullable,
  key,
  default: null,
  extra: '',
  comment: '',
});
const table = (name: string, columns: ColumnInfo[], extra: Partial<TableInfo> = {}): TableInfo => ({
  name,
  view: false,
  engine: 'InnoDB',
  rows: 10,
  comment: '',
  columns,
  indexes: [],
  ...extra,
});
const schema = (name: string, tables: TableInfo[]): SchemaMetadata => ({
  schema: name,
  serverVersion: '10.11.6-MariaDB',
  tables: new Map(tables.map((t) => [t.name.toLowerCase(), t])),
  routines: [],
});

const SHOP = schema('shop', [
  table('orders', [col('id', 'int', 'PRI'), col('customer_id', 'int', 'MUL'), col('total', 'decimal(10,2)')], {
    comment: 'One row per order',
    rows: 1200,
    indexes: [
      { name: 'PRIMARY', unique: true, columns: ['id'] },
      { name: 'idx_customer', unique: false, columns: ['customer_id'] },
    ],
  }),
  table('customers', [col('id', 'int', 'PRI'), col('name', 'varchar(64)'), col('email', 'varchar(128)', '', true)]),
  table('order_totals', [col('customer_id', 'int'), col('sum_total', 'decimal(32,2)', '', true)], {
    view: true,
    engine: null,
    rows: null,
  }),
]);
const ARCHIVE = schema('archive', [table('old_orders', [col('id', 'int', 'PRI'), col('closed_at', 'datetime')])]);

const env: AssistEnv = {
  schema: 'shop',
  metadata: (s) => (s === 'shop' ? SHOP : s === 'archive' ? ARCHIVE : undefined),
  schemas: ['shop', 'archive'],
  functions: functionsOf(serverFlavor('10.11.6-MariaDB')),
};

/** The items at the `|` of `sql`, as `label` (or `label:kind`) in their sort order, of the first `n`. */
function at(sql: string, opts: { kinds?: string[]; withKind?: boolean } = {}): string[] {
  const caret = sql.indexOf('|');
  const items = completionItems(sql.replace('|', ''), caret, env)
    .filter((i) => !opts.kinds || opts.kinds.includes(i.kind))
    .sort((a, b) => a.sortText.localeCompare(b.sortText) || a.label.localeCompare(b.label));
  return items.map((i) => (opts.withKind ? `${i.label}:${i.kind}` : i.label));
}
const COLS = { kinds: ['column'] };

describe('query console completion', () => {
  test('after FROM: the CTEs, then the tables and views of the schema in use, then the other schemas', () => {
    assert.deepEqual(at('SELECT * FROM |', { withKind: true }), [
      'customers:table',
      'order_totals:view',
      'orders:table',
      'archive:schema',
    ]);
    assert.deepEqual(at('WITH big AS (SELECT id FROM orders) SELECT * FROM |').slice(0, 2), ['big', 'customers']);
    assert.deepEqual(at('SELECT * FROM orders o JOIN |').slice(0, 1), ['customers']);
    assert.deepEqual(at('SELECT * FROM orders, |').slice(0, 1), ['customers']);
    assert.deepEqual(at('UPDATE |').slice(0, 1), ['customers']);
    assert.deepEqual(at('INSERT INTO |').slice(0, 1), ['customers']);
    assert.deepEqual(at('DESCRIBE |').slice(0, 1), ['customers']);
  });

  test('a schema before the dot: its tables, in a table clause or a column one', () => {
    assert.deepEqual(at('SELECT * FROM archive.|'), ['old_orders']);
    assert.deepEqual(at('SELECT * FROM archive.ol|'), ['old_orders']);
    assert.deepEqual(at('SELECT * FROM archive.old_orders a WHERE a.|', COLS), ['id', 'closed_at']);
  });

  test('columns of exactly the tables in scope; a shared name offered qualified', () => {
    assert.deepEqual(at('SELECT | FROM customers', COLS), ['id', 'name', 'email']);
    assert.deepEqual(at('SELECT | FROM orders o JOIN customers c ON c.id = o.customer_id', COLS), [
      'o.id',
      'customer_id',
      'total',
      'c.id',
      'name',
      'email',
    ]);
    // After WHERE, ON, GROUP BY, ORDER BY, HAVING, SET, and inside a function's parentheses.
    for (const sql of [
      'SELECT * FROM customers WHERE |',
      'SELECT * FROM customers GROUP BY |',
      'SELECT * FROM customers ORDER BY name, |',
      'SELECT name FROM customers GROUP BY name HAVING |',
      'UPDATE customers SET |',
      'SELECT COUNT(|) FROM customers',
      'SELECT * FROM customers WHERE id = |',
    ])
      assert.deepEqual(at(sql, COLS), ['id', 'name', 'email'], sql);
  });

  test('an alias before the dot: the columns of the table it names; a table name without alias too', () => {
    assert.deepEqual(at('SELECT o.| FROM orders o JOIN customers c ON c.id = o.customer_id'), [
      'id',
      'customer_id',
      'total',
    ]);
    assert.deepEqual(at('SELECT c.na| FROM orders AS o JOIN customers AS c'), ['id', 'name', 'email']);
    assert.deepEqual(at('SELECT customers.| FROM customers'), ['id', 'name', 'email']);
    // The alias is the name of the table in this statement: its own name no longer qualifies.
    assert.deepEqual(at('SELECT orders.| FROM orders o'), []);
    // Each column says what it is.
    const [first] = completionItems('SELECT o. FROM orders o', 'SELECT o.'.length, env);
    assert.deepEqual(first, {
      label: 'id',
      kind: 'column',
      detail: 'int · NOT NULL · PRI',
      description: 'orders o',
      sortText: '000000',
    });
  });

  test('CTEs and subquery aliases: their output columns, stars expanded from the tables they read', () => {
    assert.deepEqual(
      at('WITH big AS (SELECT id, total AS amount FROM orders WHERE total > 100) SELECT b.| FROM big b'),
      ['id', 'amount'],
    );
    assert.deepEqual(at('WITH t (a, b) AS (SELECT 1, 2) SELECT | FROM t', COLS), ['a', 'b']);
    assert.deepEqual(at('SELECT s.| FROM (SELECT c.*, 1 AS one FROM customers c) AS s'), [
      'id',
      'name',
      'email',
      'one',
    ]);
    assert.deepEqual(at('SELECT x.| FROM (SELECT o.customer_id, SUM(o.total) total FROM orders o GROUP BY 1) x'), [
      'customer_id',
      'total',
    ]);
  });

  test('a subquery sees its own tables first, then the outer ones; UNION halves their own', () => {
    // Its own id is the bare id (as the server resolves it); the outer one needs its qualifier.
    assert.deepEqual(
      at('SELECT * FROM customers c WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND |)', COLS),
      ['id', 'customer_id', 'total', 'c.id', 'name', 'email'],
    );
    // Two tables of the subquery itself sharing a name: both qualified there; outer ones hidden by them too.
    assert.deepEqual(
      at('SELECT * FROM customers WHERE id IN (SELECT o.customer_id FROM orders o JOIN customers c2 WHERE |)', COLS),
      ['o.id', 'customer_id', 'total', 'c2.id', 'name', 'email', 'customers.id', 'customers.name', 'customers.email'],
    );
    assert.deepEqual(at('SELECT id FROM orders UNION SELECT | FROM customers', COLS), ['id', 'name', 'email']);
    assert.deepEqual(at('SELECT | FROM orders UNION SELECT id FROM customers', COLS), ['id', 'customer_id', 'total']);
  });

  test('INSERT INTO t (…): the columns of t', () => {
    assert.deepEqual(at('INSERT INTO customers (name, |) VALUES (1, 2)', COLS), ['id', 'name', 'email']);
  });

  test('functions of the connected server with their signatures; keywords where a keyword comes', () => {
    const mariadb = completionItems('SELECT  FROM customers', 7, env).filter((i) => i.kind === 'function');
    assert.ok(mariadb.some((f) => f.label === 'ROW_NUMBER'));
    assert.ok(!mariadb.some((f) => f.label === 'REGEXP_LIKE'), 'MariaDB has no REGEXP_LIKE');
    assert.equal(mariadb.find((f) => f.label === 'IFNULL')?.detail, 'IFNULL(expr, alt)');
    const mysql57 = functionsOf(serverFlavor('5.7.44-log')).map((f) => f.name);
    assert.ok(!mysql57.includes('ROW_NUMBER') && mysql57.includes('ANY_VALUE'));
    assert.ok(functionsOf(serverFlavor('8.4.3')).some((f) => f.name === 'REGEXP_LIKE'));
    assert.deepEqual(at('|').slice(0, 3), ['SELECT', 'FROM', 'WHERE']);
    assert.deepEqual(at('SELECT * FROM customers c |').slice(0, 3), ['SELECT', 'FROM', 'WHERE']);
  });

  test('never throws: broken and odd statements get keywords or what can be read', () => {
    for (const sql of [
      "SELECT * FROM customers WHERE name = 'unterminated |",
      'SELECT ((( |',
      'SELECT * FROM `weird``name` w WHERE w.|',
      ')))) SELECT |',
      'WITH AS ( SELECT |',
      'SELECT * FROM /* unclosed |',
      '. . . |',
      'SELECT a.b.c.|',
    ])
      assert.doesNotThrow(() => at(sql), sql);
    assert.deepEqual(at('SELECT * FROM `customers` AS `c` WHERE `c`.|'), ['id', 'name', 'email']);
  });
});

describe('query console hover', () => {
  const hover = (sql: string, word: string, nth = 0) => {
    let at = -1;
    for (let i = 0; i <= nth; i++) at = sql.indexOf(word, at + 1);
    return hoverText(sql, at + 1, env);
  };
  test('a table: kind, engine, row estimate, comment, indexes', () => {
    assert.equal(
      hover('SELECT * FROM orders o', 'orders'),
      [
        '**shop\\.orders** · table · InnoDB · about 1,200 rows',
        '',
        'One row per order',
        '',
        'Indexes:',
        '- PRIMARY (id)',
        '- idx\\_customer (customer\\_id)',
      ].join('\n'),
    );
    // The alias stands for its table.
    assert.match(hover('SELECT o.total FROM orders o', 'o', 0) ?? '', /^\*\*shop\\\.orders\*\*/);
  });
  test('Go to Definition resolves a name to its table (an alias, a column, a schema-qualified table) or to nothing', () => {
    const of = (sql: string, word: string) => {
      const n = nameAt(sql, sql.indexOf(word) + 1, env);
      return n && `${n.kind} ${n.schema}.${n.table.name}`;
    };
    assert.equal(of('SELECT * FROM orders o', 'orders'), 'table shop.orders');
    assert.equal(of('SELECT o.total FROM orders o', 'o.'), 'table shop.orders');
    assert.equal(of('SELECT o.total FROM orders o', 'total'), 'column shop.orders');
    assert.equal(of('SELECT * FROM archive.old_orders', 'old_orders'), 'table archive.old_orders');
    assert.equal(of('SELECT * FROM nowhere', 'nowhere'), undefined);
  });
  test('a column: type, nullability, key; resolved through its qualifier', () => {
    assert.equal(
      hover('SELECT o.customer_id FROM orders o', 'customer_id'),
      '**orders\\.customer\\_id** · `int` · NOT NULL · key MUL',
    );
    assert.equal(hover('SELECT email FROM customers', 'email'), '**customers\\.email** · `varchar(128)` · NULL');
    assert.equal(hover('SELECT nothing FROM customers', 'nothing'), undefined);
  });
  test("the server's text stays text: an ENUM's backtick cannot end the code, a comment makes no link, heading, emphasis or HTML (issue 62, item 6)", async () => {
    const { marked } = await import('marked');
    const status: ColumnInfo = {
      name: 'status',
      type: "enum('a`b','``','[x](command:evil)','<img src=x onerror=alert(1)>','*em*')",
      nullable: true,
      key: '',
      default: '**x**',
      extra: 'on update `now`',
      comment: 'see [here](https://evil.example) <b>bold</b>\n===\n& &amp; ~~gone~~ _u_',
    };
    const odd = table('odd_t', [status], {
      comment: '# not a heading\n\n---\n1. no list',
      indexes: [{ name: 'by_[x](y)', unique: true, columns: ['status'] }],
    });
    const oddEnv: AssistEnv = {
      ...env,
      schema: 'weird',
      metadata: (s) => (s === 'weird' ? schema('weird', [odd]) : undefined),
    };
    const text = (sql: string, word: string) => hoverText(sql, sql.indexOf(word) + 1, oddEnv) ?? '';
    const column = text('SELECT status FROM odd_t', 'status');
    assert.equal(
      column.split(' · ')[1],
      "```enum('a`b','``','[x](command:evil)','<img src=x onerror=alert(1)>','*em*')```",
      'fenced by more backticks than any run inside',
    );
    /** What a person reads: the tags the Markdown made, and the text with its entities decoded. */
    const rendered = (md: string) => {
      const html = marked.parse(md, { async: false });
      const tags = [...html.matchAll(/<([a-z0-9]+)[\s>]/g)].map((m) => m[1]);
      const decode = (x: string) =>
        x
          .replace(/<[^>]+>/g, '')
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&');
      return { tags: [...new Set(tags)].sort(), text: decode(html) };
    };
    const c = rendered(column);
    assert.deepEqual(c.tags, ['code', 'p', 'strong']);
    for (const shown of [
      "enum('a`b','``','[x](command:evil)','<img src=x onerror=alert(1)>','*em*')",
      'default **x**',
      'on update `now`',
      'see [here](https://evil.example) <b>bold</b>\n===\n& &amp; ~~gone~~ _u_',
    ])
      assert.ok(c.text.includes(shown), `${shown} in ${c.text}`);
    const t = rendered(text('SELECT status FROM odd_t', 'odd_t'));
    assert.deepEqual(t.tags, ['li', 'p', 'strong', 'ul']);
    for (const shown of ['# not a heading', '---\n1. no list', 'by_[x](y) (status)'])
      assert.ok(t.text.includes(shown), `${shown} in ${t.text}`);
    // The fence: longer than the longest run inside, spaced when the text starts or ends with a
    // backtick or a space, and a line break (a blank line would end the code) as a space.
    assert.equal(mdCode('int'), '`int`');
    assert.equal(mdCode('a`b``c'), '```a`b``c```');
    assert.equal(mdCode('`x'), '`` `x ``');
    assert.equal(mdCode('x`'), '`` x` ``');
    assert.equal(mdCode(' x'), '`  x `');
    assert.equal(mdCode('x '), '` x  `');
    assert.equal(mdCode('a\n\nb\rc'), '`a  b c`');
  });
});

test('the list sent to the editor keeps what VS Code can match of the typed text: its characters in order, case aside', () => {
  const tables = Array.from({ length: 2000 }, (_, i) => `t${String(i).padStart(4, '0')}`);
  const kept = tables.filter((t) => mayMatch(t, 't099'));
  for (const want of ['t0099', 't0990', 't0999', 't1099']) assert.ok(kept.includes(want), want);
  assert.ok(!kept.includes('t1234'));
  assert.ok(kept.length < 200, `${kept.length} of 2,000 kept`);
  assert.equal(mayMatch('Customer_ID', 'cid'), true);
  assert.equal(mayMatch('orders', 'ordr'), true);
  assert.equal(mayMatch('orders', 'sro'), false, 'the order counts');
  assert.equal(mayMatch('anything', ''), true);
});
