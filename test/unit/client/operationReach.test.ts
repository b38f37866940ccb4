// Every operation of the client is reached from somewhere a person acts (a command, a tree node,
// a form, the file system), as derived from the code by scripts/operationReach.ts: an operation
// no call path reaches fails here with its name.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import type { Operation } from '../../../src/client/operation';
import { ALL_OPERATIONS } from '../../../src/client/operations';
import { operationReach } from '../../../scripts/operationReach';

test('every operation is reachable from a command, tree node, form or the file system', () => {
  // A row nothing sends, to show the check can fail.
  const orphan: Operation = {
    id: 'storage.neverSent',
    service: 'storage',
    method: 'GET',
    path: '/{bucket}?never',
    summary: 'test row',
  };
  const reach = operationReach([...ALL_OPERATIONS, orphan]);
  const unreachable = ALL_OPERATIONS.filter((op) => !reach.get(op.id)?.length).map((op) => op.id);
  assert.deepEqual(unreachable, [], `reachable from nowhere: ${unreachable.join(', ')}`);
  // The three documents' 163, the VPC guide's port list and RDS API v4.0's 97 (its shared rows reach through the same methods).
  assert.equal(ALL_OPERATIONS.length, 164 + 97);
  assert.deepEqual(reach.get(orphan.id), []);
  // Spot checks that the reach names the place: the form's submit, the tree command, a tree node.
  const labels = (id: string) => (reach.get(id) ?? []).map((r) => r.label);
  assert.ok(
    labels('rds.restoreFromBackup').some((l) => l.startsWith('form RestorePanel')),
    labels('rds.restoreFromBackup').join(),
  );
  assert.ok(
    labels('storage.uploadPartCopy').includes('command nhncloud.storage.rename'),
    labels('storage.uploadPartCopy').join(),
  );
  assert.ok(
    labels('rds.listDbInstances').some((l) => l.startsWith('tree ')),
    labels('rds.listDbInstances').join(),
  );
  assert.ok(
    labels('rds.v4.createBackup').includes('command nhncloud.rds.backup'),
    labels('rds.v4.createBackup').join(),
  );
});

test("the reach follows the code: without the copy commands, Edit Metadata, the file system, the bulk copy helpers and Sync Folder's time fixes, part copies are reachable from nowhere", () => {
  const copy = ALL_OPERATIONS.filter((op) => op.id === 'storage.uploadPartCopy');
  const skipped = new Set([
    'src/storage/commands/copyMove.ts',
    'src/storage/commands/metadata.ts',
    'src/storage/objectFs.ts',
    'src/storage/bulkObjects.ts',
    'src/storage/sync/apply.ts',
  ]);
  const reach = operationReach(copy, { skipFile: (f) => skipped.has(f) });
  assert.deepEqual(reach.get('storage.uploadPartCopy'), []);
});
