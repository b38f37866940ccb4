// "Allow my address for this session" against the sandbox over real HTTP: the rule is recorded
// before it is created, appears in the instance's DB security group for that address and port,
// and goes away when its session ends; a record left by a process that is gone (a killed
// window) is removed at the next start, while one of a live window is left alone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import type { RdsClient } from '../../../src/client/rds/client';
import { clientFor, waitJob } from '../../support/sandbox';

installVscodeStub();
const { TemporaryRules, PENDING_RULES_KEY, addressCidr, ruleDescription } =
  require('../../../src/rds/connection/addressRules') as typeof import('../../../src/rds/connection/addressRules');

let sb: Sandbox;
let rds: RdsClient;
let instance: any;
let group: { dbSecurityGroupId: string; dbSecurityGroupName: string };
const state = new Map<string, unknown>();
const tracked: string[] = [];
const logs: string[] = [];

function rulesFor() {
  const services: any = {
    context: {
      globalState: { get: (k: string) => state.get(k), update: async (k: string, v: unknown) => void state.set(k, v) },
    },
    log: { info: (t: string) => logs.push(t), warn: (t: string) => logs.push(t), debug: () => undefined },
    profiles: { active: () => ({ id: 'sandbox' }) },
    clients: { rds: async () => rds },
  };
  return new TemporaryRules({
    services,
    jobs: { track: (o: any) => void tracked.push(o.jobId) } as any,
    explorer: { refreshId: () => undefined } as any,
  });
}

async function groupRules() {
  const r: any = await rds.getDbSecurityGroup({ dbSecurityGroupId: group.dbSecurityGroupId });
  return ((r?.dbSecurityGroup ?? r).rules ?? []) as Array<{
    ruleId: string;
    cidr: string;
    description?: string;
    port: { minPort?: number };
  }>;
}

before(async () => {
  sb = await startSandbox({ timeScale: 5 });
  rds = clientFor(sb);
  const { dbInstances }: any = await rds.listDbInstances();
  const details = await Promise.all(dbInstances.map((i: any) => rds.getDbInstance({ dbInstanceId: i.dbInstanceId })));
  instance = details.map((d: any) => d.dbInstance ?? d).find((d: any) => d.dbSecurityGroupIds?.length);
  assert.ok(instance, 'the sandbox has an instance with a DB security group');
  const g: any = await rds.getDbSecurityGroup({ dbSecurityGroupId: instance.dbSecurityGroupIds[0] });
  group = g.dbSecurityGroup ?? g;
});

after(async () => {
  await sb?.close();
});

const base = () => ({
  profileId: 'sandbox',
  region: 'KR1' as const,
  instanceId: instance.dbInstanceId,
  instanceName: instance.dbInstanceName,
  dbSecurityGroupId: group.dbSecurityGroupId,
  dbSecurityGroupName: group.dbSecurityGroupName,
  port: instance.dbPort,
  rds,
  rootId: 'sandbox/KR1/rds',
});

test('an address becomes a /32 or /128; anything else is refused', () => {
  assert.deepEqual(addressCidr(' 203.0.113.7 '), { cidr: '203.0.113.7/32', etherType: 'IPV4' });
  assert.deepEqual(addressCidr('2001:db8::1'), { cidr: '2001:db8::1/128', etherType: 'IPV6' });
  for (const bad of ['', '203.0.113.0/24', '203.0.113.256', 'example.com', '0.0.0.0/0'])
    assert.equal(addressCidr(bad), undefined, bad);
});

test('the rule is recorded, created for that address and port, shown as a job, and removed when its session ends', async () => {
  const rules = rulesFor();
  const rec = await rules.add({ ...base(), cidr: '203.0.113.7/32', etherType: 'IPV4', sessionId: 'sandbox/x/app' });
  const mine = (await groupRules()).filter((r) => r.description === ruleDescription(rec.token));
  assert.equal(mine.length, 1);
  assert.equal(mine[0].cidr, '203.0.113.7/32');
  assert.equal(mine[0].port.minPort, instance.dbPort);
  assert.equal(tracked.length, 1, 'the creation job went to the job tracker');
  assert.deepEqual(
    (state.get(PENDING_RULES_KEY) as any[]).map((r) => r.token),
    [rec.token],
    'pending removal recorded',
  );
  await rules.removeFor('sandbox/other/app');
  assert.equal((state.get(PENDING_RULES_KEY) as any[]).length, 1, 'another session does not remove it');
  await rules.removeFor('sandbox/x/app');
  assert.deepEqual(state.get(PENDING_RULES_KEY), []);
  await waitJob(rds, tracked[tracked.length - 1]);
  assert.equal(
    (await groupRules()).filter((r) => r.description === ruleDescription(rec.token)).length,
    0,
    'the rule is gone',
  );
});

test('at the next start, a rule of a window that died is removed; one of a live window stays', async () => {
  const rules = rulesFor();
  const dead = await rules.add({ ...base(), cidr: '198.51.100.9/32', etherType: 'IPV4', sessionId: 'sandbox/x/dead' });
  const live = await rules.add({ ...base(), cidr: '198.51.100.10/32', etherType: 'IPV4', sessionId: 'sandbox/x/live' });
  // As another process wrote them: one owner that no longer exists, one that does (this test's parent).
  const list = (state.get(PENDING_RULES_KEY) as any[]).map((r) =>
    r.token === dead.token ? { ...r, ownerPid: 2 ** 22 + 12345 } : { ...r, ownerPid: process.ppid },
  );
  state.set(PENDING_RULES_KEY, list);
  await rulesFor().removeLeftovers();
  assert.deepEqual(
    (state.get(PENDING_RULES_KEY) as any[]).map((r) => r.token),
    [live.token],
  );
  await waitJob(rds, tracked[tracked.length - 1]);
  const descriptions = (await groupRules()).map((r) => r.description);
  assert.ok(!descriptions.includes(ruleDescription(dead.token)), "the dead window's rule is removed");
  assert.ok(descriptions.includes(ruleDescription(live.token)), "the live window's rule stays");
  // Clean up as its own window would.
  await rules.remove(list.find((r) => r.token === live.token));
});

test('a rule whose record survived but whose creation never completed is still found by its token and removed', async () => {
  const rules = rulesFor();
  const rec = await rules.add({ ...base(), cidr: '192.0.2.44/32', etherType: 'IPV4', sessionId: 'sandbox/x/y' });
  // The record only, as a crash right after the create call would leave it.
  await rules.remove({ ...rec });
  await waitJob(rds, tracked[tracked.length - 1]);
  assert.equal((await groupRules()).filter((r) => r.description === ruleDescription(rec.token)).length, 0);
  assert.ok(!logs.some((l) => /failed/.test(l)), logs.join('\n'));
});
