// Prints the results table as Markdown (for the README's Performance section), merging the
// figures of several results files: node scripts/bench/report.mjs [.bench/results.json ...]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT } from './lib.mjs';
import { table } from './table.mjs';

const files = process.argv.slice(2);
const all = (files.length ? files : [join(OUT, 'results.json')]).map((f) => JSON.parse(readFileSync(f, 'utf8')));
const merged = { ...all[0], figures: {}, notAvailable: {} };
for (const r of all) {
  Object.assign(merged.figures, r.figures);
  for (const [k, v] of Object.entries(r.notAvailable ?? {})) if (!merged.figures[k]) merged.notAvailable[k] = v;
}
for (const k of Object.keys(merged.figures)) delete merged.notAvailable[k];
console.log(table(merged, { markdown: true }));
const m = merged.machine;
console.log(`\nMachine: ${m.cores} × ${m.cpu}, ${m.memoryGB} GB, ${m.os}, Node ${m.node}; load average at start ${m.loadAverageAtStart.join(' / ')}.`);
