// The explorer tree and the job tracker against the sandbox over real loopback HTTP, with a
// stand-in for the vscode module: every folder loads without an error node, instances carry
// a state contextValue, failures become the documented nodes, and a job is followed to its end.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter, installVscodeStub, messages } from '../../support/vscodeStub';

installVscodeStub();

type Mods = {
  explorer: typeof import('../../../src/shared/tree/explorer');
  nodes: typeof import('../../../src/shared/tree/nodes');
  paging: typeof import('../../../src/shared/tree/paging');
  jobs: typeof import('../../../src/jobs/tracker');
  busyWatcher: typeof import('../../../src/jobs/busyWatcher');
  rds: typeof import('../../../src/rds/activation');
  instance: typeof import('../../../src/rds/tree/instanceNode');
  instancesFolder: typeof import('../../../src/rds/tree/instancesFolder');
  sandbox: typeof import('../../../src/sandbox/index');
  client: typeof import('../../../src/client/rds/client');
  transport: typeof import('../../../src/client/http/transport');
  redact: typeof import('../../../src/client/http/redact');
};

let m: Mods;
let sb: Awaited<ReturnType<Mods['sandbox']['startSandbox']>>;
let provider: import('vscode').TreeDataProvider<import('../../../src/shared/tree/nodes').TreeNode>;
let explorer: import('../../../src/shared/tree/explorer').Explorer;
let tracker: import('../../../src/jobs/tracker').JobTracker;
const visible = new EventEmitter<{ visible: boolean }>();
/** The next `revealUnselected` calls answer without selecting the row (a fresh-clone CI run's tree showed nothing). */
let revealUnselected = 0;
/** What the stand-in tree view was asked to reveal; it refuses the next `revealRefusals` calls as VS Code does an object it cannot resolve. */
const revealed: unknown[] = [];
let revealRefusals = 0;
/** The next `revealHangs` calls never answer, as VS Code's reveal can when a refresh crosses it (microsoft/vscode#209043). */
let revealHangs = 0;
const selectionChanged = new EventEmitter<{ selection: unknown[] }>();
/** The stand-in tree view: a reveal that succeeds selects the row, as VS Code's does with `select: true`. */
const view = {
  visible: true,
  onDidChangeVisibility: visible.event,
  onDidChangeSelection: selectionChanged.event,
  selection: [] as unknown[],
  reveal: async (node: unknown) => {
    if (revealHangs > 0) {
      revealHangs--;
      return new Promise(() => undefined);
    }
    if (revealRefusals > 0) {
      revealRefusals--;
      throw new Error('Cannot resolve tree item for element');
    }
    revealed.push(node);
    if (revealUnselected > 0) {
      revealUnselected--;
      return;
    }
    // VS Code reports the selection after the reveal answered.
    pendingSelection = setTimeout(() => {
      view.selection = [node];
      selectionChanged.fire({ selection: view.selection });
    }, 5);
  },
};
let pendingSelection: ReturnType<typeof setTimeout> | undefined;
/** No row selected, and none about to be (a reveal that returned early leaves its report pending). */
function clearSelection() {
  clearTimeout(pendingSelection);
  view.selection = [];
}

before(async () => {
  m = {
    explorer: require('../../../src/shared/tree/explorer'),
    nodes: require('../../../src/shared/tree/nodes'),
    paging: require('../../../src/shared/tree/paging'),
    jobs: require('../../../src/jobs/tracker'),
    busyWatcher: require('../../../src/jobs/busyWatcher'),
    rds: require('../../../src/rds/activation'),
    instance: require('../../../src/rds/tree/instanceNode'),
    instancesFolder: require('../../../src/rds/tree/instancesFolder'),
    sandbox: require('../../../src/sandbox/index'),
    client: require('../../../src/client/rds/client'),
    transport: require('../../../src/client/http/transport'),
    redact: require('../../../src/client/http/redact'),
  };
  sb = await m.sandbox.startSandbox({ timeScale: 10 });
  const sp = sb.sandboxProfile();
  const profile = {
    id: 'sandbox',
    name: sp.name,
    cloud: sp.cloud,
    regions: sp.regions,
    endpoints: sp.endpoints,
    sandbox: true,
  };
  const transport = new m.transport.Transport({
    userAgent: 'explorer-test',
    retries: { max: 0, baseDelayMs: 1, maxDelayMs: 1 },
    redactor: new m.redact.Redactor(),
  } as any);
  const clients = new Map<string, any>();
  const state = new Map<string, unknown>();
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} };
  const services: any = {
    context: {
      // The query console's files (none are made here).
      globalStorageUri: require('vscode').Uri.file(join(tmpdir(), 'nhncloud-explorer-test-storage')),
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
      setActive: async () => {},
      secrets: async () => sp.secrets,
      save: async () => {},
      remove: async () => {},
      onDidChange: () => ({ dispose() {} }),
    },
    clients: {
      rds: async (region: string) => {
        if (!clients.has(region)) {
          clients.set(
            region,
            new m.client.RdsClient({
              baseUrl: sp.endpoints.rds.replace('{region}', region.toLowerCase()),
              credentials: {
                appKey: sp.secrets.rdsAppKey!,
                accessKeyId: sp.secrets.rdsAccessKeyId!,
                secretAccessKey: sp.secrets.rdsSecretAccessKey!,
              },
              transport,
            }),
          );
        }
        return clients.get(region);
      },
      // No service catalog here (catalogRegions.test.ts has it): the sites table decides.
      catalogRegions: async () => undefined,
      knownCatalogRegions: () => ({ known: true }),
    },
    refresh: () => {},
    explorerView: view,
  };
  // The reveal test waits out a reveal that never answers and one that selects nothing: a tenth
  // of the product's 4 s and 2 s is enough for a stand-in view that answers at once.
  explorer = m.explorer.createExplorer(services, { attemptMs: 400, selectionMs: 200 });
  tracker = new m.jobs.JobTracker(services, explorer);
  const features = [m.rds.createRdsFeature({ services, jobs: tracker, explorer })];
  explorer.setFeatures(features);
  provider = explorer.provider;
});

after(async () => {
  tracker?.dispose();
  explorer?.dispose();
  await sb?.close();
});

async function child(parent: any, label: string): Promise<any> {
  const kids = await provider.getChildren(parent);
  const items = await Promise.all((kids ?? []).map(async (k) => ({ k, item: await provider.getTreeItem(k) })));
  const hit = items.find((x) => x.item.label === label);
  assert.ok(hit, `"${label}" under ${parent?.id ?? 'root'}: ${items.map((x) => x.item.label).join(', ')}`);
  return hit.k;
}

async function rdsNode(region = 'KR1') {
  const [profileNode] = (await provider.getChildren(undefined))!;
  return child(await child(profileNode, region), 'RDS for MySQL');
}

/** Every node below `node`, to a depth, with its tree item. */
async function walk(node: any, depth: number, out: Array<{ node: any; item: any }> = []) {
  if (depth === 0) return out;
  for (const k of (await provider.getChildren(node)) ?? []) {
    const item = await provider.getTreeItem(k);
    out.push({ node: k, item });
    if (item.collapsibleState) await walk(k, depth - 1, out);
  }
  return out;
}

test('profile -> region -> RDS: every folder of the sandbox loads without an error node', async () => {
  const rds = await rdsNode();
  const all = await walk(rds, 5);
  const errors = all.filter((x) => x.node instanceof m.nodes.ErrorNode).map((x) => `${x.node.id}: ${x.item.label}`);
  assert.deepEqual(errors, []);
  const labels = new Set(all.map((x) => x.item.label));
  for (const l of [
    'DB Instances',
    'Backups',
    'Parameter Groups',
    'DB Security Groups',
    'User Groups',
    'Notification Groups',
    'Events',
    'Catalog',
    'DB Users',
    'DB Schemas',
    'Log Files',
    'Network',
    'Metrics',
  ]) {
    assert.ok(labels.has(l), `${l} present`);
  }
  const instances = all.filter((x) => x.node instanceof m.instance.InstanceNode);
  assert.ok(instances.length > 0, 'instances listed');
  for (const i of instances)
    assert.match(
      i.item.contextValue,
      /^rds\.instance\.(available|busy|stopped|working|other)\.(primary|ha|replica|member)(\.bastion)?$/,
    );
  const ids = all.map((x) => x.node.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  for (const x of all) assert.ok(x.node.id.startsWith('sandbox/KR1/rds'), x.node.id);
});

test('a row whose item is ready is answered without a promise; a node that cannot describe itself is an error row, thrown or rejected', async () => {
  const rds = await rdsNode();
  const leaf = new m.nodes.LeafNode(rds, `${rds.id}/plain`, 'plain');
  // VS Code asks for every row of a page (a bucket's is 1,000): a promise per row was allocation
  // the big bucket's profile showed.
  const item = provider.getTreeItem(leaf);
  assert.ok(!(item instanceof Promise), 'a row whose item is ready is answered as it is');
  assert.equal((item as import('vscode').TreeItem).label, 'plain');
  class Throws extends m.nodes.LeafNode {
    override getTreeItem(): never {
      throw new Error('no label');
    }
  }
  // A node whose item is a promise (TreeNode allows one; a LeafNode's is not, hence the cast).
  class Rejects extends m.nodes.LeafNode {
    override getTreeItem(): import('vscode').TreeItem {
      return Promise.reject(new Error('no answer')) as unknown as import('vscode').TreeItem;
    }
  }
  for (const [node, text] of [
    [new Throws(rds, `${rds.id}/throws`, 'throws'), 'throws: no label'],
    [new Rejects(rds, `${rds.id}/rejects`, 'rejects'), 'rejects: no answer'],
  ] as const) {
    const row = await provider.getTreeItem(node);
    assert.equal(row.label, text);
    assert.equal(row.id, node.id);
  }
});

test('the gov cloud shows RDS in KR1 only', () => {
  const feature = m.rds.createRdsFeature({ services: (tracker as any).services, jobs: tracker, explorer });
  const gov = { id: 'g', name: 'gov', cloud: 'gov' as const, regions: ['KR1', 'KR2'] as any };
  assert.equal(feature.regionChildren!(gov, 'KR1').length, 1);
  assert.equal(feature.regionChildren!(gov, 'KR2').length, 0);
});

test('80401 becomes "Credentials rejected: Edit Profile"; 4005 says RDS is not enabled; others offer a retry', async () => {
  const rds = await rdsNode();
  const folder = await child(rds, 'User Groups');
  const errorText = async (code: number) => {
    sb.faults.resultCode(code, 'rds.listUserGroups', 1);
    explorer.ctx.refresh(folder);
    const [first] = (await provider.getChildren(folder))!;
    assert.ok(first instanceof m.nodes.ErrorNode, `code ${code} gives an error node`);
    return (await provider.getTreeItem(first)) as any;
  };
  const auth = await errorText(80401);
  assert.equal(auth.label, 'Credentials rejected: Edit Profile');
  assert.equal(auth.command.command, 'nhncloud.profile.edit');
  assert.match((await errorText(4005)).label, /not enabled/);
  const other = await errorText(-1);
  assert.match(other.label, /^Failed to load: .*Click to retry$/);
  assert.equal(other.command.command, 'nhncloud.tree.retry');
  explorer.ctx.refresh(folder);
  assert.ok(!((await provider.getChildren(folder))![0] instanceof m.nodes.ErrorNode), 'retry loads again');
});

test('a folder filter narrows by name and says so when nothing matches', async () => {
  const rds = await rdsNode();
  const folder = await child(await child(rds, 'Catalog'), 'Flavors');
  const all = (await provider.getChildren(folder))!;
  assert.ok(all.length > 1);
  const first = (await provider.getTreeItem(all[0])).label as string;
  explorer.ctx.filters.set(folder.id, first);
  const narrowed = (await provider.getChildren(folder))!;
  assert.ok(narrowed.length < all.length && narrowed.length >= 1);
  assert.match(String((await provider.getTreeItem(folder)).contextValue), /\.filtered$/);
  explorer.ctx.filters.set(folder.id, 'no-such-flavor-name');
  const none = (await provider.getChildren(folder))!;
  assert.match(String((await provider.getTreeItem(none[0])).label), /No name matches/);
  explorer.ctx.filters.delete(folder.id);
});

test('paged events end in "Load more", whose click appends the next page to the folder, once per click', async () => {
  sb.rds.scale(30);
  const rds = await rdsNode();
  const events = await child(rds, 'Events');
  explorer.ctx.refresh(events);
  const page1 = (await provider.getChildren(events))!;
  let more = page1[page1.length - 1];
  assert.ok(more instanceof m.paging.LoadMoreNode, 'ends in Load more');
  const item = await provider.getTreeItem(more);
  assert.equal(item.collapsibleState, 0, 'a row in the folder (issue 25, rough edge 18: no staircase)');
  assert.equal(item.command?.command, 'nhncloud.tree.loadMore');
  // "20 of 83": the service's count of the whole listing.
  const total = Number(/of (\d+)/.exec(String(item.description))?.[1]);
  assert.ok(total > 40, `three pages or more (${item.description})`);
  const loadMore = explorer.feature.commands['nhncloud.tree.loadMore'];
  // Two clicks while a page loads fetch it once: a second fetch would move the page number past
  // a page nobody saw (the count below would come short).
  await Promise.all([loadMore(more), loadMore(more)]);
  let rows = (await provider.getChildren(events))!;
  assert.deepEqual(rows.slice(0, page1.length - 1), page1.slice(0, -1), 'the first page, the same nodes');
  for (let pages = 2; rows.at(-1) instanceof m.paging.LoadMoreNode; pages++) {
    assert.ok(pages < 50, 'the listing ends');
    more = rows.at(-1)!;
    await loadMore(more);
    rows = (await provider.getChildren(events))!;
  }
  for (const n of rows) assert.equal(provider.getParent!(n), events, `${n.id} is drawn in its folder`);
  const ids = rows.map((n) => n.id);
  assert.equal(new Set(ids).size, ids.length, 'no event twice');
  assert.equal(rows.length, total, 'every event, none skipped');
});

test('a job is followed to its end: the node shows it while running, a notification reports it', async () => {
  const rds = await rdsNode();
  const instancesFolder = await child(rds, 'DB Instances');
  const all = await walk(instancesFolder, 2);
  const inst = all.find(
    (x) => x.node instanceof m.instance.InstanceNode && /available/.test(x.item.contextValue),
  )!.node;
  const client = await require('../../../src/rds/tree/base').rdsRoot(inst).client();
  const res = await client.createDbSchema({
    dbInstanceId: inst.data.dbInstanceId,
    body: { dbSchemaName: 'explorer_test' },
  });
  messages.length = 0;
  const rec = tracker.track({
    jobId: res.jobId,
    region: 'KR1',
    title: 'Create DB schema explorer_test',
    nodeId: inst.id,
  });
  assert.equal(tracker.runningFor(inst.id)?.jobId, res.jobId);
  // The node is busy: the service's own progressStatus (Creating schema...) or the job's title.
  const busyItem: any = await provider.getTreeItem(inst);
  assert.match(String(busyItem.description), /Creating a DB schema\.\.\.|Create DB schema explorer_test\.\.\./);
  assert.equal(busyItem.iconPath.id, 'loading~spin');
  await new Promise<void>((resolve) => {
    const sub = tracker.onDidChange((j) => {
      if (j.jobId === rec.jobId && j.state !== 'running') {
        sub.dispose();
        resolve();
      }
    });
  });
  assert.equal(rec.state, 'succeeded');
  assert.equal(tracker.runningFor(inst.id), undefined);
  assert.ok(
    messages.some((x) => x.level === 'info' && x.text.startsWith('Create DB schema explorer_test: done')),
    JSON.stringify(messages),
  );
});

test('busy nodes are polled until they settle, and not at all while the view is hidden', async () => {
  const vis = new EventEmitter<{ visible: boolean }>();
  const view = { visible: false, onDidChangeVisibility: vis.event };
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} };
  const watcher = new m.busyWatcher.BusyWatcher({ explorerView: view, log } as any, () => 0);
  const tick = () => new Promise((r) => setImmediate(r));
  let calls = 0;
  watcher.watch('node', async () => ++calls >= 3);
  for (let i = 0; i < 5; i++) await tick();
  assert.equal(calls, 0, 'hidden: no poll');
  view.visible = true;
  vis.fire({ visible: true });
  for (let i = 0; i < 20 && watcher.size; i++) await new Promise((r) => setTimeout(r, 1));
  assert.equal(calls, 3, 'polled until settled');
  assert.equal(watcher.size, 0);
  watcher.dispose();
});

test('jobs persist in workspaceState and a new tracker (a window reload) resumes and finishes them', async () => {
  const state = new Map<string, unknown>();
  const services: any = {
    ...(tracker as any).services,
    context: {
      workspaceState: {
        get: (k: string) => state.get(k),
        update: async (k: string, v: unknown) => void state.set(k, v),
      },
    },
  };
  const rds = await rdsNode();
  const inst = (await walk(await child(rds, 'DB Instances'), 2)).find(
    (x) => x.node instanceof m.instance.InstanceNode && /available/.test(x.item.contextValue),
  )!.node;
  const client = await services.clients.rds('KR1');
  const res = await client.createDbSchema({
    dbInstanceId: inst.data.dbInstanceId,
    body: { dbSchemaName: 'resumed_job' },
  });
  const first = new m.jobs.JobTracker(services, explorer);
  first.track({ jobId: res.jobId, region: 'KR1', title: 'Create DB schema resumed_job', nodeId: `${inst.id}/schemas` });
  first.dispose(); // the window goes away before the job ends
  const saved = state.get('nhncloud.jobs') as Array<{ jobId: string; state: string }>;
  assert.equal(saved.find((j) => j.jobId === res.jobId)?.state, 'running');
  const second = new m.jobs.JobTracker(services, explorer);
  await new Promise<void>((resolve) => {
    const sub = second.onDidChange((j) => {
      if (j.jobId === res.jobId && j.state !== 'running') {
        sub.dispose();
        resolve();
      }
    });
  });
  assert.equal(second.list().find((j) => j.jobId === res.jobId)?.state, 'succeeded');
  second.dispose();
});

test('every nhncloud.rds/tree/jobs/sandbox command of the manifest has a handler (RDS, explorer, jobs, sandbox or panels), and every handler is declared', async () => {
  const pkg = JSON.parse(require('node:fs').readFileSync('package.json', 'utf8'));
  const declared: string[] = pkg.contributes.commands
    .map((c: any) => c.command)
    .filter((id: string) => /^nhncloud\.(rds|tree|jobs|sandbox)\./.test(id));
  const { SandboxController } =
    require('../../../src/exploreSandbox/controller') as typeof import('../../../src/exploreSandbox/controller');
  // The webview commands (create, restore, replicate, parameters, rules, metrics) belong to the panels feature.
  const { createRdsFormsFeature } =
    require('../../../src/rds/forms/commands') as typeof import('../../../src/rds/forms/commands');
  const panels = createRdsFormsFeature({} as any).commands;
  const handlers = {
    ...m.rds.createRdsFeature({ services: (tracker as any).services, jobs: tracker, explorer }).commands,
    ...explorer.feature.commands,
    ...tracker.feature().commands,
    ...new SandboxController({} as any, () => ({}) as any).feature().commands,
  };
  const missing = declared.filter((id) => !(id in handlers) && !(id in panels));
  assert.deepEqual(missing, []);
  const undeclared = Object.keys(handlers).filter((id) => !declared.includes(id));
  assert.deepEqual(undeclared, []);
});

test('"DB Instances" draws N instances from 2 requests; details follow in the background and add the menu flags', async () => {
  sb.rds.scale(100);
  const rds = await rdsNode();
  const folder = await child(rds, 'DB Instances');
  explorer.ctx.refresh(folder);
  sb.server.resetStats();
  const rows = (await provider.getChildren(folder))!;
  await Promise.all(rows.map((r) => provider.getTreeItem(r)));
  const drawn = { ...sb.server.stats.byOperation };
  assert.ok(rows.length >= 100, `${rows.length} rows`);
  assert.deepEqual(
    Object.keys(drawn).sort(),
    ['rds.listDbInstanceGroups', 'rds.listDbInstances'],
    JSON.stringify(drawn),
  );
  assert.equal(sb.server.stats.total, 2);

  // A whole-tree refresh drops that folder object; its background pass stops once the new one loads.
  explorer.ctx.refresh(undefined);
  const again = await child(await rdsNode(), 'DB Instances');
  assert.notEqual(again, folder);
  await Promise.all(((await provider.getChildren(again)) ?? []).map((r) => provider.getTreeItem(r)));

  // Then every detail is read once, and a protected instance's row says so (top level or in its group).
  const instances = sb.rds.state.regions.KR1.instances as unknown as Map<
    string,
    { dbInstanceId: string; useDeletionProtection?: boolean }
  >;
  for (let i = 0; i < 600 && (sb.server.stats.byOperation['rds.getDbInstance'] ?? 0) < instances.size; i++)
    await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(
    sb.server.stats.byOperation['rds.getDbInstance'],
    instances.size,
    'each detail once: the dropped folder stopped reading',
  );
  const all = await walk(again, 2);
  const shown = all.filter((x) => x.node instanceof m.instance.InstanceNode);
  const protectedIds = [...instances.values()].filter((i) => i.useDeletionProtection).map((i) => i.dbInstanceId);
  assert.ok(protectedIds.length > 0, 'the seed has protected instances');
  for (const id of protectedIds) {
    const row = shown.find((x) => x.node.data.dbInstanceId === id);
    assert.ok(row, `instance ${id} shown`);
    assert.match(String(row.item.description), /protected/, row.node.id);
  }
  // The tooltip comes on hover, from the detail already read.
  const resolved = await provider.resolveTreeItem!(shown[0].item, shown[0].node, {} as any);
  assert.match((resolved!.tooltip as { value: string }).value, /Deletion protection/);
});

test('"RDS for MySQL" asks for the instance list as it opens: DB Instances draws it with no request of its own; a refresh, an old list and a failure behave as before', async () => {
  const rds = await rdsNode();
  const listed = () => sb.server.stats.byOperation['rds.listDbInstances'] ?? 0;
  /** Opens "RDS for MySQL" afresh and waits until its list asked for ahead has reached the sandbox. */
  const openRds = async () => {
    explorer.ctx.refresh(rds);
    sb.server.resetStats();
    const folder = await child(rds, 'DB Instances');
    // Waits for the listing asked for ahead itself, not for a while: polled for 2 s, it failed by
    // chance on a loaded machine (the sandbox counts a request before it answers).
    const ahead = (folder as unknown as { ahead?: { listing: Promise<unknown> } }).ahead;
    assert.ok(ahead, 'the list is asked for as "RDS for MySQL" opens');
    await ahead.listing;
    assert.equal(listed(), 1, 'the list is asked for as "RDS for MySQL" opens');
    return folder;
  };
  const rowsOf = async (folder: unknown) => {
    const rows = (await provider.getChildren(folder as never))!;
    await Promise.all(rows.map((r) => provider.getTreeItem(r)));
    return rows;
  };

  // Opened: drawn from the list asked for ahead, with no request of its own.
  let folder = await openRds();
  sb.server.resetStats();
  let rows = await rowsOf(folder);
  assert.ok(rows.length > 0 && !rows.some((r) => r instanceof m.nodes.ErrorNode), 'rows drawn');
  assert.deepEqual(
    Object.keys(sb.server.stats.byOperation).filter((k) => /list/.test(k)),
    [],
    'no listing request at the click',
  );

  // Refreshed: asks again.
  explorer.ctx.refresh(folder);
  sb.server.resetStats();
  await rowsOf(folder);
  assert.equal(listed(), 1, 'a refresh lists again');

  // Opened long after "RDS for MySQL": the list asked for then is not drawn; it asks again.
  folder = await openRds();
  await new Promise((r) => setTimeout(r, 50));
  sb.server.resetStats();
  const realNow = Date.now;
  Date.now = () => realNow() + m.instancesFolder.PREFETCH_FRESH_MS + 1;
  try {
    await rowsOf(folder);
  } finally {
    Date.now = realNow;
  }
  assert.equal(listed(), 1, 'a list older than PREFETCH_FRESH_MS is asked for again');

  // A failure of the list asked for ahead is the folder's own, with its retry.
  explorer.ctx.refresh(rds);
  sb.faults.resultCode(-1, 'rds.listDbInstances', 1);
  folder = await child(rds, 'DB Instances');
  rows = await rowsOf(folder);
  assert.ok(rows[0] instanceof m.nodes.ErrorNode, "the failed list is the folder's error");
  explorer.ctx.refresh(folder);
  rows = await rowsOf(folder);
  assert.ok(rows.length > 0 && !rows.some((r) => r instanceof m.nodes.ErrorNode), 'retry lists again');
});

test('reveal finds an instance created after its folder loaded, and tries again when the tree view cannot resolve the node', async () => {
  const rds = await rdsNode();
  const folder = await child(rds, 'DB Instances');
  await provider.getChildren(folder);
  // A new instance in the service after the folder loaded (as a create job's end would leave it).
  const instances = sb.rds.state.regions.KR1.instances as unknown as Map<string, Record<string, unknown>>;
  const [first] = instances.values();
  const newId = '0b7e6c2e-reveal-test';
  instances.set(newId, { ...first, dbInstanceId: newId, dbInstanceName: 'reveal-me' });
  const { rdsIds } = require('../../../src/rds/tree/ids') as typeof import('../../../src/rds/tree/ids');
  const id = rdsIds.instance(rds.id, newId);
  revealed.length = 0;
  clearSelection();
  revealRefusals = 2;
  assert.equal(await explorer.reveal(id), true);
  assert.equal(revealed.length, 1);
  assert.equal((revealed[0] as { id: string }).id, id);
  assert.equal(revealRefusals, 0, 'refused twice, then revealed');
  // A reveal that never answers counts as refused after a while; the next attempt reveals.
  revealed.length = 0;
  clearSelection();
  revealHangs = 1;
  assert.equal(await explorer.reveal(id), true);
  assert.equal(revealHangs, 0);
  assert.equal(revealed.length, 1, 'the attempt after the one that hung revealed the node');
  // A reveal that answers but selects nothing counts as refused too; the next one selects the row.
  revealed.length = 0;
  clearSelection();
  revealUnselected = 1;
  assert.equal(await explorer.reveal(id), true);
  assert.equal(revealUnselected, 0);
  assert.equal(revealed.length, 2, `answered without selecting, then revealed again (${revealed.length} reveals)`);
  // An id that exists nowhere: false after one reload, never a throw.
  assert.equal(await explorer.reveal(rdsIds.instance(rds.id, 'no-such-instance')), false);
  instances.delete(newId);
});
