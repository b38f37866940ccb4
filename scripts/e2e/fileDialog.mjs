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
  // fresh-clone CI run: the typed path became the workspace folder within 5 s).
  await typeKept(t, path);
  await accept(t, path, expect);
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
  await settledOn(t, path);
  await accept(t, path, expect);
}

/**
 * Saves to `path` through a save dialog that proposes `proposed`: once the dialog has settled on
 * its proposal (typed before, a path is overwritten by it), `path` is typed and accepted.
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} proposed
 * @param {string} path
 * @param {string | RegExp} expect
 */
export async function saveTo(t, proposed, path, expect) {
  await t.quick.waitFor(expect);
  await settledOn(t, proposed);
  await typeKept(t, path);
  await accept(t, path, expect);
}

/** Waits until the dialog shows `path` with its folder listed, unchanged for 300 ms. */
async function settledOn(t, path) {
  const input = t.page.locator('.quick-input-widget input[type="text"]').first();
  const rows = t.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const deadline = Date.now() + 15_000;
  for (let since; ;) {
    const shown = await input.inputValue();
    if (shown === path && (await rows.count()) > 0) {
      since ??= Date.now();
      if (Date.now() - since >= 300) return;
    } else since = undefined;
    if (Date.now() > deadline) throw new Error(`the save dialog does not propose ${path}; it shows "${shown}"`);
    await t.page.waitForTimeout(100);
  }
}

/** Types `path` into the dialog, again if the dialog replaces it, until it has stayed for 300 ms. */
async function typeKept(t, path) {
  const input = t.page.locator('.quick-input-widget input[type="text"]').first();
  for (let typed = 1; ; typed++) {
    await input.fill(path);
    await t.page.waitForTimeout(300);
    const shown = await input.inputValue();
    if (shown === path) return;
    if (typed === 3) throw new Error(`the file dialog replaced the typed path three times; it shows ${shown}`);
  }
}

/**
 * Accepts what the dialog shows with its OK button, pressed again while the dialog still shows:
 * its first accept may only list the typed path's folder or enter a typed folder
 * (SimpleFileDialog.onDidAccept returns without closing then); an accept pressed while one runs is
 * ignored by the dialog, so pressing again cannot accept twice.
 *
 * A click, not Enter: a key goes to whatever has the focus when it arrives, and the dialog may
 * close between a look and the key (an Enter loop here once looked, waited 300 ms, then pressed;
 * after an export the focus goes back to the console editor, which would take the Enter as a new
 * line). Playwright clicks only the element it aimed at; a dialog gone, the click finds no button.
 * @param {import('./browser.mjs').Helpers} t
 * @param {string} path what was typed or accepted (for the error)
 * @param {string | RegExp} expect what the dialog shows (the command's next quick input, in its
 *   place, is not pressed: Sync Folder's directions, CI run 39)
 */
async function accept(t, path, expect) {
  const dialog = t.page.locator('.quick-input-widget');
  const ok = dialog.locator('.quick-input-action .monaco-button:visible').first();
  const input = dialog.locator('input[type="text"]').first();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const stillShows = await t.quick.waitFor(expect, 300).then(
      () => true,
      () => false,
    );
    if (!stillShows || !(await dialog.isVisible())) return;
    if (Date.now() > deadline)
      throw new Error(`the file dialog did not accept ${path}; it shows "${await input.inputValue().catch(() => '')}"`);
    await ok.click({ timeout: 2_000 }).catch(() => undefined);
    await t.page.waitForTimeout(700);
  }
}
