// "Network" under a region: its root node (the client and the region's features), and the
// folder that loads its children from one function over the client. Same conventions as the
// RDS tree: stable ids `<profile>/<region>/network/...`, one contextValue per kind and state,
// Markdown tooltips with every service-given text escaped.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import { serviceRegions, siteRegions } from '../../client/sites';
import type { NetworkClient } from '../../client/network/client';
import type { FeatureDeps, Profile } from '../../shared/services';
import { requireAncestor, ServiceRootNode } from '../../shared/tree/serviceRoot';
import { FolderNode, TreeNode } from '../../shared/tree/nodes';
import { FloatingIpsFolderNode } from './floatingIps';
import { SharedWithMeFolderNode } from './sharedWithMe';
import { TransitHubsFolderNode } from './transitHubs';
export type NetworkDeps = FeatureDeps;

/** The resource kinds of the transit hub, as the commands and contextValues name them. */
export type NetKind =
  | 'transitHub'
  | 'attachment'
  | 'routingTable'
  | 'routingAssociation'
  | 'routingPropagation'
  | 'routingRule'
  | 'multicastDomain'
  | 'multicastAssociation'
  | 'multicastGroup'
  | 'hubShare'
  | 'domainShare'
  | 'sharedHub'
  | 'sharedDomain';

export const networkRoot = (node: TreeNode): NetworkRootNode => requireAncestor(node, NetworkRootNode);

export class NetworkRootNode extends ServiceRootNode<NetworkClient> {
  readonly label = vscode.l10n.t('Network');
  protected readonly kind = 'network.root';
  protected override icon = 'type-hierarchy';
  constructor(profile: Profile, region: Region, deps: NetworkDeps) {
    super(profile, region, deps, 'network');
  }
  client(): Promise<NetworkClient> {
    return this.deps.services.clients.network(this.region);
  }
  get hasTransitHub(): boolean {
    return this.offers('transitHub');
  }
  get hasFloatingIps(): boolean {
    return this.offers('floatingIp');
  }
  /**
   * What the site's guides offer here; in a region the table does not know (the service catalog
   * listed it) both, since nothing says otherwise and a folder the service lacks says so itself.
   */
  private offers(service: 'transitHub' | 'floatingIp'): boolean {
    if (!siteRegions(this.profile.cloud).includes(this.region)) return true;
    return serviceRegions(this.profile.cloud, service).includes(this.region);
  }
  protected async load(): Promise<TreeNode[]> {
    // Only what the site's guides offer in this region (KR3: transit hubs, no floating IPs).
    const nodes: TreeNode[] = [];
    if (this.hasFloatingIps) nodes.push(new FloatingIpsFolderNode(this));
    if (this.hasTransitHub) nodes.push(new TransitHubsFolderNode(this), new SharedWithMeFolderNode(this));
    return nodes;
  }
}

/** A folder whose children come from one function over the region's network client. */
export class NetFolderNode extends FolderNode {
  readonly id: string;
  protected override icon: string;
  constructor(
    parent: TreeNode,
    idSuffix: string,
    readonly label: string,
    protected readonly kind: string,
    icon: string,
    private readonly loader: (net: NetworkClient, self: NetFolderNode) => Promise<TreeNode[]>,
    opts: { emptyText?: string } = {},
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${idSuffix}`;
    this.icon = icon;
    if (opts.emptyText) this.emptyText = opts.emptyText;
  }
  protected async load(): Promise<TreeNode[]> {
    return this.loader(await networkRoot(this).client(), this);
  }
}
