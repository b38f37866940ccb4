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
  timeoutMS: 20_000,
};
