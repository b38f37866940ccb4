// The building blocks of the transit-hub tree: the resource row type, the leaf node
// (attachment, association, rule, group, share), the folder node of a resource with children
// (hub, routing table, multicast domain) that polls while it builds, and the attachment names
// shown in place of UUIDs.
import { formatDateTime } from '../../shared/l10n';
import * as vscode from 'vscode';
import { parseNetworkTime } from '../../client/network/schemas';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, TreeNode, themeIcon, type Colour } from '../../shared/tree/nodes';
import type { NetKind } from './root';
import type { TransitHubNode } from './transitHubs';
import { inWords } from '../../shared/apiWords';

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
    return hubAbove(this.parent);
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
        [vscode.l10n.t('Status'), inWords(this.data.status)],
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

export const statusColour = (s: string | null | undefined): Colour | undefined =>
  s === 'BUILD' ? 'yellow' : s === 'ERROR' ? 'red' : undefined;

/** A transit-hub resource that has children (hub, routing table, multicast domain). */
export abstract class NetResourceFolderNode extends FolderNode {
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
    return isHub(this) ? this : hubAbove(this.parent);
  }
  protected fields(): Array<[string, unknown]> {
    return [];
  }
  override getTreeItem(): vscode.TreeItem {
    const item = this.folderItem();
    const building = this.data.status === 'BUILD';
    item.description =
      [
        this.data.status && this.data.status !== 'ACTIVE' ? inWords(this.data.status) : '',
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
        [vscode.l10n.t('Status'), inWords(this.data.status)],
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

// The hub is recognised by its kind rather than by instanceof, so that this module does not
// load transitHubs.ts (whose classes extend the ones above).
function isHub(n: TreeNode): n is TransitHubNode {
  return n instanceof NetResourceFolderNode && n.netKind === 'transitHub';
}

function hubAbove(n: TreeNode | undefined): TransitHubNode | undefined {
  for (; n; n = n.parent) if (isHub(n)) return n;
  return undefined;
}

/** Attachment names by id for one hub (rules, associations and groups show names, not UUIDs). */
export async function attachmentNames(node: NetResourceFolderNode): Promise<(id: string | null | undefined) => string> {
  const hub = node.hub;
  const list = hub ? await hub.attachments().catch(() => []) : [];
  const names = new Map(list.map((a) => [a.id, a.name || a.id]));
  return (id) => (id ? (names.get(id) ?? id) : '');
}
