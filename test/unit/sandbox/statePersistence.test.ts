// The sandbox's RDS, network and identity state kept in its data folder (issue 63: after a window
// reload, an instance the person stopped, a backup they took, a floating IP they allocated came
// back as the seed made them). A sandbox restarted over the same folder, reached with the
// extension's own clients over loopback, holds what the first one was told; a job running at the
// stop is found finished; a file that cannot be read is set aside and the seed used; without a
// folder nothing is written. Object storage's own test is storagePersistence.test.ts.
import { strict as assert } from 'node:assert';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { Redactor } from '../../../src/client/http/redact';
import { Transport } from '../../../src/client/http/transport';
import { resolveEndpoint } from '../../../src/client/endpoints';
import { IdentityClient } from '../../../src/client/network/identity';
import { NetworkClient } from '../../../src/client/network/client';
import { Ec2CredentialsClient } from '../../../src/client/network/credentials';
import { RdsClient } from '../../../src/client/rds/client';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { SEED } from '../../../src/sandbox/network/index';
import { StateSaver } from '../../../src/sandbox/stateFile';
import { mariaDbMissing } from '../../support/mariadb.mjs';
import { clientFor, instanceByName, waitJob } from '../../support/sandbox';

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'nhncloud-sbstate-'));
  dirs.push(d);
  return d;
};
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const transport = new Transport({ userAgent: 'test', retries: { max: 0, baseDelayMs: 1 }, redactor: new Redactor() });
after(() => transport.close());

/** RDS for MariaDB's client (its own path and app key, the same key pair). */
function mariadbClient(sb: Sandbox): RdsClient {
  const s = sb.sandboxProfile().secrets;
  return new RdsClient({
    baseUrl: `${sb.url}/rdsMariadb/kr1`,
    credentials: {
      appKey: s.rdsMariadbAppKey!,
      accessKeyId: s.rdsAccessKeyId!,
      secretAccessKey: s.rdsSecretAccessKey!,
    },
    transport,
    apiVersion: 'v3.0',
  });
}

function identityOf(sb: Sandbox): IdentityClient {
  const p = sb.sandboxProfile();
  return new IdentityClient({
    baseUrl: resolveEndpoint({ cloud: 'public', service: 'identity', overrides: p.endpoints }),
    tenantId: p.secrets.identityTenantId!,
    username: p.secrets.identityUsername!,
    password: p.secrets.identityApiPassword!,
    transport,
  });
}

async function networkOf(sb: Sandbox): Promise<NetworkClient> {
  const identity = identityOf(sb);
  return new NetworkClient({ baseUrl: await identity.endpointFor('network', 'KR1'), identity });
}

test('restarted over its data folder, the sandbox holds the RDS (both products), network and EC2 credential changes made through the API', async () => {
  const dir = freshDir();
  const first = await startSandbox({ dataDir: dir, timeScale: 5 });
  let backupId: string;
  let userId: string;
  let allocated: string;
  let access: string;
  let mariaStoppedId: string;
  try {
    const rds = clientFor(first);
    const stopped = await instanceByName(rds, 'dev-playground');
    await waitJob(rds, (await rds.stopDbInstance({ dbInstanceId: stopped.dbInstanceId })).jobId);
    const renamed = await instanceByName(rds, 'legacy-crm');
    await waitJob(
      rds,
      (await rds.modifyDbInstance({ dbInstanceId: renamed.dbInstanceId, body: { dbInstanceName: 'crm-renamed' } }))
        .jobId,
    );
    const backed = await instanceByName(rds, 'crm-renamed');
    await waitJob(
      rds,
      (await rds.backupDbInstance({ dbInstanceId: backed.dbInstanceId, body: { backupName: 'kept-backup' } })).jobId,
    );
    backupId = (await rds.listBackups({ query: { page: 1, size: 100, backupType: 'MANUAL' } })).backups.find(
      (b: any) => b.backupName === 'kept-backup',
    )!.backupId;
    await waitJob(
      rds,
      (
        await rds.createDbUser({
          dbInstanceId: backed.dbInstanceId,
          body: { dbUserName: 'kept', dbPassword: 'Kept-Pass-9876', host: '%', authorityType: 'CRUD' },
        })
      ).jobId,
    );
    userId = (await rds.listDbUsers({ dbInstanceId: backed.dbInstanceId })).dbUsers.find(
      (u: any) => u.dbUserName === 'kept',
    )!.dbUserId;

    // Reachable only through the bastion (a control route the e2e suite uses): kept too.
    const res = await fetch(`${first.url}/_sandbox/rds/private`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'crm-renamed' }),
    });
    assert.equal(res.status, 200);

    const maria = mariadbClient(first);
    const mariaInst = (await maria.listDbInstances()).dbInstances.find((i: any) => i.dbInstanceStatus === 'AVAILABLE');
    mariaStoppedId = mariaInst!.dbInstanceId;
    await waitJob(maria, (await maria.stopDbInstance({ dbInstanceId: mariaStoppedId })).jobId);

    const network = await networkOf(first);
    allocated = (await network.createFloatingIp({ body: { floating_network_id: SEED.externalNetworkId } })).id;
    await network.deleteFloatingIp({ floatingIpId: SEED.downFloatingIpId });
    access = (await new Ec2CredentialsClient({ identity: identityOf(first) }).create()).access;
  } finally {
    await first.close();
  }

  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  for (const f of ['rds-mysql.json', 'rds-mariadb.json', 'network.json', 'identity.json'])
    assert.ok(files.includes(f), `${f} written`);
  for (const f of files) {
    assert.equal(statSync(join(dir, f)).mode & 0o777, 0o600, `${f} is the user's alone`);
    assert.ok(!readFileSync(join(dir, f), 'utf8').includes('Kept-Pass-9876'), `no DB password as given in ${f}`);
  }

  const second = await startSandbox({ dataDir: dir, timeScale: 5 });
  try {
    const rds = clientFor(second);
    assert.equal((await instanceByName(rds, 'dev-playground')).dbInstanceStatus, 'SHUTDOWN', 'stopped stays stopped');
    const renamed = await instanceByName(rds, 'crm-renamed');
    await assert.rejects(instanceByName(rds, 'legacy-crm'), 'the old name is gone');
    const backups = (await rds.listBackups({ query: { page: 1, size: 100, backupType: 'MANUAL' } })).backups;
    assert.equal(backups.find((b: any) => b.backupId === backupId)?.backupName, 'kept-backup');
    assert.equal(
      second.rds.databases.status().instances.find((i) => i.dbInstanceId === renamed.dbInstanceId)?.private,
      true,
      'its database stays reachable only through the bastion',
    );
    const users = (await rds.listDbUsers({ dbInstanceId: renamed.dbInstanceId })).dbUsers;
    assert.equal(users.find((u: any) => u.dbUserName === 'kept')?.dbUserId, userId);
    assert.equal(
      (await mariadbClient(second).getDbInstance({ dbInstanceId: mariaStoppedId })).dbInstanceStatus,
      'SHUTDOWN',
      'RDS for MariaDB is kept too',
    );
    const ips = (await (await networkOf(second)).listFloatingIps()).map((f: any) => f.id);
    assert.ok(ips.includes(allocated), 'the allocated floating IP is there');
    assert.ok(!ips.includes(SEED.downFloatingIpId), 'the released one stays released');
    const creds = await new Ec2CredentialsClient({ identity: identityOf(second) }).list();
    assert.ok(
      creds.some((c) => c.access === access),
      'the EC2 credential is there',
    );
  } finally {
    await second.close();
  }
});

test('a job running when the sandbox stops is finished at the stop: after the restart the client finds it COMPLETED with its result', async () => {
  const dir = freshDir();
  // One step an hour: the job cannot end by itself while the test runs.
  const first = await startSandbox({ dataDir: dir, timeScale: 3_600_000 });
  let jobId: string;
  let id: string;
  try {
    const rds = clientFor(first);
    id = (await instanceByName(rds, 'dev-playground')).dbInstanceId;
    jobId = (await rds.stopDbInstance({ dbInstanceId: id })).jobId;
    assert.equal((await rds.getDbInstance({ dbInstanceId: id })).progressStatus, 'STOPPING');
  } finally {
    await first.close();
  }
  const second = await startSandbox({ dataDir: dir, timeScale: 3_600_000 });
  try {
    const rds = clientFor(second);
    assert.equal((await rds.getJob({ jobId })).jobStatus, 'COMPLETED');
    const inst = await rds.getDbInstance({ dbInstanceId: id });
    assert.deepEqual([inst.dbInstanceStatus, inst.progressStatus], ['SHUTDOWN', 'NONE']);
  } finally {
    await second.close();
  }
});

test('a data file that cannot be read (not JSON, another version) is set aside and logged, and the seed is used', async () => {
  const dir = freshDir();
  writeFileSync(join(dir, 'rds-mysql.json'), '{"version": 1, "regions": {"KR1": ');
  writeFileSync(join(dir, 'network.json'), JSON.stringify({ version: 0, regions: {} }));
  writeFileSync(join(dir, 'identity.json'), JSON.stringify({ version: 1, credentials: 'none' }));
  const said: string[] = [];
  const sb = await startSandbox({ dataDir: dir, log: (m) => said.push(m) });
  const fresh = await startSandbox({});
  try {
    const names = async (s: Sandbox) =>
      (await clientFor(s).listDbInstances()).dbInstances.map((i: any) => i.dbInstanceName).sort();
    assert.deepEqual(await names(sb), await names(fresh), 'the seed');
    assert.equal((await (await networkOf(sb)).listFloatingIps()).length, 3, "the network's seed");
    const left = readdirSync(dir);
    for (const f of ['rds-mysql.json', 'network.json', 'identity.json']) {
      assert.ok(!left.includes(f), `${f} moved away`);
      assert.ok(
        left.some((x) => x.startsWith(`${f}.unreadable-`)),
        `${f} kept beside as ${f}.unreadable-<time>`,
      );
      assert.ok(
        said.some((m) => m.includes(f) && m.includes('set aside')),
        `the log names ${f}: ${said.join(' | ')}`,
      );
    }
  } finally {
    await fresh.close();
    await sb.close();
  }
});

test('object storage set aside too: a storage.json of another version no longer stops the sandbox from starting', async () => {
  const dir = freshDir();
  const said: string[] = [];
  mkdirSync(join(dir, 'storage'));
  writeFileSync(join(dir, 'storage', 'storage.json'), JSON.stringify({ version: 99, regions: {} }));
  const sb = await startSandbox({ dataDir: dir, log: (m) => said.push(m) });
  await sb.close();
  assert.ok(said.some((m) => m.includes('storage.json') && m.includes('set aside')));
});

test('without a data folder nothing is written and a running job is left running at the stop', async () => {
  const cwd = process.cwd();
  const empty = freshDir();
  process.chdir(empty);
  try {
    const sb = await startSandbox({ timeScale: 3_600_000 });
    try {
      const rds = clientFor(sb);
      const id = (await instanceByName(rds, 'dev-playground')).dbInstanceId;
      const { jobId } = await rds.stopDbInstance({ dbInstanceId: id });
      await (await networkOf(sb)).createFloatingIp({ body: { floating_network_id: SEED.externalNetworkId } });
      sb.rds.flush();
      assert.equal((await rds.getJob({ jobId })).jobStatus, 'PREPARING', 'not ended by a flush');
    } finally {
      await sb.close();
    }
    assert.deepEqual(readdirSync(empty), []);
  } finally {
    process.chdir(cwd);
  }
});

test('a burst of changes is one write; a state that cannot be written now (a job runs) stays due until it can', () => {
  const dir = freshDir();
  const file = join(dir, 'x.json');
  let state: object | undefined;
  const saver = new StateSaver(
    file,
    1,
    () => state,
    () => undefined,
    60_000,
  );
  state = { n: 1 };
  for (let i = 0; i < 10; i++) saver.changed();
  saver.flush();
  assert.equal(saver.writes, 1);
  saver.flush();
  assert.equal(saver.writes, 1, 'nothing due, nothing written');
  state = undefined;
  saver.changed();
  saver.flush();
  assert.ok(existsSync(file));
  assert.equal(saver.writes, 1, 'not now');
  state = { n: 2 };
  saver.flush();
  assert.equal(saver.writes, 2, 'still due, written at the next chance');
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { version: 1, n: 2 });
});

test(
  'a DB user made through the API signs in to its restored instance with its password, kept only hashed',
  {
    skip: mariaDbMissing(),
  },
  async () => {
    const dir = freshDir();
    const first = await startSandbox({ dataDir: dir, timeScale: 5 });
    let id: string;
    try {
      const rds = clientFor(first);
      id = (await instanceByName(rds, 'dev-playground')).dbInstanceId;
      await waitJob(
        rds,
        (
          await rds.createDbUser({
            dbInstanceId: id,
            body: { dbUserName: 'restored', dbPassword: 'Restored-Pass-42', host: '%', authorityType: 'READ' },
          })
        ).jobId,
      );
    } finally {
      await first.close();
    }
    assert.ok(!readFileSync(join(dir, 'rds-mysql.json'), 'utf8').includes('Restored-Pass-42'));
    const second = await startSandbox({ dataDir: dir, timeScale: 5 });
    try {
      const rds = clientFor(second);
      const net: any = await rds.getNetworkInfo({ dbInstanceId: id });
      const inst: any = await rds.getDbInstance({ dbInstanceId: id });
      const conn = await createConnection({
        host: net.endPoints.find((e: any) => e.endPointType === 'INTERNAL').ipAddress,
        port: inst.dbPort,
        user: 'restored',
        password: 'Restored-Pass-42',
        connectTimeout: 60_000,
      });
      try {
        const [rows] = await conn.query('SELECT CURRENT_USER() AS u');
        assert.equal((rows as any[])[0].u, 'restored@%');
      } finally {
        await conn.end();
      }
    } finally {
      await second.close();
    }
  },
);
