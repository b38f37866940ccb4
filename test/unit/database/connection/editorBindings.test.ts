// Files bound to a connection are remembered per workspace by URI and session id (issue 28):
// what the store keeps is exactly that, and forgetting one leaves the others.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EditorBindings } from '../../../../src/database/connection/editorBindings';

function memento() {
  const data = new Map<string, unknown>();
  return {
    data,
    get: <T>(key: string, fallback: T) => (data.has(key) ? (data.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => void data.set(key, JSON.parse(JSON.stringify(value))),
    keys: () => [...data.keys()],
  };
}

test('a binding is kept by file URI, read back, and forgotten alone; nothing but ids and names is stored', async () => {
  const state = memento();
  const bindings = new EditorBindings(state as never);
  const a = 'file:///work/report.sql';
  const b = 'file:///work/other.sql';
  await bindings.set(a, { sessionId: 'p1/i1/admin', instanceName: 'staging-api', user: 'admin' });
  await bindings.set(b, { sessionId: 'p1/i2/app', instanceName: 'prod-orders', user: 'app' });
  assert.deepEqual(bindings.get(a), { sessionId: 'p1/i1/admin', instanceName: 'staging-api', user: 'admin' });
  await bindings.delete(a);
  assert.equal(bindings.get(a), undefined);
  assert.equal(bindings.get(b)?.instanceName, 'prod-orders');
  await bindings.delete('file:///never-bound.sql');
  assert.deepEqual(JSON.stringify([...state.data.values()]), JSON.stringify([{ [b]: bindings.get(b) }]));
});
