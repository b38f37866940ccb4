// Stryker's build step (stryker.config.mjs → buildCommand), run inside its sandbox after the
// protection modules were instrumented: bundles each test file of the mutation set with the
// instrumented sources into out/mutation/*.test.cjs, plain CommonJS that Stryker's Mocha runner
// loads in its workers without compiling TypeScript. Their `node:test` import becomes
// nodeTestOnMocha.cjs (Mocha's `it`).
import * as esbuild from 'esbuild';
import { join } from 'node:path';
import { MUTATION_TESTS } from './tests.mjs';

await esbuild.build({
  entryPoints: MUTATION_TESTS,
  outdir: 'out/mutation',
  outbase: 'test/unit',
  entryNames: '[dir]-[name]',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Only our sources need the instrumented copies; packages load from node_modules as usual.
  packages: 'external',
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-test-on-mocha',
      setup(build) {
        build.onResolve({ filter: /^node:test$/ }, () => ({
          path: join(import.meta.dirname, 'nodeTestOnMocha.cjs'),
        }));
      },
    },
  ],
});
