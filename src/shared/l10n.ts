// The translator of the code that must stay free of `vscode`: the webviews (their bundle comes
// in the panel's `init` message) and the vscode-free modules shared with them or unit-tested in
// plain Node (validators, form models). The extension side calls `vscode.l10n.t` itself; main.ts
// hands `vscode.l10n.bundle` to `setL10nBundle` so both read the same l10n/bundle.l10n.<lang>.json.
// Same contract as vscode.l10n.t: the English text is the key, `{0}`, `{1}`... are the arguments.

export type L10nBundle = Record<string, string | { message: string; comment?: string[] }>;

let bundle: L10nBundle | undefined;
let language = 'en';

export function setL10nBundle(next: L10nBundle | undefined, lang?: string): void {
  bundle = next;
  if (lang) language = lang;
}

export const l10n = {
  t(message: string, ...args: Array<string | number | boolean | null | undefined>): string {
    const entry = bundle?.[message];
    const text = typeof entry === 'string' ? entry : (entry?.message ?? message);
    return args.length
      ? text.replace(/\{(\d+)\}/g, (all, i: string) => (Number(i) < args.length ? String(args[Number(i)] ?? '') : all))
      : text;
  },
};

// One date format everywhere (issue 25, rough edge 19: RDS rows, object rows and a bucket's
// tooltip each wrote dates their own way, one as raw ISO; issue 63: the base-backup list and the
// bucket pick still did). The lint rule nhncloud/one-date-formatter (eslint/oneDateFormatter.mjs)
// refuses toLocale*String, toISOString and Intl.DateTimeFormat anywhere else a person reads, and
// a service timestamp field shown as it came. Formatters are built once per
// language and style: a listing formats a thousand rows.
// Found by the big bucket's profile (npm run bench -- --only bucket --profile): building an
// Intl formatter costs tens of microseconds, a row formats a size and a date, and a page has a
// thousand rows. The options objects are module constants, so they key the cache themselves.
const formatters = new Map<string, WeakMap<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>>();
function formatter(opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let byOpts = formatters.get(language);
  if (!byOpts) formatters.set(language, (byOpts = new WeakMap()));
  let f = byOpts.get(opts);
  if (!f) byOpts.set(opts, (f = new Intl.DateTimeFormat(language, opts)));
  return f;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** With seconds and the time zone: tooltips and reports, where the hour alone could mislead. */
const DATE_TIME_ZONE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'long' };

/** Date and time as the display language writes them (2026. 11. 21. 오후 3:04, 2026/11/21 15:04). */
export function formatDateTime(d: Date, opts: Intl.DateTimeFormatOptions = DATE_TIME): string {
  return formatter(opts).format(d);
}

/**
 * A timestamp the service sent as text (ISO 8601 and the like), formatted as formatDateTime does,
 * with the time zone when `zone`; text that is no date is shown as it came; none gives undefined.
 */
export function formatTimestamp(text: string | null | undefined, { zone = false } = {}): string | undefined {
  if (!text) return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : formatDateTime(d, zone ? DATE_TIME_ZONE : DATE_TIME);
}

const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'medium' };

export function formatTime(d: Date): string {
  return formatter(TIME).format(d);
}

/**
 * The local calendar day as YYYY-MM-DD: the form the date prompts take (a value typed, not a
 * date shown; toISOString gave the UTC day, yesterday's in Korea before 9:00).
 */
export function localDateInput(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count with the display language's digit grouping (12,345 rows). */
export function formatCount(n: number): string {
  const key = `${language} count`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(language, { maximumFractionDigits: 0 })));
  return f.format(n);
}

/** A number with the display language's separators and exactly `digits` decimals. */
export function formatNumber(n: number, digits = 1): string {
  const key = `${language} ${digits}`;
  let f = numberFormats.get(key);
  // No grouping: sizes stay below 1024 in their unit, and 1023 B reads better than 1,023 B.
  if (!f)
    numberFormats.set(
      key,
      (f = new Intl.NumberFormat(language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        useGrouping: false,
      })),
    );
  return f.format(n);
}

const collators = new Map<string, Intl.Collator>();
/** Text compared as the display language sorts it (the results grid's sort of a text column). */
export function textCollator(): Intl.Collator {
  let c = collators.get(language);
  if (!c) collators.set(language, (c = new Intl.Collator(language)));
  return c;
}

/**
 * One of two whole sentences by a count (issue 25, rough edge 22: "Uploaded 1 file(s)"): `one`
 * for exactly 1, `other` for any other count. Both are translated whole, each its own message;
 * Korean and Japanese, without plural forms, translate them alike.
 */
export function plural(count: number, one: string, other: string): string {
  return count === 1 ? one : other;
}
