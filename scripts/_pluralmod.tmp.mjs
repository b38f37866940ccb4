import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import rule, { countedPlaceholders } from '../eslint/countsPlural.mjs';
const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { n: { rules: { r: rule } } }, rules: { 'n/r': 'error' } }] });
const res = await eslint.lintFiles(['src/**/*.ts', 'webviews/**/*.ts']);
const SING = { matches: 'match', bytes: 'byte', times: 'time', statuses: 'status' };
const sing = (w) => SING[w] ?? w.replace(/ies$/, 'y').replace(/s$/, '');
const out = [];
for (const r of res) {
  const ms = r.messages.filter((m) => m.ruleId === 'n/r');
  if (!ms.length) continue;
  let text = readFileSync(r.filePath, 'utf8');
  const lineStarts = [0]; for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const edits = [];
  for (const m of ms) {
    const start = lineStarts[m.line - 1] + m.column - 1, end = lineStarts[m.endLine - 1] + m.endColumn - 1;
    const callText = text.slice(start, end);
    const sf = ts.createSourceFile('x.ts', callText, ts.ScriptTarget.Latest, true);
    const call = sf.statements[0].expression;
    const msg = call.arguments[0].text;
    const idx = countedPlaceholders(msg);
    const pre = callText.slice(0, call.arguments[0].getStart(sf));
    const rest = callText.slice(call.arguments[0].getEnd());
    const wrapped = text.slice(start - 40, start);
    const already = /plural\(/.test(wrapped);
    if (already || new Set(idx).size !== 1) { out.push({ file: r.filePath, line: m.line, msg, manual: true }); continue; }
    const n = idx[0];
    const argText = call.arguments[n + 1]?.getText(sf);
    const one = msg.replace(new RegExp(`\\{${n}\\}((?:[ \\u00a0]+[a-z][a-z-]*){0,2}?)[ \\u00a0]+([a-z][a-z-]*s)\\b`), (all, between, noun) => `{${n}}${between} ${sing(noun)}`);
    edits.push([start, end, `plural(${argText}, ${pre}${JSON.stringify(one).replace(/^"|"$/g, "'").replace(/\\"/g, '"')}${rest}, ${callText})`]);
    out.push({ file: r.filePath.replace(process.cwd() + '/', ''), line: m.line, msg, one, arg: argText });
  }
  edits.sort((a, b) => b[0] - a[0]);
  for (const [s, e, t] of edits) text = text.slice(0, s) + t + text.slice(e);
  writeFileSync(r.filePath, text);
}
writeFileSync('/tmp/msg/plurals.json', JSON.stringify(out, null, 1));
for (const o of out) console.log(o.manual ? 'MANUAL' : '', o.file, o.line, o.msg, '=>', o.one, '|', o.arg);
