// The form -> request mapping and the job following of the Create panel, against the sandbox
// over loopback HTTP: the body the form builds is accepted by the real client schema and the
// sandbox, and the panel's tracking ends AVAILABLE (or failed, with the reason).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldIssues, CreateDbInstanceBody } from '../../../src/client/rds/schemas';
import { createBody, DEFAULT_VALUES } from '../../../src/panels/model/instanceForm';
import { trackInstanceJob, type JobEvent } from '../../../src/panels/instanceJob';
import { startSandbox } from '../../../src/sandbox/index';
import { makeTransport } from '../../support/rdsServer';
import { RdsClient } from '../../../src/client/rds/client';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let rds: RdsClient;

before(async () => {
  sandbox = await startSandbox({ timeScale: 10 });
  const p = sandbox.sandboxProfile();
  rds = new RdsClient({
    baseUrl: p.endpoints.rds.replace('{region}', 'KR1'),
    credentials: {
      appKey: p.secrets.rdsAppKey!,
      accessKeyId: p.secrets.rdsAccessKeyId!,
      secretAccessKey: p.secrets.rdsSecretAccessKey!,
    },
    transport: makeTransport(),
  });
});
after(() => sandbox?.close());

async function formBody(name: string) {
  const [flavors, subnets, types, groups] = await Promise.all([
    rds.listDbFlavors(),
    rds.listSubnets(),
    rds.listStorageTypes(),
    rds.listParameterGroups({ query: { dbVersion: 'MYSQL_V8040' } } as never),
  ]);
  return createBody(
    {
      ...DEFAULT_VALUES,
      dbVersion: 'MYSQL_V8040',
      dbInstanceName: name,
      dbFlavorId: flavors.dbFlavors[0].dbFlavorId,
      'storage.storageType': types.storageTypes[0],
      'network.subnetId': subnets.subnets[0].subnetId,
      'network.availabilityZone': 'kr-pub-a',
      parameterGroupId: groups.parameterGroups[0].parameterGroupId,
      dbUserName: 'admin',
      dbPassword: 'Passw0rd!',
    },
    [{ backupWndBgnTime: '3:00', backupWndDuration: 'ONE_HOUR' }],
  );
}

test('create: the form body passes the client schema, and tracking ends with the instance AVAILABLE', async () => {
  const body = await formBody('panel-made');
  assert.deepEqual(fieldIssues(CreateDbInstanceBody, body), []);
  const { jobId } = await rds.createDbInstance({ body } as never);
  const events: JobEvent[] = [];
  const last = await trackInstanceJob(rds, jobId, (e) => events.push(e), new AbortController().signal, {
    initialDelayMs: 20,
    maxDelayMs: 50,
  });
  assert.equal(last.phase, 'done', JSON.stringify(last));
  assert.equal(last.dbInstanceStatus, 'AVAILABLE');
  assert.ok(
    events.some((e) => e.phase === 'job'),
    'job progress was reported',
  );
  const inst = await rds.getDbInstance({ dbInstanceId: last.dbInstanceId! });
  assert.equal(inst.dbInstanceName, 'panel-made');
});

test('create: a failed job ends the tracking as failed with the reason, never a throw', async () => {
  sandbox.rds.failNextJob('createDbInstance');
  const { jobId } = await rds.createDbInstance({ body: await formBody('panel-fails') } as never);
  const last = await trackInstanceJob(rds, jobId, () => {}, new AbortController().signal, {
    initialDelayMs: 20,
    maxDelayMs: 50,
  });
  assert.equal(last.phase, 'failed');
  assert.match(last.message ?? '', /FAILED|ended/);
});
