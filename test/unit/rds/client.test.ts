// RdsClient against a loopback server answering canned bodies: what is sent (headers,
// repeated query parameters, bodies), the header check, and tolerant parsing of answers.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isApiError, isAuthError, type ApiError, type AuthError } from '../../../src/client/errors';
import type { RdsClient } from '../../../src/client/rds/client';
import { parseDateTime } from '../../../src/client/rds/schemas';
import { CREDENTIALS, fail, makeClient, ok, startServer, type Answer, type TestServer } from '../../support/rdsServer';

const ID = '0b6b8a52-6a3c-4c6e-9d3e-6c8f1f0a0001';

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => assert.fail('expected a rejection'),
    (e: unknown) => e,
  );
}

describe('RdsClient: requests and the header check', () => {
  let server: TestServer;
  let rds: RdsClient;
  let next: Answer = ok();
  before(async () => {
    server = await startServer(() => next);
    rds = makeClient(server.url + '/'); // a trailing slash in the base address is harmless
  });
  after(async () => {
    await rds.transport.close();
    await server.close();
  });

  test('sends the three X-TC-* headers, the path and a JSON body; resolves to the payload without header', async () => {
    next = ok({ jobId: ID });
    const r = await rds.createDbUser({
      dbInstanceId: ID,
      body: { dbUserName: 'app', dbPassword: 'pa55word', host: '%', authorityType: 'CRUD' },
    });
    assert.deepEqual(r, { jobId: ID });
    const req = server.requests.at(-1)!;
    assert.equal(req.method, 'POST');
    assert.equal(req.url.pathname, `/v3.0/db-instances/${ID}/db-users`);
    assert.equal(req.headers['x-tc-app-key'], CREDENTIALS.appKey);
    assert.equal(req.headers['x-tc-authentication-id'], CREDENTIALS.accessKeyId);
    assert.equal(req.headers['x-tc-authentication-secret'], CREDENTIALS.secretAccessKey);
    assert.match(String(req.headers['user-agent']), /nhncloud-explorer/);
    assert.equal(req.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(req.body), {
      dbUserName: 'app',
      dbPassword: 'pa55word',
      host: '%',
      authorityType: 'CRUD',
    });
  });

  test('query arrays travel as repeated parameters', async () => {
    next = ok({ metricStatistics: [] });
    await rds.getMetricStatistics({
      query: {
        dbInstanceId: ID,
        measureNames: ['CPU_USAGE', 'MYSQL_STATUS'],
        from: '2024-01-01T00:00:00+09:00',
        to: '2024-01-01T01:00:00+09:00',
        interval: 5,
      },
    });
    const q = server.requests.at(-1)!.url.searchParams;
    assert.deepEqual(q.getAll('measureNames'), ['CPU_USAGE', 'MYSQL_STATUS']);
    assert.equal(q.get('from'), '2024-01-01T00:00:00+09:00');
    assert.equal(q.get('interval'), '5');
    next = ok({ jobId: ID });
    await rds.deleteDbSecurityGroupRules({ dbSecurityGroupId: ID, query: { ruleIds: ['r1', 'r2', 'r3'] } });
    assert.deepEqual(server.requests.at(-1)!.url.searchParams.getAll('ruleIds'), ['r1', 'r2', 'r3']);
    next = ok({ logFiles: [] });
    await rds.listLogFiles({ dbInstanceId: ID, query: { logFileTypes: ['ERROR', 'SLOW_QUERY'] } });
    assert.deepEqual(server.requests.at(-1)!.url.searchParams.getAll('logFileTypes'), ['ERROR', 'SLOW_QUERY']);
    await rds.listLogFiles({ dbInstanceId: ID });
    assert.equal(server.requests.at(-1)!.url.search, '');
  });

  test('80401: AuthError unauthenticated, pointing at Edit Profile', async () => {
    next = fail(80401, 'Unauthorized');
    const err = (await rejection(rds.listDbInstances())) as AuthError;
    assert.ok(isAuthError(err));
    assert.equal(err.reason, 'unauthenticated');
    assert.equal(err.code, 80401);
    assert.equal(err.message, 'The RDS app key or user access key was rejected: check them with Edit Profile.');
  });

  test('80403: AuthError forbidden, naming the role and the action', async () => {
    next = fail(80403, 'Forbidden');
    const err = (await rejection(rds.stopDbInstance({ dbInstanceId: ID }))) as AuthError;
    assert.ok(isAuthError(err));
    assert.equal(err.reason, 'forbidden');
    assert.equal(err.operation, 'rds.stopDbInstance');
    assert.match(err.message, /^Your role \(e\.g\. VIEWER\) may not stop a DB instance\./);
  });

  test('4005: the service is not enabled for this project or region', async () => {
    next = fail(4005, 'Service not enabled');
    const err = (await rejection(rds.listDbInstances())) as ApiError;
    assert.ok(isApiError(err));
    assert.equal(err.code, 4005);
    assert.match(err.message, /not enabled for this project or region/);
  });

  test('-1: ApiError carrying the code and the service message', async () => {
    next = fail(-1, 'Internal error occurred');
    const err = (await rejection(rds.getDbInstance({ dbInstanceId: ID }))) as ApiError;
    assert.ok(isApiError(err) && !isAuthError(err));
    assert.equal(err.code, -1);
    assert.match(err.message, /Internal error occurred \(resultCode -1\)/);
  });

  test('isSuccessful false with resultCode 0 is still a failure', async () => {
    next = { json: { header: { resultCode: 0, resultMessage: 'odd', isSuccessful: false } } };
    const err = (await rejection(rds.listRegions())) as ApiError;
    assert.ok(isApiError(err));
    assert.match(err.message, /odd/);
  });

  test('an answer that is not JSON, or misses a required field, is "not understood"', async () => {
    next = { raw: '<html>gateway</html>', contentType: 'text/html' };
    let err = (await rejection(rds.listRegions())) as ApiError;
    assert.ok(isApiError(err));
    assert.match(err.message, /The answer of rds\.listRegions was not understood/);
    next = ok({ dbInstanceName: 'no id' });
    err = (await rejection(rds.getDbInstance({ dbInstanceId: ID }))) as ApiError;
    assert.match(err.message, /The answer of rds\.getDbInstance was not understood \(dbInstanceId: /);
  });

  test('an HTTP error without an RDS header is an ApiError with the status (POST: sent once)', async () => {
    next = { raw: 'busy', status: 503 };
    const before = server.requests.length;
    const err = (await rejection(rds.startDbInstance({ dbInstanceId: ID }))) as ApiError;
    assert.ok(isApiError(err));
    assert.equal(err.status, 503);
    assert.equal(err.retryable, true);
    assert.equal(server.requests.length - before, 1);
  });
});

describe('RdsClient: tolerant answers', () => {
  let server: TestServer;
  let rds: RdsClient;
  let next: Answer = ok();
  before(async () => {
    server = await startServer(() => next);
    rds = makeClient(server.url);
  });
  after(async () => {
    await rds.transport.close();
    await server.close();
  });

  test('DateTimes with and without milliseconds, with any offset; nulls; unknown fields pass', async () => {
    const stamps = [
      '2024-03-01T09:00:00.123+09:00',
      '2024-03-01T09:00:00+09:00',
      '2024-03-01T00:00:00Z',
      '2024-03-01T00:00:00.5+0000',
      '2024-03-01T00:00:00',
    ];
    next = ok({
      dbInstances: stamps.map((t, i) => ({
        dbInstanceId: `i${i}`,
        dbInstanceName: `db${i}`,
        description: null,
        progressStatus: null,
        createdYmdt: t,
        updatedYmdt: null,
        brandNewField: { x: 1 },
      })),
      somethingElse: true,
    });
    const r = await rds.listDbInstances();
    assert.equal(r.dbInstances.length, 5);
    assert.equal(r.dbInstances[0].description, null);
    assert.deepEqual((r.dbInstances[0] as Record<string, unknown>).brandNewField, { x: 1 });
    assert.equal(parseDateTime(stamps[0]).toISOString(), '2024-03-01T00:00:00.123Z');
    assert.equal(parseDateTime(stamps[1]).toISOString(), '2024-03-01T00:00:00.000Z');
    assert.equal(parseDateTime(stamps[3]).toISOString(), '2024-03-01T00:00:00.500Z');
    assert.equal(parseDateTime(stamps[4]).toISOString(), '2024-03-01T00:00:00.000Z');
  });

  test('a missing list reads as empty', async () => {
    next = ok({});
    assert.deepEqual((await rds.listDbUsers({ dbInstanceId: ID })).dbUsers, []);
  });

  test('parameterFileGroup in either case is normalised to upper case', async () => {
    next = ok({
      parameterGroupId: ID,
      parameterGroupName: 'pg',
      parameters: [
        { parameterId: 'p1', parameterName: 'port', parameterFileGroup: 'client', allowedValue: '' },
        { parameterId: 'p2', parameterName: 'max_connections', parameterFileGroup: 'MYSQLD', updateType: 'VARIABLE' },
      ],
    });
    const g = await rds.getParameterGroup({ parameterGroupId: ID });
    assert.deepEqual(
      g.parameters.map((p) => p.parameterFileGroup),
      ['CLIENT', 'MYSQLD'],
    );
  });

  test('security-group detail at top level or inside dbSecurityGroup', async () => {
    const group = {
      dbSecurityGroupId: ID,
      dbSecurityGroupName: 'web',
      description: null,
      rules: [
        {
          ruleId: 'r1',
          direction: 'INGRESS',
          port: { portType: 'DB_PORT', minPort: null, maxPort: null },
          cidr: '0.0.0.0/0',
        },
      ],
    };
    next = ok(group);
    const top = await rds.getDbSecurityGroup({ dbSecurityGroupId: ID });
    next = ok({ dbSecurityGroup: group });
    const nested = await rds.getDbSecurityGroup({ dbSecurityGroupId: ID });
    assert.equal(top.dbSecurityGroupName, 'web');
    assert.equal(nested.dbSecurityGroupName, 'web');
    assert.deepEqual(nested.rules, top.rules);
  });

  test('an answer without header that carries the payload is used; one without the payload is not understood', async () => {
    const query = {
      dbInstanceId: ID,
      measureNames: ['CPU_USAGE' as const],
      from: '2024-01-01T00:00:00Z',
      to: '2024-01-01T01:00:00Z',
    };
    next = { json: { metricStatistics: [{ measureName: 'CPU_USAGE', unit: '%', values: [[1700000000, '12.5']] }] } };
    const r = await rds.getMetricStatistics({ query });
    assert.deepEqual(r.metricStatistics[0].values, [[1700000000, '12.5']]);
    next = { json: { somethingElse: true } };
    await assert.rejects(rds.getMetricStatistics({ query }), /not understood \(the body has no header\)/);
  });

  test('metric values as [timestamp, "value"] pairs (numbers tolerated, kept as strings)', async () => {
    next = ok({
      metricStatistics: [
        {
          measureName: 'CPU_USAGE',
          unit: '%',
          values: [
            [1700000000, '12.5'],
            [1700000060, 13],
            [1700000120, null],
          ],
        },
      ],
    });
    const r = await rds.getMetricStatistics({
      query: {
        dbInstanceId: ID,
        measureNames: ['CPU_USAGE'],
        from: '2024-01-01T00:00:00Z',
        to: '2024-01-01T01:00:00Z',
      },
    });
    assert.deepEqual(r.metricStatistics[0].values, [
      [1700000000, '12.5'],
      [1700000060, '13'],
      [1700000120, null],
    ]);
  });

  test('both event-category vocabularies, in the request and in answers', async () => {
    next = ok({
      totalCounts: 2,
      events: [
        {
          eventCategoryType: 'DB_INSTANCE',
          eventCode: 'INSTC_01_01',
          messages: [{ langCode: 'EN', message: 'started' }],
        },
        { eventCategoryType: 'INSTANCE', eventCode: 'INSTC_01_02' },
      ],
    });
    for (const eventCategoryType of ['INSTANCE', 'DB_INSTANCE', 'DB_SECURITY_GROUP', 'JOB', 'MONITORING'] as const) {
      const r = await rds.listEvents({
        query: { page: 1, size: 10, from: '2024-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z', eventCategoryType },
      });
      assert.deepEqual(
        r.events.map((e) => e.eventCategoryType),
        ['DB_INSTANCE', 'INSTANCE'],
      );
      assert.equal(server.requests.at(-1)!.url.searchParams.get('eventCategoryType'), eventCategoryType);
    }
  });
});
