// Localization is complete: every manifest text has a Korean and a Japanese entry, every
// message passed to l10n.t is in l10n/bundle.l10n.json and in both translated bundles (with the
// same {0} placeholders), and no user-facing string in the extension bypasses l10n.t.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
// @ts-expect-error: a plain .mjs script without types
import { englishBundle, extractMessages, ROOT, sourceFiles } from '../../../scripts/l10n-extract.mjs';

const LANGS = ['ko', 'ja'];
const json = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const placeholders = (s: string) =>
  [...s.matchAll(/\{(\d+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

test('package.json uses only %keys% that package.nls.json defines, and every key is used', () => {
  const text = readFileSync(join(ROOT, 'package.json'), 'utf8');
  const used = new Set([...text.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]));
  const nls = json('package.nls.json');
  assert.deepEqual(
    [...used].filter((k) => !(k in nls)),
    [],
    'placeholders without an English text',
  );
  assert.deepEqual(
    Object.keys(nls).filter((k) => !used.has(k)),
    [],
    'English texts no placeholder uses',
  );
});

test('the manifest has no text a person reads outside package.nls.json', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const bare: string[] = [];
  const check = (where: string, v: unknown) => {
    if (typeof v === 'string' && v !== 'NHN Cloud' && !/^%[^%]+%$/.test(v)) bare.push(`${where}: ${v}`);
  };
  const c = pkg.contributes;
  check('description', pkg.description);
  for (const cmd of c.commands) check(cmd.command, cmd.title);
  for (const views of Object.values(c.views) as any[]) for (const v of views) check(v.id, v.name);
  for (const w of c.viewsWelcome ?? []) check(w.view, w.contents);
  for (const [k, p] of Object.entries<any>(c.configuration.properties))
    check(k, p.markdownDescription ?? p.description);
  for (const wt of c.walkthroughs ?? []) {
    check(wt.id, wt.title);
    check(wt.id, wt.description);
    for (const s of wt.steps) {
      check(s.id, s.title);
      check(s.id, s.description);
    }
  }
  assert.deepEqual(bare, []);
});

for (const lang of LANGS) {
  test(`package.nls.${lang}.json translates every manifest key (and nothing stale)`, () => {
    const en = json('package.nls.json');
    const tr = json(`package.nls.${lang}.json`);
    assert.deepEqual(
      Object.keys(en).filter((k) => typeof tr[k] !== 'string' || !(tr[k] as string).trim()),
      [],
      `missing in package.nls.${lang}.json`,
    );
    assert.deepEqual(
      Object.keys(tr).filter((k) => !(k in en)),
      [],
      `stale keys in package.nls.${lang}.json`,
    );
    // Command links of the welcome view and walkthrough must survive translation.
    for (const k of Object.keys(en)) {
      const links = (s: string) =>
        [...s.matchAll(/\(command:([^)\s]+)\)/g)]
          .map((m) => m[1])
          .sort()
          .join(' ');
      assert.equal(links(tr[k] as string), links(en[k] as string), `${k}: command links differ`);
    }
  });
}

test('l10n/bundle.l10n.json is up to date with the l10n.t calls (node scripts/l10n-extract.mjs)', () => {
  const { messages, problems } = extractMessages();
  assert.deepEqual(problems, []);
  assert.deepEqual(json('l10n/bundle.l10n.json'), englishBundle(messages));
});

for (const lang of LANGS) {
  test(`l10n/bundle.l10n.${lang}.json translates every message with the same placeholders`, () => {
    const { messages } = extractMessages();
    const tr = json(`l10n/bundle.l10n.${lang}.json`);
    const missing = [...messages.keys()].filter((m) => typeof tr[m] !== 'string' || !(tr[m] as string).trim());
    assert.deepEqual(missing, [], `missing in bundle.l10n.${lang}.json`);
    assert.deepEqual(
      Object.keys(tr).filter((k) => !messages.has(k)),
      [],
      `stale messages in bundle.l10n.${lang}.json`,
    );
    const wrong = [...messages.keys()].filter((m) => placeholders(m) !== placeholders(tr[m] as string));
    assert.deepEqual(wrong, [], 'placeholders differ');
  });
}

// A string literal with words in it, as the first argument or as the value of a user-facing
// property. Codicon ids, API values (UPPER_CASE), ids and paths are not words.
const PATTERNS: Array<[string, RegExp]> = [
  ['message', /\b(?:show(?:Information|Warning|Error)Message|setStatusBarMessage)\(\s*(['"`])/g],
  ['tree item', /new vscode\.TreeItem\(\s*(['"`])/g],
  [
    'property',
    /\b(?:label|placeHolder|placeholder|prompt|title|detail|emptyText|tooltip|text(?:Content)?)\s*[:=]\s*(['"`])/g,
  ],
  ['error', /\bnew (?:Error|ValidationError)\(\s*(['"`])/g],
];
/** Texts that are the same in every language, and internal errors no person should meet. */
const ALLOWED = new Set([
  'unused: ListingNode pages by marker',
  'NHN Cloud',
  'RDS for MySQL',
  'TLS',
  'ID',
  'CIDR',
  'SMS',
  'S3',
  'KR1',
  'KR2',
  'KR3',
  'JP1',
  'sandbox',
  'Sandbox',
]);

function literalAt(text: string, start: number, quote: string): string {
  let i = start;
  while (i < text.length && !(text[i] === quote && text[i - 1] !== '\\')) i++;
  return text.slice(start, i);
}

/**
 * A user-facing property whose value a condition chooses between literals
 * (`description: on ? 'on' : 'off'`): even one lowercase word there is read by a person.
 */
const CHOICE =
  /\b(?:label|placeHolder|placeholder|prompt|title|detail|description|emptyText|tooltip|text(?:Content)?)\s*[:=]\s*[^,;{}()\n]*?\?\s*(['"`])([^'"`\n]*)\1\s*:\s*(?:(['"`])([^'"`\n]*)\3)?/g;

/** Any word a person reads: not a codicon, an API value (UPPER_CASE), an id or a path. */
function isWord(s: string): boolean {
  const plain = s.replace(/\$\{[^}]*\}/g, ' ').trim();
  if (
    !/[A-Za-z]{2,}/.test(plain) ||
    ALLOWED.has(plain) ||
    /^\$\([a-z0-9~-]+\)$/.test(plain) ||
    /^[A-Z0-9_ ]+$/.test(plain)
  )
    return false;
  return /\s/.test(plain) || !/[._/:#-]/.test(plain);
}

function isWords(s: string): boolean {
  const plain = s.replace(/\$\{[^}]*\}/g, ' ').trim();
  if (!/[A-Za-z]{2,}/.test(plain) || ALLOWED.has(plain)) return false;
  if (/^\$\([a-z0-9~-]+\)$/.test(plain)) return false; // codicon
  if (/^[A-Z0-9_]+$/.test(plain)) return false; // API value
  if (!/\s/.test(plain) && /[._/:#]/.test(plain)) return false; // id, path, address
  return /\s/.test(plain) || /^[A-Z][a-z]/.test(plain);
}

test('no user-facing string literal bypasses l10n.t', () => {
  const offenders: string[] = [];
  for (const file of sourceFiles() as string[]) {
    if (/^src\/(client|sandbox)\//.test(file) || file === 'src/extension.ts') continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [kind, re] of PATTERNS) {
      for (const m of text.matchAll(re)) {
        const start = m.index! + m[0].length;
        const s = literalAt(text, start, m[1]);
        if (isWords(s))
          offenders.push(`${file}:${text.slice(0, m.index).split('\n').length}: ${kind} "${s.slice(0, 60)}"`);
      }
    }
    for (const m of text.matchAll(CHOICE)) {
      for (const s of [m[2], m[4]])
        if (s !== undefined && isWord(s))
          offenders.push(`${file}:${text.slice(0, m.index).split('\n').length}: choice "${s.slice(0, 60)}"`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('the bypass scan finds a bare message (it can fail)', () => {
  assert.ok(isWords('Profile saved.'));
  assert.ok(!isWords('$(sync~spin)'));
  assert.ok(!isWords('nhncloud.rds.start'));
  assert.ok(!isWords('AVAILABLE'));
  const choices = (code: string) =>
    [...code.matchAll(CHOICE)].flatMap((m) => [m[2], m[4]]).filter((s) => s !== undefined && isWord(s));
  assert.deepEqual(choices(`{ description: b.useBackupLock ? 'on' : 'off' }`), ['on', 'off']);
  assert.deepEqual(choices(`{ detail: active ? 'active' : undefined }`), ['active']);
  assert.deepEqual(
    choices(`{ description: ok ? '$(pass)' : 'AVAILABLE', label: x ? 'mysql_native_password' : '' }`),
    [],
  );
});

test('package.json points VS Code at the l10n bundles', () => {
  assert.equal(json('package.json').l10n, './l10n');
});

test('one ellipsis style: every title, label and message writes "..." (issue 25, rough edge 22), never "…"', () => {
  const mixed: string[] = [];
  for (const file of [
    'package.nls.json',
    ...LANGS.map((l) => `package.nls.${l}.json`),
    'l10n/bundle.l10n.json',
    ...LANGS.map((l) => `l10n/bundle.l10n.${l}.json`),
  ])
    for (const [key, value] of Object.entries(json(file)))
      if (`${key} ${String(value)}`.includes('…')) mixed.push(`${file}: ${key}`);
  assert.deepEqual(mixed, []);
});

test('counts are whole sentences per form (issue 25, rough edge 22): no message writes "file(s)"', () => {
  const shorthand = Object.keys(json('l10n/bundle.l10n.json')).filter((k) => /[a-z]\(s\)/.test(k));
  assert.deepEqual(shorthand, [], 'use plural() from src/shared/l10n.ts with a message for 1 and one for other counts');
});
