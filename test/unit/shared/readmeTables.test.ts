// The reference pages list every command and setting of package.json, and the agents' pages every
// agent tool (scripts/readme-tables.mjs writes the tables, in English and in Korean; this fails
// when someone adds a command or setting without running it).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
// @ts-expect-error: a plain .mjs script without types
import { nlsOf, PAGES, render, tables } from '../../../scripts/readme-tables.mjs';

const ROOT = join(__dirname, '..', '..', '..');

test('the reference tables are what scripts/readme-tables.mjs makes of package.json', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  for (const { file, lang } of PAGES as { file: string; lang: string }[]) {
    const page = readFileSync(join(ROOT, file), 'utf8');
    assert.equal(page, render(page, tables(pkg, nlsOf(lang), lang)), `${file}: run node scripts/readme-tables.mjs`);
  }
});

test('every command id, setting key and agent tool is in the tables, in each language', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  for (const lang of ['en', 'ko']) {
    const { commands, settings, tools } = tables(pkg, nlsOf(lang), lang);
    assert.ok(pkg.contributes.languageModelTools.length > 0);
    for (const t of pkg.contributes.languageModelTools) assert.ok(tools.includes(`\`${t.name}\``), t.name);
    for (const c of pkg.contributes.commands) assert.ok(commands.includes(`\`${c.command}\``), c.command);
    for (const k of Object.keys(pkg.contributes.configuration.properties)) assert.ok(settings.includes(`\`${k}\``), k);
  }
});

test('the Korean tables take their texts from package.nls.ko.json', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const ko = nlsOf('ko');
  const { commands } = tables(pkg, ko, 'ko');
  assert.ok(commands.includes(`NHN Cloud: ${ko['command.profile.add']} | \`nhncloud.profile.add\``));
});
