// The operations table against the API documents: test/fixtures/specOperations.json lists every
// method and path the three documents give (copied from them, so this runs on a clone with nothing
// beside it). A row missing from the table, an extra row, or a wrong method or path fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { describeOperation } from '../../../src/client/operation';
import { ALL_OPERATIONS } from '../../../src/client/operations';

interface SpecRow {
  service: string;
  method: string;
  path: string;
  documentedIn: string;
}
const fixture = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/specOperations.json'), 'utf8')) as {
  operations: SpecRow[];
};

// The documents name path parameters their own way ({api-user-id}, {user-id}); the table names them
// in camelCase. Only their position matters to a request.
const anonymous = (line: string): string => line.replace(/\{[^}]+\}/g, '{}');

test('the fixture holds 164 distinct documented rows', () => {
  const lines = fixture.operations.map((r) => anonymous(`${r.service} ${r.method} ${r.path}`));
  assert.equal(lines.length, 164);
  assert.equal(new Set(lines).size, 164);
  const byService: Record<string, number> = {};
  for (const r of fixture.operations) byService[r.service] = (byService[r.service] ?? 0) + 1;
  assert.deepEqual(byService, { rds: 82, network: 57, identity: 4, storage: 21 });
});

// RDS API v4.0's 97 endpoints, from the vendor's guide (test/unit/rds/v4Guide.test.ts checks their fields).
const v4Guide = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/rdsV4Guide.json'), 'utf8')) as {
  endpoints: { method: string; path: string }[];
};

test('the operations table has exactly the documented methods and paths: 164 of the three documents, 97 of RDS v4.0', () => {
  const table = ALL_OPERATIONS.map((op) => anonymous(describeOperation(op))).sort();
  const documented = [
    ...fixture.operations.map((r) => anonymous(`${r.service} ${r.method} ${r.path}`)),
    ...v4Guide.endpoints.map((e) => anonymous(`rds ${e.method} ${e.path}`)),
  ].sort();
  const missing = documented.filter((l) => !table.includes(l));
  const extra = table.filter((l) => !documented.includes(l));
  assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
  assert.equal(table.length, 164 + 97);
});
