// `node scripts/l10n-extract.mjs`: writes l10n/bundle.l10n.json, every message passed to
// `vscode.l10n.t(...)` (extension side) or `l10n.t(...)` (src/shared/l10n.ts: webviews and
// vscode-free modules) in src/ and webviews/, as VS Code's l10n bundles spell it (the English
// text is the key). test/unit/shared/l10nKeys.test.ts runs the same extraction and fails when the file
// is stale or a Korean/Japanese bundle lacks a message. (@vscode/l10n-dev does the same job but
// is not a dependency of this project.)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
/** Where messages are looked for; src/client and src/sandbox stay English by design. */
export const SOURCE_DIRS = ['src', 'webviews'];
const EXCLUDE = /^src\/(client|sandbox)\//;

export function sourceFiles() {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (/\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name) && !EXCLUDE.test(rel)) out.push(rel);
    }
  };
  for (const d of SOURCE_DIRS) walk(d);
  return out.sort();
}

/** Every `l10n.t(<message>, ...)` of the given files: message -> the files using it. Throws on a non-literal message. */
export function extractMessages(files = sourceFiles()) {
  const found = new Map();
  const problems = [];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    if (!text.includes('l10n.t(')) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isCallExpression(node) && /(^|\.)l10n\.t$/.test(node.expression.getText(sf))) {
        const arg = node.arguments[0];
        if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) {
          if (!found.has(arg.text)) found.set(arg.text, new Set());
          found.get(arg.text).add(file);
        } else {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          problems.push(
            `${file}:${line + 1}: l10n.t needs a string literal as its message (the bundles are keyed by it)`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { messages: found, problems };
}

/** The bundle file's content: messages sorted, English text as value. */
export function englishBundle(messages) {
  const out = {};
  for (const m of [...messages.keys()].sort()) out[m] = m;
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { messages, problems } = extractMessages();
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const file = join(ROOT, 'l10n', 'bundle.l10n.json');
  writeFileSync(file, `${JSON.stringify(englishBundle(messages), null, 2)}\n`);
  console.log(`${relative(ROOT, file)}: ${messages.size} messages`);
}
