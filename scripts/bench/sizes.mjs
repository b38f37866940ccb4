// Sizes on disk after `npm run package` (a production build and the .vsix): the .vsix, the
// activation shim dist/extension.js, the lazily loaded bundles, and each webview bundle.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

export function benchSizes(vsix) {
  const kb = (p) => (existsSync(p) ? statSync(p).size / 1024 : null);
  const dist = join(ROOT, 'dist');
  const webviews = existsSync(join(dist, 'webviews'))
    ? Object.fromEntries(
        // Panel entries and the chunks they share (scripts/webviewBuild.mjs), e.g. `chunks/chunk-X.js`.
        readdirSync(join(dist, 'webviews'), { recursive: true })
          .map(String)
          .filter((f) => f.endsWith('.js'))
          .map((f) => [f, kb(join(dist, 'webviews', f))]),
      )
    : {};
  return {
    vsixKB: kb(vsix),
    extensionJsKB: kb(join(dist, 'extension.js')),
    mainJsKB: kb(join(dist, 'main.js')),
    sandboxJsKB: kb(join(dist, 'sandbox.js')),
    webviewsKB: webviews,
  };
}
