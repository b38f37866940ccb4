// Format Document in the query console (issue 28, item 6), vscode-free: each statement of the
// document is formatted on its own by sql-formatter in the connected server's dialect, and only
// its own text is replaced, so what lies between statements (comments, blank lines, DELIMITER
// lines and the terminators) stays exactly as written. A statement sql-formatter cannot read is
// left as it is, and counted.
import * as path from 'node:path';
import { splitStatements } from '../connection/statements';

type FormatterModule = typeof import('./formatterEntry');
let formatter: FormatterModule | undefined;

/** Loads dist/sqlFormatter.js on first use (the TypeScript entry under tsx, in tests). */
function loadFormatter(): FormatterModule {
  if (formatter) return formatter;
  if (__filename.endsWith('.ts')) {
    // A computed path keeps esbuild from bundling the formatter into main.js.
    formatter = require(path.join(__dirname, 'formatterEntry.ts')) as FormatterModule;
  } else {
    formatter = require('./sqlFormatter.js') as FormatterModule;
  }
  return formatter;
}

export interface FormatEdit {
  start: number;
  end: number;
  text: string;
}

export interface FormatOptions {
  dialect: 'mysql' | 'mariadb';
  tabWidth: number;
  useTabs: boolean;
  /** Only the statements that overlap this range (Format Selection). */
  range?: { start: number; end: number };
}

/** The edits that format `doc`'s statements, and how many could not be read. */
export function formatEdits(doc: string, opts: FormatOptions): { edits: FormatEdit[]; unreadable: number } {
  const f = loadFormatter();
  const edits: FormatEdit[] = [];
  let unreadable = 0;
  for (const s of splitStatements(doc)) {
    if (opts.range && (s.end < opts.range.start || s.start > opts.range.end)) continue;
    try {
      const text = f.formatDialect(s.text, {
        dialect: opts.dialect === 'mariadb' ? f.mariadb : f.mysql,
        tabWidth: opts.tabWidth,
        useTabs: opts.useTabs,
      });
      if (text !== s.text) edits.push({ start: s.start, end: s.end, text });
    } catch {
      unreadable++;
    }
  }
  return { edits, unreadable };
}
