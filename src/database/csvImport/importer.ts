// Rows of a CSV file into a table (issue 29, item 4): each value checked against its column's
// type before it is sent (../tableData/values.ts), then sent one of two ways:
//   - `LOAD DATA LOCAL INFILE` when the server allows it (@@local_infile): the checked rows are
//     written, as they are read, into a stream the driver hands the server (mysql2's
//     infileStreamFactory; the file itself is never given to the server), so reading and the
//     server's inserting overlap. With LOCAL the server turns a refused row into a warning and
//     goes on, so a batch is kept only when it loaded every row without a warning; otherwise it is
//     rolled back and sent again as INSERTs, which say which row the server refuses and why;
//   - multi-row INSERTs each kept under the server's max_allowed_packet.
// In one transaction (all or nothing: the default) or committed batch by batch. A failure names
// the first failing row by its line in the file, with the server's own message: a batch the
// server refused is tried again row by row, inside a transaction that is then rolled back, to find
// which row it was. Cancel stops between batches (all or nothing: nothing is kept; per batch: the
// committed batches stay). vscode-free.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Connection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { l10n } from '../../shared/l10n';
import { quoteIdent, sqlValue } from '../sqlText';
import { isNumericType, sqlLiteral, valueProblem, type EditValue, type TableColumn } from '../tableData/values';
import type { CsvRecord } from './csvReader';
import { fieldValue } from './fieldValue';

export type ImportMethod = 'load' | 'insert';

export interface ImportPlan {
  schema: string;
  table: string;
  /** The table's columns that get values, in statement order. */
  columns: TableColumn[];
  /** For each of `columns`, the index of the CSV field it takes. */
  fields: number[];
  /** 'all': one transaction, all or nothing; 'batch': each batch committed as it goes. */
  mode: 'all' | 'batch';
  /** How rows are sent; by default LOAD DATA LOCAL when the server allows it, else INSERTs. */
  method?: ImportMethod;
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
  /** How the rows went: 'load' when LOAD DATA LOCAL took every batch it was given. */
  method: ImportMethod;
}

/** Most rows per INSERT or LOAD DATA, whatever the packet allows (a failing batch is searched row by row). */
const MAX_BATCH_ROWS = 5000;

/** A checked row: its line in the file and its values, in the plan's column order. */
interface Row {
  line: number;
  values: EditValue[];
}

/** Errors that say LOAD DATA LOCAL is not allowed here (server or client side): INSERTs then. */
const LOCAL_REFUSED = new Set([1148, 1235, 2068, 3948, 4166]);

export async function importCsv(
  conn: Connection,
  plan: ImportPlan,
  /** The file's records, a chunk at a time (readCsv). */
  records: AsyncIterable<CsvRecord[]>,
  hooks: { onProgress?(imported: number): void; signal?: AbortSignal } = {},
): Promise<ImportResult> {
  const started = Date.now();
  const [[vars]] = await conn.query<RowDataPacket[]>('SELECT @@max_allowed_packet AS packet, @@local_infile AS local');
  let method: ImportMethod = plan.method ?? (Number(vars.local) === 1 ? 'load' : 'insert');
  // Room for the statement's head and the protocol's framing.
  const maxBytes = Math.max(16 * 1024, Number(vars.packet) - 64 * 1024);
  const table = `${quoteIdent(plan.schema)}.${quoteIdent(plan.table)}`;
  const columnList = plan.columns.map((c) => quoteIdent(c.name)).join(', ');
  const head = `INSERT INTO ${table} (${columnList}) VALUES `;
  // How each column's value is written for LOAD DATA: numbers trimmed as the INSERT literal is;
  // a checked number, date or time holds no character LOAD DATA escapes, so only text is scanned.
  const loadValue = plan.columns.map((c) =>
    isNumericType(c)
      ? (v: string) => v.trim()
      : /^(date|datetime|timestamp|time|year)$/.test(c.dataType)
        ? (v: string) => v
        : loadText,
  );
  let imported = 0;
  let read = 0;
  let batches = 0;
  const result = (extra: Partial<ImportResult>): ImportResult => ({
    imported,
    read,
    batches,
    method,
    elapsedMs: Date.now() - started,
    ...extra,
  });
  const counted = (rows: number) => {
    batches++;
    imported += rows;
    hooks.onProgress?.(imported);
  };
  const tupleOf = (row: Row) => `(${row.values.map((v, i) => sqlLiteral(plan.columns[i], v)).join(',')})`;

  /**
   * The first row of `rows` the server refuses: the shortest refused prefix of the batch, found
   * by halving (a prefix is tried inside a savepoint, rolled back after each try), so a batch of
   * 5,000 rows takes about 13 tries; a row that clashes with an earlier row of the same batch is
   * found too. Per batch, this runs in a transaction of its own, rolled back at the end.
   */
  const firstRefused = async (rows: { line: number; tuple: string }[]): Promise<ImportFailure> => {
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

  /** One multi-row INSERT; a refusal is a failure naming the first refused row. */
  const sendInsert = async (rows: { line: number; tuple: string }[]): Promise<ImportFailure | undefined> => {
    if (!rows.length) return undefined;
    try {
      await conn.query(`${head}${rows.map((r) => r.tuple).join(',')}`);
    } catch (e) {
      if (isConnectionGone(e)) return { line: rows[0].line, message: serverText(e), byServer: true };
      return firstRefused(rows);
    }
    counted(rows.length);
    return undefined;
  };

  // INSERTs: the batch being gathered, with its statement's size so far.
  let batch: { line: number; tuple: string }[] = [];
  let batchBytes = head.length;
  /** Rows as INSERTs, as many to a statement as the packet and MAX_BATCH_ROWS allow. */
  const insertRows = async (rows: Row[]): Promise<ImportFailure | undefined> => {
    for (const row of rows) {
      const failure = await addInsert(row);
      if (failure) return failure;
    }
    return flushInserts();
  };
  const addInsert = async (row: Row): Promise<ImportFailure | undefined> => {
    const tuple = tupleOf(row);
    const tupleBytes = Buffer.byteLength(tuple) + 1;
    let failure: ImportFailure | undefined;
    if (batch.length && (batchBytes + tupleBytes > maxBytes || batch.length >= MAX_BATCH_ROWS))
      failure = await flushInserts();
    batch.push({ line: row.line, tuple });
    batchBytes += tupleBytes;
    return failure;
  };
  const flushInserts = async (): Promise<ImportFailure | undefined> => {
    const rows = batch;
    batch = [];
    batchBytes = head.length;
    return sendInsert(rows);
  };

  // LOAD DATA LOCAL: the statement in flight, the stream feeding it, and the rows it was given.
  let load: { stream: PassThrough; done: Promise<ResultSetHeader | Error>; rows: Row[]; text: string } | undefined;
  // The tab, backslash and line feed as bytes (X'09'...): '\t' would be a backslash and a t
  // under NO_BACKSLASH_ESCAPES. How the server reads the rows themselves does not depend on it.
  const byte = (b: number) => sqlValue(Uint8Array.of(b));
  const loadSql = `LOAD DATA LOCAL INFILE 'nhncloud-import.tsv' INTO TABLE ${table} CHARACTER SET utf8mb4 FIELDS TERMINATED BY ${byte(0x09)} ESCAPED BY ${byte(0x5c)} LINES TERMINATED BY ${byte(0x0a)} (${columnList})`;
  const startLoad = async () => {
    await conn.query(plan.mode === 'batch' ? 'START TRANSACTION' : 'SAVEPOINT nhncloud_load');
    const stream = new PassThrough();
    const done = conn.query<ResultSetHeader>({ sql: loadSql, infileStreamFactory: () => stream }).then(
      ([header]) => header,
      (e: Error) => e,
    );
    load = { stream, done, rows: [], text: '' };
  };
  const undoLoad = () => conn.query(plan.mode === 'batch' ? 'ROLLBACK' : 'ROLLBACK TO SAVEPOINT nhncloud_load');
  const addLoad = async (row: Row): Promise<ImportFailure | undefined> => {
    if (!load) await startLoad();
    const current = load!;
    current.rows.push(row);
    current.text += `${row.values.map((v, i) => (v === null ? '\\N' : loadValue[i](v))).join('\t')}\n`;
    // The driver sends each chunk it reads as a packet of its own: rows go 64 KB at a time.
    if (current.text.length >= 64 * 1024) await writeLoad(current);
    return current.rows.length >= MAX_BATCH_ROWS ? finishLoad() : undefined;
  };
  const writeLoad = async (current: NonNullable<typeof load>) => {
    const text = current.text;
    current.text = '';
    // Backpressure: wait for the driver to take what was written (or for the statement to end early).
    if (text && !current.stream.write(text)) await Promise.race([once(current.stream, 'drain'), current.done]);
  };
  /** Ends the statement in flight: kept when it loaded every row cleanly, else sent again as INSERTs. */
  const finishLoad = async (): Promise<ImportFailure | undefined> => {
    if (!load) return undefined;
    const current = load;
    const { stream, done, rows } = current;
    await writeLoad(current);
    load = undefined;
    stream.end();
    const header = await done;
    if (!(header instanceof Error) && header.affectedRows === rows.length && !header.warningStatus) {
      if (plan.mode === 'batch') await conn.query('COMMIT');
      counted(rows.length);
      return undefined;
    }
    if (header instanceof Error && isConnectionGone(header))
      return { line: rows[0].line, message: serverText(header), byServer: true };
    await undoLoad();
    if (header instanceof Error && LOCAL_REFUSED.has((header as { errno?: number }).errno ?? 0)) method = 'insert';
    return insertRows(rows);
  };
  /** Drops the statement in flight (Cancel, or an error): what it loaded is rolled back. */
  const dropLoad = async () => {
    if (!load) return;
    const { stream, done } = load;
    load = undefined;
    stream.end();
    await done;
    await undoLoad().catch(() => undefined);
  };

  const add = (row: Row) => (method === 'load' ? addLoad(row) : addInsert(row));
  const flush = async () => (await finishLoad()) ?? (await flushInserts());

  const end = async (failure?: ImportFailure, cancelled = false): Promise<ImportResult> => {
    await dropLoad();
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
    for await (const chunk of records) {
      for (const rec of chunk) {
        // Cancel: the batch being gathered is dropped, never kept.
        if (hooks.signal?.aborted) return end(undefined, true);
        read++;
        const values: EditValue[] = [];
        for (let i = 0; i < plan.columns.length; i++) {
          const c = plan.columns[i];
          const value = fieldValue(c, rec.fields[plan.fields[i]] ?? null);
          const problem = valueProblem(c, value);
          if (problem) {
            // The rows before it are fine: sent (and, per batch, committed) before stopping.
            const failure = (await flush()) ?? { line: rec.line, message: problem, byServer: false };
            return end(failure);
          }
          values.push(value);
        }
        const failure = await add({ line: rec.line, values });
        if (failure) return end(failure);
      }
    }
    return end(await flush());
  } catch (e) {
    if ((e as Error).name === 'AbortError' || hooks.signal?.aborted) return end(undefined, true);
    await dropLoad().catch(() => undefined);
    await conn.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/** A value as LOAD DATA reads it with ESCAPED BY '\\': the escape, tab, line breaks and NUL escaped. */
function loadText(v: string): string {
  return /[\\\t\n\r\0]/.test(v) ? v.replace(/[\\\t\n\r\0]/g, (ch) => LOAD_ESCAPES[ch]) : v;
}
const LOAD_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };

function isConnectionGone(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? '';
  return /PROTOCOL_CONNECTION_LOST|ECONNRESET|EPIPE|ER_NET_PACKET_TOO_LARGE/.test(code);
}

function serverText(e: unknown): string {
  const err = e as { sqlMessage?: string; message?: string; errno?: number };
  const text = err.sqlMessage ?? err.message ?? String(e);
  return err.errno ? `${text} (${err.errno})` : text;
}
