// The four flows that broke outside English when the code compared the button a person pressed
// with English text (issue 13). Adding the bucket to the workspace comes last: VS Code then
// watches the bucket and its own "file is newer" check could answer a save conflict before ours. opening an object above the open size limit from a bucket added
// to the workspace (Open Anyway), a save conflict (Compare, then Overwrite), Open after a log
// export, and Reveal after a download. Each button is pressed by its translated title, so the
// Korean and Japanese runs prove that the decision follows the button, not its text.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { acceptProposedPath } from '../../../scripts/e2e/fileDialog.mjs';
import { connectSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';
import { ANSWERS_DIALOGS } from '../../../scripts/e2e/texts.mjs';

// 1 MB: the 2 MB object below is above it. The window opens a saved multi-root workspace:
// adding a folder to a single-folder window makes VS Code for the web reload into an untitled
// workspace, which now and then came back with no folder at all (VS Code's move, not ours).
/** Its buttons pressed by their translated titles: Japanese too (texts.mjs). */
export const locales = ANSWERS_DIALOGS;

export const options = { userSettings: { 'nhncloud.storage.openSizeLimitMB': 1 }, workspaceFile: true };

const BIG = 'big-notes.txt';
let sandbox;

async function remotePut(key, content) {
  const res = await fetch(`${sandbox.url}/_sandbox/storage/put-object`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ region: 'KR1', bucket: 'sandbox-docs', key, content, contentType: 'text/plain' }),
  });
  if (!res.ok) throw new Error(`put-object answered ${res.status}`);
}

const editorText = (t) => t.page.locator('.editor-group-container.active .monaco-editor .view-lines').first();

async function waitEditorHas(t, text, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const got = (
      await editorText(t)
        .innerText()
        .catch(() => '')
    ).replace(/\u00a0/g, ' ');
    if (got.includes(text)) return got;
    if (Date.now() > deadline) throw new Error(`the editor does not show "${text}"; it shows:\n${got.slice(0, 300)}`);
    await t.page.waitForTimeout(250);
  }
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'a sandbox with a 2 MB object, and a profile',
    async run(t) {
      sandbox = await startSandboxProcess({ timeScaleMs: 200 });
      await remotePut(BIG, `${'the large object, line\n'.repeat(95_000)}end of the large object\n`);
      await t.openView('NHN Cloud');
      await connectSandboxProfile(t, 'e2e-dialogs', sandbox.url);
      await t.expandRow('KR1');
      await t.expandRow('Object Storage');
      await t.expandRow('sandbox-docs');
      await t.treeRow(BIG).waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'a save conflict: Compare shows both versions, Overwrite keeps mine',
    async run(t) {
      await t.openRow('README.md');
      await waitEditorHas(t, 'Sandbox bucket');
      await editorText(t).click();
      await t.page.keyboard.press('Control+Home');
      await t.page.keyboard.type('Mine. ');
      await remotePut('README.md', 'Theirs.\n');
      await t.page.keyboard.press('Control+S');
      const conflict = t.lre('{0} changed in {1} since you opened it (modified {2}).', 'README.md', 'sandbox-docs');
      await t.dialogButton(conflict, 'Compare');
      await t.page
        .locator('.tabs-container .tab')
        .filter({ hasText: t.l('{0} (remote) ↔ yours', 'README.md') })
        .waitFor({ timeout: 30_000 });
      await t.page.keyboard.press('Control+W');
      await t.page.locator('.tabs-container .tab').filter({ hasText: 'README.md' }).first().click();
      await t.page.keyboard.press('Control+S');
      await t.dialogButton(conflict, 'Overwrite');
      await t.page
        .locator('.tabs-container .tab.active:not(.dirty)')
        .filter({ hasText: 'README.md' })
        .waitFor({ timeout: 30_000 });
      await t.page.keyboard.press('Control+W');
      await t.openRow('README.md');
      await waitEditorHas(t, 'Mine. ');
      await t.page.keyboard.press('Control+W');
    },
  },
  {
    name: 'Open after a log export opens the exported log in the editor',
    async run(t) {
      await t.expandRow('RDS for MySQL');
      await t.expandRow('DB Instances');
      await t.menu('staging-api', 'Logs and Monitoring > Export Log Files to Object Storage...');
      await t.quick.waitFor('Log files to export');
      await t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first().click();
      await t.quick.enter();
      await t.quick.pick('sandbox-docs', t.lpart('Bucket (container) in {0} to export to'));
      await t.quick.waitFor(t.l('Path inside {0}', 'sandbox-docs'));
      await t.quick.enter();
      const done = await t.notification(t.lre('Exported {0} object to {1}/{2}.', 1), 120_000);
      await done.getByRole('button', { name: t.l('Open'), exact: true }).click();
      // Open shows the log read-only in an editor; Download would have asked where to save.
      await t.page.locator('.tabs-container .tab.active').filter({ hasText: '.log' }).waitFor({ timeout: 30_000 });
      if (await t.page.locator('.quick-input-widget').isVisible())
        throw new Error('Open asked where to save: it downloaded instead of opening');
      if (!(await editorText(t).innerText()).trim()) throw new Error('the exported log opened empty');
      await t.page.keyboard.press('Control+W');
    },
  },
  {
    name: 'Reveal after a download shows the file in the Explorer',
    async run(t) {
      await t.menu('config.json', 'Download...');
      // The save dialog proposes the workspace folder and the object's name: accept it.
      await acceptProposedPath(t, join(t.server.ws, 'config.json'), 'config.json');
      const done = await t.notification(t.lre('Downloaded {0} file to {1}.', 1), 60_000);
      if (!existsSync(join(t.server.ws, 'config.json')))
        throw new Error('config.json was not downloaded into the workspace folder');
      await done.getByRole('button', { name: t.l('Reveal'), exact: true }).click();
      await t.page
        .locator('.explorer-folders-view .monaco-list-row.selected, .explorer-folders-view .monaco-list-row.focused')
        .filter({ hasText: 'config.json' })
        .first()
        .waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'Open Anyway opens an object above the size limit from the bucket added to the workspace',
    async run(t) {
      await t.openView('NHN Cloud');
      await t.menu('sandbox-docs', 'Add Bucket to Workspace');
      // The bucket becomes a second folder of the workspace: VS Code's Explorer lists it.
      await t.runCommand('View: Show Explorer');
      const explorer = t.page.locator('.explorer-folders-view');
      const folder = explorer.locator('.monaco-list-row').filter({ hasText: 'sandbox-docs (KR1)' }).first();
      await folder.waitFor({ timeout: 60_000 });
      // If the extension host restarts for the new folder, its view container leaves the activity
      // bar and comes back once the extensions are registered again (the file system provider with them).
      await t.page
        .locator('#workbench\\.parts\\.activitybar')
        .getByRole('tab', { name: 'NHN Cloud' })
        .waitFor({ timeout: 90_000 });
      // Until the file system provider is registered (again), expanding the folder shows nothing.
      // Expand until the object is listed.
      const big = explorer.locator('.monaco-list-row').filter({ hasText: BIG }).first();
      for (let attempt = 0; !(await big.isVisible()); attempt++) {
        if (attempt === 12) throw new Error(`${BIG} is not listed under the bucket folder`);
        // A read before the provider was back is remembered as an error ("!"): refresh, then expand.
        const header = t.page
          .locator('#workbench\\.parts\\.sidebar .pane-header')
          .filter({ hasText: 'Workspace' })
          .first();
        await header.hover();
        await header.locator('.action-label[aria-label^="Refresh Explorer"]').click();
        if ((await folder.getAttribute('aria-expanded')) === 'true') await folder.click();
        await folder.click();
        await big.waitFor({ timeout: 5_000 }).catch(() => undefined);
      }
      await big.click();
      await t.dialogButton(
        t.lre('{0} is {1}, above the {2} set in "nhncloud.storage.openSizeLimitMB". Open it anyway?', BIG),
        'Open Anyway',
      );
      await waitEditorHas(t, 'the large object, line');
      await t.page.keyboard.press('Control+W');
      sandbox?.stop();
    },
  },
];
