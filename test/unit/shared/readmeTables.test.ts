// README.md lists every command and setting of package.json (scripts/readme-tables.mjs writes
// the tables; this fails when someone adds a command or setting without running it).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
// @ts-expect-error: a plain .mjs script without types
import { render, tables } from '../../../scripts/readme-tables.mjs';

const ROOT = join(__dirname, '..', '..', '..');

test('the README tables are what scripts/readme-tables.mjs makes of package.json', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  assert.equal(readme, render(readme), 'run: node scripts/readme-tables.mjs');
});

test('every command id, setting key and agent tool is in the tables', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const { commands, settings, tools } = tables();
  assert.ok(pkg.contributes.languageModelTools.length > 0);
  for (const t of pkg.contributes.languageModelTools) assert.ok(tools.includes(`\`${t.name}\``), t.name);
  for (const c of pkg.contributes.commands) assert.ok(commands.includes(`\`${c.command}\``), c.command);
  for (const k of Object.keys(pkg.contributes.configuration.properties)) assert.ok(settings.includes(`\`${k}\``), k);
});
