// A multicast domain of a transit hub: its associations, groups (members and sources) and
// sharing, attachments shown by name.
import * as vscode from 'vscode';
import { TreeNode } from '../../shared/tree/nodes';
import { attachmentNames, NetItemNode, NetResourceFolderNode, type NetResource } from './netResource';
import { networkRoot, NetFolderNode } from './root';

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
            const member = g.member_type === 'STATIC';
            const source = g.source_type === 'STATIC';
            const role =
              member && source
                ? vscode.l10n.t('member and source')
                : member
                  ? vscode.l10n.t('member')
                  : source
                    ? vscode.l10n.t('source')
                    : '';
            return new NetItemNode(self, 'multicastGroup', g as NetResource, g.ipaddress ?? g.id, {
              icon: 'organization',
              description: [role, g.port_id ? vscode.l10n.t('port {0}', g.port_id.slice(0, 8)) : '']
                .filter(Boolean)
                .join(' · '),
              fields: [
                [vscode.l10n.t('Group address'), g.ipaddress],
                [vscode.l10n.t('Role'), role],
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
