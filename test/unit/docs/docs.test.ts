// The documents a user reads hold together (scripts/docs-check.mjs): the front pages stay short,
// every guide page is in English and Korean with the same headings, every relative link and image
// resolves, no figure of a particular day sits outside the bench table, and the reference tables
// name every command, setting and agent tool. Each check is also shown failing on a planted defect
// (the tree as committed, with one file changed in memory).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
// @ts-expect-error: a plain .mjs script without types
import { anchors, docsProblems, MAX_README_LINES } from '../../../scripts/docs-check.mjs';

const ROOT = join(__dirname, '..', '..', '..');
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const problems = (changes: Record<string, string | null>): string[] => docsProblems(ROOT, changes);

test('the documents as committed have no problem', () => {
  assert.deepEqual(docsProblems(), []);
});

test('a front page longer than the limit is found', () => {
  const long = `${read('README.md')}${'\nmore'.repeat(MAX_README_LINES)}`;
  assert.ok(problems({ 'README.md': long }).some((p) => /^README\.md: \d+ lines, more than 300$/.test(p)));
  const longKo = `${read('README.ko.md')}${'\n더'.repeat(MAX_README_LINES)}`;
  assert.ok(problems({ 'README.ko.md': longKo }).some((p) => p.startsWith('README.ko.md: ')));
});

test('a guide page in one language only is found, either way', () => {
  assert.ok(problems({ 'docs/ko/sandbox.md': null }).includes('docs/sandbox.md: no Korean page docs/ko/sandbox.md'));
  assert.ok(
    problems({ 'docs/ko/backup.md': '# 백업\n' }).includes('docs/ko/backup.md: no English page docs/backup.md'),
  );
  // The contributors' pages are held to it too: none is English only.
  for (const page of ['architecture.md', 'testing.md', 'bench-method.md'])
    assert.ok(problems({ [`docs/ko/${page}`]: null }).includes(`docs/${page}: no Korean page docs/ko/${page}`));
});

test('a Korean page whose headings differ in count or level is found', () => {
  const ko = read('docs/ko/sandbox.md');
  const second = ko.indexOf('\n## ');
  assert.ok(second > 0);
  const dropped = ko.slice(0, second) + ko.slice(second).replace(/\n## [^\n]*\n/, '\n');
  assert.ok(problems({ 'docs/ko/sandbox.md': dropped }).some((p) => p.startsWith('docs/ko/sandbox.md: its headings')));
  const demoted = ko.replace('\n## ', '\n### ');
  assert.ok(problems({ 'docs/ko/sandbox.md': demoted }).some((p) => p.startsWith('docs/ko/sandbox.md: its headings')));
});

test('a relative link, an image path or a heading that does not resolve is found', () => {
  const page = read('docs/sandbox.md');
  assert.ok(
    problems({ 'docs/sandbox.md': `${page}\nSee [the bastion](bastion.md).\n` }).includes(
      'docs/sandbox.md: the link bastion.md names no file',
    ),
  );
  assert.ok(
    problems({ 'README.md': `${read('README.md')}\n<img alt="x" src="docs/images/nothing-light.png">\n` }).includes(
      'README.md: the link docs/images/nothing-light.png names no file',
    ),
  );
  assert.ok(
    problems({ 'docs/sandbox.md': `${page}\n[Settings](reference.md#no-such-heading)\n` }).includes(
      'docs/sandbox.md: the link reference.md#no-such-heading names no heading of docs/reference.md',
    ),
  );
  // A link in a code block or a code span is text, and an address is not checked here.
  assert.deepEqual(
    problems({ 'docs/sandbox.md': `${page}\n\`[x](nothing.md)\` [NHN](https://www.nhncloud.com)\n` }),
    [],
  );
});

test('GitHub anchors: lower case, punctuation dropped, Korean kept, repeats numbered', () => {
  assert.deepEqual(anchors('# Connect (TLS, bastions)\n## 쿼리 콘솔\n## Notes\n## Notes\n'), [
    'connect-tls-bastions',
    '쿼리-콘솔',
    'notes',
    'notes-1',
  ]);
});

test('a figure of a particular day is found outside the bench table, and allowed inside it', () => {
  const testing = read('docs/testing.md');
  const dated = `${testing}\nOn 2026-12-06 a fresh clone's run took 863 s, green.\n`;
  assert.ok(
    problems({ 'docs/testing.md': dated }).some((p) => p.startsWith('docs/testing.md: a figure of a particular day')),
  );
  const ko = `${read('README.ko.md')}\n2026-12-06에 전체 실행은 14분 걸렸습니다.\n`;
  assert.ok(problems({ 'README.ko.md': ko }).some((p) => p.startsWith('README.ko.md: a figure of a particular day')));
  const perf = read('docs/performance.md');
  assert.match(perf, /<!-- bench-table:start -->\nFigures of 20\d\d-/);
  assert.deepEqual(problems({ 'docs/performance.md': perf }), []);
  const outside = perf.replace(
    '<!-- bench-table:start -->',
    'A run of 2026-11-29 took 2572 s.\n\n<!-- bench-table:start -->',
  );
  assert.ok(problems({ 'docs/performance.md': outside }).some((p) => p.includes('a figure of a particular day')));
});

test('a command or setting of package.json missing from the reference tables is found', () => {
  const pkg = JSON.parse(read('package.json'));
  pkg.contributes.commands.push({ command: 'nhncloud.docs.planted', title: 'Planted', category: 'NHN Cloud' });
  pkg.contributes.configuration.properties['nhncloud.docs.planted'] = {
    type: 'boolean',
    default: false,
    description: 'x',
  };
  const found = problems({ 'package.json': JSON.stringify(pkg) });
  assert.ok(found.includes('docs/reference.md: nhncloud.docs.planted is in no table'));
  assert.ok(found.includes('docs/reference.md: its tables are stale: run node scripts/readme-tables.mjs'));
  assert.ok(found.includes('docs/ko/reference.md: its tables are stale: run node scripts/readme-tables.mjs'));
  // A row taken out of the page by hand is found too.
  const ref = read('docs/reference.md').replace(/\n\| `nhncloud\.storage\.maxListedKeys` [^\n]*/, '');
  assert.ok(
    problems({ 'docs/reference.md': ref }).includes(
      'docs/reference.md: its tables are stale: run node scripts/readme-tables.mjs',
    ),
  );
});
