// Issue 63, defect 7: a query console's language was VS Code's `sql`, which the status bar names
// "MS SQL" (Microsoft's dialect) for a MySQL or MariaDB console. The console's language is now one
// the extension contributes, named MySQL and highlighted by VS Code's SQL grammar; everything that
// keyed on `sql` (lenses, completion, hovers, the editor menu) knows it too.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();
const { sqlLanguage, SQL_LANGUAGES } =
  require('../../../src/database/connection/consoleSupport') as typeof import('../../../src/database/connection/consoleSupport');

type Language = { id: string; aliases?: string[]; configuration?: string };
type Grammar = { language?: string; scopeName: string; path: string };
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const languages: Language[] = manifest.contributes.languages ?? [];
const grammars: Grammar[] = manifest.contributes.grammars ?? [];

test('a console opens in a language the extension contributes, named MySQL in the status bar', async () => {
  // The stand-in's VS Code has only its built-in languages (no MySQL extension installed).
  const id = await sqlLanguage();
  const contributed = languages.find((l) => l.id === id);
  assert.ok(contributed, `the console's language "${id}" is not one the extension contributes`);
  // VS Code shows a language by its first alias.
  assert.equal(contributed.aliases?.[0], 'MySQL');
  assert.ok(contributed.configuration && existsSync(contributed.configuration), 'its comments and brackets');
  const grammar = grammars.find((g) => g.language === id);
  assert.ok(grammar && existsSync(grammar.path), 'it is highlighted');
  // By VS Code's own SQL grammar, which it includes.
  assert.deepEqual(JSON.parse(readFileSync(grammar.path, 'utf8')).patterns, [{ include: 'source.sql' }]);
  assert.ok(SQL_LANGUAGES.includes(id as never), 'lenses, completion and hovers are given to it');
});

test("every when clause of the manifest that names SQL's language names the console's too", async () => {
  const id = await sqlLanguage();
  const clauses = JSON.stringify(manifest.contributes).match(/editorLangId =~ \/[^/]+\//g) ?? [];
  assert.ok(clauses.length > 0);
  for (const clause of clauses) {
    const re = new RegExp(clause.slice(clause.indexOf('/') + 1, -1));
    for (const language of SQL_LANGUAGES) assert.match(language, re, `${clause} leaves out ${language}`);
    assert.match(id, re);
  }
  // And none compares with == to one of them alone.
  assert.doesNotMatch(JSON.stringify(manifest.contributes), /editorLangId == '?(sql|mysql)\b/);
});
