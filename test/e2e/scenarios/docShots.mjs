// The screenshots of the README and the guide pages (docs/, docs/ko/) into docs/images/ (only with
// NHNCLOUD_DOC_SHOTS=1; the normal suite skips this file). A screen a page talks about is one more
// entry of `shots`, shown by the page with alt text in each language. Light: NHNCLOUD_DOC_SHOTS=1 npm run test:e2e -- docShots --skip-exthost
// Dark: the same with NHNCLOUD_DOC_SHOTS_THEME=dark.
// Each PNG is reduced to a 256-colour palette when ImageMagick's `convert` is installed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseInDialog } from '../../../scripts/e2e/fileDialog.mjs';
import {
  clickLens,
  createDbUser,
  gridStatus,
  runInConsole,
  typeInConsole,
  webviewWith,
} from '../../../scripts/e2e/dbConsole.mjs';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');
const OUT = join(ROOT, 'docs', 'images');
// One theme per run (a code-server per file): this file light, docShotsDark.mjs dark.
const VARIANT = process.env.NHNCLOUD_DOC_SHOTS_THEME === 'dark' ? 'dark' : 'light';
const THEME = VARIANT === 'dark' ? 'Default Dark Modern' : 'Default Light Modern';

// English and Korean pictures (the Korean README shows its own).
export const locales = ['en', 'ko'];
export const options = { userSettings: { 'nhncloud.sandbox.jobStepMs': 200, 'workbench.colorTheme': THEME } };

/** Saves `<name>-<variant>.png` (variant: light or dark, the theme this file runs with); other display languages add theirs: `<name>-ko-light.png`. */
async function shoot(t, name) {
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `${name}${t.locale === 'en' ? '' : `-${t.locale}`}-${VARIANT}.png`);
  await t.page.screenshot({ path: file, scale: 'css' });
  spawnSync('convert', [file, '-colors', '256', `PNG8:${file}`]);
}

/** The sandbox's address, from the notification Explore the Sandbox shows. */
let url = '';

async function region(t, code = 'KR1') {
  const asked = await t.page
    .locator('.quick-input-widget')
    .filter({ hasText: t.auto('Region') })
    .waitFor({ state: 'visible', timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  if (asked) await t.quick.pick(code);
}

const shots = [
  {
    name: 'welcome: the view before the first profile',
    async run(t) {
      await t.openView('NHN Cloud');
      await t.sidebar
        .locator('.welcome-view')
        .getByRole('button', { name: t.nls('Add Profile') })
        .waitFor({ timeout: 60_000 });
      await shoot(t, 'welcome');
    },
  },
  {
    name: 'explorer: the sandbox tree with an instance open',
    async run(t) {
      await t.runCommand('NHN Cloud: Explore the Sandbox');
      const toast = await t.notification('The sandbox runs on', 60_000);
      url = /http:\/\/127\.0\.0\.1:\d+/.exec(await toast.innerText())?.[0] ?? '';
      await t.page.keyboard.press('Escape');
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.expandRow('staging-api');
      await t.treeRow('DB Users').waitFor();
      await shoot(t, 'explorer');
    },
  },
  {
    name: 'create: the Create DB Instance form',
    async run(t) {
      await t.command('NHN Cloud: Create DB Instance');
      await region(t);
      await t.webview().locator('[data-path="dbInstanceName"]').waitFor({ timeout: 60_000 });
      await shoot(t, 'create-instance');
      await t.command('View: Close All Editors');
    },
  },
  {
    name: 'parameters: the parameter group editor',
    async run(t) {
      await t.command('NHN Cloud: Edit Parameters');
      await region(t);
      await t.quick.pick('default.MYSQL_V8040', 'Parameter group');
      await t.webview().locator('.pg-count').waitFor({ timeout: 60_000 });
      await shoot(t, 'parameters');
      await t.command('View: Close All Editors');
    },
  },
  {
    name: 'storage and network: an object open in the editor, a transit hub in the tree',
    async run(t) {
      // Fold RDS for MySQL so the other services fit in the picture.
      const rds = t.treeRow('RDS for MySQL');
      if ((await rds.getAttribute('aria-expanded')) === 'true') await rds.click();
      await t.expandRow('Network');
      await t.expandRow('Transit Hubs');
      await t.expandRow('core-hub');
      await t.expandRow('Object Storage');
      await t.expandRow('sandbox-docs');
      await t.openRow('README.md');
      await t.page
        .locator('.editor-group-container.active .monaco-editor .view-lines')
        .first()
        .waitFor({ timeout: 30_000 });
      await t.page.waitForTimeout(500);
      await shoot(t, 'storage-network');
    },
  },
  {
    name: 'sync: the preview of Sync Folder, each file with its size and why it is sent',
    async run(t) {
      const local = join(t.server.ws, 'reports');
      mkdirSync(join(local, 'monthly'), { recursive: true });
      writeFileSync(join(local, 'monthly', 'january.csv'), 'month,total\njanuary,1200\n');
      writeFileSync(join(local, 'monthly', 'february.csv'), 'month,total\nfebruary,1350\n');
      writeFileSync(join(local, 'summary.md'), '# Summary\n');
      await t.menu('sandbox-docs', 'Sync Folder...');
      await chooseInDialog(t, local, t.lre('The folder to keep in step with {0}', 'sandbox-docs/'));
      await t.quick.pick('Upload new and changed files', t.lre('How {0} and {1} are kept in step', 'reports'));
      await t.quick.pick('Size and modification time', 'How changes are found');
      await t.quick.waitFor(t.lre('{0} to copy ({1}), {2} to delete, {3} unchanged', 3, undefined, 0, 0), 60_000);
      await shoot(t, 'sync-preview');
      await t.page.keyboard.press('Escape');
    },
  },
  {
    name: 'query plan: a join with GROUP BY and ORDER BY explained beside its console',
    async run(t) {
      const connection = { instance: 'staging-api', user: 'docs', schema: 'staging_api' };
      await createDbUser(url, connection.instance, { dbUserName: connection.user, dbPassword: 'Docs-Pw7-shot' });
      await t.command('View: Close All Editors');
      await t.runCommand('NHN Cloud: Open Query Console');
      await t.quick.pick(connection.instance, 'DB instance');
      await t.quick.pick(connection.user, 'DB user');
      await t.quick.answer(
        'Docs-Pw7-shot',
        t.lpart('Password of {0} on {1} (kept in the OS keychain through VS Code SecretStorage)'),
      );
      await t.quick.pick(
        'Not production',
        t.l('Is {0} a production database? (asked once per instance)', connection.instance),
      );
      await t.page.locator('.quick-input-widget').getByRole('option', { name: connection.schema, exact: true }).click();
      await runInConsole(
        t,
        [
          'CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(40), city VARCHAR(20))',
          'CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, total DECIMAL(10,2), KEY idx_customer (customer_id))',
          "INSERT INTO customers SELECT seq, CONCAT('customer ', seq), ELT(1 + seq % 4, 'Seoul', 'Busan', 'Incheon', 'Daegu') FROM seq_1_to_500",
          'INSERT INTO orders SELECT seq, 1 + seq % 500, seq % 300 FROM seq_1_to_5000',
          'ANALYZE TABLE customers, orders',
        ].join(';\n'),
        connection,
      );
      await gridStatus(t, t.lre('{0} rows in {1} s.', 2));
      await typeInConsole(
        t,
        'SELECT c.city, COUNT(*) AS orders, SUM(o.total) AS revenue\nFROM customers c\nJOIN orders o ON o.customer_id = c.id\nWHERE o.total > 100\nGROUP BY c.city\nORDER BY revenue DESC',
      );
      await clickLens(t, '$(type-hierarchy) Explain');
      await t.webview().locator('#qp-summary').waitFor({ timeout: 30_000 });
      await t.page.keyboard.press('Escape');
      await shoot(t, 'query-plan');
    },
  },
  {
    name: 'results: a query\'s rows sorted by a column and filtered, "N of M rows"',
    async run(t) {
      // The query plan's console, connected: the plan view gives way to the results.
      const connection = { instance: 'staging-api', user: 'docs', schema: 'staging_api' };
      await runInConsole(
        t,
        'SELECT c.id, c.name, c.city, COUNT(o.id) AS orders, SUM(o.total) AS revenue\nFROM customers c JOIN orders o ON o.customer_id = c.id\nGROUP BY c.id, c.name, c.city',
        connection,
      );
      await gridStatus(t, t.lre('{0} rows in {1} s.', 500));
      const view = await webviewWith(t, '.qr-header');
      const header = view.locator('.qr-header [data-header="revenue"]');
      await header.click();
      await header.click();
      await view.locator('.qr-spacer [role="gridcell"]').first().click();
      await t.page.keyboard.press('Control+F');
      await t.page.keyboard.type('Busan');
      await view
        .locator('#qr-count')
        .filter({ hasText: t.l('{0} of {1} rows', 125, 500) })
        .waitFor({ timeout: 15_000 });
      await shoot(t, 'query-results');
    },
  },
  {
    name: 'table editor: a table opened from the tree, a cell changed, the Preview of its UPDATE',
    async run(t) {
      await t.command('View: Close All Editors');
      await t.openView('NHN Cloud');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.expandRow('staging-api');
      await t.expandRow('DB Schemas');
      await t.expandRow('staging_api');
      const table = t.treeRow('customers');
      await table.waitFor({ timeout: 30_000 });
      await t.menu(table, 'Open Table');
      const view = await webviewWith(t, '#td-grid');
      const cell = view.locator('#td-grid [data-row="1"] [data-col="2"]');
      await cell.waitFor({ timeout: 30_000 });
      await cell.dblclick();
      const input = view.locator('input.td-editor');
      await input.waitFor({ timeout: 10_000 });
      await input.fill('');
      await t.page.keyboard.type('Suwon');
      await t.page.keyboard.press('Enter');
      await view.locator('#td-grid [data-row="1"] [data-col="2"].td-changed').waitFor({ timeout: 10_000 });
      await view.locator('#td-preview-button').click();
      await view.locator('#td-statements').waitFor({ timeout: 15_000 });
      await shoot(t, 'table-editor');
    },
  },
];

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = process.env.NHNCLOUD_DOC_SHOTS === '1' ? shots : [];
