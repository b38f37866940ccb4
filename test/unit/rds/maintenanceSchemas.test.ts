// The schemas of the six operations of issue 61 (high availability, maintenances, availability
// zones) beyond the guide's examples (test/unit/rds/v4Guide.test.ts fits those): requests keep
// the documented shape and refuse what the service does not take, without closing the
// vocabularies the service extends; answers are read however the service fills them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rdsOperationIn } from '../../../src/client/rds/versions';
import type { RdsOperationName } from '../../../src/client/rds/api';

const op = (name: RdsOperationName) => {
  const o = rdsOperationIn('v4.0', name);
  assert.ok(o, name);
  return o;
};
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.message).join('; ');

const example = {
  configId: 'configId-example',
  category: 'USER',
  description: 'description-example',
  type: 'UPDATE_DB_INSTANCE',
  payload: 'payload-example',
};

test('Run Now and Schedule: the guide example; configId, category, type and payload required; nothing else taken', () => {
  for (const name of ['executeMaintenanceNow', 'scheduleMaintenance'] as const) {
    const body = op(name).body!;
    assert.ok(body.safeParse(example).success, name);
    const { description: _d, ...withoutDescription } = example;
    assert.ok(body.safeParse(withoutDescription).success, `${name}: description is optional`);
    for (const field of ['configId', 'category', 'type', 'payload'] as const) {
      const { [field]: _gone, ...rest } = example;
      const r = body.safeParse(rest);
      assert.equal(r.success, false, `${name} without ${field}`);
      assert.match(messages(r), new RegExp(`${field} is required`));
    }
    assert.equal(body.safeParse({ ...example, payload: '' }).success, false, 'an empty payload');
    assert.equal(body.safeParse({ ...example, configId: '' }).success, false, 'an empty configId');
    assert.equal(body.safeParse({ ...example, executeAt: '2026-01-01T03:00:00+09:00' }).success, false, 'no time');
  }
});

test('Run Now: a category or type the guide does not list yet is sent (the service adds them)', () => {
  const body = op('executeMaintenanceNow').body!;
  assert.ok(body.safeParse({ ...example, category: 'PARTNER', type: 'REPLACE_STORAGE' }).success);
});

test('List Maintenances: three optional text filters, nothing else', () => {
  const query = op('listMaintenances').query!;
  assert.ok(query.safeParse(undefined).success);
  assert.ok(query.safeParse({ type: 'MIGRATION', statuses: 'PENDING,READY', category: 'PROVIDER' }).success);
  assert.equal(query.safeParse({ status: 'PENDING' }).success, false, 'statuses, not status');
});

test('List Maintenances answers: nulls, a missing list, an unknown status and a text payload are read as sent', () => {
  const response = op('listMaintenances').response!;
  const r = response.safeParse({
    totalCounts: 1,
    maintenances: [
      {
        maintenanceId: 'm-1',
        dbInstanceId: null,
        category: 'PROVIDER',
        description: null,
        type: 'SOMETHING_NEW',
        payload: '{"a":1}',
        required: null,
        deadlineYmdt: null,
        status: 'ON_HOLD',
        executionType: null,
        addedYmdt: '2026-03-01T10:00:00.000+09:00',
        executionStartedYmdt: null,
        executionCompletedYmdt: null,
        extra: 'kept',
      },
    ],
  });
  assert.ok(r.success, messages(r));
  const m = (r.data as any).maintenances[0];
  assert.deepEqual([m.status, m.type, m.payload, m.extra], ['ON_HOLD', 'SOMETHING_NEW', '{"a":1}', 'kept']);
  const empty = response.safeParse({});
  assert.ok(empty.success);
  assert.deepEqual((empty.data as any).maintenances, []);
  assert.equal(response.safeParse({ maintenances: [{ status: 'PENDING' }] }).success, false, 'a maintenance has an id');
});

test('High availability and availability zones answers: open statuses and types, missing fields read as absent', () => {
  const ha = op('getHighAvailability').response!;
  assert.ok(ha.safeParse({ useHighAvailability: true, haStatus: 'FAILOVER_ABORTED', pingType: 'PING' }).success);
  assert.ok(ha.safeParse({ useHighAvailability: false, haStatus: null, pingInterval: null, pingType: null }).success);
  const zones = op('listAvailabilityZones').response!;
  const r = zones.safeParse({
    availabilityZones: [{ availabilityZoneName: 'kr-pub-c' }, { availabilityZoneName: 'x', zoneState: null }],
  });
  assert.ok(r.success, messages(r));
  assert.deepEqual((zones.safeParse({ availabilityZones: null }).data as any).availabilityZones, []);
});

test('the six are v4.0 operations of the current release, with the permissions the guide names', () => {
  assert.deepEqual(
    (
      [
        'getHighAvailability',
        'listMaintenances',
        'executeMaintenanceNow',
        'scheduleMaintenance',
        'deleteMaintenance',
        'listAvailabilityZones',
      ] as const
    ).map((n) => [op(n).method, op(n).path, op(n).permission, op(n).returnsJob]),
    [
      ['GET', '/v4.0/db-instances/{dbInstanceId}/high-availability', 'RDSforMySQL:DbInstance.Get', false],
      ['GET', '/v4.0/db-instances/{dbInstanceId}/maintenances', 'RDSforMySQL:DbInstance.Maintenance.List', false],
      [
        'POST',
        '/v4.0/db-instances/{dbInstanceId}/maintenances/execute-now',
        'RDSforMySQL:DbInstance.Maintenance.Execute',
        true,
      ],
      [
        'POST',
        '/v4.0/db-instances/{dbInstanceId}/maintenances/schedule',
        'RDSforMySQL:DbInstance.Maintenance.Update',
        false,
      ],
      [
        'DELETE',
        '/v4.0/db-instances/{dbInstanceId}/maintenances/{maintenanceId}',
        'RDSforMySQL:DbInstance.Maintenance.Delete',
        false,
      ],
      ['GET', '/v4.0/availability-zones', 'RDSforMySQL:AvailabilityZone.List', false],
    ],
  );
});
