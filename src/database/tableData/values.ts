// A table's column types and the values a person types into its cells (issue 29, item 3):
// checked before anything is sent (NULL distinct from an empty string; integers within their
// type's range; decimals within their precision and scale; dates, times and JSON well formed;
// ENUM and SET members), and written as SQL literals for the Preview (quoted by ../sqlText.ts).
// Pure (no vscode, no driver): the table editor's webview checks as the person types with the
// same code.
import { l10n, plural } from '../../shared/l10n';
import { sqlValue } from '../sqlText';

/** A column as the table declares it (information_schema.COLUMNS). */
export interface TableColumn {
  name: string;
  /** DATA_TYPE: int, varchar, datetime... (lower case). */
  dataType: string;
  /** COLUMN_TYPE: int(10) unsigned, varchar(40), enum('a','b')... */
  columnType: string;
  nullable: boolean;
  /** Generated (virtual or stored) or otherwise not writable. */
  generated: boolean;
  autoIncrement: boolean;
  /** CHARACTER_MAXIMUM_LENGTH of text types. */
  maxLength?: number;
  /** Whether the column has a default (a new row may leave it out). */
  hasDefault: boolean;
}

/** What a cell holds in an edit: text as typed, or SQL NULL. */
export type EditValue = string | null;

const INT_RANGES: Record<string, [bigint, bigint, bigint]> = {
  // signed min, signed max, unsigned max
  tinyint: [-128n, 127n, 255n],
  smallint: [-32768n, 32767n, 65535n],
  mediumint: [-8388608n, 8388607n, 16777215n],
  int: [-2147483648n, 2147483647n, 4294967295n],
  integer: [-2147483648n, 2147483647n, 4294967295n],
  bigint: [-9223372036854775808n, 9223372036854775807n, 18446744073709551615n],
};

const BINARY =
  /^(binary|varbinary|tinyblob|blob|mediumblob|longblob|bit|geometry|point|linestring|polygon|multipoint|multilinestring|multipolygon|geometrycollection)$/;

/** Binary and spatial columns are shown as hex and never edited in the grid. */
export const isReadOnlyType = (c: TableColumn): boolean => BINARY.test(c.dataType);

/** Numeric types, written without quotes. */
export const isNumericType = (c: TableColumn): boolean =>
  c.dataType in INT_RANGES || /^(decimal|numeric|float|double|real|year)$/.test(c.dataType);

/** The members of an ENUM or SET column type, unquoted. */
export function enumMembers(columnType: string): string[] {
  const m = /^(?:enum|set)\((.*)\)$/is.exec(columnType.trim());
  if (!m) return [];
  const out: string[] = [];
  const re = /'((?:[^']|'')*)'/g;
  for (let x = re.exec(m[1]); x; x = re.exec(m[1])) out.push(x[1].replace(/''/g, "'").replace(/\\\\/g, '\\'));
  return out;
}

function validDate(y: number, mo: number, d: number): boolean {
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[mo - 1];
}

/** Why `value` cannot go into column `c`, or undefined when it can. */
export function valueProblem(c: TableColumn, value: EditValue): string | undefined {
  let check = checkers.get(c);
  if (!check) checkers.set(c, (check = checkerOf(c)));
  return check(value);
}

/**
 * Each column's check, made once from its type (an import checks every value of 100,000 rows:
 * reading the type's range, precision or members once per column, not once per value, halves it).
 */
const checkers = new WeakMap<TableColumn, (value: EditValue) => string | undefined>();

function checkerOf(c: TableColumn): (value: EditValue) => string | undefined {
  if (c.generated) return () => l10n.t('{0} is a generated column: its value cannot be set.', c.name);
  if (isReadOnlyType(c)) return () => l10n.t('{0} holds binary data, shown as hex: it is not edited here.', c.name);
  const check = textCheckerOf(c);
  return (value) => (value === null ? (c.nullable ? undefined : l10n.t('{0} cannot be NULL.', c.name)) : check(value));
}

function textCheckerOf(c: TableColumn): (value: string) => string | undefined {
  const t = c.dataType;
  const unsigned = /unsigned/i.test(c.columnType);
  if (t in INT_RANGES) {
    const [min, max, umax] = INT_RANGES[t];
    const lo = unsigned ? 0n : min;
    const hi = unsigned ? umax : max;
    return (value) => {
      const v = value.trim();
      if (!/^[+-]?\d+$/.test(v)) return l10n.t('{0} takes a whole number.', c.name);
      // Up to 15 digits a double is exact and much cheaper than a BigInt.
      const n = v.length <= 15 ? Number(v) : BigInt(v);
      if (n < lo || n > hi) return l10n.t('{0} takes a whole number from {1} to {2}.', c.name, String(lo), String(hi));
      return undefined;
    };
  }
  if (t === 'decimal' || t === 'numeric') {
    const [, p = '10', s = '0'] = /\((\d+)(?:,\s*(\d+))?\)/.exec(c.columnType) ?? [];
    const precision = Number(p);
    const scale = Number(s);
    return (value) => {
      const v = value.trim();
      const m = /^[+-]?(\d*)(?:\.(\d*))?$/.exec(v);
      if (!m || (!m[1] && !m[2])) return l10n.t('{0} takes a decimal number.', c.name);
      const whole = m[1].replace(/^0+(?=\d)/, '');
      if ((m[2] ?? '').length > scale || whole.length > precision - scale)
        return plural(
          precision - scale,
          l10n.t('{0} takes at most {1} digit before the point and {2} after it.', c.name, precision - scale, scale),
          l10n.t('{0} takes at most {1} digits before the point and {2} after it.', c.name, precision - scale, scale),
        );
      if (unsigned && v.startsWith('-')) return l10n.t('{0} takes a number of zero or more.', c.name);
      return undefined;
    };
  }
  if (/^(float|double|real)$/.test(t))
    return (value) => {
      const v = value.trim();
      if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v) || !Number.isFinite(Number(v)))
        return l10n.t('{0} takes a number.', c.name);
      return undefined;
    };
  if (t === 'year')
    return (value) => {
      const v = value.trim();
      if (!/^\d{4}$/.test(v) || (Number(v) !== 0 && (Number(v) < 1901 || Number(v) > 2155)))
        return l10n.t('{0} takes a year from 1901 to 2155.', c.name);
      return undefined;
    };
  if (t === 'date' || t === 'datetime' || t === 'timestamp') {
    const dateOnly = t === 'date';
    const shape = dateOnly ? 'YYYY-MM-DD' : 'YYYY-MM-DD hh:mm:ss';
    return (value) => {
      const v = value.trim();
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?)?$/.exec(v);
      if (!m || (dateOnly && m[4] !== undefined)) return l10n.t('{0} takes a date as {1}.', c.name, shape);
      const zero = m[1] === '0000' && m[2] === '00' && m[3] === '00';
      if (!zero && !validDate(Number(m[1]), Number(m[2]), Number(m[3])))
        return l10n.t('{0} is not a day of the calendar.', v.slice(0, 10));
      if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59))
        return l10n.t('{0} takes a date as {1}.', c.name, shape);
      if (t === 'timestamp' && !zero && (m[1] < '1970' || m[1] > '2038'))
        return l10n.t('{0} takes a moment from 1970 to 2038 (TIMESTAMP).', c.name);
      return undefined;
    };
  }
  if (t === 'time')
    return (value) =>
      /^-?\d{1,3}:\d{2}:\d{2}(\.\d{1,6})?$/.test(value.trim())
        ? undefined
        : l10n.t('{0} takes a time as hh:mm:ss.', c.name);
  if (t === 'json')
    return (value) => {
      try {
        JSON.parse(value);
      } catch (e) {
        return l10n.t('{0} takes JSON: {1}', c.name, (e as Error).message);
      }
      return undefined;
    };
  if (t === 'enum') {
    const members = enumMembers(c.columnType);
    return (value) =>
      members.includes(value) ? undefined : l10n.t('{0} takes one of: {1}', c.name, members.join(', '));
  }
  if (t === 'set') {
    const members = enumMembers(c.columnType);
    return (value) => {
      const bad = value === '' ? [] : value.split(',').filter((x) => !members.includes(x));
      return bad.length ? l10n.t('{0} takes any of: {1}', c.name, members.join(', ')) : undefined;
    };
  }
  const maxLength = c.maxLength;
  if (maxLength === undefined) return () => undefined;
  // Characters, not UTF-16 units: only a value longer in units than the limit needs counting.
  return (value) =>
    value.length > maxLength && [...value].length > maxLength
      ? plural(
          maxLength,
          l10n.t('{0} takes at most {1} character.', c.name, maxLength),
          l10n.t('{0} takes at most {1} characters.', c.name, maxLength),
        )
      : undefined;
}

/** `value` as the SQL literal the Preview shows (and an export writes): through ../sqlText.ts. */
export function sqlLiteral(c: Pick<TableColumn, 'dataType'>, value: EditValue | number): string {
  return sqlValue(value, isNumericType(c as TableColumn) ? 'number' : BINARY.test(c.dataType) ? 'binary' : 'text');
}
