// The DB instance's lifecycle commands are rows of one action table read by one runner
// (src/rds/commands/instanceActions.ts, issue 65): against the sandbox over loopback HTTP with the
// stand-in vscode module, each row refuses the states it does not allow with its sentence, asks
// its confirmation, calls the service and hands the job to the tracker; the table and the
// registration list agree.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { installVscodeStub, messages, stubVscode } from '../../support/vscodeStub';
import { clientFor } from '../../support/sandbox';

installVscodeStub();

type Mods = {
  explorer: typeof import('../../../src/shared/tree/explorer');
  jobs: typeof import('../../../src/jobs/tracker');
  rds: typeof import('../../../src/rds/activation');
  instance: typeof import('../../../src/rds/tree/instanceNode');
  sandbox: typeof import('../../../src/sandbox/index');
};

let m: Mods;
let sb: Awaited<ReturnType<Mods['sandbox']['startSandbox']>>;
/** The profile's RDS API version: the clients the services hand out speak it. */
const apiVersion: 'v3.0' | 'v4.0' = 'v3.0';
let explorer: import('../../../src/shared/tree/explorer').Explorer;
let tracker: import('../../../src/jobs/tracker').JobTracker;
let provider: import('vscode').TreeDataProvider<import('../../../src/shared/tree/nodes').TreeNode>;
let commands: Record<string, (arg?: unknown) => Promise<unknown> | unknown>;

const window = stubVscode.window as Record<string, unknown>;
/** The modal confirmations asked, and what they answer: the confirming button unless `refuse`. */
const asked: string[] = [];
let refuse = false;
/** QuickPick answers, in order: a function choosing among the items. */
const picks: Array<(items: Array<{ label: string }>) => unknown> = [];

// Before the modules load: src/shared/prompts.ts keeps the functions it found.
window.showWarningMessage = async (text: string, opts: { modal?: boolean }, ...items: unknown[]) => {
  if (!opts?.modal) return messages.push({ level: 'warning', text }) && undefined;
  asked.push(text);
  return refuse ? undefined : items[0];
};
window.showQuickPick = async (items: Array<{ label: string }>) => {
  const choose = picks.shift();
  assert.ok(choose, `an unexpected QuickPick: ${items.map((i) => i.label).join(', ')}`);
  return choose(items);
};

before(async () => {
  m = {
    explorer: require('../../../src/shared/tree/explorer'),
    jobs: require('../../../src/jobs/tracker'),
    rds: require('../../../src/rds/activation'),
    instance: require('../../../src/rds/tree/instanceNode'),
    sandbox: require('../../../src/sandbox/index'),
  };
  sb = await m.sandbox.startSandbox({ timeScale: 10 });
  const sp = sb.sandboxProfile();
  const profile = { id: 'sandbox', name: sp.name, cloud: sp.cloud, regions: ['KR1'], endpoints: sp.endpoints };
  const clients = new Map<string, unknown>();
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} };
  const state = new Map<string, unknown>();
  const services: any = {
    context: {
      // The query console's files (none are made here).
      globalStorageUri: require('vscode').Uri.file(join(tmpdir(), 'nhncloud-actions-test-storage')),
      workspaceState: {
        get: (k: string) => state.get(k),
        update: async (k: string, v: unknown) => void state.set(k, v),
      },
      globalState: { get: (k: string) => state.get(k), update: async (k: string, v: unknown) => void state.set(k, v) },
    },
    log,
    profiles: {
      list: () => [profile],
      active: () => profile,
      onDidChange: () => ({ dispose() {} }),
    },
    clients: {
      rds: async (region: 'KR1') => {
        const key = `${apiVersion} ${region}`;
        if (!clients.has(key)) clients.set(key, clientFor(sb, region, 'ADMIN', 0, apiVersion));
        return clients.get(key);
      },
      catalogRegions: async () => undefined,
      knownCatalogRegions: () => ({ known: true }),
    },
    refresh: () => {},
    explorerView: { visible: true, onDidChangeVisibility: () => ({ dispose() {} }), selection: [] },
  };
  explorer = m.explorer.createExplorer(services);
  tracker = new m.jobs.JobTracker(services, explorer);
  const feature = m.rds.createRdsFeature({ services, jobs: tracker, explorer });
  explorer.setFeatures([feature]);
  provider = explorer.provider;
  commands = feature.commands as typeof commands;
});

after(async () => {
  tracker?.dispose();
  explorer?.dispose();
  await sb?.close();
});

async function child(parent: any, label: string): Promise<any> {
  const kids = (await provider.getChildren(parent)) ?? [];
  const items = await Promise.all(kids.map(async (k) => ({ k, item: await provider.getTreeItem(k) })));
  const hit = items.find((x) => x.item.label === label);
  assert.ok(hit, `"${label}" under ${parent?.id ?? 'root'}: ${items.map((x) => x.item.label).join(', ')}`);
  return hit.k;
}

/** The instance node of `name` in KR1 (a group's member under the group's row). */
async function instance(name: string, group?: string): Promise<any> {
  explorer.ctx.refresh(undefined);
  const [profileNode] = (await provider.getChildren(undefined))!;
  const folder = await child(await child(await child(profileNode, 'KR1'), 'RDS for MySQL'), 'DB Instances');
  return group ? child(await child(folder, group), name) : child(folder, name);
}

/** Waits until the tracker has no job running. */
async function jobsSettle(): Promise<void> {
  for (let i = 0; i < 400 && tracker.list().some((j) => j.state === 'running'); i++)
    await new Promise((r) => setTimeout(r, 25));
}

test('every row of the action table is a declared command, registered once, on a menu of the node-kind table', () => {
  const { INSTANCE_ACTIONS } =
    require('../../../src/rds/commands/instanceActions') as typeof import('../../../src/rds/commands/instanceActions');
  const { KINDS } =
    require('../../../src/shared/menus/nodeKinds') as typeof import('../../../src/shared/menus/nodeKinds');
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const declared = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
  const onInstanceMenu = new Set(KINDS['rds.instance']!.actions.map((a) => a.command));
  for (const command of Object.keys(INSTANCE_ACTIONS)) {
    assert.ok(declared.has(command), `${command} declared`);
    assert.ok(onInstanceMenu.has(command), `${command} on the instance's menu`);
    assert.equal(typeof commands[command], 'function', `${command} registered`);
  }
  // The handlers the rows replaced are gone from the per-command lists (one registration each).
  const { lifecycleCommands } =
    require('../../../src/rds/commands/lifecycle') as typeof import('../../../src/rds/commands/lifecycle');
  const { highAvailabilityCommands } =
    require('../../../src/rds/commands/highAvailability') as typeof import('../../../src/rds/commands/highAvailability');
  const others = [
    ...Object.keys(lifecycleCommands({} as never)),
    ...Object.keys(highAvailabilityCommands({} as never)),
  ];
  assert.deepEqual(
    others.filter((c) => c in INSTANCE_ACTIONS),
    [],
  );
});

test('Start on a running instance is refused with its sentence; nothing is asked, no job starts', async () => {
  const node = await instance('dev-playground');
  asked.length = 0;
  await assert.rejects(
    Promise.resolve(commands['nhncloud.rds.start']!(node)),
    /dev-playground is Available: only a stopped instance can be started\./,
  );
  assert.deepEqual(asked, []);
  assert.equal(tracker.list().length, 0);
});

test('Pause High Availability on an instance without HA is refused with its sentence', async () => {
  const node = await instance('dev-playground');
  await assert.rejects(
    Promise.resolve(commands['nhncloud.rds.pauseHa']!(node)),
    /dev-playground has no high availability: pausing applies to HA instances only\./,
  );
});

test('Stop asks its confirmation (declined: nothing happens), then stops the instance through a tracked job', async () => {
  let node = await instance('dev-playground');
  asked.length = 0;
  refuse = true;
  await assert.rejects(Promise.resolve(commands['nhncloud.rds.stop']!(node)));
  assert.deepEqual(asked, ['Stop dev-playground?']);
  assert.equal(tracker.list().length, 0, 'declined: no job');
  refuse = false;
  await commands['nhncloud.rds.stop']!(node);
  assert.deepEqual(asked, ['Stop dev-playground?', 'Stop dev-playground?']);
  const [job] = tracker.list();
  assert.equal(job?.title, 'Stop dev-playground');
  await jobsSettle();
  node = await instance('dev-playground');
  assert.equal((await node.reload()).dbInstanceStatus, 'SHUTDOWN');
  // Start has no confirmation: the row has none.
  await commands['nhncloud.rds.start']!(node);
  assert.equal(asked.length, 2);
  await jobsSettle();
  assert.equal((await (await instance('dev-playground')).reload()).dbInstanceStatus, 'AVAILABLE');
  assert.ok(!messages.some((m) => m.level === 'error'), JSON.stringify(messages));
});
