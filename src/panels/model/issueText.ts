// A request schema's issue as a form shows it beside its field: named by the field's label, in
// the display language (issue 25, rough edge 14: "dbPort must be between 3306 and 43306" named
// the API field, in English, under a field labelled "Port"). The schemas
// (src/client/rds/schemas/fields.ts) write "<field> <rule>"; each rule they use is one whole
// message here. A rule not listed says that the labelled field's value is not accepted: the
// schema's own words name the API field ("backupWndBgnTime must be a time of day...", issue 63,
// defect 4), so they stay in the log. test/unit/panels/issueText.test.ts runs every check of
// every form's schemas with every field and fails on a message that reaches the fallback.
import { l10n, plural } from '../../shared/l10n';

type Rule = [RegExp, (label: string, ...args: string[]) => string];

const RULES: Rule[] = [
  [/^is required$/, (f) => l10n.t('{0} is required.', f)],
  [
    /^is required when authenticationPlugin changes \(set a new password in the same request\)$/,
    (f) => l10n.t('{0} is required when the authentication plugin changes: set a new password in the same request.', f),
  ],
  [/^has a value of the wrong kind$/, (f) => l10n.t('{0} has a value of the wrong kind.', f)],
  [/^is not a field of this request \(misspelt\?\)$/, (f) => l10n.t('{0} is not a field of this request.', f)],
  [
    /^must be a time of day in hh:mm:ss form, e\.g\. (\S+)$/,
    (f, e) => l10n.t('{0} must be a time of day in hh:mm:ss form, such as {1}.', f, e),
  ],
  [
    /^must be a date and time with an offset, such as (\S+)$/,
    (f, e) => l10n.t('{0} must be a date and time with its offset from UTC, such as {1}.', f, e),
  ],
  [/^must be a date and time such as (\S+)$/, (f, e) => l10n.t('{0} must be a date and time such as {1}.', f, e)],
  [/^must be an engine version such as (\S+)$/, (f, e) => l10n.t('{0} must be an engine version such as {1}.', f, e)],
  [/^must be a list of IDs$/, (f) => l10n.t('{0} must be a list of IDs.', f)],
  [/^must be a list$/, (f) => l10n.t('{0} must be a list.', f)],
  [/^must be (?:a whole number of )?at least 1$/, (f) => l10n.t('{0} must be a whole number of at least 1.', f)],
  [/^must be one of (.+) for (\S+)$/, (f, list, v) => l10n.t('{0} must be one of {1} for {2}.', f, list, v)],
  [/^must be between (-?\d+) and (-?\d+)$/, (f, a, b) => l10n.t('{0} must be between {1} and {2}.', f, a, b)],
  [/^must be (\d+) to (\d+) characters long$/, (f, a, b) => l10n.t('{0} must be {1} to {2} characters long.', f, a, b)],
  [
    /^must be (\d+) characters long$/,
    (f, a) =>
      plural(
        Number(a),
        l10n.t('{0} must be {1} character long.', f, a),
        l10n.t('{0} must be {1} characters long.', f, a),
      ),
  ],
  [
    /^must be at most (\d+) characters long$/,
    (f, a) =>
      plural(
        Number(a),
        l10n.t('{0} must be at most {1} character long.', f, a),
        l10n.t('{0} must be at most {1} characters long.', f, a),
      ),
  ],
  [/^must not be empty$/, (f) => l10n.t('{0} must not be empty.', f)],
  [
    /^must start with a letter and hold only letters, digits, - and _$/,
    (f) => l10n.t('{0} must start with a letter and hold only letters, digits, - and _.', f),
  ],
  [/^must be text$/, (f) => l10n.t('{0} must be text.', f)],
  [/^must be true or false$/, (f) => l10n.t('{0} must be true or false.', f)],
  [/^must be one of (.+)$/, (f, list) => l10n.t('{0} must be one of {1}.', f, list)],
  [
    /^must not be below the storage size \((\d+) GB\)$/,
    (f, size) => l10n.t('{0} must not be below the storage size ({1} GB).', f, size),
  ],
];

/** The rule of a schema's message ("<field> <rule>") that this table knows, or undefined. */
export function knownRule(message: string): boolean {
  const m = /^(\S+) (.+)$/s.exec(message);
  return !!m && RULES.some(([re]) => re.test(m[2]));
}

/**
 * `message` ("<field> <rule>") with the field named `label`; with `path`, a message that is not
 * the schema's for that field is a form's own sentence and is shown as it is. A rule the table does not know says
 * the labelled value is not accepted; without a label, that a value of the form is not: never
 * the schema's words, which name the API field.
 */
export function issueText(message: string, label: string | undefined, path?: string): string {
  const m = /^(\S+) (.+)$/s.exec(message);
  // A form's own check (the passwords differ, a restore point out of range) is a whole sentence
  // in the display language already: a schema's message begins with the field's path or name.
  if (path !== undefined && (!m || (m[1] !== path && m[1] !== path.replace(/^.*[.\]]/, '')))) return message;
  if (m && label) {
    for (const [re, text] of RULES) {
      const r = re.exec(m[2]);
      if (r) return text(label, ...r.slice(1));
    }
  }
  return label
    ? l10n.t('{0} has a value that is not accepted. Check it and try again.', label)
    : l10n.t('A value of the form is not accepted. Check the fields and try again.');
}
