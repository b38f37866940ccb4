// Connect... against a real MariaDB with TLS (test/support/mariadb.mjs): a session connects and
// hands out connections, every failure kind gets its message and never the password, TLS is
// verified (refused without the CA, accepted with it), ending a session closes what it opened,
// the schema tree reads tables, columns and indexes, and the hand-off pieces (URL, option file)
// never carry the password where they must not.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { installVscodeStub } from '../../support/vscodeStub';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../../support/mariadb.mjs';
import { HOSTILE_VALUES, SQL_MODES } from '../../support/hostileSql';

installVscodeStub();
const { DbSessionManager, CONNECT_TIMEOUT_MS } =
  require('../../../src/database/connection/sessions') as typeof import('../../../src/database/connection/sessions');
const { tlsOptions } =
  require('../../../src/database/connection/tls') as typeof import('../../../src/database/connection/tls');
const { loadSchemaObjects, createStatement } =
  require('../../../src/database/connection/schemaTree') as typeof import('../../../src/database/connection/schemaTree');
const { definitionLine } =
  require('../../../src/database/sqlAssist/metadata') as typeof import('../../../src/database/sqlAssist/metadata');
const { connectionUrl, defaultSchema, chooseDefaultSchema, RememberedSchemas } =
  require('../../../src/database/connection/connectChoices') as typeof import('../../../src/database/connection/connectChoices');
const { optionFile } =
  require('../../../src/database/connection/terminal') as typeof import('../../../src/database/connection/terminal');
const { TreeNode } = require('../../../src/shared/tree/nodes') as typeof import('../../../src/shared/tree/nodes');

const PASSWORD = 'Sentinel-Pa55word-7f3c';
const TLS_PASSWORD = 'Tls-Sentinel-Pa55-91ab';
let db: MariaDb;
const target = { profileId: 'p1', region: 'KR1' as const, instanceId: 'inst-1', instanceName: 'orders-db' };

before(async () => {
  const missing = mariaDbMissing({ tls: true });
  if (missing) throw new Error(missing);
  db = await startMariaDb({ tls: true });
  await db.sql(`
    CREATE USER 'app'@'%' IDENTIFIED BY '${PASSWORD}';
    CREATE USER 'secure'@'%' IDENTIFIED BY '${TLS_PASSWORD}' REQUIRE SSL;
    GRANT ALL ON *.* TO 'app'@'%';
    GRANT ALL ON *.* TO 'secure'@'%';
    CREATE DATABASE shop;
    CREATE TABLE shop.orders (id INT PRIMARY KEY AUTO_INCREMENT, item VARCHAR(40) NOT NULL, qty INT NULL, UNIQUE KEY by_item (item));
    INSERT INTO shop.orders (item, qty) VALUES ('apple', 1), ('pear', 2);
    CREATE VIEW shop.big_orders AS SELECT * FROM shop.orders WHERE qty > 1;
  `);
});

after(async () => {
  await db?.stop();
});

const endpoint = () => ({ host: db.host, port: db.port, kind: 'public' as const });

function assertNoSecret(text: string) {
  assert.ok(!text.includes(PASSWORD) && !text.includes(TLS_PASSWORD), `a password leaked into: ${text}`);
}

test('a session connects, hands out working connections, and its end closes them and fires onDidEnd', async () => {
  const m = new DbSessionManager();
  let changes = 0;
  m.onDidChange(() => changes++);
  const s = await m.open({ target, user: 'app', password: PASSWORD, endpoint: endpoint(), schema: 'shop' });
  assert.equal(s.id, 'p1/inst-1/app');
  assert.equal(m.get(s.id), s);
  assert.deepEqual(m.forInstance('p1', 'inst-1'), [s]);
  const c = await s.connect();
  const [rows] = await c.query('SELECT COUNT(*) AS n FROM orders');
  assert.equal(Number((rows as any)[0].n), 2);
  let ended = 0;
  s.onDidEnd(() => ended++);
  const closed = new Promise<void>((resolve, reject) => {
    c.once('end', resolve).once('error', () => resolve());
    setTimeout(() => reject(new Error('ending the session left its connection open')), 5000).unref();
  });
  await s.end();
  await closed;
  assert.equal(ended, 1);
  assert.equal(m.all().length, 0);
  assert.equal(changes, 2);
  await assert.rejects(s.connect(), /has ended/);
  await assert.rejects(c.query('SELECT 1'));
});

test("a wrong password is an auth failure that names the user, the server's code and text, and never the password", async () => {
  const m = new DbSessionManager();
  await assert.rejects(
    m.open({ target, user: 'app', password: `${PASSWORD}-wrong`, endpoint: endpoint() }),
    (e: any) => {
      assert.equal(e.kind, 'auth');
      assert.equal(e.code, 1045);
      assert.match(e.message, /refused user app/);
      // The server's code and its own text, so a person can look the refusal up.
      assert.match(e.message, /\(error 1045: Access denied for user 'app'@/);
      assertNoSecret(e.message);
      return true;
    },
  );
  assert.equal(m.all().length, 0, 'a failed attempt keeps no session');
});

test('an unknown user and an unknown schema get their own messages', async () => {
  const m = new DbSessionManager();
  await assert.rejects(
    m.open({ target, user: 'nobody', password: PASSWORD, endpoint: endpoint() }),
    (e: any) => e.kind === 'auth' && /nobody/.test(e.message),
  );
  await assert.rejects(
    m.open({ target, user: 'app', password: PASSWORD, endpoint: endpoint(), schema: 'no_such_schema' }),
    (e: any) => {
      assert.equal(e.kind, 'unknownSchema');
      assert.match(e.message, /no_such_schema/);
      return true;
    },
  );
});

test('TLS is verified: the self-signed server is refused without its CA and accepted with nhncloud.database.caFile', async () => {
  const m = new DbSessionManager();
  await assert.rejects(
    m.open({ target, user: 'secure', password: TLS_PASSWORD, endpoint: endpoint(), ssl: await tlsOptions('SSL', {}) }),
    (e: any) => {
      assert.equal(e.kind, 'tls');
      assert.match(e.message, /not trusted/);
      assert.match(e.message, /nhncloud\.database\.caFile/);
      assertNoSecret(e.message);
      return true;
    },
  );
  const s = await m.open({
    target,
    user: 'secure',
    password: TLS_PASSWORD,
    endpoint: endpoint(),
    ssl: await tlsOptions('SSL', { caFile: db.caFile }),
  });
  const c = await s.connect();
  const [rows] = await c.query("SHOW SESSION STATUS LIKE 'Ssl_version'");
  assert.match(String((rows as any)[0].Value), /^TLSv1\.[23]$/);
  await c.end();
  await m.endAll();
  // A user the server holds to TLS, connecting without it, is refused.
  await assert.rejects(
    new DbSessionManager().open({ target, user: 'secure', password: TLS_PASSWORD, endpoint: endpoint() }),
    (e: any) => e.kind === 'auth',
  );
});

test('TLS options: none for NONE, verification always on, X509 needs the client certificate settings, an unreadable CA file is named', async () => {
  assert.equal(await tlsOptions('NONE', { caFile: db.caFile }), undefined);
  assert.equal((await tlsOptions('SSL', {}))!.rejectUnauthorized, true);
  await assert.rejects(tlsOptions('X509', { caFile: db.caFile }), /clientCertFile/);
  await assert.rejects(
    tlsOptions('SSL', { caFile: '/nonexistent/ca.pem' }),
    /\/nonexistent\/ca\.pem.*nhncloud\.database\.caFile.*ENOENT/,
  );
});

test('a refused port is "unreachable", a server that never answers is a timeout (after the connect timeout)', async () => {
  // The product waits CONNECT_TIMEOUT_MS (10 s); the silent server shows the same after 300 ms.
  assert.equal(CONNECT_TIMEOUT_MS, 10_000);
  const m = new DbSessionManager(300);
  const free: Server = createServer();
  await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
  const closedPort = (free.address() as any).port;
  await new Promise<void>((r) => free.close(() => r()));
  // With the product's timeout: a refusal comes at once, but behind a 300 ms timer it lost the
  // race on a loaded machine (the event loop ran the timer before it read the refusal).
  await assert.rejects(
    new DbSessionManager().open({
      target,
      user: 'app',
      password: PASSWORD,
      endpoint: { ...endpoint(), port: closedPort },
    }),
    (e: any) => e.kind === 'unreachable' && e.code === 'ECONNREFUSED',
  );

  // Accepts TCP, never sends the MySQL greeting.
  const silent = createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  try {
    await assert.rejects(
      m.open({
        target,
        user: 'app',
        password: PASSWORD,
        endpoint: { ...endpoint(), port: (silent.address() as any).port },
      }),
      (e: any) => {
        assert.equal(e.kind, 'timeout');
        assert.match(e.message, /security group/);
        return true;
      },
    );
  } finally {
    silent.close();
  }
});

test('the server gone in the middle: a killed connection is reported, and the session still hands out new ones', async () => {
  const m = new DbSessionManager();
  const s = await m.open({ target, user: 'app', password: PASSWORD, endpoint: endpoint() });
  const c = await s.connect();
  const [idRows] = await c.query('SELECT CONNECTION_ID() AS id');
  const id = (idRows as any)[0].id;
  const killer = await s.connect();
  // Its outcome is taken at once: the KILL below can reject it while `await killer.query(KILL)`
  // is still pending, and a rejection nobody handles yet fails the test as unhandled (it did in CI).
  const running = c.query('SELECT SLEEP(20)').then(
    () => undefined,
    (e: unknown) => e,
  );
  // KILL once the server runs the SLEEP: a connection killed while idle (a loaded machine, the
  // query not sent yet) would die with an unhandled "Connection lost" instead of a rejected query.
  for (let i = 0; ; i++) {
    const [rows] = await killer.query(
      'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE ?',
      [id, 'SELECT SLEEP%'],
    );
    if (Number((rows as any)[0].n) > 0) break;
    assert.ok(i < 200, 'the SLEEP never showed in the process list');
    await new Promise((r) => setTimeout(r, 50));
  }
  await killer.query(`KILL ${Number(id)}`);
  const failure = await running;
  assert.ok(failure instanceof Error, 'the killed query is rejected');
  await killer.end();
  const again = await s.connect();
  await again.query('SELECT 1');
  await again.end();
  await m.endAll();
});

test('the schema tree lists tables and views with row estimates, then columns and indexes; Copy CREATE reads SHOW CREATE', async () => {
  const m = new DbSessionManager();
  const s = await m.open({ target, user: 'app', password: PASSWORD, endpoint: endpoint() });
  class Root extends TreeNode {
    readonly id = 'p1/KR1/rds/instance/inst-1/schemas/s1';
    readonly label = 'shop';
    getTreeItem(): any {
      return {};
    }
  }
  const objects = await loadSchemaObjects(new Root(), s, 'shop');
  assert.deepEqual(
    objects.map((o) => o.label),
    ['big_orders', 'orders'],
  );
  const table = objects.find(
    (o) => o.label === 'orders',
  ) as import('../../../src/database/connection/schemaTree').DbTableNode;
  const view = objects.find(
    (o) => o.label === 'big_orders',
  ) as import('../../../src/database/connection/schemaTree').DbTableNode;
  assert.equal(view.isView, true);
  assert.equal(table.isView, false);
  const children = await (table as any).load();
  const labels = children.map((n: any) => n.label);
  assert.deepEqual(labels, ['id', 'item', 'qty', 'PRIMARY', 'by_item']);
  const item = children[1].getTreeItem();
  assert.match(item.description, /varchar\(40\) · NOT NULL/);
  assert.match(children[0].getTreeItem().description, /PRI/);
  assert.match(children[4].getTreeItem().description, /\(item\) · unique index/);
  assert.match(await createStatement(table), /^CREATE TABLE `orders`[\s\S]*UNIQUE KEY `by_item`[\s\S]*;\n$/);
  assert.match(await createStatement(view), /VIEW `shop`.`big_orders` AS select/);
  // Issue 63 (database, rough edges): Go to Definition on a column lands on its line, as the
  // server writes the CREATE statement (it landed on the first line, the table's).
  const create = await createStatement(table);
  assert.match(create.split('\n')[definitionLine(create, 'QTY')], /^\s+`qty` int/);
  assert.match(create.split('\n')[definitionLine(create, 'item')], /^\s+`item` varchar\(40\)/);
  assert.equal(definitionLine(create, 'by_item'), 0);
  await m.endAll();
});

test("a session's ? values are written by sqlText: right under NO_BACKSLASH_ESCAPES and ANSI_QUOTES, set per session or by the server (issue 62)", async () => {
  const m = new DbSessionManager();
  const s = await m.open({ target, user: 'app', password: PASSWORD, endpoint: endpoint() });
  const c = await s.connect();
  try {
    for (const mode of SQL_MODES) {
      await c.query(`SET SESSION sql_mode = CONCAT(@@GLOBAL.sql_mode, ',${mode}')`);
      for (const v of HOSTILE_VALUES) {
        const [rows] = await c.query<any[]>('SELECT ? AS v, ? AS n, ? AS z', [v, 7, null]);
        assert.deepEqual([rows[0].v, rows[0].n, rows[0].z], [v, 7, null], `${mode}: ${JSON.stringify(v)}`);
      }
    }
    // A statement without values (a person's) is sent as it is, its ? included.
    const [q] = await c.query<any[]>("SELECT '?' AS q");
    assert.equal(q[0].q, '?');
    // A parameter group's mode (the server's): the schema tree finds a schema whose name ends a
    // string that a backslash escapes.
    const schema = `sh"o\\p'x`;
    await db.sql(`CREATE DATABASE \`${schema}\`; CREATE TABLE \`${schema}\`.t1 (id INT PRIMARY KEY);`);
    await db.sql("SET GLOBAL sql_mode = CONCAT(@@GLOBAL.sql_mode, ',NO_BACKSLASH_ESCAPES,ANSI_QUOTES')");
    try {
      class Root extends TreeNode {
        readonly id = 'p1/KR1/rds/instance/inst-1/schemas/s2';
        readonly label = schema;
        getTreeItem(): any {
          return {};
        }
      }
      const objects = await loadSchemaObjects(new Root(), s, schema);
      assert.deepEqual(
        objects.map((o) => o.label),
        ['t1'],
      );
      const columns = await (objects[0] as any).load();
      assert.deepEqual(
        columns.map((n: any) => n.label),
        ['id', 'PRIMARY'],
      );
    } finally {
      await db.sql(
        "SET GLOBAL sql_mode = REPLACE(REPLACE(@@GLOBAL.sql_mode, ',NO_BACKSLASH_ESCAPES', ''), ',ANSI_QUOTES', '')",
      );
    }
  } finally {
    c.destroy();
    await m.endAll();
  }
});

test('Copy Connection URL never holds the password; the terminal option file holds it quoted, with TLS verification', () => {
  const url = connectionUrl({
    user: 'app user',
    endpoint: { host: 'db.example', port: 3306, kind: 'public' },
    schema: 'shop',
  });
  assert.equal(url, 'mysql://app%20user@db.example:3306/shop');
  assertNoSecret(url);
  const file = optionFile({ user: 'app', via: { host: 'db.example', port: 3307 }, schema: undefined }, 'pa"ss\\word', {
    use: true,
    settings: { caFile: '/ca.pem' },
  });
  assert.match(file, /^\[client\]\n/);
  assert.match(file, /^password="pa\\"ss\\\\word"$/m);
  assert.match(file, /^host="db\.example"$/m);
  assert.match(file, /^loose-ssl-verify-server-cert$/m);
  assert.match(file, /^ssl-ca="\/ca\.pem"$/m);
  // Through an SSH tunnel the client reaches 127.0.0.1: the chain is verified, not the name.
  const tunneled = optionFile(
    { user: 'app', via: { host: '127.0.0.1', port: 41000, bastion: 'me@bastion' }, schema: undefined },
    'x',
    { use: true, settings: { caFile: '/ca.pem' } },
  );
  assert.match(tunneled, /^host="127\.0\.0\.1"$/m);
  assert.match(tunneled, /^port=41000$/m);
  assert.match(tunneled, /^loose-ssl-mode=VERIFY_CA$/m);
  assert.doesNotMatch(tunneled, /verify-server-cert|VERIFY_IDENTITY/);
});

test('Connect... chooses the default schema (issue 25, rough edge 9): the schema node, the one chosen before, the only one, else asked once', async () => {
  // The probe reads the schemas the user sees, the server's own left out.
  const m = new DbSessionManager();
  const s = await m.open({ target, user: 'app', password: PASSWORD, endpoint: endpoint() });
  assert.ok(s.userSchemas.includes('shop'), `schemas: ${s.userSchemas.join(', ')}`);
  for (const sys of ['mysql', 'information_schema', 'performance_schema', 'sys'])
    assert.ok(!s.userSchemas.includes(sys), `${sys} offered`);
  // Chosen after the session is live: a change is announced once (a console's status item follows).
  let announced = 0;
  s.onDidChangeSchema(() => announced++);
  s.schema = 'shop';
  s.schema = 'shop';
  assert.equal(announced, 1);
  assert.equal(s.schema, 'shop');
  await s.end();

  const schemas = ['shop', 'shop_archive'];
  assert.deepEqual(defaultSchema({ fromNode: 'shop_archive', remembered: 'shop', schemas }), {
    schema: 'shop_archive',
  });
  assert.deepEqual(defaultSchema({ remembered: 'shop', schemas }), { schema: 'shop' });
  assert.deepEqual(
    defaultSchema({ remembered: '', schemas }),
    { schema: undefined },
    '"no default schema" was the answer',
  );
  assert.equal(defaultSchema({ remembered: 'dropped', schemas }), 'ask', 'a schema no longer there is asked again');
  assert.equal(defaultSchema({ schemas }), 'ask');
  assert.deepEqual(defaultSchema({ schemas: ['only'] }), { schema: 'only' });
  assert.deepEqual(defaultSchema({ schemas: [] }), { schema: undefined });

  // Asked once: the answer is remembered per connection; Escape remembers nothing.
  const vscode = require('vscode');
  const store = new Map<string, unknown>();
  const remembered = new RememberedSchemas({
    get: (k: string) => store.get(k),
    update: async (k: string, v: unknown) => void store.set(k, v),
    keys: () => [...store.keys()],
  } as never);
  const session = { id: 'p1/inst-1/app', user: 'app', target, userSchemas: schemas } as never;
  const asked: string[] = [];
  let answer: string | undefined = undefined;
  vscode.window.showQuickPick = async (items: Array<{ label: string; schema: string }>, o: { placeHolder: string }) => {
    asked.push(o.placeHolder);
    return items.find((i) => i.schema === answer);
  };
  try {
    assert.equal(await chooseDefaultSchema(session, remembered, 'Connect'), undefined, 'Escape');
    answer = 'shop_archive';
    assert.equal(await chooseDefaultSchema(session, remembered, 'Connect'), 'shop_archive');
    assert.equal(await chooseDefaultSchema(session, remembered, 'Connect'), 'shop_archive');
    assert.equal(asked.length, 2, 'asked until answered, then not again');
    assert.match(asked[0], /Default schema of app on orders-db/);
    assert.equal(await chooseDefaultSchema(session, remembered, 'Connect', 'shop'), 'shop', 'the schema node wins');
    // "No default schema" is an answer too: remembered, not asked again.
    const other = { id: 'p1/inst-1/other', user: 'other', target, userSchemas: schemas } as never;
    answer = '';
    assert.equal(await chooseDefaultSchema(other, remembered, 'Connect'), undefined);
    assert.equal(await chooseDefaultSchema(other, remembered, 'Connect'), undefined);
    assert.equal(asked.length, 3);
  } finally {
    delete vscode.window.showQuickPick;
  }
});
