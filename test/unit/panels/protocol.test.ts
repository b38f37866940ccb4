import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseInbound } from '../../../src/panels/protocol';

test('protocol: ready and well-formed requests pass', () => {
  assert.deepEqual(parseInbound('metrics', { type: 'ready' }), { ok: true, message: { type: 'ready' } });
  const r = parseInbound('parameterGroup', {
    type: 'request',
    id: 3,
    method: 'save',
    params: { parameterGroupId: 'g', modifiedParameters: [{ parameterId: 'p', value: '1' }] },
  });
  assert.equal(r.ok, true);
  assert.equal(r.ok && r.message.type === 'request' && r.message.method, 'save');
});

test('protocol: unknown types, methods of another panel, extra and missing fields are rejected', () => {
  const cases: unknown[] = [
    null,
    'ready',
    { type: 'hello' },
    { type: 'ready', extra: 1 },
    { type: 'request', id: 1, method: 'save', params: { parameterGroupId: 'g', modifiedParameters: [] } },
    {
      type: 'request',
      id: 1,
      method: 'save',
      params: { parameterGroupId: 'g', modifiedParameters: [{ parameterId: 'p', value: '1', x: 1 }] },
    },
    { type: 'request', id: 0, method: 'load', params: { parameterGroupId: 'g' } },
    { type: 'request', id: 1.5, method: 'load', params: { parameterGroupId: 'g' } },
    { type: 'request', id: 1, method: 'load', params: { parameterGroupId: 'g' }, sneaky: true },
    { type: 'request', id: 1, method: 'submit', params: { body: {} } },
    { type: 'request', id: 1, method: 'toString', params: {} },
    { type: 'request', id: 1, method: '__proto__', params: {} },
  ];
  for (const c of cases) {
    const r = parseInbound('parameterGroup', c);
    assert.equal(r.ok, false, JSON.stringify(c));
  }
  const bad = parseInbound('parameterGroup', {
    type: 'request',
    id: 1,
    method: 'load',
    params: { parameterGroupId: 'g', secret: 'hunter2' },
  });
  assert.equal(bad.ok, false);
  assert.ok(!bad.ok && !bad.reason.includes('hunter2'), 'a rejection reason never echoes values');
  assert.match(!bad.ok ? bad.reason : '', /unrecognized_keys \[secret\]/);
});
