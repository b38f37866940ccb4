// High availability, maintenances and availability zones in the RDS sandbox (API v4.0, issue 61),
// through RdsClient over loopback HTTP: every seeded instance answers an HA block that matches its
// group; a pending maintenance runs now (a job; COMPLETED when the job ends, FAILED when it
// fails) or is scheduled for the next window; a scheduled one is cancelled (a user's is deleted,
// a provider's goes back to pending); what the service refuses is refused with the reason.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RdsClient } from '../../../src/client/rds/client';
import type { RdsOperationName } from '../../../src/client/rds/api';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { RDS_KEYS } from '../../../src/sandbox/rds';
import { ZONES } from '../../../src/sandbox/rds/seed/catalog';
import { nextMaintenanceWindow } from '../../../src/sandbox/rds/seed/maintenances';
import { clientFor, instanceByName, waitJob } from '../../support/sandbox';

type LooseClient = { [K in RdsOperationName]: (input?: any, opts?: any) => Promise<any> } & RdsClient;

let sb: Sandbox;
let kr1: LooseClient;

const idOf = async (rds: LooseClient, name: string): Promise<string> => (await instanceByName(rds, name)).dbInstanceId;
const maintenancesOf = async (rds: LooseClient, dbInstanceId: string, statuses?: string) =>
  (await rds.listMaintenances({ dbInstanceId, ...(statuses && { query: { statuses } }) })).maintenances as any[];
/** The body Run Now and Schedule take for a listed maintenance. */
const bodyOf = (m: any) => ({
  configId: m.maintenanceId,
  category: m.category,
  type: m.type,
  ...(m.description && { description: m.description }),
  payload: JSON.stringify(m.payload ?? {}),
});

/** A v4.0 request sent as is (no client-side checks), with a token of the sandbox's own. */
async function rawV4(method: string, path: string, body?: unknown, role: 'admin' | 'viewer' = 'admin') {
  const key = RDS_KEYS[role];
  const { token } = sb.rds.oauth.issue(key);
  const res = await fetch(`${sb.url}/rds/kr1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'X-TC-APP-KEY': key.appKey,
      'X-NHN-AUTHORIZATION': `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as any;
}

describe('RDS sandbox: high availability, maintenances and availability zones (API v4.0)', () => {
  before(async () => {
    sb = await startSandbox({ timeScale: 5 });
    kr1 = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0') as LooseClient;
  });
  after(() => sb.close());

  test('every seeded instance of every region has an HA block that matches its group', async () => {
    for (const region of ['KR1', 'KR2', 'JP1', 'KR4'] as const) {
      const rds = clientFor(sb, region, 'ADMIN', 0, 'v4.0') as LooseClient;
      const [{ dbInstances }, { dbInstanceGroups }] = await Promise.all([
        rds.listDbInstances(),
        rds.listDbInstanceGroups(),
      ]);
      const ha = new Set(
        dbInstanceGroups
          .filter((g: any) => g.replicationType === 'HIGH_AVAILABILITY')
          .map((g: any) => g.dbInstanceGroupId),
      );
      for (const i of dbInstances) {
        const answer = await rds.getHighAvailability({ dbInstanceId: i.dbInstanceId });
        const expected = ha.has(i.dbInstanceGroupId) && i.dbInstanceType !== 'READ_ONLY_SLAVE';
        assert.equal(answer.useHighAvailability, expected, `${region} ${i.dbInstanceName}`);
        if (expected)
          assert.deepEqual(
            [answer.haStatus, answer.pingInterval, answer.pingType],
            ['STABLE', 3, 'CONNECTION'],
            `${region} ${i.dbInstanceName}`,
          );
        else assert.equal(answer.haStatus, null, `${region} ${i.dbInstanceName}`);
      }
    }
  });

  test('the HA status follows the pair: paused for the task while a job runs, PAUSED after a pause, STABLE after the resume', async () => {
    const jp1 = clientFor(sb, 'JP1', 'ADMIN', 0, 'v4.0') as LooseClient;
    const master = await idOf(jp1, 'jp-shop');
    const candidate = await idOf(jp1, 'jp-shop-candidate');
    // The job held where it starts (no step is ever due) while its state is read: at 5 ms a step it
    // had ended before the next request on a loaded machine (failed by chance in a full run).
    sb.rds.setTimeScale(Number.POSITIVE_INFINITY);
    const pause = await jp1.pauseHighAvailability({ dbInstanceId: master });
    assert.equal((await jp1.getHighAvailability({ dbInstanceId: master })).haStatus, 'PAUSED_DUE_TO_TASK');
    sb.rds.setTimeScale(5);
    await waitJob(jp1, pause.jobId);
    assert.equal((await jp1.getHighAvailability({ dbInstanceId: master })).haStatus, 'PAUSED');
    assert.equal((await jp1.getHighAvailability({ dbInstanceId: candidate })).haStatus, 'PAUSED', 'the pair alike');
    await waitJob(jp1, (await jp1.resumeHighAvailability({ dbInstanceId: master })).jobId);
    assert.equal((await jp1.getHighAvailability({ dbInstanceId: master })).haStatus, 'STABLE');
  });

  test('the seed: prod-orders (KR1) has one pending and one past maintenance, staging-api one scheduled', async () => {
    const prod = await maintenancesOf(kr1, await idOf(kr1, 'prod-orders'));
    assert.deepEqual(
      prod.map((m) => [m.status, m.category, m.type]),
      [
        ['PENDING', 'PROVIDER', 'APPLY_CHANGE_PARAMETER'],
        ['COMPLETED', 'PROVIDER', 'MIGRATION'],
      ],
      'newest first',
    );
    assert.ok(prod[1].executionCompletedYmdt > prod[1].executionStartedYmdt);
    const staging = await maintenancesOf(kr1, await idOf(kr1, 'staging-api'));
    assert.deepEqual(
      staging.map((m) => [m.status, m.category, m.executionType]),
      [['READY', 'USER', 'SCHEDULED']],
    );
    assert.equal(Date.parse(staging[0].executionStartedYmdt), nextMaintenanceWindow(Date.now()));
    assert.deepEqual(await maintenancesOf(kr1, await idOf(kr1, 'dev-playground')), [], 'most instances have none');
    // Filters: type, category, statuses (a comma-separated list).
    const id = await idOf(kr1, 'prod-orders');
    assert.equal((await kr1.listMaintenances({ dbInstanceId: id, query: { type: 'MIGRATION' } })).totalCounts, 1);
    assert.equal((await kr1.listMaintenances({ dbInstanceId: id, query: { category: 'USER' } })).totalCounts, 0);
    assert.equal(
      (await kr1.listMaintenances({ dbInstanceId: id, query: { statuses: 'PENDING, COMPLETED' } })).totalCounts,
      2,
    );
  });

  test('Run Now: RUNNING while its job runs, COMPLETED when it ends, and what it applied is applied', async () => {
    const id = await idOf(kr1, 'prod-orders');
    assert.equal((await kr1.getDbInstance({ dbInstanceId: id })).needToApplyParameterGroup, true);
    const [m] = await maintenancesOf(kr1, id, 'PENDING');
    sb.rds.setTimeScale(3_600_000);
    const { jobId } = await kr1.executeMaintenanceNow({ dbInstanceId: id, body: bodyOf(m) });
    const running = (await maintenancesOf(kr1, id)).find((x) => x.maintenanceId === m.maintenanceId);
    assert.deepEqual([running.status, running.executionType], ['RUNNING', 'MANUAL']);
    assert.equal((await kr1.getDbInstance({ dbInstanceId: id })).progressStatus, 'APPLYING_PARAMETER_GROUP');
    // A second run while the first is under way is refused (it is no longer pending).
    await assert.rejects(kr1.executeMaintenanceNow({ dbInstanceId: id, body: bodyOf(m) }), /is RUNNING/);
    sb.rds.setTimeScale(5);
    await waitJob(kr1, jobId);
    const done = (await maintenancesOf(kr1, id)).find((x) => x.maintenanceId === m.maintenanceId);
    assert.equal(done.status, 'COMPLETED');
    assert.ok(done.executionCompletedYmdt >= done.executionStartedYmdt);
    assert.equal((await kr1.getDbInstance({ dbInstanceId: id })).needToApplyParameterGroup, false);
  });

  test('Run Now refuses what is not a pending maintenance of the instance, and names the field', async () => {
    const id = await idOf(kr1, 'prod-orders');
    const past = (await maintenancesOf(kr1, id, 'COMPLETED'))[0];
    await assert.rejects(kr1.executeMaintenanceNow({ dbInstanceId: id, body: bodyOf(past) }), /COMPLETED/);
    const other = await idOf(kr1, 'legacy-crm');
    const [crm] = await maintenancesOf(kr1, other, 'PENDING');
    await assert.rejects(kr1.executeMaintenanceNow({ dbInstanceId: id, body: bodyOf(crm) }), /configId/);
    await assert.rejects(
      kr1.executeMaintenanceNow({ dbInstanceId: other, body: { ...bodyOf(crm), type: 'MIGRATION' } }),
      /type: maintenance .* is PATCH_SECURITY/,
    );
    // A stopped instance cannot run one.
    const stopped = await idOf(kr1, 'analytics-batch');
    const { maintenanceId } = await (
      await fetch(`${sb.url}/_sandbox/rds/add-maintenance`, {
        method: 'POST',
        body: JSON.stringify({ name: 'analytics-batch' }),
      })
    ).json();
    const [added] = (await maintenancesOf(kr1, stopped)).filter((x) => x.maintenanceId === maintenanceId);
    await assert.rejects(kr1.executeMaintenanceNow({ dbInstanceId: stopped, body: bodyOf(added) }), /SHUTDOWN/);
  });

  test('a failed Run Now leaves the maintenance FAILED', async () => {
    const id = await idOf(kr1, 'legacy-crm');
    const [m] = await maintenancesOf(kr1, id, 'PENDING');
    sb.rds.failNextJob('executeMaintenanceNow');
    const job = await waitJob(
      kr1,
      (await kr1.executeMaintenanceNow({ dbInstanceId: id, body: bodyOf(m) })).jobId,
    ).catch((e: unknown) => e);
    assert.ok(job, 'the job ended');
    const after = (await maintenancesOf(kr1, id)).find((x) => x.maintenanceId === m.maintenanceId);
    assert.equal(after.status, 'FAILED');
  });

  test('Schedule: READY at the next maintenance window; then Cancel puts a provider maintenance back to pending', async () => {
    const kr4 = clientFor(sb, 'KR4', 'ADMIN', 0, 'v4.0') as LooseClient;
    const id = await idOf(kr4, 'gov-records');
    const [m] = await maintenancesOf(kr4, id, 'PENDING');
    assert.equal(m.category, 'PROVIDER');
    // Cancel is for a scheduled maintenance only.
    await assert.rejects(kr4.deleteMaintenance({ dbInstanceId: id, maintenanceId: m.maintenanceId }), /READY/);
    await kr4.scheduleMaintenance({ dbInstanceId: id, body: bodyOf(m) });
    const [ready] = await maintenancesOf(kr4, id, 'READY');
    assert.equal(ready.maintenanceId, m.maintenanceId);
    assert.equal(ready.executionType, 'SCHEDULED');
    assert.equal(Date.parse(ready.executionStartedYmdt), nextMaintenanceWindow(Date.now()));
    await assert.rejects(kr4.scheduleMaintenance({ dbInstanceId: id, body: bodyOf(m) }), /is READY/);
    await kr4.deleteMaintenance({ dbInstanceId: id, maintenanceId: m.maintenanceId });
    const [back] = await maintenancesOf(kr4, id);
    assert.deepEqual([back.status, back.executionType, back.executionStartedYmdt], ['PENDING', null, null]);
  });

  test('Cancel deletes a scheduled user maintenance; an unknown id is not found', async () => {
    const id = await idOf(kr1, 'staging-api');
    const [m] = await maintenancesOf(kr1, id, 'READY');
    await kr1.deleteMaintenance({ dbInstanceId: id, maintenanceId: m.maintenanceId });
    assert.equal((await maintenancesOf(kr1, id))[0].status, 'DELETED');
    await assert.rejects(
      kr1.deleteMaintenance({ dbInstanceId: id, maintenanceId: m.maintenanceId }),
      /DELETED: only one scheduled/,
    );
    await assert.rejects(
      kr1.deleteMaintenance({ dbInstanceId: id, maintenanceId: '00000000-0000-4000-8000-000000000000' }),
      /Maintenance .* not found|not found/i,
    );
  });

  test('as sent raw: a misspelt field is refused by name; a VIEWER may list but not run; v3.0 has no such route', async () => {
    const id = await idOf(kr1, 'legacy-crm');
    const typo = await rawV4('POST', `/v4.0/db-instances/${id}/maintenances/schedule`, {
      configId: 'x',
      category: 'PROVIDER',
      type: 'PATCH_SECURITY',
      payload: '{}',
      maintenanceTime: '2026-01-01T03:00:00+09:00',
    });
    assert.equal(typo.header.isSuccessful, false);
    assert.match(typo.header.resultMessage, /maintenanceTime is not a field of this request/);
    const listed = await rawV4('GET', `/v4.0/db-instances/${id}/maintenances`, undefined, 'viewer');
    assert.equal(listed.header.isSuccessful, true);
    const run = await rawV4(
      'POST',
      `/v4.0/db-instances/${id}/maintenances/execute-now`,
      { configId: 'x', category: 'PROVIDER', type: 'PATCH_SECURITY', payload: '{}' },
      'viewer',
    );
    assert.equal(run.header.resultMessage, 'Forbidden');
    const v3 = clientFor(sb, 'KR1');
    assert.equal(v3.has('listMaintenances'), false);
    const res = await fetch(`${sb.url}/rds/kr1/v3.0/db-instances/${id}/maintenances`);
    assert.equal(res.status, 404);
  });

  test('availability zones: the region zones, each available unless the sandbox says otherwise (then creation refuses it)', async () => {
    for (const region of ['KR1', 'KR2', 'JP1', 'KR4'] as const) {
      const rds = clientFor(sb, region, 'ADMIN', 0, 'v4.0') as LooseClient;
      const { availabilityZones } = await rds.listAvailabilityZones();
      assert.deepEqual(
        availabilityZones.map((z: any) => [z.availabilityZoneName, z.zoneState.available]),
        ZONES[region].map((z) => [z, true]),
        region,
      );
    }
    const r = sb.rds.state.regions.KR1;
    r.unavailableZones.add('kr-pub-b');
    try {
      const { availabilityZones } = await kr1.listAvailabilityZones();
      assert.deepEqual(
        availabilityZones.map((z: any) => z.zoneState.available),
        [true, false],
      );
      const [{ dbFlavors }, { subnets }, { parameterGroups }] = await Promise.all([
        kr1.listDbFlavors(),
        kr1.listSubnets(),
        kr1.listParameterGroups({ query: { dbVersion: 'MYSQL_V8036' } }),
      ]);
      await assert.rejects(
        kr1.createDbInstance({
          body: {
            dbInstanceName: 'zone-probe',
            dbFlavorId: dbFlavors[0].dbFlavorId,
            dbVersion: 'MYSQL_V8036',
            dbPort: 3306,
            dbUserName: 'admin',
            dbPassword: 'secret-123',
            parameterGroupId: parameterGroups[0].parameterGroupId,
            network: { subnetId: subnets[1].subnetId, availabilityZone: 'kr-pub-b' },
            storage: { storageType: 'General SSD', storageSize: 20 },
            backup: {
              backupPeriod: 1,
              backupSchedules: [{ backupWndBgnTime: '02:00:00', backupWndDuration: 'ONE_HOUR' }],
            },
          },
        }),
        /kr-pub-b is not available/,
      );
    } finally {
      r.unavailableZones.clear();
    }
  });
});
