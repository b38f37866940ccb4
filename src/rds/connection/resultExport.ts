// Export of a statement's result to a file (vscode-free, like ./queryRunner.ts, which it drives):
// the statement runs again and its rows stream to CSV (RFC 4180, CRLF) or JSON, never held in memory.
import type { Connection } from 'mysql2/promise';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { rename, rm } from 'node:fs/promises';
import { l10n } from '../../shared/l10n';
import { runStatement, StatementError, type Cell, type RunOptions, type StatementOutcome } from './queryRunner';

export type ExportFormat = 'csv' | 'json';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF; NULL is an empty field. */
export function csvField(v: Cell): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
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
  opts: Omit<RunOptions, 'batchRows'>,
  /** Which result set of a `CALL` (from 0); the others are read and dropped. */
  set = 0,
): Promise<StatementOutcome> {
  const partial = `${file}.partial`;
  const out: WriteStream = createWriteStream(partial, { mode: 0o600 });
  let columns: string[] = [];
  let first = true;
  const write = (chunk: string): void | Promise<unknown> => (out.write(chunk) ? undefined : once(out, 'drain'));
  try {
    const outcome = await runStatement(
      conn,
      sql,
      {
        columns(cols, n) {
          if (n !== set) return;
          columns = cols.map((c) => c.name);
          if (format === 'csv') void write(`${columns.map(csvField).join(',')}\r\n`);
          else void write('[');
        },
        rows(batch, n) {
          if (n !== set) return;
          let text = '';
          if (format === 'csv') {
            for (const row of batch) text += `${row.map(csvField).join(',')}\r\n`;
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
    out.end();
    await once(out, 'finish');
    await rename(partial, file);
    return outcome;
  } catch (e) {
    out.destroy();
    await rm(partial, { force: true });
    throw e;
  }
}
