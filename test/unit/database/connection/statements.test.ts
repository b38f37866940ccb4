// The query console's statement splitter and the production guard's risk check.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  errorSpan,
  maskLiterals,
  riskOf,
  splitStatements,
  statementAt,
} from '../../../../src/database/connection/statements';

const texts = (sql: string) => splitStatements(sql).map((s) => s.text);

test('statements split on ; and keep their exact offsets', () => {
  const sql = 'SELECT 1;\n  SELECT 2 ;\nSELECT 3';
  const st = splitStatements(sql);
  assert.deepEqual(
    st.map((s) => s.text),
    ['SELECT 1', 'SELECT 2', 'SELECT 3'],
  );
  for (const s of st) assert.equal(sql.slice(s.start, s.end), s.text);
});

test('a ; inside quotes, backticks or comments does not end a statement', () => {
  assert.deepEqual(texts('SELECT \'a;b\', "c;d", `e;f`; SELECT 2'), ['SELECT \'a;b\', "c;d", `e;f`', 'SELECT 2']);
  assert.deepEqual(texts("SELECT 'it''s;' ; SELECT 'back\\';slash'; SELECT 3"), [
    "SELECT 'it''s;'",
    "SELECT 'back\\';slash'",
    'SELECT 3',
  ]);
  assert.deepEqual(texts('SELECT 1 -- a; comment\n, 2; SELECT 3 # another; one\n;'), [
    'SELECT 1 -- a; comment\n, 2',
    'SELECT 3 # another; one',
  ]);
  assert.deepEqual(texts('SELECT /* x; y */ 1; SELECT 2'), ['SELECT /* x; y */ 1', 'SELECT 2']);
  // `--` without a blank after it is a minus minus, not a comment (as in MySQL).
  assert.deepEqual(texts('SELECT 1--1; SELECT 2'), ['SELECT 1--1', 'SELECT 2']);
});

test('statements that are only comments or blanks are left out', () => {
  assert.deepEqual(texts('-- just a note\n;\n/* and another */;  ;\nSELECT 1;'), ['SELECT 1']);
  assert.deepEqual(texts(''), []);
});

test('DELIMITER lines change the terminator and are not statements themselves', () => {
  const sql = [
    'DELIMITER //',
    'CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END//',
    'delimiter ;',
    'CALL p();',
    'SELECT "DELIMITER $$"',
  ].join('\n');
  assert.deepEqual(texts(sql), [
    'CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END',
    'CALL p()',
    'SELECT "DELIMITER $$"',
  ]);
});

test('the statement under the cursor', () => {
  const sql = 'SELECT 1;\n\nSELECT 2;\nSELECT 3';
  const st = splitStatements(sql);
  assert.equal(statementAt(sql, st, 0)?.text, 'SELECT 1');
  assert.equal(statementAt(sql, st, 9)?.text, 'SELECT 1', 'right after the semicolon');
  assert.equal(statementAt(sql, st, 10)?.text, 'SELECT 2', 'on the blank line below');
  assert.equal(statementAt(sql, st, sql.indexOf('3'))?.text, 'SELECT 3');
  assert.equal(statementAt(sql, st, sql.length)?.text, 'SELECT 3');
  assert.equal(statementAt('', [], 0), undefined);
});

test('masking keeps length and newlines', () => {
  const sql = "SELECT 'a\nb' -- c\n";
  const m = maskLiterals(sql);
  assert.equal(m.length, sql.length);
  assert.equal(m.split('\n').length, sql.split('\n').length);
  assert.ok(!m.includes('a') && !m.includes('c'));
});

test('risky statements: DROP, TRUNCATE, DELETE or UPDATE without a WHERE of their own', () => {
  assert.equal(riskOf('DROP TABLE t'), 'drop');
  assert.equal(riskOf('  /* x */ drop database d'), 'drop');
  assert.equal(riskOf('TRUNCATE t'), 'truncate');
  assert.equal(riskOf('DELETE FROM t'), 'deleteWithoutWhere');
  assert.equal(riskOf('DELETE FROM t WHERE id = 1'), undefined);
  assert.equal(riskOf('DELETE FROM t -- WHERE id = 1'), 'deleteWithoutWhere');
  assert.equal(riskOf("UPDATE t SET a = 'where'"), 'updateWithoutWhere');
  assert.equal(riskOf('UPDATE `where` SET a = 1'), 'updateWithoutWhere');
  assert.equal(riskOf('UPDATE t SET a = (SELECT max(b) FROM u WHERE u.id = 2)'), 'updateWithoutWhere');
  assert.equal(riskOf('UPDATE t SET a = (SELECT 1) WHERE id = 3'), undefined);
  assert.equal(riskOf('SELECT * FROM t'), undefined);
  assert.equal(riskOf('INSERT INTO t VALUES (1)'), undefined);
});

test("a parse error's span: the token at the server's `near '…' at line N`, else the whole statement (issue 25, rough edge 10)", () => {
  const syntax = (near: string, line: number) =>
    `You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '${near}' at line ${line}`;
  const sql = 'SELECT id,\n  name\nFROMM users WHERE id = 1';
  const span = errorSpan(sql, syntax('FROMM users WHERE id = 1', 3));
  assert.equal(sql.slice(span.start, span.end), 'FROMM');
  // The same text earlier in the statement is not the one: the line number decides.
  const twice = 'SELECT 1 AS x\nSELECT 1 AS x';
  assert.deepEqual(errorSpan(twice, syntax('SELECT 1 AS x', 2)), { start: 14, end: 20 });
  assert.equal('SELEC 1'.slice(0, errorSpan('SELEC 1', syntax('SELEC 1', 1)).end), 'SELEC');
  // Nothing after the last token: the end of the statement.
  assert.deepEqual(errorSpan('SELECT 1 +', syntax('', 1)), { start: 9, end: 10 });
  // Not a parse error, or a line the statement does not have: the whole statement.
  assert.deepEqual(errorSpan('SELECT * FROM nope', "Table 'db.nope' doesn't exist"), { start: 0, end: 18 });
  assert.deepEqual(errorSpan('SELECT 1', syntax('x', 9)), { start: 0, end: 8 });
});
