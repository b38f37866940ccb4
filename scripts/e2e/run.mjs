// The end-to-end runner: the files of test/e2e/scenarios/*.mjs run locale by locale; a worker
// keeps its code-server and Chromium (a host) for its next file of the same locale and server
// options, and each file starts on it as on a new host (its own workspace folder, nothing of the
// last file's window, user data or browser storage: see openHost, freshPage and prepareForFile; the
// isolation pair isolationLeave/isolationCheck proves it). A file's scenarios run in order on one
// page; the mocha suite of test/e2e/exthost runs inside the extension host as the last task of
// the same pool.
// On a failure: a screenshot, the sidebar's HTML, the notifications, the extension's log of that
// scenario only, the server log and VS Code's logs go to .e2e-artifacts/. Every process started
// here is stopped by its own id, also on failure or Ctrl-C.
//
// Locales: every scenario file runs in English and Korean through the same code (its texts are
// looked up in the extension's bundles: scripts/e2e/texts.mjs); a file that exports `locales`
// chooses its own list: Japanese runs only the files that answer dialogs (`ANSWERS_DIALOGS`). `--locale ko` or E2E_LOCALES=en,ja limits a run to those locales. Runs of files and
// locales share the machine: E2E_JOBS (default 3) of them run at once, each on its worker's host
// (E2E_REUSE=0: a new host for every file).
// usage: node scripts/e2e/run.mjs [--grep TEXT] [--locale L[,L]] [--skip-exthost] [--only-exthost] [file-filter...]
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { helpers, launchBrowser } from './browser.mjs';
import { logMark, logsSince } from './extensionLog.mjs';
import { findChromium } from './chromium.mjs';
import { prepareForFile, ROOT, startCodeServer, stopCodeServer } from './codeServer.mjs';
import { runExthostSuite } from './exthost.mjs';
import { ensureInstalled } from './install.mjs';
import { chromiumMainPid, machineCpu, treeCpuSeconds } from './processes.mjs';
import { ALL_LOCALES, DEFAULT_LOCALES } from './texts.mjs';
import { startSharedSwift, swiftMissing } from '../../test/support/swift.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const grepIdx = argv.indexOf('--grep');
const grep = grepIdx >= 0 ? argv[grepIdx + 1] : process.env.E2E_GREP;
const localeIdx = argv.indexOf('--locale');
const onlyLocales = (localeIdx >= 0 ? argv[localeIdx + 1] : process.env.E2E_LOCALES)?.split(',').filter(Boolean);
const fileFilters = argv.filter(
  (a, i) => !a.startsWith('--') && argv[i - 1] !== '--grep' && argv[i - 1] !== '--locale',
);
const JOBS = Math.max(1, Number(process.env.E2E_JOBS ?? 3));
/** E2E_REUSE=0 gives every file a host of its own (as before hosts were reused), to compare. */
const REUSE = process.env.E2E_REUSE !== '0';
const ARTIFACTS = join(ROOT, '.e2e-artifacts');

/** @type {{ servers: Set<any>, browsers: Set<any>, swift?: { stop(): Promise<void> } }} */
const live = { servers: new Set(), browsers: new Set() };
async function cleanup() {
  for (const b of live.browsers) await b.close().catch(() => {});
  for (const s of live.servers) await stopCodeServer(s);
  await live.swift?.stop();
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    console.error(`\n[e2e] ${sig}: stopping what was started`);
    void cleanup().finally(() => process.exit(130));
  });
}

const safe = (s) => s.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80);

/**
 * A failure's artifacts: the screenshot, the sidebar's HTML, the error and the notifications, the
 * extension's log of the failed scenario only (`extension.log`: what the NHN Cloud logs gained
 * since `mark`, taken as the scenario began; the file's setup when it failed there), and for
 * context the server log and VS Code's logs of the file's window.
 * @param {Map<string, number>} [mark]
 */
async function saveFailure(dir, t, server, err, mark = new Map()) {
  mkdirSync(dir, { recursive: true });
  await t?.page.screenshot({ path: join(dir, 'screenshot.png'), scale: 'css' }).catch(() => {});
  const sidebar = await t?.sidebar.innerHTML().catch(() => '');
  if (sidebar) writeFileSync(join(dir, 'sidebar.html'), sidebar);
  const toasts = await t?.page
    .locator('.notifications-toasts')
    .innerText()
    .catch(() => '');
  writeFileSync(join(dir, 'error.txt'), `${err?.stack ?? err}\n\nnotifications:\n${toasts ?? ''}\n`);
  if (server && existsSync(server.logFile)) cpSync(server.logFile, join(dir, 'server.log'));
  const logs = server && join(server.userData, 'logs');
  if (logs) {
    writeFileSync(join(dir, 'extension.log'), logsSince(logs, mark));
    if (existsSync(logs)) cpSync(logs, join(dir, 'vscode-logs'), { recursive: true });
  }
}

/**
 * The server-level options of a scenario file's `options` (those code-server takes at its start);
 * the others (user and machine settings, the workspace) are written for each file anew. Files
 * whose key is the same may run one after the other on one host.
 */
const hostKey = (locale, options = {}) =>
  JSON.stringify([locale, options.extraArgs ?? [], options.env ?? {}, options.installExtension ?? true]);

/**
 * A host: one code-server and one headless Chromium, which a worker keeps for the next file of
 * the same locale and server options instead of starting both again (a window on a warm host
 * costs about 5.2 to 6.2 core-seconds against 8.4 to 9 on a new one: docs/testing.md). Each file
 * still starts as on a new host: `prepareForFile` kills the last window's processes and removes
 * its user data; the browser gets a new page, the origin's storage (the extension's global state
 * and SecretStorage, which code-server keeps in the browser) cleared and checked empty, and no
 * permission the last file granted. Only the HTTP cache stays (workbench.js is not fetched
 * again). A host on which a file failed is closed, never reused.
 */
async function openHost(key, locale, options) {
  const server = await startCodeServer({
    ...options,
    userSettings: undefined,
    machineSettings: undefined,
    workspaceFile: undefined,
    workspaceFiles: undefined,
    ...(locale === 'en' ? {} : { locale }),
    forTests: true,
  });
  live.servers.add(server);
  const profileDir = join(server.runDir, 'chromium');
  const browser = await launchBrowser(profileDir, { forTests: true });
  live.browsers.add(browser);
  const roots = [server.pid, chromiumMainPid(profileDir)].filter((p) => p !== undefined);
  return { key, server, browser, files: 0, cpu: () => treeCpuSeconds(roots) };
}

async function closeHost(host) {
  if (!host) return;
  live.browsers.delete(host.browser);
  await host.browser.close().catch(() => {});
  live.servers.delete(host.server);
  await stopCodeServer(host.server);
  // The artifacts of a failure were copied out already.
  rmSync(host.server.runDir, { recursive: true, force: true });
}

/**
 * A page for the next file on `host`, with nothing of an earlier file in the browser: every page
 * closed (their routes and listeners go with them), permissions taken back, the origin's storage
 * cleared, and then read back empty (IndexedDB, localStorage, service workers), else it throws.
 */
async function freshPage(host) {
  const context = host.browser;
  for (const p of context.pages()) await p.close().catch(() => {});
  await context.clearPermissions();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: host.server.url, storageTypes: 'all' });
  await cdp.detach();
  await page.goto(`${host.server.url}/healthz`);
  const kept = await page.evaluate(async () => [
    ...(await indexedDB.databases()).map((d) => `IndexedDB ${d.name}`),
    ...Object.keys(localStorage).map((k) => `localStorage ${k}`),
    ...(await navigator.serviceWorker.getRegistrations()).map((r) => `service worker ${r.scope}`),
  ]);
  if (kept.length) throw new Error(`the browser kept the last file's state: ${kept.join(', ')}`);
  return page;
}

/**
 * Runs one scenario file in one locale on `host` (reused when its key fits, else a new one), and
 * returns its results with the host to keep for the next file (none after a failure).
 */
async function runFile(file, locale, host) {
  // A module instance of its own per locale: scenario files keep state (a sandbox process, a URL)
  // in module variables, and two locales of one file may run at once.
  const mod = await import(`${pathToFileURL(file).href}?locale=${locale}`);
  const all = mod.scenarios ?? mod.default ?? [];
  // A scenario may name its own locales (as a file may: texts.mjs); the ones left out are
  // counted, never reported as passed.
  const inLocale = all.filter((s) => !s.locales || s.locales.includes(locale));
  notRun.set(locale, (notRun.get(locale) ?? 0) + all.length - inLocale.length);
  const list = grep ? inLocale.filter((s) => s.name.includes(grep)) : inLocale;
  const results = [];
  if (!list.length) return { results, host };
  const base = `${file
    .split('/')
    .pop()
    .replace(/\.m?[jt]s$/, '')}[${locale}]`;
  const options = mod.options ?? {};
  const key = hostKey(locale, options);
  const timing = { file: base, startMs: 0, scenariosMs: 0, stopMs: 0, startCpu: 0, scenariosCpu: 0, reused: false };
  timings.push(timing);
  const tStart = Date.now();
  let server;
  let t;
  /** CPU seconds of the host's code-server and Chromium since this file began. */
  let cpu = () => 0;
  try {
    if (host && (host.key !== key || !REUSE)) {
      await closeHost(host);
      host = undefined;
    }
    const cpuBefore = host?.cpu() ?? 0;
    host ??= await openHost(key, locale, options);
    timing.reused = host.files > 0;
    const own = host;
    cpu = () => own.cpu() - cpuBefore;
    const page = await freshPage(host);
    server = await prepareForFile(host.server, options, host.files++);
    t = helpers(page, server, locale);
    t.artifacts = join(ARTIFACTS, base);
    await t.openWorkbench();
    timing.startMs = Date.now() - tStart;
    timing.startCpu = cpu();
  } catch (err) {
    console.log(`✗ ${base}: setup failed: ${err?.message ?? err}`);
    await saveFailure(join(ARTIFACTS, base, 'setup'), t, server ?? host?.server, err);
    results.push({ locale, name: `${base} (setup)`, ok: false, why: firstLine(err) });
    await closeHost(host);
    return { results, host: undefined };
  }
  let failed = false;
  const tScenarios = Date.now();
  for (const s of list) {
    const t0 = Date.now();
    const cpu0 = cpu();
    if (failed && !s.independent) {
      console.log(`- ${base} › ${s.name} (skipped: an earlier scenario of this file failed)`);
      results.push({
        locale,
        name: `${base} › ${s.name}`,
        ok: false,
        skipped: true,
        why: 'skipped: an earlier scenario of this file failed',
      });
      continue;
    }
    // Where the extension's logs end now: a failure's extension.log starts here.
    const logsAtStart = logMark(join(server.userData, 'logs'));
    try {
      await s.run(t);
      console.log(`✓ ${base} › ${s.name} (${Date.now() - t0} ms, ${(cpu() - cpu0).toFixed(1)} core-s)`);
      results.push({ locale, name: `${base} › ${s.name}`, ok: true });
    } catch (err) {
      failed = true;
      const dir = join(ARTIFACTS, base, safe(s.name));
      const where = scenarioLine(err);
      console.log(
        `✗ ${base} › ${s.name} (${Date.now() - t0} ms)\n    ${String(err?.message ?? err)
          .split('\n')
          .join('\n    ')}\n    at ${where}\n    artifacts: ${dir}`,
      );
      await saveFailure(dir, t, server, err, logsAtStart);
      results.push({ locale, name: `${base} › ${s.name}`, ok: false, why: `${firstLine(err)} (at ${where})` });
    }
  }
  timing.scenariosMs = Date.now() - tScenarios;
  timing.scenariosCpu = cpu() - timing.startCpu;
  const tStop = Date.now();
  // The page goes now, so that nothing of this file runs on while the worker waits; what the
  // window left in the server goes when the next file prepares it (prepareForFile).
  for (const p of host.browser.pages()) await p.close().catch(() => {});
  if (failed) {
    await closeHost(host);
    host = undefined;
  }
  timing.stopMs = Date.now() - tStop;
  return { results, host };
}

/** Per locale: scenarios that do not run in it by their own `locales`. */
const notRun = new Map();

/** @type {{ file: string, startMs: number, scenariosMs: number, stopMs: number, startCpu: number, scenariosCpu: number, reused: boolean }[]} */
const timings = [];

/**
 * Where the time of the run went: one row per file × locale (code-server start to a ready
 * workbench, its scenarios, closing down), most expensive first, and the sums; then the CPU
 * seconds its own code-server and Chromium spent starting and in its scenarios, and how many of
 * the machine's cores that kept busy on average (the runner's and the sandboxes' share is not in
 * it). On this 2-core machine with three files at once the run is bound by the CPU, so the CPU
 * columns, not the times, say what a file costs the run; the last line says how busy the whole
 * machine was since `machineStart` (everything on it), which shows whether that holds.
 * @param {{ at: number, busy: number, steal: number, cores: number }} machineStart
 */
function printTimings(machineStart) {
  if (!timings.length) return;
  const s = (ms) => (ms / 1000).toFixed(1).padStart(7);
  const c = (sec) => sec.toFixed(1).padStart(7);
  const total = (r) => r.startMs + r.scenariosMs + r.stopMs;
  const cores = (r) => ((r.startCpu + r.scenariosCpu) / Math.max(1, (r.startMs + r.scenariosMs) / 1000)).toFixed(2);
  const rows = [...timings].sort((a, b) => total(b) - total(a));
  const name = (r) => `${r.file}${r.reused ? ' +' : ''}`;
  const width = Math.max(...rows.map((r) => name(r).length), 4);
  console.log(
    `\n[e2e] time per file × locale (s), and its processes' CPU (core-s)\n  ${'file'.padEnd(width)}   start scenarios   stop   total |   start scenarios  cores`,
  );
  const sum = { startMs: 0, scenariosMs: 0, stopMs: 0, startCpu: 0, scenariosCpu: 0 };
  const line = (name, r) =>
    console.log(
      `  ${name.padEnd(width)} ${s(r.startMs)} ${s(r.scenariosMs)}  ${s(r.stopMs)} ${s(total(r))} | ${c(r.startCpu)} ${c(r.scenariosCpu)}   ${cores(r)}`,
    );
  for (const r of rows) {
    for (const k of Object.keys(sum)) sum[k] += r[k];
    line(name(r), r);
  }
  line('all', sum);
  console.log(
    `  (+: on a host an earlier file of the worker had started; ${timings.filter((r) => r.reused).length} of ${timings.length} files)`,
  );
  // Everything on the machine (the runner, sandboxes, Swift, MariaDB and the extension-host suite
  // too): when this stays near the core count, the run is bound by the CPU and only less CPU
  // makes it shorter; its busy seconds over the core count are the run's floor at full use.
  const now = machineCpu();
  const wall = (Date.now() - machineStart.at) / 1000;
  const busy = now.busy - machineStart.busy;
  console.log(
    `[e2e] the machine: ${busy.toFixed(0)} core-seconds busy in ${wall.toFixed(0)} s, ${(busy / wall).toFixed(2)} of its ${now.cores} cores on average (${(now.steal - machineStart.steal).toFixed(1)} s stolen by the hypervisor)`,
  );
}

/**
 * Where in the scenarios (or the helpers) a failure was thrown, as file:line: "locator.waitFor:
 * Timeout 30000ms exceeded" alone does not say which of a scenario's waits it was.
 */
function scenarioLine(err) {
  const frames = String(err?.stack ?? '').split('\n');
  // A scenario file is imported once per locale (`panels.mjs?locale=ja`): drop the query.
  const inTests = (dir) =>
    frames
      .map((f) => new RegExp(`${dir}/([\\w./-]+)(?:\\?[^:]*)?:(\\d+)`).exec(f))
      .filter(Boolean)
      .map((m) => `${m[1]}:${m[2]}`);
  return [...inTests('test/e2e'), ...inTests('scripts/e2e')][0] ?? 'an unknown line';
}

/** The first line of an error, cut to one readable line for the closing summary. */
function firstLine(err) {
  const line = String(err?.message ?? err).split('\n')[0];
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

async function main() {
  const t0 = Date.now();
  console.log(`[e2e] browser: ${findChromium({ headlessShell: true })}`);
  if (!existsSync(join(ROOT, 'dist', 'extension.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  await ensureInstalled();
  // From here (a first install of code-server left out): what the whole machine spent on the run.
  const machineStart = { at: Date.now(), ...machineCpu() };
  rmSync(ARTIFACTS, { recursive: true, force: true });
  const dir = join(ROOT, 'test', 'e2e', 'scenarios');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .sort()
    .filter((f) => !fileFilters.length || fileFilters.some((x) => f.includes(x)))
    .map((f) => join(dir, f));
  const runs = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(f).href);
    const own = mod.locales ?? DEFAULT_LOCALES;
    for (const locale of ALL_LOCALES) {
      if (onlyLocales && !onlyLocales.includes(locale)) continue;
      if (own.includes(locale)) runs.push([f, locale, mod.after, hostKey(locale, mod.options) !== hostKey(locale)]);
      // A file left out of a locale by its own `locales` is counted like a scenario left out.
      else notRun.set(locale, (notRun.get(locale) ?? 0) + (mod.scenarios ?? mod.default ?? []).length);
    }
  }
  // Locale by locale, so that a worker's next file can take its host (one locale per code-server),
  // and in each the files with server options of their own (reliability's trace logging) last:
  // the worker that takes one needs a new host for its next file anyway, the next locale's.
  runs.sort((a, b) => ALL_LOCALES.indexOf(a[1]) - ALL_LOCALES.indexOf(b[1]) || Number(a[3]) - Number(b[3]));
  // A file that names another as `after` runs right after it in the same task, on its host: the
  // isolation pair (isolationCheck.mjs after isolationLeave.mjs) proves a file sees nothing of
  // the one before it.
  /** @type {Array<Array<[string, string]>>} */
  const chains = [];
  for (const [f, locale, after] of runs) if (!after) chains.push([[f, locale]]);
  for (const [f, locale, after] of runs) {
    if (!after) continue;
    const prev = chains.find((c) => c.some(([g, l]) => l === locale && g.endsWith(`/${after}`)));
    if (prev) prev.push([f, locale]);
    else chains.push([[f, locale]]);
  }
  // One OpenStack Swift for the files that use one, each on an account of its own
  // (test/support/swift.mjs, leaseSwift), as the unit tests share theirs.
  const usesSwift = runs.some(([f]) => /leaseSwift/.test(readFileSync(f, 'utf8')));
  if (usesSwift && !swiftMissing()) live.swift = await startSharedSwift(8);
  const results = [];
  /** @type {Array<(host: any) => Promise<{ results: object[], host: any }>>} */
  const tasks = flag('--only-exthost')
    ? []
    : chains.map((chain) => async (host) => {
        const results = [];
        for (const [f, locale] of chain) {
          const r = await runFile(f, locale, host);
          results.push(...r.results);
          host = r.host;
        }
        return { results, host };
      });
  // The extension-host suite is the pool's last task, not a step after it: it then runs while the
  // other workers finish their last files instead of alone on a machine they have left idle.
  if (!flag('--skip-exthost') && !grep && !fileFilters.length)
    tasks.push(async (host) => {
      await closeHost(host);
      return { results: [await runExthostSuite({ live, artifacts: join(ARTIFACTS, 'exthost') })], host: undefined };
    });
  // A small pool: JOBS tasks at once, in order; each worker keeps its host for its next file.
  let next = 0;
  const worker = async () => {
    let host;
    while (next < tasks.length) {
      const r = await tasks[next++](host);
      results.push(...r.results);
      host = r.host;
    }
    await closeHost(host);
  };
  await Promise.all(Array.from({ length: Math.min(JOBS, tasks.length) }, worker));
  printTimings(machineStart);
  if (!results.length) {
    // A filter that matches nothing (a path instead of a name, a misspelt --grep) tested nothing:
    // that is a failure, never "0 passed, 0 failed" with exit 0.
    console.log(
      `[e2e] no scenario matched ${JSON.stringify({ files: fileFilters, grep, locales: onlyLocales })}: nothing was tested`,
    );
    return 1;
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\n[e2e] ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Scenarios per locale, so that a run with fewer of them shows.
  const locales = [...new Set(results.map((r) => r.locale).filter(Boolean))];
  for (const l of locales) {
    const mine = results.filter((r) => r.locale === l);
    const skippedByDesign = notRun.get(l) ?? 0;
    console.log(
      `[e2e] ${l}: ${mine.filter((r) => r.ok).length} passed, ${mine.filter((r) => !r.ok).length} failed` +
        (skippedByDesign ? ` (${skippedByDesign} scenario(s) not in this locale by their own \`locales\`)` : ''),
    );
  }
  // Alone on its line, in the plain form CI reads as the closing count of a run.
  console.log(`e2e: ${results.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length) {
    // Repeated at the end because a CI log is often read from its tail only: what failed, and why.
    console.log('[e2e] failed:');
    for (const r of failed) console.log(`  ✗ ${r.name}${r.why ? `: ${r.why}` : ''}`);
    console.log(`[e2e] artifacts in ${ARTIFACTS}`);
  }
  return failed.length ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(`[e2e] ${err?.message ?? err}`);
    await cleanup();
    process.exit(1);
  });
