// RDS for MySQL as the service answers today (issue 61), on the Sandbox profile moved to RDS API
// v4.0: Create DB Instance offers the newest engine first (MySQL 8.4.11) and none the service no
// longer creates (8.0.18), and an instance on 8.4.11 with the family parameter group ends
// AVAILABLE; a job that ends COMPLETED_WITH_ERROR ends with a warning whose Show Events narrows
// the region's Events folder to the instance; prod-orders (KR1, high availability) shows its High
// availability row, and its pending maintenance is run now, RUNNING, then COMPLETED.
//
// Job steps of 400 ms (not forms.mjs's 150): a job still ends (4 steps) before the job tracker's
// first look (2 s less 10 %), and a maintenance run now stays RUNNING for 1.6 s, long enough for
// the folder's refresh right after the request to show it on a busy machine.
import { submitAndReveal } from './forms.mjs';
import { choose, field, fill, firstOption, optionOf, region } from './panels.mjs';
import { sandboxOnRdsV4 } from './rds.mjs';
import { exploredSandboxUrl, sandboxControl } from '../../../scripts/e2e/sandboxProcess.mjs';

export const options = { userSettings: { 'nhncloud.sandbox.jobStepMs': 400 } };

/** The explored sandbox's address (its notification says it). */
let url;

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The tree rows whose label is exactly `label`, as shown: "Events" must not match "Event
 * Subscriptions" in a language where one is a prefix of the other, nor prod-orders' HA group the
 * instance prod-orders in it (`description`: what the row's description starts with).
 * @param {import('../../../scripts/e2e/browser.mjs').Helpers} t
 * @param {string} label
 * @param {string | RegExp} [description]
 * @returns the first such row
 */
const rowNamed = (t, label, description) => {
  const rows = t.sidebar
    .locator('.monaco-list-row[role="treeitem"]')
    .filter({ has: t.page.locator('.label-name', { hasText: new RegExp(`^\\s*${esc(label)}\\s*$`) }) });
  if (description === undefined) return rows.first();
  const start = typeof description === 'string' ? new RegExp(`^\\s*${esc(description)}`) : description;
  return rows.filter({ has: t.page.locator('.label-description', { hasText: start }) }).first();
};
/** The same for a label that is a message of the extension (translated). */
const rowLabelled = (t, message, description) => rowNamed(t, t.l(message), description);
/** The instance prod-orders (not its HA group, whose label is the same). */
const prodOrders = (t) => rowNamed(t, 'prod-orders', t.l('Available'));

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'the sandbox is explored and its profile moved to RDS API v4.0',
    async run(t) {
      await t.openView('NHN Cloud');
      await t.sidebar
        .locator('.welcome-view')
        .getByRole('button', { name: t.nls('Explore the Sandbox') })
        .click();
      url = await exploredSandboxUrl(t);
      await sandboxOnRdsV4(t);
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.treeRow('prod-orders').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'Create DB Instance offers the newest engine first and not a retired one; an instance on it ends AVAILABLE',
    async run(t) {
      await t.command('NHN Cloud: Create DB Instance...');
      await region(t);
      const w = t.webview();
      await field(w, 'dbInstanceName').waitFor({ timeout: 60_000 });
      await optionOf(w, 'dbVersion');
      const engines = await field(w, 'dbVersion').evaluate((el) =>
        [...el.querySelectorAll('vscode-option')]
          .filter((o) => o.value)
          .map((o) => ({ value: o.value, text: (o.textContent ?? '').trim() })),
      );
      const shown = engines.map((e) => `${e.value} (${e.text})`).join(', ');
      if (engines[0]?.value !== 'MYSQL_V8411' || engines[0].text !== 'MySQL 8.4.11')
        throw new Error(`the first engine offered is not MySQL 8.4.11: ${shown}`);
      if (engines.some((e) => e.value === 'MYSQL_V8018' || e.text.includes('8.0.18')))
        throw new Error(`MySQL 8.0.18, which the service no longer creates, is offered: ${shown}`);

      await choose(w, 'dbVersion', 'MYSQL_V8411');
      // The groups of the chosen version: the family group serves every 8.4.x.
      const family = field(w, 'parameterGroupId').locator('vscode-option', { hasText: 'default.MYSQL_V84_FAMILY' });
      await family.waitFor({ state: 'attached', timeout: 30_000 });
      const groupId = await family.evaluate((o) => o.value);
      await fill(w, 'dbInstanceName', 'e2e-newest');
      await choose(w, 'dbFlavorId', await firstOption(w, 'dbFlavorId'));
      await choose(w, 'storage.storageType', await firstOption(w, 'storage.storageType'));
      await fill(w, 'storage.storageSize', '40');
      await choose(w, 'network.subnetId', await firstOption(w, 'network.subnetId'));
      await choose(w, 'network.availabilityZone', 'kr-pub-a');
      await choose(w, 'parameterGroupId', groupId);
      await fill(w, 'dbUserName', 'admin');
      await fill(w, 'dbPassword', 'E2eSecretPw!7');
      await fill(w, 'dbPasswordConfirm', 'E2eSecretPw!7');
      await submitAndReveal(t, w, 'e2e-newest');
      await t
        .treeRow('e2e-newest')
        .filter({ hasText: t.l('Available') })
        .waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'a job that ends COMPLETED_WITH_ERROR ends with a warning; Show Events narrows the Events folder to the instance',
    async run(t) {
      if (!url) throw new Error('the first scenario did not find the sandbox address');
      await sandboxControl(url, 'rds/end-next-job', 'POST', {
        operation: 'restartDbInstance',
        status: 'COMPLETED_WITH_ERROR',
      });
      await t.runCommand('NHN Cloud: Restart DB Instance...');
      await t.quick.pick('dev-playground', 'DB instance');
      await t.quick.pick('Restart', t.l('Restart {0}', 'dev-playground'));
      // v4.0 may restart the operating system too: none of the options.
      await t.quick.waitFor('Options (none: restart the database only)');
      await t.quick.enter();
      const toast = await t.notification(
        t.lre(
          "{0}: done in {1}, but with errors: a step failed (the job's state: {2}). The DB instance's events say which.",
          t.l('Restart {0}', 'dev-playground'),
          undefined,
          t.l('completed with errors'),
        ),
        90_000,
      );
      if (!(await toast.locator('.codicon-warning').count())) throw new Error('the notification is not a warning');
      await toast.getByRole('button', { name: t.l('Show Events'), exact: true }).click();
      // The region's Events folder, narrowed to the instance: its description starts with the name.
      await rowLabelled(t, 'Events', 'dev-playground').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'prod-orders shows its High availability row: STABLE, and how the standby pings',
    async run(t) {
      await t.expandRow(prodOrders(t));
      await rowLabelled(t, 'High availability')
        .filter({ hasText: t.l('Ready') })
        .waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'prod-orders: Run Maintenance Now on its pending maintenance; it runs, then completes',
    async run(t) {
      await t.expandRow(prodOrders(t));
      // Counted once listed: two, one of them pending.
      await t.expandRow(rowLabelled(t, 'Maintenances'));
      await rowLabelled(t, 'Maintenances', t.l('{0} · {1} pending', 2, 1)).waitFor({ timeout: 30_000 });
      const label = t.l('Apply parameter group changes');
      const row = rowLabelled(t, 'Apply parameter group changes');
      await row.filter({ hasText: t.l('Waiting for you') }).waitFor({ timeout: 30_000 });
      await t.menu(row, 'Run Maintenance Now...');
      await t.dialogButton(t.l('Run maintenance "{0}" of {1} now?', label, 'prod-orders'), 'Run Now');
      await row.filter({ hasText: t.l('Running') }).waitFor({ timeout: 30_000 });
      await t.notification(
        t.lre('{0}: done in {1}.', t.l('Run maintenance "{0}" of {1}', label, 'prod-orders')),
        90_000,
      );
      await row.filter({ hasText: t.l('Completed') }).waitFor({ timeout: 30_000 });
      // None pending any more: the folder counts its two maintenances only.
      await rowLabelled(t, 'Maintenances', /^\s*2\s*$/).waitFor({ timeout: 30_000 });
    },
  },
];
