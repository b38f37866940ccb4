// Editing the rows of a query result (issue 29, item 3): a result can be edited when it reads one
// table and holds that table's key; its rows are then opened in the table editor, restricted to
// the keys the result holds (`(k1, k2) IN ((...), (...))`), with the editor's own staging,
// Preview and Apply. Pure and browser-safe: the results webview says why a result cannot be
// edited before asking the extension anything; the extension builds the condition.
import { l10n, plural } from '../../shared/l10n';
import type { Cell, ResultColumn } from '../connection/queryRunner';
import { quoteIdent } from '../sqlText';
import { sqlLiteral, type TableColumn } from './values';

/** Most rows of a result opened for editing (each is a key in the editor's every page query). */
export const MAX_RESULT_ROWS = 10_000;

/** The rows a table editor is restricted to: the values of the key columns, one tuple per row. */
export interface KeyRows {
  columns: string[];
  values: Cell[][];
}

/** The one table a result reads, or why it cannot be edited (an expression column, several tables). */
export function resultTable(columns: ResultColumn[]): { schema: string; table: string } | { reason: string } {
  if (!columns.length) return { reason: l10n.t('This statement returned no columns to edit.') };
  const computed = columns.find((c) => !c.source);
  if (computed)
    return {
      reason: l10n.t(
        '{0} is computed, not read from a table column: only a result whose every column is a column of one table can be edited.',
        computed.name,
      ),
    };
  const tables = [...new Set(columns.map((c) => `${c.source!.schema}.${c.source!.table}`))];
  if (tables.length > 1)
    return {
      reason: l10n.t(
        'This result reads several tables ({0}): only a result of one table can be edited.',
        tables.join(', '),
      ),
    };
  return { schema: columns[0].source!.schema, table: columns[0].source!.table };
}

/** The key values of a result's rows, or why there are none to edit by (the key not selected, too many rows). */
export function keyRowsOf(
  columns: ResultColumn[],
  rows: Cell[][],
  key: string[],
  table: string,
): KeyRows | { reason: string } {
  const at = key.map((k) => columns.findIndex((c) => c.source?.column === k));
  const missing = key.filter((_, i) => at[i] < 0);
  if (missing.length)
    return {
      reason: l10n.t(
        'The result does not hold {0}, the key of {1}: add it to the SELECT to edit these rows.',
        missing.join(', '),
        table,
      ),
    };
  if (!rows.length) return { reason: l10n.t('The result has no rows to edit.') };
  if (rows.length > MAX_RESULT_ROWS)
    return {
      reason: plural(
        rows.length,
        l10n.t(
          'The result has {0} row; up to {1} can be edited at once. Narrow the query, or use Open Table.',
          rows.length,
          MAX_RESULT_ROWS,
        ),
        l10n.t(
          'The result has {0} rows; up to {1} can be edited at once. Narrow the query, or use Open Table.',
          rows.length,
          MAX_RESULT_ROWS,
        ),
      ),
    };
  // One tuple per distinct key (a result may repeat a row).
  const seen = new Set<string>();
  const values: Cell[][] = [];
  for (const row of rows) {
    const tuple = at.map((i) => row[i] ?? null);
    const id = JSON.stringify(tuple);
    if (seen.has(id)) continue;
    seen.add(id);
    values.push(tuple);
  }
  return { columns: key, values };
}

/** The condition that keeps a table's rows to `rows` (a key is never NULL, so `IN` finds each). */
export function keyRowsCondition(columns: TableColumn[], rows: KeyRows): string {
  const typed = rows.columns.map((name) => columns.find((c) => c.name === name) ?? { dataType: 'varchar' });
  const literal = (tuple: Cell[]) => tuple.map((v, i) => sqlLiteral(typed[i], v));
  if (rows.columns.length === 1)
    return `${quoteIdent(rows.columns[0])} IN (${rows.values.map((t) => literal(t)[0]).join(', ')})`;
  return `(${rows.columns.map(quoteIdent).join(', ')}) IN (${rows.values.map((t) => `(${literal(t).join(', ')})`).join(', ')})`;
}
