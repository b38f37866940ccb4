// `npm run test:mutation` (a step of `npm test`): StrykerJS over the protection modules of
// stryker.config.mjs, then a check of its JSON report that does not trust the score alone.
// Fails when a module or test file is missing (a stale target), when Stryker cannot run (a
// crash), when a module yields no mutant, and when any mutant survives or no test reaches it.
// Prints one line per module and the totals.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import config from '../../stryker.config.mjs';
import { MUTATION_TESTS } from './tests.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const report = join(ROOT, config.jsonReporter.fileName);
const fail = (msg) => {
  console.error(`mutation: FAILED: ${msg}`);
  process.exit(1);
};

const missing = [...config.mutate, ...MUTATION_TESTS].filter((f) => !existsSync(join(ROOT, f)));
if (missing.length)
  fail(
    `stale target(s), not in the repository: ${missing.join(', ')} (update stryker.config.mjs or scripts/mutation/tests.mjs)`,
  );

rmSync(report, { force: true });
const t0 = Date.now();
const run = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'), 'run'],
  { cwd: ROOT, stdio: 'inherit' },
);
const seconds = ((Date.now() - t0) / 1000).toFixed(0);
if (!existsSync(report)) fail(`Stryker wrote no report (exit ${run.status ?? run.signal}): it did not run`);

const { files } = JSON.parse(readFileSync(report, 'utf8'));
const totals = { mutants: 0, killed: 0, timeout: 0, ignored: 0, undetected: [] };
for (const file of config.mutate) {
  const mutants = files[file]?.mutants ?? [];
  if (!mutants.length) fail(`${file} yielded no mutant: nothing of it is tested here`);
  const count = (status) => mutants.filter((m) => m.status === status).length;
  const undetected = mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
  const errors = mutants.filter((m) => m.status === 'RuntimeError' || m.status === 'CompileError').length;
  console.log(
    `mutation: ${file}: ${mutants.length} mutants, ${count('Killed')} killed, ${count('Timeout')} timed out, ${count('Ignored')} left out by a Stryker disable comment, ${errors} invalid, ${undetected.length} not detected`,
  );
  totals.mutants += mutants.length;
  totals.killed += count('Killed');
  totals.timeout += count('Timeout');
  totals.ignored += count('Ignored');
  for (const m of undetected)
    totals.undetected.push(
      `${file}:${m.location.start.line} ${m.mutatorName} → ${JSON.stringify(m.replacement ?? '')} (${m.status})`,
    );
}
const detected = totals.killed + totals.timeout;
const valid = detected + totals.undetected.length;
console.log(
  `mutation: ${totals.mutants} mutants, ${totals.ignored} left out by comment, ${detected} of ${valid} tested ones detected (score ${((100 * detected) / valid).toFixed(1)} %) in ${seconds} s`,
);
if (totals.undetected.length)
  fail(`${totals.undetected.length} mutant(s) not detected:\n  ${totals.undetected.join('\n  ')}`);
if (run.status !== 0) fail(`Stryker exited with ${run.status ?? run.signal}`);
console.log('mutation: every mutant of the protection modules is detected');
