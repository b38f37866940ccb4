// The database explorer end to end, against the sandbox started from the welcome view:
// browse, create a DB user and a schema and see them appear when their jobs end, stop and
// start an instance (tree and status bar), a protected instance refused with the reason,
// and events filtered by keyword. Then (issue 27) the Sandbox profile switched to RDS API v4.0:
// a log file's content opened at once, a full then an incremental backup on it (its details say
// so), binary logs purged up to a file, storage autoscale turned on, an event subscription created
// and renamed, an instance created with storage autoscale from the form. Jobs are fast here
// (nhncloud.sandbox.jobStepMs).

import { rdsApi, until } from '../../../scripts/e2e/dbConsole.mjs';
import { choose, closeEditors, errorOf, field, fill, firstOption, optionOf, region } from './panels.mjs';
import { exploredSandboxUrl } from '../../../scripts/e2e/sandboxProcess.mjs';

export const options = { userSettings: { 'nhncloud.sandbox.jobStepMs': 150 } };

const INSTANCE = 'dev-playground';
/** The in-editor sandbox's address (from its notification). */
let url;
const ADVANCED = 'Advanced (optional): endpoint overrides and S3 signing regions. Enter on "Save profile" to finish.';

/**
 * Edit Profile moves the Sandbox profile (the only one: it is opened without asking which) to RDS
 * API v4.0 through its list of fields (Advanced), every other answer kept; the tree then reloads.
 * @param {import('../../../scripts/e2e/browser.mjs').Helpers} t
 */
export async function sandboxOnRdsV4(t) {
  await t.runCommand('NHN Cloud: Edit Profile');
  await t.quick.pick('Advanced: endpoints, S3 signing regions, RDS API version', 'Field to change, or Save profile');
  await t.quick.pick('RDS API version', ADVANCED);
  await t.quick.pick('v4.0', 'RDS API version of this profile');
  await t.quick.pick('$(check) Save profile', ADVANCED);
  await t.notification(t.l('Profile "{0}" saved.', 'Sandbox'));
}

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
      url = await exploredSandboxUrl(t);
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
      await t
        .treeRow('staging-api')
        .filter({ hasText: t.l('Stopped') })
        .waitFor({ timeout: 30_000 });
      await t.runCommand('NHN Cloud: Start DB Instance');
      await t.quick.pick('staging-api', 'DB instance');
      await t.notification(t.lre('{0}: done in {1}.', t.l('Start {0}', 'staging-api')), 90_000);
      await t
        .treeRow('staging-api')
        .filter({ hasText: t.l('Available') })
        .waitFor({ timeout: 30_000 });
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
      await t.quick.pick('Every event', 'Category');
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
    async run(t) {
      const instances = t.treeRow('DB Instances');
      if ((await instances.getAttribute('aria-expanded')) === 'false') await t.clickRow(instances);
      // Issue 65: the most used entries at the top, the rest in submenus a person can scan.
      const top = await t.menuLabels('staging-api', { waitFor: 'Lifecycle' });
      await t.screenshot('rds-context-menu');
      for (const present of ['Connect...', 'Refresh', 'Lifecycle', 'Backups', 'Settings', 'Connection and Access'])
        if (!top.some((l) => l.includes(t.nls(present)))) throw new Error(`"${present}" missing: ${top.join(' | ')}`);
      if (top.some((l) => l.includes(t.nls('Stop DB Instance'))))
        throw new Error(`Stop is at the top of the menu, not under Lifecycle: ${top.join(' | ')}`);
      const lifecycle = await t.menuLabels('staging-api', { submenu: 'Lifecycle', waitFor: 'Stop DB Instance' });
      await t.screenshot('rds-context-menu-lifecycle');
      const ha = await t.menuLabels('staging-api', { submenu: 'High Availability and Replicas' });
      const settings = await t.menuLabels('staging-api', { submenu: 'Settings' });
      const copy = await t.menuLabels('staging-api', { submenu: 'Copy ID, Name or Link' });
      const labels = [...lifecycle, ...ha, ...settings, ...copy];
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
  {
    // Issue 27: the same sandbox through RDS API v4.0 (a Bearer token from its token host).
    name: 'RDS API v4.0: Edit Profile chooses it; a log file opens its content; a full, then an incremental backup; binary logs purged; storage autoscale; an event subscription created and renamed; an instance created with storage autoscale',
    async run(t) {
      if (!url) throw new Error('the first scenario did not find the sandbox address');
      await sandboxOnRdsV4(t);

      // v4.0 shows what only it has: the instance's binary logs; a log file opens its content.
      await t.openView('NHN Cloud');
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      // The saved profile reloads the tree, and a row expanded before the reload may come back
      // folded (fresh-clone CI run 22, rds[ja]: the instance folded, no Binary Logs). Binary Logs
      // exists only in the reloaded (v4.0) tree: until it shows, unfold what the reload folded
      // (each unfold checked by expandRow itself), and otherwise wait.
      const folded = async (label) =>
        (await t
          .treeRow(label)
          .getAttribute('aria-expanded', { timeout: 1_000 })
          .catch(() => null)) === 'false';
      await until(
        'the instance shows Binary Logs (the tree reloaded for RDS API v4.0)',
        async () => {
          if (await t.treeRow('Binary Logs').isVisible()) return true;
          for (const label of ['DB Instances', INSTANCE]) if (await folded(label)) await t.expandRow(label);
          return false;
        },
        60_000,
      );
      await t.expandRow('Log Files');
      await t.expandRow(t.l('Error log'));
      await t.openRow('error.log');
      await t.page
        .locator('.editor-group-container.active .monaco-editor .view-lines')
        .filter({ hasText: 'ready for connections' })
        .first()
        .waitFor({ timeout: 30_000 });

      // A full backup, then an incremental one on it.
      const { dbInstances } = await rdsApi(url, 'GET', '/v3.0/db-instances');
      const id = dbInstances.find((i) => i.dbInstanceName === INSTANCE).dbInstanceId;
      const manual = async () =>
        (await rdsApi(url, 'GET', `/v3.0/backups?page=1&size=100&dbInstanceId=${id}&backupType=MANUAL`)).backups;
      const before = (await manual()).length;
      // A backup's job ends in the service first, then in the extension (its poll), which then
      // redraws the instance: wait for both before the next click on its rows.
      const jobs = t.page.locator('.statusbar-item').filter({ hasText: t.l('$(sync~spin) 1 NHN Cloud job') });
      const settled = async (name, what) => {
        await until(what, async () =>
          (await manual()).some((b) => b.backupName === name && b.backupStatus === 'COMPLETED'),
        );
        await jobs.first().waitFor({ state: 'hidden', timeout: 60_000 });
      };
      await t.menu(INSTANCE, 'Backups > Back Up Now...');
      await t.quick.pick('Full', 'Backup method');
      await t.quick.answer('e2e-full', 'Backup name');
      await settled('e2e-full', 'the full backup is completed');
      await t.menu(INSTANCE, 'Backups > Back Up Now...');
      await t.quick.pick('Incremental', 'Backup method');
      await t.quick.pick('e2e-full', 'Base backup of the incremental backup');
      await t.quick.answer('e2e-incremental', 'Backup name');
      await settled('e2e-incremental', 'the incremental backup is completed');
      if ((await manual()).length !== before + 2) throw new Error('not exactly two new backups');
      // Issue 63: the toast names the base, and Reveal in Tree selects the new backup's row.
      const done = await t.notification(
        t.lre(
          '{0}: done in {1}.',
          t.l('Back up {0} as {1}, incrementally on the base backup {2}', INSTANCE, 'e2e-incremental', 'e2e-full'),
        ),
      );
      await done.getByRole('button', { name: t.l('Reveal in Tree'), exact: true }).click();
      await t.sidebar
        .locator('.monaco-list-row.selected[role="treeitem"]')
        .filter({ hasText: 'e2e-incremental' })
        .waitFor({ timeout: 30_000 });
      // The tree as it was: the Backups folder folded again (Left to it, Left to fold it; the
      // reveal gave the tree the focus), scrolled to the top, so the rows below stay in view.
      await t.page.keyboard.press('ArrowLeft');
      await t.page.keyboard.press('ArrowLeft');
      await t.page.keyboard.press('Home');

      // Binary logs: the backups rotated the log; purge up to the oldest.
      const logs = t.sidebar.locator('.monaco-list-row[role="treeitem"]').filter({ hasText: /^mysql-bin\.\d{6}/ });
      // The backup's end redraws the instance, maybe while Binary Logs loads (a fresh-clone CI
      // run, rds[ja]: no log row within 30 s; expandTo re-expands a folder folded by a redraw).
      // The instance's Binary Logs folder, the whole label: Log Files has a "Binary log files" folder
      // too (바이너리 로그 파일 contains 바이너리 로그), whose files cannot be purged.
      const binaryLogs = t.sidebar
        .locator('.monaco-list-row[role="treeitem"]')
        .filter({ hasText: new RegExp(`^\\s*${t.l('Binary Logs').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
        .first();
      await t.expandTo(binaryLogs, logs);
      const oldest = ((await logs.first().innerText()).match(/mysql-bin\.\d{6}/) ?? [])[0];
      await t.menu(logs.first(), 'Purge Binary Logs Up To Here...');
      const dialog = t.page.locator('.monaco-dialog-box');
      await dialog.filter({ hasText: oldest }).waitFor({ timeout: 15_000 });
      await dialog.getByRole('button', { name: t.l('Purge'), exact: true }).click();
      await t.notification(t.l('Purged the binary logs of {0} up to {1}.', INSTANCE, oldest));
      const left = (await rdsApi(url, 'GET', `/v3.0/db-instances/${id}/log-files`)).logFiles.map((f) => f.logFileName);
      if (left.includes(oldest)) throw new Error(`${oldest} is still there: ${left.join(', ')}`);

      // Storage autoscale on, with the three settings, as the instance's storage then answers.
      await t.menu(INSTANCE, 'Settings > Storage Autoscale...');
      await t.quick.pick('On', 'Grow the storage when it fills up?');
      await t.quick.answer('85', 'Grow when usage reaches (%, 50 to 95)');
      await t.quick.answer('300', t.l('Never grow beyond (GB, {0} to 4096)', 20));
      await t.quick.answer('30', 'Wait between two growths (minutes, 10 to 1440)');
      const autoscaleOf = async (instanceId) =>
        (await rdsApi(url, 'GET', `/v3.0/db-instances/${instanceId}/storage-info`)).storageAutoscale;
      await until('the storage autoscale is on', async () => (await autoscaleOf(id))?.useStorageAutoscale === true);
      const scale = await autoscaleOf(id);
      if (scale.threshold !== 85 || scale.maxStorageSize !== 300 || scale.cooldownTime !== 30)
        throw new Error(`storage autoscale: ${JSON.stringify(scale)}`);
      await jobs.first().waitFor({ state: 'hidden', timeout: 60_000 });

      // An event subscription: DB_INSTANCE events of every instance, to the first user group, by e-mail.
      // Its folder is below the instances: fold them to bring it into the list's view.
      const instances = t.treeRow('DB Instances');
      await t.clickRow(instances);
      await until(
        'DB Instances is folded',
        async () => (await instances.getAttribute('aria-expanded')) === 'false',
        10_000,
      );
      await t.menu('Event Subscriptions', 'Create Event Subscription...');
      await t.quick.answer('e2e-subscription', 'Name');
      await t.quick.pick('DB instance events', 'Event category');
      const check = async (placeholder) => {
        await t.quick.waitFor(placeholder);
        // A click on a row of a many-item pick toggles its check.
        await t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first().click();
        await t.quick.enter();
      };
      await check('Event codes to subscribe to');
      await t.quick.waitFor('DB instances whose events are sent (none: every instance)');
      await t.quick.enter();
      await check('User groups that receive the events');
      await t.quick.waitFor('Notify by');
      await t.quick.enter();
      await t.notification(t.l('Event subscription {0} created.', 'e2e-subscription'));
      await t.expandRow('Event Subscriptions');
      await t.treeRow('e2e-subscription').waitFor({ timeout: 30_000 });
      await t.screenshot('rds-v4-subscription');
      // Edited: renamed, the one change picked.
      await t.menu('e2e-subscription', 'Edit Event Subscription...');
      await t.quick.waitFor('What do you want to change?');
      await t.page
        .locator('.quick-input-widget .quick-input-list .monaco-list-row')
        .filter({ hasText: t.l('Name') })
        .first()
        .click();
      await t.quick.enter();
      await t.quick.answer('e2e-subscription-renamed', 'Name');
      await t.notification(t.l('Event subscription {0} updated.', 'e2e-subscription-renamed'));
      await t.treeRow('e2e-subscription-renamed').waitFor({ timeout: 30_000 });

      // An instance created with storage autoscale: the form checks the ceiling against the size.
      await t.command('NHN Cloud: Create DB Instance');
      await region(t);
      const w = t.webview();
      const autoscale = 'storage.storageAutoscale.useStorageAutoscale';
      await field(w, autoscale).waitFor({ timeout: 60_000 });
      await choose(w, 'dbVersion', 'MYSQL_V8040');
      await fill(w, 'dbInstanceName', 'e2e-autoscaled');
      await choose(w, 'dbFlavorId', await firstOption(w, 'dbFlavorId'));
      await choose(w, 'storage.storageType', await firstOption(w, 'storage.storageType'));
      await fill(w, 'storage.storageSize', '40');
      await field(w, autoscale).click();
      await fill(w, 'storage.storageAutoscale.maxStorageSize', '30');
      await errorOf(
        w,
        'storage.storageAutoscale.maxStorageSize',
        t.l('{0} must not be below the storage size ({1} GB).', t.l('Maximum size (GB)'), 40),
      ).waitFor();
      await fill(w, 'storage.storageAutoscale.maxStorageSize', '400');
      await choose(w, 'network.subnetId', await firstOption(w, 'network.subnetId'));
      await choose(w, 'network.availabilityZone', 'kr-pub-a');
      await choose(w, 'parameterGroupId', await optionOf(w, 'parameterGroupId'));
      await fill(w, 'dbUserName', 'admin');
      await fill(w, 'dbPassword', 'E2eSecretPw!7');
      await fill(w, 'dbPasswordConfirm', 'E2eSecretPw!7');
      await w.locator('#review-request').click();
      await w.locator('#submit').click();
      await w.locator('.progress', { hasText: t.auto('Job') }).waitFor();
      const created = async () =>
        (await rdsApi(url, 'GET', '/v3.0/db-instances')).dbInstances.find((i) => i.dbInstanceName === 'e2e-autoscaled');
      await until('the sandbox has e2e-autoscaled', async () => !!(await created()));
      const made = await autoscaleOf((await created()).dbInstanceId);
      // The form's own settings: on, the ceiling typed, the guide's example threshold and pause.
      const want = { useStorageAutoscale: true, threshold: 80, maxStorageSize: 400, cooldownTime: 10 };
      if (Object.entries(want).some(([k, v]) => made?.[k] !== v))
        throw new Error(`e2e-autoscaled's storage autoscale: ${JSON.stringify(made)}`);
      await closeEditors(t);
    },
  },
];
