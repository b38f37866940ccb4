// The lint guard of issue 63, defect 5 (eslint/countsPlural.mjs): a message that counts a noun
// must go through plural(), one plural() per count. Run through ESLint's own RuleTester, so a
// rule that stops matching fails here, not silently in `npm run lint`.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import countsPlural from '../../../eslint/countsPlural.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const count = [{ messageId: 'count' }];

tester.run('nhncloud/counts-plural', countsPlural, {
  valid: [
    `plural(n, l10n.t('{0} staged change', n), l10n.t('{0} staged changes', n));`,
    `plural(keys.length, vscode.l10n.t('Reading the metadata of {0} object', n), vscode.l10n.t('Reading the metadata of {0} objects', n));`,
    // two counts, nested
    `plural(n, plural(k, t('{0} change to {1} object', n, k), t('{0} change to {1} objects', n, k)), plural(k, t('{0} changes to {1} object', n, k), t('{0} changes to {1} objects', n, k)));`,
    // a name before a verb, a range, a unit: no count of a noun
    `l10n.t('{0} takes at most one value.', name);`,
    `l10n.t('{0} cannot contain spaces.', field);`,
    `l10n.t('1 to {0} characters.', max);`,
    `l10n.t('{0} to {1} minutes', a, b);`,
    `l10n.t('Time: {0} ms', t);`,
    `l10n.t('{0} already exists in {1}.', key, bucket);`,
  ],
  invalid: [
    // the four of the issue
    { code: `l10n.t('{0} staged changes', n);`, errors: count },
    { code: `vscode.l10n.t('Find in {0}: {1} matches in {2} keys', where, n, k);`, errors: count },
    { code: `vscode.l10n.t('Reading the metadata of {0} objects', n);`, errors: count },
    // "Apply 1 changes to 1 object": plural() for the objects only
    {
      code: `plural(k, vscode.l10n.t('{0} changes to {1} object', n, k), vscode.l10n.t('{0} changes to {1} objects', n, k));`,
      errors: [...count, ...count],
    },
    // a count chosen by a condition is still a count
    { code: `const s = n > 1 ? l10n.t('{0} rows imported.', n) : l10n.t('One row imported.');`, errors: count },
    { code: `l10n.t('Exported {0} rows to {1}.', n, file);`, errors: count },
  ],
});
