// The lint guard of issue 63's dates (eslint/oneDateFormatter.mjs): a date written by its own
// formatter, or a service timestamp shown as it came, is reported; the one formatter is not.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import oneDateFormatter from '../../../eslint/oneDateFormatter.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const formatting = [{ messageId: 'formatting' }];
const raw = [{ messageId: 'raw' }];

tester.run('nhncloud/one-date-formatter', oneDateFormatter, {
  valid: [
    `const d = formatTimestamp(b.createdYmdt, { zone: true });`,
    `l10n.t('Restorable from {0} to {1}.', formatTimestamp(r.oldestRestorableYmdt), formatTimestamp(r.latestRestorableYmdt));`,
    `const label = \`\${b.backupName} (\${formatTimestamp(b.createdYmdt) ?? ''})\`;`,
    `const t = Date.parse(r.latestRestorableYmdt);`,
    `if (a.createdYmdt < b.createdYmdt) x();`,
    `store.set('restore.restoreYmdt', r.latestRestorableYmdt, false);`,
    `const body = { from: toApiDateTime(from) };`,
  ],
  invalid: [
    // the base-backup list and the bucket pick of the issue
    {
      code: `items.map((b) => ({ label: b.name, description: [b.type, b.createdYmdt].filter(Boolean).join(' · ') }));`,
      errors: raw,
    },
    { code: `buckets.map((x) => ({ label: x.name, description: x.creationDate ?? '' }));`, errors: raw },
    { code: `const label = \`\${b.backup.backupName} (\${b.backup.createdYmdt ?? ''})\`;`, errors: raw },
    { code: `l10n.t('Last query executed before that point (at {0}):', r.executedYmdt);`, errors: raw },
    { code: `mdFields([[vscode.l10n.t('Created'), d.createdYmdt]]);`, errors: raw },
    { code: `el.textContent = e.lastModified;`, errors: raw },
    // dates (and numbers) written by a formatter of their own
    { code: `status.textContent = l10n.t('Updated {0}.', to.toLocaleTimeString());`, errors: formatting },
    { code: `const s = d.toLocaleDateString('ko');`, errors: formatting },
    { code: `const s = n.toLocaleString('en-US');`, errors: formatting },
    { code: `const s = new Date().toISOString().slice(0, 10);`, errors: formatting },
    { code: `const f = new Intl.DateTimeFormat('ko', { dateStyle: 'short' });`, errors: formatting },
  ],
});
