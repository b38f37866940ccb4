// `npm run bench`: builds and packages the extension, then measures every figure of the
// Performance section (README) and prints one table; the same figures go to .bench/results.json.
// Each figure is the median of several runs with min and max; comparisons are ratios taken
// within the same run. Not part of `npm test`: figures are printed, never asserted.
//
// usage: npm run bench [-- --only sizes,activation,coldopen,transfer,folders,sync,resume,polling,region,bucket,params,sql,dbwork,completion,sqlgrid]
//                      [--runs N (UI and activation, default 5)] [--transfer-runs N (default 3)]
//                      [--folder-runs N (default 3)] [--size MiB (transfer file, default 1024)]
//                      [--folder-sets small,large (default both)] [--folder-peers rclone,aws (default both; 'none': ours only)]
//                      [--no-sweep (folders: ours at its default small-file concurrency only)]
//                      [--servers sandbox,s3rver,swift (transfer and folders; default: all installed)]
//                      [--out name.json (under .bench/, default results.json)]
//                      [--profile (cold open, bucket: CPU profiles of the extension host and the renderer, after the figures, in .bench/; bucket: an allocation profile and the memory split too)]
//                      [--settle-s S (wait up to S s for a 1-minute load below 1.0 before each figure, default 180)]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildBenchLib, ensureDir, OUT, ROOT } from './lib.mjs';
import { NOISY_LOAD } from './table.mjs';

const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
};
const only = opt(
  'only',
  'sizes,activation,coldopen,transfer,folders,sync,resume,polling,region,bucket,params,sql,dbwork,completion,sqlgrid',
).split(',');
const runs = Number(opt('runs', 5));
const transferRuns = Number(opt('transfer-runs', 3));
const folderRuns = Number(opt('folder-runs', 3));
// S3 servers of the transfer and folder figures (default: sandbox, s3rver and Swift when installed).
const servers = opt('servers', undefined)?.split(',');
const sizeMiB = Number(opt('size', 1024));
const log = (...a) => console.error(...a);
// How long a figure waits for the machine to be quiet before it starts anyway (marked noisy).
const SETTLE_MS = Number(opt('settle-s', 180)) * 1000;

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const vsix = join(ROOT, `${pkg.name}-${pkg.version}.vsix`);
const started = Date.now();
const results = {
  takenAt: new Date().toISOString(),
  machine: {
    cpu: os.cpus()[0]?.model,
    cores: os.cpus().length,
    memoryGB: +(os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((x) => +x.toFixed(2)),
  },
  options: argv.join(' ') || undefined,
  loadAverageAtFigure: {},
  figures: {},
  notAvailable: {},
};

async function figure(name, fn) {
  if (!only.includes(name)) return;
  log(`\n[bench] ${name}`);
  // Other work on the machine moves every figure, and so does the figure before (a 1 GiB transfer
  // leaves a 1-minute load near 2 behind it): each figure waits, up to SETTLE_MS, for the load to
  // fall below NOISY_LOAD, and the load as it begins goes with it (the table marks it noisy above).
  const settleUntil = Date.now() + SETTLE_MS;
  while (os.loadavg()[0] > NOISY_LOAD && Date.now() < settleUntil) await sleep(5000);
  results.loadAverageAtFigure[name] = os.loadavg().map((x) => +x.toFixed(2));
  if (results.loadAverageAtFigure[name][0] > NOISY_LOAD)
    log(`[bench] ${name} starts with a 1-minute load of ${results.loadAverageAtFigure[name][0]}: noisy`);
  const t0 = Date.now();
  try {
    results.figures[name] = await fn();
  } catch (err) {
    results.notAvailable[name] = String(err?.message ?? err)
      .split('\n')[0]
      .slice(0, 300);
    log(`[bench] ${name}: n/a (${results.notAvailable[name]})`);
    if (process.env.NHNCLOUD_BENCH_DEBUG) log(err);
  }
  log(`[bench] ${name} took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  // Written after every figure, marked unfinished: a run stopped part-way keeps what it measured
  // (the final write below drops the mark; report.mjs says so above a table from such a file).
  ensureDir(OUT);
  writeFileSync(
    join(OUT, opt('out', 'results.json')),
    JSON.stringify({ ...results, durationS: Math.round((Date.now() - started) / 1000), unfinished: true }, null, 2) +
      '\n',
  );
}

// The build every figure reads: a production build and the .vsix (npm run package).
log('[bench] npm run package');
const pack = spawnSync(process.execPath, [join(ROOT, 'scripts/package.mjs')], { cwd: ROOT, encoding: 'utf8' });
if (!existsSync(vsix)) {
  console.error(pack.stdout, pack.stderr);
  throw new Error('npm run package made no .vsix');
}
if (pack.status !== 0) log(`[bench] npm run package reported: ${(pack.stderr || '').trim().split('\n').pop()}`);
// The client and sandbox bundle of the transfer and polling figures, built on first need.
let libPath;
const getLib = async () => (libPath ??= await buildBenchLib());

await figure('sizes', async () => (await import('./sizes.mjs')).benchSizes(vsix));
await figure('activation', async () => (await import('./activation.mjs')).benchActivation({ vsix, runs, log }));
// `--profile`: CPU profiles of the extension host and the renderer (cold open, bucket), in .bench/.
const profileDir = argv.includes('--profile') ? OUT : undefined;
await figure('coldopen', async () => (await import('./coldOpen.mjs')).benchColdOpen({ vsix, runs, log, profileDir }));
await figure('polling', async () => (await import('./polling.mjs')).benchPolling({ lib: await getLib() }));
await figure('region', async () => (await import('./bigRegion.mjs')).benchBigRegion({ vsix, runs, log }));
await figure('bucket', async () =>
  (await import('./bigBucket.mjs')).benchBigBucket({
    vsix,
    runs,
    log,
    profileDir,
  }),
);
await figure('params', async () => (await import('./paramEditor.mjs')).benchParamEditor({ runs, log }));
await figure('sql', async () => (await import('./sql.mjs')).benchSql({ runs, log }));
await figure('dbwork', async () => (await import('./sql.mjs')).benchDbWork({ runs: Math.min(runs, 3), log }));
await figure('completion', async () => (await import('./completion.mjs')).benchCompletion({ runs, log }));
await figure('sqlgrid', async () => (await import('./sql.mjs')).benchSqlGrid({ vsix, runs: Math.min(runs, 3), log }));
await figure('transfer', async () =>
  (await import('./transfer.mjs')).benchTransfer({
    lib: await getLib(),
    runs: transferRuns,
    sizeMiB,
    log,
    ...(servers ? { servers } : {}),
  }),
);
await figure('folders', async () =>
  (await import('./folders.mjs')).benchFolders({
    lib: await getLib(),
    runs: folderRuns,
    log,
    ...(servers ? { servers } : {}),
    ...(opt('folder-sets') ? { sets: opt('folder-sets').split(',') } : {}),
    ...(opt('folder-peers')
      ? {
          peerNames: opt('folder-peers')
            .split(',')
            .filter((p) => p !== 'none'),
        }
      : {}),
    sweep: !argv.includes('--no-sweep'),
  }),
);
await figure('sync', async () =>
  (await import('./sync.mjs')).benchSync({
    lib: await getLib(),
    runs: folderRuns,
    log,
    ...(servers ? { servers } : {}),
  }),
);
await figure('resume', async () =>
  (await import('./resume.mjs')).benchResume({
    lib: await getLib(),
    runs: transferRuns,
    sizeMiB,
    log,
    ...(servers ? { servers } : {}),
  }),
);

results.durationS = Math.round((Date.now() - started) / 1000);
results.loadAverageAtEnd = os.loadavg().map((x) => +x.toFixed(2));
ensureDir(OUT);
writeFileSync(join(OUT, opt('out', 'results.json')), JSON.stringify(results, null, 2) + '\n');
const { table } = await import('./table.mjs');
console.log('\n' + table(results));
console.log(
  `\nFigures in .bench/${opt('out', 'results.json')} (${results.durationS} s). For the README: copy it to docs/bench/results.json, then node scripts/bench/report.mjs --write.`,
);
