// Base types of every explorer node (conventions 2 and 3). Nodes are small
// objects with a stable hierarchical id, a parent, getTreeItem and getChildren; folders
// cache their children, never throw (a failure becomes an ErrorNode, an empty list a
// PlaceholderNode) and apply the folder's name filter. The provider (./explorer.ts) is thin.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import { isAuthError, isCancelledError, isServiceNotEnabled } from '../../client/errors';
import type { Profile, Services } from '../services';
import { applyFilter } from './filter';
import { errorMessage } from '../errorText';

/** Shared by every node of one explorer; reached through the root (see TreeNode.ctx). */
export interface TreeContext {
  readonly services: Services;
  /** Name filter per folder id (`nhncloud.tree.filter`). */
  readonly filters: Map<string, string>;
  /** Remember the latest node object shown for an id (refresh and reveal by id use it). */
  register(node: TreeNode): void;
  /** Drop the node's cached data and redraw it (undefined: the whole tree). */
  refresh(node?: TreeNode): void;
  /** Redraw the node only (its data changed in place). */
  changed(node: TreeNode): void;
  /** Poll `check` with backoff while the view is visible, until it returns true (settled). */
  watch(key: string, check: () => Promise<boolean>): void;
}

export type Colour = 'green' | 'red' | 'yellow' | 'grey' | 'blue';

const COLOUR_THEME: Record<Colour, string | undefined> = {
  green: 'charts.green',
  red: 'errorForeground',
  yellow: 'charts.yellow',
  grey: 'disabledForeground',
  blue: 'charts.blue',
};

export function themeIcon(id: string, colour?: Colour): vscode.ThemeIcon {
  const c = colour && COLOUR_THEME[colour];
  return new vscode.ThemeIcon(id, c ? new vscode.ThemeColor(c) : undefined);
}

export abstract class TreeNode {
  /** The node this one belongs to: its folder (scope, context, refresh go through it). */
  parent?: TreeNode;
  /**
   * Where VS Code draws this node when that is not its folder: the "Load more" holding the page
   * it came in (see LoadMoreNode). The provider's getParent answers this first.
   */
  drawnUnder?: TreeNode;
  /** Set on roots only; every other node reaches it through its parent. */
  protected rootContext?: TreeContext;
  abstract readonly id: string;
  /** The text the name filter looks at; undefined: never filtered out. */
  abstract readonly label: string | undefined;

  get ctx(): TreeContext {
    const c = this.rootContext ?? this.parent?.ctx;
    if (!c) throw new Error(vscode.l10n.t('Tree node {0} is not attached to the explorer', this.id));
    return c;
  }

  /** Profile and region this node belongs to (set by ProfileNode / RegionNode). */
  scope(): { profile?: Profile; region?: Region } {
    return this.parent?.scope() ?? {};
  }

  abstract getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;

  getChildren(): Promise<TreeNode[]> {
    return Promise.resolve([]);
  }

  /** Forget cached data so the next getChildren/getTreeItem reloads. */
  invalidate(): void {}

  /**
   * A tooltip built only when the row is hovered (the provider's resolveTreeItem), for rows
   * shown by the thousand whose getTreeItem leaves `tooltip` unset. undefined: none.
   */
  resolveTooltip(): string | vscode.MarkdownString | undefined | Promise<string | vscode.MarkdownString | undefined> {
    return undefined;
  }

  /** Whether a node with `id` may be below this one (reveal by id walks down with it). */
  mayContain(id: string): boolean {
    return id.startsWith(`${this.id}/`);
  }

  /** Whether this row says how many rows its folder shows (a paged folder's "Load more..."). */
  get statesCount(): boolean {
    return false;
  }
}

/** A leaf with fixed presentation: info rows, catalog entries, members. */
export class LeafNode extends TreeNode {
  constructor(
    parent: TreeNode,
    readonly id: string,
    readonly label: string,
    private readonly opts: {
      description?: string;
      icon?: string;
      colour?: Colour;
      tooltip?: string | vscode.MarkdownString;
      contextValue?: string;
      command?: vscode.Command;
      /** Value copied by "Copy" commands (endpoint, id). */
      copyValue?: string;
    } = {},
  ) {
    super();
    this.parent = parent;
  }

  get copyValue(): string | undefined {
    return this.opts.copyValue;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.opts.description;
    item.tooltip = this.opts.tooltip;
    item.contextValue = this.opts.contextValue ?? 'leaf';
    item.command = this.opts.command;
    if (this.opts.icon) item.iconPath = themeIcon(this.opts.icon, this.opts.colour);
    return item;
  }
}

/** "Nothing here" in an empty folder, or "No match" under a filter. */
export class PlaceholderNode extends TreeNode {
  readonly id: string;
  readonly label = undefined;
  constructor(
    parent: TreeNode,
    private readonly text: string,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/~placeholder`;
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.text, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = 'placeholder';
    item.iconPath = new vscode.ThemeIcon('circle-slash');
    return item;
  }
}

/** A failed load, worded for what the user can do about it. */
export class ErrorNode extends TreeNode {
  readonly id: string;
  readonly label = undefined;
  constructor(
    parent: TreeNode,
    readonly error: unknown,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/~error`;
  }

  /** What the node says and does: exported for the e2e scenarios and the log line. */
  describe(): { text: string; tooltip: string; command: vscode.Command; icon: string } {
    const e = this.error;
    const message = errorMessage(e);
    const profile = this.scope().profile;
    const region = this.scope().region;
    if (isAuthError(e) && e.reason === 'unauthenticated') {
      return {
        text: vscode.l10n.t('Credentials rejected: Edit Profile'),
        tooltip: vscode.l10n.t(
          '{0}\n\nThe service rejected the keys of profile "{1}" (80401). Click to edit the profile.',
          message,
          profile?.name ?? '',
        ),
        command: { command: 'nhncloud.profile.edit', title: vscode.l10n.t('Edit Profile'), arguments: [profile?.id] },
        icon: 'key',
      };
    }
    if (isAuthError(e)) {
      return {
        text: vscode.l10n.t('Permission denied: your role cannot read this'),
        tooltip: vscode.l10n.t(
          '{0}\n\nThe project role of this profile lacks the permission (80403). Ask a project ADMIN. Click to retry.',
          message,
        ),
        command: { command: 'nhncloud.tree.retry', title: vscode.l10n.t('Retry'), arguments: [this] },
        icon: 'lock',
      };
    }
    if (isServiceNotEnabled(e)) {
      return {
        text: region
          ? vscode.l10n.t('RDS for MySQL is not enabled in this project in {0}', region)
          : vscode.l10n.t('RDS for MySQL is not enabled in this project'),
        tooltip: vscode.l10n.t(
          'Enable the service in the NHN Cloud console (Project > Service selection), then click to retry.',
        ),
        command: { command: 'nhncloud.tree.retry', title: vscode.l10n.t('Retry'), arguments: [this] },
        icon: 'circle-slash',
      };
    }
    const reason = message.replace(/\.\s*$/, '');
    return {
      text: vscode.l10n.t('Failed to load: {0}. Click to retry', reason),
      tooltip: vscode.l10n.t('{0}\n\nClick to retry; details in the log (NHN Cloud output channel).', message),
      command: { command: 'nhncloud.tree.retry', title: vscode.l10n.t('Retry'), arguments: [this] },
      icon: 'error',
    };
  }

  getTreeItem(): vscode.TreeItem {
    const d = this.describe();
    const item = new vscode.TreeItem(d.text, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.tooltip = d.tooltip;
    item.command = d.command;
    item.contextValue = 'error';
    item.iconPath = themeIcon(d.icon, 'red');
    return item;
  }
}

/** The log line of a failed load (also the paged folders' pages, ./paging.ts). */
export function describeFailure(node: TreeNode, e: unknown): string {
  const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return vscode.l10n.t('Loading {0} failed: {1}', node.id, msg);
}

/** A node whose children are loaded once and cached until invalidated. */
export abstract class FolderNode extends TreeNode {
  private cache?: Promise<TreeNode[]>;
  protected emptyText = vscode.l10n.t('Nothing here');
  /** Codicon of the folder. */
  protected icon = 'folder';
  /** contextValue; `.filtered` is appended while a filter is set. */
  protected abstract readonly kind: string;
  protected collapsed = vscode.TreeItemCollapsibleState.Collapsed;

  protected abstract load(): Promise<TreeNode[]>;

  /** Description shown beside the label (count, filter...). */
  protected describe(): string | undefined {
    return undefined;
  }

  protected tooltip(): string | vscode.MarkdownString | undefined {
    return undefined;
  }

  override invalidate(): void {
    this.cache = undefined;
  }

  /** Changes the loaded children in place (a paged folder appending a page); an unloaded folder has none to change. */
  protected updateLoaded(update: (nodes: TreeNode[]) => TreeNode[]): void {
    if (this.cache) this.cache = this.cache.then(update);
  }

  /**
   * The description the folder was last drawn with (undefined: not drawn yet). VS Code draws a
   * folder before it asks for its children, so a count the children's load sets would show the
   * previous load's number ("Floating IPs 3" over four rows after an allocate): once loaded, a
   * folder whose description changed is drawn again, only then (redrawAfterLoad).
   */
  private drawnDescription?: { text: string | undefined };

  /**
   * Whether the folder, just loaded into `nodes`, must be drawn again: its description changed
   * since it was drawn. Not when it was drawn with none and its last row states the count
   * itself (a paged folder's "Load more...": "1000 shown"): VS Code answers a folder drawn again
   * by drawing every row of it in view again, and the folder drawn while its first rows were
   * on their way drew them twice (the big bucket's first page took 2.97x the floor's time in the
   * bench of 2026-12-07, docs/performance.md). Its next page draws the folder, with the count.
   */
  protected redrawAfterLoad(nodes: readonly TreeNode[]): boolean {
    const drawn = this.drawnDescription;
    if (!drawn || drawn.text === this.describe()) return false;
    return drawn.text !== undefined || !nodes.at(-1)?.statesCount;
  }

  /** Children as loaded (no filter, no placeholder); loads when needed. Never rejects. */
  async loaded(): Promise<TreeNode[]> {
    this.cache ??= this.load().then(
      (nodes) => {
        if (this.redrawAfterLoad(nodes)) this.ctx.changed(this);
        return nodes;
      },
      (e: unknown) => {
        if (!isCancelledError(e)) this.ctx.services.log.warn(describeFailure(this, e));
        return [new ErrorNode(this, e)];
      },
    );
    const nodes = await this.cache;
    for (const n of nodes) {
      n.parent ??= this;
      this.ctx.register(n);
    }
    return nodes;
  }

  override async getChildren(): Promise<TreeNode[]> {
    const nodes = await this.loaded();
    if (!nodes.length) return [new PlaceholderNode(this, this.emptyText)];
    const shown = this.filtered(nodes);
    const filter = this.ctx.filters.get(this.id);
    if (filter && !shown.some((n) => n.label !== undefined))
      shown.unshift(new PlaceholderNode(this, vscode.l10n.t('No name matches "{0}"', filter)));
    return shown;
  }

  /** `nodes` under the folder's name filter (rows without a label, such as "Load more", stay). */
  filtered(nodes: TreeNode[]): TreeNode[] {
    const filter = this.ctx.filters.get(this.id);
    return filter ? applyFilter(nodes, (n) => n.label, filter) : nodes;
  }

  getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem> {
    return this.folderItem();
  }

  /** The folder's item (label, filter state, icon); subclasses decorate it. */
  protected folderItem(): vscode.TreeItem {
    const label = this.label ?? '';
    const item = new vscode.TreeItem(label, this.collapsed);
    item.id = this.id;
    const filter = this.ctx.filters.get(this.id);
    const own = this.describe();
    this.drawnDescription = { text: own };
    item.description = filter ? [own, `filter: ${filter}`].filter(Boolean).join(' · ') : own;
    item.contextValue = filter ? `${this.kind}.filtered` : this.kind;
    item.iconPath = themeIcon(filter ? 'filter' : this.icon);
    item.tooltip = this.tooltip();
    return item;
  }
}
