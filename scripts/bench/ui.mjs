// code-server + Chromium for the UI figures: the packaged .vsix installed into a fresh
// code-server (scripts/e2e harness), one browser session, and in-page timing: a capture
// listener stamps the user's mousedown (performance.now()) and a MutationObserver stamps the
// first frame in which the wanted rows exist, so Playwright's round trips are not counted.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function withWorkbench(vsix, userSettings, fn) {
  const { startCodeServer, stopCodeServer } = await import('../e2e/codeServer.mjs');
  const { launchBrowser, helpers } = await import('../e2e/browser.mjs');
  const { ensureInstalled, node24Env } = await import('../e2e/install.mjs');
  const runDir = mkdtempSync(join(tmpdir(), 'nhncloud-bench-ui-'));
  const profile = mkdtempSync(join(tmpdir(), 'nhncloud-bench-chromium-'));
  let server;
  let browser;
  try {
    const { nodeBin, codeServerEntry } = await ensureInstalled();
    const exts = join(runDir, 'extensions');
    mkdirSync(exts, { recursive: true });
    const r = spawnSync(nodeBin, [codeServerEntry, '--user-data-dir', join(runDir, 'user-data'), '--extensions-dir', exts, '--install-extension', vsix], { env: node24Env(nodeBin), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`installing ${vsix} failed:\n${r.stdout}${r.stderr}`);
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
  const r = await fetch(`${url}/_sandbox/${route}`, { method: body === undefined ? 'GET' : 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  if (!r.ok) throw new Error(`sandbox control ${route}: HTTP ${r.status}`);
  return r.json();
}

/**
 * Clicks `row` and answers the milliseconds from the mousedown to the first DOM state in
 * which `minRows` rows one level below it are drawn (or a row matching `endText`).
 */
export async function timeExpand(t, row, { minRows = 5, endText = 'Load more|No DB instance|Failed to load|Empty|No object', timeout = 180_000 } = {}) {
  const level = Number(await row.getAttribute('aria-level'));
  await t.page.evaluate(
    ({ level, minRows, endText }) => {
      const sidebar = document.querySelector('#workbench\\.parts\\.sidebar');
      const end = new RegExp(endText);
      const state = (window.__bench = { t0: undefined, t1: undefined, rows: 0 });
      const check = () => {
        if (state.t0 === undefined || state.t1 !== undefined) return;
        const rows = [...sidebar.querySelectorAll(`.monaco-list-row[role="treeitem"][aria-level="${level + 1}"]`)];
        if (rows.length >= minRows || rows.some((r) => end.test(r.textContent ?? ''))) {
          state.t1 = performance.now();
          state.rows = rows.length;
          obs.disconnect();
        }
      };
      const obs = new MutationObserver(check);
      obs.observe(sidebar, { childList: true, subtree: true, attributes: true, characterData: true });
      document.addEventListener('mousedown', () => (state.t0 ??= performance.now()), { capture: true, once: true });
    },
    { level, minRows, endText },
  );
  await row.click();
  await t.page.waitForFunction(() => window.__bench?.t1 !== undefined, null, { timeout, polling: 100 });
  const s = await t.page.evaluate(() => window.__bench);
  return { ms: s.t1 - s.t0, rows: s.rows };
}
