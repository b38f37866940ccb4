// The second half of the isolation pair: runs right after isolationLeave.mjs on the same
// code-server and Chromium (`after`, scripts/e2e/run.mjs) and must find none of what that file
// left: no profile (the welcome view shows, the global state and SecretStorage are empty), no
// workspace or global-storage file, no log of the last extension host, no process of its window,
// no permission, no route. Run alone it fails: it proves nothing on a host of its own.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LEFT } from './isolationLeave.mjs';
import { alive, commandLine } from '../../../scripts/e2e/processes.mjs';

export const locales = ['en'];
export const after = 'isolationLeave.mjs';

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'a file on a reused host sees nothing of the file before it',
    async run(t) {
      if (!t.server.reused)
        throw new Error(
          'isolationCheck ran on a host of its own: run it after isolationLeave.mjs (its `after`) to prove anything',
        );
      const left = [];
      if (existsSync(join(t.server.ws, LEFT.workspaceFile))) left.push('the workspace file');
      if (existsSync(join(t.server.userData, LEFT.globalStorageFile))) left.push('the global-storage file');
      if (readdirSync(t.server.ws).length) left.push(`workspace entries ${readdirSync(t.server.ws).join(', ')}`);
      const permission = await t.page.evaluate(
        async () =>
          (await navigator.permissions.query({ name: /** @type {PermissionName} */ ('clipboard-read') })).state,
      );
      if (permission === 'granted') left.push('the clipboard permission');
      const routed = await t.page.evaluate(async () => (await fetch('/left-behind-route')).status);
      if (routed === 200) left.push('the route');
      // The last window's processes (its extension host and all under it, its terminal) are gone.
      const still = JSON.parse(readFileSync(LEFT.processesFile, 'utf8')).filter(alive);
      rmSync(LEFT.processesFile, { force: true });
      // A command line's end names what the process is (`--type=ptyHost`, `--type=extensionHost`).
      const named = (p) => commandLine(p).replace(/^(.{60}).{20,}(.{120})$/, '$1 … $2');
      if (still.length) left.push(`processes ${still.map((p) => `${p} (${named(p)})`).join(', ')}`);
      await t.openView('NHN Cloud');
      // No profile: the welcome view (nhncloud.noProfiles) offers to explore the sandbox.
      await t.sidebar
        .locator('.welcome-view')
        .getByRole('button', { name: t.nls('Explore the Sandbox') })
        .waitFor({ timeout: 30_000 });
      if (await t.treeRow(LEFT.profile).count()) left.push('the profile in the tree');
      // The extension has activated in this window (its log says ready) and logged nothing of the last one.
      await t.runCommand('NHN Cloud: Show Log');
      const log = t.logText();
      if (log.includes(LEFT.profile)) left.push("the last window's log");
      if (left.length) throw new Error(`left behind by isolationLeave.mjs: ${left.join('; ')}`);
    },
  },
];
