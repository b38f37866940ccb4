// Mutation testing of the protection modules (README "Reliability and security"): StrykerJS
// changes each of these files one small mutation at a time (a condition flipped, a string
// emptied, a statement removed) and runs the unit tests that cover the mutated code through
// the TAP runner (`node --import tsx` on each test file). A mutant no test kills, a mutant no
// test even reaches, or a run that cannot start fails `npm run test:mutation` (break: 100), so
// the set cannot go stale: a moved or renamed file makes Stryker stop with an error.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  // Bundled by scripts/mutation/build.mjs after instrumentation: one plain node start per run.
  buildCommand: 'node scripts/mutation/build.mjs',
  tap: {
    testFiles: ['out/mutation/*.test.cjs'],
    nodeArgs: ['-r', '{{hookFile}}', '--test-reporter=tap'],
    forceBail: true,
  },
  mutate: [
    'src/client/http/redact.ts',
    'src/client/storage/localPath.ts',
    'src/client/storage/xml.ts',
    'src/panels/html.ts',
    'src/profiles/secrets.ts',
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
