// `node scripts/readme-tables.mjs`: writes the command and setting tables of the reference pages
// (docs/reference.md, docs/ko/reference.md) and the agent tools' table (docs/agents.md,
// docs/ko/agents.md) from package.json, the texts from package.nls.json (package.nls.ko.json for
// the Korean pages), between the markers <!-- commands:start --> / <!-- commands:end -->,
// <!-- settings:start --> / <!-- settings:end --> and <!-- tools:start --> / <!-- tools:end -->.
// `--check` only reports (exit 1) when a page is stale; test/unit/shared/readmeTables.test.ts does too.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');

function load(file) {
  return JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
}

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n+/g, ' ');

/** The words of the tables' own cells, per language of the pages. */
const WORDS = {
  en: {
    commands: '| Command | ID | Where |',
    settings: '| Setting | Default | Description |',
    tools: '| Tool | Reads only | What it does |',
    palette: 'palette',
    tree: 'tree / title bar',
    range: (a, b) => ` (${a} to ${b})`,
    readOnly: 'yes',
    changes: 'no: changes, confirmed',
  },
  ko: {
    commands: '| 명령 | ID | 위치 |',
    settings: '| 설정 | 기본값 | 설명 |',
    tools: '| 도구 | 읽기만 | 하는 일 |',
    palette: '명령 팔레트',
    tree: '트리 / 제목 표시줄',
    range: (a, b) => ` (${a}~${b})`,
    readOnly: '예',
    changes: '아니요: 변경하며, 확인을 받음',
  },
};

/** The pages the tables go into, and the language of each. */
export const PAGES = [
  { file: 'docs/reference.md', lang: 'en' },
  { file: 'docs/agents.md', lang: 'en' },
  { file: 'docs/ko/reference.md', lang: 'ko' },
  { file: 'docs/ko/agents.md', lang: 'ko' },
];

export const nlsOf = (lang) => load(lang === 'en' ? 'package.nls.json' : `package.nls.${lang}.json`);

export function tables(pkg = load('package.json'), nls = load('package.nls.json'), lang = 'en') {
  const w = WORDS[lang];
  const text = (v) => (typeof v === 'string' ? v.replace(/^%([^%]+)%$/, (_, k) => nls[k] ?? k) : '');
  const c = pkg.contributes;
  const hidden = new Set((c.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
  const inMenus = new Set(
    Object.entries(c.menus ?? {})
      .filter(([k]) => k !== 'commandPalette')
      .flatMap(([, items]) => items.map((m) => m.command)),
  );
  const commands = [
    w.commands,
    '|---|---|---|',
    ...c.commands.map((cmd) => {
      const where = [hidden.has(cmd.command) ? '' : w.palette, inMenus.has(cmd.command) ? w.tree : '']
        .filter(Boolean)
        .join(', ');
      return `| ${cell(`${text(cmd.category) || 'NHN Cloud'}: ${text(cmd.title)}`)} | \`${cmd.command}\` | ${where || '-'} |`;
    }),
  ].join('\n');
  const props = Object.entries(
    (Array.isArray(c.configuration) ? c.configuration : [c.configuration]).reduce(
      (all, conf) => ({ ...all, ...conf.properties }),
      {},
    ),
  );
  const settings = [
    w.settings,
    '|---|---|---|',
    ...props.map(([key, p]) => {
      const range = p.minimum !== undefined || p.maximum !== undefined ? w.range(p.minimum ?? '', p.maximum ?? '') : '';
      return `| \`${key}\` | \`${JSON.stringify(p.default)}\` | ${cell(text(p.markdownDescription ?? p.description).replace(/`#([^#]+)#`/g, '`$1`'))}${range} |`;
    }),
  ].join('\n');
  const tools = [
    w.tools,
    '|---|---|---|',
    ...(c.languageModelTools ?? []).map(
      (t) =>
        `| \`${t.name}\` | ${t.tags?.includes('read-only') ? w.readOnly : w.changes} | ${cell(text(t.userDescription))} |`,
    ),
  ].join('\n');
  return { commands, settings, tools };
}

/** The page with every table whose markers it holds filled in (a page holds some of them). */
export function render(page, t = tables()) {
  let out = page;
  for (const [name, body] of Object.entries(t)) {
    const re = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
    out = out.replace(re, (_, a, b) => `${a}${body}\n${b}`);
  }
  return out;
}

/** Which tables (commands, settings, tools) a page has markers for. */
export const markers = (page) => ['commands', 'settings', 'tools'].filter((n) => page.includes(`<!-- ${n}:start -->`));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let stale = false;
  for (const { file, lang } of PAGES) {
    const path = join(ROOT, file);
    const page = readFileSync(path, 'utf8');
    const next = render(page, tables(load('package.json'), nlsOf(lang), lang));
    if (next === page) continue;
    if (process.argv.includes('--check')) {
      console.error(`${file}: its tables are stale: run node scripts/readme-tables.mjs`);
      stale = true;
    } else {
      writeFileSync(path, next);
      console.log(`${file}: tables updated`);
    }
  }
  if (stale) process.exit(1);
}
