// Export of a statement's result to a file (vscode-free, like ./queryRunner.ts, which it drives):
// the statement runs again and its rows stream to CSV (RFC 4180, CRLF), TSV, JSON, a Markdown
// table or SQL INSERT statements, never held in memory. SQL text goes through ../sqlText.ts (the file means the same
// under every sql_mode, between mysqldump's SET lines); a CSV cell a spreadsheet would run as a
// formula starts with `'` unless the person turned that off.
import type { Connection } from 'mysql2/promise';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { rename } from 'node:fs/promises';
import { discardPartialFile } from '../../client/partialFile';
import { l10n } from '../../shared/l10n';
import { DUMP_HEAD, DUMP_TAIL, quoteIdent, sqlValue } from '../sqlText';
import {
  runStatement,
  StatementError,
  type Cell,
  type ResultColumn,
  type RunOptions,
  type StatementOutcome,
} from './queryRunner';

/** The formats a result is exported in; also the protocol's list (src/panels/protocol.ts). */
export type ExportFormat = 'csv' | 'tsv' | 'json' | 'md' | 'sql';

/** Rows per INSERT statement of an SQL export. */
const SQL_ROWS_PER_INSERT = 500;

const NUMERIC = /^(DECIMAL|NEWDECIMAL|TINYINT|SMALLINT|MEDIUMINT|INT|BIGINT|FLOAT|DOUBLE|YEAR)$/;

/** A cell as an SQL literal: numbers of numeric columns bare, binary as 0x hex, NULL, else quoted. */
function sqlCell(v: Cell, col: ResultColumn): string {
  return sqlValue(v, col.binary ? 'binary' : NUMERIC.test(col.type) ? 'number' : 'text');
}

/**
 * The INSERT head of an SQL export: the table the result was read from, and its columns' own
 * names, when every column comes from one table; else `result` and the result's column names
 * (the file says so in its first line).
 */
export function insertHead(cols: readonly ResultColumn[]): { head: string; note?: string } {
  const first = cols[0]?.source;
  const oneTable =
    !!first && cols.every((c) => c.source && c.source.schema === first.schema && c.source.table === first.table);
  if (oneTable) {
    const target = first.schema ? `${quoteIdent(first.schema)}.${quoteIdent(first.table)}` : quoteIdent(first.table);
    return { head: `INSERT INTO ${target} (${cols.map((c) => quoteIdent(c.source!.column)).join(', ')}) VALUES` };
  }
  return {
    head: `INSERT INTO ${quoteIdent('result')} (${cols.map((c) => quoteIdent(c.name)).join(', ')}) VALUES`,
    note: '-- The result reads several tables or computes columns: rename `result` to the table these rows go into.\n',
  };
}

/** What a spreadsheet reads as a formula when a cell starts with it (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number: never a formula, and written as it is (-1.5, +3, 1e-9). */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF; NULL is an empty
 * field. With `formulas` 'escape' (the default), text that starts with `=`, `+`, `-`, `@`, a tab or
 * a carriage return gets a leading `'`, so a spreadsheet shows it instead of running it; numbers
 * stay as they are. Binary cells are 0x hex, as the grid shows them.
 */
export function csvField(v: Cell, formulas: 'escape' | 'keep' = 'escape'): string {
  if (v === null) return '';
  let s = String(v);
  if (formulas === 'escape' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * One TSV field (as MySQL's own batch output and LOAD DATA read it): backslash, tab, CR and LF as
 * `\\`, `\t`, `\r`, `\n`, so a row stays one line of cells; NULL is an empty field, as in CSV;
 * a cell that starts like a formula gets a `'` as in CSV (a spreadsheet opens TSV too).
 */
export function tsvField(v: Cell, formulas: 'escape' | 'keep' = 'escape'): string {
  if (v === null) return '';
  let s = String(v);
  if (formulas === 'escape' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return s.replace(/[\\\t\r\n]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\r': '\\r', '\n': '\\n' })[c]!);
}

/**
 * One cell of a Markdown (GitHub) table: `|` and `\` escaped, line breaks as `<br>`, and `&`, `<`,
 * `>` as entities, so a previewed value is shown as text and never read as HTML; NULL as *NULL*.
 */
export function markdownCell(v: Cell): string {
  if (v === null) return '*NULL*';
  const s = String(v)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\|*_`[\]]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '<br>');
  return s === '' ? ' ' : s;
}

/**
 * Runs `sql` again and streams its rows to `file` as CSV (header line, CRLF) or JSON (an array of
 * objects keyed by column name), never holding the result in memory. Written to `file.partial`
 * first and renamed at the end, so a failure or Cancel leaves the old file (if any) untouched.
 */
export async function exportStatement(
  conn: Connection,
  sql: string,
  format: ExportFormat,
  file: string,
  opts: Omit<RunOptions, 'batchRows'> & {
    /** CSV cells that start like a formula: given a leading `'` (the default) or kept as they are. */
    formulas?: 'escape' | 'keep';
  },
  /** Which result set of a `CALL` (from 0); the others are read and dropped. */
  set = 0,
): Promise<StatementOutcome> {
  const field = (v: Cell) => csvField(v, opts.formulas);
  const partial = `${file}.partial`;
  // The user's usual file mode (umask), as an editor's Save As writes: the file is theirs to share.
  const out: WriteStream = createWriteStream(partial);
  let columns: string[] = [];
  let resultColumns: ResultColumn[] = [];
  let head = '';
  let inStatement = 0;
  let first = true;
  const write = (chunk: string): void | Promise<unknown> => (out.write(chunk) ? undefined : once(out, 'drain'));
  try {
    if (format === 'sql') void write(DUMP_HEAD);
    const outcome = await runStatement(
      conn,
      sql,
      {
        columns(cols, n) {
          if (n !== set) return;
          columns = cols.map((c) => c.name);
          resultColumns = cols;
          if (format === 'csv') void write(`${columns.map(field).join(',')}\r\n`);
          else if (format === 'tsv') void write(`${columns.map((c) => tsvField(c, opts.formulas)).join('\t')}\n`);
          else if (format === 'md')
            void write(
              `| ${columns.map(markdownCell).join(' | ')} |\n|${cols.map((c) => (NUMERIC.test(c.type) ? ' ---: ' : ' --- ')).join('|')}|\n`,
            );
          else if (format === 'sql') {
            const h = insertHead(cols);
            head = h.head;
            if (h.note) void write(h.note);
          } else void write('[');
        },
        rows(batch, n) {
          if (n !== set) return;
          let text = '';
          if (format === 'csv') {
            for (const row of batch) text += `${row.map(field).join(',')}\r\n`;
          } else if (format === 'tsv') {
            for (const row of batch) text += `${row.map((v) => tsvField(v, opts.formulas)).join('\t')}\n`;
          } else if (format === 'md') {
            for (const row of batch) text += `| ${row.map(markdownCell).join(' | ')} |\n`;
          } else if (format === 'sql') {
            for (const row of batch) {
              const tuple = `(${row.map((v, i) => sqlCell(v, resultColumns[i])).join(', ')})`;
              text += inStatement === 0 ? `${head}\n  ${tuple}` : `,\n  ${tuple}`;
              if (++inStatement === SQL_ROWS_PER_INSERT) {
                text += ';\n';
                inStatement = 0;
              }
            }
          } else {
            for (const row of batch) {
              const obj: Record<string, Cell> = {};
              for (let i = 0; i < columns.length; i++) obj[columns[i]] = row[i];
              text += `${first ? '\n' : ',\n'}${JSON.stringify(obj)}`;
              first = false;
            }
          }
          return write(text);
        },
      },
      opts,
    );
    if (outcome.kind !== 'rows' || set >= (outcome.resultSets?.length ?? 1))
      throw new StatementError(
        l10n.t('The statement returned no rows to export.'),
        'NO_ROWS',
        undefined,
        undefined,
        false,
        0,
      );
    if (outcome.stopped)
      throw new StatementError(
        l10n.t('The export was stopped.'),
        outcome.stopped === 'timeout' ? 'TIMEOUT' : 'CANCELLED',
        undefined,
        undefined,
        false,
        outcome.rowCount,
      );
    if (format === 'json') await write(first ? ']\n' : '\n]\n');
    if (format === 'sql') await write(`${inStatement ? ';\n' : ''}${DUMP_TAIL}`);
    out.end();
    await once(out, 'finish');
    await rename(partial, file);
    return outcome;
  } catch (e) {
    await discardPartialFile(out, partial);
    throw e;
  }
}
