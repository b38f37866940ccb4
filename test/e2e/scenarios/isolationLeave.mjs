// The first half of the isolation pair (isolationCheck.mjs is the second): a scenario file that
// leaves behind everything a file can leave in its host: a profile with its keys (the extension's
// global state and SecretStorage, which code-server keeps in the browser), a file in the
// workspace, a file in the extension's global storage on the server, a terminal with its shell,
// a permission granted to the page and a route on it. The runner runs isolationCheck right after
// this file on the same code-server and Chromium (its `after`), and that file must see none of it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { connectSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';
import { descendants, extensionHosts, processTree } from '../../../scripts/e2e/processes.mjs';

/** One language is enough: the pair tests the runner, not a translation. */
export const locales = ['en'];

/** What this file leaves; isolationCheck.mjs looks for each. */
export const LEFT = {
  profile: 'e2e-left-behind',
  workspaceFile: 'left-behind.txt',
  globalStorageFile: join('User', 'globalStorage', 'nhncloud-explorer.nhncloud-explorer', 'left-behind.json'),
  /** Where this file writes the ids of its window's processes (its extension host and all under it, the terminal's shell). */
  processesFile: join(tmpdir(), `nhncloud-e2e-isolation-${process.pid}.json`),
};

let sandbox;

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'leave state behind: a profile with its keys, a workspace file, a global-storage file, a terminal, a permission',
    async run(t) {
      sandbox = await startSandboxProcess({ timeScaleMs: 100 });
      await t.openView('NHN Cloud');
      await connectSandboxProfile(t, LEFT.profile, sandbox.url);
      await t.treeRow(LEFT.profile).waitFor({ timeout: 30_000 });
      writeFileSync(join(t.server.ws, LEFT.workspaceFile), 'left by isolationLeave.mjs\n');
      const stored = join(t.server.userData, LEFT.globalStorageFile);
      mkdirSync(dirname(stored), { recursive: true });
      writeFileSync(stored, '{"leftBy":"isolationLeave.mjs"}');
      await t.page.context().grantPermissions(['clipboard-read'], { origin: t.server.url });
      await t.page.route('**/left-behind-route', (route) => route.fulfill({ body: 'left behind' }));
      const before = new Set(descendants(t.server.pid));
      await t.runCommand('View: Toggle Terminal');
      await t.page.locator('.terminal-wrapper').first().waitFor({ timeout: 30_000 });
      const deadline = Date.now() + 30_000;
      let terminal = [];
      // VS Code's server's own helpers (the pty host, started with the first terminal) are the
      // server's, not the window's: they stay. What runs under them is the window's. Both from one
      // reading of the process tree: the pty host may start between two readings.
      while (!terminal.length && Date.now() < deadline) {
        const tree = processTree();
        const helpers = new Set(tree.childrenOf(t.server.pid).flatMap(tree.childrenOf));
        terminal = tree.descendants(t.server.pid).filter((p) => !before.has(p) && !helpers.has(p));
        await t.page.waitForTimeout(100);
      }
      if (!terminal.length) throw new Error('the terminal started no process');
      const hosts = extensionHosts(t.server.pid);
      writeFileSync(
        LEFT.processesFile,
        JSON.stringify([...new Set([...terminal, ...hosts, ...hosts.flatMap(descendants)])]),
      );
    },
  },
  {
    name: 'the sandbox process is stopped',
    independent: true,
    async run() {
      sandbox?.stop();
    },
  },
];
