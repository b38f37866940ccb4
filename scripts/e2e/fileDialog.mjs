// code-server's simple file dialog (a quick input that takes a path), shared by the scenarios
// that upload or download through it.

/**
 * Types the whole `path` into the file dialog whose prompt matches `expect`, then accepts it.
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} path
 * @param {string | RegExp} expect
 */
export async function chooseInDialog(t, path, expect) {
  await t.quick.waitFor(expect);
  const input = t.page.locator('.quick-input-widget input[type="text"]').first();
  const rows = t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  // The dialog shows its starting folder at once, lists that folder, and only then, in the same
  // step that hands the list its rows, writes the folder into the box again (VS Code's
  // SimpleFileDialog.updateItems, `force`). A path typed before that listing ends is overwritten:
  // a Korean run once uploaded the workspace folder, and CI run 99 chose it for Import CSV 300 ms
  // after the typed path had been read back. So type only once the folder's rows are listed;
  // every listing after that is of what was typed and never rewrites the box.
  const deadline = Date.now() + 15_000;
  while (!(await input.inputValue()).endsWith('/') || (await rows.count()) === 0) {
    if (Date.now() > deadline)
      throw new Error(`the file dialog never listed its starting folder; it shows "${await input.inputValue()}"`);
    await t.page.waitForTimeout(100);
  }
  // It may still replace its value with the starting folder after the first folder it showed (a
  // fresh-clone CI run: the typed path became the workspace folder within 5 s): type the path
  // again when that happens, and go on once it has stayed for 300 ms.
  for (let typed = 1; ; typed++) {
    await input.fill(path);
    await t.page.waitForTimeout(300);
    const shown = await input.inputValue();
    if (shown === path) break;
    if (typed === 3) throw new Error(`the file dialog replaced the typed path three times; it shows ${shown}`);
  }
  await t.page.keyboard.press('Enter');
  await t.page.waitForTimeout(500);
  // A folder path may first be entered into; a second Enter accepts it. Only while the dialog
  // itself still shows: the command's next quick input in its place (Sync Folder's directions)
  // took that Enter as a pick once (CI run 39).
  const dialogStays = await t.quick.waitFor(expect, 300).then(
    () => true,
    () => false,
  );
  if (dialogStays && (await input.isVisible().catch(() => false))) await t.page.keyboard.press('Enter');
}

/**
 * Accepts the path a save dialog proposes, once the dialog has settled on `path` (what the
 * command proposed: checked, not typed). The dialog first shows the folder above the proposed
 * one, lists it, and only then writes the proposed path (SimpleFileDialog.updateItems); an Enter
 * before that accepts the folder shown with the proposed name: dialogs[ko] once downloaded to
 * /root/config.json instead of <workspace>/config.json, Enter pressed as soon as the dialog's
 * title named the file. Throws, with what it shows, when it proposes anything else.
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} path
 * @param {string | RegExp} expect
 */
export async function acceptProposedPath(t, path, expect) {
  await t.quick.waitFor(expect);
  const input = t.page.locator('.quick-input-widget input[type="text"]').first();
  const rows = t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const deadline = Date.now() + 15_000;
  // The proposed path, with the proposed folder listed, unchanged for 300 ms.
  for (let since; ;) {
    const shown = await input.inputValue();
    if (shown === path && (await rows.count()) > 0) {
      since ??= Date.now();
      if (Date.now() - since >= 300) break;
    } else since = undefined;
    if (Date.now() > deadline) throw new Error(`the save dialog does not propose ${path}; it shows "${shown}"`);
    await t.page.waitForTimeout(100);
  }
  await t.page.keyboard.press('Enter');
}
