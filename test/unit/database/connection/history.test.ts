// Query history: newest first, repeats move up, bounded, and no statement that carries a password.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Memento } from 'vscode';
import {
  HISTORY_KEY,
  MAX_CONNECTIONS,
  MAX_ENTRIES,
  QueryHistory,
  historyPlacement,
} from '../../../../src/database/connection/history';

function memento(): Memento & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    keys: () => [...data.keys()],
    get: <T>(k: string, d?: T) => (data.has(k) ? (data.get(k) as T) : d),
    update: async (k: string, v: unknown) => void data.set(k, v),
  } as Memento & { data: Map<string, unknown> };
}

test('newest first, a repeat moves to the top, per connection', () => {
  let t = 0;
  const h = new QueryHistory(memento(), () => ++t);
  h.add('p/i/u', 'SELECT 1');
  h.add('p/i/u', 'SELECT 2');
  h.add('p/i/u', '  SELECT 1  ');
  h.add('p/i/other', 'SELECT 3');
  assert.deepEqual(
    h.list('p/i/u').map((e) => e.sql),
    ['SELECT 1', 'SELECT 2'],
  );
  assert.deepEqual(
    h.list('p/i/other').map((e) => e.sql),
    ['SELECT 3'],
  );
  assert.deepEqual(h.list('nobody'), []);
});

test('bounded in entries per connection and in connections', () => {
  let t = 0;
  const state = memento();
  const h = new QueryHistory(state, () => ++t);
  for (let i = 0; i < MAX_ENTRIES + 10; i++) h.add('a', `SELECT ${i}`);
  assert.equal(h.list('a').length, MAX_ENTRIES);
  assert.equal(h.list('a')[0].sql, `SELECT ${MAX_ENTRIES + 9}`);
  for (let i = 0; i < MAX_CONNECTIONS + 5; i++) h.add(`s${i}`, 'SELECT 1');
  assert.equal(Object.keys(state.data.get(HISTORY_KEY) as object).length, MAX_CONNECTIONS);
  assert.deepEqual(h.list('a'), [], 'the least recently used connection was forgotten');
});

test('statements that carry a password are never kept', () => {
  const state = memento();
  const h = new QueryHistory(state);
  h.add('a', "CREATE USER bob IDENTIFIED BY 's3cret'");
  h.add('a', "ALTER USER bob IDENTIFIED WITH mysql_native_password BY 's3cret'");
  h.add('a', "SET PASSWORD FOR bob = PASSWORD('s3cret')");
  h.add('a', "CHANGE MASTER TO MASTER_PASSWORD='s3cret'");
  // Issue 62: the forms the old filter missed (the log's SQL redaction decides now).
  h.add('a', "CHANGE REPLICATION SOURCE TO SOURCE_PASSWORD='s3cret'");
  h.add('a', "CREATE SERVER s FOREIGN DATA WRAPPER mysql OPTIONS (USER 'u', PASSWORD 's3cret')");
  h.add('a', "CALL mysql.tcrds_repl_changemaster('10.0.0.5', 3306, 'repl', 's3cret', 'mysql-bin.000001', 4)");
  h.add('a', "ALTER USER bob IDENTIFIED BY 'n3w' REPLACE 's3cret'");
  assert.deepEqual(h.list('a'), []);
  assert.ok(!JSON.stringify([...state.data.values()]).includes('s3cret'));
});

/** Applies a placement to a text the way the console's edit does, with `|` where the cursor ends. */
function apply(text: string, place: ReturnType<typeof historyPlacement>): string {
  const lines = text.split('\n');
  const offset = (line: number, character: number) =>
    lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + character;
  const from = offset(place.line, place.character);
  const to = place.replaceTo ? offset(place.replaceTo.line, place.replaceTo.character) : from;
  const after = text.slice(0, from) + place.text + text.slice(to);
  const out = after.split('\n');
  const cursor = out.slice(0, place.cursorLine).reduce((n, l) => n + l.length + 1, 0) + place.cursorCharacter;
  return after.slice(0, cursor) + '|' + after.slice(cursor);
}

test('a statement from the history goes on a line of its own, or replaces the selection; the cursor ends after it (issue 25, defect 3)', () => {
  // The cursor in the middle of a line with text: the statement goes on the next line, not glued on.
  const text = 'SELEC 1\nSELECT 2';
  const mid = historyPlacement('SELECT * FROM t', { line: 0, character: 5, lineText: 'SELEC 1' });
  assert.equal(apply(text, mid), 'SELEC 1\nSELECT * FROM t;|\nSELECT 2');
  // At the end of a line with text: the same.
  assert.equal(
    apply(text, historyPlacement('SELECT * FROM t', { line: 1, character: 8, lineText: 'SELECT 2' })),
    'SELEC 1\nSELECT 2\nSELECT * FROM t;|',
  );
  // On a blank line: at the cursor.
  assert.equal(
    apply('SELECT 1\n', historyPlacement('SELECT 3', { line: 1, character: 0, lineText: '' })),
    'SELECT 1\nSELECT 3;|',
  );
  // A selection is replaced, also by a statement of several lines.
  const sel = { startLine: 0, startCharacter: 7, endLine: 1, endCharacter: 3 };
  assert.equal(
    apply(
      'SELECT abc\ndef FROM x',
      historyPlacement('1\nFROM y', { line: 1, character: 3, lineText: 'def FROM x', selection: sel }),
    ),
    'SELECT 1\nFROM y;| FROM x',
  );
  // An empty selection is no selection.
  const empty = { startLine: 0, startCharacter: 5, endLine: 0, endCharacter: 5 };
  assert.equal(
    apply(text, historyPlacement('SELECT 9', { line: 0, character: 5, lineText: 'SELEC 1', selection: empty })),
    'SELEC 1\nSELECT 9;|\nSELECT 2',
  );
});

// Issue 63 (database, rough edges): the history listed failed statements as if they had run.
test('a run that failed is kept marked failed, with its duration and rows; its next run replaces that', () => {
  let t = 0;
  const h = new QueryHistory(memento(), () => ++t);
  h.add('p/i/u', 'SELECT * FROM missing');
  h.settle('p/i/u', 'SELECT * FROM missing', { failed: true, ms: 12, rows: 0 });
  h.add('p/i/u', 'SELECT 1');
  h.settle('p/i/u', 'SELECT 1', { failed: false, ms: 3, rows: 1 });
  assert.deepEqual(
    h.list('p/i/u').map((e) => [e.sql, e.result]),
    [
      ['SELECT 1', { failed: false, ms: 3, rows: 1 }],
      ['SELECT * FROM missing', { failed: true, ms: 12, rows: 0 }],
    ],
  );
  // Run again (the table was created meanwhile): first, and no longer failed.
  h.add('p/i/u', 'SELECT * FROM missing');
  assert.equal(h.list('p/i/u')[0].result, undefined);
  h.settle('p/i/u', '  SELECT * FROM missing ', { failed: false, ms: 5, rows: 2 });
  assert.deepEqual(h.list('p/i/u')[0].result, { failed: false, ms: 5, rows: 2 });
  // A statement never kept (it carries a password) is not settled either.
  h.settle('p/i/u', "SET PASSWORD = 'x'", { failed: true, ms: 1, rows: 0 });
  assert.equal(h.list('p/i/u').length, 2);
});
