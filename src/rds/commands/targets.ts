// What an RDS command or form acts on: the tree node it was invoked on (or the node's nearest
// ancestor of the kind it needs), else what the person picks from the palette. The one resolver
// of the RDS feature: its commands and its forms (./../forms/commands.ts) use it.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import { productRegions, profileRdsPlaces, RDS_PRODUCTS, type RdsPlace } from '../../client/products';
import type { RdsClient } from '../../client/rds/client';
import { pick } from '../../shared/prompts';
import type { TreeNode } from '../../shared/tree/nodes';
import { rdsRoot, type RdsDeps } from '../tree/base';
import { rdsIds } from '../tree/ids';
import { InstanceNode, fetchInstance } from '../tree/instanceNode';
import { BackupNode, backupPage } from '../tree/backupsEvents';
import { ParameterGroupNode, SecurityGroupNode, SecurityRuleNode } from '../tree/groups';
import { backupLabel, versionLabel } from '../tree/state';
import type { Backup, DbInstance } from '../tree/types';
import type { Profile } from '../../shared/services';
import { formatTimestamp } from '../../shared/l10n';
import { inWords, progressText } from '../../shared/apiWords';

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

function activeProfile(deps: RdsDeps): Profile {
  const profile = deps.services.profiles.active();
  if (!profile)
    throw new Error(
      vscode.l10n.t(
        'No NHN Cloud profile yet: add one with "NHN Cloud: Add Profile" or try "NHN Cloud: Explore the Sandbox".',
      ),
    );
  return profile;
}

/** A place as a pick names it: the region, and the product where the profile shows more than one. */
const placeText = (p: RdsPlace, places: readonly RdsPlace[]): string =>
  places.some((x) => x.product !== p.product) ? `${p.region} · ${RDS_PRODUCTS[p.product].label}` : p.region;

export async function scopeFrom(arg: unknown, deps: RdsDeps, title: string): Promise<Scope> {
  if (arg && typeof arg === 'object' && 'parent' in arg) {
    const root = rdsRoot(arg as TreeNode);
    return { region: root.region, rootId: root.id, rds: await root.client() };
  }
  const profile = activeProfile(deps);
  const places = profileRdsPlaces(profile);
  if (!places.length)
    throw new Error(
      vscode.l10n.t(
        'Profile "{0}" enables no region where RDS for MySQL runs ({1}). Edit the profile to add one.',
        profile.name,
        productRegions('mysql', profile.cloud).join(', '),
      ),
    );
  // One place needs no question; several: the region, and the product where there are two.
  const place =
    places.length === 1
      ? places[0]
      : (
          await pick(
            places.map((p) => ({ label: placeText(p, places), p })),
            { title: vscode.l10n.t('{0}: region', title) },
          )
        ).p;
  return {
    region: place.region,
    rootId: rdsIds.root(profile.id, place.region, place.product),
    rds: await deps.services.clients.rds(place.region, place.product),
  };
}

/** The instance of a tree node, or one the user picks (optionally only those `allowed`). */
export async function instanceFrom(
  arg: unknown,
  deps: RdsDeps,
  title: string,
  allowed?: (i: DbInstance) => string | undefined,
): Promise<InstanceTarget> {
  if (arg instanceof InstanceNode) {
    const root = rdsRoot(arg);
    const rds = await root.client();
    // Act on the current state, not on what the tree showed minutes ago.
    const data = await arg.reload().catch(() => arg.data);
    return { region: root.region, rds, rootId: root.id, data, nodeId: arg.id, ha: arg.ha };
  }
  const profile = activeProfile(deps);
  const places = profileRdsPlaces(profile);
  const regions = [...new Set(places.map((p) => p.region))];
  const lists = await Promise.all(
    places.map(async (place) => {
      const { region } = place;
      try {
        const rds = await deps.services.clients.rds(region, place.product);
        const [r, g] = await Promise.all([
          rds.listDbInstances(),
          rds.listDbInstanceGroups().catch(() => ({ dbInstanceGroups: [] })),
        ]);
        const ha = new Set(
          (g?.dbInstanceGroups ?? [])
            .filter((x) => x.replicationType === 'HIGH_AVAILABILITY')
            .map((x) => x.dbInstanceGroupId),
        );
        return r.dbInstances.map((i) => ({
          region,
          place,
          rds,
          i,
          ha: !!i.dbInstanceGroupId && ha.has(i.dbInstanceGroupId),
        }));
      } catch (e) {
        deps.services.log.warn(
          `Listing ${RDS_PRODUCTS[place.product].label} instances in ${region} failed: ${e instanceof Error ? e.message : String(e)}`,
        );
        return [];
      }
    }),
  );
  const all = lists.flat();
  if (!all.length) {
    throw new Error(
      regions.length
        ? vscode.l10n.t('No DB instance found in {0} of profile "{1}".', regions.join(', '), profile.name)
        : vscode.l10n.t('No DB instance found in any region of profile "{0}".', profile.name),
    );
  }
  const items = all.map((x) => {
    const why = allowed?.(x.i);
    return {
      label: `${why ? '$(circle-slash) ' : ''}${x.i.dbInstanceName}`,
      description: `${placeText(x.place, places)} · ${inWords(x.i.dbInstanceStatus)}${x.i.progressStatus && x.i.progressStatus !== 'NONE' ? ` · ${progressText(x.i.progressStatus)}` : ''}`,
      detail: why,
      x,
    };
  });
  items.sort((a, b) => Number(!!a.detail) - Number(!!b.detail));
  const chosen = await pick(items, { title, placeHolder: vscode.l10n.t('DB instance'), matchOnDescription: true });
  if (chosen.detail) throw new Error(`${chosen.x.i.dbInstanceName}: ${chosen.detail}`);
  const rootId = rdsIds.root(profile.id, chosen.x.region, chosen.x.place.product);
  const data = { ...chosen.x.i, ...(await fetchInstance(chosen.x.rds, chosen.x.i.dbInstanceId)) };
  return {
    region: chosen.x.region,
    rds: chosen.x.rds,
    rootId,
    data,
    nodeId: rdsIds.instance(rootId, data.dbInstanceId),
    ha: chosen.x.ha,
  };
}

export async function backupFrom(
  node: unknown,
  deps: RdsDeps,
  title: string,
): Promise<{ scope: Scope; backup: Backup; nodeId?: string; folderIds: string[] }> {
  if (node instanceof BackupNode) {
    const root = rdsRoot(node);
    return {
      scope: { region: root.region, rootId: root.id, rds: await root.client() },
      backup: node.data,
      nodeId: node.id,
      folderIds: [node.parent!.id],
    };
  }
  const scope = await scopeFrom(node, deps, title);
  const { items } = await backupPage(scope.rds, 1, 100);
  const chosen = await pick(
    items.map((b) => ({
      label: backupLabel(b),
      description: `${inWords(b.backupStatus)} · ${inWords(b.backupType)} · ${formatTimestamp(b.createdYmdt) ?? ''}`,
      b,
    })),
    { title, placeHolder: vscode.l10n.t('Backup (the 100 newest)') },
  );
  return { scope, backup: chosen.b, folderIds: [rdsIds.folder(scope.rootId, 'backup')] };
}

export async function parameterGroupFrom(
  node: unknown,
  deps: RdsDeps,
  title: string,
): Promise<{ scope: Scope; group: ParameterGroupNode['data'] }> {
  const scope = await scopeFrom(node, deps, title);
  if (node instanceof ParameterGroupNode) return { scope, group: node.data };
  const r = await scope.rds.listParameterGroups();
  const chosen = await pick(
    (r?.parameterGroups ?? []).map((g) => ({
      label: g.parameterGroupName as string,
      description: versionLabel(g.dbVersion),
      g,
    })),
    { title, placeHolder: vscode.l10n.t('Parameter group') },
  );
  return { scope, group: chosen.g };
}

export async function securityGroupFrom(
  node: unknown,
  deps: RdsDeps,
  title: string,
): Promise<{ scope: Scope; group: SecurityGroupNode['data']; nodeId: string }> {
  const scope = await scopeFrom(node, deps, title);
  if (node instanceof SecurityGroupNode) return { scope, group: node.data, nodeId: node.id };
  if (node instanceof SecurityRuleNode && node.parent instanceof SecurityGroupNode)
    return { scope, group: node.parent.data, nodeId: node.parent.id };
  const r = await scope.rds.listDbSecurityGroups();
  const chosen = await pick(
    (r?.dbSecurityGroups ?? []).map((g) => ({
      label: g.dbSecurityGroupName as string,
      description: g.description ?? '',
      g,
    })),
    { title, placeHolder: vscode.l10n.t('DB security group') },
  );
  return {
    scope,
    group: chosen.g,
    nodeId: rdsIds.item(rdsIds.folder(scope.rootId, 'securityGroup'), chosen.g.dbSecurityGroupId),
  };
}
