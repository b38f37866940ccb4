// The sandbox started inside VS Code (Explore the Sandbox) backs its DB instances with real
// MariaDB servers (src/sandbox/rds/mariadb): an instance's Network folder shows its 127.0.0.1
// endpoint, a client connects to the instance's port with the seeded password and lands in the
// seeded schema, and Stop the Sandbox leaves neither the server nor its directory behind.
// Needs Debian's mariadb-server, mariadb-client and openssl: without them the file fails saying so.
import { existsSync } from 'node:fs';
import { createConnection } from 'mysql2/promise';
import { mariaDbMissing } from '../../support/mariadb.mjs';
import { exploredSandboxUrl } from '../../../scripts/e2e/sandboxProcess.mjs';

const INSTANCE = 'staging-api';
// The seeded users' password (src/sandbox/rds/mariadb/databases.ts SANDBOX_DB_PASSWORD, shown in the README).
const SEEDED_PASSWORD = 'sandbox-db-password';

let url;
let server; // { port, dir } of the instance's MariaDB once started

/** The sandbox's database control route (what a test in another process can see). */
async function databases(body = {}) {
  const res = await fetch(`${url}/_sandbox/rds/mariadb`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`/_sandbox/rds/mariadb answered ${res.status}`);
  return res.json();
}

async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: "Explore the Sandbox: an instance's Network folder shows its 127.0.0.1 endpoint",
    async run(t) {
      const missing = mariaDbMissing({ tls: true });
      if (missing) throw new Error(missing);
      await t.openView('NHN Cloud');
      await t.sidebar
        .locator('.welcome-view')
        .getByRole('button', { name: t.nls('Explore the Sandbox') })
        .click();
      url = await exploredSandboxUrl(t);
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.expandRow(INSTANCE);
      // The instance's Network folder, not the region's Network service row: the one at the level of its Backup Settings.
      const sibling = t.treeRow('Backup Settings');
      await sibling.waitFor({ timeout: 30_000 });
      const level = await sibling.getAttribute('aria-level');
      const network = t.sidebar
        .locator(`.monaco-list-row[role="treeitem"][aria-level="${level}"]`)
        .filter({ hasText: t.l('Network') })
        .first();
      if ((await network.getAttribute('aria-expanded')) === 'false') await t.clickRow(network);
      // The endpoint rows: address 127.0.0.1, internal always, external as staging-api has public access.
      await t.treeRow(t.l('{0} · internal', '127.0.0.1')).waitFor({ timeout: 30_000 });
      await t.treeRow(t.l('{0} · external', '127.0.0.1')).waitFor({ timeout: 30_000 });
      // Each says host:port, as a client is configured (issue 25, rough edge 20: the port was hidden).
      const { port } = (await databases()).instances.find((i) => i.dbInstanceName === INSTANCE);
      const rows = t.sidebar.locator('.monaco-list-row[role="treeitem"]').filter({ hasText: `127.0.0.1:${port}` });
      await rows.nth(1).waitFor({ timeout: 10_000 });
    },
  },
  {
    name: "a client connects to the instance's port with the seeded password; the server runs from a temporary directory",
    async run() {
      const before = (await databases()).instances.find((i) => i.dbInstanceName === INSTANCE);
      if (!before || before.running)
        throw new Error(`${INSTANCE} should have a port and no server yet: ${JSON.stringify(before)}`);
      const conn = await createConnection({
        host: '127.0.0.1',
        port: before.port,
        user: 'admin',
        password: SEEDED_PASSWORD,
        database: 'staging_api',
      });
      const [rows] = await conn.query('SELECT DATABASE() AS db, CURRENT_USER() AS who');
      await conn.end();
      if (rows[0].db !== 'staging_api' || !String(rows[0].who).startsWith('admin@'))
        throw new Error(`connected as ${JSON.stringify(rows[0])}`);
      server = (await databases()).instances.find((i) => i.dbInstanceName === INSTANCE).server;
      if (!server || !existsSync(server.dir)) throw new Error(`no running server reported: ${JSON.stringify(server)}`);
    },
  },
  {
    name: 'Stop the Sandbox stops the MariaDB and removes its directory',
    async run(t) {
      await t.runCommand('NHN Cloud: Stop the Sandbox');
      await t.notification('Sandbox stopped; its profile was removed.');
      await until(`${server.dir} is removed`, () => !existsSync(server.dir));
      // Nothing answers on the server's own port any more.
      await until(`port ${server.port} is closed`, () =>
        createConnection({
          host: '127.0.0.1',
          port: server.port,
          user: 'admin',
          password: SEEDED_PASSWORD,
          connectTimeout: 2000,
        }).then(
          async (c) => (await c.end(), false),
          (err) => err.code === 'ECONNREFUSED',
        ),
      );
    },
  },
];
