// The explorer, the job tracker and the RDS feature over a sandbox, with the stand-in vscode
// module (installed by the caller before this is imported): what the RDS commands and rows of a
// test act on. The tree view records what it is asked to reveal and selects it, as VS Code's does.
import { EventEmitter, memoryContextAndLog } from './vscodeStub';
import { clientFor } from './sandbox';
import type { Sandbox } from '../../src/sandbox/index';
import type { RdsClientApiVersion } from '../../src/client/rds/versions';

export interface RdsExplorer {
  explorer: import('../../src/shared/tree/explorer').Explorer;
  tracker: import('../../src/jobs/tracker').JobTracker;
  feature: ReturnType<typeof import('../../src/rds/activation').createRdsFeature>;
  provider: import('vscode').TreeDataProvider<import('../../src/shared/tree/nodes').TreeNode>;
  profileId: string;
  /** The nodes the tree view was asked to reveal, in order. */
  revealed: Array<{ id: string }>;
  /** The next node the tree view is asked to reveal. */
  nextReveal(): Promise<{ id: string }>;
  /** The nodes the tree was told to redraw or refresh (services.refresh), in order. */
  redrawn: unknown[];
  /** The row with this label under `parent` (the profile row when undefined). */
  child(parent: unknown, label: string): Promise<any>;
  dispose(): Promise<void>;
}

export async function rdsExplorer(sb: Sandbox, apiVersion: RdsClientApiVersion): Promise<RdsExplorer> {
  const explorerMod = require('../../src/shared/tree/explorer') as typeof import('../../src/shared/tree/explorer');
  const jobsMod = require('../../src/jobs/tracker') as typeof import('../../src/jobs/tracker');
  const rdsMod = require('../../src/rds/activation') as typeof import('../../src/rds/activation');
  const sp = sb.sandboxProfile();
  const profile = {
    id: 'sandbox',
    name: sp.name,
    cloud: sp.cloud,
    regions: ['KR1'],
    endpoints: sp.endpoints,
    sandbox: true,
    rdsApiVersion: apiVersion,
  };
  const rds = clientFor(sb, 'KR1', 'ADMIN', 0, apiVersion);
  const revealed: Array<{ id: string }> = [];
  let revealWaiters: Array<(node: { id: string }) => void> = [];
  const redrawn: unknown[] = [];
  const selectionChanged = new EventEmitter<{ selection: unknown[] }>();
  const view = {
    visible: true,
    onDidChangeVisibility: new EventEmitter<{ visible: boolean }>().event,
    onDidChangeSelection: selectionChanged.event,
    selection: [] as unknown[],
    reveal: async (node: { id: string }) => {
      revealed.push(node);
      const waiters = revealWaiters;
      revealWaiters = [];
      for (const w of waiters) w(node);
      view.selection = [node];
      selectionChanged.fire({ selection: view.selection });
    },
  };
  const services: any = {
    ...memoryContextAndLog('nhncloud-rds-explorer'),
    profiles: {
      list: () => [profile],
      active: () => profile,
      secrets: async () => sp.secrets,
      save: async () => {},
      onDidChange: () => ({ dispose() {} }),
    },
    clients: {
      rds: async () => rds,
      catalogRegions: async () => undefined,
      knownCatalogRegions: () => ({ known: true }),
    },
    refresh: (node: unknown) => void redrawn.push(node),
    explorerView: view,
  };
  const explorer = explorerMod.createExplorer(services, { attemptMs: 400, selectionMs: 200 });
  const tracker = new jobsMod.JobTracker(services, explorer);
  const feature = rdsMod.createRdsFeature({ services, jobs: tracker, explorer });
  explorer.setFeatures([feature]);
  const provider = explorer.provider;
  const child = async (parent: unknown, label: string) => {
    const kids = (await provider.getChildren(parent as never)) ?? [];
    for (const k of kids) if ((await provider.getTreeItem(k)).label === label) return k;
    const labels = await Promise.all(kids.map(async (k) => (await provider.getTreeItem(k)).label));
    throw new Error(`"${label}" is not under ${(parent as { id?: string })?.id ?? 'the root'}: ${labels.join(', ')}`);
  };
  return {
    explorer,
    tracker,
    feature,
    provider,
    profileId: profile.id,
    revealed,
    nextReveal: () => new Promise((resolve) => revealWaiters.push(resolve)),
    redrawn,
    child,
    async dispose() {
      tracker.dispose();
      await feature.dispose?.();
      explorer.dispose();
      await rds.transport.close();
    },
  };
}
