// Paged folders: a folder whose listing comes a page at a time, and the "Load more" row that
// brings the next page: into the folder itself while the folder is small, under the row past that.
import * as vscode from 'vscode';
import { isCancelledError } from '../../client/errors';
import { describeFailure, ErrorNode, FolderNode, TreeNode } from './nodes';

/**
 * Rows a folder holds at its own level. A "Load more" below that appends the next page to the
 * folder (issue 25, rough edge 18: nesting each page one level deeper made long lists a
 * staircase); VS Code's tree API has no append, so the folder is sent again whole, every earlier
 * row with it, and each such page costs more than the one before. Past this many rows a page
 * nests under its "Load more", which costs the same however long the listing. Measured with
 * `npm run bench -- --only bucket` (1,000-row pages): appended, a page took 541 ms at 2,000 rows
 * and 1,289 ms at 11,000, and the extension host grew 242 MB over ten; nested, 180 to 414 ms
 * and 155 MB. 3,000 keeps an appended page within about twice a nested one: a bucket's first
 * three pages, and a folder of 20-row pages (events, backups) for 150 pages.
 */
export const FLAT_ROWS = 3_000;

/**
 * Ends a page of a paged folder while more exist. Flat (the folder holds fewer than FLAT_ROWS
 * rows): a row whose click (or Enter) appends the next page to the folder, in its place, ending
 * in the next "Load more". Nested (past that): a folder whose children are the next page, so
 * VS Code requests only the new page, never the earlier ones again.
 */
export class LoadMoreNode extends TreeNode {
  readonly id: string;
  readonly label = undefined;
  private page?: Promise<TreeNode[]>;
  constructor(
    readonly folder: PagingFolderNode<unknown>,
    /** The listing this node continues: a refresh of the folder starts a new one. */
    readonly cursor: unknown,
    /** Number of the page it holds (2 for the one after the first). */
    readonly number: number,
    private readonly shown: number,
    private readonly total: number | undefined,
  ) {
    super();
    this.parent = folder;
    this.id = `${folder.id}/~page${number}`;
    this.flat = shown < FLAT_ROWS;
  }
  /** Whether its page joins the folder's own rows (else it is drawn under this row). */
  readonly flat: boolean;
  /** "1000 shown", "20 of 57": the folder need not be drawn again for its count (FolderNode.redrawAfterLoad). */
  override get statesCount(): boolean {
    return true;
  }
  /** The flat page being appended: a second click while it loads waits for the first. */
  private appending?: Promise<void>;

  /** Appends a flat row's page to its folder, once; a failure lets the next click try again. */
  append(): Promise<void> {
    this.appending ??= this.folder.appendPage(this).catch((e: unknown) => {
      this.appending = undefined;
      throw e;
    });
    return this.appending;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(
      vscode.l10n.t('Load more...'),
      this.flat ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed,
    );
    if (this.flat)
      item.command = { command: 'nhncloud.tree.loadMore', title: vscode.l10n.t('Load more...'), arguments: [this] };
    item.id = this.id;
    item.description =
      this.total !== undefined
        ? vscode.l10n.t('{0} of {1}', this.shown, this.total)
        : vscode.l10n.t('{0} shown', this.shown);
    item.contextValue = 'loadMore';
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    return item;
  }
  /** The page could not be fetched (its ErrorNode's Retry fetches it again). */
  private failed = false;
  /** The page, fetched once (a failure shows as an ErrorNode here). */
  override async getChildren(): Promise<TreeNode[]> {
    this.page ??= this.folder.pageAfter(this).catch((e: unknown) => {
      if (!isCancelledError(e)) this.ctx.services.log.warn(describeFailure(this, e));
      this.failed = true;
      return [new ErrorNode(this, e)];
    });
    const nodes = await this.page;
    for (const n of nodes) this.ctx.register(n);
    return this.folder.filtered(nodes);
  }
  /**
   * Only a failed page is fetched again: the folder's cursor has moved past a fetched one, so
   * fetching it again would bring the page after it here. A refresh of the folder starts over.
   */
  override invalidate(): void {
    if (!this.failed) return;
    this.failed = false;
    this.page = undefined;
  }
  /** Reveal by id walks into pages already loaded, never fetches one. */
  override mayContain(id: string): boolean {
    return this.page !== undefined && this.folder.mayContain(id);
  }
}

/** One fetched page of a paged folder: its rows, and whether more follow. */
export interface Page {
  nodes: TreeNode[];
  more: boolean;
}

/**
 * A folder fetched page by page: the first page is its children, each later page the children
 * of the "Load more" ending the page before (LoadMoreNode). Pages come in order, each continuing
 * the folder's cursor `C` (page number, marker...); a refresh starts a new cursor, so a "Load
 * more" of the old listing fetches nothing.
 */
export abstract class PagingFolderNode<C> extends FolderNode {
  private current?: C;
  private more = false;
  /**
   * Whether the page after the one shown is fetched while the person reads it, so "Load more"
   * answers from memory (off by default: one more request for every opened folder that has more).
   * A prefetched page moves the cursor when it arrives, so what a folder says it shows comes
   * from `listed`, the pages handed to the tree, never from the cursor.
   */
  protected readonly prefetch: boolean = false;
  /** The next page, fetched ahead for `cursor`; handed out once, its failure only then. */
  private prefetched?: { cursor: C; page: Promise<Page> };
  /** What the pages handed to the tree add up to (progress of the cursor as each was). */
  private listedSoFar?: { shown: number; total?: number };

  /** A cursor before the first page. */
  protected abstract startCursor(): C;
  /** Fetches the page after what `cursor` has seen, and moves the cursor past it. */
  protected abstract fetchNext(cursor: C): Promise<Page>;
  /** Rows listed so far and, when the service says it, how many there are in all. */
  protected abstract progress(cursor: C): { shown: number; total?: number };

  protected get cursor(): C {
    return (this.current ??= this.startCursor());
  }

  override invalidate(): void {
    super.invalidate();
    this.current = undefined;
    this.more = false;
    this.prefetched = undefined;
    this.listedSoFar = undefined;
  }

  /** Rows handed to the tree so far, and the total when the service says it (undefined before the first page). */
  protected get listed(): { shown: number; total?: number } | undefined {
    return this.listedSoFar;
  }

  /** Whether pages of the listing are still unfetched (a child may be beyond them). */
  get hasUnfetchedPages(): boolean {
    return this.more;
  }

  protected async load(): Promise<TreeNode[]> {
    const cursor = this.cursor;
    return this.ended(cursor, await this.nextPage(cursor), 2);
  }

  /** The page after what `cursor` has seen: the prefetched one when it continues this cursor. */
  private nextPage(cursor: C): Promise<Page> {
    const ahead = this.prefetched;
    this.prefetched = undefined;
    return ahead?.cursor === cursor ? ahead.page : this.fetchNext(cursor);
  }

  /**
   * A flat "Load more": the next page takes the row's place among the folder's own rows, and
   * the folder is drawn again (from the rows in memory: nothing earlier is fetched again).
   */
  async appendPage(more: LoadMoreNode): Promise<void> {
    const cursor = more.cursor as C;
    if (cursor !== this.current) return;
    const nodes = this.ended(cursor, await this.nextPage(cursor), more.number + 1);
    this.updateLoaded((rows) => rows.flatMap((n) => (n === more ? nodes : [n])));
    this.ctx.changed(this);
  }

  /** The page a nested "Load more" holds: drawn under it, ending in the next one. */
  async pageAfter(more: LoadMoreNode): Promise<TreeNode[]> {
    const cursor = more.cursor as C;
    if (cursor !== this.current) return [];
    const nodes = this.ended(cursor, await this.nextPage(cursor), more.number + 1);
    for (const n of nodes) n.drawnUnder = more;
    return nodes;
  }

  private ended(cursor: C, page: Page, next: number): TreeNode[] {
    const { shown, total } = this.progress(cursor);
    if (cursor === this.current) {
      this.more = page.more;
      this.listedSoFar = { shown, total };
    }
    if (!page.more) return page.nodes;
    if (this.prefetch && cursor === this.current) {
      const ahead = { cursor, page: this.fetchNext(cursor) };
      // Handled here so an unused failure is no unhandled rejection; the click that takes the
      // page gets the failure from the promise itself, and its Retry fetches afresh.
      ahead.page.catch(() => undefined);
      this.prefetched = ahead;
    }
    return [...page.nodes, new LoadMoreNode(this as PagingFolderNode<unknown>, cursor, next, shown, total)];
  }
}

/** A folder paged by page number, the service answering the total count. */
export abstract class PagedFolderNode<T> extends PagingFolderNode<{ page: number; shown: number; total?: number }> {
  protected pageSize = 20;

  protected abstract fetchPage(page: number, size: number): Promise<{ items: T[]; total?: number }>;
  protected abstract toNode(item: T): TreeNode;

  protected startCursor() {
    return { page: 0, shown: 0 } as { page: number; shown: number; total?: number };
  }

  protected async fetchNext(cursor: { page: number; shown: number; total?: number }): Promise<Page> {
    const next = await this.fetchPage(cursor.page + 1, this.pageSize);
    cursor.page++;
    cursor.shown += next.items.length;
    cursor.total = next.total ?? cursor.total;
    // A short page is the last, whatever total the service gave.
    if (next.items.length < this.pageSize) cursor.total = cursor.shown;
    const more = cursor.total === undefined ? next.items.length === this.pageSize : cursor.shown < cursor.total;
    return { nodes: next.items.map((i) => this.toNode(i)), more };
  }

  protected progress(cursor: { shown: number; total?: number }) {
    return cursor;
  }

  protected override describe(): string | undefined {
    const total = this.cursor.total;
    return total !== undefined ? String(total) : undefined;
  }
}
