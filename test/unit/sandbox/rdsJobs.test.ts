// Jobs of the RDS sandbox: their states over the time scale, the instance's progressStatus while
// they run, their effects at the end, and the failure knob. The clock is stepped, not waited on.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isApiError } from '../../../src/client/errors';
import { waitForJob } from '../../../src/client/rds/jobs';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { clientFor, instanceByName, raw, waitJob } from '../../support/sandbox';

const STEP = 60_000;
let sb: Sandbox;
before(async () => {
  // One step a minute: nothing moves unless the test advances the clock.
  sb = await startSandbox({ timeScale: STEP });
});
after(async () => {
  await sb.close();
});

describe('job lifecycle', () => {
  test('PREPARING -> READY -> RUNNING -> COMPLETED, progressStatus CREATING_USER while it runs, the user STABLE at the end', async () => {
    const rds = clientFor(sb);
    const inst = await instanceByName(rds, 'dev-playground');
    const { jobId } = await rds.createDbUser({
      dbInstanceId: inst.dbInstanceId,
      body: { dbUserName: 'etl', dbPassword: 'pw-12345', host: '%', authorityType: 'CRUD' },
    });
    const seen: string[] = [];
    const progress: string[] = [];
    for (let i = 0; i < 5; i++) {
      seen.push(String((await rds.getJob({ jobId })).jobStatus));
      progress.push(String((await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).progressStatus));
      sb.rds.advanceClock(STEP);
    }
    assert.deepEqual(seen, ['PREPARING', 'READY', 'RUNNING', 'RUNNING', 'COMPLETED']);
    assert.deepEqual(progress, ['CREATING_USER', 'CREATING_USER', 'CREATING_USER', 'CREATING_USER', 'NONE']);
    const job = await rds.getJob({ jobId });
    assert.deepEqual(job.resourceRelations, [{ resourceType: 'DB_INSTANCE', resourceId: inst.dbInstanceId }]);
    const user = (await rds.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.find(
      (u: any) => u.dbUserName === 'etl',
    );
    assert.equal(user?.dbUserStatus, 'STABLE');
  });

  test('a busy instance refuses a second job with a clear message', async () => {
    const rds = clientFor(sb);
    const inst = await instanceByName(rds, 'legacy-crm');
    await rds.restartDbInstance({ dbInstanceId: inst.dbInstanceId, body: {} });
    await assert.rejects(
      rds.stopDbInstance({ dbInstanceId: inst.dbInstanceId }),
      (e: unknown) => isApiError(e) && e.code === 40900 && /busy \(RESTARTING\)/.test(e.message),
    );
    sb.rds.advanceClock(5 * STEP);
  });

  test('stop shows STOPPING then SHUTDOWN; start shows STARTING then AVAILABLE', async () => {
    const rds = clientFor(sb);
    const inst = await instanceByName(rds, 'staging-api');
    const stop = await rds.stopDbInstance({ dbInstanceId: inst.dbInstanceId });
    assert.equal((await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).progressStatus, 'STOPPING');
    sb.rds.advanceClock(5 * STEP);
    assert.equal((await rds.getJob({ jobId: stop.jobId })).jobStatus, 'COMPLETED');
    assert.equal((await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).dbInstanceStatus, 'SHUTDOWN');
    await rds.startDbInstance({ dbInstanceId: inst.dbInstanceId });
    assert.equal((await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).progressStatus, 'STARTING');
    sb.rds.advanceClock(5 * STEP);
    assert.deepEqual(
      [
        (await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).dbInstanceStatus,
        (await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).progressStatus,
      ],
      ['AVAILABLE', 'NONE'],
    );
  });

  test('a restore makes a BEFORE_CREATE instance that becomes AVAILABLE', async () => {
    const rds = clientFor(sb);
    const src = await instanceByName(rds, 'legacy-crm');
    const [{ dbFlavors }, { subnets }] = await Promise.all([rds.listDbFlavors(), rds.listSubnets()]);
    const backup = (await rds.listBackups({ query: { page: 1, size: 1, dbInstanceId: src.dbInstanceId } })).backups[0];
    const pg = (await rds.listParameterGroups({ query: { dbVersion: 'MYSQL_V5737' } })).parameterGroups[0];
    const { jobId } = await rds.restoreDbInstance({
      dbInstanceId: src.dbInstanceId,
      body: {
        dbInstanceName: 'crm-restored',
        dbFlavorId: dbFlavors[0].dbFlavorId!,
        dbPort: 3306,
        parameterGroupId: pg.parameterGroupId!,
        network: { subnetId: subnets[1].subnetId!, availabilityZone: 'kr-pub-b' },
        storage: { storageType: 'General SSD', storageSize: 100 },
        backup: {
          backupPeriod: 1,
          backupSchedules: [{ backupWndBgnTime: '01:00:00', backupWndDuration: 'HALF_AN_HOUR' }],
        },
        restore: { restoreType: 'BACKUP', backupId: backup.backupId! },
      },
    });
    const made = (await rds.getJob({ jobId })).resourceRelations![0].resourceId!;
    const during = await rds.getDbInstance({ dbInstanceId: made });
    assert.deepEqual([during.dbInstanceStatus, during.progressStatus], ['BEFORE_CREATE', 'RESTORING']);
    sb.rds.advanceClock(5 * STEP);
    assert.equal((await rds.getDbInstance({ dbInstanceId: made })).dbInstanceStatus, 'AVAILABLE');
  });

  test('force-restart returns no job but shows RESTARTING_FORCIBLY until its work is done', async () => {
    const rds = clientFor(sb);
    const inst = await instanceByName(rds, 'legacy-billing');
    await rds.forceRestartDbInstance({ dbInstanceId: inst.dbInstanceId });
    assert.equal((await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).progressStatus, 'RESTARTING_FORCIBLY');
    sb.rds.advanceClock(5 * STEP);
    assert.equal((await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).progressStatus, 'NONE');
  });

  test('enabling HA creates a candidate master; disabling removes it', async () => {
    const rds = clientFor(sb, 'KR2');
    const inst = await instanceByName(rds, 'dr-orders');
    await rds.setHighAvailability({ dbInstanceId: inst.dbInstanceId, body: { useHighAvailability: true } });
    sb.rds.advanceClock(5 * STEP);
    const g = await rds.getDbInstanceGroup({ dbInstanceGroupId: inst.dbInstanceGroupId });
    assert.deepEqual([g.replicationType, g.dbInstances.length], ['HIGH_AVAILABILITY', 2]);
    await rds.setHighAvailability({ dbInstanceId: inst.dbInstanceId, body: { useHighAvailability: false } });
    sb.rds.advanceClock(5 * STEP);
    const after = await rds.getDbInstanceGroup({ dbInstanceGroupId: inst.dbInstanceGroupId });
    assert.deepEqual([after.replicationType, after.dbInstances.length], ['STANDALONE', 1]);
  });
});

describe('the failure knob', () => {
  test('the next createDbUser job ends FAILED, the user is not created, waitForJob rejects', async () => {
    sb.rds.setTimeScale(5);
    try {
      const rds = clientFor(sb);
      const inst = await instanceByName(rds, 'dev-playground');
      sb.rds.failNextJob('createDbUser');
      const { jobId } = await rds.createDbUser({
        dbInstanceId: inst.dbInstanceId,
        body: { dbUserName: 'doomed', dbPassword: 'pw-12345', host: '%', authorityType: 'READ' },
      });
      await assert.rejects(
        waitForJob(rds, jobId, { initialDelayMs: 5, maxDelayMs: 20 }),
        (e: unknown) => isApiError(e) && e.code === 'FAILED',
      );
      assert.ok(
        !(await rds.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.some(
          (u: any) => u.dbUserName === 'doomed',
        ),
      );
      assert.equal((await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).progressStatus, 'NONE');
      // Only the next one: the same call succeeds now.
      const again = await rds.createDbUser({
        dbInstanceId: inst.dbInstanceId,
        body: { dbUserName: 'doomed', dbPassword: 'pw-12345', host: '%', authorityType: 'READ' },
      });
      assert.equal((await waitJob(rds, again.jobId)).jobStatus, 'COMPLETED');
    } finally {
      sb.rds.setTimeScale(STEP);
    }
  });

  test('through the control route: a failed create leaves the instance FAIL_TO_CREATE', async () => {
    await fetch(`${sb.url}/_sandbox/rds/fail-next-job`, {
      method: 'POST',
      body: JSON.stringify({ operation: 'restoreFromBackup' }),
    });
    const rds = clientFor(sb);
    const src = await instanceByName(rds, 'prod-orders');
    const backup = (await rds.listBackups({ query: { page: 1, size: 1, dbInstanceId: src.dbInstanceId } })).backups[0];
    const g = await raw(sb, 'GET', `/v3.0/db-instances/${src.dbInstanceId}`);
    const [{ subnets }] = await Promise.all([rds.listSubnets()]);
    const { jobId } = await rds.restoreFromBackup({
      backupId: backup.backupId!,
      body: {
        dbInstanceName: 'will-fail',
        dbFlavorId: g.json.dbFlavorId,
        dbPort: 3306,
        parameterGroupId: g.json.parameterGroupId,
        network: { subnetId: subnets[1].subnetId!, availabilityZone: 'kr-pub-a' },
        storage: { storageType: 'General SSD', storageSize: 500 },
        backup: {
          backupPeriod: 1,
          backupSchedules: [{ backupWndBgnTime: '01:00:00', backupWndDuration: 'HALF_AN_HOUR' }],
        },
      },
    });
    sb.rds.advanceClock(5 * STEP);
    assert.equal((await rds.getJob({ jobId })).jobStatus, 'FAILED');
    assert.equal((await instanceByName(rds, 'will-fail')).dbInstanceStatus, 'FAIL_TO_CREATE');
  });

  // Issue 61: each end state of the guides, through the control route, as the client reads it.
  for (const [status, outcome] of [
    ['COMPLETED_WITH_ERROR', 'done'],
    ['CANNOT_PROGRESS', 'FAILED-like'],
    ['FAIL_TO_REGISTER', 'FAILED-like'],
  ] as const) {
    test(`end-next-job: a createDbUser job ends ${status}; waitForJob ${outcome === 'done' ? 'resolves' : 'rejects'}`, async () => {
      sb.rds.setTimeScale(5);
      try {
        const rds = clientFor(sb);
        const inst = await instanceByName(rds, 'dev-playground');
        const res = await fetch(`${sb.url}/_sandbox/rds/end-next-job`, {
          method: 'POST',
          body: JSON.stringify({ operation: 'createDbUser', status }),
        });
        assert.equal(res.status, 200);
        const name = `u_${status.toLowerCase()}`.slice(0, 32);
        const { jobId } = await rds.createDbUser({
          dbInstanceId: inst.dbInstanceId,
          body: { dbUserName: name, dbPassword: 'pw-12345', host: '%', authorityType: 'READ' },
        });
        const wait = waitForJob(rds, jobId, { initialDelayMs: 5, maxDelayMs: 20 });
        const users = async () =>
          (await rds.listDbUsers({ dbInstanceId: inst.dbInstanceId })).dbUsers.map((u: any) => u.dbUserName);
        if (outcome === 'done') {
          assert.equal((await wait).jobStatus, status);
          assert.ok((await users()).includes(name), 'the effect of a job completed with errors is kept');
        } else {
          await assert.rejects(wait, (e: unknown) => isApiError(e) && e.code === status);
          assert.ok(!(await users()).includes(name), 'a failed job is undone');
        }
        assert.equal((await rds.getDbInstance({ dbInstanceId: inst.dbInstanceId })).progressStatus, 'NONE');
      } finally {
        sb.rds.setTimeScale(STEP);
      }
    });
  }

  test('end-next-job with a state no guide names: the job stays in it and the wait gives up saying so', async () => {
    sb.rds.setTimeScale(5);
    try {
      const rds = clientFor(sb);
      const inst = await instanceByName(rds, 'dev-playground');
      sb.rds.endNextJob('createDbUser', 'PAUSED_BY_OPERATOR');
      const { jobId } = await rds.createDbUser({
        dbInstanceId: inst.dbInstanceId,
        body: { dbUserName: 'u_paused', dbPassword: 'pw-12345', host: '%', authorityType: 'READ' },
      });
      const seen: string[] = [];
      await assert.rejects(
        waitForJob(rds, jobId, {
          initialDelayMs: 5,
          maxDelayMs: 20,
          unknownStatePatienceMs: 200,
          onProgress: (j) => seen.push(j.jobStatus),
        }),
        (e: unknown) => isApiError(e) && e.code === 'PAUSED_BY_OPERATOR' && /does not know/.test(e.message),
      );
      assert.equal(seen.at(-1), 'PAUSED_BY_OPERATOR', 'the state is passed on as the service wrote it');
    } finally {
      sb.rds.setTimeScale(STEP);
    }
  });

  test('end-next-job refuses a request without a status', async () => {
    const res = await fetch(`${sb.url}/_sandbox/rds/end-next-job`, { method: 'POST', body: JSON.stringify({}) });
    assert.notEqual(res.status, 200);
  });
});
