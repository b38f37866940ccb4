// The lint guard of issue 13 (eslint/noTextDecisions.mjs): a decision on the text of a dialog
// button or a QuickPick label is reported, a decision on an id is not. Run through ESLint's own
// RuleTester, so a rule that stops matching fails here, not silently in `npm run lint`.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import noTextDecisions from '../../../eslint/noTextDecisions.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const error = [{ messageId: 'text' }];

tester.run('nhncloud/no-text-decisions', noTextDecisions, {
  valid: [
    // ids of typed buttons and QuickPick items
    `const answer = await askAction('warning', m, {}, action('overwrite', vscode.l10n.t('Overwrite'))); if (answer === 'overwrite') save();`,
    `const item = await vscode.window.showQuickPick(items); if (item?.id === 'reveal') reveal();`,
    `const p = await vscode.window.showQuickPick(items); if (p === undefined) return;`,
    `if (node.kind === 'bucket') open();`,
    `const label = node.label; if (label !== undefined) show();`,
    `if (x.labels === 'a') go();`,
  ],
  invalid: [
    // the four flows of the issue, as they were
    {
      code: `const answer = await vscode.window.showWarningMessage(m, { modal: true }, vscode.l10n.t('Open Anyway')); if (answer !== 'Open Anyway') throw e;`,
      errors: error,
    },
    {
      code: `const answer = await vscode.window.showWarningMessage(m, {}, a, b); if (answer === 'Overwrite') save();`,
      errors: error,
    },
    {
      code: `const choice = await vscode.window.showInformationMessage(m, vscode.l10n.t('Open')); if (choice === vscode.l10n.t('Open')) open();`,
      errors: error,
    },
    {
      code: `let choice; choice = await vscode.window.showInformationMessage(m, r); if (choice == 'Reveal') reveal();`,
      errors: error,
    },
    // a second l10n.t call, a variable holding one, a label, a switch, the call itself
    {
      code: `const pick = await window.showErrorMessage(m, x); if (pick === l10n.t('Show Log')) show();`,
      errors: error,
    },
    {
      code: `const off = vscode.l10n.t('Turn Off'); const answer = await vscode.window.showWarningMessage(m, {}, off); if (answer === off) go();`,
      errors: error,
    },
    {
      code: `const a = await vscode.window.showQuickPick(items); if (a?.label === vscode.l10n.t('Copy Job ID')) copy();`,
      errors: error,
    },
    { code: `const TYPE = vscode.l10n.t('Type a name'); if (chosen.label === TYPE) ask();`, errors: error },
    { code: `if (item.label === 'Reveal in Tree') reveal();`, errors: error },
    {
      code: `const answer = await vscode.window.showWarningMessage(m, {}, a); switch (answer) { case 'Compare': compare(); }`,
      errors: error,
    },
    { code: `if ((await vscode.window.showInformationMessage(m, o)) === \`Open\`) open();`, errors: error },
  ],
});
