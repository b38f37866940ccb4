// A new user's first hour with the in-window sandbox (issue 63), end to end:
// - a window reload 0 parts into an upload (the multipart upload begun, every part held back):
//   the reloaded window restarts the sandbox from its data folder, offers the upload, and Resume
//   completes it (the record was lost, and the sandbox lost the upload, before); a floating IP
//   allocated before the reload is still in the tree after it (the network came back as seeded);
// - Connect through the sandbox's SSH bastion with nothing of one's own: a private instance is
//   refused directly, "Use an SSH Bastion..." offers the sandbox's bastion first, its host key
//   is trusted once (the fingerprint the sandbox logged) and the connection goes through, with no
//   password asked (the bastion's is in SecretStorage).
// Needs Debian's mariadb-server, mariadb-client and openssl (the sandbox's databases).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDbUser, until } from '../../../scripts/e2e/dbConsole.mjs';
import { chooseInDialog } from '../../../scripts/e2e/fileDialog.mjs';
import { exploredSandboxUrl, sandboxControl } from '../../../scripts/e2e/sandboxProcess.mjs';

/** The files SSH reads, in a folder of this run (machine settings: see dbAccess.mjs). */
const SSH_DIR = mkdtempSync(join(tmpdir(), 'nhncloud-e2e-sbssh-'));
writeFileSync(join(SSH_DIR, 'config'), '');
export const options = {
  machineSettings: {
    'nhncloud.database.sshConfigFile': join(SSH_DIR, 'config'),
    'nhncloud.database.knownHostsFile': join(SSH_DIR, 'known_hosts'),
  },
};

const INSTANCE = 'staging-api';
const DB_USER = 'e2e_bastion';
const DB_PASSWORD = 'Bastion-Pw-63e2e';
const KEPT_LABEL = 'kept-across-reload';

/** The in-window sandbox's address: it changes with each start, and the log says it. */
let url;
function startedUrl(t) {
  const all = [...t.logText().matchAll(/Sandbox started on (http:\/\/127\.0\.0\.1:\d+)/g)];
  return all.at(-1)?.[1];
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'a reload before the first part of an upload: the restarted in-window sandbox still holds it, the window offers it, and Resume completes it',
    async run(t) {
      await t.openView('NHN Cloud');
      await t.runCommand('NHN Cloud: Explore the Sandbox');
      url = await exploredSandboxUrl(t);
      // Something of the person's own, which the reload must not undo: a floating IP allocated.
      await t.expandRow('KR1');
      await t.expandRow('Network');
      await t.expandRow('Floating IPs');
      await t.menu('Floating IPs', 'Allocate Floating IP...');
      await t.quick.answer(KEPT_LABEL, 'A label for the new address (optional)');
      const allocated = await t.notification(t.lre('Floating IP {0} allocated in {1}.', undefined, 'KR1'), 30_000);
      const address = t.lparse(
        'Floating IP {0} allocated in {1}.',
        (await allocated.locator('.notification-list-item-message').innerText()).trim(),
      )?.[0];
      if (!address) throw new Error('no address in the notification');
      await t.treeRow(address).filter({ hasText: KEPT_LABEL }).waitFor({ timeout: 30_000 });
      const data = randomBytes(20 * 1024 * 1024 + 7);
      writeFileSync(join(t.server.ws, 'early.bin'), data);
      const digest = () =>
        sandboxControl(url, 'storage/object-digest', 'POST', {
          region: 'KR1',
          bucket: 'sandbox-docs',
          key: 'early.bin',
        });
      // Every part held back: the reload comes with the multipart upload begun and no part on the server.
      await sandboxControl(url, 'faults', 'POST', {
        service: 'storage',
        operation: 'storage.uploadPart',
        latencyMs: 120_000,
      });
      await t.expandRow('KR1');
      await t.expandRow('Object Storage');
      await t.menu('sandbox-docs', 'Upload Files...');
      await chooseInDialog(t, join(t.server.ws, 'early.bin'), t.lre('Upload to {0}/{1}', 'sandbox-docs'));
      await until('the sandbox holds the multipart upload', async () =>
        (await digest()).uploads.some((u) => u.key === 'early.bin' && u.parts === 0),
      );
      const before = url;
      await t.reloadWindow();
      await t.openView('NHN Cloud');
      // The tree's first load restarts the sandbox (on a new port) from its data folder.
      await t.expandRow('KR1');
      await t.expandRow('Object Storage');
      await t.treeRow('sandbox-docs').waitFor({ timeout: 60_000 });
      await until('the restarted sandbox says its address', async () => {
        const now = startedUrl(t);
        if (now && now !== before) url = now;
        return url !== before;
      });
      if (!(await digest()).uploads.some((u) => u.key === 'early.bin'))
        throw new Error('the restarted sandbox lost the multipart upload');
      const toast = await t.notification(
        t.lre('{0} upload was cut off before it finished; its parts are kept on the server.', 1),
        60_000,
      );
      await toast.getByRole('button', { name: t.l('Resume...') }).click();
      await t.quick.waitFor(t.lre('Uploads cut off before they finished: the ones picked are resumed'));
      await t.quick.enter();
      await t.notification(t.lre('Uploaded {0} to {1}: resumed.', 'early.bin', 'sandbox-docs'), 120_000);
      const after = await digest();
      if (after.sha256 !== createHash('sha256').update(data).digest('hex') || after.size !== data.length)
        throw new Error(`the resumed object differs: ${JSON.stringify(after)}`);
      if (after.uploads.length) throw new Error(`uploads left open: ${JSON.stringify(after.uploads)}`);
      // The bucket, opened again in the reloaded window, lists the object.
      await t.expandRow('sandbox-docs');
      await t.treeRow('early.bin').waitFor({ timeout: 30_000 });
      // The floating IP allocated before the reload is still there (the network is kept too).
      await t.expandRow('Network');
      await t.expandRow('Floating IPs');
      await t.treeRow(address).filter({ hasText: KEPT_LABEL }).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: "Connect through the sandbox's bastion: a private instance refused directly, the bastion offered first, its host key trusted, connected with no password asked",
    async run(t) {
      await createDbUser(url, INSTANCE, { dbUserName: DB_USER, dbPassword: DB_PASSWORD });
      await sandboxControl(url, 'rds/private', 'POST', { name: INSTANCE });
      const fingerprint = /Sandbox SSH bastion on \S+, host key (\S+) (SHA256:\S+)/.exec(t.logText())?.[2];
      if (!fingerprint) throw new Error("the log does not give the sandbox bastion's host key");
      await t.runCommand('Notifications: Clear All Notifications');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.menu(INSTANCE, 'Connect...');
      await t.quick.pick(DB_USER, 'DB user');
      await t.quick.answer(
        DB_PASSWORD,
        t.lpart('Password of {0} on {1} (kept in the OS keychain through VS Code SecretStorage)'),
      );
      await t.quick.pick('Not production', t.l('Is {0} a production database? (asked once per instance)', INSTANCE));
      const refused = await t.notification(/is private: its database is reachable only through an SSH bastion/, 60_000);
      await refused.getByRole('button', { name: t.l('Use an SSH Bastion...') }).click();
      await t.quick.pick(
        t.l("$(beaker) The sandbox's bastion").replace('$(beaker) ', ''),
        t.l('SSH bastion to reach {0} through (a host with a floating IP in its VPC)', INSTANCE),
      );
      // The DB user's password again (a refused connection keeps none), then no sign-in question
      // for the bastion: the next thing is its host key, shown with the fingerprint the sandbox printed.
      await t.quick.answer(
        DB_PASSWORD,
        t.lpart('Password of {0} on {1} (kept in the OS keychain through VS Code SecretStorage)'),
      );
      const dialog = t.page
        .locator('.monaco-dialog-box')
        .filter({ hasText: t.lpart('The authenticity of {0} cannot be established. Trust its host key?') });
      await dialog.waitFor({ timeout: 60_000 });
      const shown = await dialog.innerText();
      if (!shown.includes(fingerprint)) throw new Error(`the dialog shows another key than ${fingerprint}: ${shown}`);
      await t.dialogButton(
        t.lpart('The authenticity of {0} cannot be established. Trust its host key?'),
        'Trust and Connect',
      );
      await t.quick.pick(
        'No default schema',
        t.l(
          'Default schema of {0} on {1} (asked once; the status bar of a query console changes it)',
          DB_USER,
          INSTANCE,
        ),
      );
      await t.page
        .locator('.statusbar-item')
        .filter({ hasText: t.l('Connected to {0} as {1}.', INSTANCE, DB_USER) })
        .first()
        .waitFor({ timeout: 60_000 });
      const known = readFileSync(join(SSH_DIR, 'known_hosts'), 'utf8');
      if (!/^\[127\.0\.0\.1\]:\d+ ssh-ed25519 /m.test(known))
        throw new Error(`the trusted key is not in known_hosts: ${known}`);
    },
  },
];
