// Stands in for undici's lib/llhttp/llhttp_simd-wasm.js inside dist/main.js (esbuild plugin, see
// esbuild.mjs). undici embeds its HTTP parser twice, with and without WebAssembly SIMD (~72 KB of
// base64 each), and tries the SIMD one first: it catches this error and builds the other one,
// which runs on every platform. Response parsing is a small part of a transfer's CPU (the body
// bytes are copied either way); the .vsix budget is 2 MB.
'use strict';
throw new Error('llhttp SIMD build left out of the bundle: undici falls back to its portable build');
