// Business rules of the RDS sandbox: each refusal is a non-zero resultCode with a message a person
// can act on, read through RdsClient (ApiError with the code).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isApiError } from '../../../src/client/errors';
import type { RdsClient } from '../../../src/client/rds/client';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { clientFor, instanceByName, TARGET } from '../../support/sandbox';

let sb: Sandbox;
let rds: RdsClient;
before(async () => {
  sb = await startSandbox({ timeScale: 5 });
  rds = clientFor(sb);
});
after(async () => {
  await sb.close();
});

const refused = (code: number, text: RegExp) => (e: unknown) =>
  isApiError(e) && e.code === code && text.test(e.message);
const id = async (name: string) => (await instanceByName(rds, name)).dbInstanceId as string;

describe('business rules answered by the sandbox', () => {
  test('deleting an instance with deletion protection fails (40901) and says how to proceed', async () => {
    await assert.rejects(
      rds.deleteDbInstance({ dbInstanceId: await id('prod-orders') }),
      refused(40901, /has deletion protection on: turn it off first/),
    );
  });
  test('start only when SHUTDOWN, stop only when AVAILABLE', async () => {
    await assert.rejects(
      rds.startDbInstance({ dbInstanceId: await id('staging-api') }),
      refused(40900, /it is AVAILABLE, it must be SHUTDOWN/),
    );
    await assert.rejects(
      rds.stopDbInstance({ dbInstanceId: await id('analytics-batch') }),
      refused(40900, /it is SHUTDOWN, it must be AVAILABLE/),
    );
  });
  test('storage cannot shrink below the current size (the sandbox checks even when the client does not know the size)', async () => {
    await assert.rejects(
      rds.modifyStorageInfo({ dbInstanceId: await id('prod-orders'), body: { storageSize: 100 } }),
      refused(40001, /storageSize: must not be below the current size of 500 GB/),
    );
  });
  test('only a read replica can be promoted', async () => {
    await assert.rejects(
      rds.promoteDbInstance({ dbInstanceId: await id('staging-api') }),
      refused(40900, /Only a read replica can be promoted/),
    );
  });
  test('HA actions need HA', async () => {
    for (const call of [
      rds.pauseHighAvailability,
      rds.resumeHighAvailability,
      rds.repairHighAvailability,
      rds.splitHighAvailability,
    ]) {
      await assert.rejects(
        call.call(rds, { dbInstanceId: await id('staging-api') }),
        refused(40900, /high availability is not enabled/),
      );
    }
    await assert.rejects(
      rds.restartDbInstance({ dbInstanceId: await id('staging-api'), body: { useOnlineFailover: true } }),
      refused(40900, /useOnlineFailover needs high availability/),
    );
  });
  test('a master with read replicas cannot be deleted', async () => {
    const kr2 = clientFor(sb, 'KR2');
    const reporting = await instanceByName(kr2, 'reporting');
    await assert.rejects(
      kr2.deleteDbInstance({ dbInstanceId: reporting.dbInstanceId }),
      refused(40902, /has read replicas/),
    );
  });
  test('a candidate master is not deleted on its own', async () => {
    await assert.rejects(
      rds.deleteDbInstance({ dbInstanceId: await id('prod-orders-candidate') }),
      refused(40900, /turn high availability off on its master/),
    );
  });
  test('unknown ids are 40400 naming the resource', async () => {
    await assert.rejects(
      rds.getDbInstance({ dbInstanceId: '00000000-0000-4000-8000-000000000000' }),
      refused(40400, /DB instance 00000000-0000-4000-8000-000000000000 was not found/),
    );
    await assert.rejects(rds.getJob({ jobId: 'nope' }), refused(40400, /Job nope/));
  });
  test('a manual backup whose instance is gone cannot be exported', async () => {
    const orphan = (await rds.listBackups({ query: { page: 1, size: 100, backupType: 'MANUAL' } })).backups.find(
      (b: any) => b.backupName === 'old-events-final',
    )!;
    await assert.rejects(
      rds.exportBackup({ backupId: orphan.backupId!, body: TARGET }),
      refused(40900, /no longer exists/),
    );
  });
  test('security and parameter groups in use cannot be deleted', async () => {
    const sg = (await rds.listDbSecurityGroups()).dbSecurityGroups.find(
      (g: any) => g.dbSecurityGroupName === 'default-db-access',
    )!;
    await assert.rejects(
      rds.deleteDbSecurityGroup({ dbSecurityGroupId: sg.dbSecurityGroupId! }),
      refused(40902, /is used by .*prod-orders/),
    );
    const pg = (await rds.listParameterGroups()).parameterGroups.find(
      (g: any) => g.parameterGroupName === 'prod-mysql8-tuned',
    )!;
    await assert.rejects(
      rds.deleteParameterGroup({ parameterGroupId: pg.parameterGroupId! }),
      refused(40902, /is used by/),
    );
  });
  test('parameter values: CONSTANT refused, allowed values enforced, a good change marks users NEED_TO_APPLY', async () => {
    const pg = (await rds.listParameterGroups({ query: { dbVersion: 'MYSQL_V8040' } })).parameterGroups[0];
    const params = (await rds.getParameterGroup({ parameterGroupId: pg.parameterGroupId! })).parameters!;
    const p = (name: string) => params.find((x: any) => x.parameterName === name)!;
    await assert.rejects(
      rds.modifyParameters({
        parameterGroupId: pg.parameterGroupId!,
        body: { modifiedParameters: [{ parameterId: p('innodb_log_file_size').parameterId!, value: '1' }] },
      }),
      refused(40001, /innodb_log_file_size is CONSTANT/),
    );
    await assert.rejects(
      rds.modifyParameters({
        parameterGroupId: pg.parameterGroupId!,
        body: { modifiedParameters: [{ parameterId: p('transaction_isolation').parameterId!, value: 'DIRTY' }] },
      }),
      refused(40001, /transaction_isolation must be one of READ-UNCOMMITTED, READ-COMMITTED/),
    );
    await assert.rejects(
      rds.modifyParameters({
        parameterGroupId: pg.parameterGroupId!,
        body: { modifiedParameters: [{ parameterId: p('wait_timeout').parameterId!, value: '0' }] },
      }),
      refused(40001, /wait_timeout must be between 1 and 31536000/),
    );
    await rds.modifyParameters({
      parameterGroupId: pg.parameterGroupId!,
      body: { modifiedParameters: [{ parameterId: p('wait_timeout').parameterId!, value: '600' }] },
    });
    assert.equal(
      (await rds.getParameterGroup({ parameterGroupId: pg.parameterGroupId! })).parameterGroupStatus,
      'NEED_TO_APPLY',
    );
    assert.equal((await rds.getDbInstance({ dbInstanceId: await id('staging-api') })).needToApplyParameterGroup, true);
  });
  test('authentication plugin: not on engines without support; SHA256 not on MySQL 8', async () => {
    await assert.rejects(
      rds.createDbUser({
        dbInstanceId: await id('legacy-billing'),
        body: {
          dbUserName: 'x',
          dbPassword: 'pw-1234',
          host: '%',
          authorityType: 'READ',
          authenticationPlugin: 'NATIVE',
        },
      }),
      refused(40001, /authenticationPlugin: cannot be set on MYSQL_V5726/),
    );
    await assert.rejects(
      rds.createDbUser({
        dbInstanceId: await id('staging-api'),
        body: {
          dbUserName: 'x',
          dbPassword: 'pw-1234',
          host: '%',
          authorityType: 'READ',
          authenticationPlugin: 'SHA256',
        },
      }),
      refused(40001, /MYSQL_V8040 supports NATIVE, CACHING_SHA2/),
    );
  });
  test('a point-in-time restore outside the restorable range is refused', async () => {
    const src = await id('prod-orders');
    const inst = await rds.getDbInstance({ dbInstanceId: src });
    const { subnets } = await rds.listSubnets();
    await assert.rejects(
      rds.restoreDbInstance({
        dbInstanceId: src,
        body: {
          dbInstanceName: 'too-old',
          dbFlavorId: inst.dbFlavorId!,
          dbPort: 3306,
          parameterGroupId: inst.parameterGroupId!,
          network: { subnetId: subnets[1].subnetId!, availabilityZone: 'kr-pub-a' },
          storage: { storageType: 'General SSD', storageSize: 500 },
          backup: {
            backupPeriod: 1,
            backupSchedules: [{ backupWndBgnTime: '01:00:00', backupWndDuration: 'HALF_AN_HOUR' }],
          },
          restore: { restoreType: 'TIMESTAMP', restoreYmdt: '2001-01-01T00:00:00+09:00' },
        },
      }),
      refused(40001, /restore.restoreYmdt: must be within the restorable range/),
    );
  });
  test('names are unique: a second instance or DB user of the same name is refused', async () => {
    await assert.rejects(
      rds.replicateDbInstance({
        dbInstanceId: await id('staging-api'),
        body: { dbInstanceName: 'x', network: { availabilityZone: 'mars-1' } },
      }),
      refused(40001, /network.availabilityZone: must be one of kr-pub-a, kr-pub-b/),
    );
    await assert.rejects(
      rds.createDbUser({
        dbInstanceId: await id('prod-orders'),
        body: { dbUserName: 'admin', dbPassword: 'pw-1234', host: '%', authorityType: 'DDL' },
      }),
      refused(40900, /admin@% already exists/),
    );
  });
});
