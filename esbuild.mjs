// One build for everything that ships.
//   dist/extension.js  the activation shim: registers views and commands, loads nothing heavy
//   dist/main.js       every feature and the client stack, required on first use
//   dist/sandbox.js    the local emulator, required only by "Explore the Sandbox"
//   dist/webviews/<panel>.js  one browser entry per folder under webviews/ (main.ts), sharing
//                             chunks in dist/webviews/chunks/ (scripts/webviewBuild.mjs)
// Flags: --production (minify, no sourcemaps), --watch.
import * as esbuild from 'esbuild';
import { rmSync } from 'node:fs';
import { webviewBuildOptions, webviewEntries } from './scripts/webviewBuild.mjs';

const production = process.argv.includes('--production') || process.env.NODE_ENV === 'production';
const watch = process.argv.includes('--watch');

/** Modules that must never reach dist/extension.js: activation has to stay cheap. */
const HEAVY = ['node_modules/zod/', 'node_modules/undici/', 'node_modules/aws4/', 'node_modules/fast-xml-parser/'];

const nodeCommon = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: production,
  sourcemap: production ? false : 'linked',
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
};

const builds = [
  {
    ...nodeCommon,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    // main.js and sandbox.js are loaded at run time by path, never bundled into the shim.
    external: ['vscode', './main.js', './sandbox.js'],
  },
  { ...nodeCommon, entryPoints: ['src/main.ts'], outfile: 'dist/main.js', external: ['vscode', './sandbox.js'] },
  { ...nodeCommon, entryPoints: ['src/sandbox/index.ts'], outfile: 'dist/sandbox.js', external: ['vscode'] },
];
if (webviewEntries().length) builds.push(webviewBuildOptions({ outdir: 'dist/webviews', production }));

function checkShim(result) {
  const inputs = Object.keys(result.metafile.inputs);
  const heavy = inputs.filter((i) => HEAVY.some((h) => i.includes(h)));
  if (heavy.length) {
    throw new Error(`dist/extension.js must stay light but bundles: ${heavy.slice(0, 5).join(', ')}`);
  }
}

if (watch) {
  for (const b of builds) {
    const ctx = await esbuild.context(b);
    await ctx.watch();
  }
  console.log('[esbuild] watching…');
} else {
  // Start from an empty dist/: a panel or chunk that no longer exists must not be packaged.
  rmSync('dist', { recursive: true, force: true });
  const results = await Promise.all(builds.map((b) => esbuild.build(b)));
  checkShim(results[0]);
  for (const r of results) {
    for (const [file, info] of Object.entries(r.metafile.outputs)) {
      if (!file.endsWith('.map')) console.log(`${file.padEnd(40)} ${(info.bytes / 1024).toFixed(1).padStart(8)} KB`);
    }
  }
}
