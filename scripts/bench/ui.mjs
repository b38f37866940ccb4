// code-server + Chromium for the UI figures: the packaged .vsix installed into a fresh
// code-server (scripts/e2e harness), one browser session, and in-page timing: a capture
// listener stamps the user's mousedown (performance.now()) and a MutationObserver stamps the
// first frame in which the wanted rows exist, so Playwright's round trips are not counted.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineQuiet } from './lib.mjs';

/**
 * A fresh code-server with `vsix` installed (one path, or several: ours and the floor's), one
 * Chromium page on its workbench; runs `fn(t, server)` and stops everything.
 */
export async function withWorkbench(vsix, userSettings, fn) {
  const { installVsix, startCodeServer, stopCodeServer } = await import('../e2e/codeServer.mjs');
  const { launchBrowser, helpers } = await import('../e2e/browser.mjs');
  const runDir = mkdtempSync(join(tmpdir(), 'nhncloud-bench-ui-'));
  const profile = mkdtempSync(join(tmpdir(), 'nhncloud-bench-chromium-'));
  let server;
  let browser;
  try {
    for (const file of [vsix].flat()) await installVsix(runDir, file);
    server = await startCodeServer({ runDir, installExtension: false, userSettings });
    browser = await launchBrowser(profile);
    const page = browser.pages()[0] ?? (await browser.newPage());
    const t = helpers(page, server);
    await t.openWorkbench();
    return await fn(t, server);
  } finally {
    await browser?.close().catch(() => {});
    await stopCodeServer(server);
    rmSync(profile, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  }
}

/** The pid of the extension host code-server launched last (the current window's). */
export function extHostPid(server) {
  return [...readFileSync(server.logFile, 'utf8').matchAll(/<(\d+)> Launched Extension Host Process/g)]
    .map((m) => Number(m[1]))
    .pop();
}

/**
 * Runs `fn` with the current window's extension host and the workbench's renderer both under
 * the CPU profiler (`--profile`: after the figures, as a profiler slows what it watches); writes
 * `<name>-extension-host.cpuprofile` and `<name>-renderer.cpuprofile` to `profileDir` and logs
 * where each one's time went. `session`: an inspector session already open on that host.
 */
export async function profileBoth(t, server, { name, profileDir, log, session }, fn) {
  const { cpuProfile, inspectProcess, topSelf } = await import('./inspect.mjs');
  const host = session ?? (await inspectProcess(extHostPid(server)));
  const renderer = await t.page.context().newCDPSession(t.page);
  try {
    const { profile: hostProfile, result } = await cpuProfile(host, () => cpuProfile(renderer, fn));
    const slug = name.replace(/\W+/g, '-');
    for (const [side, profile] of [
      ['extension-host', hostProfile],
      ['renderer', result.profile],
    ]) {
      const file = join(profileDir, `${slug}-${side}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const top = topSelf(profile, 10);
      log(
        `  ${name} profile, ${side} (${file}): ${top.totalMs.toFixed(0)} ms sampled, ${top.idleMs.toFixed(0)} idle; ${top.top.map((x) => `${x.name} ${x.ms}`).join('; ')}`,
      );
    }
  } finally {
    await renderer.detach().catch(() => {});
    if (!session) await host.close();
  }
}

/** How many extension hosts code-server has launched (a reloaded window starts one). */
export const extensionHosts = (server) =>
  [...readFileSync(server.logFile, 'utf8').matchAll(/<(\d+)> Launched Extension Host Process/g)].length;

/** Whether an activity-bar tab is the one shown (VS Code marks it checked). */
const shown = (tab) =>
  tab.evaluate(
    (el) =>
      el.getAttribute('aria-selected') === 'true' ||
      el.getAttribute('aria-pressed') === 'true' ||
      el.classList.contains('checked'),
  );

/** Shows the Explorer view container (a window reloaded then shows it, not the one timed). */
async function showExplorer(t) {
  const explorer = activityTab(t, /^Explorer/);
  for (let i = 0; i < 5 && !(await shown(explorer)); i++) {
    await explorer.click();
    await t.page.waitForTimeout(500);
  }
  if (!(await shown(explorer))) throw new Error('the Explorer view does not show');
}

const activityTab = (t, name) => t.page.locator('#workbench\\.parts\\.activitybar').getByRole('tab', { name });

/**
 * Reloads the window with the Explorer shown and answers the activity-bar tab `name` once the
 * new window's extension host is up and the machine quiet (else the window's start would be
 * timed): nothing of an extension is loaded when the tab is clicked.
 */
export async function freshWindow(t, server, name) {
  await showExplorer(t);
  const hosts = extensionHosts(server);
  await t.reload();
  const tab = activityTab(t, name);
  await tab.waitFor({ timeout: 60_000 });
  if (await shown(tab)) throw new Error(`the reloaded window shows the ${name} view already: the click would hide it`);
  const deadline = Date.now() + 60_000;
  while (extensionHosts(server) <= hosts) {
    if (Date.now() > deadline) throw new Error('the reloaded window started no new extension host');
    await t.page.waitForTimeout(100);
  }
  await quietOrThrow('the reloaded window');
  return tab;
}

/**
 * Waits for the machine to be quiet (lib.mjs `machineQuiet`) before a timed click, as a user
 * clicks a window that has finished starting: a run that never gets there fails, never timed.
 */
export async function quietOrThrow(what) {
  const { quiet, waitedMs } = await machineQuiet({ timeoutMs: 60_000 });
  if (!quiet)
    throw new Error(`the machine did not go quiet (below 0.15 cores for 1 s) within ${waitedMs} ms after ${what}`);
}

/** Collapses the row when it is shown expanded (the next window restores what stays expanded). */
export async function collapse(t, text) {
  const row = t.treeRow(text);
  if ((await row.count()) && (await row.getAttribute('aria-expanded')) === 'true') await row.click();
}

/** Starts the sandbox from the welcome view; answers its URL (from the notification). */
export async function exploreSandbox(t) {
  await t.openView('NHN Cloud');
  await t.sidebar.locator('.welcome-view').getByRole('button', { name: 'Explore the Sandbox' }).click();
  const n = await t.notification('The sandbox runs on', 90_000);
  const url = /https?:\/\/127\.0\.0\.1:\d+/.exec(await n.innerText())?.[0];
  if (!url) throw new Error(`no sandbox address in "${await n.innerText()}"`);
  await t.treeRow('KR1').waitFor({ timeout: 60_000 });
  return url;
}

export async function control(url, route, body) {
  const r = await fetch(`${url}/_sandbox/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`sandbox control ${route}: HTTP ${r.status}`);
  return r.json();
}

// What a failed or empty folder draws (src/shared/tree/nodes.ts): ErrorNode rows carry the
// codicons error, key, lock or circle-slash, PlaceholderNode rows circle-slash. Icons, not texts,
// so the check holds in every display language.
const FAILURE_ICONS = '.codicon-error, .codicon-key, .codicon-lock, .codicon-circle-slash';

/**
 * Clicks `row` and answers the milliseconds from the mousedown to the first DOM state in which
 * the folder shows what it must: at least `minRows` rows one level below it, a row containing
 * `rowText` (when given) and at least `minCount` children in all (when given: the rows' aria-setsize,
 * as the list draws only the rows in view). The clock also stops on an error or "nothing here" row
 * below the folder, and then this throws: a figure can never be the time to an error screen.
 */
export async function timeExpand(t, row, { minRows = 5, rowText, minCount, timeout = 180_000 } = {}) {
  const level = Number(await row.getAttribute('aria-level'));
  const label = (await row.locator('.label-name').first().innerText()).trim();
  const clicked = await row.elementHandle();
  await t.page.evaluate(
    ({ level, minRows, rowText, minCount, failureIcons, clicked }) => {
      const sidebar = document.querySelector('#workbench\\.parts\\.sidebar');
      const state = (window.__bench = { t0: undefined, t1: undefined, rows: 0, failure: undefined, count: undefined });
      const text = (el) => (el?.textContent ?? '').trim();
      // The folder's children: the rows of its list after it (by their index: the list recycles
      // row elements) and before the next row at its level or above, one level below it. Another
      // folder's rows at that level (the floor's parent, expanded above) are not its children.
      const list = clicked.closest('.monaco-list');
      const index = (r) => Number(r.getAttribute('data-index'));
      const at = index(clicked);
      const children = () => {
        const after = [...list.querySelectorAll('.monaco-list-row[role="treeitem"]')]
          .filter((r) => index(r) > at)
          .sort((a, b) => index(a) - index(b));
        const end = after.findIndex((r) => Number(r.getAttribute('aria-level')) <= level);
        return (end < 0 ? after : after.slice(0, end)).filter(
          (r) => Number(r.getAttribute('aria-level')) === level + 1,
        );
      };
      const check = () => {
        if (state.t0 === undefined || state.t1 !== undefined) return;
        const rows = children();
        const failed = rows.find((r) => r.querySelector(failureIcons));
        // The list draws only the rows in view; aria-setsize of a child row is how many children
        // the folder holds in all (what VS Code received from getChildren).
        const count = rows.length ? Number(rows[0].getAttribute('aria-setsize')) : NaN;
        const ok =
          rows.length >= minRows &&
          (!rowText || rows.some((r) => text(r).includes(rowText))) &&
          (minCount === undefined || count >= minCount);
        state.rows = rows.length;
        state.count = Number.isNaN(count) ? undefined : count;
        if (failed || ok) {
          state.t1 = performance.now();
          if (failed) state.failure = text(failed);
          obs.disconnect();
        }
      };
      const obs = new MutationObserver(check);
      obs.observe(sidebar, { childList: true, subtree: true, attributes: true, characterData: true });
      document.addEventListener('mousedown', () => (state.t0 ??= performance.now()), { capture: true, once: true });
    },
    { level, minRows, rowText, minCount, failureIcons: FAILURE_ICONS, clicked },
  );
  await row.click();
  try {
    await t.page.waitForFunction(() => window.__bench?.t1 !== undefined, null, { timeout, polling: 100 });
  } catch {
    const s = await t.page.evaluate(() => window.__bench);
    throw new Error(
      `"${label}" did not draw ${minRows} rows${rowText ? ` with "${rowText}"` : ''}${minCount !== undefined ? ` among ${minCount} children` : ''} within ${timeout} ms (drawn: ${s?.rows ?? 0} rows${s?.count !== undefined ? ` of ${s.count}` : ''})`,
    );
  }
  const s = await t.page.evaluate(() => window.__bench);
  if (s.failure !== undefined)
    throw new Error(`"${label}" drew an error or empty row instead of its contents: "${s.failure}"`);
  return { ms: s.t1 - s.t0, rows: s.rows, count: s.count };
}

/**
 * Clicks `row` and answers the milliseconds from the mousedown to a tree row containing `text`
 * drawn, and that row's aria-setsize: how many children its parent holds in all, i.e. how many
 * rows VS Code requested and received for that level. Throws when an error or "nothing here" row
 * appears first (a failed "Load more" is not a figure).
 * `stepInto`: the clicked row expands into rows drawn below it, out of view when the row is the
 * last one shown; as soon as the list grows (VS Code received the rows), the page presses the
 * Down arrow once, as a user would, so the first new row scrolls into view and is drawn.
 */
export async function timeClickUntil(t, row, text, { timeout = 120_000, stepInto = false } = {}) {
  const handle = await row.elementHandle();
  await t.page.evaluate(
    ({ text, failureIcons, stepInto, clicked }) => {
      const sidebar = document.querySelector('#workbench\\.parts\\.sidebar');
      const rowsBox = clicked.closest('.monaco-list-rows');
      const height0 = rowsBox?.style.height;
      const state = (window.__bench = {
        t0: undefined,
        t1: undefined,
        failure: undefined,
        setSize: undefined,
        stepped: false,
      });
      const obs = new MutationObserver(() => {
        if (state.t0 === undefined || state.t1 !== undefined) return;
        const rows = [...sidebar.querySelectorAll('.monaco-list-row[role="treeitem"]')];
        const failed = rows.find((r) => r.querySelector(failureIcons));
        const found = rows.find((r) => (r.textContent ?? '').includes(text));
        if (failed || found) {
          state.t1 = performance.now();
          if (failed) state.failure = (failed.textContent ?? '').trim();
          else state.setSize = Number(found.getAttribute('aria-setsize'));
          obs.disconnect();
        } else if (stepInto && !state.stepped && rowsBox && rowsBox.style.height !== height0) {
          state.stepped = true;
          const list = rowsBox.closest('.monaco-list');
          list.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, bubbles: true }),
          );
        }
      });
      obs.observe(sidebar, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['style'],
      });
      document.addEventListener('mousedown', () => (state.t0 ??= performance.now()), { capture: true, once: true });
    },
    { text, failureIcons: FAILURE_ICONS, stepInto, clicked: handle },
  );
  await row.click();
  await t.page.waitForFunction(() => window.__bench?.t1 !== undefined, null, { timeout, polling: 100 });
  const s = await t.page.evaluate(() => window.__bench);
  if (s.failure !== undefined) throw new Error(`an error or empty row was drawn instead of "${text}": "${s.failure}"`);
  return { ms: s.t1 - s.t0, setSize: s.setSize };
}

/**
 * Clicks `tab` (an activity-bar icon) and answers the milliseconds from the mousedown to the
 * first DOM state in which the tree shows the row `parent` at level 1 and, at level 2, a row for
 * each of `children` (their names exactly, no other row at that level). An error or "nothing
 * here" row anywhere in the tree stops the clock and throws: the figure is never the time to an
 * error screen.
 */
export async function timeOpenView(t, tab, { parent, children, timeout = 120_000 }) {
  await t.page.evaluate(
    ({ parent, children, failureIcons }) => {
      const sidebar = document.querySelector('#workbench\\.parts\\.sidebar');
      const state = (window.__bench = { t0: undefined, t1: undefined, failure: undefined, drawn: [] });
      const name = (r) => (r.querySelector('.label-name')?.textContent ?? '').trim();
      const check = () => {
        if (state.t0 === undefined || state.t1 !== undefined) return;
        const rows = [...sidebar.querySelectorAll('.monaco-list-row[role="treeitem"]')];
        const failed = rows.find((r) => r.querySelector(failureIcons));
        const top = rows.filter((r) => r.getAttribute('aria-level') === '1').map(name);
        const below = rows.filter((r) => r.getAttribute('aria-level') === '2').map(name);
        state.drawn = [...top, ...below];
        // A window with a profile must never draw the first-use welcome on the way (it did until
        // its clause stopped holding before activation: src/profiles/contextKeys.ts).
        const welcome = (sidebar.querySelector('.welcome-view')?.textContent ?? '').trim();
        if (welcome) state.welcome = welcome.slice(0, 80);
        const ok = top.includes(parent) && below.length === children.length && children.every((c) => below.includes(c));
        if (failed || ok) {
          state.t1 = performance.now();
          if (failed) state.failure = (failed.textContent ?? '').trim();
          obs.disconnect();
        }
      };
      const obs = new MutationObserver(check);
      obs.observe(sidebar, { childList: true, subtree: true, attributes: true, characterData: true });
      document.addEventListener('mousedown', () => (state.t0 ??= performance.now()), { capture: true, once: true });
    },
    { parent, children, failureIcons: FAILURE_ICONS },
  );
  await tab.click();
  try {
    await t.page.waitForFunction(() => window.__bench?.t1 !== undefined, null, { timeout, polling: 100 });
  } catch {
    const s = await t.page.evaluate(() => window.__bench);
    throw new Error(
      `the view did not draw "${parent}" with ${children.join(', ')} within ${timeout} ms (drawn: ${s?.drawn?.join(', ') || 'nothing'})`,
    );
  }
  const s = await t.page.evaluate(() => window.__bench);
  if (s.failure !== undefined) throw new Error(`an error or empty row was drawn: "${s.failure}"`);
  if (s.welcome !== undefined) throw new Error(`the first-use welcome was drawn before the rows: "${s.welcome}"`);
  return s.t1 - s.t0;
}
