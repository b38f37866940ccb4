// RDS for MariaDB beside RDS for MySQL (issue 65), against a sandbox process that serves both
// products (MariaDB at its own path and app key, src/sandbox/rds): the Add Profile wizard asks
// for MariaDB's app key; KR1 shows RDS for MariaDB beside RDS for MySQL with its own instances; a
// MariaDB instance is created from the form with a MariaDB engine (the form offers no MySQL one);
// Connect..., a query with completion and a plan, a row edited in the table editor; and on RDS
// API v4.0, what only RDS for MySQL offers there (binary logs, certificates, a backup's details)
// is absent from a MariaDB instance and its backups, while a MySQL instance has it.
// Needs Debian's mariadb-server, mariadb-client and openssl: without them the file fails saying so.
import { mariaDbMissing } from '../../support/mariadb.mjs';
import { addSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';
import {
  answerConnect,
  clickLens,
  createDbUser,
  editCellAndApply,
  gridStatus,
  NO_QUICK_SUGGESTIONS,
  runInConsole,
  typeInConsole,
  until,
  webviewWith,
} from '../../../scripts/e2e/dbConsole.mjs';
import { choose, field, fill, firstOption, optionOf } from './panels.mjs';

const INSTANCE = 'maria-analytics';
const SCHEMA = 'maria_analytics';
const DB_USER = 'e2e_maria';
const DB_PASSWORD = 'Maria-e2e-Pw7';
const PRODUCT = 'RDS for MariaDB';

export const options = { userSettings: { ...NO_QUICK_SUGGESTIONS } };

let sandbox;
/** @type {{ instance: string, user: string, schema?: string }} */
const connection = { instance: INSTANCE, user: DB_USER, schema: SCHEMA };

/** Folds the expanded tree row `text` (both products' roots hold rows of the same names). */
async function collapseRow(t, text) {
  const row = t.treeRow(text);
  await row.waitFor({ timeout: 30_000 });
  if ((await row.getAttribute('aria-expanded')) === 'true') await t.clickRow(row);
  await until(`${text} is folded`, async () => (await row.getAttribute('aria-expanded')) === 'false');
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: "setup: a sandbox process with both products; Add Profile with RDS for MariaDB's app key, on RDS API v4.0",
    async run(t) {
      const missing = mariaDbMissing({ tls: true });
      if (missing) throw new Error(missing);
      sandbox = await startSandboxProcess({ timeScaleMs: 100 });
      await createDbUser(
        sandbox.url,
        INSTANCE,
        { dbUserName: DB_USER, dbPassword: DB_PASSWORD },
        { product: 'mariadb' },
      );
      await t.openView('NHN Cloud');
      await addSandboxProfile(t, 'e2e-mariadb', sandbox.url, {
        regions: ['KR1'],
        rdsApiVersion: 'v4.0',
        mariadb: true,
      });
    },
  },
  {
    name: 'KR1 shows RDS for MariaDB beside RDS for MySQL; its DB Instances are the MariaDB ones, with their engine',
    async run(t) {
      await t.expandRow('KR1');
      await t.treeRow('RDS for MySQL').waitFor({ timeout: 30_000 });
      await t.expandRow(PRODUCT);
      await t.expandRow('DB Instances');
      await t.treeRow(INSTANCE).waitFor({ timeout: 30_000 });
      await t.treeRow('maria-shop').waitFor({ timeout: 30_000 });
      // RDS for MySQL stays closed: none of its instances is drawn under MariaDB's folder.
      if (await t.treeRow('staging-api').count())
        throw new Error("a MySQL instance shows under RDS for MariaDB's folder");
      // The row names its engine as the console does (MariaDB 11.4.7), never MARIADB_V11407.
      const text = await t.treeRow(INSTANCE).innerText();
      if (!/MariaDB 11\.4/.test(text) || /MARIADB_V/.test(text)) throw new Error(`the instance row reads: ${text}`);
      await t.screenshot('mariadb-instances');
      // From the palette, an instance is picked among both products', each row naming its product.
      await t.runCommand('NHN Cloud: Restart DB Instance...');
      await t.quick.waitFor('DB instance');
      const rows = t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
      await rows
        .filter({ hasText: INSTANCE })
        .filter({ hasText: `KR1 · ${PRODUCT}` })
        .waitFor({ timeout: 30_000 });
      await rows
        .filter({ hasText: 'staging-api' })
        .filter({ hasText: 'KR1 · RDS for MySQL' })
        .waitFor({ timeout: 30_000 });
      await t.page.keyboard.press('Escape');
      await t.quick.waitClosed();
    },
  },
  {
    name: 'v4.0: a MariaDB instance has no Binary Logs or Certificates and its backups no Backup Details; a MySQL backup has them',
    async run(t) {
      await t.expandRow(INSTANCE);
      await t.treeRow(t.l('DB Schemas')).waitFor({ timeout: 30_000 });
      for (const folder of ['Binary Logs', 'Certificates'])
        if (await t.treeRow(t.l(folder)).count()) throw new Error(`the MariaDB instance shows ${folder}`);
      await t.expandRow(t.l('Backups'));
      const backup = t.treeRow(`${INSTANCE}_auto_`);
      await backup.waitFor({ timeout: 30_000 });
      const labels = await t.menuLabels(backup, { waitFor: 'Export Backup to Object Storage...' });
      if (labels.some((l) => l.startsWith(t.nls('Backup Details'))))
        throw new Error(`a MariaDB backup's menu offers Backup Details: ${labels.join(' | ')}`);
      // The same menu of a MySQL backup on the same profile offers it (the check can fail).
      await collapseRow(t, PRODUCT);
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.expandRow('staging-api');
      for (const folder of ['Binary Logs', 'Certificates']) await t.treeRow(t.l(folder)).waitFor({ timeout: 30_000 });
      await t.expandRow(t.l('Backups'));
      const mysqlBackup = t.treeRow('staging-api_auto_');
      const mysqlLabels = await t.menuLabels(mysqlBackup, { waitFor: 'Export Backup to Object Storage...' });
      if (!mysqlLabels.some((l) => l.startsWith(t.nls('Backup Details'))))
        throw new Error(`a MySQL backup's menu lacks Backup Details: ${mysqlLabels.join(' | ')}`);
      // Back to MariaDB's instances (its folders stay as they were opened).
      await collapseRow(t, 'RDS for MySQL');
      await t.expandRow(PRODUCT);
      await t.treeRow(INSTANCE).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'Create DB Instance from the MariaDB folder: only MariaDB engines; the job ends with the instance in the tree',
    async run(t) {
      await t.menu('DB Instances', 'Create DB Instance...');
      const w = t.webview();
      await field(w, 'dbInstanceName').waitFor({ timeout: 60_000 });
      const engines = await field(w, 'dbVersion').evaluate((el) =>
        [...el.querySelectorAll('vscode-option')].map((o) => o.value).filter(Boolean),
      );
      if (!engines.length || engines.some((v) => !v.startsWith('MARIADB_')))
        throw new Error(`the form offers these engines: ${engines.join(', ')}`);
      await choose(w, 'dbVersion', 'MARIADB_V101108');
      await fill(w, 'dbInstanceName', 'e2e-maria');
      await choose(w, 'dbFlavorId', await firstOption(w, 'dbFlavorId'));
      await choose(w, 'storage.storageType', await firstOption(w, 'storage.storageType'));
      await fill(w, 'storage.storageSize', '40');
      await choose(w, 'network.subnetId', await firstOption(w, 'network.subnetId'));
      await choose(w, 'network.availabilityZone', await optionOf(w, 'network.availabilityZone'));
      await fill(w, 'dbPort', '3306');
      await choose(w, 'parameterGroupId', await optionOf(w, 'parameterGroupId'));
      await fill(w, 'dbUserName', 'admin');
      await fill(w, 'dbPassword', 'E2eMariaPw!7');
      await fill(w, 'dbPasswordConfirm', 'E2eMariaPw!7');
      await w.locator('#review-request').click();
      const summary = w.locator('table.summary');
      await summary.waitFor();
      // Review names the engine in words and the product the request goes to.
      const text = await summary.innerText();
      if (!text.includes('MariaDB 10.11.8')) throw new Error(`Review does not name the engine: ${text}`);
      await w.locator('#submit').click();
      await w.locator('vscode-button', { hasText: t.auto('Reveal in Explorer') }).waitFor({ timeout: 180_000 });
      await w.locator('vscode-button', { hasText: t.auto('Reveal in Explorer') }).click();
      await t.treeRow('e2e-maria').waitFor({ timeout: 60_000 });
      await t.command('View: Close All Editors');
    },
  },
  {
    name: 'Connect... to a MariaDB instance, a query with completion, the plan of a join, and a row edited in the table editor',
    async run(t) {
      await t.menu(INSTANCE, 'Connect...');
      await answerConnect(t, { instance: INSTANCE, user: DB_USER, password: DB_PASSWORD, schema: SCHEMA });
      await t.command('NHN Cloud: Open Query Console');
      await runInConsole(
        t,
        "CREATE TABLE e2e_shop (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL, note VARCHAR(20) NULL);\nINSERT INTO e2e_shop VALUES (1, 'tea', NULL), (2, 'cup', 'x'), (3, 'pot', NULL) RETURNING id;",
        connection,
      );
      // MariaDB's INSERT ... RETURNING: the inserted ids as a result set.
      await gridStatus(t, t.lre('{0} rows in {1} s.', 3));
      // Completion offers the new table, then one of MariaDB's own functions.
      await typeInConsole(t, 'SELECT * FROM e2e_s');
      const suggest = t.page.locator('.part.editor .suggest-widget');
      const choice = (label) => suggest.locator('.monaco-list-row', { hasText: label }).first();
      await t.page.keyboard.press('Control+Space');
      await choice('e2e_shop').waitFor({ timeout: 30_000 });
      await t.page.keyboard.press('Escape');
      await typeInConsole(t, 'SELECT JSON_DETAIL');
      await t.page.keyboard.press('Control+Space');
      await choice('JSON_DETAILED').waitFor({ timeout: 30_000 });
      await t.page.keyboard.press('Escape');
      // The plan of a join from its CodeLens: the full scan of e2e_shop marked.
      await typeInConsole(
        t,
        `SELECT STRAIGHT_JOIN a.name, b.seq FROM e2e_shop a JOIN seq_1_to_1000 b ON b.seq = a.id WHERE a.note IS NULL`,
      );
      await clickLens(t, '$(type-hierarchy) Explain');
      await t
        .webview()
        .locator('#qp-summary')
        .filter({ hasText: t.lre('{0} tables; full table scans: {1}.', 2, 'a') })
        .waitFor({ timeout: 30_000 });
      await t.screenshot('mariadb-plan');
      await t.command('View: Close Editor');
      // A row edited: Open Table on the new table, pot's note set, the exact UPDATE previewed.
      await t.openView('NHN Cloud');
      await collapseRow(t, t.l('Backups'));
      await t.expandRow(t.l('DB Schemas'));
      // The schema's row, not its namesake maria_analytics_archive.
      const schema = t.sidebar
        .locator('.monaco-list-row[role="treeitem"]')
        .filter({ hasText: SCHEMA })
        .filter({ hasNotText: `${SCHEMA}_archive` })
        .first();
      await t.expandRow(schema);
      const table = t.treeRow('e2e_shop');
      await table.waitFor({ timeout: 30_000 });
      await t.menu(table, 'Open Table');
      const view = await webviewWith(t, '#td-grid');
      await until('the table editor shows the rows', async () =>
        /pot/.test(
          (await view
            .locator('#td-grid')
            .innerText()
            .catch(() => '')) ?? '',
        ),
      );
      await editCellAndApply(t, view, {
        row: 2,
        col: 2,
        value: 'brewed',
        statement: `UPDATE \`${SCHEMA}\`.\`e2e_shop\` SET \`note\` = 'brewed' WHERE \`id\` = 3 AND \`note\` <=> NULL;`,
      });
      await t.command('View: Close All Editors');
    },
  },
  {
    name: 'the sandbox process is stopped',
    async run() {
      sandbox?.stop();
    },
  },
];
