// The RDS API v4.0 table against the vendor's guide (issue 27, item 5; issue 61, item 5):
// test/fixtures/rdsV4Guide.json holds every endpoint of the current guide,
// `en/public/api-guide-mysql-v4.0.md` of TOAST-DOCS/RDS (97 endpoints), as `npm run check:guide --
// --write-fixture` extracts it (scripts/checkGuide). Every endpoint has exactly one operation of the
// v4.0 table with its method, path, path parameters and permission; every request field the guide
// names is a field the schema knows; each operation's body schema accepts the guide's request example
// and its response schema the guide's response example, but for the guide's own typos and placeholders
// that scripts/checkGuide/accepted.ts names with the reason. (Listed values and required-ness are the
// drift check's to report: `npm run check:guide -- <guide.md>`.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ACCEPTED } from '../../../scripts/checkGuide/accepted';
import { acceptedBy, differences, type DifferenceKind } from '../../../scripts/checkGuide/check';
import type { GuideEndpoint } from '../../../scripts/checkGuide/parse';
import { describeOperation } from '../../../src/client/operation';
import { RDS_OPERATIONS } from '../../../src/client/rds/schemas';
import { RDS_V4_OPERATIONS, rdsOperationIn, rdsOperationName } from '../../../src/client/rds/versions';

const guide = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/rdsV4Guide.json'), 'utf8')) as {
  version: string;
  endpoints: GuideEndpoint[];
};

/** What this test holds the table to (the drift check reports the rest). */
const CHECKED: DifferenceKind[] = [
  'missing-operation',
  'path-parameter',
  'permission',
  'unknown-field',
  'request-example',
  'response-example',
];

const anonymous = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

test('the guide has 97 endpoints and the v4.0 table 97 operations, one for each, by method and path', () => {
  assert.equal(guide.endpoints.length, 97);
  assert.equal(RDS_V4_OPERATIONS.length, 97);
  const table = RDS_V4_OPERATIONS.map((op) => `${op.method} ${anonymous(op.path)}`).sort();
  const documented = guide.endpoints.map((e) => `${e.method} ${anonymous(e.path)}`).sort();
  assert.deepEqual(table, documented);
  assert.equal(new Set(RDS_V4_OPERATIONS.map((op) => op.id)).size, 97);
});

test('v4.0 keeps 79 of v3.0s operations under their names, drops 3 and adds 18; v3.0 keeps its 82', () => {
  assert.equal(RDS_OPERATIONS.length, 82);
  const v3 = new Set(RDS_OPERATIONS.map(rdsOperationName));
  const v4 = RDS_V4_OPERATIONS.map(rdsOperationName);
  assert.equal(v4.filter((n) => v3.has(n)).length, 79);
  assert.deepEqual([...v3].filter((n) => !v4.includes(n)).sort(), [
    'backupDbInstance',
    'backupDbInstanceToObjectStorage',
    'listStorages',
  ]);
  assert.equal(rdsOperationIn('v3.0', 'createBackup'), undefined);
  assert.equal(rdsOperationIn('v4.0', 'backupDbInstance'), undefined);
  assert.equal(
    describeOperation(rdsOperationIn('v4.0', 'getDbInstance')!),
    'rds GET /v4.0/db-instances/{dbInstanceId}',
  );
  // A site whose guide documents the first release (July 2025) has no March 2026 additions.
  assert.equal(rdsOperationIn('v4.0', 'listBinLogs', '2025-07'), undefined);
  assert.ok(rdsOperationIn('v4.0', 'createBackup', '2025-07'));
  // Nor the six documented since (issue 61); v3.0 never had them.
  for (const name of ['getHighAvailability', 'listMaintenances', 'listAvailabilityZones'] as const) {
    assert.equal(rdsOperationIn('v4.0', name, '2025-07'), undefined, name);
    assert.equal(rdsOperationIn('v3.0', name), undefined, name);
    assert.ok(rdsOperationIn('v4.0', name), name);
  }
});

for (const e of guide.endpoints) {
  const key = `${e.method} ${e.path}`;
  test(`${key} (${e.title}): the guide's fields and examples fit the v4.0 operation's schemas`, () => {
    const found = differences('v4.0', [e], RDS_V4_OPERATIONS, { partial: true }).filter(
      (d) => CHECKED.includes(d.kind) && !acceptedBy(d, ACCEPTED),
    );
    assert.deepEqual(
      found.map((d) => d.message),
      [],
    );
  });
}
