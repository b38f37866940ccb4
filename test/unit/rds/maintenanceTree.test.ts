// The instance's "High availability" row and "Maintenances" folder (RDS API v4.0, issue 61) against
// the sandbox over loopback HTTP, with the stand-in vscode module: what each row shows, the
// contextValues the menus match (and which commands those menus offer), Run Now, Schedule and
// Cancel from a maintenance and from the palette, and a v3.0 profile that shows neither.
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
  maintenances: typeof import('../../../src/rds/tree/maintenances');
  sandbox: typeof import('../../../src/sandbox/index');
};

let m: Mods;
let sb: Awaited<ReturnType<Mods['sandbox']['startSandbox']>>;
/** The profile's RDS API version: the clients the services hand out speak it. */
let apiVersion: 'v3.0' | 'v4.0' = 'v4.0';
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
    maintenances: require('../../../src/rds/tree/maintenances'),
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
      globalStorageUri: require('vscode').Uri.file(join(tmpdir(), 'nhncloud-maintenance-test-storage')),
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

/** The rows of the Maintenances folder, loaded afresh, with the folder's own row after loading. */
async function maintenanceRows(inst: any) {
  const folder = await child(inst, 'Maintenances');
  explorer.ctx.refresh(folder);
  const kids = (await provider.getChildren(folder))!;
  const rows = await Promise.all(
    kids.map(async (k: any) => ({ node: k, item: (await provider.getTreeItem(k)) as any })),
  );
  return { folder, folderItem: (await provider.getTreeItem(folder)) as any, rows };
}

/** Waits until the tracker has no job running. */
async function jobsSettle(): Promise<void> {
  for (let i = 0; i < 400 && tracker.list().some((j) => j.state === 'running'); i++)
    await new Promise((r) => setTimeout(r, 25));
}

test('an instance in an HA pair shows its HA status and ping; a single one says HA is not used', async () => {
  const master = await instance('prod-orders', 'prod-orders');
  const ha: any = await provider.getTreeItem(await child(master, 'High availability'));
  assert.equal(ha.description, 'Ready · CONNECTION ping every 3 s');
  assert.equal(ha.contextValue, 'rds.highAvailability.on');
  assert.equal(ha.iconPath.color.id, 'charts.green');
  const single: any = await provider.getTreeItem(await child(await instance('legacy-billing'), 'High availability'));
  assert.deepEqual([single.description, single.contextValue], ['not used', 'rds.highAvailability.off']);
});

test('the Maintenances folder: pending first, counted with the pending ones; each row says what, whose, which state and when', async () => {
  const { folderItem, rows } = await maintenanceRows(await instance('prod-orders', 'prod-orders'));
  assert.equal(folderItem.description, '2 · 1 pending');
  assert.equal(folderItem.contextValue, 'rds.folder.maintenances');
  assert.deepEqual(
    rows.map((r) => [r.item.label, r.item.contextValue]),
    [
      ['Apply parameter group changes', 'rds.maintenance.pending'],
      ['Migration for hypervisor maintenance', 'rds.maintenance.past'],
    ],
  );
  assert.match(rows[0].item.description, /^added .+ · Waiting for you · By NHN Cloud$/);
  assert.match(rows[1].item.description, /^\S.* · Completed · required · By NHN Cloud$/);
  assert.match(rows[1].item.tooltip.value, /Completed/);
  const crm = (await maintenanceRows(await instance('legacy-crm'))).rows[0].item;
  assert.match(crm.description, /^required by .+ · Waiting for you · By NHN Cloud$/);
  const staging = (await maintenanceRows(await instance('staging-api'))).rows[0].item;
  assert.deepEqual([staging.label, staging.contextValue], ['Modify DB instance', 'rds.maintenance.scheduled']);
  assert.match(staging.description, /^scheduled for .+ · Scheduled · By you$/);
  const none = await maintenanceRows(await instance('dev-playground'));
  assert.equal(none.folderItem.description, '0');
  assert.equal(none.rows[0].item.label, 'No maintenance');
});

test('the menus offer Run Now and Schedule on a pending maintenance, Cancel on a scheduled one, nothing on the others', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const offered = (contextValue: string) =>
    [
      ...new Set(
        (pkg.contributes.menus['view/item/context'] as Array<{ command: string; when: string }>)
          .filter((e) => e.when.includes(`viewItem == ${contextValue}`) && e.when.endsWith(contextValue))
          .map((e) => e.command),
      ),
    ].sort();
  assert.deepEqual(offered('rds.maintenance.pending'), [
    'nhncloud.rds.runMaintenanceNow',
    'nhncloud.rds.scheduleMaintenance',
  ]);
  assert.deepEqual(offered('rds.maintenance.scheduled'), ['nhncloud.rds.cancelMaintenance']);
  assert.deepEqual(offered('rds.maintenance.past'), []);
  assert.deepEqual(offered('rds.maintenance.running'), []);
  const { maintenanceContextValue } = m.maintenances;
  assert.deepEqual(
    ['PENDING', 'SUSPENDED', 'READY', 'RUNNING', 'COMPLETED', 'FAILED', 'DELETED', 'SOMETHING_NEW', undefined].map(
      (status) => maintenanceContextValue({ status }),
    ),
    [
      'rds.maintenance.pending',
      'rds.maintenance.pending',
      'rds.maintenance.scheduled',
      'rds.maintenance.running',
      'rds.maintenance.past',
      'rds.maintenance.past',
      'rds.maintenance.past',
      'rds.maintenance.past',
      'rds.maintenance.past',
    ],
  );
});

test('Run Now from the tree: confirmed, tracked as a job, and the maintenance ends COMPLETED', async () => {
  const inst = await instance('legacy-crm');
  const { rows } = await maintenanceRows(inst);
  asked.length = 0;
  refuse = true;
  await assert.rejects(Promise.resolve(commands['nhncloud.rds.runMaintenanceNow'](rows[0].node)), /cancel/i);
  refuse = false;
  await commands['nhncloud.rds.runMaintenanceNow'](rows[0].node);
  assert.deepEqual(asked, [
    'Run maintenance "Security update" of legacy-crm now?',
    'Run maintenance "Security update" of legacy-crm now?',
  ]);
  const job = tracker.list().find((j) => j.title === 'Run maintenance "Security update" of legacy-crm');
  assert.ok(job, 'the job is tracked');
  await jobsSettle();
  assert.equal(job.state, 'succeeded');
  const after = (await maintenanceRows(await instance('legacy-crm'))).rows[0].item;
  assert.equal(after.contextValue, 'rds.maintenance.past');
  assert.match(after.description, /^\S.* · Completed · required · By NHN Cloud$/);
});

test('Schedule from the tree, then Cancel: READY for the next window, then pending again (a provider maintenance)', async () => {
  const inst = await instance('prod-orders', 'prod-orders');
  messages.length = 0;
  await commands['nhncloud.rds.scheduleMaintenance']((await maintenanceRows(inst)).rows[0].node);
  assert.ok(
    messages.some((x) =>
      /^Maintenance "Apply parameter group changes" of prod-orders is scheduled for \S/.test(x.text),
    ),
    JSON.stringify(messages),
  );
  const scheduled = (await maintenanceRows(await instance('prod-orders', 'prod-orders'))).rows[0];
  assert.equal(scheduled.item.contextValue, 'rds.maintenance.scheduled');
  // Run Now is not for a scheduled one (the service would refuse it; the command says why first).
  await assert.rejects(
    Promise.resolve(commands['nhncloud.rds.runMaintenanceNow'](scheduled.node)),
    /is READY: only a pending maintenance/,
  );
  asked.length = 0;
  await commands['nhncloud.rds.cancelMaintenance'](scheduled.node);
  assert.deepEqual(asked, ['Cancel maintenance "Apply parameter group changes" of prod-orders?']);
  const back = (await maintenanceRows(await instance('prod-orders', 'prod-orders'))).rows[0].item;
  assert.equal(back.contextValue, 'rds.maintenance.pending');
});

test('from the palette: an instance, then one of its maintenances the action applies to; none says so', async () => {
  // Cancel: staging-api's scheduled user maintenance, deleted.
  picks.push((items) => items.find((i) => i.label === 'staging-api'));
  picks.push((items) => {
    assert.deepEqual(
      items.map((i) => i.label),
      ['Modify DB instance'],
    );
    return items[0];
  });
  await commands['nhncloud.rds.cancelMaintenance']();
  const staging = (await maintenanceRows(await instance('staging-api'))).rows[0].item;
  assert.match(staging.description, / · Deleted · By you$/);
  // An instance with nothing to run.
  picks.push((items) => items.find((i) => i.label === 'dev-playground'));
  await assert.rejects(
    Promise.resolve(commands['nhncloud.rds.runMaintenanceNow']()),
    /dev-playground has no pending maintenance to run/,
  );
  assert.equal(picks.length, 0);
});

test("Show Events from a folder of an instance (a job's warning passes the node the job changed) narrows the Events folder to that instance without asking", async () => {
  const inst = await instance('legacy-crm');
  // Create DB User's job is tracked on the instance's DB Users folder: any folder of it will do.
  // (It asked for an instance among every one of the profile; an unexpected QuickPick fails here.)
  await commands['nhncloud.rds.showInstanceEvents'](await child(inst, 'Maintenances'));
  const [profileNode] = (await provider.getChildren(undefined))!;
  const events: any = await provider.getTreeItem(
    await child(await child(await child(profileNode, 'KR1'), 'RDS for MySQL'), 'Events'),
  );
  assert.match(events.description, /^legacy-crm · /);
});

test('a v3.0 profile shows neither the HA row nor the Maintenances folder', async () => {
  apiVersion = 'v3.0';
  try {
    const inst = await instance('legacy-crm');
    const labels = await Promise.all(
      ((await provider.getChildren(inst)) ?? []).map(async (k) => (await provider.getTreeItem(k)).label),
    );
    assert.ok(
      labels.includes('Network') && !labels.includes('High availability') && !labels.includes('Maintenances'),
      labels.join(),
    );
  } finally {
    apiVersion = 'v4.0';
  }
});
