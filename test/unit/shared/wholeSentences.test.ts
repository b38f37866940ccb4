// The lint guard of issue 13 item 5 (eslint/wholeSentences.mjs): a message glued from translated
// pieces is reported, a whole message is not. Run through ESLint's own RuleTester, so a rule that
// stops matching fails here, not silently in `npm run lint`.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import wholeSentences from '../../../eslint/wholeSentences.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const glued = [{ messageId: 'glued' }];
const pieceArg = [{ messageId: 'pieceArg' }];
const pieceForm = [{ messageId: 'pieceForm' }];

tester.run('nhncloud/whole-sentences', wholeSentences, {
  valid: [
    // whole messages whose arguments are names, numbers and ids
    `vscode.l10n.t('Deleted the attachment {0}.', node.label);`,
    `l10n.t('{0} · {1} free IPs', s.subnetCidr, s.availableIpCount);`,
    // one whole message per variant, chosen by a condition
    `const m = busy ? vscode.l10n.t('Routing table {0} created: it is being built.', n) : vscode.l10n.t('Routing table {0} created.', n);`,
    // whole sentences joined by a line break or a space
    `tip.appendMarkdown('\\n\\n' + vscode.l10n.t('Click to list recent jobs.'));`,
    "const s = `${vscode.l10n.t('Saved.')} ${vscode.l10n.t('Reload to apply.')}`;",
    // an icon in front of a label
    "const label = `${ok ? '$(pass)' : '$(error)'} ${vscode.l10n.t('{0} (default)', name)}`;",
    // templates and + without any translated text are not messages
    'const id = `${root.id}/instance/${x}`;',
    `const key = prefix + name;`,
    // a list of whole items
    `[vscode.l10n.t('public'), vscode.l10n.t('no grant')].join(' · ');`,
  ],
  invalid: [
    // the single word of transitHubs.ts dropped into a sentence, through an object property
    {
      code: `const DELETE = { attachment: { label: vscode.l10n.t('attachment') } }; const how = DELETE[kind]; vscode.l10n.t('Deleted the {0} {1}.', how.label, name);`,
      errors: pieceArg,
    },
    // the removed/deleted message of transitHubs.ts: a translated choice glued in a template
    {
      code: "const how = { label: vscode.l10n.t('routing table') }; confirm(`${unshare ? vscode.l10n.t('Stop sharing with project') : vscode.l10n.t('Delete {0}', how.label)} ${node.label}?`);",
      errors: [{ messageId: 'glued' }, { messageId: 'pieceArg' }],
    },
    // created{1}: a placeholder for an optional piece, and the piece chosen by a condition
    {
      code: `vscode.l10n.t('Routing table {0} created{1}.', name, building ? vscode.l10n.t(': it is being built') : '');`,
      errors: [{ messageId: 'pieceForm' }, { messageId: 'pieceArg' }],
    },
    { code: `vscode.l10n.t('{0} changed in {1}{2}.', a, b, c);`, errors: pieceForm },
    { code: `vscode.l10n.t(' · current');`, errors: pieceForm },
    { code: `vscode.l10n.t('{0}{1}\\n\\nDeleted objects cannot be recovered.', a, b);`, errors: pieceForm },
    // an English word handed to a translated sentence
    { code: `vscode.l10n.t('Deletion protection of {0} is now {1}.', name, on ? 'on' : 'off');`, errors: pieceArg },
    { code: `vscode.l10n.t('Notification group {0} {1}.', name, 'enabled');`, errors: pieceArg },
    // concatenation and template pieces around translated text
    { code: `const s = vscode.l10n.t('Deleted') + ' ' + name;`, errors: glued },
    {
      code: `const title = vscode.l10n.t('Create Attachment'); ask({ title: \`\${title} to \${hub}\` });`,
      errors: glued,
    },
    { code: "const t = `${vscode.l10n.t('Uploaded')} ${count}`;", errors: glued },
    // a translated text (a variable holding one) passed into another message
    {
      code: `const what = vscode.l10n.t('the transit hub'); l10n.t('Profile {0} has no region where {1} runs.', p, what);`,
      errors: pieceArg,
    },
    { code: `l10n.t('{0}: region', l10n.t('Create Transit Hub'));`, errors: pieceArg },
  ],
});
