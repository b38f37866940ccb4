// The RDS and network clients' methods are generated from the operations tables
// (scripts/gen-client-methods.ts): a row added or changed without regenerating fails here,
// and every row has its method with a body on the client.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { generatedClientMethods } from '../../../scripts/gen-client-methods';
import { NetworkClient } from '../../../src/client/network/client';
import { NETWORK_OPERATIONS } from '../../../src/client/network/operations';
import { RdsClient } from '../../../src/client/rds/client';
import { RDS_OPERATION_ROWS } from '../../../src/client/rds/rows';
import { RDS_V4_ONLY_ROWS } from '../../../src/client/rds/v4Rows';

const ROOT = resolve(__dirname, '../../..');

test('src/client/{rds,network}/methods.ts are what the generator writes from the tables now', async () => {
  for (const f of await generatedClientMethods()) {
    const onDisk = readFileSync(resolve(ROOT, f.path), 'utf8');
    assert.ok(onDisk === f.text, `${f.path} is out of date with its operations table: run npm run gen:client-methods`);
  }
});

test('every row is a method on the client prototype (a body Go to Definition lands on)', () => {
  for (const row of [...RDS_OPERATION_ROWS, ...RDS_V4_ONLY_ROWS])
    assert.equal(typeof Reflect.get(RdsClient.prototype, row.name), 'function', `RdsClient.${row.name}`);
  for (const row of NETWORK_OPERATIONS)
    assert.equal(typeof Reflect.get(NetworkClient.prototype, row.name), 'function', `NetworkClient.${row.name}`);
});
