// What completion and hover know of a schema: its tables and views with their columns and
// indexes, and its routines. Loaded from information_schema in four queries on one short
// connection (never one query per table), once per session and schema; a run that changed the
// schema (DDL) or Refresh Completion forgets it, and the next use loads it again.
import type { Connection } from 'mysql2/promise';
import { quoteIdent } from '../sqlText';

export interface ColumnInfo {
  name: string;
  /** As the server writes it: `varchar(64)`, `int unsigned`. */
  type: string;
  nullable: boolean;
  /** PRI, UNI, MUL or ''. */
  key: string;
  default: string | null;
  extra: string;
  comment: string;
}

export interface IndexInfo {
  name: string;
  unique: boolean;
  columns: string[];
}

export interface TableInfo {
  name: string;
  view: boolean;
  engine: string | null;
  /** The server's estimate (exact only for some engines). */
  rows: number | null;
  comment: string;
  columns: ColumnInfo[];
  indexes: IndexInfo[];
}

export interface RoutineInfo {
  name: string;
  kind: 'FUNCTION' | 'PROCEDURE';
  /** `(IN id INT, OUT total DECIMAL(10,2))`. */
  params: string;
  /** A function's return type. */
  returns: string | null;
}

export interface SchemaMetadata {
  schema: string;
  /** `SELECT VERSION()`: which built-in functions the server has. */
  serverVersion: string;
  /** By lower-case name. */
  tables: Map<string, TableInfo>;
  routines: RoutineInfo[];
}

type Queryable = Pick<Connection, 'query'>;

/** A statement that may change what a schema holds: its run makes the cache forget the session's metadata. */
export const changesSchema = (sql: string): boolean => /^\s*(create|alter|drop|rename|truncate)\b/i.test(sql);

/** The metadata of `schema`, read with four queries on `c` (and the server's version). */
export async function loadSchemaMetadata(c: Queryable, schema: string): Promise<SchemaMetadata> {
  const rows = async <T>(sql: string): Promise<T[]> => (await c.query(sql, [schema]))[0] as T[];
  const tables = await rows<{
    TABLE_NAME: string;
    TABLE_TYPE: string;
    ENGINE: string | null;
    TABLE_ROWS: string | number | null;
    TABLE_COMMENT: string | null;
  }>(
    'SELECT TABLE_NAME, TABLE_TYPE, ENGINE, TABLE_ROWS, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
  );
  const columns = await rows<{
    TABLE_NAME: string;
    COLUMN_NAME: string;
    COLUMN_TYPE: string;
    IS_NULLABLE: string;
    COLUMN_KEY: string;
    COLUMN_DEFAULT: string | null;
    EXTRA: string;
    COLUMN_COMMENT: string | null;
  }>(
    'SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_KEY, COLUMN_DEFAULT, EXTRA, COLUMN_COMMENT ' +
      'FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION',
  );
  const indexes = await rows<{ TABLE_NAME: string; INDEX_NAME: string; NON_UNIQUE: string | number; COLS: string }>(
    'SELECT TABLE_NAME, INDEX_NAME, MAX(NON_UNIQUE) AS NON_UNIQUE, ' +
      'GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX SEPARATOR 0x1f) AS COLS ' +
      'FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? GROUP BY TABLE_NAME, INDEX_NAME',
  );
  const routines = await rows<{
    ROUTINE_NAME: string;
    ROUTINE_TYPE: string;
    DTD_IDENTIFIER: string | null;
    PARAMS: string | null;
  }>(
    'SELECT r.ROUTINE_NAME, r.ROUTINE_TYPE, r.DTD_IDENTIFIER, ' +
      "GROUP_CONCAT(CONCAT_WS(' ', IF(r.ROUTINE_TYPE = 'PROCEDURE', p.PARAMETER_MODE, NULL), p.PARAMETER_NAME, p.DTD_IDENTIFIER) " +
      "ORDER BY p.ORDINAL_POSITION SEPARATOR ', ') AS PARAMS " +
      'FROM information_schema.ROUTINES r LEFT JOIN information_schema.PARAMETERS p ' +
      'ON p.SPECIFIC_SCHEMA = r.ROUTINE_SCHEMA AND p.SPECIFIC_NAME = r.SPECIFIC_NAME AND p.ORDINAL_POSITION > 0 ' +
      'WHERE r.ROUTINE_SCHEMA = ? GROUP BY r.ROUTINE_NAME, r.ROUTINE_TYPE, r.DTD_IDENTIFIER',
  );

  const [version] = (await c.query('SELECT VERSION() AS V'))[0] as Array<{ V: string }>;

  const byName = new Map<string, TableInfo>();
  for (const t of tables)
    byName.set(t.TABLE_NAME.toLowerCase(), {
      name: t.TABLE_NAME,
      view: t.TABLE_TYPE === 'VIEW' || t.TABLE_TYPE === 'SYSTEM VIEW',
      engine: t.ENGINE,
      rows: t.TABLE_ROWS === null ? null : Number(t.TABLE_ROWS),
      comment: t.TABLE_COMMENT ?? '',
      columns: [],
      indexes: [],
    });
  for (const c of columns)
    byName.get(c.TABLE_NAME.toLowerCase())?.columns.push({
      name: c.COLUMN_NAME,
      type: c.COLUMN_TYPE,
      nullable: c.IS_NULLABLE === 'YES',
      key: c.COLUMN_KEY,
      default: c.COLUMN_DEFAULT,
      extra: c.EXTRA,
      comment: c.COLUMN_COMMENT ?? '',
    });
  for (const i of indexes)
    byName.get(i.TABLE_NAME.toLowerCase())?.indexes.push({
      name: i.INDEX_NAME,
      unique: Number(i.NON_UNIQUE) === 0,
      columns: String(i.COLS).split('\x1f'),
    });
  for (const t of byName.values())
    t.indexes.sort((a, b) => (a.name === 'PRIMARY' ? -1 : b.name === 'PRIMARY' ? 1 : a.name.localeCompare(b.name)));
  return {
    schema,
    serverVersion: String(version?.V ?? ''),
    tables: byName,
    routines: routines.map((r) => ({
      name: r.ROUTINE_NAME,
      kind: r.ROUTINE_TYPE === 'PROCEDURE' ? 'PROCEDURE' : 'FUNCTION',
      params: `(${r.PARAMS ?? ''})`,
      returns: r.ROUTINE_TYPE === 'FUNCTION' ? r.DTD_IDENTIFIER : null,
    })),
  };
}

/** `SHOW CREATE TABLE` (or VIEW) of `schema.name`, as the server writes it, ending in `;`. */
export async function createStatement(c: Queryable, schema: string, name: string, view: boolean): Promise<string> {
  const [rows] = (await c.query(
    `SHOW CREATE ${view ? 'VIEW' : 'TABLE'} ${quoteIdent(schema)}.${quoteIdent(name)}`,
  )) as unknown as [Array<Record<string, string>>];
  const row = rows[0] ?? {};
  return `${row['Create Table'] ?? row['Create View'] ?? ''};\n`;
}

/**
 * The line (from 0) of a SHOW CREATE TABLE text where `column` is defined (its name in backquotes
 * at the start of a line, any case); 0 when none is (a view's one line).
 */
export function definitionLine(create: string, column: string): number {
  const quoted = `\`${column.replace(/`/g, '``')}\``.toLowerCase();
  const at = create.split('\n').findIndex((line) => line.trimStart().toLowerCase().startsWith(`${quoted} `));
  return Math.max(0, at);
}

interface CacheEntry {
  /** The load in flight or done; none once forgotten. */
  promise?: Promise<SchemaMetadata>;
  /** The last metadata loaded: what peek gives, also while a newer load runs or after it failed. */
  value?: SchemaMetadata;
  /** When the current load failed (it is tried again `retryAfterMs` later, not on every keystroke). */
  failedAt?: number;
}

/**
 * Keyed by whatever owns a connection (a DbSession): its schemas' metadata. Concurrent callers
 * share one load; a forgotten schema is loaded again on its next use while the names known
 * before stay available (peek); a failed load answers its failure for `retryAfterMs` before the
 * next try, so a server that went away is not asked again at every keystroke.
 */
export class MetadataCache<Owner extends object> {
  private readonly entries = new WeakMap<Owner, Map<string, CacheEntry>>();

  constructor(
    private readonly load: (owner: Owner, schema: string) => Promise<SchemaMetadata>,
    private readonly retryAfterMs = 0,
    private readonly now: () => number = Date.now,
  ) {}

  get(owner: Owner, schema: string): Promise<SchemaMetadata> {
    let schemas = this.entries.get(owner);
    if (!schemas) this.entries.set(owner, (schemas = new Map()));
    const key = schema.toLowerCase();
    let entry = schemas.get(key);
    if (!entry) schemas.set(key, (entry = {}));
    const failed = entry.failedAt !== undefined && this.now() - entry.failedAt >= this.retryAfterMs;
    if (entry.promise && !failed) return entry.promise;
    const e = entry;
    const started: Promise<SchemaMetadata> = this.load(owner, schema).then(
      (value) => {
        if (e.promise === started) {
          e.value = value;
          e.failedAt = undefined;
        }
        return value;
      },
      (err: unknown) => {
        if (e.promise === started) e.failedAt = this.now();
        throw err;
      },
    );
    e.promise = started;
    e.failedAt = undefined;
    return started;
  }

  /** What is known now, without waiting: the last metadata loaded. */
  peek(owner: Owner, schema: string): SchemaMetadata | undefined {
    return this.entries.get(owner)?.get(schema.toLowerCase())?.value;
  }

  /** Forgets `schema` (every schema when omitted): its next use loads it again. */
  forget(owner: Owner, schema?: string): void {
    const schemas = this.entries.get(owner);
    for (const [key, entry] of schemas ?? [])
      if (schema === undefined || key === schema.toLowerCase()) {
        entry.promise = undefined;
        entry.failedAt = undefined;
      }
  }
}
