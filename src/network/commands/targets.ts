// What a network command acts on: the tree node it was run on, or (from the palette) a region,
// hub or routing table the user picks. Every answer carries the tree id to refresh.
import { l10n } from '../../shared/l10n';
import type { Region } from '../../client/endpoints';
import { serviceRegions } from '../../client/sites';
import type { NetworkClient } from '../../client/network/client';
import type { TreeNode } from '../../shared/tree/nodes';
import { MulticastDomainNode } from '../tree/multicastDomains';
import type { NetResource } from '../tree/netResource';
import { RoutingTableNode } from '../tree/routingTables';
import { TransitHubNode } from '../tree/transitHubs';
import { NetworkRootNode, networkRoot, type NetworkDeps } from '../tree/root';
import { pick } from '../../shared/prompts';
import { networkIds } from '../tree/ids';

export interface NetScope {
  region: Region;
  net: NetworkClient;
  /** `<profile>/<region>/network`. */
  rootId: string;
}

export interface HubTarget extends NetScope {
  hub: NetResource;
  hubNodeId: string;
}

function activeProfile(deps: NetworkDeps) {
  const p = deps.services.profiles.active();
  if (!p)
    throw new Error(
      l10n.t(
        'No NHN Cloud profile yet: add one with "NHN Cloud: Add Profile" or try "NHN Cloud: Explore the Sandbox".',
      ),
    );
  return p;
}

const isNode = (arg: unknown): arg is TreeNode => !!arg && typeof arg === 'object' && 'parent' in arg && 'id' in arg;

/** The region of a node, or one the user picks among the profile's regions that have `service`. */
export async function scopeFrom(
  arg: unknown,
  deps: NetworkDeps,
  title: string,
  service: 'floatingIp' | 'transitHub' = 'floatingIp',
): Promise<NetScope> {
  if (isNode(arg)) {
    const root = networkRoot(arg);
    return { region: root.region, rootId: root.id, net: await root.client() };
  }
  const profile = activeProfile(deps);
  const regions = profile.regions.filter((r) => serviceRegions(profile.cloud, service).includes(r));
  if (!regions.length) {
    const where = serviceRegions(profile.cloud, service).join(', ');
    throw new Error(
      service === 'transitHub'
        ? l10n.t(
            'Profile "{0}" enables no region where the transit hub runs ({1}). Edit the profile to add one.',
            profile.name,
            where,
          )
        : l10n.t(
            'Profile "{0}" enables no region with floating IPs ({1}). Edit the profile to add one.',
            profile.name,
            where,
          ),
    );
  }
  const region =
    regions.length === 1
      ? regions[0]
      : (
          await pick(
            regions.map((r) => ({ label: r, region: r })),
            { title, placeHolder: l10n.t('Region') },
          )
        ).region;
  return { region, rootId: networkIds.root(profile.id, region), net: await deps.services.clients.network(region) };
}

function hubOf(arg: unknown): TransitHubNode | undefined {
  for (let n: TreeNode | undefined = isNode(arg) ? arg : undefined; n; n = n.parent)
    if (n instanceof TransitHubNode) return n;
  return undefined;
}

/** The hub of a node (any resource below it), or one the user picks. */
export async function hubFrom(arg: unknown, deps: NetworkDeps, title: string): Promise<HubTarget> {
  const node = hubOf(arg);
  if (node) {
    const root = networkRoot(node);
    return { region: root.region, rootId: root.id, net: await root.client(), hub: node.data, hubNodeId: node.id };
  }
  const scope = await scopeFrom(arg instanceof NetworkRootNode ? arg : undefined, deps, title, 'transitHub');
  const hubs = await scope.net.listTransitHubs();
  if (!hubs.length)
    throw new Error(
      l10n.t('No transit hub in {0}: create one first with "NHN Cloud: Create Transit Hub".', scope.region),
    );
  const chosen =
    hubs.length === 1
      ? hubs[0]
      : (
          await pick(
            hubs.map((h) => ({ label: h.name || h.id, description: h.description ?? '', h })),
            { title, placeHolder: l10n.t('Transit hub') },
          )
        ).h;
  return { ...scope, hub: chosen as NetResource, hubNodeId: networkIds.hub(scope.rootId, chosen.id) };
}

/** The routing table of a node, or one of the hub's the user picks. */
export async function tableFrom(
  arg: unknown,
  deps: NetworkDeps,
  title: string,
): Promise<HubTarget & { table: NetResource; tableNodeId: string }> {
  for (let n: TreeNode | undefined = isNode(arg) ? arg : undefined; n; n = n.parent) {
    if (n instanceof RoutingTableNode) {
      const h = await hubFrom(n, deps, title);
      return { ...h, table: n.data, tableNodeId: n.id };
    }
  }
  const h = await hubFrom(arg, deps, title);
  const tables = await h.net.listRoutingTables({ query: { transithub_id: h.hub.id } });
  if (!tables.length) throw new Error(l10n.t('Transit hub {0} has no routing table yet.', h.hub.name ?? h.hub.id));
  const t = (
    await pick(
      tables.map((x) => ({ label: x.name || x.id, description: x.default_table ? l10n.t('default') : '', x })),
      { title, placeHolder: l10n.t('Routing table') },
    )
  ).x;
  return {
    ...h,
    table: t as NetResource,
    tableNodeId: networkIds.item(networkIds.folder(h.hubNodeId, 'routingTable'), t.id),
  };
}

/** The multicast domain of a node, or one of the hub's the user picks. */
export async function domainFrom(
  arg: unknown,
  deps: NetworkDeps,
  title: string,
): Promise<HubTarget & { domain: NetResource; domainNodeId: string }> {
  for (let n: TreeNode | undefined = isNode(arg) ? arg : undefined; n; n = n.parent) {
    if (n instanceof MulticastDomainNode) {
      const h = await hubFrom(n, deps, title);
      return { ...h, domain: n.data, domainNodeId: n.id };
    }
  }
  const h = await hubFrom(arg, deps, title);
  const domains = await h.net.listMulticastDomains({ query: { transithub_id: h.hub.id } });
  if (!domains.length) throw new Error(l10n.t('Transit hub {0} has no multicast domain yet.', h.hub.name ?? h.hub.id));
  const d = (
    await pick(
      domains.map((x) => ({ label: x.name || x.id, x })),
      { title, placeHolder: l10n.t('Multicast domain') },
    )
  ).x;
  return {
    ...h,
    domain: d as NetResource,
    domainNodeId: networkIds.item(networkIds.folder(h.hubNodeId, 'multicastDomain'), d.id),
  };
}

/** One of the hub's attachments, picked; `exclude` drops those already in use, `placeHolder` says what the pick is for. */
export async function pickAttachment(
  h: HubTarget,
  title: string,
  exclude: ReadonlySet<string> = new Set(),
  placeHolder = l10n.t('Attachment'),
): Promise<NetResource> {
  const list = (await h.net.listAttachments({ query: { transithub_id: h.hub.id } })).filter((a) => !exclude.has(a.id));
  if (!list.length) {
    const hub = h.hub.name ?? h.hub.id;
    throw new Error(
      exclude.size
        ? l10n.t(
            'Transit hub {0} has no attachment left to choose: create one with "NHN Cloud: Create Attachment".',
            hub,
          )
        : l10n.t('Transit hub {0} has no attachment: create one with "NHN Cloud: Create Attachment".', hub),
    );
  }
  return (
    await pick(
      list.map((a) => ({
        label: a.name || a.id,
        description: String((a as NetResource).resource_cidr ?? a.resource_id ?? ''),
        a,
      })),
      { title, placeHolder },
    )
  ).a as NetResource;
}

export const uuidProblem = (s: string): string | undefined =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s.trim())
    ? undefined
    : l10n.t('Enter a UUID such as 3f0c9a8e-1b2c-4d5e-8f90-123456789abc.');
