// The RDS sandbox's envelope, authentication, roles, validation and fault knobs, over loopback.
// Raw fetch calls prove what the sandbox itself answers; RdsClient calls prove the client
// turns each answer into the right error.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { isApiError, isAuthError } from '../../../src/client/errors';
import { Redactor } from '../../../src/client/http/redact';
import { Transport } from '../../../src/client/http/transport';
import { fillPath } from '../../../src/client/operation';
import { RdsClient } from '../../../src/client/rds/client';
import { RDS_OPERATION_ROWS } from '../../../src/client/rds/rows';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { clientFor, instanceByName, raw } from '../../support/sandbox';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ timeScale: 5 });
});
after(async () => {
  await sb.close();
});
afterEach(() => sb.faults.clear());

describe('envelope and authentication', () => {
  test('success answers are HTTP 200 with header SUCCESS', async () => {
    const r = await raw(sb, 'GET', '/v3.0/db-instances');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.header, { resultCode: 0, resultMessage: 'SUCCESS', isSuccessful: true });
    assert.ok(Array.isArray(r.json.dbInstances));
  });

  for (const header of ['X-TC-APP-KEY', 'X-TC-AUTHENTICATION-ID', 'X-TC-AUTHENTICATION-SECRET']) {
    test(`a wrong ${header} gets 80401 with HTTP 200`, async () => {
      const r = await raw(sb, 'GET', '/v3.0/db-instances', { headers: { [header]: 'wrong' } });
      assert.equal(r.status, 200);
      assert.deepEqual(r.json.header, { resultCode: 80401, resultMessage: 'Unauthorized', isSuccessful: false });
    });
  }

  test('RdsClient with a wrong secret rejects with an AuthError (unauthenticated)', async () => {
    const s = sb.sandboxProfile().secrets;
    const rds = new RdsClient({
      baseUrl: `${sb.url}/rds/kr1`,
      credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: 'not-the-secret' },
      transport: new Transport({ userAgent: 't', redactor: new Redactor() }),
    });
    await assert.rejects(
      rds.listRegions(),
      (e: unknown) => isAuthError(e) && e.reason === 'unauthenticated' && e.code === 80401,
    );
  });

  test('VIEWER reads everything but gets 80403 on a mutating DB-instance call', async () => {
    const viewer = clientFor(sb, 'KR1', 'VIEWER');
    const inst = await instanceByName(viewer, 'staging-api');
    await viewer.getDbInstance({ dbInstanceId: inst.dbInstanceId });
    await assert.rejects(
      viewer.stopDbInstance({ dbInstanceId: inst.dbInstanceId }),
      (e: unknown) => isAuthError(e) && e.reason === 'forbidden' && e.code === 80403,
    );
    await assert.rejects(
      viewer.createParameterGroup({ body: { parameterGroupName: 'x', dbVersion: 'MYSQL_V8036' } }),
      (e: unknown) => isAuthError(e) && e.code === 80403,
    );
    assert.equal(
      (await clientFor(sb).getDbInstance({ dbInstanceId: inst.dbInstanceId })).dbInstanceStatus,
      'AVAILABLE',
      'nothing changed',
    );
  });

  test('VIEWER gets 80403 on every mutating operation except user-group and notification-group ones', async () => {
    const allowed: string[] = [];
    for (const row of RDS_OPERATION_ROWS.filter((r) => r.method !== 'GET')) {
      const path = fillPath(row.path, new Proxy({}, { get: () => '00000000-0000-4000-8000-000000000000' }));
      const r = await raw(sb, row.method, path, { role: 'VIEWER', body: '{}' });
      if (r.json.header.resultCode !== 80403) allowed.push(row.name);
    }
    assert.deepEqual(allowed.sort(), [
      'createNotificationGroup',
      'createUserGroup',
      'deleteNotificationGroup',
      'deleteUserGroup',
      'modifyNotificationGroup',
      'modifyUserGroup',
    ]);
  });

  test('VIEWER may create a user group', async () => {
    const viewer = clientFor(sb, 'KR1', 'VIEWER');
    const { userGroupId } = await viewer.createUserGroup({ body: { userGroupName: 'viewer-made', selectAllYN: true } });
    assert.ok(userGroupId);
  });

  test('an unknown path is a 404 with an RDS header; an unknown region is refused', async () => {
    const r = await raw(sb, 'GET', '/v3.0/nothing-here');
    assert.equal(r.status, 404);
    assert.equal(r.json.header.isSuccessful, false);
    const region = await raw(sb, 'GET', '/v3.0/db-instances', { region: 'us1' });
    assert.equal(region.json.header.isSuccessful, false);
    assert.match(region.json.header.resultMessage, /KR1, KR2, JP1 and KR4/);
  });

  test('a region switched off answers 4005 and the client says the service is not enabled', async () => {
    sb.rds.setRegionEnabled('JP1', false);
    try {
      await assert.rejects(
        clientFor(sb, 'JP1').listDbInstances(),
        (e: unknown) => isApiError(e) && e.code === 4005 && /not enabled/.test(e.message),
      );
    } finally {
      sb.rds.setRegionEnabled('JP1', true);
    }
  });

  test('each region has its own state', async () => {
    const names = async (region: 'KR1' | 'KR2' | 'JP1') =>
      (await clientFor(sb, region).listDbInstances()).dbInstances.map((i: any) => i.dbInstanceName);
    assert.ok((await names('KR1')).includes('prod-orders'));
    assert.ok(!(await names('KR2')).includes('prod-orders'));
    assert.ok((await names('JP1')).includes('jp-shop'));
  });
});

describe('validation by the sandbox (raw requests, no client-side checks)', () => {
  const cases: { name: string; method: string; path: (id: string) => string; body?: unknown; field: RegExp }[] = [
    {
      name: 'dbPort out of range',
      method: 'PUT',
      path: (id) => `/v3.0/db-instances/${id}`,
      body: { dbPort: 80 },
      field: /dbPort must be between 3306 and 43306/,
    },
    {
      name: 'storageSize above 2048',
      method: 'PUT',
      path: (id) => `/v3.0/db-instances/${id}/storage-info`,
      body: { storageSize: 4096 },
      field: /storageSize/,
    },
    {
      name: 'short DB user password',
      method: 'POST',
      path: (id) => `/v3.0/db-instances/${id}/db-users`,
      body: { dbUserName: 'u', dbPassword: 'abc', host: '%', authorityType: 'READ' },
      field: /dbPassword/,
    },
    {
      name: 'DB user name too long',
      method: 'POST',
      path: (id) => `/v3.0/db-instances/${id}/db-users`,
      body: { dbUserName: 'x'.repeat(33), dbPassword: 'abcd', host: '%', authorityType: 'READ' },
      field: /dbUserName/,
    },
    {
      name: 'backupPeriod above 730',
      method: 'PUT',
      path: (id) => `/v3.0/db-instances/${id}/backup-info`,
      body: { backupPeriod: 731 },
      field: /backupPeriod/,
    },
    {
      name: 'ftwrlWaitTimeout above 21600',
      method: 'PUT',
      path: (id) => `/v3.0/db-instances/${id}/backup-info`,
      body: { ftwrlWaitTimeout: 30000 },
      field: /ftwrlWaitTimeout/,
    },
    {
      name: 'pingInterval above 600',
      method: 'PUT',
      path: (id) => `/v3.0/db-instances/${id}/high-availability`,
      body: { useHighAvailability: true, pingInterval: 601 },
      field: /pingInterval/,
    },
    {
      name: 'plugin change without password',
      method: 'PUT',
      path: (id) => `/v3.0/db-instances/${id}/db-users/00000000-0000-4000-8000-000000000000`,
      body: { authenticationPlugin: 'CACHING_SHA2' },
      field: /dbPassword/,
    },
    {
      name: 'no log file names',
      method: 'POST',
      path: (id) => `/v3.0/db-instances/${id}/log-files/export`,
      body: { logFileNames: [], tenantId: 't', username: 'u', password: 'p', targetContainer: 'c', objectPath: 'o' },
      field: /logFileNames/,
    },
    {
      name: 'backup name missing',
      method: 'POST',
      path: (id) => `/v3.0/db-instances/${id}/backup`,
      body: {},
      field: /backupName/,
    },
  ];
  for (const c of cases) {
    test(`${c.name} is answered with 40001 naming the field`, async () => {
      const id = (await instanceByName(clientFor(sb), 'legacy-crm')).dbInstanceId;
      const r = await raw(sb, c.method, c.path(id), { body: JSON.stringify(c.body) });
      assert.equal(r.status, 200);
      assert.equal(r.json.header.isSuccessful, false);
      assert.equal(r.json.header.resultCode, 40001);
      assert.match(r.json.header.resultMessage, c.field);
    });
  }

  test('query rules: page 0 and size 101 on backups, missing measureNames on statistics', async () => {
    const page = await raw(sb, 'GET', '/v3.0/backups?page=0&size=10');
    assert.match(page.json.header.resultMessage, /page must be at least 1/);
    const size = await raw(sb, 'GET', '/v3.0/backups?page=1&size=101');
    assert.match(size.json.header.resultMessage, /size must be between 1 and 100/);
    const stats = await raw(
      sb,
      'GET',
      '/v3.0/metric-statistics?dbInstanceId=x&from=2024-01-01T00:00:00%2B09:00&to=2024-01-02T00:00:00%2B09:00',
    );
    assert.match(stats.json.header.resultMessage, /measureNames/);
  });

  test('security-group rule rules: DB_PORT with EGRESS, PORT with different ends', async () => {
    const sg = (await clientFor(sb).listDbSecurityGroups()).dbSecurityGroups[0].dbSecurityGroupId;
    const egress = await raw(sb, 'POST', `/v3.0/db-security-groups/${sg}/rules`, {
      body: JSON.stringify({
        direction: 'EGRESS',
        etherType: 'IPV4',
        cidr: '0.0.0.0/0',
        port: { portType: 'DB_PORT' },
      }),
    });
    assert.match(egress.json.header.resultMessage, /DB_PORT cannot be used with direction EGRESS/);
    const port = await raw(sb, 'POST', `/v3.0/db-security-groups/${sg}/rules`, {
      body: JSON.stringify({
        direction: 'INGRESS',
        etherType: 'IPV4',
        cidr: '0.0.0.0/0',
        port: { portType: 'PORT', minPort: 1, maxPort: 2 },
      }),
    });
    assert.match(port.json.header.resultMessage, /maxPort must equal port.minPort/);
  });

  test('restore without the field its restoreType needs', async () => {
    const id = (await instanceByName(clientFor(sb), 'legacy-crm')).dbInstanceId;
    const r = await raw(sb, 'GET', `/v3.0/db-instances/${id}/restoration-info/last-query?restoreType=TIMESTAMP`);
    assert.equal(r.json.header.resultCode, 40001);
    assert.match(r.json.header.resultMessage, /restoreYmdt/);
  });

  test('nested fields are named by their full path, every issue in one message', async () => {
    const r = await raw(sb, 'POST', '/v3.0/db-instances', {
      body: JSON.stringify({
        dbInstanceName: 'x',
        backup: { backupPeriod: 999, backupSchedules: [{ backupWndBgnTime: '25:00:00' }] },
      }),
    });
    assert.equal(r.json.header.resultCode, 40001);
    const message: string = r.json.header.resultMessage;
    assert.match(message, /backup\.backupPeriod must be between 0 and 730/);
    assert.match(message, /backup\.backupSchedules\[0\]\.backupWndBgnTime must be a time of day/);
    assert.match(message, /dbPassword is required/);
    assert.match(message, /network is missing/);
  });

  test('a body that is not JSON gets 40000', async () => {
    const r = await raw(sb, 'POST', '/v3.0/user-groups', { body: '{"userGroupName":' });
    assert.deepEqual([r.json.header.resultCode, r.json.header.isSuccessful], [40000, false]);
  });

  test('the client refuses the same input before sending (nothing reaches the sandbox)', async () => {
    const id = (await instanceByName(clientFor(sb), 'legacy-crm')).dbInstanceId;
    const before = sb.server.stats.byOperation['rds.modifyDbInstance'] ?? 0;
    await assert.rejects(
      clientFor(sb).modifyDbInstance({ dbInstanceId: id, body: { dbPort: 80 } }),
      /dbPort must be between 3306 and 43306/,
    );
    assert.equal(sb.server.stats.byOperation['rds.modifyDbInstance'] ?? 0, before);
  });
});

describe('request counts', () => {
  test('counts each request under its method and operation, so a test can see that nothing changing was sent', async () => {
    sb.server.resetStats();
    await raw(sb, 'GET', '/v3.0/db-instances');
    await raw(sb, 'POST', '/v3.0/user-groups', { body: '{"userGroupName":' });
    assert.deepEqual(sb.server.stats.byMethod, {
      GET: { 'rds.listDbInstances': 1 },
      POST: { 'rds.createUserGroup': 1 },
    });
    sb.server.resetStats();
    assert.deepEqual(sb.server.stats.byMethod, {});
  });
});

describe('fault knobs, observed through RdsClient', () => {
  test('latency: the answer comes after the added delay, unchanged', async () => {
    sb.faults.latency(150, 'rds.listRegions', 1);
    const t0 = process.hrtime.bigint();
    const { regions } = await clientFor(sb).listRegions();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    assert.equal(regions.length, 4);
    assert.ok(ms >= 140, `took ${ms} ms`);
  });

  test('HTTP 503 once: a GET is retried and succeeds', async () => {
    sb.faults.httpStatus(503, 'rds.listDbFlavors', 1);
    const before = sb.server.stats.byOperation['rds.listDbFlavors'] ?? 0;
    const { dbFlavors } = await clientFor(sb, 'KR1', 'ADMIN', 2).listDbFlavors();
    assert.ok(dbFlavors.length > 0);
    assert.equal(sb.server.stats.byOperation['rds.listDbFlavors'] - before, 2);
  });

  test('HTTP 500 on a POST is not retried and is an ApiError with the status', async () => {
    sb.faults.httpStatus(500, 'rds.createUserGroup');
    const before = sb.server.stats.byOperation['rds.createUserGroup'] ?? 0;
    await assert.rejects(
      clientFor(sb, 'KR1', 'ADMIN', 2).createUserGroup({ body: { userGroupName: 'never', memberIds: [] } }),
      (e: unknown) => isApiError(e) && e.status === 500,
    );
    assert.equal(sb.server.stats.byOperation['rds.createUserGroup'] - before, 1);
    assert.ok(!(await clientFor(sb).listUserGroups()).userGroups.some((g: any) => g.userGroupName === 'never'));
  });

  test('dropped connection: a clear ApiError, and a retried GET recovers', async () => {
    sb.faults.drop('rds.listSubnets', 1);
    await assert.rejects(clientFor(sb).listSubnets(), (e: unknown) => isApiError(e) && e.retryable);
    sb.faults.drop('rds.listSubnets', 1);
    assert.equal((await clientFor(sb, 'KR1', 'ADMIN', 2).listSubnets()).subnets.length, 3);
  });

  test('malformed JSON: the client says the answer was not understood', async () => {
    sb.faults.malformed('rds.listMetrics', 1);
    await assert.rejects(
      clientFor(sb).listMetrics(),
      (e: unknown) => isApiError(e) && /not understood/.test(e.message),
    );
    const r = await raw(sb, 'GET', '/v3.0/metrics');
    assert.equal(r.json.header.isSuccessful, true, 'the fault applied once');
  });

  test('resultCode failure: isSuccessful false with the chosen code and message', async () => {
    sb.faults.resultCode(-1, 'rds.listEventCodes', 1, 'Temporary failure');
    await assert.rejects(
      clientFor(sb).listEventCodes(),
      (e: unknown) => isApiError(e) && e.code === -1 && /Temporary failure/.test(e.message),
    );
  });

  test('faults by prefix and through the control API', async () => {
    const res = await fetch(`${sb.url}/_sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ service: 'rds', operation: 'rds.list*', resultCode: 4005, times: 1 }),
    });
    assert.equal(res.status, 200);
    await assert.rejects(clientFor(sb).listStorages(), (e: unknown) => isApiError(e) && e.code === 4005);
    assert.ok((await clientFor(sb).listStorages()).storages.length > 0);
  });
});
