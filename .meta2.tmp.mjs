import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
const plug={name:'p',setup(b){b.onResolve({filter:/llhttp_simd-wasm\.js$/},()=>({path:fileURLToPath(new URL('./scripts/shims/llhttpSimdWasm.cjs', import.meta.url))}))}};
const r = await esbuild.build({ entryPoints: ['src/main.ts'], bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, metafile: true, write: false, external: ['vscode','./sandbox.js','./mysqlDriver.js'], legalComments:'none', logLevel:'error', plugins:[plug] });
const out = Object.values(r.metafile.outputs)[0];
for (const [f, inp] of Object.entries(r.metafile.inputs)) {
  if (!f.includes('undici/lib/web')) continue;
  console.log((out.inputs[f]?.bytesInOutput/1024).toFixed(1), f);
  for (const [g, i2] of Object.entries(r.metafile.inputs)) if (i2.imports.some(x=>x.path===f) && !g.includes('lib/web')) console.log('    <-', g);
}
