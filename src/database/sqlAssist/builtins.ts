// The built-in functions and keywords completion offers (vscode-free), by the connected server:
// MySQL 5.7, 8.0 and 8.4 (RDS for MySQL's engines) or MariaDB (RDS for MariaDB's, and the
// sandbox's). Each function with its signature as the servers' manuals write it; a function a
// server lacks is not offered. MariaDB's own functions (sequences, Oracle-style, dynamic columns,
// its JSON additions) are a list beside the shared one, offered only when the server says it is
// MariaDB (test/unit/database/sqlAssistMariadb.test.ts calls each on a real MariaDB).

export type ServerFlavor = { kind: 'mysql' | 'mariadb'; major: number; minor: number };

/** `8.0.36`, `8.4.3-log`, `10.11.6-MariaDB-0+deb12u1` → the flavour and version. */
export function serverFlavor(version: string): ServerFlavor {
  const m = /^(\d+)\.(\d+)/.exec(version) ?? [];
  return {
    kind: /mariadb/i.test(version) ? 'mariadb' : 'mysql',
    major: Number(m[1] ?? 8),
    minor: Number(m[2] ?? 0),
  };
}

export interface BuiltinFunction {
  name: string;
  signature: string;
  summary: string;
}

/** Where a function exists: every server unless limited (MySQL from a version, MariaDB from a version, or not at all). */
interface Availability {
  mysql?: [number, number] | false;
  mariadb?: [number, number] | false;
}

const F = (name: string, args: string, summary: string, where: Availability = {}) => ({ name, args, summary, where });

const MYSQL8: Availability = { mysql: [8, 0], mariadb: [10, 2] };
const FUNCTIONS = [
  // Aggregates
  F('COUNT', '(expr)', 'Number of rows, or of non-NULL values of expr'),
  F('SUM', '(expr)', 'Sum of the values'),
  F('AVG', '(expr)', 'Average of the values'),
  F('MIN', '(expr)', 'Smallest value'),
  F('MAX', '(expr)', 'Largest value'),
  F('GROUP_CONCAT', '(expr [ORDER BY ...] [SEPARATOR str])', 'The values joined into one string'),
  F('JSON_ARRAYAGG', '(expr)', 'The values as a JSON array', { mariadb: [10, 5] }),
  F('JSON_OBJECTAGG', '(key, value)', 'The pairs as a JSON object', { mariadb: [10, 5] }),
  F('STDDEV', '(expr)', 'Population standard deviation'),
  F('VARIANCE', '(expr)', 'Population variance'),
  F('BIT_AND', '(expr)', 'Bitwise AND of the values'),
  F('BIT_OR', '(expr)', 'Bitwise OR of the values'),
  F('ANY_VALUE', '(expr)', 'Any value of the group (silences ONLY_FULL_GROUP_BY)', { mariadb: false }),
  // Window functions
  F('ROW_NUMBER', '() OVER (...)', 'Number of the row in its partition', MYSQL8),
  F('RANK', '() OVER (...)', 'Rank with gaps', MYSQL8),
  F('DENSE_RANK', '() OVER (...)', 'Rank without gaps', MYSQL8),
  F('NTILE', '(n) OVER (...)', 'Bucket number of the row', MYSQL8),
  F('LAG', '(expr [, n [, default]]) OVER (...)', 'Value n rows before', MYSQL8),
  F('LEAD', '(expr [, n [, default]]) OVER (...)', 'Value n rows after', MYSQL8),
  F('FIRST_VALUE', '(expr) OVER (...)', 'Value of the first row of the frame', MYSQL8),
  F('LAST_VALUE', '(expr) OVER (...)', 'Value of the last row of the frame', MYSQL8),
  F('PERCENT_RANK', '() OVER (...)', 'Relative rank', MYSQL8),
  F('CUME_DIST', '() OVER (...)', 'Cumulative distribution', MYSQL8),
  // Flow control and comparison
  F('IF', '(cond, then, else)', 'then when cond is true, else else'),
  F('IFNULL', '(expr, alt)', 'alt when expr is NULL'),
  F('NULLIF', '(a, b)', 'NULL when a = b, else a'),
  F('COALESCE', '(expr, ...)', 'The first non-NULL argument'),
  F('GREATEST', '(a, b, ...)', 'The largest argument'),
  F('LEAST', '(a, b, ...)', 'The smallest argument'),
  F('ISNULL', '(expr)', '1 when expr is NULL'),
  // Strings
  F('CONCAT', '(str, ...)', 'The strings joined'),
  F('CONCAT_WS', '(separator, str, ...)', 'The strings joined with a separator'),
  F('LENGTH', '(str)', 'Length in bytes'),
  F('CHAR_LENGTH', '(str)', 'Length in characters'),
  F('LOWER', '(str)', 'Lower case'),
  F('UPPER', '(str)', 'Upper case'),
  F('SUBSTRING', '(str, pos [, len])', 'Part of a string'),
  F('SUBSTRING_INDEX', '(str, delim, count)', 'Part before the count-th delimiter'),
  F('LEFT', '(str, len)', 'The leftmost characters'),
  F('RIGHT', '(str, len)', 'The rightmost characters'),
  F('TRIM', '([BOTH | LEADING | TRAILING] [remstr] FROM str)', 'Spaces (or remstr) removed'),
  F('LTRIM', '(str)', 'Leading spaces removed'),
  F('RTRIM', '(str)', 'Trailing spaces removed'),
  F('REPLACE', '(str, from, to)', 'Every from replaced by to'),
  F('LPAD', '(str, len, pad)', 'Padded on the left'),
  F('RPAD', '(str, len, pad)', 'Padded on the right'),
  F('LOCATE', '(substr, str [, pos])', 'Position of substr'),
  F('INSTR', '(str, substr)', 'Position of substr'),
  F('REVERSE', '(str)', 'Characters reversed'),
  F('REPEAT', '(str, count)', 'str repeated'),
  F('FORMAT', '(x, d [, locale])', 'x formatted with d decimals'),
  F('HEX', '(x)', 'Hexadecimal form'),
  F('UNHEX', '(str)', 'Bytes of a hexadecimal string'),
  F('MD5', '(str)', 'MD5 digest, hexadecimal'),
  F('SHA2', '(str, bits)', 'SHA-2 digest, hexadecimal'),
  F('UUID', '()', 'A new UUID'),
  F('REGEXP_REPLACE', '(expr, pattern, repl)', 'Matches replaced', { mysql: [8, 0], mariadb: [10, 0] }),
  F('REGEXP_SUBSTR', '(expr, pattern)', 'The first match', { mysql: [8, 0], mariadb: [10, 0] }),
  F('REGEXP_INSTR', '(expr, pattern)', 'Position of the first match', { mysql: [8, 0], mariadb: [10, 0] }),
  F('REGEXP_LIKE', '(expr, pattern [, match_type])', '1 when expr matches', { mysql: [8, 0], mariadb: false }),
  // Numbers
  F('ABS', '(x)', 'Absolute value'),
  F('ROUND', '(x [, d])', 'Rounded to d decimals'),
  F('CEIL', '(x)', 'Smallest integer not below x'),
  F('FLOOR', '(x)', 'Largest integer not above x'),
  F('TRUNCATE', '(x, d)', 'Truncated to d decimals'),
  F('MOD', '(n, m)', 'Remainder'),
  F('POWER', '(x, y)', 'x to the power y'),
  F('SQRT', '(x)', 'Square root'),
  F('RAND', '([seed])', 'Random number in [0, 1)'),
  // Dates and times
  F('NOW', '([fsp])', 'Current date and time'),
  F('CURDATE', '()', 'Current date'),
  F('CURTIME', '([fsp])', 'Current time'),
  F('UTC_TIMESTAMP', '([fsp])', 'Current UTC date and time'),
  F('DATE', '(expr)', 'Date part'),
  F('TIME', '(expr)', 'Time part'),
  F('YEAR', '(date)', 'Year'),
  F('MONTH', '(date)', 'Month, 1 to 12'),
  F('DAY', '(date)', 'Day of the month'),
  F('HOUR', '(time)', 'Hour'),
  F('DATE_ADD', '(date, INTERVAL expr unit)', 'date plus an interval'),
  F('DATE_SUB', '(date, INTERVAL expr unit)', 'date minus an interval'),
  F('DATEDIFF', '(a, b)', 'Days from b to a'),
  F('TIMESTAMPDIFF', '(unit, a, b)', 'b minus a in unit'),
  F('DATE_FORMAT', '(date, format)', 'date as text'),
  F('STR_TO_DATE', '(str, format)', 'Text read as a date'),
  F('UNIX_TIMESTAMP', '([date])', 'Seconds since 1970-01-01 UTC'),
  F('FROM_UNIXTIME', '(seconds [, format])', 'Date of a Unix time'),
  F('CONVERT_TZ', '(dt, from_tz, to_tz)', 'dt in another time zone'),
  F('LAST_DAY', '(date)', 'Last day of the month'),
  // Casts and JSON
  F('CAST', '(expr AS type)', 'expr converted to type'),
  F('CONVERT', '(expr, type)', 'expr converted to type'),
  F('JSON_EXTRACT', '(doc, path, ...)', 'Values at the paths'),
  F('JSON_UNQUOTE', '(json)', 'JSON string without quotes'),
  F('JSON_OBJECT', '(key, value, ...)', 'A JSON object'),
  F('JSON_ARRAY', '(value, ...)', 'A JSON array'),
  F('JSON_CONTAINS', '(target, candidate [, path])', '1 when target contains candidate'),
  F('JSON_SET', '(doc, path, value, ...)', 'doc with values set'),
  F('JSON_LENGTH', '(doc [, path])', 'Number of elements'),
  F('JSON_TABLE', '(expr, path COLUMNS (...)) AS alias', 'JSON as rows', { mysql: [8, 0], mariadb: [10, 6] }),
  // Information
  F('DATABASE', '()', 'The default schema'),
  F('USER', '()', 'The connected user'),
  F('CURRENT_USER', '()', 'The account the server checks privileges of'),
  F('VERSION', '()', 'The server version'),
  F('CONNECTION_ID', '()', 'This connection’s thread id'),
  F('LAST_INSERT_ID', '()', 'The last AUTO_INCREMENT value this connection made'),
  F('ROW_COUNT', '()', 'Rows the last statement changed'),
  F('FOUND_ROWS', '()', 'Rows the last SELECT would have returned without LIMIT'),
];

/** MariaDB's own functions, which no MySQL has: `mariadb` is the version they came in. */
const M = (name: string, args: string, summary: string, since: [number, number]) =>
  F(name, args, summary, { mysql: false, mariadb: since });
export const MARIADB_FUNCTIONS = [
  // Sequences (CREATE SEQUENCE)
  M('NEXTVAL', '(sequence)', 'The sequence’s next value (advances it)', [10, 3]),
  M('LASTVAL', '(sequence)', 'The value this connection last took from the sequence', [10, 3]),
  M('SETVAL', '(sequence, value [, is_used [, round]])', 'Sets the sequence’s next value', [10, 3]),
  // Aggregates and window functions
  M('MEDIAN', '(expr) OVER (...)', 'Median of the values in the partition', [10, 3]),
  M('PERCENTILE_CONT', '(fraction) WITHIN GROUP (ORDER BY expr) OVER (...)', 'Interpolated percentile', [10, 3]),
  M('PERCENTILE_DISC', '(fraction) WITHIN GROUP (ORDER BY expr) OVER (...)', 'Percentile from the values', [10, 3]),
  // Strings and dates (the Oracle-style ones work in every SQL mode)
  M('CHR', '(n)', 'The character of code n', [10, 3]),
  M('LENGTHB', '(str)', 'Length in bytes', [10, 3]),
  M('SFORMAT', '(format, args...)', 'Text formatted with {} placeholders', [10, 7]),
  M('NATURAL_SORT_KEY', '(str)', 'A key that sorts numbers in text by their value', [10, 7]),
  M('TO_CHAR', '(expr [, format])', 'A date or number as text in an Oracle format', [10, 6]),
  M('ADD_MONTHS', '(date, n)', 'The date n months later', [10, 6]),
  M('SYS_GUID', '()', 'A globally unique id, without dashes', [10, 6]),
  M('ROWNUM', '()', 'Number of the row in the result', [10, 6]),
  // JSON additions
  M('JSON_DETAILED', '(json [, indent])', 'The JSON pretty-printed', [10, 2]),
  M('JSON_COMPACT', '(json)', 'The JSON without spaces', [10, 2]),
  M('JSON_LOOSE', '(json)', 'The JSON with spaces after commas and colons', [10, 2]),
  M('JSON_EXISTS', '(json, path)', '1 when the path has a value', [10, 2]),
  M('JSON_QUERY', '(json, path)', 'The object or array at the path', [10, 2]),
  M('JSON_EQUALS', '(json1, json2)', '1 when both are the same JSON', [10, 7]),
  M('JSON_NORMALIZE', '(json)', 'The JSON in a canonical form', [10, 7]),
  M('JSON_ARRAY_INTERSECT', '(array1, array2)', 'The values both arrays hold', [11, 2]),
  M('JSON_KEY_VALUE', '(json, path)', 'The object at the path as key/value pairs', [11, 2]),
  // Dynamic columns
  M('COLUMN_CREATE', '(name, value [AS type], ...)', 'A dynamic-columns blob', [10, 0]),
  M('COLUMN_GET', '(blob, name AS type)', 'A dynamic column’s value', [10, 0]),
  M('COLUMN_JSON', '(blob)', 'The dynamic columns as JSON', [10, 0]),
  M('COLUMN_LIST', '(blob)', 'The dynamic columns’ names', [10, 0]),
  M('COLUMN_EXISTS', '(blob, name)', '1 when the dynamic column exists', [10, 0]),
  M('COLUMN_ADD', '(blob, name, value [AS type], ...)', 'The blob with columns added or replaced', [10, 0]),
  M('COLUMN_DELETE', '(blob, name, ...)', 'The blob without the columns', [10, 0]),
];

/** The built-in functions `server` has. */
export function functionsOf(server: ServerFlavor): BuiltinFunction[] {
  return [...FUNCTIONS, ...MARIADB_FUNCTIONS]
    .filter((f) => {
      const since = f.where[server.kind];
      if (since === false) return false;
      if (!since) return true;
      return server.major > since[0] || (server.major === since[0] && server.minor >= since[1]);
    })
    .map((f) => ({ name: f.name, signature: `${f.name}${f.args}`, summary: f.summary }));
}

/** The keywords offered where a keyword may come (statement starts and between clauses). */
export const KEYWORDS = [
  'SELECT',
  'FROM',
  'WHERE',
  'JOIN',
  'LEFT JOIN',
  'RIGHT JOIN',
  'INNER JOIN',
  'CROSS JOIN',
  'ON',
  'USING',
  'AS',
  'AND',
  'OR',
  'NOT',
  'IN',
  'IS NULL',
  'IS NOT NULL',
  'BETWEEN',
  'LIKE',
  'EXISTS',
  'GROUP BY',
  'ORDER BY',
  'HAVING',
  'LIMIT',
  'OFFSET',
  'ASC',
  'DESC',
  'DISTINCT',
  'UNION',
  'UNION ALL',
  'WITH',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
  'INSERT INTO',
  'VALUES',
  'UPDATE',
  'SET',
  'DELETE FROM',
  'REPLACE INTO',
  'CREATE TABLE',
  'ALTER TABLE',
  'DROP TABLE',
  'TRUNCATE TABLE',
  'CREATE INDEX',
  'SHOW TABLES',
  'SHOW CREATE TABLE',
  'DESCRIBE',
  'EXPLAIN',
  'USE',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'CALL',
  'OVER',
  'PARTITION BY',
  'WINDOW',
  'FOR UPDATE',
  'NULL',
  'TRUE',
  'FALSE',
];
