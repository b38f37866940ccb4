// Transit hubs (where the transit hub runs) with their attachments, routing tables
// (associations, propagations, rules), multicast domains (associations, groups), sharing,
// and what other projects shared with this one.
import { formatDateTime } from '../../shared/l10n';
import * as vscode from 'vscode';
import { parseNetworkTime } from '../../client/network/schemas';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, TreeNode, themeIcon, type Colour } from '../../shared/tree/nodes';
import { networkIds } from './ids';
import { type NetKind, networkRoot, NetworkRootNode, NetFolderNode } from './root';
/** Any transit-hub resource row: the fields the tree and the commands read. */
export type NetResource = {
  id: string;
  name?: string | null;
  description?: string | null;
  status?: string | null;
  created_at?: string | null;
  [k: string]: unknown;
};

/** A transit-hub resource shown as a leaf (attachment, association, rule, group, share). */
export class NetItemNode extends TreeNode {
  readonly id: string;
  constructor(
    parent: TreeNode,
    readonly netKind: NetKind,
    readonly data: NetResource,
    readonly label: string,
    private readonly opts: {
      description?: string;
      icon: string;
      colour?: Colour;
      fields?: Array<[string, unknown]>;
      state?: string;
    },
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${data.id ?? label}`;
  }
  /** The hub this resource belongs to (undefined for shared-with-me entries). */
  get hub(): TransitHubNode | undefined {
    for (let n: TreeNode | undefined = this.parent; n; n = n.parent) if (n instanceof TransitHubNode) return n;
    return undefined;
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = `network.${this.netKind}${this.opts.state ? `.${this.opts.state}` : ''}`;
    item.description = this.opts.description;
    item.iconPath = themeIcon(this.opts.icon, this.opts.colour);
    item.tooltip = new vscode.MarkdownString(
      mdFields(this.label, [
        ...(this.opts.fields ?? []),
        [vscode.l10n.t('Description'), this.data.description],
        [vscode.l10n.t('Status'), this.data.status],
        [vscode.l10n.t('Created'), createdText(this.data)],
        ['ID', this.data.id],
      ]),
    );
    return item;
  }
}

function createdText(d: NetResource): string | undefined {
  const t = parseNetworkTime(d.created_at as string | undefined);
  return t ? formatDateTime(t) : undefined;
}

const statusColour = (s: string | null | undefined): Colour | undefined =>
  s === 'BUILD' ? 'yellow' : s === 'ERROR' ? 'red' : undefined;

/** A transit-hub resource that has children (hub, routing table, multicast domain). */
abstract class NetResourceFolderNode extends FolderNode {
  readonly id: string;
  abstract readonly netKind: NetKind;
  constructor(
    parent: TreeNode,
    public data: NetResource,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${data.id}`;
  }
  get label(): string {
    return this.data.name || this.data.id;
  }
  get hub(): TransitHubNode | undefined {
    if (this instanceof TransitHubNode) return this;
    for (let n: TreeNode | undefined = this.parent; n; n = n.parent) if (n instanceof TransitHubNode) return n;
    return undefined;
  }
  protected fields(): Array<[string, unknown]> {
    return [];
  }
  override getTreeItem(): vscode.TreeItem {
    const item = this.folderItem();
    const building = this.data.status === 'BUILD';
    item.description =
      [
        this.data.status && this.data.status !== 'ACTIVE' ? this.data.status : '',
        typeof item.description === 'string' ? item.description : '',
      ]
        .filter(Boolean)
        .join(' · ') || undefined;
    item.contextValue = `${item.contextValue}${building ? '.build' : ''}`;
    if (building) item.iconPath = new vscode.ThemeIcon('loading~spin');
    else if (statusColour(this.data.status)) item.iconPath = themeIcon(this.icon, statusColour(this.data.status));
    item.tooltip = new vscode.MarkdownString(
      mdFields(this.label, [
        ...this.fields(),
        [vscode.l10n.t('Description'), this.data.description],
        [vscode.l10n.t('Status'), this.data.status],
        [vscode.l10n.t('Created'), createdText(this.data)],
        ['ID', this.data.id],
      ]),
    );
    if (building) this.watchBuild();
    return item;
  }
  /** New routing tables and multicast domains start in BUILD: poll (while the view is visible) until ACTIVE. */
  private watchBuild() {
    const ctx = this.ctx;
    ctx.watch(this.id, async () => {
      const fresh = await this.reload();
      if (fresh.status === 'BUILD') return false;
      this.data = fresh;
      ctx.changed(this);
      return true;
    });
  }
  protected abstract reload(): Promise<NetResource>;
}

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
      [vscode.l10n.t('Multicast'), d.multicast_enable ? 'enabled' : 'disabled'],
      [vscode.l10n.t('Default association'), d.default_association_enable ? 'on' : 'off'],
      [vscode.l10n.t('Default propagation'), d.default_propagation_enable ? 'on' : 'off'],
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
                  [a.status !== 'ACTIVE' ? a.status : '', (a as NetResource).resource_cidr as string | undefined]
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

/** Attachment names by id for one hub (rules, associations and groups show names, not UUIDs). */
async function attachmentNames(node: TreeNode): Promise<(id: string | null | undefined) => string> {
  const hub = node instanceof TransitHubNode ? node : (node as RoutingTableNode | MulticastDomainNode).hub;
  const list = hub ? await hub.attachments().catch(() => []) : [];
  const names = new Map(list.map((a) => [a.id, a.name || a.id]));
  return (id) => (id ? (names.get(id) ?? id) : '');
}

export class RoutingTableNode extends NetResourceFolderNode {
  readonly netKind = 'routingTable';
  protected override icon = 'list-tree';
  protected get kind(): string {
    return `network.routingTable${this.data.default_table ? '.default' : ''}`;
  }
  protected override describe() {
    return this.data.default_table ? 'default' : undefined;
  }
  protected async reload(): Promise<NetResource> {
    return (await (await networkRoot(this).client()).getRoutingTable({ routingTableId: this.data.id })) as NetResource;
  }
  protected async load(): Promise<TreeNode[]> {
    const tableId = this.data.id;
    return [
      new NetFolderNode(
        this,
        'association',
        vscode.l10n.t('Associations'),
        'network.folder.routingAssociations',
        'link',
        async (net, self) => {
          const [list, name] = await Promise.all([
            net.listRoutingAssociations({ query: { routing_table_id: tableId } }),
            attachmentNames(this),
          ]);
          return list.map(
            (a) =>
              new NetItemNode(self, 'routingAssociation', a as NetResource, name(a.attachment_id), {
                icon: 'link',
                fields: [[vscode.l10n.t('Attachment'), a.attachment_id]],
              }),
          );
        },
        { emptyText: vscode.l10n.t('No attachment is associated') },
      ),
      new NetFolderNode(
        this,
        'propagation',
        vscode.l10n.t('Propagations'),
        'network.folder.routingPropagations',
        'radio-tower',
        async (net, self) => {
          const [list, name] = await Promise.all([
            net.listRoutingPropagations({ query: { routing_table_id: tableId } }),
            attachmentNames(this),
          ]);
          return list.map(
            (p) =>
              new NetItemNode(self, 'routingPropagation', p as NetResource, name(p.attachment_id), {
                icon: 'radio-tower',
                fields: [[vscode.l10n.t('Attachment'), p.attachment_id]],
              }),
          );
        },
        { emptyText: vscode.l10n.t('No attachment propagates into this table') },
      ),
      new NetFolderNode(
        this,
        'rule',
        vscode.l10n.t('Rules'),
        'network.folder.routingRules',
        'arrow-right',
        async (net, self) => {
          const [list, name] = await Promise.all([
            net.listRoutingRules({ query: { routing_table_id: tableId } }),
            attachmentNames(this),
          ]);
          return [...list]
            .sort(
              (a, b) =>
                prefixLength(b.cidr) - prefixLength(a.cidr) ||
                String(a.cidr).localeCompare(String(b.cidr), undefined, { numeric: true }),
            )
            .map((r) => {
              const blackhole = r.action === 'BLACKHOLE';
              return new NetItemNode(self, 'routingRule', r as NetResource, r.cidr ?? r.id, {
                icon: blackhole ? 'circle-slash' : 'arrow-right',
                colour: blackhole ? 'red' : undefined,
                state: (r.rule_type ?? 'STATIC').toLowerCase(),
                description: [
                  r.action ?? 'FORWARD',
                  blackhole ? '' : `→ ${name(r.attachment_id)}`,
                  r.rule_type === 'PROPAGATED' ? 'propagated' : '',
                ]
                  .filter(Boolean)
                  .join(' · '),
                fields: [
                  ['CIDR', r.cidr],
                  [vscode.l10n.t('Action'), r.action],
                  [vscode.l10n.t('Type'), r.rule_type],
                  [
                    vscode.l10n.t('Attachment'),
                    r.attachment_id ? `${name(r.attachment_id)} (${r.attachment_id})` : undefined,
                  ],
                  [vscode.l10n.t('Propagation'), r.propagation_id],
                ],
              });
            });
        },
        { emptyText: vscode.l10n.t('No routing rule') },
      ),
    ];
  }
}

function prefixLength(cidr: string | null | undefined): number {
  const n = Number(String(cidr ?? '').split('/')[1]);
  return Number.isFinite(n) ? n : -1;
}

export class MulticastDomainNode extends NetResourceFolderNode {
  readonly netKind = 'multicastDomain';
  protected readonly kind = 'network.multicastDomain';
  protected override icon = 'broadcast';
  protected async reload(): Promise<NetResource> {
    return (await (
      await networkRoot(this).client()
    ).getMulticastDomain({ multicastDomainId: this.data.id })) as NetResource;
  }
  protected async load(): Promise<TreeNode[]> {
    const domainId = this.data.id;
    return [
      new NetFolderNode(
        this,
        'association',
        vscode.l10n.t('Associations'),
        'network.folder.multicastAssociations',
        'link',
        async (net, self) => {
          const [list, name] = await Promise.all([
            net.listMulticastAssociations({ query: { domain_id: domainId } }),
            attachmentNames(this),
          ]);
          return list.map(
            (a) =>
              new NetItemNode(self, 'multicastAssociation', a as NetResource, name(a.attachment_id), {
                icon: 'link',
                description: a.subnet_id ? vscode.l10n.t('subnet {0}', a.subnet_id.slice(0, 8)) : undefined,
                fields: [
                  [vscode.l10n.t('Attachment'), a.attachment_id],
                  [vscode.l10n.t('Subnet'), a.subnet_id],
                ],
              }),
          );
        },
        { emptyText: vscode.l10n.t('No association') },
      ),
      new NetFolderNode(
        this,
        'group',
        vscode.l10n.t('Groups'),
        'network.folder.multicastGroups',
        'organization',
        async (net, self) => {
          const list = await net.listMulticastGroups({ query: { domain_id: domainId } });
          return list.map((g) => {
            const roles = [
              g.member_type === 'STATIC' ? 'member' : '',
              g.source_type === 'STATIC' ? 'source' : '',
            ].filter(Boolean);
            return new NetItemNode(self, 'multicastGroup', g as NetResource, g.ipaddress ?? g.id, {
              icon: 'organization',
              description: [roles.join(' + '), g.port_id ? `port ${g.port_id.slice(0, 8)}` : '']
                .filter(Boolean)
                .join(' · '),
              fields: [
                [vscode.l10n.t('Group address'), g.ipaddress],
                [vscode.l10n.t('Role'), roles.join(', ')],
                [vscode.l10n.t('Port'), g.port_id],
                [vscode.l10n.t('Association'), g.association_id],
              ],
            });
          });
        },
        { emptyText: vscode.l10n.t('No multicast group') },
      ),
      new NetFolderNode(
        this,
        'share',
        vscode.l10n.t('Sharing'),
        'network.folder.domainShares',
        'live-share',
        async (net, self) => {
          const list = await net.listMulticastDomainAllowProjects({ query: { domain_id: domainId } });
          return list.map(
            (p) =>
              new NetItemNode(self, 'domainShare', p as NetResource, p.target_project_id ?? p.id, {
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

/** Hubs and multicast domains other projects shared with this one (list-only resources). */
export class SharedWithMeFolderNode extends FolderNode {
  readonly id: string;
  readonly label = vscode.l10n.t('Shared with Me');
  protected readonly kind = 'network.folder.sharedWithMe';
  protected override icon = 'inbox';
  protected override emptyText = vscode.l10n.t('No project shared a hub or domain with this one');
  constructor(parent: NetworkRootNode) {
    super();
    this.parent = parent;
    this.id = networkIds.sharedWithMe(parent.id);
  }
  protected async load(): Promise<TreeNode[]> {
    const net = await networkRoot(this).client();
    const [hubs, domains] = await Promise.all([net.listSharedTransitHubs(), net.listSharedMulticastDomains()]);
    return [
      ...hubs.map(
        (h) =>
          new NetItemNode(
            this,
            'sharedHub',
            { ...h, id: `hub-${h.transithub_id}` } as NetResource,
            h.transithub_name || h.transithub_id,
            {
              icon: 'circuit-board',
              description: vscode.l10n.t('transit hub'),
              fields: [
                [vscode.l10n.t('Hub ID'), h.transithub_id],
                [vscode.l10n.t('Owner project'), h.transithub_project_id],
              ],
            },
          ),
      ),
      ...domains.map(
        (d) =>
          new NetItemNode(
            this,
            'sharedDomain',
            { ...d, id: `domain-${d.domain_id}` } as NetResource,
            d.domain_name || d.domain_id,
            {
              icon: 'broadcast',
              description: vscode.l10n.t('multicast domain'),
              fields: [
                [vscode.l10n.t('Domain ID'), d.domain_id],
                [vscode.l10n.t('Owner project'), d.domain_project_id],
              ],
            },
          ),
      ),
    ];
  }
}
