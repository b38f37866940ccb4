// `node scripts/readme-tables.mjs`: writes the command and setting tables of README.md from
// package.json (texts from package.nls.json), between the markers
// <!-- commands:start --> / <!-- commands:end -->, <!-- settings:start --> / <!-- settings:end --> and
// <!-- tools:start --> / <!-- tools:end --> (the agent tools of `languageModelTools`).
// `--check` only reports (exit 1) when README.md is stale; test/unit/shared/readmeTables.test.ts does too.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');

function load(file) {
  return JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
}

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n+/g, ' ');

export function tables(pkg = load('package.json'), nls = load('package.nls.json')) {
  const text = (v) => (typeof v === 'string' ? v.replace(/^%([^%]+)%$/, (_, k) => nls[k] ?? k) : '');
  const c = pkg.contributes;
  const hidden = new Set((c.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
  const inMenus = new Set(
    Object.entries(c.menus ?? {})
      .filter(([k]) => k !== 'commandPalette')
      .flatMap(([, items]) => items.map((m) => m.command)),
  );
  const commands = [
    '| Command | ID | Where |',
    '|---|---|---|',
    ...c.commands.map((cmd) => {
      const where = [hidden.has(cmd.command) ? '' : 'palette', inMenus.has(cmd.command) ? 'tree / title bar' : '']
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
    '| Setting | Default | Description |',
    '|---|---|---|',
    ...props.map(([key, p]) => {
      const range =
        p.minimum !== undefined || p.maximum !== undefined ? ` (${p.minimum ?? ''} to ${p.maximum ?? ''})` : '';
      return `| \`${key}\` | \`${JSON.stringify(p.default)}\` | ${cell(text(p.markdownDescription ?? p.description).replace(/`#([^#]+)#`/g, '`$1`'))}${range} |`;
    }),
  ].join('\n');
  const tools = [
    '| Tool | Reads only | What it does |',
    '|---|---|---|',
    ...(c.languageModelTools ?? []).map(
      (t) =>
        `| \`${t.name}\` | ${t.tags?.includes('read-only') ? 'yes' : 'no: changes, confirmed'} | ${cell(text(t.userDescription))} |`,
    ),
  ].join('\n');
  return { commands, settings, tools };
}

export function render(readme, t = tables()) {
  let out = readme;
  for (const [name, body] of Object.entries(t)) {
    const re = new RegExp(`(<!-- ${name}:start -->\\n)[\\s\\S]*?(<!-- ${name}:end -->)`);
    if (!re.test(out)) throw new Error(`README.md has no <!-- ${name}:start --> ... <!-- ${name}:end --> markers`);
    out = out.replace(re, (_, a, b) => `${a}${body}\n${b}`);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = join(ROOT, 'README.md');
  const readme = readFileSync(file, 'utf8');
  const next = render(readme);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md tables are stale: run node scripts/readme-tables.mjs');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(file, next);
    console.log('README.md tables updated');
  }
}
