// Issue 63's class checks over the whole source, with the rules alone (one ESLint run for both):
// every count goes through plural() (defect 5: "1 staged changes", "1 matches in 10 keys",
// "Reading the metadata of 1 objects", "Apply 1 changes to 1 object") and every date a person
// reads through the one formatter (the base-backup list's "2026-12-06T09:35:18.794+09:00", the
// bucket pick's raw ISO). On the code before the fix the first found 72 messages, the second 39
// places. The rules' own cases are in countsPlural.test.ts and oneDateFormatter.test.ts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import countsPlural from '../../../eslint/countsPlural.mjs';
import oneDateFormatter from '../../../eslint/oneDateFormatter.mjs';
import { NOT_SHOWN_TO_PEOPLE } from '../../../eslint.config.mjs';

const ROOT = join(__dirname, '..', '..', '..');

test('no count outside plural() and no date outside the one formatter in src and webviews', async () => {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { nhncloud: { rules: { 'counts-plural': countsPlural, 'one-date-formatter': oneDateFormatter } } },
        rules: { 'nhncloud/counts-plural': 'error' },
        // Only these rules: the disable comments of the others are none of this test's business.
        linterOptions: { reportUnusedDisableDirectives: 'off' },
      },
      {
        files: ['**/*.ts'],
        ignores: NOT_SHOWN_TO_PEOPLE,
        rules: { 'nhncloud/one-date-formatter': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(['src/**/*.ts', 'webviews/**/*.ts']);
  const found = results.flatMap((r) =>
    r.messages
      .filter((m) => m.ruleId?.startsWith('nhncloud/'))
      .map((m) => `${r.filePath.slice(ROOT.length + 1)}:${m.line}: ${m.ruleId}: ${m.message.slice(0, 80)}`),
  );
  assert.deepEqual(found, []);
});
