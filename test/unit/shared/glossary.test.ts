// One concept, one word (issue 13 item 6): l10n/GLOSSARY.md lists NHN Cloud's terms as the console
// writes them in English, Korean and Japanese; every Korean and Japanese text of the bundles
// (l10n/bundle.l10n.*.json) and of the manifest (package.nls.*.json) whose English names a term
// carries the term's translation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
// @ts-expect-error: a plain .mjs script without types
import { ROOT } from '../../../scripts/l10n-extract.mjs';

export interface Term {
  en: string;
  ko: string;
  ja: string;
}

/** The rows of the glossary's table: English, Korean, Japanese (the fourth column is a note). */
export function parseGlossary(markdown: string): Term[] {
  const terms: Term[] = [];
  for (const line of markdown.split('\n')) {
    const cells = line
      .trim()
      .match(/^\|(.*)\|$/)?.[1]
      .split('|')
      .map((c) => c.trim());
    if (!cells || cells.length < 3 || cells[0] === 'English' || /^-+$/.test(cells[0])) continue;
    terms.push({ en: cells[0], ko: cells[1], ja: cells[2] });
  }
  return terms;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squeeze = (s: string) => s.replace(/\s+/g, '');
/**
 * Parts of an English text that are not its own words: command names quoted from the palette
 * ("NHN Cloud: Edit Profile"), command links, code and paths (`backups/db01/`) stay as they are
 * in every language.
 */
const NOT_WORDS = [/"NHN Cloud: [^"]*"/g, /\(command:[^)]*\)/g, /`[^`]*`/g, /\S*\/\S*/g];

/**
 * The terms an English text names, longest first: a longer term hides the shorter ones inside it
 * ("default routing table" is not also a "routing table"), plurals count.
 */
export function termsIn(english: string, terms: readonly Term[]): Term[] {
  let text = NOT_WORDS.reduce((s, re) => s.replace(re, ' '), english);
  const found: Term[] = [];
  for (const term of [...terms].sort((a, b) => b.en.length - a.en.length)) {
    const re = new RegExp(`\\b${escape(term.en)}(?:s|es)?\\b`, 'gi');
    if (re.test(text)) {
      found.push(term);
      text = text.replace(re, ' ');
    }
  }
  return found;
}

/** "file: key: names "term" but says ..." for every translation that does not use a term's word. */
export function glossaryProblems(
  file: string,
  english: Record<string, string>,
  translated: Record<string, unknown>,
  lang: 'ko' | 'ja',
  terms: readonly Term[],
): string[] {
  const problems: string[] = [];
  for (const [key, en] of Object.entries(english)) {
    const tr = translated[key];
    if (typeof tr !== 'string') continue; // l10nKeys.test.ts reports missing translations
    for (const term of termsIn(en, terms)) {
      if (!squeeze(tr).includes(squeeze(term[lang])))
        problems.push(
          `${file}: ${JSON.stringify(key)} names "${term.en}" but does not say "${term[lang]}": ${JSON.stringify(tr)}`,
        );
    }
  }
  return problems;
}

const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const TERMS = parseGlossary(readFileSync(join(ROOT, 'l10n/GLOSSARY.md'), 'utf8'));

test('l10n/GLOSSARY.md lists the console terms in English, Korean and Japanese', () => {
  assert.ok(TERMS.length >= 20, `only ${TERMS.length} terms parsed`);
  for (const t of TERMS) assert.ok(t.en && t.ko && t.ja, `incomplete row: ${JSON.stringify(t)}`);
  for (const needed of [
    'DB instance',
    'read replica',
    'parameter group',
    'DB security group',
    'floating IP',
    'transit hub',
    'attachment',
    'routing table',
    'multicast domain',
    'bucket',
    'object',
  ]) {
    assert.ok(
      TERMS.some((t) => t.en === needed),
      `no row for ${needed}`,
    );
  }
});

for (const lang of ['ko', 'ja'] as const) {
  test(`l10n/bundle.l10n.${lang}.json and package.nls.${lang}.json use the glossary's words`, () => {
    const problems = [
      ...glossaryProblems(
        `l10n/bundle.l10n.${lang}.json`,
        read('l10n/bundle.l10n.json'),
        read(`l10n/bundle.l10n.${lang}.json`),
        lang,
        TERMS,
      ),
      ...glossaryProblems(
        `package.nls.${lang}.json`,
        read('package.nls.json'),
        read(`package.nls.${lang}.json`),
        lang,
        TERMS,
      ),
    ];
    assert.deepEqual(problems, []);
  });
}

test('the glossary check finds a term translated another way (it can fail)', () => {
  const terms: Term[] = [
    { en: 'attachment', ko: '연결', ja: '接続' },
    { en: 'default routing table', ko: '기본 라우팅 테이블', ja: '基本ルーティングテーブル' },
    { en: 'routing table', ko: '라우팅 테이블', ja: 'ルーティングテーブル' },
  ];
  const en = {
    a: 'Delete the attachment {0}?',
    b: 'Propagate new attachments into the default routing table',
    c: 'Run "NHN Cloud: Create Attachment" first.',
  };
  assert.deepEqual(
    glossaryProblems(
      'x',
      en,
      {
        a: 'アタッチメント {0} を削除しますか?',
        b: '新しい接続を基本ルーティングテーブルに伝播',
        c: '先に「NHN Cloud: Create Attachment」を実行してください。',
      },
      'ja',
      terms,
    ),
    ['x: "a" names "attachment" but does not say "接続": "アタッチメント {0} を削除しますか?"'],
  );
  assert.deepEqual(
    glossaryProblems(
      'x',
      en,
      { a: '接続 {0} を削除しますか?', b: '新しい接続を基本 ルーティングテーブルに伝播', c: 'x' },
      'ja',
      terms,
    ),
    [],
  );
  assert.deepEqual(
    termsIn('the default routing table', terms).map((t) => t.en),
    ['default routing table'],
  );
});
