// `npm run test:unit`: every test/unit/**/*.test.ts (or the files given), each in a process of
// its own (node:test's run(), under tsx), UNIT_JOBS files at once (default 3: most files spend
// their time waiting on a loopback server, a MariaDB or a Swift, not computing). The spec
// reporter prints every test; at the end come the ten slowest files, so the step's time can be
// found and cut where a test waits rather than works. Exit code 1 on any failure.
// Each file's process inherits this one's options: `--require tsx/cjs` (tsx's CommonJS hook
// alone) starts a file in about 0.19 core-seconds where `--import tsx` (which also starts an ESM
// loader thread) took 0.33; over 105 files the step went from 88 to 94 s to 84 s, the same 1,262
// tests passing (Node 20.19+ loads the .mjs helpers a test requires).
// usage: node --require tsx/cjs scripts/unit-tests.mjs [file...]
import { readdirSync, readFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, join, relative } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { startSharedSwift, swiftMissing } from '../test/support/swift.mjs';

const ROOT = join(import.meta.dirname, '..');

/** Every *.test.ts under `dir`, sorted. */
function testFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
}

/**
 * Compiles every TypeScript file of the repository once, here, before the files' processes start.
 * tsx keeps what it compiled in a disk cache (os.tmpdir()/tsx-<uid>) keyed by the file's path and
 * text, so on a fresh clone (a new path: CI) every file's process compiled what it imported, the
 * three at once compiling the same modules while none had written them yet: the step took 95.8 s
 * there against 80.9 s on a second run of the same clone. tsx's own `.ts` loader is called with a
 * module that keeps the code instead of running it (`_compile`, the one thing a require hook hands
 * its result to), which fills the cache exactly as a real load would: 1.5 to 2.1 s for 438 files.
 */
function compileAhead() {
  const load = Module._extensions['.ts'];
  if (!load) return 0;
  let compiled = 0;
  for (const dir of ['src', 'test', 'scripts', 'webviews']) {
    for (const e of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!e.isFile() || !e.name.endsWith('.ts') || e.name.endsWith('.d.ts')) continue;
      const file = join(e.parentPath ?? e.path, e.name);
      const module = new Module(file, undefined);
      module.filename = file;
      module.paths = Module._nodeModulePaths(dirname(file));
      module._compile = () => {};
      try {
        load(module, file);
        compiled++;
      } catch {
        // A file that does not compile fails in its own test's process, which says where.
      }
    }
  }
  return compiled;
}

const files = process.argv.length > 2 ? process.argv.slice(2) : testFiles(join(ROOT, 'test', 'unit'));
const jobs = Math.max(1, Number(process.env.UNIT_JOBS ?? 3));
const t0 = Date.now();
const compiled = compileAhead();
console.log(
  `[unit] Node ${process.version}; ${compiled} TypeScript files compiled into tsx's cache in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);

// One OpenStack Swift for every file that needs one, each file on accounts of its own
// (test/support/swift.mjs, leaseSwift): a start costs about 5 core-seconds, and four files
// started one each. Without Swift installed the files fail on their own, saying what to install.
const usesSwift = files.some((f) => /startSwiftTarget|leaseSwift/.test(readFileSync(f, 'utf8')));
const sharedSwift = usesSwift && !swiftMissing() ? await startSharedSwift(32) : undefined;

/** Per file: the summed time of its top-level tests, and whether one failed. */
const perFile = new Map();
let failures = 0;
const stream = run({ files, concurrency: jobs });
for (const kind of ['test:pass', 'test:fail']) {
  stream.on(kind, (e) => {
    // nesting 0: a file's top-level test (a file that fails to load reports itself as one).
    if (e.nesting !== 0 || !e.file) return;
    const f = perFile.get(e.file) ?? { ms: 0, failed: false };
    f.ms += e.details?.duration_ms ?? 0;
    // A todo or skipped test that "fails" does not fail the run (node:test's own rule).
    if (kind === 'test:fail' && !e.todo && !e.skip) f.failed = true;
    perFile.set(e.file, f);
  });
}
stream.on('test:fail', (e) => {
  if (!e.todo && !e.skip) failures++;
});
// The summary after the reporter's last line (a CI log is read from its tail).
const report = stream.compose(spec);
report.pipe(process.stdout);
report.on('end', async () => {
  await sharedSwift?.stop();
  const slowest = [...perFile].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10);
  console.log(
    `\n[unit] ${files.length} files, ${jobs} at once, in ${((Date.now() - t0) / 1000).toFixed(1)} s; the ten slowest files (their tests' time):`,
  );
  for (const [file, f] of slowest)
    console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${relative(ROOT, file)}${f.failed ? '  (failed)' : ''}`);
  process.exitCode = failures ? 1 : 0;
});
