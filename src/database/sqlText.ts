// One door to SQL text (design.md, "Growing without copying"; issue 62, item 3): every value and
// identifier the extension writes into a statement (the row editor, its Preview, the pages a
// table is read in, CSV import, the INSERT export, the `?` of the driver's statements) is written
// here, in a form that means the same under every sql_mode a parameter group can set:
//   - an identifier in backticks, a backtick in it doubled (ANSI_QUOTES adds `"` as an identifier
//     quote and keeps the backtick);
//   - text in single quotes, a quote doubled, when it holds no backslash and no control character
//     but tab and line feed: with or without NO_BACKSLASH_ESCAPES nothing else in it is special
//     (and ANSI_QUOTES leaves single quotes to strings);
//   - any other text as `_utf8mb4 X'…'`: its UTF-8 bytes in hex, read as utf8mb4 text, so the
//     column's own character set converts it as it does a quoted literal. Every byte comes back
//     (NUL, backslash, carriage return, Ctrl-Z, which the `mysql` client, an editor or Windows
//     would otherwise take for something else), multi-byte text included;
//   - a number bare only when it is one, binary as 0x hex only when it is hex; else it is text.
// An exported file also begins and ends as mysqldump's do (DUMP_HEAD, DUMP_TAIL), and a person's
// own condition stands on lines of its own in parentheses (filterCondition).
// Pure and browser-safe; mutation-tested (stryker.config.mjs, test/unit/database/sqlText.test.ts).

/** A value the extension writes into a statement. */
export type SqlParam = string | number | bigint | boolean | null | undefined | Uint8Array;

/** How a value is meant: text (also when not said); a number (bare when it is one); binary (0x hex when it is hex). */
export type SqlKind = 'text' | 'number' | 'binary';

/** `name` as an identifier: in backticks, a backtick doubled. */
export function quoteIdent(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

/** A backslash (an escape unless NO_BACKSLASH_ESCAPES), or a control character other than tab and line feed. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_PLAIN = /[\\\0-\x08\x0b-\x1f\x7f]/;

const HEX_DIGITS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0').toUpperCase());
const utf8 = new TextEncoder();

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX_DIGITS[b];
  return out;
}

/** Text as a string literal that reads the same with and without NO_BACKSLASH_ESCAPES and ANSI_QUOTES. */
export function quoteString(s: string): string {
  return NOT_PLAIN.test(s) ? `_utf8mb4 X'${hex(utf8.encode(s))}'` : `'${s.replace(/'/g, "''")}'`;
}

/** A number as SQL writes one (what a DECIMAL, BIGINT or DOUBLE column gives as text). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** Binary as the grid shows it (../connection/queryRunner.ts: toCell). */
const HEX_TEXT = /^0x[0-9a-f]+$/i;

/**
 * `v` as an SQL literal: NULL; a JS number, bigint or boolean as itself; bytes as X'…'; a string
 * of a number column bare when it is a number, of a binary column as its 0x hex (`0x` alone is
 * the empty X''), any other string as quoted text (quoteString).
 */
export function sqlValue(v: SqlParam, kind?: SqlKind): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`${v} has no SQL literal.`);
    return String(v);
  }
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Uint8Array) return `X'${hex(v)}'`;
  if (typeof v !== 'string') throw new TypeError(`A ${typeof v} has no SQL literal here.`);
  if (kind === 'number' && NUMBER.test(v.trim())) return v.trim();
  if (kind === 'binary' && v.toLowerCase() === '0x') return "X''";
  if (kind === 'binary' && HEX_TEXT.test(v)) return v;
  return quoteString(v);
}

/**
 * `sql` with each `?` replaced by the next of `values` (sqlValue). Without values the text is
 * left as it is (the driver asks for every statement, a person's own included); with values,
 * their count must match the placeholders'. The driver's own formatting escapes with a
 * backslash: ./connection/sessions.ts makes this its `queryFormat`.
 */
export function formatSql(sql: string, values?: readonly SqlParam[]): string {
  if (!values?.length) return sql;
  let next = 0;
  const text = sql.replace(/\?/g, () => {
    if (next === values.length) throw new RangeError(`More placeholders than the ${values.length} values given.`);
    return sqlValue(values[next++]);
  });
  if (next < values.length) throw new RangeError(`${values.length} values for ${next} placeholders.`);
  return text;
}

/**
 * A person's own condition in a WHERE: in parentheses, each on a line of its own, so a trailing
 * `-- comment` or `# comment` ends at its line and an OR stays inside.
 */
export function filterCondition(text: string): string {
  return `(\n${text}\n)`;
}

/**
 * What mysqldump writes before its rows: utf8mb4 for the literals, unique and foreign-key checks
 * off, a known sql_mode (no NO_BACKSLASH_ESCAPES or ANSI_QUOTES of the server the file is run on,
 * and 0 kept in an AUTO_INCREMENT column), notes off; each saved first and put back by DUMP_TAIL.
 * No TIME_ZONE: mysqldump reads in UTC and says so, an export reads in the session's zone.
 */
export const DUMP_HEAD =
  '/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;\n' +
  '/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;\n' +
  '/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;\n' +
  '/*!40101 SET NAMES utf8mb4 */;\n' +
  '/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;\n' +
  '/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n' +
  "/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;\n" +
  '/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;\n\n';

/** What mysqldump writes after its rows: every setting DUMP_HEAD changed, put back. */
export const DUMP_TAIL =
  '\n/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;\n' +
  '/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;\n' +
  '/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;\n' +
  '/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;\n' +
  '/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;\n' +
  '/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;\n' +
  '/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;\n';
