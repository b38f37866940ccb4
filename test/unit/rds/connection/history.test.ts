// Query history: newest first, repeats move up, bounded, and no statement that carries a password.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Memento } from 'vscode';
import { HISTORY_KEY, MAX_CONNECTIONS, MAX_ENTRIES, QueryHistory } from '../../../../src/rds/connection/history';

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
  assert.deepEqual(h.list('a'), []);
  assert.ok(!JSON.stringify([...state.data.values()]).includes('s3cret'));
});
