// Rows of a CSV file into a table (issue 29, item 4): each value checked against its column's
// type before it is sent (../tableData/values.ts), the rows sent as multi-row INSERTs each kept
// under the server's max_allowed_packet, in one transaction (all or nothing: the default) or
// committed batch by batch. A failure names the first failing row by its line in the file, with
// the server's own message: a batch the server refused is tried again row by row, inside a
// transaction that is then rolled back, to find which row it was. Cancel stops between batches
// (all or nothing: nothing is kept; per batch: the committed batches stay). vscode-free.
import type { Connection } from 'mysql2/promise';
import { l10n } from '../../shared/l10n';
import { quoteIdent, sqlLiteral, valueProblem, type TableColumn } from '../tableData/values';
import type { CsvField, CsvRecord } from './csvReader';

export interface ImportPlan {
  schema: string;
  table: string;
  /** The table's columns that get values, in statement order. */
  columns: TableColumn[];
  /** For each of `columns`, the index of the CSV field it takes. */
  fields: number[];
  /** 'all': one transaction, all or nothing; 'batch': each batch committed as it goes. */
  mode: 'all' | 'batch';
}

export interface ImportFailure {
  /** The line of the file the failing record starts on. */
  line: number;
  message: string;
  /** Whether the server refused it (else the value check did, before sending). */
  byServer: boolean;
}

export interface ImportResult {
  /** Rows that are in the table now. */
  imported: number;
  /** Rows read from the file (sent or not). */
  read: number;
  failure?: ImportFailure;
  cancelled?: boolean;
  elapsedMs: number;
  batches: number;
}

/** Most rows per INSERT, whatever the packet allows (a failing batch is searched row by row). */
const MAX_BATCH_ROWS = 5000;

export async function importCsv(
  conn: Connection,
  plan: ImportPlan,
  records: AsyncIterable<CsvRecord>,
  hooks: { onProgress?(imported: number): void; signal?: AbortSignal } = {},
): Promise<ImportResult> {
  const started = Date.now();
  const [[packet]] = await conn.query<import('mysql2').RowDataPacket[]>('SELECT @@max_allowed_packet AS p');
  // Room for the statement's head and the protocol's framing.
  const maxBytes = Math.max(16 * 1024, Number((packet as { p: number }).p) - 64 * 1024);
  const head = `INSERT INTO ${quoteIdent(plan.schema)}.${quoteIdent(plan.table)} (${plan.columns.map((c) => quoteIdent(c.name)).join(', ')}) VALUES `;
  let imported = 0;
  let read = 0;
  let batches = 0;
  let batch: { line: number; tuple: string }[] = [];
  let batchBytes = head.length;
  const result = (extra: Partial<ImportResult>): ImportResult => ({
    imported,
    read,
    batches,
    elapsedMs: Date.now() - started,
    ...extra,
  });

  /**
   * The first row of `rows` the server refuses: the shortest refused prefix of the batch, found
   * by halving (a prefix is tried inside a savepoint, rolled back after each try), so a batch of
   * 5,000 rows takes about 13 tries; a row that clashes with an earlier row of the same batch is
   * found too. Per batch, this runs in a transaction of its own, rolled back at the end.
   */
  const firstRefused = async (rows: typeof batch): Promise<ImportFailure> => {
    if (plan.mode === 'batch') await conn.query('START TRANSACTION');
    const refusal = async (count: number): Promise<unknown> => {
      await conn.query('SAVEPOINT nhncloud_find');
      try {
        await conn.query(
          `${head}${rows
            .slice(0, count)
            .map((r) => r.tuple)
            .join(',')}`,
        );
        return undefined;
      } catch (e) {
        return e;
      } finally {
        await conn.query('ROLLBACK TO SAVEPOINT nhncloud_find');
      }
    };
    try {
      // The whole batch was refused: the shortest refused prefix has between 1 and rows.length rows.
      let lo = 1;
      let hi = rows.length;
      let error: unknown = await refusal(hi);
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        const e = await refusal(mid);
        if (e) [hi, error] = [mid, e];
        else lo = mid + 1;
      }
      if (error) return { line: rows[hi - 1].line, message: serverText(error), byServer: true };
      return {
        line: rows[0]?.line ?? 0,
        message: l10n.t('The server refused the batch, then took it when it was sent again.'),
        byServer: true,
      };
    } finally {
      if (plan.mode === 'batch') await conn.query('ROLLBACK').catch(() => undefined);
    }
  };

  /** Sends the batch; a refusal is a failure naming the first refused row. */
  const send = async (): Promise<ImportFailure | undefined> => {
    if (!batch.length) return undefined;
    const rows = batch;
    batch = [];
    batchBytes = head.length;
    try {
      await conn.query(`${head}${rows.map((r) => r.tuple).join(',')}`);
    } catch (e) {
      if (isConnectionGone(e)) return { line: rows[0].line, message: serverText(e), byServer: true };
      return firstRefused(rows);
    }
    batches++;
    imported += rows.length;
    hooks.onProgress?.(imported);
    return undefined;
  };

  const end = async (failure?: ImportFailure, cancelled = false): Promise<ImportResult> => {
    if (plan.mode === 'all') {
      if (failure || cancelled) {
        await conn.query('ROLLBACK').catch(() => undefined);
        imported = 0;
      } else await conn.query('COMMIT');
    }
    return result({ failure, cancelled: cancelled || undefined });
  };

  if (plan.mode === 'all') await conn.query('START TRANSACTION');
  try {
    for await (const rec of records) {
      // Cancel: the batch being gathered is dropped, never sent.
      if (hooks.signal?.aborted) return end(undefined, true);
      read++;
      const values: string[] = [];
      for (let i = 0; i < plan.columns.length; i++) {
        const c = plan.columns[i];
        const v: CsvField = rec.fields[plan.fields[i]] ?? null;
        const value = fieldValue(c, v);
        const problem = valueProblem(c, value);
        if (problem) {
          // The rows before it are fine: sent (and, per batch, committed) before stopping.
          const failure = (await send()) ?? { line: rec.line, message: problem, byServer: false };
          return end(failure);
        }
        values.push(sqlLiteral(c, value));
      }
      const tuple = `(${values.join(',')})`;
      const tupleBytes = Buffer.byteLength(tuple) + 1;
      if (batch.length && (batchBytes + tupleBytes > maxBytes || batch.length >= MAX_BATCH_ROWS)) {
        const failure = await send();
        if (failure) return end(failure);
      }
      batch.push({ line: rec.line, tuple });
      batchBytes += tupleBytes;
    }
    const failure = await send();
    return end(failure);
  } catch (e) {
    if ((e as Error).name === 'AbortError' || hooks.signal?.aborted) return end(undefined, true);
    await conn.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

const isNumericLike = (c: TableColumn) =>
  /int|decimal|numeric|float|double|real|year|date|time|json|bit/.test(c.dataType);

function isConnectionGone(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? '';
  return /PROTOCOL_CONNECTION_LOST|ECONNRESET|EPIPE|ER_NET_PACKET_TOO_LARGE/.test(code);
}

function serverText(e: unknown): string {
  const err = e as { sqlMessage?: string; message?: string; errno?: number };
  const text = err.sqlMessage ?? err.message ?? String(e);
  return err.errno ? `${text} (${err.errno})` : text;
}

/** The value a CSV field gives its column: an empty field of a NOT NULL text column is an empty string, as the file meant it. */
export function fieldValue(c: TableColumn, v: CsvField): CsvField {
  return v === null && !c.nullable && !isNumericLike(c) ? '' : v;
}
