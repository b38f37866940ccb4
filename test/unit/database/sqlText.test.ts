// The one door to SQL text (src/database/sqlText.ts; issue 62, item 3), rule by rule with exact cases:
// it is mutation-tested (stryker.config.mjs), so each rule is pinned here, without a server. That
// the texts mean the same on a real MariaDB under NO_BACKSLASH_ESCAPES and ANSI_QUOTES is proved
// in tableData.test.ts, csvImport.test.ts, connection/queryRunner.test.ts and connection.test.ts.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  DUMP_HEAD,
  DUMP_TAIL,
  filterCondition,
  formatSql,
  quoteIdent,
  quoteString,
  sqlValue,
  type SqlParam,
} from '../../../src/database/sqlText';

const hexOf = (s: string) => Buffer.from(s, 'utf8').toString('hex').toUpperCase();

test('identifiers: in backticks, each backtick doubled (the same under ANSI_QUOTES)', () => {
  assert.equal(quoteIdent('orders'), '`orders`');
  assert.equal(quoteIdent('a`b``c'), '`a``b````c`');
  assert.equal(quoteIdent('say "hi"'), '`say "hi"`');
  assert.equal(quoteIdent("it's"), "`it's`");
  assert.equal(quoteIdent(''), '``');
});

test('plain text: single quotes, a quote doubled, nothing else touched', () => {
  assert.equal(quoteString(''), "''");
  assert.equal(quoteString('plain'), "'plain'");
  assert.equal(quoteString("it's"), "'it''s'");
  assert.equal(quoteString("''"), "''''''");
  assert.equal(quoteString("'); DROP TABLE x; --"), "'''); DROP TABLE x; --'");
  assert.equal(quoteString('say "hi" ?'), `'say "hi" ?'`);
  // Tab and line feed stay as they are: no mode reads them differently.
  assert.equal(quoteString('a\tb\nc'), "'a\tb\nc'");
  assert.equal(quoteString('한국어 😀'), "'한국어 😀'");
  // The first and last characters a control-character range leaves out.
  assert.equal(quoteString(' ~'), "' ~'");
  assert.equal(quoteString('\u0080é'), "'\u0080é'");
});

test('text with a backslash or another control character: its UTF-8 bytes as _utf8mb4 hex', () => {
  assert.equal(quoteString('\\'), "_utf8mb4 X'5C'");
  assert.equal(quoteString("a\\'b"), "_utf8mb4 X'615C2762'");
  assert.equal(quoteString('C:\\temp\\new'), `_utf8mb4 X'${hexOf('C:\\temp\\new')}'`);
  assert.equal(quoteString('\0'), "_utf8mb4 X'00'");
  assert.equal(quoteString('a\rb'), "_utf8mb4 X'610D62'");
  assert.equal(quoteString('\x1a'), "_utf8mb4 X'1A'");
  // Each edge of the ranges: \x08 and \x0b in, tab and line feed out; \x1f and \x7f in.
  assert.equal(quoteString('\x08'), "_utf8mb4 X'08'");
  assert.equal(quoteString('\x0b'), "_utf8mb4 X'0B'");
  assert.equal(quoteString('\x1f'), "_utf8mb4 X'1F'");
  assert.equal(quoteString('\x7f'), "_utf8mb4 X'7F'");
  assert.equal(quoteString('\x01'), "_utf8mb4 X'01'");
  // Anywhere in the text, not only first or last; multi-byte text as its UTF-8 bytes.
  assert.equal(quoteString('한\\😀'), "_utf8mb4 X'ED959C5CF09F9880'");
  assert.equal(quoteString("x\0'y"), "_utf8mb4 X'78002779'");
  // Every byte value: two uppercase digits each.
  const all = String.fromCharCode(...Array.from({ length: 128 }, (_, i) => i));
  assert.equal(quoteString(all), `_utf8mb4 X'${hexOf(all)}'`);
});

test('values: NULL, numbers, booleans and bytes as themselves; strings by the kind they are meant as', () => {
  assert.equal(sqlValue(null), 'NULL');
  assert.equal(sqlValue(undefined), 'NULL');
  assert.equal(sqlValue(null, 'number'), 'NULL');
  assert.equal(sqlValue(42), '42');
  assert.equal(sqlValue(-1.5), '-1.5');
  assert.equal(sqlValue(12345678901234567890n), '12345678901234567890');
  assert.equal(sqlValue(true), 'TRUE');
  assert.equal(sqlValue(false), 'FALSE');
  assert.equal(sqlValue(Uint8Array.of(0, 0x5c, 0x27, 0xff)), "X'005C27FF'");
  assert.equal(sqlValue(Buffer.from('')), "X''");
  assert.throws(() => sqlValue(Number.NaN), /NaN has no SQL literal/);
  assert.throws(() => sqlValue(Number.POSITIVE_INFINITY), /Infinity has no SQL literal/);
  assert.throws(() => sqlValue(new Date(0) as unknown as SqlParam), /A object has no SQL literal/);
  // Text: always quoted, a number too.
  assert.equal(sqlValue('5'), "'5'");
  assert.equal(sqlValue("o'k"), "'o''k'");
  assert.equal(sqlValue('a\\b'), "_utf8mb4 X'615C62'");
  // A number column's value: bare when it is a number, trimmed; else quoted text.
  for (const n of ['5', '-5', '+5', '1.50', '12.5', '5.', '.5', '.25', '1e9', '1e10', '1E-9', '-2.5e+3'])
    assert.equal(sqlValue(n, 'number'), n, n);
  assert.equal(sqlValue(' 7 ', 'number'), '7');
  for (const bad of ['', '.', 'e5', '1e', '1-1', '5 OR 1=1', '1; DROP TABLE x', '0x10', '1.2.3', 'x5', '5x', '--5'])
    assert.equal(sqlValue(bad, 'number'), quoteString(bad), bad);
  // A binary column's value: 0x hex as it is; `0x` alone is the empty X''; anything else quoted.
  assert.equal(sqlValue('0x00fF', 'binary'), '0x00fF');
  assert.equal(sqlValue('0X1a', 'binary'), '0X1a');
  assert.equal(sqlValue('0x', 'binary'), "X''");
  assert.equal(sqlValue('0X', 'binary'), "X''");
  for (const bad of ['0x1g', 'x0x12', '0x12 ', ' 0x12', '0x12; DROP', '12', '', "0x'"])
    assert.equal(sqlValue(bad, 'binary'), quoteString(bad), bad);
  // Hex in a text or number column is text.
  assert.equal(sqlValue('0x41', 'text'), "'0x41'");
  assert.equal(sqlValue('0x', 'text'), "'0x'");
  assert.equal(sqlValue('0x', 'number'), "'0x'");
});

test('placeholders: each ? the next value, counts checked; without values the text as it is', () => {
  assert.equal(
    formatSql('SELECT * FROM t WHERE a = ? AND b <=> ? AND c = ?', ["it's", null, 3]),
    "SELECT * FROM t WHERE a = 'it''s' AND b <=> NULL AND c = 3",
  );
  assert.equal(formatSql('? ?', ['a\\', '?']), "_utf8mb4 X'615C' '?'");
  // A person's statement goes through too (the driver asks with no values): never touched.
  assert.equal(formatSql("SELECT '?' AS q, ? FROM t"), "SELECT '?' AS q, ? FROM t");
  assert.equal(formatSql('SELECT ?', []), 'SELECT ?');
  assert.throws(() => formatSql('SELECT ?, ?', [1]), /More placeholders than the 1 values given/);
  assert.throws(() => formatSql('SELECT ?', [1, 2]), /2 values for 1 placeholders/);
  assert.throws(() => formatSql('SELECT 1', [1]), /1 values for 0 placeholders/);
});

test("a person's filter: in parentheses, on lines of its own", () => {
  assert.equal(filterCondition('a = 1 -- note'), '(\na = 1 -- note\n)');
});

test("an export's first and last lines are mysqldump's: saved, set, put back", () => {
  assert.equal(
    DUMP_HEAD,
    [
      '/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;',
      '/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;',
      '/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;',
      '/*!40101 SET NAMES utf8mb4 */;',
      '/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;',
      '/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;',
      "/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;",
      '/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;',
      '',
      '',
    ].join('\n'),
  );
  assert.equal(
    DUMP_TAIL,
    [
      '',
      '/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;',
      '/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;',
      '/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;',
      '/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;',
      '/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;',
      '/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;',
      '/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;',
      '',
    ].join('\n'),
  );
});
