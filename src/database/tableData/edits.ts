// Staged edits of a table's rows turned into statements (issue 29, item 3): an UPDATE or DELETE
// finds its row by the table's key (primary key, or a unique key without NULLs) and, for an
// UPDATE, by the values the edited cells held when they were read, so a row someone changed or
// deleted since matches nothing; an INSERT names the columns given. Each statement must affect
// exactly one row (./tableData.ts applies them in one transaction and rolls back otherwise).
// Pure: the Preview shows exactly these statements, with the values written as literals.
import { l10n } from '../../shared/l10n';
import { quoteIdent } from '../sqlText';
import { isReadOnlyType, sqlLiteral, valueProblem, type EditValue, type TableColumn } from './values';

/** A cell as read from the server (the grid's value). */
export type ReadCell = string | number | null;

export type RowEdit =
  /** `row`: its place in the page read; `original`: the row as read; `changes`: column name → new value. */
  | { kind: 'update'; row: number; original: ReadCell[]; changes: Record<string, EditValue> }
  | { kind: 'insert'; values: Record<string, EditValue> }
  | { kind: 'delete'; row: number; original: ReadCell[] };

export interface EditableTable {
  schema: string;
  table: string;
  columns: TableColumn[];
  /** The columns that find one row. */
  key: string[];
}

export interface EditStatement {
  /** With `?` placeholders, sent with `params`. */
  sql: string;
  params: (string | number | null)[];
  /** The same statement with the values written in: what the Preview shows. */
  display: string;
  /** Which row, said for a person: "row 3 (id = 17)" or "new row 1". */
  label: string;
}

/** Types whose read value cannot be compared back exactly (floating point, JSON's normal form, binary). */
const NOT_COMPARABLE = /^(float|double|real|json|tinyblob|blob|mediumblob|longblob|binary|varbinary|bit|geometry)$/;

/** A value that cannot be sent: which edit (its index), which column, and why. */
export interface EditProblem {
  edit: number;
  column: string;
  message: string;
}

/** The problems of a set of edits (a value that does not fit, a new row missing a required column), or none. */
export function editProblems(t: EditableTable, edits: readonly RowEdit[]): EditProblem[] {
  const problems: EditProblem[] = [];
  const byName = new Map(t.columns.map((c) => [c.name, c]));
  edits.forEach((e, edit) => {
    const values = e.kind === 'update' ? e.changes : e.kind === 'insert' ? e.values : {};
    for (const [column, v] of Object.entries(values)) {
      const c = byName.get(column);
      const message = c ? valueProblem(c, v) : l10n.t('{0} has no column {1}.', t.table, column);
      if (message) problems.push({ edit, column, message });
    }
    if (e.kind === 'insert')
      for (const c of t.columns)
        if (!(c.name in e.values) && !c.nullable && !c.hasDefault && !c.autoIncrement && !c.generated)
          problems.push({
            edit,
            column: c.name,
            message: l10n.t('{0} needs a value (it has no default and cannot be NULL).', c.name),
          });
  });
  return problems;
}

/** The statements that carry out `edits`, in order (deletes last, so an insert may reuse a deleted key only after). */
export function editStatements(t: EditableTable, edits: readonly RowEdit[]): EditStatement[] {
  const table = `${quoteIdent(t.schema)}.${quoteIdent(t.table)}`;
  const index = new Map(t.columns.map((c, i) => [c.name, i]));
  const column = (name: string) => t.columns[index.get(name)!];
  const keyLabel = (original: ReadCell[]) =>
    t.key.map((k) => `${k} = ${sqlLiteral(column(k), original[index.get(k)!])}`).join(', ');
  /** `col = ?` for the key, and `col <=> ?` (NULL-safe) for the read values of the edited columns. */
  const where = (original: ReadCell[], alsoColumns: string[]) => {
    const parts: string[] = [];
    const shown: string[] = [];
    const params: (string | number | null)[] = [];
    for (const k of t.key) {
      const v = original[index.get(k)!];
      parts.push(`${quoteIdent(k)} = ?`);
      shown.push(`${quoteIdent(k)} = ${sqlLiteral(column(k), v)}`);
      params.push(v);
    }
    for (const name of alsoColumns) {
      const c = column(name);
      if (t.key.includes(name) || NOT_COMPARABLE.test(c.dataType)) continue;
      const v = original[index.get(name)!];
      parts.push(`${quoteIdent(name)} <=> ?`);
      shown.push(`${quoteIdent(name)} <=> ${sqlLiteral(c, v)}`);
      params.push(v);
    }
    return { sql: parts.join(' AND '), display: shown.join(' AND '), params };
  };
  const out: EditStatement[] = [];
  let newRow = 0;
  const ordered = [...edits.filter((e) => e.kind !== 'delete'), ...edits.filter((e) => e.kind === 'delete')];
  for (const e of ordered) {
    if (e.kind === 'update') {
      const names = Object.keys(e.changes);
      if (!names.length) continue;
      const w = where(e.original, names);
      out.push({
        sql: `UPDATE ${table} SET ${names.map((n) => `${quoteIdent(n)} = ?`).join(', ')} WHERE ${w.sql}`,
        params: [...names.map((n) => e.changes[n]), ...w.params],
        display: `UPDATE ${table} SET ${names.map((n) => `${quoteIdent(n)} = ${sqlLiteral(column(n), e.changes[n])}`).join(', ')} WHERE ${w.display};`,
        label: l10n.t('row {0} ({1})', e.row + 1, keyLabel(e.original)),
      });
    } else if (e.kind === 'insert') {
      newRow++;
      const names = Object.keys(e.values);
      out.push({
        sql: names.length
          ? `INSERT INTO ${table} (${names.map(quoteIdent).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`
          : `INSERT INTO ${table} () VALUES ()`,
        params: names.map((n) => e.values[n]),
        display: names.length
          ? `INSERT INTO ${table} (${names.map(quoteIdent).join(', ')}) VALUES (${names.map((n) => sqlLiteral(column(n), e.values[n])).join(', ')});`
          : `INSERT INTO ${table} () VALUES ();`,
        label: l10n.t('new row {0}', newRow),
      });
    } else {
      const w = where(e.original, []);
      out.push({
        sql: `DELETE FROM ${table} WHERE ${w.sql}`,
        params: w.params,
        display: `DELETE FROM ${table} WHERE ${w.display};`,
        label: l10n.t('row {0} ({1})', e.row + 1, keyLabel(e.original)),
      });
    }
  }
  return out;
}

/**
 * The key a table's rows are edited by: the primary key, else the first unique key whose columns
 * all refuse NULL; undefined when there is none (the grid then says why it cannot edit).
 */
export function editingKey(
  columns: readonly TableColumn[],
  indexes: readonly { name: string; unique: boolean; columns: string[] }[],
): string[] | undefined {
  const primary = indexes.find((i) => i.name === 'PRIMARY');
  if (primary) return primary.columns;
  const notNull = new Set(columns.filter((c) => !c.nullable).map((c) => c.name));
  return indexes.find((i) => i.unique && i.columns.every((c) => notNull.has(c)))?.columns;
}

/** Whether any column of the key cannot be compared as read (a binary key): such a table is read-only here. */
export function keyIsUsable(columns: readonly TableColumn[], key: readonly string[]): boolean {
  return key.every((k) => {
    const c = columns.find((x) => x.name === k);
    return !!c && !isReadOnlyType(c);
  });
}
