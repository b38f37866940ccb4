// Seed data, the scale knob, the public API (profile, credentials, registration list) and `npm run sandbox`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { SANDBOX_MODULES, startSandbox } from '../../../src/sandbox';
import { clientFor } from '../../support/sandbox';

describe('seed data', () => {
  test('the same seed gives the same ids; another seed different ones', async () => {
    const ids = async (seed: number) => {
      const sb = await startSandbox({ seed, timeScale: 5 });
      try {
        return (await clientFor(sb).listDbInstances()).dbInstances.map((i: any) => i.dbInstanceId).sort();
      } finally {
        await sb.close();
      }
    };
    const a = await ids(7);
    assert.deepEqual(await ids(7), a);
    assert.notDeepEqual(await ids(8), a);
  });

  test('realistic spread: states, types, engines, HA pair, replicas, protection, every log type', async () => {
    const sb = await startSandbox({ timeScale: 5 });
    try {
      const all = [
        ...sb.rds.state.regions.KR1.instances.values(),
        ...sb.rds.state.regions.KR2.instances.values(),
        ...sb.rds.state.regions.JP1.instances.values(),
      ];
      assert.deepEqual([...new Set(all.map((i) => i.dbInstanceStatus))].sort(), ['AVAILABLE', 'SHUTDOWN']);
      assert.deepEqual([...new Set(all.map((i) => i.dbInstanceType))].sort(), [
        'CANDIDATE_MASTER',
        'MASTER',
        'READ_ONLY_SLAVE',
      ]);
      assert.ok(new Set(all.map((i) => i.dbVersion)).size >= 8);
      assert.ok(all.some((i) => i.useDeletionProtection));
      assert.ok(
        all.every((i) => i.progressStatus === 'NONE'),
        'seeds are settled',
      );
      const pg = [...sb.rds.state.regions.KR1.parameterGroups.values()][0];
      assert.ok(pg.parameters.length >= 250);
      assert.deepEqual([...new Set(pg.parameters.map((p) => p.parameterFileGroup))].sort(), [
        'client',
        'mysql',
        'mysqld',
      ]);
      assert.deepEqual([...new Set(pg.parameters.map((p) => p.updateType))].sort(), [
        'CONSTANT',
        'INIT_VARIABLE',
        'VARIABLE',
      ]);
      assert.deepEqual([...new Set(pg.parameters.map((p) => p.applyType))].sort(), ['BOTH', 'FILE', 'SESSION']);
      const events = sb.rds.state.regions.KR1.events;
      assert.deepEqual([...new Set(events.map((e) => e.eventCategoryType))].sort(), [
        'BACKUP',
        'DB_INSTANCE',
        'DB_SECURITY_GROUP',
        'JOB',
        'MONITORING',
        'TENANT',
      ]);
    } finally {
      await sb.close();
    }
  });
});

describe('scale knob', () => {
  test('scale: 1000 adds 1000 instances and 1000 events in KR1, and the list answers them all', async () => {
    const sb = await startSandbox({ timeScale: 5, scale: 1000 });
    try {
      const rds = clientFor(sb);
      const t0 = process.hrtime.bigint();
      const { dbInstances } = await rds.listDbInstances();
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      assert.ok(dbInstances.length >= 1009);
      const events = await rds.listEvents({
        query: {
          page: 1,
          size: 1,
          from: '2000-01-01T00:00:00+09:00',
          to: '2100-01-01T00:00:00+09:00',
          eventCategoryType: 'ALL',
        },
      });
      assert.ok(events.totalCounts >= 1060);
      console.log(`# listDbInstances with ${dbInstances.length} instances: ${ms.toFixed(1)} ms`);
      // The control route adds more at run time.
      await fetch(`${sb.url}/_sandbox/rds/scale`, { method: 'POST', body: JSON.stringify({ n: 10, region: 'KR2' }) });
      assert.equal((await clientFor(sb, 'KR2').listDbInstances()).dbInstances.length, 4 + 10, 'KR2 seeds 4 instances');
    } finally {
      await sb.close();
    }
  });
});

describe('public API', () => {
  test('sandboxProfile: endpoints here, ADMIN and VIEWER secrets that work', async () => {
    const sb = await startSandbox({ timeScale: 5 });
    try {
      const p = sb.sandboxProfile();
      assert.deepEqual([p.name, p.cloud, p.regions], ['Sandbox', 'public', ['KR1', 'KR2', 'KR3', 'JP1', 'US1']]);
      assert.equal(p.endpoints.rds, `${sb.url}/rds/{region}`);
      assert.equal(p.endpoints.identity, `${sb.url}/identity`);
      assert.ok(p.secrets.rdsAppKey && p.secrets.rdsAccessKeyId && p.secrets.rdsSecretAccessKey);
      const v = sb.sandboxProfile({ role: 'VIEWER' });
      assert.notEqual(v.secrets.rdsAccessKeyId, p.secrets.rdsAccessKeyId);
      assert.deepEqual(Object.keys(sb.credentials.rds).sort(), ['admin', 'viewer']);
      assert.ok(SANDBOX_MODULES.some((m) => m.name === 'rds'));
      assert.equal(sb.modules.rds, sb.rds);
    } finally {
      await sb.close();
    }
  });

  test('sandboxProfile for another site: its name, its regions, and KR4 served by every service', async () => {
    const sb = await startSandbox({ timeScale: 5 });
    try {
      const p = sb.sandboxProfile({ site: 'ngsc' });
      assert.deepEqual([p.name, p.cloud, p.regions], ['Sandbox · ngsc.go.kr', 'ngsc', ['KR4']]);
      assert.deepEqual(sb.sandboxProfile({ site: 'gov' }).regions, ['KR1', 'KR2']);
      const kr4 = (await clientFor(sb, 'KR4').listDbInstances()).dbInstances.map((i: any) => i.dbInstanceName);
      assert.deepEqual(kr4, ['gov-records']);
      // Storage serves any region; KR4 has a seeded bucket.
      const store = (sb.modules.storage as import('../../../src/sandbox/storage/index').StorageSandbox).store;
      assert.deepEqual([...store.buckets('KR4').keys()], ['sandbox-kr4']);
    } finally {
      await sb.close();
    }
  });

  test('RDS exports are delivered to the storage module when one is registered', async () => {
    // A stand-in for the storage module (it temporarily takes the place of the real one, if any).
    const delivered: string[] = [];
    const probe = {
      name: 'storage',
      start: () => ({
        api: {
          putObject: (region: string, bucket: string, key: string, content: string) =>
            void delivered.push(`${region}/${bucket}/${key}:${content.length > 0}`),
        },
      }),
    };
    const at = SANDBOX_MODULES.findIndex((m) => m.name === 'storage');
    const saved = at >= 0 ? SANDBOX_MODULES.splice(at, 1, probe) : (SANDBOX_MODULES.push(probe), []);
    try {
      const sb = await startSandbox({ timeScale: 0 });
      try {
        const rds = clientFor(sb);
        const inst = (await rds.listDbInstances()).dbInstances.find((i: any) => i.dbInstanceName === 'legacy-crm')!;
        await rds.exportLogFiles({
          dbInstanceId: inst.dbInstanceId!,
          body: {
            tenantId: 't',
            username: 'u',
            password: 'p',
            targetContainer: 'logs',
            objectPath: 'crm',
            logFileNames: ['error.log'],
          },
        });
        await rds.listRegions(); // any request settles due jobs
        assert.deepEqual(delivered, ['KR1/logs/crm/error.log:true']);
      } finally {
        await sb.close();
      }
    } finally {
      const now = SANDBOX_MODULES.indexOf(probe);
      if (saved.length) SANDBOX_MODULES.splice(now, 1, ...saved);
      else SANDBOX_MODULES.splice(now, 1);
    }
  });

  test('control routes for other processes: time scale, region switch, exports', async () => {
    const sb = await startSandbox({ timeScale: 3_600_000 });
    try {
      const post = (route: string, body: unknown) =>
        fetch(`${sb.url}/_sandbox/rds/${route}`, { method: 'POST', body: JSON.stringify(body) }).then(
          (r) => r.json() as Promise<any>,
        );
      const rds = clientFor(sb);
      const inst = (await rds.listDbInstances()).dbInstances.find((i: any) => i.dbInstanceName === 'legacy-crm')!;
      const { jobId } = await rds.exportLogFiles({
        dbInstanceId: inst.dbInstanceId!,
        body: {
          tenantId: 't',
          username: 'u',
          password: 'p',
          targetContainer: 'b',
          objectPath: 'x',
          logFileNames: ['general.log'],
        },
      });
      assert.equal((await rds.getJob({ jobId })).jobStatus, 'PREPARING');
      await post('time-scale', { ms: 0 });
      assert.equal((await rds.getJob({ jobId })).jobStatus, 'COMPLETED');
      const { exports } = await post('exports', {});
      assert.deepEqual(
        exports.map((e: any) => `${e.bucket}/${e.path}`),
        ['b/x/general.log'],
      );
      await post('region', { region: 'KR2', enabled: false });
      await assert.rejects(clientFor(sb, 'KR2').listDbInstances(), /not enabled/);
      await post('region', { region: 'KR2', enabled: true });
      assert.ok((await clientFor(sb, 'KR2').listDbInstances()).dbInstances.length > 0);
    } finally {
      await sb.close();
    }
  });

  test('npm run sandbox prints the address and both profiles, serves, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/sandbox/main.ts', '--port', '0', '--time-scale', '10'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      while (!/Ctrl-C stops it/.test(out)) {
        const [chunk] = await once(child.stdout, 'data');
        out += chunk;
      }
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1];
      assert.match(out, /rds\s+http:\/\/127\.0\.0\.1:\d+\/rds\/\{region\}/);
      assert.match(out, /ADMIN profile secrets:[\s\S]*rdsAccessKeyId\s+sandbox-admin-access-key/);
      assert.match(out, /VIEWER profile secrets:[\s\S]*rdsAccessKeyId\s+sandbox-viewer-access-key/);
      const res = await fetch(`${url}/rds/kr1/v3.0/project/regions`, {
        headers: {
          'X-TC-APP-KEY': 'sandbox-rds-appkey',
          'X-TC-AUTHENTICATION-ID': 'sandbox-admin-access-key',
          'X-TC-AUTHENTICATION-SECRET': 'sandbox-admin-secret-access-key',
        },
      });
      assert.equal(((await res.json()) as any).regions.length, 4);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
  });
});
