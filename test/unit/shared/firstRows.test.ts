// The cold open's first rows (issue 67): the activation shim (src/extension.ts) draws the profiles
// and the active profile's regions from globalState and the sites table before main.js loads,
// then loads main, whose nodes must be the very rows drawn (same ids, labels, descriptions,
// icons, contextValues, expansion): VS Code then keeps them through main's first refresh. The
// shim runs here under the vscode stand-in, with main.js replaced by a main made of the real
// explorer (createExplorer) over the same globalState, loaded through the shim's own path.
import assert from 'node:assert/strict';
import Module from 'node:module';
import { test } from 'node:test';
import { installVscodeStub, stubVscode } from '../../support/vscodeStub';

installVscodeStub();

const state = new Map<string, unknown>();
const memento = {
  get: <T>(k: string, d?: T) => (state.has(k) ? (state.get(k) as T) : d),
  update: async (k: string, v: unknown) => void state.set(k, v),
  keys: () => [...state.keys()],
};
const profiles = [
  { id: 'p-public', name: 'Work', cloud: 'public', regions: ['KR1', 'KR2', 'JP1', 'KR1'] },
  { id: 'p-gov', name: 'Gov', cloud: 'gov', regions: ['KR1'] },
  { id: 'p-sandbox', name: 'Sandbox', cloud: 'public', regions: ['KR1'], sandbox: true },
];

/** The services main's explorer gets: the profile store reads the same globalState as the shim. */
function services(explorerView: unknown): any {
  const list = () => (state.get('nhncloud.profiles') as any[]) ?? [];
  return {
    context: { globalState: memento, workspaceState: memento },
    log: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} },
    profiles: {
      list,
      active: () => list().find((p) => p.id === state.get('nhncloud.activeProfile')) ?? list()[0],
      onDidChange: () => ({ dispose() {} }),
    },
    clients: { catalogRegions: async () => undefined, knownCatalogRegions: () => ({ known: true }) },
    refresh: () => {},
    explorerView,
  };
}

/** A tree view as the explorer reads it. */
const aView = (): any => ({ selection: [], visible: true, onDidChangeVisibility: () => ({ dispose() {} }) });

const itemOf = (item: any) => ({
  id: item.id,
  label: item.label,
  collapsibleState: item.collapsibleState,
  description: item.description,
  contextValue: item.contextValue,
  icon: item.iconPath?.id,
  colour: item.iconPath?.color,
  tooltip: item.tooltip,
  command: item.command,
});

test("the shim's first rows are main's rows: profiles (active, inactive, gov, sandbox) and the active profile's regions", async () => {
  const { firstRows, firstChildren } = require('../../../src/shared/tree/firstRows');
  const { createExplorer } = require('../../../src/shared/tree/explorer');
  for (const active of profiles.map((p) => p.id)) {
    state.set('nhncloud.profiles', profiles);
    state.set('nhncloud.activeProfile', active);
    const explorer = createExplorer(services(aView()));
    const mainRoots = await explorer.provider.getChildren();
    const shimRoots = firstRows(memento);
    assert.deepEqual(
      shimRoots.map((r: any) => itemOf(r.getTreeItem())),
      await Promise.all(mainRoots.map(async (n: any) => itemOf(await explorer.provider.getTreeItem(n)))),
    );
    const shimActive = shimRoots.find((r: any) => r.id === active);
    const mainActive = mainRoots.find((n: any) => n.id === active);
    const shimRegions = firstChildren(shimActive);
    const mainRegions = await explorer.provider.getChildren(mainActive);
    assert.deepEqual(
      shimRegions.map((r: any) => itemOf(r.getTreeItem())),
      await Promise.all(mainRegions.map(async (n: any) => itemOf(await explorer.provider.getTreeItem(n)))),
    );
    assert.deepEqual(
      shimRegions.map((r: any) => r.parent),
      shimRegions.map(() => shimActive),
    );
    // The inactive profiles' children are main's ("Switch to this profile"): the shim has none.
    for (const r of shimRoots.filter((r: any) => r.id !== active)) assert.equal(firstChildren(r), undefined);
    explorer.dispose();
  }
});

test('the shim draws the first rows without main.js, loads it after them and hands the tree and commands over by id', async () => {
  state.set('nhncloud.profiles', profiles);
  state.set('nhncloud.activeProfile', 'p-public');
  const { createExplorer } = require('../../../src/shared/tree/explorer');
  const events: string[] = [];
  // Through a function: assert.deepEqual(events, []) narrows `events` to an empty tuple after it.
  const happened = (event: string) => void events.push(event);
  let provider: any;
  const view: any = aView();
  const ran: unknown[][] = [];
  const commands = new Map<string, (...a: unknown[]) => unknown>();
  // main.js, as the shim loads it (requireWithCodeCache): a main whose explorer is the real one.
  const fakeCodeCache = {
    requireWithCodeCache: () => {
      happened('main.js loaded');
      return {
        cache: 'none',
        save() {},
        exports: {
          createMain(shim: any) {
            const explorer = createExplorer({ ...services(view), refresh: (n: unknown) => shim.treeChanged.fire(n) });
            explorer.setFeatures([]);
            return {
              explorer: explorer.provider,
              findNode: (id: string) => explorer.findNode(id),
              runCommand: async (id: string, args: unknown[]) => void ran.push([id, ...args]),
              dispose: async () => explorer.dispose(),
            };
          },
        },
      };
    },
  };
  const m = Module as unknown as { _load: (req: string, parent: unknown, isMain: boolean) => unknown };
  const load = m._load;
  m._load = function (req: string, parent: unknown, isMain: boolean) {
    return req === './shared/codeCache' ? fakeCodeCache : load.call(this, req, parent, isMain);
  };
  const vs = stubVscode as any;
  const saved = {
    window: vs.window,
    commands: vs.commands,
    workspace: vs.workspace,
    lm: vs.lm,
    mode: vs.ExtensionMode,
  };
  vs.ExtensionMode = { Production: 1, Development: 2, Test: 3 };
  vs.window = {
    ...vs.window,
    createTreeView: (_id: string, opts: any) => {
      provider = opts.treeDataProvider;
      return Object.assign(view, { dispose() {} });
    },
    registerWebviewPanelSerializer: () => ({ dispose() {} }),
  };
  vs.commands = {
    executeCommand: async () => undefined,
    registerCommand: (id: string, fn: (...a: unknown[]) => unknown) => {
      commands.set(id, fn);
      return { dispose() {} };
    },
  };
  vs.workspace = {
    ...vs.workspace,
    getConfiguration: () => ({ inspect: () => undefined, get: (_k: string, d?: unknown) => d }),
    registerFileSystemProvider: () => ({ dispose() {} }),
  };
  vs.lm = undefined;
  try {
    const shim = require('../../../src/extension');
    const changed: unknown[] = [];
    shim.activate({
      subscriptions: [],
      globalState: memento,
      secrets: {},
      globalStorageUri: { fsPath: '/nonexistent' },
      extensionMode: 1,
      extension: { packageJSON: { contributes: { commands: [{ command: 'nhncloud.profile.edit' }] } } },
    });
    // Main's first act is a refresh of the whole tree (explorer.setFeatures).
    const handedOver = new Promise<void>((resolve) =>
      provider.onDidChangeTreeData((e: unknown) => {
        changed.push(e);
        if (e === undefined) resolve();
      }),
    );
    assert.equal(view.description, 'Work');

    // The rows, answered at once (not a promise waiting for main), main.js not loaded.
    const roots = provider.getChildren(undefined);
    assert.ok(Array.isArray(roots));
    assert.deepEqual(
      roots.map((r: any) => r.id),
      ['p-public', 'p-gov', 'p-sandbox'],
    );
    const regions = provider.getChildren(roots[0]);
    assert.ok(Array.isArray(regions));
    assert.deepEqual(
      regions.map((r: any) => provider.getTreeItem(r).id),
      ['p-public/KR1', 'p-public/KR2', 'p-public/JP1'],
    );
    assert.equal(provider.getParent(regions[0]), roots[0]);
    assert.deepEqual(events, []);
    // VS Code sends the answer from a timer of its own, set once the answer's promise settles
    // (after the shim returned): it must run before main.js's synchronous load, which held the
    // rows back by its 150 ms when the shim loaded main at the next tick (bench, issue 67).
    await Promise.resolve();
    setTimeout(() => happened('the rows sent'), 0);

    // Main loads after them (the shim schedules it once they are handed out).
    await handedOver;
    assert.deepEqual(events, ['the rows sent', 'main.js loaded']);

    // What VS Code asks then is main's, under the same ids.
    const mainRoots = await provider.getChildren(undefined);
    assert.deepEqual(
      mainRoots.map((n: any) => n.id),
      roots.map((r: any) => r.id),
    );
    assert.notEqual(mainRoots[0], roots[0]);
    // A row drawn by the shim and opened after the hand-over answers main's children.
    const inactive = await provider.getChildren(roots[1]);
    assert.deepEqual(
      inactive.map((n: any) => n.id),
      ['p-gov/~switch'],
    );
    // A command run on a row the shim drew (a context menu before the refresh) gets main's node,
    // also in the list of selected rows.
    await commands.get('nhncloud.profile.edit')!(regions[1], [regions[1], roots[2]]);
    const [id, one, many] = ran[0] as [string, any, any[]];
    assert.equal(id, 'nhncloud.profile.edit');
    assert.equal(one.constructor.name, 'RegionNode');
    assert.equal(one.id, 'p-public/KR2');
    assert.deepEqual(
      many.map((n) => [n.constructor.name, n.id]),
      [
        ['RegionNode', 'p-public/KR2'],
        ['ProfileNode', 'p-sandbox'],
      ],
    );
    await shim.deactivate();
  } finally {
    m._load = load;
    Object.assign(vs, { window: saved.window, commands: saved.commands, workspace: saved.workspace, lm: saved.lm });
    vs.ExtensionMode = saved.mode;
  }
});
