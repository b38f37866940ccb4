// Transit hubs (where the transit hub runs) and the folders under each: attachments, routing
// tables, multicast domains and sharing.
import * as vscode from 'vscode';
import { FolderNode, TreeNode } from '../../shared/tree/nodes';
import { networkIds } from './ids';
import { MulticastDomainNode } from './multicastDomains';
import { NetItemNode, NetResourceFolderNode, statusColour, type NetResource } from './netResource';
import { networkRoot, NetworkRootNode, NetFolderNode } from './root';
import { RoutingTableNode } from './routingTables';
import { inWords } from '../../shared/apiWords';

export class TransitHubsFolderNode extends FolderNode {
  readonly id: string;
  readonly label = vscode.l10n.t('Transit Hubs');
  protected readonly kind = 'network.folder.transitHubs';
  protected override icon = 'circuit-board';
  protected override emptyText = vscode.l10n.t('No transit hub in this region');
  constructor(parent: NetworkRootNode) {
    super();
    this.parent = parent;
    this.id = networkIds.transitHubs(parent.id);
  }
  protected async load(): Promise<TreeNode[]> {
    const hubs = await (await networkRoot(this).client()).listTransitHubs();
    return hubs.map((h) => new TransitHubNode(this, h as NetResource));
  }
}

export class TransitHubNode extends NetResourceFolderNode {
  readonly netKind = 'transitHub';
  protected readonly kind = 'network.transitHub';
  protected override icon = 'circuit-board';
  protected override fields(): Array<[string, unknown]> {
    const d = this.data;
    return [
      [vscode.l10n.t('Multicast'), d.multicast_enable ? vscode.l10n.t('enabled') : vscode.l10n.t('disabled')],
      [vscode.l10n.t('Default association'), d.default_association_enable ? vscode.l10n.t('on') : vscode.l10n.t('off')],
      [vscode.l10n.t('Default propagation'), d.default_propagation_enable ? vscode.l10n.t('on') : vscode.l10n.t('off')],
    ];
  }
  protected async reload(): Promise<NetResource> {
    return (await (await networkRoot(this).client()).getTransitHub({ transitHubId: this.data.id })) as NetResource;
  }
  /** Attachments of the hub by id (names in rules, associations, groups). */
  async attachments(): Promise<NetResource[]> {
    return (await (
      await networkRoot(this).client()
    ).listAttachments({ query: { transithub_id: this.data.id } })) as NetResource[];
  }
  protected async load(): Promise<TreeNode[]> {
    const hubId = this.data.id;
    return [
      new NetFolderNode(
        this,
        'attachment',
        vscode.l10n.t('Attachments'),
        'network.folder.attachments',
        'plug',
        async (net, self) => {
          const list = await net.listAttachments({ query: { transithub_id: hubId } });
          return list.map(
            (a) =>
              new NetItemNode(self, 'attachment', a as NetResource, a.name || a.id, {
                icon: 'plug',
                colour: statusColour(a.status),
                description:
                  [
                    a.status && a.status !== 'ACTIVE' ? inWords(a.status) : '',
                    (a as NetResource).resource_cidr as string | undefined,
                  ]
                    .filter(Boolean)
                    .join(' · ') || undefined,
                fields: [
                  ['VPC', a.resource_id],
                  [vscode.l10n.t('Subnet'), a.subnet_id],
                  [vscode.l10n.t('VPC CIDR'), (a as NetResource).resource_cidr],
                ],
              }),
          );
        },
        { emptyText: vscode.l10n.t('No attachment') },
      ),
      new NetFolderNode(
        this,
        'routingTable',
        vscode.l10n.t('Routing Tables'),
        'network.folder.routingTables',
        'list-tree',
        async (net, self) => {
          const list = await net.listRoutingTables({ query: { transithub_id: hubId } });
          return list.map((t) => new RoutingTableNode(self, t as NetResource));
        },
        { emptyText: vscode.l10n.t('No routing table') },
      ),
      new NetFolderNode(
        this,
        'multicastDomain',
        vscode.l10n.t('Multicast Domains'),
        'network.folder.multicastDomains',
        'broadcast',
        async (net, self) => {
          const list = await net.listMulticastDomains({ query: { transithub_id: hubId } });
          return list.map((d) => new MulticastDomainNode(self, d as NetResource));
        },
        {
          emptyText: this.data.multicast_enable
            ? vscode.l10n.t('No multicast domain')
            : vscode.l10n.t('Multicast is disabled on this hub'),
        },
      ),
      new NetFolderNode(
        this,
        'share',
        vscode.l10n.t('Sharing'),
        'network.folder.hubShares',
        'live-share',
        async (net, self) => {
          const list = await net.listTransitHubAllowProjects({ query: { transithub_id: hubId } });
          return list.map(
            (p) =>
              new NetItemNode(self, 'hubShare', p as NetResource, p.target_project_id ?? p.id, {
                icon: 'person-add',
                fields: [[vscode.l10n.t('Shared with project'), p.target_project_id]],
              }),
          );
        },
        { emptyText: vscode.l10n.t('Not shared with any project') },
      ),
    ];
  }
}
