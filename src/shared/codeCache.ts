// Loading the main bundle with V8's code cache (issue 31, cold open). Compiling dist/main.js is
// the largest single cost of our code in a window's first use of the extension (`npm run bench --
// --only coldopen --profile`: `wrapSafe` at the top of the extension host's profile): its top
// level takes 42 to 51 ms on this machine, 4.4 to 5.9 ms from a code cache, and the functions
// the first use compiles come from the cache too (it is written after them). VS Code caches its own code
// this way but not an extension's, so the shim does it for main.js alone (Node's process-wide
// compile cache would also cache every other extension's code in our folder).
//
// vscode-free: the shim imports it, and it must stay cheap (node:vm, node:fs, node:module only).
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

export interface CodeCachedModule<T> {
  exports: T;
  /** What the cache did: none found, used, or refused by V8 (another V8 version or flags). */
  cache: 'none' | 'used' | 'rejected';
  /**
   * Writes the cache for the next window, from the code compiled so far (called once the first
   * work is done, it also holds the functions that work compiled); nothing when the cache was used.
   * A cache that cannot be written costs the next window its compile time, nothing else.
   * Only the first call writes.
   */
  save(): void;
}

/**
 * `require(file)` of a CommonJS bundle, compiled with the code cache kept in `cacheDir` for this
 * exact file (its size and time name the cache; older caches of the file are removed when a new
 * one is written). The module is registered in `require.cache` as `require` would.
 */
export function requireWithCodeCache<T>(file: string, cacheDir: string): CodeCachedModule<T> {
  const source = readFileSync(file, 'utf8');
  const { size, mtimeMs } = statSync(file);
  const prefix = `${basename(file)}.`;
  const cacheFile = join(cacheDir, `${prefix}${size}-${Math.floor(mtimeMs)}.v8cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const mod = new Module(file);
  mod.filename = file;
  mod.paths = [];
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: Module,
    filename: string,
    dirname: string,
  ) => void;
  wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
  mod.loaded = true;
  createRequire(file).cache[file] = mod;
  const cache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
  let saved = cache === 'used';
  return {
    exports: mod.exports as T,
    cache,
    save() {
      if (saved) return;
      saved = true;
      try {
        mkdirSync(cacheDir, { recursive: true });
        for (const old of readdirSync(cacheDir))
          if (old.startsWith(prefix) && old.endsWith('.v8cache')) rmSync(join(cacheDir, old), { force: true });
        writeFileSync(cacheFile, script.createCachedData());
      } catch {
        // Not written: the next window compiles main.js as it did before.
      }
    },
  };
}
