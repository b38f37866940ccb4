// Runs one SQL statement on a mysql2 connection and streams what comes back (vscode-free, so the
// unit tests and the benchmark drive it against a real MariaDB). Rows go out in batches as they
// arrive: the first batch as soon as the first row is in, then every BATCH_ROWS rows; while the
// receiver has too many batches in flight the socket is paused, so the extension host never
// holds a whole result. Cancel and the time limit both send `KILL QUERY <thread id>` on a second
// connection (works on MySQL and MariaDB alike; `max_statement_time` is MariaDB only).
import type { Connection } from 'mysql2/promise';
import { redactSql } from '../../client/redactSql';
import { l10n } from '../../shared/l10n';

/** A cell as the grid and the exports get it: text, a number, or SQL NULL. Binary values are 0x… hex. */
export type Cell = string | number | null;

export interface ResultColumn {
  name: string;
  /** The column's SQL type as mysql2 names it (VARCHAR, LONGLONG, …). */
  type: string;
  /** The table and schema it was read from, and its name there (none for an expression). */
  source?: { schema: string; table: string; column: string };
  /** Binary data (the binary character set): its cells are 0x hex, written back as such. */
  binary?: boolean;
}

export interface RowSink {
  /**
   * A result set begins with these columns. A statement returns one at most, a `CALL` one per
   * SELECT its procedure runs: `set` counts them from 0.
   */
  columns(columns: ResultColumn[], set: number): void;
  /** A batch of rows of result set `set`; a returned promise holds the next batches back until it settles. */
  rows(batch: Cell[][], set: number): void | PromiseLike<unknown>;
}

export interface StatementOutcome {
  /** 'rows' when the statement returned a result set (even an empty one). */
  kind: 'rows' | 'ok';
  /** Rows of every result set together. */
  rowCount: number;
  /** The rows of each result set, when there were several (a `CALL`). */
  resultSets?: number[];
  affectedRows?: number;
  insertId?: number;
  /** Warnings of a statement without result set (the server's OK packet); result sets carry none here. */
  warnings?: number;
  /** The server's info line (`Rows matched: 1  Changed: 1  Warnings: 0`). */
  info?: string;
  elapsedMs: number;
  /** Set when the statement was stopped by Cancel or by the time limit; the rows before it stay. */
  stopped?: 'cancelled' | 'timeout';
}

/** What went wrong, as the server (or the driver) said it. The console turns it into a message. */
export class StatementError extends Error {
  constructor(
    message: string,
    /** ER_PARSE_ERROR, PROTOCOL_CONNECTION_LOST, ECONNRESET… */
    readonly code: string | undefined,
    /** The server's error number (1064); undefined for client-side failures. */
    readonly errno: number | undefined,
    readonly sqlState: string | undefined,
    /** True when the connection is unusable afterwards (server gone, socket closed). */
    readonly fatal: boolean,
    /** Rows that had arrived before the failure. */
    readonly rowCount: number,
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

export const BATCH_ROWS = 2000;
/** Batches handed to the sink and not yet settled before the socket is paused. */
const MAX_IN_FLIGHT = 3;
/** MySQL's and MariaDB's "Query execution was interrupted" (1317) and MySQL's 3024 (max_execution_time). */
export const INTERRUPTED = new Set([1317, 3024, 1969]);

interface CoreQuery {
  on(
    event: 'fields',
    fn: (
      fields:
        | Array<{
            name: string;
            columnType: number;
            characterSet?: number;
            db?: string;
            orgTable?: string;
            orgName?: string;
          }>
        | undefined,
    ) => void,
  ): CoreQuery;
  on(event: 'result', fn: (row: unknown) => void): CoreQuery;
  on(event: 'error', fn: (err: DriverError) => void): CoreQuery;
  on(event: 'end', fn: () => void): CoreQuery;
}
interface CoreConnection {
  query(options: Record<string, unknown>): CoreQuery;
  pause(): void;
  resume(): void;
  on(event: 'error', fn: (err: DriverError) => void): unknown;
  off(event: 'error', fn: (err: DriverError) => void): unknown;
}
export interface DriverError extends Error {
  code?: string;
  errno?: number;
  sqlState?: string;
  sqlMessage?: string;
  fatal?: boolean;
}
interface OkPacketLike {
  affectedRows?: number;
  insertId?: number;
  warningStatus?: number;
  info?: string;
  constructor?: { name?: string };
}

/** The callback-style connection under mysql2's promise wrapper: the one that streams. */
function core(conn: Connection): CoreConnection {
  const inner = (conn as unknown as { connection?: CoreConnection }).connection;
  if (!inner || typeof inner.query !== 'function')
    throw new Error(l10n.t('The database driver did not hand over a streaming connection.'));
  return inner;
}

/** Column type names by protocol type code (MySQL client/server protocol, ColumnDefinition41.type). */
const TYPE_NAMES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  15: 'VARCHAR',
  16: 'BIT',
  242: 'VECTOR',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};
function typeName(columnType: number): string {
  return TYPE_NAMES[columnType] ?? String(columnType);
}

export function toCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (Buffer.isBuffer(v)) return `0x${v.toString('hex')}`;
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  // A DATE/DATETIME cell's value (the database console's own format, not the display language's).
  // eslint-disable-next-line nhncloud/one-date-formatter
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/** Query options shared by the grid and the exports: arrays, exact numbers, dates as the server wrote them. */
const QUERY_OPTIONS = {
  rowsAsArray: true,
  dateStrings: true,
  supportBigNumbers: true,
  bigNumberStrings: true,
  decimalNumbers: false,
  nestTables: false,
};

export interface RunOptions {
  /** Stops the statement (KILL QUERY) when aborted; the outcome says `stopped: 'cancelled'`. */
  signal?: AbortSignal;
  /** The time limit in milliseconds (0 or undefined: none); past it the statement is stopped. */
  timeoutMs?: number;
  /** Sends `KILL QUERY <threadId>` on a second connection. */
  kill(threadId: number): Promise<void>;
  batchRows?: number;
}

/** Runs `sql` (one statement) on `conn`, streaming rows into `sink`. Rejects with a StatementError. */
export function runStatement(
  conn: Connection,
  sql: string,
  sink: RowSink,
  opts: RunOptions,
): Promise<StatementOutcome> {
  const started = performance.now();
  const batchRows = opts.batchRows ?? BATCH_ROWS;
  const c = core(conn);
  const threadId = conn.threadId;
  let stopped: StatementOutcome['stopped'];
  let batch: Cell[][] = [];
  let rowCount = 0;
  let inFlight = 0;
  let paused = false;
  let flushScheduled = false;
  let ok: OkPacketLike | undefined;
  /** The result set rows go to now (-1: none yet), and the rows of each. */
  let set = -1;
  const setRows: number[] = [];
  /** mysql2 announced an OK packet ('fields' without fields): the next 'result' is it, not a row. */
  let okNext = false;
  let columnCount = 0;
  /** The statement ended (result, error or stop): the socket must never be paused again. */
  let settled = false;

  const flush = () => {
    flushScheduled = false;
    if (!batch.length) return;
    const out = batch;
    batch = [];
    const pending = sink.rows(out, set);
    if (pending && typeof pending.then === 'function') {
      inFlight++;
      if (inFlight >= MAX_IN_FLIGHT && !paused && !stopped && !settled) {
        paused = true;
        c.pause();
      }
      const settle = () => {
        inFlight--;
        if (paused && inFlight < MAX_IN_FLIGHT) {
          paused = false;
          c.resume();
        }
      };
      pending.then(settle, settle);
    }
  };

  const rowsOutcome = (): Pick<StatementOutcome, 'kind' | 'rowCount' | 'resultSets'> =>
    set < 0 ? { kind: 'ok', rowCount } : { kind: 'rows', rowCount, ...(set > 0 ? { resultSets: [...setRows] } : {}) };

  return new Promise<StatementOutcome>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const stop = (why: 'cancelled' | 'timeout') => {
      if (stopped) return;
      stopped = why;
      // A paused socket would keep the server blocked on its write: let it drain so KILL lands.
      if (paused) {
        paused = false;
        c.resume();
      }
      opts.kill(threadId).catch(() => undefined);
    };
    const onAbort = () => stop('cancelled');
    if (opts.signal?.aborted) {
      reject(
        new StatementError(
          l10n.t('The statement was cancelled before it started.'),
          'CANCELLED',
          undefined,
          undefined,
          false,
          0,
        ),
      );
      return;
    }
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.timeoutMs && opts.timeoutMs > 0) timer = setTimeout(() => stop('timeout'), opts.timeoutMs);
    const cleanup = () => {
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      c.off('error', onError);
      if (paused) c.resume();
    };
    const onError = (err: DriverError) => {
      if (settled) return;
      cleanup();
      flush();
      if (stopped && err.errno !== undefined && INTERRUPTED.has(err.errno)) {
        resolve({ ...rowsOutcome(), elapsedMs: performance.now() - started, stopped });
        return;
      }
      reject(
        new StatementError(
          // The server quotes the statement (`near '...'`): its passwords are masked here, before
          // the console, the log or a webview's state sees the text.
          redactSql(err.sqlMessage ?? err.message, sql),
          err.code,
          err.errno,
          err.sqlState,
          Boolean(err.fatal),
          rowCount,
        ),
      );
    };
    // A query without callback gets the server's errors; a lost connection (fatal) is reported
    // to the connection instead (mysql2 base/connection.js _notifyError): listen to both.
    c.on('error', onError);

    const q = c.query({ sql, ...QUERY_OPTIONS });
    q.on('fields', (fields) => {
      // mysql2 emits 'fields' without fields before an OK packet: a statement's without result
      // set, or the one that ends a CALL after its result sets.
      if (!fields) {
        okNext = true;
        return;
      }
      // The rows of the set before go out under its number before the next set begins.
      flush();
      set++;
      setRows.push(0);
      columnCount = fields.length;
      sink.columns(
        fields.map((f) => ({
          name: f.name,
          type: typeName(f.columnType),
          ...(f.orgTable && f.orgName ? { source: { schema: f.db ?? '', table: f.orgTable, column: f.orgName } } : {}),
          // 63: MySQL's binary character set (BINARY, VARBINARY, BLOB; numbers and dates too, which are not hex).
          ...(f.characterSet === 63 && /CHAR|STRING|BLOB|GEOMETRY|BIT/.test(typeName(f.columnType))
            ? { binary: true }
            : {}),
        })),
        set,
      );
    });
    q.on('result', (row) => {
      if (okNext) {
        okNext = false;
        ok = row as OkPacketLike;
        return;
      }
      if (stopped) return;
      const values = row as unknown[];
      const cells: Cell[] = new Array(columnCount);
      for (let i = 0; i < columnCount; i++) cells[i] = toCell(values[i]);
      batch.push(cells);
      rowCount++;
      setRows[set]++;
      if (batch.length >= batchRows) flush();
      else if (!flushScheduled) {
        // The first rows go out at once (next turn of the loop), later ones in whole batches.
        flushScheduled = true;
        setImmediate(flush);
      }
    });
    q.on('error', onError);
    q.on('end', () => {
      if (settled) return;
      cleanup();
      flush();
      const elapsedMs = performance.now() - started;
      if (set >= 0) {
        resolve({ ...rowsOutcome(), elapsedMs, ...(stopped ? { stopped } : {}) });
      } else {
        resolve({
          kind: 'ok',
          rowCount: 0,
          affectedRows: ok?.affectedRows ?? 0,
          ...(ok?.insertId ? { insertId: ok.insertId } : {}),
          warnings: ok?.warningStatus ?? 0,
          ...(ok?.info ? { info: ok.info } : {}),
          elapsedMs,
          ...(stopped ? { stopped } : {}),
        });
      }
    });
  });
}

/** Sends `KILL QUERY <threadId>` on a new connection from `connect`, then closes it. */
export async function killQuery(connect: () => Promise<Connection>, threadId: number): Promise<void> {
  if (!Number.isSafeInteger(threadId) || threadId <= 0)
    throw new Error(l10n.t('Cannot stop the statement: {0} is not a connection thread id.', String(threadId)));
  const killer = await connect();
  try {
    await killer.query(`KILL QUERY ${threadId}`);
  } finally {
    await killer.end().catch(() => killer.destroy());
  }
}
