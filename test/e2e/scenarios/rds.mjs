// The database explorer end to end, against the sandbox started from the welcome view:
// browse, create a DB user and a schema and see them appear when their jobs end, stop and
// start an instance (tree and status bar), a protected instance refused with the reason,
// and events filtered by keyword. Jobs are fast here (nhncloud.sandbox.jobStepMs).

import { WITHOUT_DECISIONS } from '../../../scripts/e2e/texts.mjs';

export const options = { userSettings: { 'nhncloud.sandbox.jobStepMs': 150 } };

const INSTANCE = 'dev-playground';

/** The visible modal dialog (VS Code's own, not the browser's). */
const dialog = (t) => t.page.locator('.monaco-dialog-box');

async function noLoadFailure(t) {
  const failed = await t.sidebar
    .locator('.monaco-list-row[role="treeitem"]')
    .filter({ hasText: t.lre('Failed to load: {0}. Click to retry') })
    .count();
  if (failed) throw new Error(`${failed} tree row(s) say "Failed to load"`);
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'Explore the Sandbox from the welcome: the Sandbox profile with its regions appears',
    async run(t) {
      await t.openView('NHN Cloud');
      await t.sidebar
        .locator('.welcome-view')
        .getByRole('button', { name: t.nls('Explore the Sandbox') })
        .click();
      await t.notification('The sandbox runs on', 60_000);
      await t.treeRow('Sandbox').waitFor({ timeout: 30_000 });
      await t.treeRow('KR1').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'browse region, instance, DB users, schemas and log files',
    async run(t) {
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.treeRow('prod-orders').waitFor({ timeout: 30_000 });
      await t.expandRow(INSTANCE);
      for (const folder of ['Log Files', 'DB Schemas', 'DB Users']) {
        await t.expandRow(folder);
      }
      await t.treeRow('Storage').waitFor();
      await noLoadFailure(t);
      await t.screenshot('rds-browse');
    },
  },
  {
    name: 'create a DB user from the palette; it appears when its job ends',
    async run(t) {
      await t.runCommand('NHN Cloud: Create DB User...');
      await t.quick.pick(INSTANCE, 'DB instance');
      await t.quick.answer('e2e_user', 'User name');
      // Checked before sending: 3 characters is below the documented minimum of 4.
      await t.quick.answer('abc', 'Password');
      // The message, not the prompt (which says "4 to 256" too), naming the box's field.
      await t.quick
        .validation()
        .filter({ hasText: t.l('{0} must be {1} to {2} characters long.', t.l('The password'), 4, 256) })
        .waitFor({ timeout: 15_000 });
      await t.quick.answer('e2e-Passw0rd');
      await t.quick.answer('e2e-Passw0rd', 'Repeat the password');
      await t.quick.answer('%', 'Host');
      await t.quick.pick('CRUD', 'Authority');
      // MySQL 8.4 supports the TLS option; its only plugin (caching_sha2_password) is not asked.
      await t.quick.pick('NONE', 'TLS');
      await t.notification(
        t.lre('{0}: done in {1}.', t.l('Create DB user {0}@{1} on {2}', 'e2e_user', '%', INSTANCE)),
        90_000,
      );
      await t.treeRow('e2e_user@%').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'create a DB schema; it appears when its job ends',
    async run(t) {
      await t.runCommand('NHN Cloud: Create DB Schema...');
      await t.quick.pick(INSTANCE, 'DB instance');
      await t.quick.answer('e2e_schema', 'Schema name');
      await t.notification(
        t.lre('{0}: done in {1}.', t.l('Create DB schema {0} on {1}', 'e2e_schema', INSTANCE)),
        90_000,
      );
      await t.treeRow('e2e_schema').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'stop and start an instance: the status bar counts the job, the tree shows the new status',
    async run(t) {
      await t.runCommand('NHN Cloud: Stop DB Instance');
      await t.quick.pick('staging-api', 'DB instance');
      await t.dialogButton(t.l('Stop {0}?', 'staging-api'), 'Stop');
      await t.page
        .locator('.statusbar-item')
        .filter({ hasText: t.l('$(sync~spin) 1 NHN Cloud job') })
        .first()
        .waitFor({ timeout: 30_000 });
      await t.notification(t.lre('{0}: done in {1}.', t.l('Stop {0}', 'staging-api')), 90_000);
      await t.treeRow('staging-api').filter({ hasText: 'SHUTDOWN' }).waitFor({ timeout: 30_000 });
      await t.runCommand('NHN Cloud: Start DB Instance');
      await t.quick.pick('staging-api', 'DB instance');
      await t.notification(t.lre('{0}: done in {1}.', t.l('Start {0}', 'staging-api')), 90_000);
      await t.treeRow('staging-api').filter({ hasText: 'AVAILABLE' }).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'deleting a protected instance is refused with the reason',
    async run(t) {
      await t.runCommand('NHN Cloud: Delete DB Instance...');
      await t.quick.pick('prod-orders', 'DB instance');
      await dialog(t)
        .filter({ hasText: t.l('{0} cannot be deleted: deletion protection is on.', 'prod-orders') })
        .waitFor({ timeout: 30_000 });
      await t.screenshot('rds-delete-refused');
      await t.page.keyboard.press('Escape');
      await t.treeRow('prod-orders').waitFor();
    },
  },
  {
    name: 'events speak the display language (the service sends each message in four)',
    async run(t) {
      // A sentence ending that only event messages have, in the language of the run.
      const ending = { en: / was [a-z]+\./, ko: /습니다/, ja: /ました/ }[t.locale];
      // The tree is virtualised: fold the instances so the Events row is rendered.
      const instances = t.treeRow('DB Instances');
      if ((await instances.getAttribute('aria-expanded')) === 'true') await instances.click();
      await t.expandRow('Events');
      await t.sidebar
        .locator('.monaco-list-row[role="treeitem"]')
        .filter({ hasText: ending })
        .first()
        .waitFor({ timeout: 30_000 });
      const events = t.treeRow('Events');
      if ((await events.getAttribute('aria-expanded')) === 'true') await events.click();
    },
  },
  {
    name: 'filter events by keyword',
    async run(t) {
      await t.runCommand('NHN Cloud: Filter Events...');
      await t.quick.pick('KR1', 'region');
      await t.quick.pick('ALL', 'Category');
      await t.quick.answer('backup', 'Keyword');
      await t.quick.pick('Last 30 days', 'Time range');
      // The tree is virtualised: fold the instances so the Events row is rendered.
      const instances = t.treeRow('DB Instances');
      if ((await instances.getAttribute('aria-expanded')) === 'true') await instances.click();
      await t.treeRow('Events').filter({ hasText: '"backup"' }).waitFor({ timeout: 30_000 });
      await t.expandRow('Events');
      await noLoadFailure(t);
      await t.screenshot('rds-events-filtered');
    },
  },
  {
    name: 'the context menu of a running instance offers what its state allows',
    independent: true,
    // Reads a menu and answers nothing (texts.mjs).
    locales: WITHOUT_DECISIONS,
    async run(t) {
      const instances = t.treeRow('DB Instances');
      if ((await instances.getAttribute('aria-expanded')) === 'false') await t.clickRow(instances);
      const row = t.treeRow('staging-api');
      await row.waitFor({ timeout: 30_000 });
      await t.clickRow(row, { button: 'right' });
      const menu = t.page.locator('.monaco-menu').last();
      await menu
        .locator('.action-label')
        .filter({ hasText: t.nls('Stop DB Instance') })
        .first()
        .waitFor({ timeout: 15_000 });
      const labels = await menu.locator('.action-label').allInnerTexts();
      await t.screenshot('rds-context-menu');
      await t.page.keyboard.press('Escape');
      for (const absent of ['Start DB Instance', 'Promote Read Replica', 'Pause High Availability']) {
        if (labels.some((l) => l.includes(t.nls(absent))))
          throw new Error(`"${absent}" offered on a running single instance: ${labels.join(' | ')}`);
      }
      for (const present of ['Restart DB Instance...', 'Modify DB Instance...', 'Delete DB Instance...', 'Copy ID']) {
        if (!labels.some((l) => l.includes(t.nls(present))))
          throw new Error(`"${present}" missing: ${labels.join(' | ')}`);
      }
    },
  },
];
