// Where Network and Object Storage show (issue 26, item 3): the token's service catalog decides
// once it has been read (in the background: the tree answers from the sites table at once), the
// table when the profile has no API user. A region the table does not know shows when the
// catalog lists it. The real Clients (src/shared/clients.ts) against the sandbox over loopback.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();

const explorerMod = require('../../../src/shared/tree/explorer') as typeof import('../../../src/shared/tree/explorer');
const networkMod = require('../../../src/network/activation') as typeof import('../../../src/network/activation');
const storageMod = require('../../../src/storage/activation') as typeof import('../../../src/storage/activation');
const sandboxMod = require('../../../src/sandbox/index') as typeof import('../../../src/sandbox/index');
const { identityState } =
  require('../../../src/sandbox/identity/index') as typeof import('../../../src/sandbox/identity/index');
const { Clients } = require('../../../src/shared/clients') as typeof import('../../../src/shared/clients');
const { Redactor } = require('../../../src/client/http/redact') as typeof import('../../../src/client/http/redact');

type Secrets = import('../../../src/client/profileSecrets').ProfileSecrets;

let sb: import('../../../src/sandbox/index').Sandbox;
let clients: InstanceType<typeof Clients>;
let explorer: import('../../../src/shared/tree/explorer').Explorer;
let secrets: Secrets;
const logged: string[] = [];
let overrideNetwork: (url: string | undefined) => void;

before(async () => {
  sb = await sandboxMod.startSandbox({ timeScale: 10 });
  const sp = sb.sandboxProfile();
  // RDS and identity at the sandbox; network and object storage where the catalog says (an
  // override of theirs would decide instead: the last test).
  const profile: any = {
    id: 'catalog',
    name: 'Catalog',
    cloud: sp.cloud,
    regions: sp.regions,
    endpoints: { rds: sp.endpoints.rds, identity: sp.endpoints.identity },
  };
  overrideNetwork = (url) => (profile.endpoints = { ...profile.endpoints, network: url });
  const log = {
    trace() {},
    debug() {},
    info: (m: string) => void logged.push(m),
    warn: (m: string) => void logged.push(m),
    error() {},
    show() {},
  };
  const profiles: any = {
    list: () => [profile],
    active: () => profile,
    secrets: async () => secrets,
    onDidChange: () => ({ dispose() {} }),
  };
  clients = new Clients({ profiles, log, redactor: new Redactor(), userAgent: 'catalog-test' });
  const services: any = {
    context: {
      workspaceState: { get: () => undefined, update: async () => {} },
      globalState: { get: <T>(_k: string, d?: T) => d, update: async () => {} },
    },
    log,
    profiles,
    clients: clients.api,
    refresh: () => {},
    explorerView: { visible: true, onDidChangeVisibility: () => ({ dispose() {} }), selection: [] },
  };
  explorer = explorerMod.createExplorer(services);
  const deps = { services, explorer, jobs: { track() {}, onDidChange: () => ({ dispose() {} }) } as any };
  explorer.setFeatures([networkMod.createNetworkFeature(deps), storageMod.createStorageFeature(deps)]);
});

after(async () => {
  identityState.catalogRegions = {};
  explorer?.dispose();
  clients?.dispose();
  await sb?.close();
});

beforeEach(() => {
  clients.reset();
  logged.length = 0;
  secrets = { ...sb.sandboxProfile().secrets };
});

/** Label → description and child labels, for every region under the profile. */
async function regions(): Promise<Record<string, { description: string; children: string[] }>> {
  const provider = explorer.provider;
  const [profileNode] = (await provider.getChildren(undefined))!;
  const out: Record<string, { description: string; children: string[] }> = {};
  for (const r of (await provider.getChildren(profileNode)) ?? []) {
    const item = await provider.getTreeItem(r);
    const kids = await Promise.all(((await provider.getChildren(r)) ?? []).map((k) => provider.getTreeItem(k)));
    out[String(item.label)] = {
      description: String(item.description ?? ''),
      children: kids.map((k) => String(k.label)),
    };
  }
  return out;
}

/** The tree's first answer (from the table), then the one after the background catalog read. */
async function beforeAndAfterCatalog() {
  explorer.ctx.refresh(undefined);
  const first = await regions();
  await Promise.all([clients.api.catalogRegions('network'), clients.api.catalogRegions('storage')]);
  return { first, then: await regions() };
}

test('the catalog decides where Network and Object Storage show, and adds a region the table does not know', async () => {
  identityState.catalogRegions = { network: ['KR1', 'KR9'], storage: ['KR1', 'JP1'] };
  const { first, then } = await beforeAndAfterCatalog();
  // At once, from the sites table (public cloud): no KR9, Network in KR2, storage in KR2.
  assert.deepEqual(Object.keys(first), ['KR1', 'KR2', 'KR3', 'JP1', 'US1']);
  assert.deepEqual(first.KR2.children, ['Network', 'Object Storage']);
  // Then as the catalog says.
  assert.deepEqual(Object.keys(then), ['KR1', 'KR2', 'KR3', 'JP1', 'US1', 'KR9']);
  assert.deepEqual(then.KR1.children, ['Network', 'Object Storage']);
  assert.deepEqual(then.KR2.children, ['No service of this extension runs in this region']);
  assert.deepEqual(then.JP1.children, ['Object Storage']);
  assert.deepEqual(then.KR9, { description: 'from the service catalog', children: ['Network'] });
  assert.ok(
    logged.some((l) => l === 'Service catalog of Catalog: network in KR1, KR9'),
    logged.join('\n'),
  );
  // A region the table does not know offers both network folders (nothing says otherwise).
  const provider = explorer.provider;
  const [profileNode] = (await provider.getChildren(undefined))!;
  const kr9 = ((await provider.getChildren(profileNode)) ?? []).find((r) => r.id.endsWith('/KR9'))!;
  const [network] = (await provider.getChildren(kr9))!;
  const folders = await Promise.all(((await provider.getChildren(network)) ?? []).map((k) => provider.getTreeItem(k)));
  assert.deepEqual(
    folders.map((f) => f.label),
    ['Floating IPs', 'Transit Hubs', 'Shared with Me'],
  );
});

test('without an API user there is no token to ask: the sites table decides, and nothing is requested', async () => {
  identityState.catalogRegions = { network: ['KR1', 'KR9'], storage: ['KR1'] };
  secrets = { ...secrets, identityUsername: undefined, identityApiPassword: undefined };
  const issued = identityState.issuedCount;
  const { first, then } = await beforeAndAfterCatalog();
  assert.deepEqual(then, first);
  assert.deepEqual(Object.keys(then), ['KR1', 'KR2', 'KR3', 'JP1', 'US1']);
  assert.deepEqual(then.KR2.children, ['Network', 'Object Storage']);
  assert.equal(identityState.issuedCount, issued, 'a token was issued');
});

test('a catalog that cannot be read leaves the table in charge, with a line in the log', async () => {
  identityState.catalogRegions = { network: ['KR1'], storage: ['KR1'] };
  sb.faults.httpStatus(500, 'identity.issueToken', 10);
  try {
    const { then } = await beforeAndAfterCatalog();
    assert.deepEqual(then.KR2.children, ['Network', 'Object Storage']);
    assert.ok(
      logged.some((l) => /could not be read for network .*the sites table decides/.test(l)),
      logged.join('\n'),
    );
  } finally {
    sb.faults.clear();
  }
});

test("an override of the service's address decides where it is: the catalog is not asked for it", async () => {
  identityState.catalogRegions = { network: ['KR1'], storage: ['KR1'] };
  overrideNetwork(sb.sandboxProfile().endpoints.network);
  try {
    const { then } = await beforeAndAfterCatalog();
    // Network as the table has it (the override names no regions); storage still by the catalog.
    assert.deepEqual(then.KR2.children, ['Network']);
    assert.deepEqual(then.US1.children, ['Network']);
    assert.ok(!logged.some((l) => /: network in/.test(l)), logged.join('\n'));
  } finally {
    overrideNetwork(undefined);
  }
});
