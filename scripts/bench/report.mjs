// The bench table of the performance pages (docs/performance.md and docs/ko/performance.md) from
// ONE results file (default docs/bench/results.json, the committed run): the table of table.mjs
// and the line of the machine, its load average and the date, between
// <!-- bench-table:start --> and <!-- bench-table:end -->.
//   node scripts/bench/report.mjs [results.json]          prints the Markdown
//   node scripts/bench/report.mjs --write [results.json]  rewrites the pages
//   node scripts/bench/report.mjs --check [results.json]  exit 1 when a page differs
// test/unit/shared/benchTable.test.ts runs the check, so a hand-edited figure fails `npm test`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './lib.mjs';
import { table } from './table.mjs';

export const COMMITTED = join(ROOT, 'docs/bench/results.json');
/** The pages that show the committed run. */
export const PAGES = ['docs/performance.md', 'docs/ko/performance.md'];

const load = (l) => (Array.isArray(l) ? l.map((x) => x.toFixed(2)).join(' / ') : 'n/a');

/** The Markdown block of one results file. */
export function benchBlock(results, source) {
  const m = results.machine;
  const perFigure = Object.entries(results.loadAverageAtFigure ?? {})
    .map(([k, l]) => `${k} ${l[0].toFixed(1)}`)
    .join(', ');
  return [
    `Figures of ${results.takenAt} from \`${source}\` (one \`npm run bench\`, ${results.durationS} s${results.options ? `; options ${results.options}` : ''}).`,
    `Machine: ${m.cores} × ${m.cpu}, ${m.memoryGB} GB, ${m.os}, Node ${m.node}. Load average (1 / 5 / 15 min) at start ${load(m.loadAverageAtStart)}, at end ${load(results.loadAverageAtEnd)}${perFigure ? `; 1-min load as each figure began: ${perFigure}` : ''}.`,
    ...(results.unfinished
      ? [
          `**This run was stopped before it ended**: it holds the figures measured until then (${Object.keys(results.figures).join(', ')}); the others are missing, not failed.`,
        ]
      : []),
    '',
    table(results, { markdown: true }),
  ].join('\n');
}

export function renderReadme(readme, results, source) {
  const re = /(<!-- bench-table:start -->\n)[\s\S]*?(<!-- bench-table:end -->)/;
  if (!re.test(readme))
    throw new Error('the page has no <!-- bench-table:start --> ... <!-- bench-table:end --> markers');
  return readme.replace(re, (_, a, b) => `${a}${benchBlock(results, source)}\n${b}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--')) ?? COMMITTED;
  const results = JSON.parse(readFileSync(file, 'utf8'));
  const source = relative(ROOT, file);
  if (args.includes('--write') || args.includes('--check')) {
    for (const page of PAGES) {
      const file = join(ROOT, page);
      const text = readFileSync(file, 'utf8');
      const next = renderReadme(text, results, source);
      if (args.includes('--check')) {
        if (next !== text) {
          console.error(`${page}: its bench table is not ${source}: run node scripts/bench/report.mjs --write`);
          process.exitCode = 1;
        }
      } else writeFileSync(file, next);
    }
  } else console.log(benchBlock(results, source));
}
