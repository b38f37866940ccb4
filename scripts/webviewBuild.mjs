// The one definition of how the webview bundles are built: used by esbuild.mjs for dist/ and by
// test/unit/panels/webviews.test.ts, so the browser tests load exactly what ships.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The panels: every folder under webviews/ with a main.ts (shared/ has none). */
export function webviewEntries(root = '.') {
  const dir = join(root, 'webviews');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((d) => statSync(join(dir, d)).isDirectory() && existsSync(join(dir, d, 'main.ts')))
    .map((d) => ({ in: join(dir, d, 'main.ts'), out: d }));
}

/** esbuild options for the browser side of the panels, written to `outdir`. */
export function webviewBuildOptions({ outdir, production = false, root = '.' }) {
  return {
    bundle: true,
    platform: 'browser',
    // ES modules with code splitting: vscode-elements, Lit and zod are shared by every panel, so
    // they go into common chunks once instead of into each bundle (the .vsix budget is 2 MB).
    // The page loads its entry as <script type="module" nonce>; the CSP allows imports from the
    // chunks/ folder by path, and nothing else (src/panels/html.ts).
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'es2022',
    minify: production,
    sourcemap: production ? false : 'linked',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    entryPoints: webviewEntries(root),
    outdir,
    loader: { '.css': 'text' },
  };
}
