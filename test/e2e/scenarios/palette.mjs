// Every command a person can run from the Command Palette, run from the palette against the
// sandbox (issue 14, item 1). The list comes from package.json: every entry of
// `contributes.commands` that `menus.commandPalette` does not hide with `when: false`, so a
// command added later joins this scenario by itself.
//
// Each command must reach its first prompt, dialog, form or effect with no error notification
// and no "is not available" (the activation shim's answer for an id the main bundle does not
// handle). What the command does is not known here, so one generic strategy drives them all:
// press Escape on whatever opens (a quick input, a modal dialog) until the command has ended,
// as the command wrapper's log line says (src/shared/commands.ts: ✓, "cancelled" or "failed").
// Destructive commands (delete, release, stop, restart, ...) go one step further: they accept
// the first item of each pick (the target) until their confirmation opens, which is then
// cancelled. After every command the sandbox's request counts (byMethod) must show nothing sent
// but reads and identity tokens: a cancelled or escaped command changes nothing.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { addSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';
import { ROOT } from '../../../scripts/e2e/codeServer.mjs';
import { findLogFile, readLinesFrom } from '../../../scripts/e2e/extensionLog.mjs';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/**
 * Context keys a palette `when` clause may name, as they stand while this scenario runs (a
 * sandbox profile exists; no database is connected and no query console is open). A command
 * whose clause needs a key that is false here is not in the palette now, so it is not run here:
 * the database scenarios run those (sqlConsole.mjs, sandboxDatabase.mjs).
 */
const CONTEXT = {
  'nhncloud.hasProfiles': true,
  'nhncloud.sandboxRunning': true,
  'nhncloud.rds.query.consoleActive': false,
  'nhncloud.db.connected': false,
  // The profile here speaks RDS API v3.0 (addSandboxProfile's default): v4.0's commands are
  // hidden, v3.0's own (Back Up to Object Storage) shown. No log document is open.
  "nhncloud.hasProfiles && nhncloud.rdsApiVersion == 'v4.0'": false,
  "nhncloud.hasProfiles && nhncloud.rdsApiVersion != 'v4.0'": true,
  'resourceScheme == nhncloud-rds-log': false,
  // Binding an SQL file to a connection needs a text editor in view and a connection; the
  // palette runs none here (sqlConsole.mjs binds and unbinds a file).
  'editorIsOpen && resourceScheme != nhncloud-console': false,
  'nhncloud.rds.query.consoleActive && resourceScheme != nhncloud-console': false,
};
/** Hidden from the palette now: `when: false`, or a single context key that is false here. */
const hiddenNow = (when) => {
  if (when === undefined) return false;
  if (when === 'false') return true;
  if (!(when in CONTEXT)) throw new Error(`palette.mjs: teach CONTEXT the palette clause "${when}"`);
  return !CONTEXT[when];
};
const hidden = new Set(
  (manifest.contributes.menus?.commandPalette ?? []).filter((m) => hiddenNow(m.when)).map((m) => m.command),
);
/**
 * Explore the Sandbox adds and activates a profile of its own (an emulator inside the extension
 * host), and Stop the Sandbox is shown only while that one runs: both go last, in that order,
 * so every other command runs against the sandbox process this scenario watches.
 */
const LAST = ['nhncloud.sandbox.explore', 'nhncloud.sandbox.stop'];
/** E2E_PALETTE_COMMANDS=<regex> limits a run to the ids it matches (to show one command's failure quickly). */
const only = process.env.E2E_PALETTE_COMMANDS ? new RegExp(process.env.E2E_PALETTE_COMMANDS) : undefined;
const PALETTE = manifest.contributes.commands
  .filter((c) => !hidden.has(c.command) && (!only || only.test(c.command)))
  .sort((a, b) => LAST.indexOf(a.command) - LAST.indexOf(b.command));
/**
 * Commands whose picks choose a target and whose next step must be a confirmation dialog. (Restart
 * DB Instance is not one: its last pick, how to restart, is the explicit choice that sends it.)
 */
const DESTRUCTIVE = /\.(delete\w*|release\w*|remove|stop|forceRestart|reset\w*|detach\w*|disableHa|splitHa|promote)$/;
/**
 * Destructive commands that change nothing the sandbox sees, and the log line their effect
 * writes: a cancel must not write it. (Remove Profile asks without a pick when there is one
 * profile, and an Enter meant for a pick once confirmed it.)
 */
const LOCAL_EFFECTS = { 'nhncloud.profile.remove': /Profile removed/ };
/** Requests that change nothing although their method is not GET: issuing an identity token. */
const NOT_CHANGING = new Set(['identity.issueToken']);

let sandbox;
/**
 * How often `drive` looks at the window and the log while it waits for a command to start, to
 * show its prompt or to end (one look is a page evaluation and a read of the log's tail).
 */
const POLL_MS = 25;

async function sandboxStats() {
  const res = await fetch(`${sandbox.url}/_sandbox/stats`);
  if (!res.ok) throw new Error(`the sandbox's stats answered ${res.status}`);
  return (await res.json()).byMethod;
}

/** "POST network.x" → count, for every request whose method may change state. */
function changing(byMethod) {
  const out = {};
  for (const [method, ops] of Object.entries(byMethod)) {
    if (method === 'GET' || method === 'HEAD') continue;
    for (const [op, n] of Object.entries(ops)) if (!NOT_CHANGING.has(op)) out[`${method} ${op}`] = n;
  }
  return out;
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The palette entry of a command in the run's language: "NHN Cloud: " + its translated title. */
const englishNls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8'));
function paletteTitle(t, command) {
  const english = /^%(.+)%$/.test(command.title) ? englishNls[command.title.slice(1, -1)] : command.title;
  return `${command.category}: ${t.nls(english)}`;
}

/** Opens the palette and runs the entry whose label is exactly `title` (a fuzzy filter lists look-alikes too). */
async function runFromPalette(t, title) {
  const { page } = t;
  const input = page.locator('.quick-input-widget input[type="text"]').first();
  await page.keyboard.press('Escape');
  // A focused webview or the output panel keeps F1 for itself: give the focus to the sidebar.
  await t.sidebar.locator('.composite.title .title-label').first().click();
  await page.keyboard.press('F1');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(`>${title}`);
  // The row whose label is exactly the title, resolved again when it is clicked: the list keeps
  // changing while the filter settles, so a row found by its index could be another command.
  const exact = page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRe(title)}\\s*$`) });
  const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ has: exact }).first();
  try {
    await row.waitFor({ timeout: 15_000 }).catch(async () => {
      // The first palette of a fresh window can drop what was typed while it loads its list
      // (seen in a Japanese run: the unfiltered list stayed): type the filter once more.
      await input.fill(`>${title}`);
      await row.waitFor({ timeout: 15_000 });
    });
  } catch {
    const labels = await page
      .locator('.quick-input-widget .quick-input-list .label-name')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`the Command Palette does not list "${title}"; it lists: ${labels.join(' | ') || 'nothing'}`);
  }
  await row.click();
}

/**
 * What the window shows now, read in one round trip: whether a quick input or a modal dialog is
 * open (and whether the quick input lists items or asks for a password), how many toasts there
 * are, and the first line of every error notification (toasts and the notification center).
 */
function screen(page) {
  return page.evaluate(() => {
    const shown = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const quick = /** @type {HTMLElement | null} */ (document.querySelector('.quick-input-widget'));
    const items = [
      ...document.querySelectorAll(
        '.notifications-toasts .notification-list-item, .notifications-center .notification-list-item',
      ),
    ].map((el) => /** @type {HTMLElement} */ (el));
    return {
      quick: shown(quick),
      quickRows: quick ? quick.querySelectorAll('.quick-input-list .monaco-list-row').length : 0,
      quickText: quick ? quick.innerText || '' : '',
      // The Command Palette itself (its filter starts with '>'), still on screen for a moment after
      // it ran the command: never a prompt of the command.
      palette: /^>/.test(
        /** @type {HTMLInputElement | null} */ (quick?.querySelector('input[type="text"]'))?.value ?? '',
      ),
      password: !!quick?.querySelector('input[type="password"]'),
      dialog: shown(document.querySelector('.monaco-dialog-box')),
      toasts: document.querySelectorAll('.notifications-toasts .notification-list-item').length,
      // The message element: the item's first line is its source ("Source: NHN Cloud Explorer").
      notices: items.map((i) => {
        const message = /** @type {HTMLElement | null} */ (i.querySelector('.notification-list-item-message'));
        return {
          error: !!i.querySelector('.codicon-error'),
          text: (message?.innerText || i.innerText || '').trim().split('\n')[0],
        };
      }),
    };
  });
}

/** Error notifications and "not available" ones (the shim's answer for an unhandled id). */
function bad(t, notices) {
  const notAvailable = t.lre('"{0}" is not available in this version of NHN Cloud Explorer.');
  return notices.filter((n) => n.error || notAvailable.test(n.text)).map((n) => n.text);
}

/**
 * Runs one command and drives it until it ends: returns what it reached ("prompt", "dialog",
 * "confirmation", "notification", "effect"). Throws, naming the command, on an error
 * notification, "not available", a failed run, or a changing request.
 */
async function drive(t, command, logFile) {
  const { page } = t;
  const id = command.command;
  const title = paletteTitle(t, command);
  const destructive = DESTRUCTIVE.test(id);
  const logStart = logFile() ? statSync(logFile()).size : 0;
  const before = changing(await sandboxStats());
  const toastsBefore = (await screen(page)).toasts;
  await runFromPalette(t, title);

  // Whole lines only: a half-written id would name another command.
  const logText = () => (logFile() ? readLinesFrom(logFile(), logStart) : '');
  const ended = new RegExp(`(✓ ${escapeRe(id)} \\(|✗ ${escapeRe(id)} (cancelled|failed))`);
  const failed = `✗ ${id} failed`;
  const reached = new Set();
  let picks = 0;
  const deadline = Date.now() + 30_000;
  let now;
  for (;;) {
    now = await screen(page);
    const wrong = bad(t, now.notices);
    if (wrong.length) throw new Error(`${id} ("${title}") showed: ${wrong.join(' / ')}`);
    const log = logText();
    if (log.includes(failed))
      throw new Error(`${id} ("${title}") failed: ${log.split('\n').find((l) => l.includes(failed))}`);
    // Another command that starts first was run by the palette instead (one a command runs itself comes after it).
    const first = /▶ (nhncloud\.[\w.]+)/.exec(log)?.[1];
    const other = first !== undefined && first !== id ? first : undefined;
    if (other) throw new Error(`the palette entry "${title}" ran ${other}, not ${id}`);
    // Until the wrapper logged the start, an open quick input is still the palette.
    const started = log.includes(`▶ ${id}`);
    if (started && now.dialog) {
      reached.add(destructive ? 'confirmation' : 'dialog');
      // Escape is the dialog's Cancel: nothing is sent.
      await page.keyboard.press('Escape');
      await page.locator('.monaco-dialog-box').waitFor({ state: 'hidden', timeout: 10_000 });
    } else if (started && now.quick && now.palette) {
      // The palette closing: the command's own prompt or dialog comes next.
      await page.waitForTimeout(POLL_MS);
      continue;
    } else if (started && now.quick) {
      reached.add('prompt');
      const before = now.quickText;
      // A destructive command's targets are picks: take the first one, on to the confirmation.
      if (destructive && picks < 4 && now.quickRows > 0 && !now.password) {
        picks++;
        // A click, not Enter: Enter reaches a confirmation that opened meanwhile and presses its
        // default button (Profile Remove, which asks without a pick when there is one profile,
        // was confirmed that way), while a modal dialog stops a click on the list under it.
        await page
          .locator('.quick-input-widget .quick-input-list .monaco-list-row')
          .first()
          .click({ timeout: 3_000 })
          .catch(() => undefined);
      } else await page.keyboard.press('Escape');
      // Wait until this prompt is gone (closed, replaced by the next one, or a dialog opened):
      // after a pick, an Enter sent while the confirmation is opening would press its default
      // button; after an Escape, the next look must not find the prompt it just closed.
      await page
        .waitForFunction(
          (prev) => {
            const q = /** @type {HTMLElement | null} */ (document.querySelector('.quick-input-widget'));
            const open = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
            return open(document.querySelector('.monaco-dialog-box')) || !open(q) || (q.innerText || '') !== prev;
          },
          before,
          { timeout: 10_000, polling: POLL_MS },
        )
        .catch(() => undefined);
      continue;
    } else if (ended.test(log)) break;
    if (Date.now() > deadline) {
      // A command that waits on a notification's buttons ends only when it is dismissed: reached.
      if (started && now.toasts > toastsBefore) {
        reached.add('notification');
        break;
      }
      throw new Error(
        `${id} ("${title}") did not end within 30 s (${started ? 'it started' : 'it never started'}); log:\n${log.slice(-600)}`,
      );
    }
    await page.waitForTimeout(POLL_MS);
  }
  if (!reached.size) reached.add(now.toasts > toastsBefore ? 'notification' : 'effect');
  // A destructive command whose effect the sandbox never sees: its own log line tells.
  const local = LOCAL_EFFECTS[id];
  if (local && local.test(logText()))
    throw new Error(`${id} ("${title}") went through although it was cancelled (reached: ${[...reached].join('+')})`);
  const after = changing(await sandboxStats());
  const sent = Object.entries(after)
    .filter(([k, n]) => n !== (before[k] ?? 0))
    .map(([k, n]) => `${k} ×${n - (before[k] ?? 0)}`);
  if (sent.length)
    throw new Error(`${id} ("${title}") sent requests that change state although it was cancelled: ${sent.join(', ')}`);
  const wrong = bad(t, (await screen(page)).notices);
  if (wrong.length) throw new Error(`${id} ("${title}") showed: ${wrong.join(' / ')}`);
  return [...reached].join('+');
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'a sandbox and a profile on it',
    async run(t) {
      sandbox = await startSandboxProcess({ timeScaleMs: 200 });
      await t.openView('NHN Cloud');
      await addSandboxProfile(t, 'e2e-palette', sandbox.url);
      await t.expandRow('KR1');
    },
  },
  {
    name: `every palette command (${PALETTE.length}) reaches its prompt, dialog or effect, and a cancel changes nothing`,
    async run(t) {
      let logFile;
      const log = () => (logFile ??= findLogFile(join(t.server.userData, 'logs')));
      const seen = [];
      for (const command of PALETTE) {
        const t0 = Date.now();
        const what = await drive(t, command, log);
        seen.push(`${command.command}: ${what} (${Date.now() - t0} ms)`);
        // Forms and the output stay open otherwise: close the editors a command opened.
        if ((await t.page.locator('.tabs-container .tab').count()) > 0)
          await t.page.keyboard.press('Control+K').then(() => t.page.keyboard.press('W'));
      }
      if (!log())
        throw new Error('the NHN Cloud log file was never found under the user data: nothing proves a command ran');
      console.log(`    ${seen.join('\n    ')}`);
    },
  },
];
