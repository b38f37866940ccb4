// Tooltips are Markdown and every name in them comes from the user or the service: a DB
// instance may be called `<img src=x onerror=alert(1)>` or `**[click](command:...)**`.
// Everything that is not ours goes through `md()` first. vscode-free so it is unit-tested.
import { formatTimestamp } from '../l10n';

const SPECIAL = /[\\`*_{}[\]()#+\-.!|~]/g;

/** Escape text for Markdown: HTML entities first, then every Markdown punctuation character. */
export function md(text: unknown): string {
  const s = text === null || text === undefined ? '' : String(text);
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(SPECIAL, (c) => (c === '>' ? '&gt;' : `\\${c}`))
    .replace(/\r?\n/g, ' ');
}

/** A date-time as the services send it: `2026-11-21T15:04:05+09:00`, `2026-11-21T06:04:05.000Z`. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A bold title line followed by `key: value` lines; keys are ours, values are escaped. A value
 * that is a service's date-time is written as the display language writes dates (with the time
 * zone), whichever field carries it: a hover never shows `2026-11-21T06:04:05.000Z`.
 */
export function mdFields(title: string, fields: Array<[string, unknown]>): string {
  const lines = [`**${md(title)}**`, ''];
  for (const [k, v] of fields) {
    if (v === undefined || v === null || v === '') continue;
    const text =
      typeof v === 'string' && ISO_DATE_TIME.test(v)
        ? formatTimestamp(v, { zone: true })
        : Array.isArray(v)
          ? v.join(', ')
          : v;
    lines.push(`${k}: ${md(text)}  `);
  }
  return lines.join('\n');
}
