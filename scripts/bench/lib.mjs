// Shared helpers of the benchmark: statistics, the results table, child processes, the build.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { leftOut } from '../shims/leftOut.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUT = join(ROOT, '.bench');
export const BUILD = join(OUT, 'build');
export const MiB = 1024 * 1024;

/** Median, min and max of numbers (the figure every row reports). */
export function stats(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return { median: null, min: null, max: null, runs: [] };
  const mid = v.length >> 1;
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], runs: values };
}

/** What the floor extension draws (scripts/bench/floor/extension.js). */
export const FLOOR = { view: 'Bench Floor', parent: 'Floor', folder: 'Thousand', paged: 'Paged' };
/** The floor with our tree menus (buildFloorVsix({ menusOf })): its activity-bar title; its rows are the floor's. */
export const FLOOR_MENUS = { ...FLOOR, view: 'Floor With Menus' };

/**
 * The floor's manifest as the menus variant: another id, and the tree menus of the extension
 * manifest `ours` (view/item/context, its submenus, the row sets) under that id, each command
 * declared, so VS Code has as many entries to evaluate for each drawn row as for ours.
 */
export function floorWithMenus(floor, ours) {
  const id = 'benchFloorMenus';
  const rename = (s) => s.replace(/\bnhncloud\.explorer\b/g, `${id}.tree`).replace(/\bnhncloud\./g, `${id}.`);
  const menus = Object.fromEntries(
    Object.entries(ours.contributes.menus)
      .filter(([k]) => k === 'view/item/context' || k.startsWith('nhncloud.'))
      .map(([k, entries]) => [
        rename(k),
        entries.map((e) => ({
          ...e,
          ...(e.command ? { command: rename(e.command) } : { submenu: rename(e.submenu) }),
          when: rename(e.when),
        })),
      ]),
  );
  const used = [...new Set(Object.values(menus).flatMap((es) => es.filter((e) => e.command).map((e) => e.command)))];
  return {
    ...floor,
    name: 'bench-floor-menus',
    displayName: FLOOR_MENUS.view,
    benchFloorId: id,
    benchFloorRowSets: Object.fromEntries(
      Object.entries(ours.nhncloudMenuRowSets ?? {}).map(([k, v]) => [rename(k), v]),
    ),
    contributes: {
      viewsContainers: { activitybar: [{ id, title: FLOOR_MENUS.view, icon: 'floor.svg' }] },
      views: { [id]: [{ id: `${id}.tree`, name: FLOOR.parent }] },
      commands: [
        { command: `${id}.loadMore`, title: 'Load more...' },
        { command: `${id}.open`, title: 'Open' },
        ...used.map((command) => ({ command, title: command.slice(id.length + 1) })),
      ],
      submenus: (ours.contributes.submenus ?? []).map((s) => ({ id: rename(s.id), label: s.id })),
      menus,
    },
  };
}

/**
 * Packages the floor extension (scripts/bench/floor: a tree answered from memory, no
 * dependencies) as a .vsix the UI figures install beside ours; answers its path. `menusOf`: the
 * path of our package.json, for the variant with our tree menus (floorWithMenus).
 */
export function buildFloorVsix({ menusOf } = {}) {
  const dir = join(BUILD, menusOf ? 'floor-menus' : 'floor');
  const vsix = join(BUILD, menusOf ? 'bench-floor-menus.vsix' : 'bench-floor.vsix');
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(ROOT, 'scripts/bench/floor'), dir, { recursive: true });
  if (menusOf) {
    const manifest = join(dir, 'package.json');
    const floor = JSON.parse(readFileSync(manifest, 'utf8'));
    writeFileSync(manifest, JSON.stringify(floorWithMenus(floor, JSON.parse(readFileSync(menusOf, 'utf8'))), null, 2));
  }
  const r = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/@vscode/vsce/vsce'),
      'package',
      '--no-dependencies',
      '--allow-missing-repository',
      '--skip-license',
      '--out',
      vsix,
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  if (r.status !== 0 || !existsSync(vsix))
    throw new Error(`packaging the floor extension failed:\n${r.stdout}${r.stderr}`);
  return vsix;
}

/** Builds the lib bundle the transfer and bucket benchmarks load. */
export async function buildBenchLib() {
  mkdirSync(BUILD, { recursive: true });
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(ROOT, 'scripts/bench/entry.ts')],
    outfile: join(BUILD, 'lib.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    logLevel: 'warning',
    external: ['vscode'],
    // The same parts left out as in dist/main.js: the bench measures the code that ships.
    plugins: [leftOut],
  });
  return join(BUILD, 'lib.cjs');
}

/** Runs a node script in a fresh process; answers the last JSON line it prints. */
/** The informative end of a failed process's output: its error line(s), not Node's version banner. */
export function lastWords(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^Node\.js v\d|^Command exited with non-zero status|^\^+$|^at /.test(l));
  const error = lines.findLast((l) => /error|failed|refused|denied|timed? ?out/i.test(l));
  return (error ?? lines.slice(-2).join(' | ')).slice(0, 600);
}

/**
 * Before a timed transfer: the dirty pages the previous one left (a 1 GiB file written) are
 * flushed now, not during the next client's clock, then the machine settles. Without it the
 * client that ran after a download paid for its writeback, and the order decided the ratio.
 */
export async function settle(ms) {
  spawnSync('sync', { stdio: 'ignore' });
  await sleep(ms);
}

/** The machine's cores, as /proc/stat lists them. */
const cpuCount = readFileSync('/proc/stat', 'utf8').match(/^cpu\d+ /gm)?.length ?? 1;

/** The machine's busy and total CPU ticks so far, all cores (/proc/stat: idle and iowait are not busy). */
function cpuTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = fields.map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - n[3] - n[4], total };
}

/**
 * What counts as quiet: below 0.15 of a core busy. On a machine shared with other work that never
 * falls so low, NHNCLOUD_BENCH_QUIET_CORES raises it (each figure still compares ours with its
 * floor or peer in the same run, and the load at its start is printed with it).
 */
const QUIET_CORES = Number(process.env.NHNCLOUD_BENCH_QUIET_CORES) || 0.15;

/**
 * Waits until the whole machine has been idle for `quietMs` (below `cores` of CPU busy, over all
 * processes: the workbench's renderer, code-server, the extension hosts, the sandbox), at most
 * `timeoutMs`. A reloaded window keeps working for seconds after it is drawn (its extension host
 * starts, built-in extensions activate), and a click timed into that work measured the window's
 * start as much as the extension: the cold open's floor read 69 to 864 ms across runs, and the
 * ratio of a run 0.3 to 7. Answers `{ waitedMs, quiet }`; `quiet` false when the time ran out.
 */
export async function machineQuiet({ quietMs = 1000, cores = QUIET_CORES, timeoutMs = 30_000 } = {}) {
  const started = Date.now();
  const step = 250;
  const windowTicks = [];
  let last = cpuTicks();
  for (;;) {
    await sleep(step);
    const now = cpuTicks();
    windowTicks.push({ busy: now.busy - last.busy, total: now.total - last.total });
    last = now;
    if (windowTicks.length > quietMs / step) windowTicks.shift();
    const busy = windowTicks.reduce((a, w) => a + w.busy, 0);
    const total = windowTicks.reduce((a, w) => a + w.total, 0);
    const coresBusy = total ? (busy / total) * cpuCount : 0;
    if (windowTicks.length * step >= quietMs && coresBusy < cores)
      return { waitedMs: Date.now() - started, quiet: true };
    if (Date.now() - started > timeoutMs) return { waitedMs: Date.now() - started, quiet: false };
  }
}

/** A server whose figure failed: logged, and the row that says why (its first line, 300 characters). */
export function serverFailed(log, server, err) {
  const why = String(err?.message ?? err)
    .split('\n')[0]
    .slice(0, 300);
  log(`  ${server}: FAILED: ${why}`);
  return { failed: why };
}

export function runNode(args, { env, timeoutMs = 300_000, cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .pop();
      if (code === 0 && line) return resolve(JSON.parse(line));
      // The reason first: a table row shows the first 300 characters of this message, and a
      // message that began with the command line (a long JSON job) showed nothing else.
      const script = basename(args.find((a) => /\.[cm]?js$/.test(a)) ?? 'node');
      const tail = lastWords(err || out);
      const how = timedOut ? `was stopped after ${timeoutMs / 1000} s (time limit)` : `exited ${code}`;
      reject(new Error(`${script} ${how}${tail ? `: ${tail}` : ''} [${args.join(' ').slice(0, 400)}]`));
    });
  });
}

/** Starts a long-lived node child that prints one JSON line when ready; answers it and a stop(). */
export function startNode(args, { env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let ready = false;
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!ready && line) {
        ready = true;
        resolve({
          info: JSON.parse(line),
          pid: child.pid,
          stop: () =>
            new Promise((r) => {
              if (child.exitCode !== null) return r();
              child.on('close', () => r());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.on('close', (code) => {
      if (!ready) reject(new Error(`${args.join(' ')} exited ${code} before ready: ${err.slice(-1500)}`));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function ensureDir(p) {
  if (!existsSync(p)) mkdirSync(p, { recursive: true });
  return p;
}

export const fmt = (n, digits = 1) => (n === null || n === undefined ? 'n/a' : Number(n).toFixed(digits));
