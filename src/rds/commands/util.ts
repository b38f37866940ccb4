// What every RDS command shares: resolving its target (a tree node, or a QuickPick when run
// from the palette), asking (InputBox / QuickPick that throw CancelledError on Escape),
// confirming, and handing returned jobs to the tracker.
import * as vscode from 'vscode';
import { SERVICE_REGIONS, type Region } from '../../client/endpoints';
import type { RdsClient } from '../../client/rds/client';
import type { TreeNode } from '../../shared/tree/nodes';
import { rdsRoot, type RdsDeps } from '../tree/base';
import { InstanceNode, fetchInstance, instanceNodeId } from '../tree/instance';
import type { DbInstance } from '../tree/types';
import type { Validator } from './limits';
import { ask, pick } from '../../shared/prompts';

// The prompts live in src/shared/prompts.ts (every feature asks the same way); RDS commands import them from here.
export { ask, confirm, pick, pickMany, yesNo } from '../../shared/prompts';

export interface Scope {
  region: Region;
  rds: RdsClient;
  /** Tree id of the region's RDS root (`<profile>/<region>/rds`). */
  rootId: string;
}

export interface InstanceTarget extends Scope {
  data: DbInstance;
  nodeId: string;
  /** HA: the group is HIGH_AVAILABILITY (online failover possible). */
  ha: boolean;
}

export async function scopeFrom(arg: unknown, deps: RdsDeps, title: string): Promise<Scope> {
  if (arg && typeof arg === 'object' && 'parent' in arg) {
    const root = rdsRoot(arg as TreeNode);
    return { region: root.region, rootId: root.id, rds: await root.client() };
  }
  const profile = deps.services.profiles.active();
  if (!profile) throw new Error(vscode.l10n.t('No NHN Cloud profile yet: add one with "NHN Cloud: Add Profile" or try "NHN Cloud: Explore the Sandbox".'));
  const regions = profile.regions.filter((r) => SERVICE_REGIONS[profile.cloud].rds.includes(r));
  if (!regions.length) throw new Error(vscode.l10n.t('Profile "{0}" enables no region where RDS for MySQL runs ({1}). Edit the profile to add one.', profile.name, SERVICE_REGIONS[profile.cloud].rds.join(', ')));
  const region = regions.length === 1 ? regions[0] : (await pick(regions.map((r) => ({ label: r, region: r })), { title: vscode.l10n.t('{0}: region', title) })).region;
  return { region, rootId: `${profile.id}/${region}/rds`, rds: await deps.services.clients.rds(region) };
}

/** The instance of a tree node, or one the user picks (optionally only those `allowed`). */
export async function instanceFrom(arg: unknown, deps: RdsDeps, title: string, allowed?: (i: DbInstance) => string | undefined): Promise<InstanceTarget> {
  if (arg instanceof InstanceNode) {
    const root = rdsRoot(arg);
    const rds = await root.client();
    // Act on the current state, not on what the tree showed minutes ago.
    const data = await arg.reload().catch(() => arg.data);
    return { region: root.region, rds, rootId: root.id, data, nodeId: arg.id, ha: arg.ha };
  }
  const profile = deps.services.profiles.active();
  if (!profile) throw new Error(vscode.l10n.t('No NHN Cloud profile yet: add one with "NHN Cloud: Add Profile" or try "NHN Cloud: Explore the Sandbox".'));
  const regions = profile.regions.filter((r) => SERVICE_REGIONS[profile.cloud].rds.includes(r));
  const lists = await Promise.all(
    regions.map(async (region) => {
      try {
        const rds = await deps.services.clients.rds(region);
        const [r, g]: any[] = await Promise.all([rds.listDbInstances(), rds.listDbInstanceGroups().catch(() => ({}))]);
        const ha = new Set((g?.dbInstanceGroups ?? []).filter((x: any) => x.replicationType === 'HIGH_AVAILABILITY').map((x: any) => x.dbInstanceGroupId));
        return ((r?.dbInstances ?? []) as DbInstance[]).map((i) => ({ region, rds, i, ha: ha.has(i.dbInstanceGroupId) }));
      } catch (e) {
        deps.services.log.warn(`Listing DB instances in ${region} failed: ${e instanceof Error ? e.message : String(e)}`);
        return [];
      }
    }),
  );
  const all = lists.flat();
  if (!all.length) {
    throw new Error(regions.length
      ? vscode.l10n.t('No DB instance found in {0} of profile "{1}".', regions.join(', '), profile.name)
      : vscode.l10n.t('No DB instance found in any region of profile "{0}".', profile.name));
  }
  const items = all.map((x) => {
    const why = allowed?.(x.i);
    return {
      label: `${why ? '$(circle-slash) ' : ''}${x.i.dbInstanceName}`,
      description: `${x.region} · ${x.i.dbInstanceStatus}${x.i.progressStatus && x.i.progressStatus !== 'NONE' ? ` · ${x.i.progressStatus}` : ''}`,
      detail: why,
      x,
    };
  });
  items.sort((a, b) => Number(!!a.detail) - Number(!!b.detail));
  const chosen = await pick(items, { title, placeHolder: vscode.l10n.t('DB instance'), matchOnDescription: true });
  if (chosen.detail) throw new Error(`${chosen.x.i.dbInstanceName}: ${chosen.detail}`);
  const rootId = `${profile.id}/${chosen.x.region}/rds`;
  const data = { ...chosen.x.i, ...(await fetchInstance(chosen.x.rds, chosen.x.i.dbInstanceId)) };
  return { region: chosen.x.region, rds: chosen.x.rds, rootId, data, nodeId: instanceNodeId(rootId, data.dbInstanceId), ha: chosen.x.ha };
}

/** Hand a returned job to the tracker; without a job id, refresh right away. */
export function track(deps: RdsDeps, scope: Scope, res: any, title: string, nodeId?: string, refreshIds: string[] = []): void {
  const jobId: string | undefined = res?.jobId;
  if (jobId) {
    deps.jobs.track({ jobId, region: scope.region, title, nodeId, refreshIds });
    void vscode.window.setStatusBarMessage(vscode.l10n.t('$(sync~spin) {0}: started', title), 3000);
  } else {
    for (const id of [nodeId, ...refreshIds]) if (id) deps.explorer.refreshId(id);
    void vscode.window.showInformationMessage(vscode.l10n.t('{0}: done.', title));
  }
}

/** Password asked twice (masked), checked against the limits before anything is sent. */
export async function askPassword(title: string, validate: Validator): Promise<string> {
  const first = await ask({ title, prompt: vscode.l10n.t('Password (4 to 256 characters)'), password: true, validate });
  await ask({ title, prompt: vscode.l10n.t('Repeat the password'), password: true, validate: (t) => (t === first ? undefined : vscode.l10n.t('The two passwords differ.')) });
  return first;
}
