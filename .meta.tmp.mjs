import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
const plug={name:'p',setup(b){b.onResolve({filter:/llhttp_simd-wasm\.js$/},()=>({path:fileURLToPath(new URL('./scripts/shims/llhttpSimdWasm.cjs', import.meta.url))}))}};
const r = await esbuild.build({ entryPoints: [process.argv[2]], bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, metafile: true, write: false, external: ['vscode','./sandbox.js','./mysqlDriver.js'], legalComments:'none', logLevel:'error', plugins:[plug] });
const out = Object.values(r.metafile.outputs)[0];
const by = {};
for (const [f, v] of Object.entries(out.inputs)) { const p=f.split('/'); const k = f.startsWith('node_modules/') ? p.slice(0, p[1].startsWith('@')?3:2).join('/') + (f.includes('undici') ? '/' + p[2]+'/'+p[3] : '') : p.slice(0,2).join('/'); by[k] = (by[k] ?? 0) + v.bytesInOutput; }
for (const [k, v] of Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 22)) console.log(String((v/1024).toFixed(1)).padStart(8), k);
