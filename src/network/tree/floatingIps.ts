// Floating IPs under a region's Network.
import * as vscode from 'vscode';
import type { FloatingIp } from '../../client/network/schemas';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, TreeNode, themeIcon, type Colour } from '../../shared/tree/nodes';
import { networkIds } from './ids';
import { networkRoot, NetworkRootNode } from './root';
import { inWords } from '../../shared/apiWords';
export class FloatingIpsFolderNode extends FolderNode {
  readonly id: string;
  readonly label = vscode.l10n.t('Floating IPs');
  protected readonly kind = 'network.folder.floatingIps';
  protected override icon = 'globe';
  protected override emptyText = vscode.l10n.t('No floating IP in this region');
  private count?: number;
  constructor(parent: NetworkRootNode) {
    super();
    this.parent = parent;
    this.id = networkIds.floatingIps(parent.id);
  }
  protected override describe() {
    return this.count === undefined ? undefined : String(this.count);
  }
  protected async load(): Promise<TreeNode[]> {
    const list = await (await networkRoot(this).client()).listFloatingIps();
    this.count = list.length;
    return [...list]
      .sort((a, b) => a.floating_ip_address.localeCompare(b.floating_ip_address, undefined, { numeric: true }))
      .map((f) => new FloatingIpNode(this, f));
  }
}

const FIP_COLOUR: Record<string, Colour> = { ACTIVE: 'green', DOWN: 'grey', ERROR: 'red' };

export function floatingIpContext(f: FloatingIp): string {
  return `network.floatingIp.${f.port_id ? 'attached' : 'detached'}${f.delete_protection ? '.protected' : ''}`;
}

export class FloatingIpNode extends TreeNode {
  readonly id: string;
  constructor(
    parent: TreeNode,
    readonly data: FloatingIp,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${data.id}`;
  }
  get label(): string {
    return this.data.floating_ip_address;
  }
  getTreeItem(): vscode.TreeItem {
    const f = this.data;
    const item = new vscode.TreeItem(f.floating_ip_address, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = floatingIpContext(f);
    item.iconPath = themeIcon(f.port_id ? 'plug' : 'debug-disconnect', FIP_COLOUR[f.status ?? ''] ?? 'yellow');
    // The label first: it is what tells addresses apart, and a narrow sidebar cuts the end.
    item.description = [
      f.label,
      f.fixed_ip_address ? `→ ${f.fixed_ip_address}` : vscode.l10n.t('not attached'),
      // ACTIVE and DOWN say again what the address says (attached or not): only a state that
      // disagrees with it (ERROR, or one in between) is shown.
      f.status && f.status !== (f.port_id ? 'ACTIVE' : 'DOWN') ? inWords(f.status) : '',
      f.delete_protection ? vscode.l10n.t('delete protection on') : '',
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = new vscode.MarkdownString(
      mdFields(f.floating_ip_address, [
        [vscode.l10n.t('Status'), inWords(f.status)],
        [vscode.l10n.t('Attached fixed IP'), f.fixed_ip_address],
        [vscode.l10n.t('Port'), f.port_id],
        [vscode.l10n.t('Router'), f.router_id],
        [vscode.l10n.t('External network'), f.floating_network_id],
        [vscode.l10n.t('Label'), f.label],
        [vscode.l10n.t('Delete protection'), f.delete_protection ? vscode.l10n.t('On') : vscode.l10n.t('Off')],
        ['ID', f.id],
      ]),
    );
    return item;
  }
}
