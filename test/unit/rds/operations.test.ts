// The RDS part of the operations table: 82 rows (compared with the documents in test/unit/client/specOperations.test.ts), schemas where the spec has
// request parts, a method per row on RdsClient, and the list-operations output.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { pathParams } from '../../../src/client/operation';
import { ALL_OPERATIONS } from '../../../src/client/operations';
import { RdsClient } from '../../../src/client/rds/client';
import {
  JobIdResponse,
  ListBackupsQuery,
  MetricStatisticsQuery,
  RDS_OPERATIONS,
  fieldIssues,
  queryFromSearchParams,
} from '../../../src/client/rds/schemas';

test('82 RDS operations', () => {
  assert.equal(RDS_OPERATIONS.length, 82);
});

test('ids are unique and every row has a response schema; job rows answer a jobId', () => {
  assert.equal(new Set(RDS_OPERATIONS.map((o) => o.id)).size, RDS_OPERATIONS.length);
  for (const op of RDS_OPERATIONS) {
    assert.match(op.id, /^rds\.[a-z][A-Za-z]+$/);
    assert.ok(op.response, `${op.id} has no response schema`);
    if (op.returnsJob) assert.equal(op.response, JobIdResponse, `${op.id} returns a job`);
  }
});

test('every POST and PUT with a documented body has a body schema', () => {
  const noBody = new Set([
    'forceRestartDbInstance',
    'startDbInstance',
    'stopDbInstance',
    'promoteDbInstance',
    'resetParameterGroup',
    'resumeHighAvailability',
    'pauseHighAvailability',
    'repairHighAvailability',
    'splitHighAvailability',
  ]);
  for (const op of RDS_OPERATIONS.filter((o) => o.method === 'POST' || o.method === 'PUT')) {
    const name = op.id.slice(4);
    assert.equal(Boolean(op.body), !noBody.has(name), `${op.id} body schema`);
  }
});

test('RdsClient has one method per operation', () => {
  for (const op of RDS_OPERATIONS)
    assert.equal(typeof (RdsClient.prototype as unknown as Record<string, unknown>)[op.id.slice(4)], 'function', op.id);
  assert.ok(RDS_OPERATIONS.every((op) => pathParams(op.path).every((p) => /^[a-z][A-Za-z]+Id$/.test(p))));
});

test('query schemas take a URL query too (the sandbox reads them that way)', () => {
  const q = queryFromSearchParams(new URLSearchParams('page=2&size=20&backupType=AUTO'));
  assert.deepEqual(ListBackupsQuery.parse(q), { page: 2, size: 20, backupType: 'AUTO' });
  const m = queryFromSearchParams(
    new URLSearchParams(
      'dbInstanceId=i&measureNames=CPU_USAGE&from=2024-01-01T00%3A00%3A00%2B09%3A00&to=2024-01-01T01%3A00%3A00%2B09%3A00',
    ),
  );
  assert.deepEqual(MetricStatisticsQuery.parse(m).measureNames, ['CPU_USAGE']);
  assert.deepEqual(fieldIssues(ListBackupsQuery, queryFromSearchParams(new URLSearchParams('page=0&size=abc'))), [
    { path: 'page', message: 'page must be at least 1' },
    { path: 'size', message: 'size must be between 1 and 100' },
  ]);
});

test('npm run list-operations prints every operation, one a line', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/list-operations.ts', '--paths'], {
    encoding: 'utf8',
  });
  const lines = out.trimEnd().split('\n');
  assert.equal(lines.length, ALL_OPERATIONS.length);
  assert.ok(lines.includes('rds GET /v3.0/db-instances/{dbInstanceId}'));
  assert.ok(lines.includes('rds DELETE /v3.0/db-security-groups/{dbSecurityGroupId}/rules'));
});
