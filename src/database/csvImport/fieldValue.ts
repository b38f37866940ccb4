// What a CSV field means for its column, shared by the import (importer.ts) and the preview in
// the webview (webviews/csvImport), which must agree on it: browser-safe, no Node module.
import type { TableColumn } from '../tableData/values';
import type { CsvField } from './csvReader';

const isNumericLike = (c: TableColumn) =>
  /int|decimal|numeric|float|double|real|year|date|time|json|bit/.test(c.dataType);

/** The value a CSV field gives its column: an empty field of a NOT NULL text column is an empty string, as the file meant it. */
export function fieldValue(c: TableColumn, v: CsvField): CsvField {
  return v === null && !c.nullable && !isNumericLike(c) ? '' : v;
}
