// The esbuild plugin shared by the shipped Node bundles (esbuild.mjs) and the bench's build of
// the same code (scripts/bench/lib.mjs), so the bench measures what ships.
import { fileURLToPath } from 'node:url';

/**
 * Library parts the Node bundles leave out, each replaced by a shim that says why: undici's
 * parser built for WebAssembly SIMD (it falls back to its portable build), fetch's body code
 * (used only to send FormData). The transport imports undici file by file (src/client/http/undici.ts).
 */
export const leftOut = {
  name: 'left-out',
  setup(build) {
    const shim = (name) => ({ path: fileURLToPath(new URL(`./${name}`, import.meta.url)) });
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, () => shim('llhttpSimdWasm.cjs'));
    build.onResolve({ filter: /web[\\/]fetch[\\/]body\.js$/ }, (args) =>
      /undici[\\/]lib[\\/]dispatcher[\\/]client-h[12]\.js$/.test(args.importer)
        ? shim('undiciFetchBody.cjs')
        : undefined,
    );
  },
};
