// Playwright (playwright-core) driving the system Chromium, and the helpers every scenario uses.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium.mjs';
import { findLogFile, findLogFiles } from './extensionLog.mjs';
import { texts } from './texts.mjs';

/**
 * A headless Chromium on a profile folder of its own. `forTests` (the end-to-end runs, not the
 * bench, whose figures are measured in the full Chromium as they always were) takes the headless
 * shell when installed, draws at half the device pixels and stops CSS animations; each only cuts
 * the CPU a scenario costs.
 */
export async function launchBrowser(profileDir, { forTests = false } = {}) {
  mkdirSync(join(profileDir, 'Default'), { recursive: true });
  // Webviews live on another origin: allow third-party storage so their service worker runs.
  writeFileSync(
    join(profileDir, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
  );
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: findChromium({ headlessShell: forTests }),
    headless: true,
    viewport: { width: 1400, height: 900 },
    // A test window is drawn at half its device pixels: the same layout in CSS pixels (what every
    // check and click uses), a quarter of the pixels to raster and composite in software.
    // Screenshots are taken with `scale: 'css'`, which Chromium draws again at full resolution.
    ...(forTests ? { deviceScaleFactor: 0.5 } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // Test windows run Chromium in one process (browser, renderers and the software compositor
      // together): what their processes sent each other cost the run an eighth of its CPU. The
      // English run, two interleaved pairs: 402 and 466 core-seconds (221 and 252 s) against 463
      // and 530 (253 and 282 s) with a process each (docs/testing.md). Origins, CSP and a
      // webview's cross-origin frame are Blink's rules either way; only the process walls go.
      ...(forTests ? ['--single-process'] : []),
    ],
  });
  // Nothing is compressed between code-server and the test browser: code-server compresses every
  // answer it may (the `compression` middleware: workbench.js, 19.3 MB, as 4.95 MB of brotli in
  // 0.47 s against 0.06 s plain), all on loopback. A window's start cost code-server 3.75
  // core-seconds with it and 3.20 without (six interleaved pairs; docs/testing.md).
  if (forTests) await context.setExtraHTTPHeaders({ 'Accept-Encoding': 'identity' });
  // No CSS animation or transition runs in the test browser. Headless Chromium draws every frame
  // in software, and an infinite animation (the status bar's spinning job icon, a view's progress
  // bar, a tree row's loading icon) draws 60 a second for as long as something is busy. Nothing
  // a scenario checks moves; what it checks is drawn the same. (docs/testing.md has the figures.)
  if (forTests)
    await context.addInitScript((css) => {
      const add = () => {
        const style = document.createElement('style');
        style.textContent = css;
        (document.head ?? document.documentElement).appendChild(style);
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', add);
      else add();
    }, '*, *::before, *::after { animation: none !important; transition: none !important; }');
  return context;
}

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Waits (at most 3 s) until no toast is shown below `toast`. VS Code stacks toasts upwards from
 * the bottom, the newest on top, and keeps a progress notification at least 800 ms after its task
 * ends: measured here, "Exported 5 rows" showed at y 677 above "Exporting the result..." for
 * 730 ms, then dropped 96 px to y 773 when the progress went. A click aimed at its Open in that
 * time landed where the button had been: sqlConsole[ko] saw the toast stay (the click took
 * nothing), sqlConsole[en] the toast gone and no file opened. A toast above it going, or a new
 * one coming on top, does not move it; a long task's progress below it is waited out only 3 s.
 * @param {import('playwright-core').Locator} toast
 */
async function untilNothingBelow(toast) {
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    const below = await toast
      .evaluate((item) => {
        const own = item.closest('.notification-toast-container') ?? item;
        const bottom = own.getBoundingClientRect().bottom;
        return [...document.querySelectorAll('.notifications-toasts .notification-toast-container')].filter(
          (other) =>
            other !== own && other.getBoundingClientRect().height > 0 && other.getBoundingClientRect().top >= bottom,
        ).length;
      })
      .catch(() => 0);
    if (!below) return;
    await toast.page().waitForTimeout(100);
  }
}

/**
 * The helpers a scenario receives as `t` (besides `page`). Timeouts are generous: the machine is
 * shared. `locale` is the display language of the run: texts given in English are looked up in
 * the extension's bundles (see texts.mjs; `t.l`, `t.lpart`, `t.nls`, `t.cmd`).
 * @param {import('playwright-core').Page} page
 * @param {Awaited<ReturnType<typeof import('./codeServer.mjs').startCodeServer>>} server
 * @param {string} [locale]
 */
export function helpers(page, server, locale = 'en') {
  const tx = texts(locale);
  const sidebar = page.locator('#workbench\\.parts\\.sidebar');
  const quickInput = page.locator('.quick-input-widget');
  const quickInputBox = quickInput.locator('input[type="text"], input[type="password"]').first();
  /** Opens the palette and clicks the entry `title` (already translated), until the palette gives way. */
  async function paletteRun(title) {
    // A palette opened while the window is busy (a form's editor closing, a reveal moving the
    // focus) can be inert for a moment and then close: open it again (three tries in all).
    // It may also close right after the filter was typed (CI run 39: the entry found 33 times,
    // hidden, for 15 s): nothing was clicked then, so no command ran, and it is opened again.
    const row = quickInput.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first();
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('F1');
      let typed = false;
      try {
        await quickInputBox.waitFor({ state: 'visible', timeout: 15_000 });
        await quickInputBox.fill(`>${title}`, { timeout: attempt < 3 ? 5_000 : 15_000 });
        typed = true;
        await row.waitFor({ timeout: 15_000 });
        break;
      } catch (e) {
        const closed = !(await quickInput.isVisible().catch(() => false));
        if (attempt === 3 || (typed && !closed)) throw e;
        console.log(
          `    the palette was not usable for "${title}" (attempt ${attempt}${typed ? ', it closed' : ''}); opening it again`,
        );
        await page.waitForTimeout(1_000);
      }
    }
    // The row is clicked, not entered (Enter runs whichever row has the focus). The palette
    // must then give way: closed, or replaced by the command's own prompt; if it still shows
    // the filter, the click is made again (three tries in all).
    for (let click = 1; ; click++) {
      await row.click({ timeout: 5_000 }).catch(() => undefined);
      const gone = await page
        .waitForFunction(
          () => {
            const q = /** @type {HTMLElement | null} */ (document.querySelector('.quick-input-widget'));
            const input = /** @type {HTMLInputElement | null} */ (q?.querySelector('input[type="text"]'));
            const open = !!q && q.getClientRects().length > 0 && getComputedStyle(q).visibility !== 'hidden';
            return !open || !(input?.value ?? '').startsWith('>');
          },
          undefined,
          // Polled, not on every animation frame: rAF polling keeps the page drawing frames.
          { timeout: 3_000, polling: 50 },
        )
        .then(
          () => true,
          // Anything but the time limit (the page navigated: Reload Window) means it ran.
          (e) => !/timeout/i.test(String(e?.name ?? '') + String(e?.message ?? e)),
        );
      if (gone) return;
      if (click === 3) throw new Error(`the palette entry "${title}" did not run after three clicks`);
      console.log(`    the palette kept "${title}" after a click (attempt ${click}); clicking again`);
    }
  }
  /**
   * Every NHN Cloud log of the run, joined: a window reload starts a new extension host with a
   * log file of its own. Oldest host first (by the last write: a reloaded window's host no longer
   * writes), so the last match of a line is the newest: in the folders' own order a reload's new
   * log came first and sandboxResume[en] read the sandbox's address of before the reload.
   */
  const logText = () =>
    findLogFiles(join(server.userData, 'logs'))
      .map((file) => ({ file, at: statSync(file).mtimeMs }))
      .sort((a, b) => a.at - b.at)
      .map(({ file }) => readFileSync(file, 'utf8'))
      .join('\n');
  /**
   * How many commands the wrapper has logged as started ("▶ nhncloud.…") and as ended ("✓ …",
   * "✗ … cancelled / failed"). (A window whose extension host was killed leaves a start without
   * an end.)
   */
  function commandCounts() {
    const text = logText();
    return {
      started: (text.match(/▶ nhncloud\./g) ?? []).length,
      ended: (text.match(/[✓✗] nhncloud\./g) ?? []).length,
    };
  }
  const commandStarts = () => commandCounts().started;
  /**
   * Whether this window's extension host has activated the extension (its log says "ready"). The
   * first NHN Cloud command activates it (lazy activation), which on a busy machine took longer
   * than the 10 s a started command gets to log its ▶ (rdsSession[ja] in a fresh-clone run: the
   * command was run a second time, and the palette's text went into its first prompt).
   */
  function extensionReady() {
    const newest = findLogFile(join(server.userData, 'logs'));
    return !!newest && / ready \(VS Code /.test(readFileSync(newest, 'utf8'));
  }
  const t = {
    page,
    /** The extension's own logs of the run ("NHN Cloud.log" of every extension host), joined. */
    logText,
    /**
     * Waits until no NHN Cloud command is running: what a cancelled command could still send has
     * been sent by then (the condition for "and nothing was sent", instead of a pause).
     */
    async commandsEnded(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { started, ended } = commandCounts();
        if (started > 0 && started === ended) return;
        if (Date.now() > deadline)
          throw new Error(`after ${timeoutMs / 1000} s, ${started} command(s) started and ${ended} ended`);
        await page.waitForTimeout(100);
      }
    },
    /** Where screenshots and failure artifacts of this scenario file go (set by the runner). */
    artifacts: /** @type {string | undefined} */ (undefined),
    server,
    sidebar,
    ...tx,
    /** Opens the workbench and waits until it is ready. */
    async openWorkbench() {
      await page.goto(
        server.workspaceFile
          ? `${server.url}/?workspace=${encodeURIComponent(server.workspaceFile)}`
          : `${server.url}/?folder=${encodeURIComponent(server.ws)}`,
      );
      await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
      await page.locator('#workbench\\.parts\\.activitybar').waitFor({ timeout: 60_000 });
    },
    /** Reloads the window (a fresh extension host) and waits for the workbench. */
    /**
     * Developer: Reload Window, and the new page loaded: right after the command the old
     * workbench and its webviews are still there, and a scenario that read them raced the reload
     * (panels[ja] in CI: "Execution context was destroyed").
     */
    async reloadWindow() {
      const loaded = page.waitForEvent('load', { timeout: 90_000 });
      await t.runCommand('Developer: Reload Window');
      await loaded;
      await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    },
    async reload() {
      await page.reload();
      await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
      await page.locator('#workbench\\.parts\\.activitybar').waitFor({ timeout: 60_000 });
    },
    /**
     * Shows a view container of the activity bar (by its title), e.g. "NHN Cloud". Clicking the
     * tab of the container already shown hides the sidebar, and the workbench may still be
     * restoring its layout: so click only while the container's title is not visible, and check.
     */
    async openView(title = 'NHN Cloud') {
      const tab = page.locator('#workbench\\.parts\\.activitybar').getByRole('tab', { name: title });
      const heading = sidebar.locator('.composite.title').filter({ hasText: new RegExp(esc(title), 'i') });
      await tab.waitFor({ timeout: 60_000 });
      for (let attempt = 0; attempt < 5; attempt++) {
        if (await heading.isVisible()) return;
        await tab.click();
        try {
          await heading.waitFor({ timeout: 5_000 });
          return;
        } catch {}
      }
      await heading.waitFor({ timeout: 10_000 });
    },
    /**
     * Runs a command from the palette by its full title, e.g. "NHN Cloud: Add Profile". For the
     * extension's own commands the command wrapper's "▶ nhncloud.…" log line must follow: a
     * palette made inert by a busy window can close on the click without running anything
     * (forms[ja] in CI, twice: no ▶, and the next pick waited in vain), so it is run again, three
     * tries in all, each said in the output.
     */
    async runCommand(title) {
      title = tx.auto(title);
      const ours = title.startsWith('NHN Cloud:');
      for (let run = 1; ; run++) {
        const before = ours ? commandStarts() : 0;
        // Not yet activated: this command activates the extension first.
        const allowMs = ours && !extensionReady() ? 60_000 : 10_000;
        await paletteRun(title);
        if (!ours) return;
        for (let waited = 0; waited < allowMs; waited += 100) {
          if (commandStarts() > before) return;
          await page.waitForTimeout(100);
        }
        if (run === 3) throw new Error(`the palette entry "${title}" closed three times without starting the command`);
        console.log(
          `    "${title}" did not start (no ▶ in the NHN Cloud log within ${allowMs / 1000} s); running it again`,
        );
      }
    },
    /** A row of the sidebar tree whose text contains `text` (a row's accessible name is its tooltip, so match text). */
    treeRow(text) {
      text = tx.auto(text);
      return sidebar.locator('.monaco-list-row[role="treeitem"]').filter({ hasText: text }).first();
    },
    /**
     * Clicks a tree row. Playwright's own timeout names no cause, so when the click does not
     * land within 10 s this says what took it instead: the element at the row's centre (a
     * hover, a dialog's overlay, a row clipped by the list) and the text of any open dialog.
     *
     * The mouse does not stay on the row: a folder that expands slides its children under it,
     * and after the hover delay the tooltip of whichever row is there covers the rows below
     * (fresh-clone CI run, reliability[ja]: a floating IP's tooltip took the click meant for
     * "Object Storage" for 10 s). The title bar's empty left end has no hover.
     * @param {import('playwright-core').Locator} row
     * @param {Parameters<import('playwright-core').Locator['click']>[0]} [options]
     */
    async clickRow(row, options = {}) {
      try {
        await t.clearHover();
        await row.click({ timeout: 10_000, ...options });
        await page.mouse.move(0, 0);
      } catch (err) {
        const box = await row.boundingBox({ timeout: 1_000 }).catch(() => null);
        const atCentre = box
          ? await page.evaluate(
              ([x, y]) => {
                const el = document.elementFromPoint(x, y);
                if (!el) return 'nothing';
                const classes = [...el.classList].slice(0, 4).join('.');
                return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${(el.textContent ?? '').trim().slice(0, 60)}"`;
              },
              /** @type {[number, number]} */ ([box.x + box.width / 2, box.y + box.height / 2]),
            )
          : 'not on screen';
        const dialogText = await page
          .locator('.monaco-dialog-box')
          .filter({ visible: true })
          .first()
          .innerText({ timeout: 500 })
          .catch(() => '');
        throw new Error(
          `the click on a tree row did not land (${String(/** @type {Error} */ (err)?.message ?? err).split('\n')[0]}); ` +
            `row ${JSON.stringify(box)}, at its centre ${atCentre}` +
            (dialogText ? `; a dialog is open: "${dialogText.replace(/\s+/g, ' ').slice(0, 160)}"` : ''),
        );
      }
    },
    /**
     * Clicks a row that opens an editor (an object, a log file) and waits until the tree shows
     * it selected. The tree reuses its row elements while it redraws (a listing retried after a
     * fault, a count that changed): a click can land on an element just given to another row or
     * to none, and then nothing opens (fresh-clone CI run, reliability[en]: no command ran after
     * the click on "config.json", the row clipped at the list's bottom edge after a redraw). A
     * click that did not select the row is made again, logged, at most twice; what the row then
     * opens is the caller's to check.
     * @param {string} text
     */
    async openRow(text) {
      const row = t.treeRow(text);
      await row.waitFor({ timeout: 30_000 });
      for (let attempt = 0; ; attempt++) {
        await t.clickRow(row);
        const selected = await row
          .and(page.locator('[aria-selected="true"]'))
          .waitFor({ timeout: 2_000 })
          .then(() => true)
          .catch(() => false);
        if (selected) return row;
        if (attempt === 2) throw new Error(`three clicks on the tree row "${tx.auto(text)}" did not select it`);
        console.log(
          `    the click on the tree row "${tx.auto(text)}" did not select it (the tree redrew): clicking again`,
        );
      }
    },
    /** Moves the mouse where nothing hovers and waits until no hover is shown. */
    async clearHover() {
      await page.mouse.move(0, 0);
      await page
        .locator('.monaco-hover, .workbench-hover-container')
        .filter({ visible: true })
        .first()
        .waitFor({ state: 'hidden', timeout: 3_000 })
        .catch(() => undefined);
    },
    /** Expands a tree row (its text, or a locator) and checks that it says so. */
    async expandRow(text) {
      const row = typeof text === 'string' ? t.treeRow(text) : text;
      await row.waitFor({ timeout: 30_000 });
      // The tree reuses its row elements while it redraws (a sibling folder's children arriving):
      // a click can land on the element after it was given to another row. Check that this row
      // says it is expanded, and click again if not.
      for (let attempt = 0; (await row.getAttribute('aria-expanded')) === 'false'; attempt++) {
        if (attempt === 4)
          throw new Error(`the tree row "${typeof text === 'string' ? tx.auto(text) : text}" does not expand`);
        await t.clickRow(row);
        for (let waited = 0; waited < 3_000 && (await row.getAttribute('aria-expanded')) === 'false'; waited += 150)
          await page.waitForTimeout(150);
      }
      return row;
    },
    /**
     * Expands the row `text` and waits until `child` (a locator of a row under it) is shown.
     * A refresh of the row's parent while its children load (a job that just ended redraws its
     * DB instance) can show the row folded again: a row that says aria-expanded="false" again
     * proves the expansion is no longer in effect, so it is expanded again (logged, 3 times at
     * most). A timeout says what the row and the tree show.
     */
    async expandTo(text, child, timeout = 30_000) {
      const row = await t.expandRow(text);
      const deadline = Date.now() + timeout;
      for (let again = 0; !(await child.first().isVisible());) {
        if (again < 3 && (await row.getAttribute('aria-expanded')) === 'false') {
          again++;
          console.log(`    the tree row "${tx.auto(text)}" folded again while its children loaded: expanded again`);
          await t.expandRow(text);
          continue;
        }
        if (Date.now() > deadline) {
          const rows = await sidebar.locator('.monaco-list-row[role="treeitem"]').allInnerTexts();
          throw new Error(
            `nothing wanted under "${tx.auto(text)}" (aria-expanded="${await row.getAttribute('aria-expanded')}") ` +
              `within ${timeout} ms; the tree shows: ${rows
                .map((r) => r.replace(/\s+/g, ' '))
                .join(' | ')
                .slice(0, 800)}`,
          );
        }
        await page.waitForTimeout(150);
      }
      return row;
    },
    quick: {
      /** Waits for a quick input whose prompt, placeholder or title contains `text`. */
      async waitFor(text, timeout = 15_000) {
        // The prompt, title or message shows as text; a placeholder only as an attribute.
        const deadline = Date.now() + timeout;
        let shown = '';
        for (;;) {
          if (await quickInput.isVisible()) {
            const body = await quickInput.innerText().catch(() => '');
            const placeholder =
              (await quickInputBox.getAttribute('placeholder', { timeout: 1_000 }).catch(() => '')) ?? '';
            shown = `${body}\n${placeholder}`;
            if (tx.shows(shown, text)) return;
          }
          if (Date.now() > deadline)
            throw new Error(
              `no quick input shows "${text}" (${tx.locale}: ${tx.auto(text)}); it shows:\n${shown.slice(0, 400)}`,
            );
          await page.waitForTimeout(150);
        }
      },
      /** Types `value` into the visible input box and presses Enter. */
      async answer(value, expect) {
        if (expect) await t.quick.waitFor(expect);
        await quickInputBox.waitFor({ state: 'visible', timeout: 15_000 });
        await quickInputBox.fill(value);
        await page.keyboard.press('Enter');
      },
      /** Picks the item with this label (single-select quick pick). */
      async pick(label, expect) {
        label = tx.auto(label);
        if (expect) await t.quick.waitFor(expect);
        const row = quickInput.locator('.quick-input-list .monaco-list-row').filter({ hasText: label }).first();
        await row.waitFor({ timeout: 15_000 });
        await row.click();
      },
      async enter() {
        await page.keyboard.press('Enter');
      },
      async back() {
        await quickInput.getByRole('button', { name: 'Back' }).click();
      },
      async waitClosed(timeout = 15_000) {
        await quickInput.waitFor({ state: 'hidden', timeout });
      },
      validation() {
        return quickInput.locator('.quick-input-message');
      },
      /**
       * The width the quick input's placeholder takes in its box's font and the width the box
       * leaves for it (in a multi-select pick, the select-all box, "N Selected" and OK share the
       * row): a placeholder wider than its room is cut off where the user reads it.
       */
      async placeholderRoom() {
        return quickInputBox.evaluate((el) => {
          const input = /** @type {HTMLInputElement} */ (el);
          const style = getComputedStyle(input);
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = style.font || `${style.fontSize} ${style.fontFamily}`;
          return {
            text: input.placeholder,
            width: Math.ceil(ctx.measureText(input.placeholder).width),
            room: Math.floor(input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
          };
        });
      },
    },
    /**
     * Waits for a notification containing `text` and returns it (its buttons can be pressed), once
     * no toast is left below it (see untilNothingBelow). A
     * toast first; VS Code hides an information toast after ~15 s (also one that came while the
     * scenario waited on something else, or that a modal dialog closing pushed away) but keeps it
     * in the notification center, so that is looked at before giving up. The center, left open
     * then (its buttons stay pressable), is closed by the next call: toasts do not show while it is.
     */
    async notification(text, timeout = 30_000) {
      text = tx.auto(text);
      const bell = page.locator('[id="status.notifications"]').first();
      const center = page.locator('.notifications-center.visible');
      if (await center.isVisible()) await bell.click({ timeout: 5_000 });
      const toast = page.locator('.notifications-toasts .notification-list-item').filter({ hasText: text }).first();
      try {
        await toast.waitFor({ timeout });
        await untilNothingBelow(toast);
        return toast;
      } catch (e) {
        if (!(await center.isVisible())) await bell.click({ timeout: 5_000 }).catch(() => undefined);
        const kept = center.locator('.notification-list-item').filter({ hasText: text }).first();
        if (
          await kept.waitFor({ timeout: 3_000 }).then(
            () => true,
            () => false,
          )
        ) {
          console.log(`    "${text}" was found in the notification center (its toast had gone)`);
          return kept;
        }
        if (await center.isVisible()) await bell.click({ timeout: 5_000 }).catch(() => undefined);
        throw e;
      }
    },
    /**
     * Waits for a notification containing `text` in the notification center, opened at once (left
     * open; the next `notification` closes it). For notifications that come together: VS Code
     * may keep one of them out of the toasts, and `notification` would wait out its whole timeout
     * for a toast before it looks in the center (the Sync scenario lost 60 to 150 s a locale so).
     */
    async notificationInCenter(text, timeout = 30_000) {
      text = tx.auto(text);
      const center = page.locator('.notifications-center.visible');
      if (!(await center.isVisible()))
        await page.locator('[id="status.notifications"]').first().click({ timeout: 5_000 });
      const item = center.locator('.notification-list-item').filter({ hasText: text }).first();
      await item.waitFor({ timeout });
      return item;
    },
    /** Checks that a notification containing `text` was shown (a message with no button to press). */
    async notified(text, timeout = 30_000) {
      await t.notification(text, timeout);
      const center = page.locator('.notifications-center.visible');
      if (await center.isVisible()) await page.locator('[id="status.notifications"]').first().click({ timeout: 5_000 });
    },
    /** Presses `button` of the modal dialog that contains `text`. */
    async dialogButton(text, button) {
      const dialog = page.locator('.monaco-dialog-box').filter({ hasText: tx.auto(text) });
      await dialog.waitFor({ timeout: 30_000 });
      const name = tx.auto(button);
      await dialog.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name }).click();
    },
    /**
     * Right-clicks a tree row (its text, or a locator) and chooses a context-menu item; an item in
     * a submenu is its path, `'Lifecycle > Stop DB Instance'` (each step an English text or message).
     */
    async menu(row, item) {
      const r = typeof row === 'string' ? t.treeRow(row) : row;
      await r.waitFor({ timeout: 30_000 });
      const path = typeof item === 'string' ? item.split(' > ') : [item];
      // The entry whose whole label is the wanted text (a trailing "..." aside): a label that only
      // contains it must not win ("플로팅 IP 삭제..." is a prefix of "플로팅 IP 삭제 보호 설정...").
      const wholeLabel = (step) => {
        const want = tx.auto(step);
        return {
          want,
          whole: new RegExp(
            `^\\s*(?:${want instanceof RegExp ? want.source : want.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?:\\.\\.\\.|…)?\\s*$`,
          ),
        };
      };
      const { want, whole } = wholeLabel(path[path.length - 1]);
      const items = page.locator('.context-view .action-item');
      /** Hovers `entry` until it has the focus (its `focused` class): the menu ignores a click that comes right after it opened. */
      const focus = async (entry, label) => {
        for (let hovered = 1; ; hovered++) {
          await entry.hover();
          const focused = await entry
            .and(page.locator('.focused'))
            .waitFor({ timeout: 1_000 })
            .then(() => true)
            .catch(() => false);
          if (focused) return;
          if (hovered === 5) throw new Error(`the menu entry "${label}" did not take the focus on hover`);
        }
      };
      /** Opens the submenus of `path` but its last step, from the menu on screen; the items of the last one opened. */
      const openSubmenus = async () => {
        let scope = items;
        for (const step of path.slice(0, -1)) {
          const { whole: label } = wholeLabel(step);
          const sub = scope.filter({ has: page.locator('.action-label', { hasText: label }) }).first();
          await sub.waitFor({ timeout: 10_000 });
          await focus(sub, step);
          // The submenu opens on the right arrow; its entries are the ones of a `.monaco-submenu`.
          await page.keyboard.press('ArrowRight');
          scope = page.locator('.context-view .monaco-submenu .action-item');
          await scope.first().waitFor({ timeout: 10_000 });
        }
        return scope;
      };
      // A menu is computed when it opens: an entry whose `when` waits on a context key the last
      // command just set (Paste after Copy) can be missing from a menu opened a moment too early.
      // Open it again (up to three times) before saying the entry is not there.
      for (let attempt = 1; ; attempt++) {
        await t.clickRow(r, { button: 'right' });
        // A right-click that focused the row and opened no menu was seen once in a fresh-clone
        // run (dbAccess[en]: the row focused, no menu, no command started). It came right after
        // DB Instances loaded, while its instance group expanded itself and the list redrew its
        // rows (the reuse of row elements expandRow also meets). Opened again, and logged, like a
        // menu that lacks its entry; the third time fails.
        const opened = await items
          .first()
          .waitFor({ timeout: attempt < 3 ? 3_000 : 10_000 })
          .then(() => true)
          .catch((e) => {
            if (attempt === 3) throw e;
            return false;
          });
        if (!opened) {
          console.log(
            `    the context menu of "${await r.innerText().catch(() => '?')}" did not open; right-clicking again`,
          );
          continue;
        }
        const scope = await openSubmenus();
        const exact = scope.filter({ has: page.locator('.action-label', { hasText: whole }) }).first();
        const entry = (await exact.count()) ? exact : scope.filter({ hasText: want }).first();
        try {
          await entry.waitFor({ timeout: attempt < 3 ? 3_000 : 10_000 });
        } catch (e) {
          if (attempt === 3) throw e;
          await page.keyboard.press('Escape');
          await page.waitForTimeout(1_000);
          continue;
        }
        // Hover, which focuses the entry, until it has the focus, then Enter runs the focused
        // entry. Hovering again only moves the focus, so it is safe to repeat.
        await focus(entry, item);
        await page.keyboard.press('Enter');
        return;
      }
    },
    /**
     * The labels of a tree row's context menu, or of its submenu `submenu` (an English text), as
     * shown; the menu is closed again. `waitFor` (an English text) is an entry to wait for first.
     * @param {string | import('playwright-core').Locator} row
     * @param {{ submenu?: string, waitFor?: string }} [opts]
     */
    async menuLabels(row, opts = {}) {
      const { submenu, waitFor } = opts;
      const r = typeof row === 'string' ? t.treeRow(row) : row;
      await r.waitFor({ timeout: 30_000 });
      await t.clickRow(r, { button: 'right' });
      let scope = page.locator('.context-view .action-item');
      await scope.first().waitFor({ timeout: 15_000 });
      if (submenu) {
        const sub = scope.filter({ hasText: tx.auto(submenu) }).first();
        await sub.waitFor({ timeout: 10_000 });
        await sub.hover();
        await sub.and(page.locator('.focused')).waitFor({ timeout: 5_000 });
        await page.keyboard.press('ArrowRight');
        scope = page.locator('.context-view .monaco-submenu .action-item');
        await scope.first().waitFor({ timeout: 10_000 });
      }
      if (waitFor)
        await scope
          .filter({ hasText: tx.auto(waitFor) })
          .first()
          .waitFor({ timeout: 15_000 });
      const labels = await scope.locator('.action-label').allInnerTexts();
      // Closed before the next right-click (its overlay would take that click): Escape until no
      // menu is on screen (one per open level; an Escape that came before the menu took the
      // focus is pressed again).
      const open = page.locator('.context-view .action-item').first();
      for (let escapes = 1; await open.isVisible(); escapes++) {
        if (escapes > 4) throw new Error('the context menu did not close on Escape');
        await page.keyboard.press('Escape');
        await open.waitFor({ state: 'detached', timeout: 2_000 }).catch(() => {});
      }
      return labels.map((l) => l.trim()).filter(Boolean);
    },
    /** Runs a palette command with the focus out of any webview (a focused webview keeps F1 for itself). */
    async command(title) {
      await sidebar.locator('.composite.title .title-label').first().click();
      await t.runCommand(title);
    },
    /**
     * The inner frame of the webview on screen. Hidden panels keep their iframes (a second query
     * console's results panel beside the first one's tab): the first iframe in the page could be
     * one nobody sees, so only a visible one counts.
     */
    webview() {
      return page
        .locator('iframe.webview.ready')
        .filter({ visible: true })
        .first()
        .contentFrame()
        .frameLocator('iframe#active-frame');
    },
    /** The text of an output channel (opens the Output panel on it). */
    async outputText(channel) {
      await t.runCommand('Output: Show Output Channels...');
      await t.quick.pick(channel);
      const editor = page.locator('.part.panel .monaco-editor .view-lines').first();
      await editor.waitFor({ timeout: 15_000 });
      // Monaco renders spaces as no-break spaces.
      return (await editor.innerText()).replace(/\u00a0/g, ' ');
    },
    /** Saves a screenshot as .e2e-artifacts/<scenario file>/<name>.png (kept after the run). */
    async screenshot(name) {
      const dir = t.artifacts ?? server.runDir;
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, `${name}.png`), scale: 'css' });
    },
  };
  return t;
}

/** @typedef {ReturnType<typeof helpers>} Helpers what a scenario gets as `t` */
/**
 * One scenario of a file's `scenarios` list: run in order on one page; after a failure the rest
 * of the file is skipped unless `independent`.
 * @typedef {{ name: string, independent?: boolean, locales?: string[], run: (t: Helpers) => Promise<void> }} Scenario
 */
