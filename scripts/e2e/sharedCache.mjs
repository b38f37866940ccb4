// One HTTP cache and V8 code cache for every test browser of an end-to-end run. Each file gets a
// fresh Chromium profile (its storage, cookies and service workers start empty), and without
// this each one also downloaded and compiled the workbench again (workbench.js alone is 19 MB):
// code-server compressed each file anew and the renderer compiled it on its background threads.
// A profile is now seeded with the caches of the last profile whose file ended, and those are
// static resources only (code-server's `/stable-<commit>/static/` files, immutable for a year by
// their own Cache-Control, and this run's webview bundles): no storage, so nothing one file did
// can reach another. isolationLeave.mjs and isolationCheck.mjs prove it; docs/testing.md has the
// figures.
//
// The caches are keyed by URL, and each file's code-server listens on a port of its own: so the
// test browser reaches its code-server by one name (WORKBENCH_ORIGIN, mapped to the server's port
// by Chromium's `--host-rules`), the same URL in every file. `*.localhost` is a secure context,
// as 127.0.0.1 is (webviews need one for their service worker).
//
// Every copy is synchronous and the runner is one Node process, so a seed never reads a template
// half written.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOST = 'code-server.localhost';
export const WORKBENCH_ORIGIN = `http://${HOST}`;

/** The Chromium argument that sends WORKBENCH_ORIGIN to the code-server on `port`. */
export function hostRule(port) {
  return `--host-rules=MAP ${HOST} 127.0.0.1:${port}`;
}

/** The cache folders of a Chromium profile (under `Default`), the only ones ever shared. */
const CACHE_DIRS = ['Cache', 'Code Cache'];

function copyCaches(fromDefault, toDefault) {
  for (const d of CACHE_DIRS)
    if (existsSync(join(fromDefault, d))) cpSync(join(fromDefault, d), join(toDefault, d), { recursive: true });
}

export function createSharedCache() {
  const dir = mkdtempSync(join(tmpdir(), 'nhncloud-e2e-cache-'));
  const LATEST = 'latest';
  return {
    /**
     * Seeds a new profile folder with the caches last kept (nothing before the first file ends),
     * or with those kept under the name `from`.
     */
    seed(profileDir, from = LATEST) {
      if (existsSync(join(dir, from))) copyCaches(join(dir, from), join(profileDir, 'Default'));
    },
    /**
     * After the profile's browser closed: its caches replace the ones kept (Chromium writes a
     * script's code cache at its second load and uses it from the third, so each file's profile
     * holds more than the one it was seeded from); also under the name `as` when given.
     */
    keep(profileDir, as) {
      for (const name of as ? [LATEST, as] : [LATEST]) {
        rmSync(join(dir, name), { recursive: true, force: true });
        copyCaches(join(profileDir, 'Default'), join(dir, name));
      }
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
