// Every RDS operation through RdsClient against the sandbox over loopback HTTP, in API v3.0 (the
// 82 of its table) or, run from ./rdsOperationsV4.test.ts, in v4.0 (the 97 of its table, with a
// token: issue 27): test/unit/rds/operations.test.ts checks the tables themselves.
// One test per operation, named `rds.<operation>` (the coverage table of issue 3 is this list).
// Tests run in row order on one sandbox; each uses its own instances so they stay independent.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RdsClient } from '../../../src/client/rds/client';
import type { RdsOperationName } from '../../../src/client/rds/api';
import { jobResourceId } from '../../../src/client/rds/jobs';
import { RDS_OPERATION_ROWS } from '../../../src/client/rds/rows';
import { RDS_V4_OPERATIONS, rdsOperationName } from '../../../src/client/rds/versions';
import { RDS_OPERATIONS } from '../../../src/client/rds/schemas';
import { RDS_V4_ONLY_ROWS } from '../../../src/client/rds/v4Rows';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { freeLoopbackPort } from '../../../src/sandbox/freePort';
import { clientFor, instanceByName, TARGET, waitJob } from '../../support/sandbox';

/** The real RdsClient, with answers read as `any`: the tolerant response types are all-optional. */
type LooseClient = { [K in RdsOperationName]: (input?: any, opts?: any) => Promise<any> } & RdsClient;

/** The version this run speaks (./rdsOperationsV4.test.ts sets it before importing this file). */
const API = process.env.NHNCLOUD_TEST_RDS_API === 'v4.0' ? 'v4.0' : 'v3.0';
const TABLE = API === 'v4.0' ? RDS_V4_OPERATIONS : RDS_OPERATIONS;

let sb: Sandbox;
let kr1: LooseClient;
let kr2: LooseClient;
let jp1: LooseClient;

/** A complete InstanceSpec from the region's catalog. */
async function spec(rds: LooseClient, name: string, dbVersion = 'MYSQL_V8036') {
  const [{ dbFlavors }, { subnets }, { parameterGroups }] = await Promise.all([
    rds.listDbFlavors(),
    rds.listSubnets(),
    rds.listParameterGroups({ query: { dbVersion: dbVersion as any } }),
  ]);
  return {
    dbInstanceName: name,
    dbFlavorId: dbFlavors[1].dbFlavorId,
    dbPort: 3306,
    parameterGroupId: parameterGroups[0].parameterGroupId,
    network: { subnetId: subnets[1].subnetId, availabilityZone: 'kr-pub-a' },
    storage: { storageType: 'General SSD', storageSize: 50 },
    backup: {
      backupPeriod: 7,
      backupSchedules: [{ backupWndBgnTime: '02:00:00', backupWndDuration: 'ONE_HOUR' as const }],
    },
  };
}

async function createInstance(name: string) {
  const { jobId } = await kr1.createDbInstance({
    body: { ...(await spec(kr1, name)), dbVersion: 'MYSQL_V8036', dbUserName: 'admin', dbPassword: 'secret-123' },
  });
  const job = await waitJob(kr1, jobId);
  return jobResourceId(job)!;
}

const latestBackup = async (rds: LooseClient, dbInstanceId: string, backupType?: 'AUTO' | 'MANUAL') =>
  (await rds.listBackups({ query: { page: 1, size: 100, dbInstanceId, backupType } })).backups[0];

const OPS: Record<RdsOperationName, () => Promise<void>> = {
  listRegions: async () => {
    const { regions } = await kr1.listRegions();
    assert.deepEqual(
      regions.map((r: any) => [r.regionCode, r.isEnabled]),
      [
        ['KR1', true],
        ['KR2', true],
        ['KR4', true],
        ['JP1', true],
      ],
    );
  },
  listProjectMembers: async () => {
    const { members } = await kr1.listProjectMembers();
    assert.equal(members.length, 4);
    assert.match(members[0].emailAddress, /@/);
  },
  listDbFlavors: async () => {
    const { dbFlavors } = await kr1.listDbFlavors();
    assert.ok(dbFlavors.some((f: any) => f.dbFlavorName === 'm2.c2m4' && f.vcpus === 2 && f.ram === 4096));
  },
  listSubnets: async () => {
    const { subnets } = await kr1.listSubnets();
    assert.deepEqual(
      subnets.map((s: any) => s.subnetCidr),
      ['192.168.0.0/24', '10.0.1.0/24', '10.0.2.0/24'],
    );
  },
  listDbVersions: async () => {
    const { dbVersions } = await kr1.listDbVersions();
    // The guide's table of December 2026: 28 versions, 8.0.18 to 8.0.34 no longer creatable.
    assert.equal(dbVersions.length, 28);
    assert.equal(dbVersions.find((v: any) => v.dbVersion === 'MYSQL_V5733')!.restorableFromObs, false);
    assert.equal(dbVersions.find((v: any) => v.dbVersion === 'MYSQL_V8411')!.canCreate, true);
    assert.equal(dbVersions.find((v: any) => v.dbVersion === 'MYSQL_V8018')!.canCreate, false);
    assert.equal(dbVersions.find((v: any) => v.dbVersion === 'MYSQL_V8036')!.dbVersionName, 'MySQL 8.0.36');
  },
  listStorageTypes: async () =>
    assert.deepEqual((await kr1.listStorageTypes()).storageTypes, ['General SSD', 'General HDD']),
  listStorages: async () => assert.ok((await kr1.listStorages()).storages.includes('General SSD')),
  getJob: async () => {
    const inst = await instanceByName(kr1, 'dev-playground');
    const { jobId } = await kr1.createDbSchema({
      dbInstanceId: inst.dbInstanceId,
      body: { dbSchemaName: 'jobs_probe' },
    });
    const first = await kr1.getJob({ jobId });
    assert.ok(['PREPARING', 'READY', 'RUNNING', 'COMPLETED'].includes(first.jobStatus));
    const done = await waitJob(kr1, jobId);
    assert.equal(done.jobStatus, 'COMPLETED');
    assert.equal(jobResourceId(done), inst.dbInstanceId);
  },
  listDbInstanceGroups: async () => {
    const { dbInstanceGroups } = await kr1.listDbInstanceGroups();
    assert.ok(dbInstanceGroups.some((g: any) => g.replicationType === 'HIGH_AVAILABILITY'));
  },
  getDbInstanceGroup: async () => {
    const master = await instanceByName(kr1, 'prod-orders');
    const g = await kr1.getDbInstanceGroup({ dbInstanceGroupId: master.dbInstanceGroupId });
    assert.deepEqual(g.dbInstances.map((i: any) => i.dbInstanceType).sort(), [
      'CANDIDATE_MASTER',
      'MASTER',
      'READ_ONLY_SLAVE',
      'READ_ONLY_SLAVE',
    ]);
  },
  listDbInstances: async () => {
    const { dbInstances } = await kr1.listDbInstances();
    assert.ok(dbInstances.length >= 9);
    assert.ok(dbInstances.some((i: any) => i.dbInstanceStatus === 'SHUTDOWN'));
  },
  getDbInstance: async () => {
    const i = await kr1.getDbInstance({ dbInstanceId: (await instanceByName(kr1, 'prod-orders')).dbInstanceId });
    assert.equal(i.useDeletionProtection, true);
    assert.equal(i.dbVersion, 'MYSQL_V8036');
    assert.equal(typeof i.supportAuthenticationPlugin, 'boolean');
  },
  createDbInstance: async () => {
    const id = await createInstance('ops-created');
    const i = await kr1.getDbInstance({ dbInstanceId: id });
    assert.equal(i.dbInstanceStatus, 'AVAILABLE');
    assert.equal(i.progressStatus, 'NONE');
    assert.deepEqual(
      (await kr1.listDbUsers({ dbInstanceId: id })).dbUsers.map((u: any) => [u.dbUserName, u.dbUserStatus]),
      [['admin', 'STABLE']],
    );
    if (API !== 'v4.0') return;
    // v4.0: storage autoscale and slow query analysis at creation, as the instance then answers.
    const base = await spec(kr1, 'ops-autoscaled');
    const autoscale = { useStorageAutoscale: true, threshold: 85, maxStorageSize: 300, cooldownTime: 30 };
    const scaled = jobResourceId(
      await waitJob(
        kr1,
        (
          await kr1.createDbInstance({
            body: {
              ...base,
              storage: { ...base.storage, storageAutoscale: autoscale },
              useSlowQueryAnalysis: true,
              dbVersion: 'MYSQL_V8036',
              dbUserName: 'admin',
              dbPassword: 'secret-123',
            },
          })
        ).jobId,
      ),
    )!;
    assert.deepEqual((await kr1.getStorageInfo({ dbInstanceId: scaled })).storageAutoscale, autoscale);
    assert.equal((await kr1.getDbInstance({ dbInstanceId: scaled })).useSlowQueryAnalysis, true);
  },
  modifyDbInstance: async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    // staging-api has a real database whose relay moves to the new port only where it is free on
    // this machine (else dbPort stays the port that answers): a fixed 3307 met the relay of this
    // file's v3.0 and v4.0 runs, side by side.
    const dbPort = await freeLoopbackPort();
    await waitJob(
      kr1,
      (
        await kr1.modifyDbInstance({
          dbInstanceId: inst.dbInstanceId,
          body: { description: 'changed by test', dbPort, ...(API === 'v4.0' && { useSlowQueryAnalysis: true }) },
        })
      ).jobId,
    );
    const after = await kr1.getDbInstance({ dbInstanceId: inst.dbInstanceId });
    assert.equal(after.description, 'changed by test');
    assert.equal(after.dbPort, dbPort);
    if (API === 'v4.0') assert.equal(after.useSlowQueryAnalysis, true);
  },
  deleteDbInstance: async () => {
    const id = await createInstance('ops-doomed');
    await waitJob(kr1, (await kr1.deleteDbInstance({ dbInstanceId: id })).jobId);
    assert.ok(!(await kr1.listDbInstances()).dbInstances.some((i: any) => i.dbInstanceId === id));
  },
  restartDbInstance: async () => {
    const inst = await instanceByName(kr1, 'legacy-crm');
    const job = await waitJob(kr1, (await kr1.restartDbInstance({ dbInstanceId: inst.dbInstanceId, body: {} })).jobId);
    assert.equal(job.jobStatus, 'COMPLETED');
    if (API !== 'v4.0') return;
    // v4.0's failover options: the guide allows them on high availability only (legacy-crm has none).
    await assert.rejects(
      kr1.restartDbInstance({ dbInstanceId: inst.dbInstanceId, body: { waitReplicationDelay: true } }),
      /waitReplicationDelay needs high availability/,
    );
    const ha = await instanceByName(kr1, 'prod-orders');
    const failover = await kr1.restartDbInstance({
      dbInstanceId: ha.dbInstanceId,
      body: { useOnlineFailover: true, waitReplicationDelay: true, useReadOnly: true },
    });
    assert.equal((await waitJob(kr1, failover.jobId)).jobStatus, 'COMPLETED');
  },
  forceRestartDbInstance: async () => {
    const inst = await instanceByName(kr1, 'legacy-billing');
    const out = await kr1.forceRestartDbInstance({ dbInstanceId: inst.dbInstanceId });
    assert.deepEqual(
      Object.keys(out ?? {}).filter((k) => k !== 'header'),
      [],
    );
    const events = await kr1.listEvents({
      query: {
        page: 1,
        size: 5,
        from: '2000-01-01T00:00:00+09:00',
        to: '2100-01-01T00:00:00+09:00',
        eventCategoryType: 'INSTANCE',
        sourceId: inst.dbInstanceId,
      },
    });
    assert.ok(events.totalCounts >= 1);
  },
  startDbInstance: async () => {
    const inst = await instanceByName(kr1, 'analytics-batch');
    assert.equal(inst.dbInstanceStatus, 'SHUTDOWN');
    await waitJob(kr1, (await kr1.startDbInstance({ dbInstanceId: inst.dbInstanceId })).jobId);
    assert.equal((await kr1.getDbInstance({ dbInstanceId: inst.dbInstanceId })).dbInstanceStatus, 'AVAILABLE');
  },
  stopDbInstance: async () => {
    const inst = await instanceByName(kr2, 'reporting');
    await waitJob(kr2, (await kr2.stopDbInstance({ dbInstanceId: inst.dbInstanceId })).jobId);
    assert.equal((await kr2.getDbInstance({ dbInstanceId: inst.dbInstanceId })).dbInstanceStatus, 'SHUTDOWN');
  },
  backupDbInstance: async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    await waitJob(
      kr1,
      (await kr1.backupDbInstance({ dbInstanceId: inst.dbInstanceId, body: { backupName: 'ops-manual' } })).jobId,
    );
    const b = (
      await kr1.listBackups({ query: { page: 1, size: 100, dbInstanceId: inst.dbInstanceId, backupType: 'MANUAL' } })
    ).backups.find((x: any) => x.backupName === 'ops-manual');
    assert.equal(b?.backupStatus, 'COMPLETED');
    assert.ok(b!.backupSize > 0);
  },
  backupDbInstanceToObjectStorage: async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    await waitJob(
      kr1,
      (await kr1.backupDbInstanceToObjectStorage({ dbInstanceId: inst.dbInstanceId, body: TARGET })).jobId,
    );
    const exp = sb.rds.exports.find((e) => e.operation === 'backupDbInstanceToObjectStorage');
    assert.equal(exp?.bucket, 'exports');
    assert.match(exp!.path, /^rds\/kr1\/staging-api_\d+\.xbstream$/);
  },
  promoteDbInstance: async () => {
    const rep = await instanceByName(kr1, 'prod-orders-replica-2');
    await waitJob(kr1, (await kr1.promoteDbInstance({ dbInstanceId: rep.dbInstanceId })).jobId);
    const after = await kr1.getDbInstance({ dbInstanceId: rep.dbInstanceId });
    assert.equal(after.dbInstanceType, 'MASTER');
    assert.notEqual(after.dbInstanceGroupId, rep.dbInstanceGroupId);
  },
  setDeletionProtection: async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    await kr1.setDeletionProtection({ dbInstanceId: inst.dbInstanceId, body: { useDeletionProtection: true } });
    assert.equal((await kr1.getDbInstance({ dbInstanceId: inst.dbInstanceId })).useDeletionProtection, true);
    await kr1.setDeletionProtection({ dbInstanceId: inst.dbInstanceId, body: { useDeletionProtection: false } });
    assert.equal((await kr1.getDbInstance({ dbInstanceId: inst.dbInstanceId })).useDeletionProtection, false);
  },
  setHighAvailability: async () => {
    const inst = await instanceByName(kr1, 'legacy-crm');
    await waitJob(
      kr1,
      (
        await kr1.setHighAvailability({
          dbInstanceId: inst.dbInstanceId,
          body: { useHighAvailability: true, pingInterval: 5 },
        })
      ).jobId,
    );
    const g = await kr1.getDbInstanceGroup({ dbInstanceGroupId: inst.dbInstanceGroupId });
    assert.equal(g.replicationType, 'HIGH_AVAILABILITY');
    assert.deepEqual(g.dbInstances.map((i: any) => i.dbInstanceType).sort(), ['CANDIDATE_MASTER', 'MASTER']);
  },
  resumeHighAvailability: async () => {
    const inst = await instanceByName(kr1, 'prod-orders');
    await waitJob(kr1, (await kr1.pauseHighAvailability({ dbInstanceId: inst.dbInstanceId })).jobId);
    const job = await waitJob(kr1, (await kr1.resumeHighAvailability({ dbInstanceId: inst.dbInstanceId })).jobId);
    assert.equal(job.jobStatus, 'COMPLETED');
  },
  pauseHighAvailability: async () => {
    const inst = await instanceByName(kr1, 'prod-orders');
    await waitJob(kr1, (await kr1.pauseHighAvailability({ dbInstanceId: inst.dbInstanceId })).jobId);
    // Paused now: pausing again is refused.
    await assert.rejects(kr1.pauseHighAvailability({ dbInstanceId: inst.dbInstanceId }), /already paused/);
  },
  repairHighAvailability: async () => {
    const inst = await instanceByName(kr1, 'prod-orders');
    const job = await waitJob(kr1, (await kr1.repairHighAvailability({ dbInstanceId: inst.dbInstanceId })).jobId);
    assert.equal(job.jobStatus, 'COMPLETED');
  },
  splitHighAvailability: async () => {
    const inst = await instanceByName(jp1, 'jp-shop');
    await waitJob(jp1, (await jp1.splitHighAvailability({ dbInstanceId: inst.dbInstanceId })).jobId);
    const cand = await instanceByName(jp1, 'jp-shop-candidate');
    assert.equal(cand.dbInstanceType, 'MASTER');
    assert.notEqual(cand.dbInstanceGroupId, inst.dbInstanceGroupId);
    assert.equal(
      (await jp1.getDbInstanceGroup({ dbInstanceGroupId: inst.dbInstanceGroupId })).replicationType,
      'STANDALONE',
    );
  },
  getStorageInfo: async () => {
    const s = await kr1.getStorageInfo({ dbInstanceId: (await instanceByName(kr1, 'prod-orders')).dbInstanceId });
    assert.deepEqual([s.storageType, s.storageSize, s.storageStatus], ['General SSD', 500, 'ATTACHED']);
  },
  modifyStorageInfo: async () => {
    const inst = await instanceByName(kr1, 'dev-playground');
    await waitJob(
      kr1,
      (
        await kr1.modifyStorageInfo(
          { dbInstanceId: inst.dbInstanceId, body: { storageSize: 40 } },
          { currentStorageSize: 20 },
        )
      ).jobId,
    );
    assert.equal((await kr1.getStorageInfo({ dbInstanceId: inst.dbInstanceId })).storageSize, 40);
    if (API !== 'v4.0') return;
    // v4.0: autoscale changed with the size kept; a ceiling below the size is refused unsent.
    const storageAutoscale = { useStorageAutoscale: true, threshold: 90, maxStorageSize: 200, cooldownTime: 60 };
    await waitJob(
      kr1,
      (await kr1.modifyStorageInfo({ dbInstanceId: inst.dbInstanceId, body: { storageSize: 40, storageAutoscale } }))
        .jobId,
    );
    assert.deepEqual(
      (await kr1.getStorageInfo({ dbInstanceId: inst.dbInstanceId })).storageAutoscale,
      storageAutoscale,
    );
    await assert.rejects(
      kr1.modifyStorageInfo({
        dbInstanceId: inst.dbInstanceId,
        body: { storageSize: 40, storageAutoscale: { maxStorageSize: 30 } },
      }),
      /maxStorageSize must not be below the storage size \(40 GB\)/,
    );
  },
  getBackupInfo: async () => {
    const b = await kr1.getBackupInfo({ dbInstanceId: (await instanceByName(kr1, 'prod-orders')).dbInstanceId });
    assert.equal(b.backupPeriod, 14);
    assert.equal(b.backupSchedules[0].backupWndDuration, 'ONE_HOUR');
  },
  modifyBackupInfo: async () => {
    const inst = await instanceByName(kr1, 'dev-playground');
    const body = {
      backupPeriod: 3,
      backupSchedules: [{ backupWndBgnTime: '04:30:00', backupWndDuration: 'TWO_HOURS' as const }],
    };
    await waitJob(kr1, (await kr1.modifyBackupInfo({ dbInstanceId: inst.dbInstanceId, body })).jobId);
    const b = await kr1.getBackupInfo({ dbInstanceId: inst.dbInstanceId });
    assert.equal(b.backupPeriod, 3);
    assert.deepEqual(b.backupSchedules, body.backupSchedules);
  },
  getNetworkInfo: async () => {
    const n = await kr1.getNetworkInfo({ dbInstanceId: (await instanceByName(kr1, 'staging-api')).dbInstanceId });
    assert.deepEqual(n.endPoints.map((e: any) => e.endPointType).sort(), ['EXTERNAL', 'INTERNAL']);
    assert.equal(n.subnet.subnetCidr, '10.0.2.0/24');
  },
  modifyNetworkInfo: async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    await waitJob(
      kr1,
      (await kr1.modifyNetworkInfo({ dbInstanceId: inst.dbInstanceId, body: { usePublicAccess: false } })).jobId,
    );
    assert.deepEqual(
      (await kr1.getNetworkInfo({ dbInstanceId: inst.dbInstanceId })).endPoints.map((e: any) => e.endPointType),
      ['INTERNAL'],
    );
  },
  replicateDbInstance: async () => {
    const src = await instanceByName(kr2, 'dr-orders');
    const job = await waitJob(
      kr2,
      (
        await kr2.replicateDbInstance({
          dbInstanceId: src.dbInstanceId,
          body: { dbInstanceName: 'dr-orders-replica', network: { availabilityZone: 'kr2-pub-b' } },
        })
      ).jobId,
    );
    const rep = await kr2.getDbInstance({ dbInstanceId: jobResourceId(job)! });
    assert.deepEqual(
      [rep.dbInstanceType, rep.dbInstanceStatus, rep.dbInstanceGroupId],
      ['READ_ONLY_SLAVE', 'AVAILABLE', src.dbInstanceGroupId],
    );
  },
  getRestorationInfo: async () => {
    const info = await kr1.getRestorationInfo({
      dbInstanceId: (await instanceByName(kr1, 'prod-orders')).dbInstanceId,
    });
    assert.ok(info.restorableBackups.length >= 8);
    assert.equal(info.restorableBackups[0].restorableBinLogs.length, 3);
    assert.ok(info.oldestRestorableYmdt && info.latestRestorableYmdt);
  },
  getLastQuery: async () => {
    const out = await kr1.getLastQuery({
      dbInstanceId: (await instanceByName(kr1, 'prod-orders')).dbInstanceId,
      query: {
        restoreType: 'TIMESTAMP',
        restoreYmdt: new Date(Date.now() - 3600_000).toISOString().replace('Z', '+00:00'),
      },
    });
    assert.match(out.lastQuery, /^UPDATE /);
    assert.ok(out.executedYmdt);
  },
  restoreDbInstance: async () => {
    const src = await instanceByName(kr1, 'prod-orders');
    const backup = await latestBackup(kr1, src.dbInstanceId, 'AUTO');
    const job = await waitJob(
      kr1,
      (
        await kr1.restoreDbInstance({
          dbInstanceId: src.dbInstanceId,
          body: {
            ...(await spec(kr1, 'prod-orders-restored')),
            restore: { restoreType: 'BACKUP', backupId: backup.backupId },
          },
        })
      ).jobId,
    );
    const made = await kr1.getDbInstance({ dbInstanceId: jobResourceId(job)! });
    assert.deepEqual(
      [made.dbInstanceName, made.dbInstanceStatus, made.dbInstanceType],
      ['prod-orders-restored', 'AVAILABLE', 'MASTER'],
    );
  },
  restoreFromObjectStorage: async () => {
    const job = await waitJob(
      kr1,
      (
        await kr1.restoreFromObjectStorage({
          body: { ...(await spec(kr1, 'from-obs')), dbVersion: 'MYSQL_V8036', restore: TARGET },
        })
      ).jobId,
    );
    assert.equal((await kr1.getDbInstance({ dbInstanceId: jobResourceId(job)! })).dbInstanceName, 'from-obs');
  },
  restoreFromBackup: async () => {
    const src = await instanceByName(kr1, 'prod-orders');
    const backup = await latestBackup(kr1, src.dbInstanceId, 'MANUAL');
    const job = await waitJob(
      kr1,
      (await kr1.restoreFromBackup({ backupId: backup.backupId, body: await spec(kr1, 'from-backup') })).jobId,
    );
    const made = await kr1.getDbInstance({ dbInstanceId: jobResourceId(job)! });
    assert.deepEqual([made.dbInstanceName, made.dbVersion], ['from-backup', 'MYSQL_V8036']);
  },
  listDbUsers: async () => {
    const { dbUsers } = await kr1.listDbUsers({
      dbInstanceId: (await instanceByName(kr1, 'prod-orders')).dbInstanceId,
    });
    assert.deepEqual(
      dbUsers.map((u: any) => `${u.dbUserName}@${u.host}:${u.authorityType}`),
      ['admin@%:DDL', 'app@10.0.%:CRUD', 'readonly@%:READ'],
    );
  },
  createDbUser: async () => {
    const inst = await instanceByName(kr1, 'dev-playground');
    const { jobId } = await kr1.createDbUser({
      dbInstanceId: inst.dbInstanceId,
      body: { dbUserName: 'reporter', dbPassword: 'pw-1234', host: '10.0.1.%', authorityType: 'READ' },
    });
    const during = (await kr1.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.find(
      (u: any) => u.dbUserName === 'reporter',
    );
    assert.ok(during, 'the user is listed as soon as the job starts');
    await waitJob(kr1, jobId);
    const u = (await kr1.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.find(
      (x: any) => x.dbUserName === 'reporter',
    );
    assert.deepEqual([u?.dbUserStatus, u?.authenticationPlugin], ['STABLE', 'CACHING_SHA2']);
  },
  modifyDbUser: async () => {
    const inst = await instanceByName(kr1, 'prod-orders');
    const u = (await kr1.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.find(
      (x: any) => x.dbUserName === 'readonly',
    )!;
    await waitJob(
      kr1,
      (
        await kr1.modifyDbUser({
          dbInstanceId: inst.dbInstanceId,
          dbUserId: u.dbUserId,
          body: { authorityType: 'CRUD', authenticationPlugin: 'CACHING_SHA2', dbPassword: 'new-pass' },
        })
      ).jobId,
    );
    const after = (await kr1.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.find(
      (x: any) => x.dbUserId === u.dbUserId,
    );
    assert.deepEqual(
      [after?.authorityType, after?.authenticationPlugin, after?.dbUserStatus],
      ['CRUD', 'CACHING_SHA2', 'STABLE'],
    );
  },
  deleteDbUser: async () => {
    const inst = await instanceByName(kr1, 'prod-orders');
    const u = (await kr1.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.find(
      (x: any) => x.dbUserName === 'app',
    )!;
    await waitJob(kr1, (await kr1.deleteDbUser({ dbInstanceId: inst.dbInstanceId, dbUserId: u.dbUserId })).jobId);
    assert.ok(
      !(await kr1.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.some((x: any) => x.dbUserId === u.dbUserId),
    );
  },
  listDbSchemas: async () => {
    const { dbSchemas } = await kr1.listDbSchemas({
      dbInstanceId: (await instanceByName(kr1, 'prod-orders')).dbInstanceId,
    });
    assert.deepEqual(
      dbSchemas.map((s: any) => s.dbSchemaName),
      ['prod_orders', 'prod_orders_archive'],
    );
  },
  createDbSchema: async () => {
    const inst = await instanceByName(kr1, 'legacy-billing');
    await waitJob(
      kr1,
      (await kr1.createDbSchema({ dbInstanceId: inst.dbInstanceId, body: { dbSchemaName: 'invoices_2025' } })).jobId,
    );
    const s = (await kr1.listDbSchemas({ dbInstanceId: inst.dbInstanceId })).dbSchemas.find(
      (x: any) => x.dbSchemaName === 'invoices_2025',
    );
    assert.equal(s?.dbSchemaStatus, 'STABLE');
  },
  deleteDbSchema: async () => {
    const inst = await instanceByName(kr1, 'legacy-billing');
    const s = (await kr1.listDbSchemas({ dbInstanceId: inst.dbInstanceId })).dbSchemas[0];
    await waitJob(kr1, (await kr1.deleteDbSchema({ dbInstanceId: inst.dbInstanceId, dbSchemaId: s.dbSchemaId })).jobId);
    assert.ok(
      !(await kr1.listDbSchemas({ dbInstanceId: inst.dbInstanceId })).dbSchemas.some(
        (x: any) => x.dbSchemaId === s.dbSchemaId,
      ),
    );
  },
  listLogFiles: async () => {
    const id = (await instanceByName(kr1, 'legacy-crm')).dbInstanceId;
    const all = (await kr1.listLogFiles({ dbInstanceId: id })).logFiles;
    assert.deepEqual([...new Set(all.map((f: any) => f.logFileType))].sort(), [
      'AUDIT',
      'BACKUP',
      'BINLOG',
      'ERROR',
      'GENERAL',
      'SLOW_QUERY',
    ]);
    const some = (await kr1.listLogFiles({ dbInstanceId: id, query: { logFileTypes: ['ERROR', 'SLOW_QUERY'] } }))
      .logFiles;
    assert.deepEqual(some.map((f: any) => f.logFileName).sort(), ['error.log', 'slow_query.log']);
  },
  exportLogFiles: async () => {
    const id = (await instanceByName(kr1, 'legacy-crm')).dbInstanceId;
    await waitJob(
      kr1,
      (
        await kr1.exportLogFiles({
          dbInstanceId: id,
          body: { ...TARGET, objectPath: 'logs/legacy-crm', logFileNames: ['error.log', 'slow_query.log'] },
        })
      ).jobId,
    );
    const files = sb.rds.exports.filter((e) => e.operation === 'exportLogFiles');
    assert.deepEqual(
      files.map((f) => f.path),
      ['logs/legacy-crm/error.log', 'logs/legacy-crm/slow_query.log'],
    );
    assert.match(files[0].content, /ready for connections/);
  },
  listBackups: async () => {
    const p1 = await kr1.listBackups({ query: { page: 1, size: 5 } });
    const p2 = await kr1.listBackups({ query: { page: 2, size: 5 } });
    assert.ok(p1.totalCounts > 10);
    assert.equal(p1.backups.length, 5);
    assert.notEqual(p1.backups[0].backupId, p2.backups[0].backupId);
    assert.ok(p1.backups[0].createdYmdt >= p2.backups[0].createdYmdt, 'newest first');
  },
  exportBackup: async () => {
    const b = await latestBackup(kr1, (await instanceByName(kr1, 'legacy-crm')).dbInstanceId, 'AUTO');
    await waitJob(kr1, (await kr1.exportBackup({ backupId: b.backupId, body: TARGET })).jobId);
    assert.ok(
      sb.rds.exports.some((e) => e.operation === 'exportBackup' && e.path === `rds/kr1/${b.backupName}.xbstream`),
    );
  },
  deleteBackup: async () => {
    const b = await latestBackup(kr1, (await instanceByName(kr1, 'legacy-billing')).dbInstanceId, 'MANUAL');
    await waitJob(kr1, (await kr1.deleteBackup({ backupId: b.backupId })).jobId);
    const left = await kr1.listBackups({ query: { page: 1, size: 100, backupType: 'MANUAL' } });
    assert.ok(!left.backups.some((x: any) => x.backupId === b.backupId));
  },
  listDbSecurityGroups: async () => {
    const { dbSecurityGroups } = await kr1.listDbSecurityGroups();
    assert.deepEqual(
      dbSecurityGroups.map((g: any) => g.dbSecurityGroupName),
      ['default-db-access', 'office-vpn', 'unused-sg'],
    );
  },
  getDbSecurityGroup: async () => {
    const id = (await kr1.listDbSecurityGroups()).dbSecurityGroups[1].dbSecurityGroupId;
    const g = await kr1.getDbSecurityGroup({ dbSecurityGroupId: id });
    const group = (g as any).dbSecurityGroup ?? g;
    assert.equal(group.rules.length, 2);
    assert.ok(group.rules.some((r: any) => r.etherType === 'IPV6' && r.port.portType === 'PORT_RANGE'));
  },
  createDbSecurityGroup: async () => {
    const { dbSecurityGroupId } = await kr1.createDbSecurityGroup({
      body: {
        dbSecurityGroupName: 'ops-sg',
        description: 'test',
        rules: [{ direction: 'INGRESS', etherType: 'IPV4', cidr: '10.1.0.0/16', port: { portType: 'DB_PORT' } }],
      },
    });
    const g: any = await kr1.getDbSecurityGroup({ dbSecurityGroupId });
    assert.equal((g.dbSecurityGroup ?? g).rules[0].cidr, '10.1.0.0/16');
  },
  modifyDbSecurityGroup: async () => {
    const g = (await kr1.listDbSecurityGroups()).dbSecurityGroups.find((x: any) => x.dbSecurityGroupName === 'ops-sg')!;
    await kr1.modifyDbSecurityGroup({
      dbSecurityGroupId: g.dbSecurityGroupId,
      body: { dbSecurityGroupName: 'ops-sg-renamed' },
    });
    assert.ok(
      (await kr1.listDbSecurityGroups()).dbSecurityGroups.some((x: any) => x.dbSecurityGroupName === 'ops-sg-renamed'),
    );
  },
  deleteDbSecurityGroup: async () => {
    const g = (await kr1.listDbSecurityGroups()).dbSecurityGroups.find(
      (x: any) => x.dbSecurityGroupName === 'unused-sg',
    )!;
    await kr1.deleteDbSecurityGroup({ dbSecurityGroupId: g.dbSecurityGroupId });
    assert.ok(
      !(await kr1.listDbSecurityGroups()).dbSecurityGroups.some(
        (x: any) => x.dbSecurityGroupId === g.dbSecurityGroupId,
      ),
    );
  },
  createDbSecurityGroupRule: async () => {
    const g = (await kr1.listDbSecurityGroups()).dbSecurityGroups.find(
      (x: any) => x.dbSecurityGroupName === 'ops-sg-renamed',
    )!;
    await waitJob(
      kr1,
      (
        await kr1.createDbSecurityGroupRule({
          dbSecurityGroupId: g.dbSecurityGroupId,
          body: {
            direction: 'EGRESS',
            etherType: 'IPV4',
            cidr: '0.0.0.0/0',
            port: { portType: 'PORT', minPort: 443, maxPort: 443 },
          },
        })
      ).jobId,
    );
    const d: any = await kr1.getDbSecurityGroup({ dbSecurityGroupId: g.dbSecurityGroupId });
    assert.equal((d.dbSecurityGroup ?? d).rules.length, 2);
    assert.equal((d.dbSecurityGroup ?? d).progressStatus, 'NONE');
  },
  modifyDbSecurityGroupRule: async () => {
    const g = (await kr1.listDbSecurityGroups()).dbSecurityGroups.find(
      (x: any) => x.dbSecurityGroupName === 'ops-sg-renamed',
    )!;
    const d: any = await kr1.getDbSecurityGroup({ dbSecurityGroupId: g.dbSecurityGroupId });
    const rule = (d.dbSecurityGroup ?? d).rules[0];
    await waitJob(
      kr1,
      (
        await kr1.modifyDbSecurityGroupRule({
          dbSecurityGroupId: g.dbSecurityGroupId,
          ruleId: rule.ruleId,
          body: {
            direction: 'INGRESS',
            etherType: 'IPV4',
            cidr: '10.2.0.0/16',
            port: { portType: 'PORT_RANGE', minPort: 3306, maxPort: 3310 },
          },
        })
      ).jobId,
    );
    const after: any = await kr1.getDbSecurityGroup({ dbSecurityGroupId: g.dbSecurityGroupId });
    const changed = (after.dbSecurityGroup ?? after).rules.find((r: any) => r.ruleId === rule.ruleId);
    assert.deepEqual([changed.cidr, changed.port.minPort, changed.port.maxPort], ['10.2.0.0/16', 3306, 3310]);
  },
  deleteDbSecurityGroupRules: async () => {
    const g = (await kr1.listDbSecurityGroups()).dbSecurityGroups.find(
      (x: any) => x.dbSecurityGroupName === 'ops-sg-renamed',
    )!;
    const d: any = await kr1.getDbSecurityGroup({ dbSecurityGroupId: g.dbSecurityGroupId });
    const ids = (d.dbSecurityGroup ?? d).rules.map((r: any) => r.ruleId);
    await waitJob(
      kr1,
      (await kr1.deleteDbSecurityGroupRules({ dbSecurityGroupId: g.dbSecurityGroupId, query: { ruleIds: ids } })).jobId,
    );
    const after: any = await kr1.getDbSecurityGroup({ dbSecurityGroupId: g.dbSecurityGroupId });
    assert.equal((after.dbSecurityGroup ?? after).rules.length, 0);
  },
  listParameterGroups: async () => {
    const all = (await kr1.listParameterGroups()).parameterGroups;
    const v57 = (await kr1.listParameterGroups({ query: { dbVersion: 'MYSQL_V5737' } })).parameterGroups;
    assert.ok(all.length >= 11);
    // The version's own default group and its family's group (which names no version).
    assert.deepEqual(
      v57.map((g: any) => g.parameterGroupName),
      ['default.MYSQL_V5737', 'default.MYSQL_V57_FAMILY'],
    );
    const family = v57.find((g: any) => g.parameterGroupName === 'default.MYSQL_V57_FAMILY');
    assert.equal(family.dbVersion, null);
  },
  getParameterGroup: async () => {
    const id = (await kr1.listParameterGroups({ query: { dbVersion: 'MYSQL_V8036' } })).parameterGroups[0]
      .parameterGroupId;
    const g = await kr1.getParameterGroup({ parameterGroupId: id });
    assert.ok(g.parameters.length >= 250);
    const iso = g.parameters.find((p: any) => p.parameterName === 'transaction_isolation')!;
    assert.equal(iso.allowedValue, 'READ-UNCOMMITTED|READ-COMMITTED|REPEATABLE-READ|SERIALIZABLE');
    assert.ok(['mysqld', 'MYSQLD'].includes(iso.parameterFileGroup));
  },
  createParameterGroup: async () => {
    const { parameterGroupId } = await kr1.createParameterGroup({
      body: { parameterGroupName: 'ops-pg', dbVersion: 'MYSQL_V8040', description: 'made by test' },
    });
    const g = await kr1.getParameterGroup({ parameterGroupId });
    assert.deepEqual([g.parameterGroupName, g.dbVersion, g.parameterGroupStatus], ['ops-pg', 'MYSQL_V8040', 'STABLE']);
  },
  copyParameterGroup: async () => {
    const src = (await kr1.listParameterGroups()).parameterGroups.find(
      (g: any) => g.parameterGroupName === 'prod-mysql8-tuned',
    )!;
    const { parameterGroupId } = await kr1.copyParameterGroup({
      parameterGroupId: src.parameterGroupId,
      body: { parameterGroupName: 'ops-pg-copy' },
    });
    const g = await kr1.getParameterGroup({ parameterGroupId });
    assert.equal(g.parameters.find((p: any) => p.parameterName === 'transaction_isolation')!.value, 'READ-COMMITTED');
  },
  modifyParameterGroup: async () => {
    const g = (await kr1.listParameterGroups()).parameterGroups.find((x: any) => x.parameterGroupName === 'ops-pg')!;
    await kr1.modifyParameterGroup({
      parameterGroupId: g.parameterGroupId,
      body: { description: 'renamed', parameterGroupName: 'ops-pg-2' },
    });
    assert.equal(
      (await kr1.getParameterGroup({ parameterGroupId: g.parameterGroupId })).parameterGroupName,
      'ops-pg-2',
    );
  },
  modifyParameters: async () => {
    const g = (await kr1.listParameterGroups()).parameterGroups.find((x: any) => x.parameterGroupName === 'ops-pg-2')!;
    const p = (await kr1.getParameterGroup({ parameterGroupId: g.parameterGroupId })).parameters.find(
      (x: any) => x.parameterName === 'long_query_time',
    )!;
    await kr1.modifyParameters({
      parameterGroupId: g.parameterGroupId,
      body: { modifiedParameters: [{ parameterId: p.parameterId, value: '3' }] },
    });
    assert.equal(
      (await kr1.getParameterGroup({ parameterGroupId: g.parameterGroupId })).parameters.find(
        (x: any) => x.parameterId === p.parameterId,
      )!.value,
      '3',
    );
  },
  resetParameterGroup: async () => {
    const g = (await kr1.listParameterGroups()).parameterGroups.find((x: any) => x.parameterGroupName === 'ops-pg-2')!;
    await kr1.resetParameterGroup({ parameterGroupId: g.parameterGroupId });
    const params = (await kr1.getParameterGroup({ parameterGroupId: g.parameterGroupId })).parameters;
    assert.ok(params.every((p: any) => p.value === p.defaultValue));
  },
  deleteParameterGroup: async () => {
    const g = (await kr1.listParameterGroups()).parameterGroups.find((x: any) => x.parameterGroupName === 'ops-pg-2')!;
    await kr1.deleteParameterGroup({ parameterGroupId: g.parameterGroupId });
    assert.ok(
      !(await kr1.listParameterGroups()).parameterGroups.some((x: any) => x.parameterGroupId === g.parameterGroupId),
    );
  },
  listUserGroups: async () =>
    assert.deepEqual(
      (await kr1.listUserGroups()).userGroups.map((g: any) => g.userGroupName),
      ['DBA team', 'Everyone'],
    ),
  getUserGroup: async () => {
    const id = (await kr1.listUserGroups()).userGroups[0].userGroupId;
    const g = await kr1.getUserGroup({ userGroupId: id });
    assert.deepEqual([g.userGroupTypeCode, g.members.length], ['INDIVIDUAL_MEMBER', 2]);
  },
  createUserGroup: async () => {
    const { members } = await kr1.listProjectMembers();
    const { userGroupId } = await kr1.createUserGroup({
      body: { userGroupName: 'ops-ug', memberIds: [members[3].memberId] },
    });
    assert.deepEqual((await kr1.getUserGroup({ userGroupId })).members, [{ memberId: members[3].memberId }]);
  },
  modifyUserGroup: async () => {
    const g = (await kr1.listUserGroups()).userGroups.find((x: any) => x.userGroupName === 'ops-ug')!;
    // v4.0 renamed selectAllYN to selectAll.
    await kr1.modifyUserGroup({
      userGroupId: g.userGroupId,
      // The guide requires the name with every change.
      body:
        API === 'v4.0'
          ? { userGroupName: g.userGroupName, selectAll: true }
          : { userGroupName: g.userGroupName, selectAllYN: true },
    });
    const d = await kr1.getUserGroup({ userGroupId: g.userGroupId });
    assert.deepEqual([d.userGroupTypeCode, d.members.length], ['ENTIRE', 4]);
  },
  deleteUserGroup: async () => {
    const g = (await kr1.listUserGroups()).userGroups.find((x: any) => x.userGroupName === 'ops-ug')!;
    await kr1.deleteUserGroup({ userGroupId: g.userGroupId });
    assert.ok(!(await kr1.listUserGroups()).userGroups.some((x: any) => x.userGroupId === g.userGroupId));
  },
  listNotificationGroups: async () => {
    const { notificationGroups } = await kr1.listNotificationGroups();
    assert.deepEqual(
      notificationGroups.map((g: any) => [g.notificationGroupName, g.isEnabled]),
      [
        ['production-alerts', true],
        ['weekly-digest', false],
      ],
    );
  },
  getNotificationGroup: async () => {
    const id = (await kr1.listNotificationGroups()).notificationGroups[0].notificationGroupId;
    const g = await kr1.getNotificationGroup({ notificationGroupId: id });
    assert.deepEqual(
      g.dbInstances.map((i: any) => i.dbInstanceName),
      ['prod-orders'],
    );
    assert.deepEqual(
      g.userGroups.map((u: any) => u.userGroupName),
      ['DBA team'],
    );
  },
  createNotificationGroup: async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    const ug = (await kr1.listUserGroups()).userGroups[0];
    const { notificationGroupId } = await kr1.createNotificationGroup({
      body: { notificationGroupName: 'ops-ng', dbInstanceIds: [inst.dbInstanceId], userGroupIds: [ug.userGroupId] },
    });
    const g = await kr1.getNotificationGroup({ notificationGroupId });
    assert.deepEqual(
      [g.notifyEmail, g.notifySms, g.isEnabled, g.dbInstances[0].dbInstanceName],
      [true, true, true, 'staging-api'],
    );
  },
  modifyNotificationGroup: async () => {
    const g = (await kr1.listNotificationGroups()).notificationGroups.find(
      (x: any) => x.notificationGroupName === 'ops-ng',
    )!;
    await kr1.modifyNotificationGroup({
      notificationGroupId: g.notificationGroupId,
      body: { notifySms: false, dbInstanceIds: [] },
    });
    const d = await kr1.getNotificationGroup({ notificationGroupId: g.notificationGroupId });
    assert.deepEqual([d.notifySms, d.dbInstances.length], [false, 0]);
  },
  deleteNotificationGroup: async () => {
    const g = (await kr1.listNotificationGroups()).notificationGroups.find(
      (x: any) => x.notificationGroupName === 'ops-ng',
    )!;
    await kr1.deleteNotificationGroup({ notificationGroupId: g.notificationGroupId });
    assert.ok(
      !(await kr1.listNotificationGroups()).notificationGroups.some(
        (x: any) => x.notificationGroupId === g.notificationGroupId,
      ),
    );
  },
  listMetrics: async () => {
    const { metrics } = await kr1.listMetrics();
    assert.ok(metrics.some((m: any) => m.measureName === 'CPU_USAGE' && m.unit === '%'));
    assert.ok(metrics.some((m: any) => m.measureName === 'MYSQL_STATUS'));
  },
  getMetricStatistics: async () => {
    const id = (await instanceByName(kr1, 'prod-orders')).dbInstanceId;
    const query = {
      dbInstanceId: id,
      measureNames: ['CPU_USAGE', 'NETWORK_SEND'],
      from: '2026-01-01T00:00:00+09:00',
      to: '2026-01-01T01:00:00+09:00',
      interval: 5,
    };
    const { metricStatistics } = await kr1.getMetricStatistics({ query });
    assert.deepEqual(
      metricStatistics.map((s: any) => [s.measureName, s.unit, s.values.length]),
      [
        ['CPU_USAGE', '%', 13],
        ['NETWORK_SEND', 'bps', 13],
      ],
    );
    const again = await kr1.getMetricStatistics({ query });
    assert.deepEqual(again, { metricStatistics }, 'the same range gives the same series');
  },
  listEvents: async () => {
    const base = { page: 1, size: 10, from: '2000-01-01T00:00:00+09:00', to: '2100-01-01T00:00:00+09:00' };
    const all = await kr1.listEvents({ query: { ...base, eventCategoryType: 'ALL' } });
    assert.ok(all.totalCounts >= 60);
    assert.deepEqual(
      all.events[0].messages.map((m: any) => m.langCode),
      ['EN', 'JA', 'KO', 'ZH'],
    );
    const backups = await kr1.listEvents({ query: { ...base, eventCategoryType: 'BACKUP', keyword: 'completed' } });
    assert.ok(backups.totalCounts > 0 && backups.events.every((e: any) => e.eventCategoryType === 'BACKUP'));
  },
  listEventCodes: async () => {
    const { eventCodes } = await kr1.listEventCodes();
    assert.ok(eventCodes.every((c: any) => /^[A-Z]+_\d{2}_\d{2}$/.test(c.eventCode)));
  },

  // ---- v4.0 only -------------------------------------------------------------------------
  rebuildDbInstance: async () => {
    const id = await createInstance('ops-rebuild');
    const job = await waitJob(kr1, (await kr1.rebuildDbInstance({ dbInstanceId: id })).jobId);
    assert.equal(job.jobStatus, 'COMPLETED');
    assert.equal((await kr1.getDbInstance({ dbInstanceId: id })).dbInstanceStatus, 'AVAILABLE');
  },
  getLogFileContent: async () => {
    const id = (await instanceByName(kr1, 'legacy-crm')).dbInstanceId;
    const { content } = await kr1.getLogFileContent({
      dbInstanceId: id,
      logFileName: 'error.log',
      query: { logFileType: 'ERROR' },
    });
    assert.match(content, /ready for connections/);
    await assert.rejects(
      kr1.getLogFileContent({ dbInstanceId: id, logFileName: 'error.log', query: { logFileType: 'GENERAL' } }),
      /no GENERAL log file error\.log/,
    );
  },
  listBinLogs: async () => {
    const id = (await instanceByName(kr1, 'legacy-crm')).dbInstanceId;
    const all = (await kr1.listBinLogs({ dbInstanceId: id })).binLogs;
    const deletable = (await kr1.listBinLogs({ dbInstanceId: id, query: { deletable: true } })).binLogs;
    assert.ok(all.length >= 2, `binary logs: ${all.length}`);
    assert.deepEqual(deletable, all.slice(0, -1), 'deletable leaves out the one being written');
  },
  purgeBinLogs: async () => {
    const id = await createInstance('ops-binlogs');
    // A backup rotates the binary log: the one written before it can then be purged.
    await waitJob(
      kr1,
      (await kr1.createBackup({ body: { backupName: 'ops-rotate', backupMethodType: 'FULL', dbInstanceId: id } }))
        .jobId,
    );
    const before = (await kr1.listBinLogs({ dbInstanceId: id })).binLogs.map((b: any) => b.binLogFileName);
    const deletable = (await kr1.listBinLogs({ dbInstanceId: id, query: { deletable: true } })).binLogs;
    const last = deletable.at(-1).binLogFileName;
    await kr1.purgeBinLogs({ dbInstanceId: id, body: { lastBinLogFileName: last } });
    const after = (await kr1.listBinLogs({ dbInstanceId: id })).binLogs.map((b: any) => b.binLogFileName);
    assert.deepEqual(after, before.slice(before.indexOf(last) + 1));
    await assert.rejects(
      kr1.purgeBinLogs({ dbInstanceId: id, body: { lastBinLogFileName: after.at(-1) } }),
      /being written/,
    );
  },
  listCertificates: async () => {
    const id = (await instanceByName(kr1, 'legacy-crm')).dbInstanceId;
    const { certificates } = await kr1.listCertificates({ dbInstanceId: id });
    assert.deepEqual(
      certificates.map((c: any) => c.certificateType),
      ['CA_FILE', 'CERT_FILE', 'KEY_FILE'],
    );
  },
  exportCertificates: async () => {
    const id = (await instanceByName(kr1, 'legacy-crm')).dbInstanceId;
    const { jobId } = await kr1.exportCertificates({
      dbInstanceId: id,
      body: { ...TARGET, objectPath: 'certs/legacy-crm', certificateTypes: ['CA_FILE'] },
    });
    await waitJob(kr1, jobId);
    const files = sb.rds.exports.filter((e) => e.operation === 'exportCertificates').map((e) => e.path);
    assert.deepEqual(files, ['certs/legacy-crm/ca.pem']);
  },
  getBackup: async () => {
    const id = await createInstance('ops-get-backup');
    const { jobId } = await kr1.createBackup({
      body: { backupName: 'ops-snapshot', backupMethodType: 'SNAPSHOT', dbInstanceId: id },
    });
    await waitJob(kr1, jobId);
    const b = (await latestBackup(kr1, id, 'MANUAL')) as { backupId: string };
    const { backup } = await kr1.getBackup({ backupId: b.backupId });
    assert.equal(backup.backupMethodType, 'SNAPSHOT');
    assert.equal(backup.regionCode, 'KR1');
    assert.equal(backup.backupStatus, 'COMPLETED');
  },
  createBackup: async () => {
    const id = await createInstance('ops-create-backup');
    const full = await kr1.createBackup({
      body: { backupName: 'ops-full', backupMethodType: 'FULL', dbInstanceId: id },
    });
    await waitJob(kr1, full.jobId);
    const base = (await latestBackup(kr1, id, 'MANUAL')) as { backupId: string; backupSize: number };
    const inc = await kr1.createBackup({
      body: { backupName: 'ops-incremental', backupMethodType: 'INCREMENTAL', baseBackupId: base.backupId },
    });
    await waitJob(kr1, inc.jobId);
    const { backups } = await kr1.listBackups({ query: { dbInstanceId: id, backupType: 'MANUAL' } });
    const made = backups.find((b: any) => b.backupName === 'ops-incremental');
    const { backup } = await kr1.getBackup({ backupId: made.backupId });
    assert.equal(backup.backupMethodType, 'INCREMENTAL');
    assert.ok(made.backupSize < base.backupSize, 'an incremental backup is smaller than its base');
    // An incremental backup names its base; a full one names its instance (checked before sending).
    await assert.rejects(
      kr1.createBackup({ body: { backupName: 'x', backupMethodType: 'INCREMENTAL', dbInstanceId: id } as never }),
      /baseBackupId/,
    );
  },
  listEventSubscriptions: async () => {
    const { totalCounts, eventSubscriptions } = await kr1.listEventSubscriptions({ query: { size: 100 } });
    assert.equal(totalCounts, eventSubscriptions.length);
  },
  createEventSubscription: async () => {
    const inst = await instanceByName(kr1, 'legacy-crm');
    const { userGroups } = await kr1.listUserGroups();
    const { eventSubscriptionId } = await kr1.createEventSubscription({
      body: {
        eventCategoryType: 'INSTANCE',
        eventSubscriptionName: 'ops-sub',
        enabled: true,
        notifyEmail: true,
        notifySms: false,
        eventCodes: ['INSTC_05_01'],
        sources: [{ sourceId: inst.dbInstanceId, eventCategoryType: 'INSTANCE' }],
        userGroupIds: [userGroups[0].userGroupId],
      },
    });
    const { eventSubscriptions } = await kr1.listEventSubscriptions({ query: { eventSubscriptionName: 'ops-sub' } });
    assert.deepEqual(
      eventSubscriptions.map((s: any) => [s.eventSubscriptionId, s.sources[0].sourceId]),
      [[eventSubscriptionId, inst.dbInstanceId]],
    );
  },
  modifyEventSubscription: async () => {
    const [s] = (await kr1.listEventSubscriptions({ query: { eventSubscriptionName: 'ops-sub' } })).eventSubscriptions;
    await kr1.modifyEventSubscription({ eventSubscriptionId: s.eventSubscriptionId, body: { enabled: false } });
    const [after] = (await kr1.listEventSubscriptions({ query: { eventSubscriptionId: s.eventSubscriptionId } }))
      .eventSubscriptions;
    assert.equal(after.enabled, false);
    assert.equal(after.notifyEmail, true, 'the fields not sent are kept');
  },
  deleteEventSubscription: async () => {
    const [s] = (await kr1.listEventSubscriptions({ query: { eventSubscriptionName: 'ops-sub' } })).eventSubscriptions;
    await kr1.deleteEventSubscription({ eventSubscriptionId: s.eventSubscriptionId });
    const left = await kr1.listEventSubscriptions({ query: { eventSubscriptionName: 'ops-sub' } });
    assert.equal(left.totalCounts, 0);
  },
  // Issue 61 (./rdsMaintenance.test.ts goes further).
  getHighAvailability: async () => {
    const ha = await kr1.getHighAvailability({ dbInstanceId: (await instanceByName(kr1, 'prod-orders')).dbInstanceId });
    // pauseHighAvailability (above) left it paused.
    assert.deepEqual(ha, { useHighAvailability: true, haStatus: 'PAUSED', pingInterval: 3, pingType: 'CONNECTION' });
    const candidate = await kr1.getHighAvailability({
      dbInstanceId: (await instanceByName(kr1, 'prod-orders-candidate')).dbInstanceId,
    });
    assert.deepEqual(candidate, ha, 'the pair answers alike');
    const single = await kr1.getHighAvailability({
      dbInstanceId: (await instanceByName(kr1, 'legacy-billing')).dbInstanceId,
    });
    assert.equal(single.useHighAvailability, false);
  },
  listMaintenances: async () => {
    const id = (await instanceByName(kr1, 'prod-orders')).dbInstanceId;
    const { totalCounts, maintenances } = await kr1.listMaintenances({ dbInstanceId: id });
    assert.equal(totalCounts, 2);
    assert.deepEqual(maintenances.map((m: any) => m.status).sort(), ['COMPLETED', 'PENDING']);
    const pending = await kr1.listMaintenances({ dbInstanceId: id, query: { statuses: 'PENDING,READY' } });
    assert.deepEqual(
      pending.maintenances.map((m: any) => m.type),
      ['APPLY_CHANGE_PARAMETER'],
    );
  },
  executeMaintenanceNow: async () => {
    const id = (await instanceByName(kr1, 'legacy-crm')).dbInstanceId;
    const [m] = (await kr1.listMaintenances({ dbInstanceId: id, query: { statuses: 'PENDING' } })).maintenances;
    const { jobId } = await kr1.executeMaintenanceNow({
      dbInstanceId: id,
      body: { configId: m.maintenanceId, category: m.category, type: m.type, payload: JSON.stringify(m.payload) },
    });
    assert.equal((await waitJob(kr1, jobId)).jobStatus, 'COMPLETED');
    const [done] = (await kr1.listMaintenances({ dbInstanceId: id })).maintenances.filter(
      (x: any) => x.maintenanceId === m.maintenanceId,
    );
    assert.equal(done.status, 'COMPLETED');
    assert.equal(done.executionType, 'MANUAL');
  },
  scheduleMaintenance: async () => {
    const id = (await instanceByName(jp1, 'jp-shop')).dbInstanceId;
    const [m] = (await jp1.listMaintenances({ dbInstanceId: id, query: { statuses: 'PENDING' } })).maintenances;
    await jp1.scheduleMaintenance({
      dbInstanceId: id,
      body: { configId: m.maintenanceId, category: m.category, type: m.type, payload: JSON.stringify(m.payload) },
    });
    const [ready] = (await jp1.listMaintenances({ dbInstanceId: id, query: { statuses: 'READY' } })).maintenances;
    assert.equal(ready.maintenanceId, m.maintenanceId);
    assert.ok(Date.parse(ready.executionStartedYmdt) > Date.now(), 'scheduled for the next window');
  },
  deleteMaintenance: async () => {
    const id = (await instanceByName(kr1, 'staging-api')).dbInstanceId;
    const [m] = (await kr1.listMaintenances({ dbInstanceId: id, query: { statuses: 'READY' } })).maintenances;
    await kr1.deleteMaintenance({ dbInstanceId: id, maintenanceId: m.maintenanceId });
    const after = (await kr1.listMaintenances({ dbInstanceId: id })).maintenances;
    assert.equal(after.find((x: any) => x.maintenanceId === m.maintenanceId).status, 'DELETED');
  },
  listAvailabilityZones: async () => {
    const zones = async (rds: LooseClient) =>
      (await rds.listAvailabilityZones()).availabilityZones.map((z: any) => [
        z.availabilityZoneName,
        z.zoneState.available,
      ]);
    assert.deepEqual(await zones(kr1), [
      ['kr-pub-a', true],
      ['kr-pub-b', true],
    ]);
    assert.deepEqual(await zones(kr2), [
      ['kr2-pub-a', true],
      ['kr2-pub-b', true],
    ]);
  },
};

describe('every RDS operation through RdsClient against the sandbox', () => {
  before(async () => {
    sb = await startSandbox({ timeScale: 5 });
    kr1 = clientFor(sb, 'KR1', 'ADMIN', 0, API) as LooseClient;
    kr2 = clientFor(sb, 'KR2', 'ADMIN', 0, API) as LooseClient;
    jp1 = clientFor(sb, 'JP1', 'ADMIN', 0, API) as LooseClient;
  });
  after(async () => {
    await sb.close();
  });

  test(`the ${API} table has ${API === 'v4.0' ? 97 : 82} operations; this file runs each name of either table`, () => {
    assert.equal(TABLE.length, API === 'v4.0' ? 97 : 82);
    const names = [...RDS_OPERATION_ROWS, ...RDS_V4_ONLY_ROWS].map((r) => r.name).sort();
    assert.deepEqual(Object.keys(OPS).sort(), names);
  });

  for (const op of TABLE) {
    const name = rdsOperationName(op);
    test(op.id, async () => {
      const before = sb.server.stats.byOperation[op.id] ?? 0;
      await OPS[name]();
      assert.ok((sb.server.stats.byOperation[op.id] ?? 0) > before, `${op.id} reached the sandbox`);
    });
  }
});
