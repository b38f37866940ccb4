// Mutation testing of the protection modules (README "Reliability and security"): StrykerJS
// changes each of these files one small mutation at a time (a condition flipped, a string
// emptied, a statement removed) and runs the unit tests that cover the mutated code in Mocha,
// inside each of its two workers (the tests are node:test files: scripts/mutation/build.mjs
// bundles them with `node:test` mapped onto Mocha's `it`). A mutant no test kills, a mutant no
// test even reaches, or a run that cannot start fails `npm run test:mutation` (break: 100), so
// the set cannot go stale: a moved or renamed file makes Stryker stop with an error.
// Mocha, not the TAP runner the step used before: TAP started a node process for every mutant's
// run (465 of them), which was most of the step's CPU (see docs/testing.md for the figures).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'mocha',
  plugins: ['@stryker-mutator/mocha-runner'],
  // Bundled by scripts/mutation/build.mjs after instrumentation.
  buildCommand: 'node scripts/mutation/build.mjs',
  mochaOptions: { spec: ['out/mutation/*.test.cjs'] },
  mutate: [
    'src/client/http/redact.ts',
    'src/client/redactSql.ts',
    'src/client/storage/localPath.ts',
    'src/client/storage/xml.ts',
    'src/panels/html.ts',
    'src/profiles/secrets.ts',
    'src/database/sqlText.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  thresholds: { high: 100, low: 100, break: 100 },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.stryker-tmp/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // A mutant run longer than this (plus 1.5 times the unmutated run of its tests) counts as a
  // timeout, which Stryker counts as detected: a mutant that loops (xml.ts's tag scan never
  // advancing) ends that way, and each such mutant holds a worker for the whole limit. These
  // tests read no clock and start no server (a file's whole run takes well under a second), and
  // the step runs at normal priority with only idle-class checks beside it (scripts/npm-test.sh),
  // so Stryker's default of 5 s is far above any run that ends. It was 20 s, for no recorded
  // reason, and the one looping mutant made the step 15 s longer.
  timeoutMS: 5_000,
};
