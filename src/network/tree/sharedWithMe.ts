// Transit hubs and multicast domains other projects shared with this one (list-only entries).
import * as vscode from 'vscode';
import { FolderNode, TreeNode } from '../../shared/tree/nodes';
import { networkIds } from './ids';
import { NetItemNode, type NetResource } from './netResource';
import { networkRoot, NetworkRootNode } from './root';

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
