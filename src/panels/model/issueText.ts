// A request schema's issue as a form shows it beside its field: named by the field's label, in
// the display language (issue 25, rough edge 14: "dbPort must be between 3306 and 43306" named
// the API field, in English, under a field labelled "Port"). The schemas
// (src/client/rds/schemas/fields.ts) write "<field> <rule>"; each rule they use is one whole
// message here. A rule not listed keeps the schema's text, so nothing is ever hidden.
import { l10n, plural } from '../../shared/l10n';

type Rule = [RegExp, (label: string, ...args: string[]) => string];

const RULES: Rule[] = [
  [/^is required$/, (f) => l10n.t('{0} is required.', f)],
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

/** `message` ("<field> <rule>") with the field named `label`; the message as it is when no rule fits. */
export function issueText(message: string, label: string | undefined): string {
  const m = /^(\S+) (.+)$/s.exec(message);
  if (!m || !label) return message;
  for (const [re, text] of RULES) {
    const r = re.exec(m[2]);
    if (r) return text(label, ...r.slice(1));
  }
  return message;
}
