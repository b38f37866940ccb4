// Tooltips are Markdown and every name in them comes from the user or the service: a DB
// instance may be called `<img src=x onerror=alert(1)>` or `**[click](command:...)**`.
// Everything that is not ours goes through `md()` first. vscode-free so it is unit-tested.

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

/** A bold title line followed by `key: value` lines; keys are ours, values are escaped. */
export function mdFields(title: string, fields: Array<[string, unknown]>): string {
  const lines = [`**${md(title)}**`, ''];
  for (const [k, v] of fields) {
    if (v === undefined || v === null || v === '') continue;
    lines.push(`${k}: ${md(Array.isArray(v) ? v.join(', ') : v)}  `);
  }
  return lines.join('\n');
}
