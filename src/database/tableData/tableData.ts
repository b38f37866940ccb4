// A table's rows from the server, a page at a time, and staged edits applied to it (issue 29,
// items 2 and 3). vscode-free: it works on a mysql2 connection (the session's) and is tested
// against a real MariaDB.
//   - tableInfo: the columns as declared, the key rows are edited by, and why the table cannot
//     be edited when it cannot (a view, no key);
//   - readPage: `SELECT *` with the person's WHERE text and ORDER BY, LIMIT and OFFSET done by
//     the server (one row more than the page, to know whether another page follows);
//   - applyEdits: the statements of ./edits.ts in one transaction; a statement that does not
//     affect exactly one row rolls everything back, naming the row.
import type { Connection } from 'mysql2/promise';
import { l10n, plural } from '../../shared/l10n';
import { toCell, type Cell } from '../connection/queryRunner';
import { editingKey, keyIsUsable, type EditStatement, type EditableTable } from './edits';
import { keyRowsCondition, type KeyRows } from './resultRows';
import { filterCondition, formatSql, quoteIdent } from '../sqlText';
import type { TableColumn } from './values';

export interface TableInfo extends Partial<EditableTable> {
  schema: string;
  table: string;
  columns: TableColumn[];
  isView: boolean;
  /** Why the rows cannot be edited here; undefined when they can (then `key` is set). */
  readOnlyReason?: string;
}

export async function tableInfo(conn: Connection, schema: string, table: string): Promise<TableInfo> {
  const [kind] = await conn.query<import('mysql2').RowDataPacket[]>(
    formatSql('SELECT TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [
      schema,
      table,
    ]),
  );
  if (!kind.length) throw new Error(l10n.t('{0}.{1} does not exist (or this user cannot see it).', schema, table));
  const [cols] = await conn.query<import('mysql2').RowDataPacket[]>(
    formatSql(
      `SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, IS_NULLABLE, EXTRA, COLUMN_DEFAULT, CHARACTER_MAXIMUM_LENGTH
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
      [schema, table],
    ),
  );
  const columns: TableColumn[] = cols.map((c) => {
    const extra = String(c.EXTRA ?? '').toLowerCase();
    const nullable = c.IS_NULLABLE === 'YES';
    return {
      name: String(c.COLUMN_NAME),
      dataType: String(c.DATA_TYPE).toLowerCase(),
      columnType: String(c.COLUMN_TYPE),
      nullable,
      generated: /\b(virtual|stored|persistent) generated\b|^(virtual|stored|persistent)$/.test(extra),
      autoIncrement: extra.includes('auto_increment'),
      maxLength: c.CHARACTER_MAXIMUM_LENGTH == null ? undefined : Number(c.CHARACTER_MAXIMUM_LENGTH),
      // MariaDB reports a nullable column's missing default as the text NULL.
      hasDefault: c.COLUMN_DEFAULT !== null || nullable,
    };
  });
  await markMariaDbJson(conn, schema, table, columns);
  const isView = /VIEW/i.test(String(kind[0].TABLE_TYPE));
  const info: TableInfo = { schema, table, columns, isView };
  if (isView) {
    info.readOnlyReason = l10n.t('{0} is a view: its rows are shown, not edited.', table);
    return info;
  }
  const [stats] = await conn.query<import('mysql2').RowDataPacket[]>(
    formatSql(
      `SELECT INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.STATISTICS
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      [schema, table],
    ),
  );
  const indexes = new Map<string, { name: string; unique: boolean; columns: string[] }>();
  for (const s of stats) {
    const name = String(s.INDEX_NAME);
    const i = indexes.get(name) ?? { name, unique: Number(s.NON_UNIQUE) === 0, columns: [] };
    i.columns.push(String(s.COLUMN_NAME));
    indexes.set(name, i);
  }
  const key = editingKey(columns, [...indexes.values()]);
  if (!key)
    info.readOnlyReason = l10n.t(
      '{0} has no primary key and no unique key without NULLs: a row cannot be told apart, so it is not edited here.',
      table,
    );
  else if (!keyIsUsable(columns, key))
    info.readOnlyReason = l10n.t('The key of {0} is binary: its rows are shown, not edited.', table);
  else info.key = key;
  return info;
}

/**
 * MariaDB's JSON is LONGTEXT with a `json_valid(col)` check (information_schema says longtext):
 * such a column is checked as JSON here too. MySQL names the type itself, and its
 * CHECK_CONSTRAINTS has no TABLE_NAME (the query fails there and changes nothing).
 */
async function markMariaDbJson(conn: Connection, schema: string, table: string, columns: TableColumn[]): Promise<void> {
  try {
    const [checks] = await conn.query<import('mysql2').RowDataPacket[]>(
      formatSql(
        'SELECT CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ?',
        [schema, table],
      ),
    );
    for (const c of checks) {
      const m = /^json_valid\(`((?:[^`]|``)+)`\)$/i.exec(String(c.CHECK_CLAUSE).trim());
      const col = m && columns.find((x) => x.name === m[1].replace(/``/g, '`'));
      if (col && col.dataType === 'longtext') col.dataType = 'json';
    }
  } catch {
    // Not MariaDB: its JSON columns already say json.
  }
}

export interface PageRequest {
  offset: number;
  limit: number;
  /** The person's WHERE text (without the word WHERE), as typed. */
  filter?: string;
  sort?: { column: string; descending: boolean };
  /** Only these rows (a query result opened for editing: ./resultRows.ts). */
  rows?: KeyRows;
}

export interface Page {
  rows: Cell[][];
  /** Whether rows follow this page. */
  more: boolean;
  sql: string;
  elapsedMs: number;
}

/** The SELECT of one page. The filter is the person's own SQL, run with their own rights. */
export function pageSql(info: Pick<TableInfo, 'schema' | 'table' | 'columns' | 'key'>, r: PageRequest): string {
  // The person's text in parentheses on lines of its own: its OR cannot reach past the rows'
  // condition, nor its trailing `-- comment` past its line (to ORDER BY and LIMIT).
  const conditions = [
    ...(r.rows ? [keyRowsCondition(info.columns, r.rows)] : []),
    ...(r.filter?.trim() ? [filterCondition(r.filter.trim())] : []),
  ];
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  // A stable order across pages: the sort column, then the key (or, without one, nothing more).
  const order = [
    ...(r.sort ? [`${quoteIdent(r.sort.column)}${r.sort.descending ? ' DESC' : ''}`] : []),
    ...(info.key ?? []).filter((k) => k !== r.sort?.column).map(quoteIdent),
  ];
  return (
    `SELECT * FROM ${quoteIdent(info.schema)}.${quoteIdent(info.table)}${where}` +
    `${order.length ? ` ORDER BY ${order.join(', ')}` : ''} LIMIT ${r.limit + 1} OFFSET ${r.offset}`
  );
}

export async function readPage(
  conn: Connection,
  info: Pick<TableInfo, 'schema' | 'table' | 'columns' | 'key'>,
  r: PageRequest,
): Promise<Page> {
  if (r.filter && /;\s*\S/.test(r.filter))
    throw new Error(l10n.t('The filter is one condition: it cannot hold another statement after a semicolon.'));
  const sql = pageSql(info, r);
  const started = Date.now();
  const [rows] = await conn.query<unknown[][] & import('mysql2').RowDataPacket[]>({ sql, rowsAsArray: true });
  const cells = (rows as unknown[][]).map((row) => row.map(toCell));
  const more = cells.length > r.limit;
  return { rows: more ? cells.slice(0, r.limit) : cells, more, sql, elapsedMs: Date.now() - started };
}

/** A statement that did not affect exactly one row: everything was rolled back. */
export class RowConflictError extends Error {
  constructor(
    readonly statement: EditStatement,
    readonly index: number,
    readonly affected: number,
  ) {
    super(
      affected === 0
        ? l10n.t(
            'Nothing was applied: {0} changed or was deleted since it was read (its statement matched no row). Reload the page to see it now.',
            statement.label,
          )
        : plural(
            affected,
            l10n.t(
              'Nothing was applied: the statement for {0} would affect {1} row, not one.',
              statement.label,
              affected,
            ),
            l10n.t(
              'Nothing was applied: the statement for {0} would affect {1} rows, not one.',
              statement.label,
              affected,
            ),
          ),
    );
    this.name = 'RowConflictError';
  }
}

/** Runs `statements` in one transaction: all, or (a conflict, an error) none. */
export async function applyEdits(
  conn: Connection,
  statements: readonly EditStatement[],
): Promise<{ elapsedMs: number }> {
  const started = Date.now();
  let current: EditStatement | undefined;
  await conn.query('START TRANSACTION');
  try {
    for (let i = 0; i < statements.length; i++) {
      const s = (current = statements[i]);
      // mysql2 connects with FOUND_ROWS: an UPDATE counts the rows it matched, also when a value
      // did not change, so 1 means "the row as read is there".
      // The values written in by ../sqlText.ts, not by the driver (which escapes with a backslash).
      const [result] = await conn.query<import('mysql2').ResultSetHeader>(formatSql(s.sql, s.params));
      if (result.affectedRows !== 1) throw new RowConflictError(s, i, result.affectedRows);
    }
    await conn.query('COMMIT');
  } catch (e) {
    await conn.query('ROLLBACK').catch(() => undefined);
    if (e instanceof RowConflictError) throw e;
    const err = e as Error & { sqlMessage?: string; errno?: number };
    throw new Error(
      l10n.t(
        'Nothing was applied: the server refused the statement for {0} (error {1}): {2}',
        current?.label ?? '',
        String(err.errno ?? ''),
        err.sqlMessage ?? err.message,
      ),
      { cause: e },
    );
  }
  return { elapsedMs: Date.now() - started };
}
