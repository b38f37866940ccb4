// `node scripts/docs-check.mjs`: what test/unit/docs/docs.test.ts holds the documents to, printed.
// - the front pages (README.md, README.ko.md, README.ja.md) stay short: at most MAX_README_LINES;
// - every page of docs/ (the contributors' pages too) has its Korean page in docs/ko/ and the
//   other way round, with the same headings (count and levels, in order);
// - every relative link and image path (Markdown links, <img src>, <source srcset>) names a file
//   that exists, and a #fragment a heading of that page;
// - no figure of a particular day (a date such as 2026-12-06 in the same paragraph as a time in
//   s, ms or minutes) outside the bench table of the performance pages, which is one dated run;
// - the reference pages' tables are what scripts/readme-tables.mjs makes of package.json, and
//   they name every command, setting and agent tool.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markers, PAGES, render, tables } from './readme-tables.mjs';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');

export const MAX_README_LINES = 300;
export const FRONT_PAGES = ['README.md', 'README.ko.md', 'README.ja.md'];

/**
 * The files under root as the checks see them: `changes` maps a relative path to the text it
 * holds instead (null: the file is gone), so a test plants a defect without touching the tree.
 */
function tree(root, changes) {
  const exists = (f) => (f in changes ? changes[f] !== null : existsSync(join(root, f)));
  const read = (f) => (f in changes ? changes[f] : readFileSync(join(root, f), 'utf8'));
  const isFile = (f) => (f in changes ? changes[f] !== null : statSync(join(root, f)).isFile());
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs'), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.md'))
        .map((f) => join('docs', f))
    : [];
  const added = Object.keys(changes).filter((f) => f.endsWith('.md'));
  const files = [...new Set([...FRONT_PAGES, 'CONTRIBUTING.md', 'CHANGELOG.md', ...docs, ...added])]
    .filter(exists)
    .sort();
  return { exists, read, isFile, files };
}

/** The lines outside fenced code blocks (a `#` line in a bash block is no heading). */
function prose(text) {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

export function headings(text) {
  return prose(text)
    .map((l) => /^(#{1,6})\s+(.*?)\s*#*$/.exec(l))
    .filter(Boolean)
    .map((m) => ({ level: m[1].length, text: m[2] }));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(text) {
  const seen = new Map();
  return headings(text).map(({ text: h }) => {
    const base = h
      .replace(/<[^>]+>/g, '')
      .replace(/[`*_]/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n ? `${base}-${n}` : base;
  });
}

/** The relative targets a page links to or shows: [text](target), <img src>, <source srcset>. */
export function targets(text) {
  const lines = prose(text)
    .join('\n')
    .replace(/`[^`\n]*`/g, '');
  const found = [
    ...[...lines.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...lines.matchAll(/\b(?:src|srcset)="([^"]+)"/g)].map((m) => m[1]),
  ];
  return found.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

const DATE = /\b20\d\d-\d\d-\d\d\b/;
const TIME = /\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:ms|s|seconds?|minutes?|min|초|분|秒|分)(?![\p{L}\p{N}])/u;

/** Paragraphs (blocks between blank lines or headings) that hold both a date and a time figure. */
export function datedFigures(text) {
  const blocks = text
    .replace(/<!-- bench-table:start -->[\s\S]*?<!-- bench-table:end -->/g, '')
    .split(/\n\s*\n|\n(?=#)/);
  return blocks.filter((b) => DATE.test(b) && TIME.test(b)).map((b) => b.trim().slice(0, 160));
}

/** Every problem of the documents under root, as `file: what` lines (none: all is well). */
export function docsProblems(root = ROOT, changes = {}) {
  const problems = [];
  const { exists, read, isFile, files } = tree(root, changes);

  for (const f of FRONT_PAGES.filter((p) => files.includes(p))) {
    const lines = read(f).split('\n').length;
    if (lines > MAX_README_LINES) problems.push(`${f}: ${lines} lines, more than ${MAX_README_LINES}`);
  }

  const guide = (dir) => files.filter((f) => dirname(f) === dir).map((f) => relative(dir, f));
  const en = guide('docs');
  const ko = guide(join('docs', 'ko'));
  for (const p of en.filter((p) => !ko.includes(p))) problems.push(`docs/${p}: no Korean page docs/ko/${p}`);
  for (const p of ko.filter((p) => !en.includes(p))) problems.push(`docs/ko/${p}: no English page docs/${p}`);
  for (const p of en.filter((p) => ko.includes(p))) {
    const a = headings(read(join('docs', p))).map((h) => '#'.repeat(h.level));
    const b = headings(read(join('docs', 'ko', p))).map((h) => '#'.repeat(h.level));
    if (a.join(' ') !== b.join(' '))
      problems.push(`docs/ko/${p}: its headings (${b.join(' ')}) are not those of docs/${p} (${a.join(' ')})`);
  }

  for (const f of files) {
    const text = read(f);
    for (const t of targets(text)) {
      const [path, fragment] = t.split('#');
      const file = path ? join(dirname(f), decodeURIComponent(path)) : f;
      if (!exists(file)) {
        problems.push(`${f}: the link ${t} names no file`);
        continue;
      }
      if (fragment && file.endsWith('.md') && isFile(file)) {
        if (!anchors(read(file)).includes(decodeURIComponent(fragment).toLowerCase()))
          problems.push(`${f}: the link ${t} names no heading of ${file}`);
      }
    }
    for (const b of datedFigures(text)) problems.push(`${f}: a figure of a particular day: "${b}"`);
  }

  const pkg = JSON.parse(read('package.json'));
  for (const { file, lang } of PAGES) {
    if (!files.includes(file)) {
      problems.push(`${file}: missing (scripts/readme-tables.mjs writes its tables)`);
      continue;
    }
    const page = read(file);
    const t = tables(pkg, JSON.parse(read(lang === 'en' ? 'package.nls.json' : `package.nls.${lang}.json`)), lang);
    if (render(page, t) !== page) problems.push(`${file}: its tables are stale: run node scripts/readme-tables.mjs`);
  }
  const shown = PAGES.filter((p) => files.includes(p.file)).map((p) => read(p.file));
  const hasTable = (name) => shown.some((page) => markers(page).includes(name));
  const inPages = (id) => shown.some((page) => page.includes(`\`${id}\``));
  if (!hasTable('commands') || !hasTable('settings') || !hasTable('tools'))
    problems.push('docs/reference.md, docs/agents.md: a table of commands, settings or tools has no markers');
  const settings = (
    Array.isArray(pkg.contributes.configuration) ? pkg.contributes.configuration : [pkg.contributes.configuration]
  ).flatMap((c) => Object.keys(c.properties));
  for (const id of [
    ...pkg.contributes.commands.map((c) => c.command),
    ...settings,
    ...(pkg.contributes.languageModelTools ?? []).map((t) => t.name),
  ])
    if (!inPages(id)) problems.push(`docs/reference.md: ${id} is in no table`);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = docsProblems();
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
}
