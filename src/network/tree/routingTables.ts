// A routing table of a transit hub: its associations, propagations and rules (most specific
// prefix first), attachments shown by name.
import * as vscode from 'vscode';
import { TreeNode } from '../../shared/tree/nodes';
import { attachmentNames, NetItemNode, NetResourceFolderNode, type NetResource } from './netResource';
import { networkRoot, NetFolderNode } from './root';

export class RoutingTableNode extends NetResourceFolderNode {
  readonly netKind = 'routingTable';
  protected override icon = 'list-tree';
  protected get kind(): string {
    return `network.routingTable${this.data.default_table ? '.default' : ''}`;
  }
  protected override describe() {
    return this.data.default_table ? vscode.l10n.t('default') : undefined;
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
                  blackhole ? vscode.l10n.t('drops the traffic (blackhole)') : `→ ${name(r.attachment_id)}`,
                  r.rule_type === 'PROPAGATED' ? vscode.l10n.t('propagated') : '',
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
