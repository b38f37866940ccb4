// RDS against a sandbox running outside VS Code (as a real service would): a VIEWER profile
// gets a clear permission message, and a job survives a window reload. The sandbox process is
// started by the first scenario and stopped, by its own id, by the last one (or on exit).
import { connectSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';

let sandbox;
let url;

function stopSandbox() {
  sandbox?.stop();
  sandbox = undefined;
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'Connect to a Running Sandbox as a viewer (after an address with no sandbox, kept in the box with why): it browses, and a change gets a clear permission message, not a stack trace',
    async run(t) {
      // 2 s a job step: a stop takes ~10 s, long enough to reload the window in the middle.
      sandbox = await startSandboxProcess({ timeScaleMs: 2000 });
      url = sandbox.url;
      await t.openView('NHN Cloud');
      // A port with nothing behind it first: the address box says so and keeps what was typed.
      await connectSandboxProfile(t, 'e2e-viewer', url, { role: 'Viewer', unreachable: 'http://127.0.0.1:1' });
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.treeRow('staging-api').waitFor({ timeout: 30_000 });
      await t.runCommand('NHN Cloud: Stop DB Instance');
      await t.quick.pick('staging-api', 'DB instance');
      await t.dialogButton(t.l('Stop {0}?', 'staging-api'), 'Stop');
      const toast = await t.notification('permission', 30_000);
      const text = await toast.innerText();
      if (/\n\s+at |Error:|\.ts:\d+/.test(text)) throw new Error(`the message shows internals: ${text}`);
      await t.screenshot('rds-viewer-forbidden');
    },
  },
  {
    name: 'reload the window in the middle of a job: the job resumes and reports its end',
    async run(t) {
      await connectSandboxProfile(t, 'e2e-admin', url);
      await t.runCommand('NHN Cloud: Stop DB Instance');
      await t.quick.pick('staging-api', 'DB instance');
      await t.dialogButton(t.l('Stop {0}?', 'staging-api'), 'Stop');
      await t.page
        .locator('.statusbar-item')
        .filter({ hasText: t.l('$(sync~spin) 1 NHN Cloud job') })
        .first()
        .waitFor({ timeout: 30_000 });
      await t.reloadWindow();
      await t.openView('NHN Cloud');
      await t.notification(t.lre('{0}: done in {1}.', t.l('Stop {0}', 'staging-api')), 120_000);
      await t.expandRow('KR1');
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t
        .treeRow('staging-api')
        .filter({ hasText: t.l('Stopped') })
        .waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'the sandbox process is stopped',
    independent: true,
    async run() {
      stopSandbox();
    },
  },
];
