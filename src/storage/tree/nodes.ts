// "Object Storage" under a region: buckets, then prefixes as folders (delimiter `/`), then
// objects with size and modified time; listings paged at 1,000 keys with "Load more"; a prefix
// filter per bucket. Ids: `<profile>/<region>/storage/bucket/<bucket>/<key or prefix>`.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import type { Bucket, ObjectEntry, S3Client } from '../../client/storage/client';
import type { FeatureDeps, Profile } from '../../shared/services';
import { requireAncestor, ServiceRootNode } from '../../shared/tree/serviceRoot';
import { mdFields } from '../../shared/tree/markdown';
import { TreeNode, themeIcon } from '../../shared/tree/nodes';
import { PagingFolderNode, type Page } from '../../shared/tree/paging';
import { OBJECT_SCHEME, baseName, formatSize, objectPath } from '../keys';
import { storageIds } from './ids';
import type { SyncPairs } from '../sync/pairs';
import { syncPairsRow } from '../sync/tree';
import { formatTimestamp, plural } from '../../shared/l10n';

export type StorageDeps = FeatureDeps;

/** Keys per listing page (the service's maximum). */
export const PAGE_SIZE = 1000;

export const storageRoot = (node: TreeNode): StorageRootNode => requireAncestor(node, StorageRootNode);

export const bucketOf = (node: TreeNode): BucketNode => requireAncestor(node, BucketNode);

export class StorageRootNode extends ServiceRootNode<S3Client> {
  readonly label = vscode.l10n.t('Object Storage');
  protected readonly kind = 'storage.root';
  protected override icon = 'archive';
  protected override emptyText = vscode.l10n.t('No bucket in this region');
  constructor(
    profile: Profile,
    region: Region,
    deps: StorageDeps,
    /** Prefix filter per bucket node id (shared by every root of the feature). */
    readonly prefixFilters: Map<string, string>,
    /** The workspace's sync pairs: a Sync Pairs row above the buckets when it has some here. */
    private readonly syncPairs?: SyncPairs,
  ) {
    super(profile, region, deps, 'storage');
  }
  client(): Promise<S3Client> {
    return this.deps.services.clients.s3(this.region);
  }
  protected async load(): Promise<TreeNode[]> {
    const { buckets } = await (await this.client()).listBuckets();
    const pairs = this.syncPairs ? syncPairsRow(this, this.syncPairs, this.profile.id, this.region) : [];
    return [...pairs, ...buckets.map((b) => new BucketNode(this, b))];
  }
}

/** Where a listing stands: the marker of the next page and what was listed so far. */
interface ListingCursor {
  marker?: string;
  truncated: boolean;
  /** Keys and prefixes listed so far (a marker may repeat the last key of the page before). */
  seen: Set<string>;
}

/**
 * Buckets and prefixes: a listing with delimiter `/`, paged by marker. Each page is drawn under
 * the "Load more" ending the page before (PagingFolderNode), so a page never makes VS Code
 * request the earlier ones again; within a page, folders first, then objects, in key order.
 */
abstract class ListingNode extends PagingFolderNode<ListingCursor> {
  /** A bucket is read page after page (1,000 keys each): the next is fetched while one is read. */
  protected override readonly prefetch = true;
  abstract readonly bucket: string;
  /** The prefix listed ('' for the bucket root). */
  abstract readonly prefix: string;

  /** The prefix actually sent: the folder's, narrowed by the bucket's prefix filter when it reaches this deep. */
  protected listPrefix(): string {
    return this.prefix;
  }

  protected startCursor(): ListingCursor {
    return { truncated: false, seen: new Set() };
  }

  protected progress(cursor: ListingCursor) {
    return { shown: cursor.seen.size };
  }

  protected async fetchNext(cursor: ListingCursor): Promise<Page> {
    const s3 = await storageRoot(this).client();
    const page = await s3.listObjectsPage({
      bucket: this.bucket,
      prefix: this.listPrefix() || undefined,
      delimiter: '/',
      marker: cursor.marker,
      maxKeys: PAGE_SIZE,
    });
    const folders: TreeNode[] = [];
    const objects: TreeNode[] = [];
    for (const p of page.commonPrefixes) {
      if (cursor.seen.has(p)) continue;
      cursor.seen.add(p);
      folders.push(new PrefixNode(this, p));
    }
    for (const e of page.contents) {
      // The directory marker `prefix/` itself is the folder, not a child.
      if (e.key === this.prefix || cursor.seen.has(e.key)) continue;
      cursor.seen.add(e.key);
      objects.push(new ObjectNode(this, e));
    }
    const last =
      page.nextMarker ??
      [page.contents.at(-1)?.key, page.commonPrefixes.at(-1)]
        .filter((x): x is string => !!x)
        .sort()
        .at(-1);
    cursor.marker = last;
    cursor.truncated = page.isTruncated && !!last;
    return { nodes: [...folders, ...objects], more: cursor.truncated };
  }

  protected override describe(): string | undefined {
    const n = this.listed?.shown ?? 0;
    if (!n) return undefined;
    if (this.hasUnfetchedPages) return vscode.l10n.t('{0}+ items', n);
    return plural(n, vscode.l10n.t('{0} item', n), vscode.l10n.t('{0} items', n));
  }

  /** The `nhncloud-s3:` URI of this folder. */
  uri(): vscode.Uri {
    const root = storageRoot(this);
    return vscode.Uri.from({
      scheme: OBJECT_SCHEME,
      authority: root.profile.id,
      path: objectPath({ region: root.region, bucket: this.bucket, key: this.prefix }),
    });
  }
}

export class BucketNode extends ListingNode {
  readonly id: string;
  readonly bucket: string;
  readonly prefix = '';
  protected override icon = 'repo';
  constructor(
    parent: StorageRootNode,
    readonly data: Bucket,
  ) {
    super();
    this.parent = parent;
    this.bucket = data.name;
    this.id = storageIds.bucket(parent.id, data.name);
  }
  get label(): string {
    return this.bucket;
  }
  protected get kind(): string {
    return `storage.bucket${this.prefixFilter ? '.prefixFiltered' : ''}`;
  }
  get prefixFilter(): string | undefined {
    return storageRoot(this).prefixFilters.get(this.id);
  }
  /** With a prefix filter `logs/2024`, the bucket root lists `logs/2024` (folders and keys starting with it). */
  protected override listPrefix(): string {
    return this.prefixFilter ?? '';
  }
  override getTreeItem(): vscode.TreeItem {
    const item = this.folderItem();
    const f = this.prefixFilter;
    if (f) {
      item.description = [vscode.l10n.t('prefix {0}', f), typeof item.description === 'string' ? item.description : '']
        .filter(Boolean)
        .join(' · ');
      item.iconPath = themeIcon('filter');
    }
    item.tooltip = new vscode.MarkdownString(
      mdFields(this.bucket, [
        [vscode.l10n.t('Region'), storageRoot(this).region],
        [vscode.l10n.t('Created'), formatTimestamp(this.data.creationDate, { zone: true })],
        [vscode.l10n.t('Prefix filter'), f],
      ]),
    );
    return item;
  }
}

export class PrefixNode extends ListingNode {
  readonly id: string;
  readonly label: string;
  protected readonly kind = 'storage.prefix';
  readonly bucket: string;
  constructor(
    parent: ListingNode,
    readonly prefix: string,
  ) {
    super();
    this.parent = parent;
    this.bucket = parent.bucket;
    this.id = storageIds.entry(bucketOf(parent).id, prefix);
    this.label = baseName(prefix) || prefix;
  }
  override mayContain(id: string): boolean {
    return id.startsWith(this.id) && id !== this.id;
  }
  override getTreeItem(): vscode.TreeItem {
    const item = this.folderItem();
    item.resourceUri = this.uri();
    return item;
  }
  /** On hover: a listing may hold a thousand folders. */
  override resolveTooltip(): vscode.MarkdownString {
    return new vscode.MarkdownString(mdFields(this.prefix, [[vscode.l10n.t('Bucket'), this.bucket]]));
  }
}

export class ObjectNode extends TreeNode {
  readonly id: string;
  /** Built once: VS Code asks again on every redraw of the row. */
  private item?: vscode.TreeItem;
  constructor(
    parent: ListingNode,
    readonly entry: ObjectEntry,
  ) {
    super();
    this.parent = parent;
    this.id = storageIds.entry(bucketOf(parent).id, entry.key);
  }
  get label(): string {
    return baseName(this.entry.key) || this.entry.key;
  }
  get bucket(): string {
    return (this.parent as ListingNode).bucket;
  }
  get key(): string {
    return this.entry.key;
  }
  uri(): vscode.Uri {
    const root = storageRoot(this);
    return vscode.Uri.from({
      scheme: OBJECT_SCHEME,
      authority: root.profile.id,
      path: objectPath({ region: root.region, bucket: this.bucket, key: this.key }),
    });
  }
  override invalidate(): void {
    this.item = undefined;
  }
  getTreeItem(): vscode.TreeItem {
    if (this.item) return this.item;
    const e = this.entry;
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = 'storage.object';
    item.resourceUri = this.uri();
    item.iconPath = vscode.ThemeIcon.File;
    item.description = [formatSize(e.size), formatTimestamp(e.lastModified)].filter(Boolean).join(' · ');
    item.command = { command: 'nhncloud.storage.open', title: vscode.l10n.t('Open'), arguments: [this] };
    this.item = item;
    return item;
  }
  /** The tooltip, built when the row is hovered (resolveTreeItem), not for every row drawn. */
  override resolveTooltip(): vscode.MarkdownString {
    const e = this.entry;
    return new vscode.MarkdownString(
      mdFields(e.key, [
        [vscode.l10n.t('Bucket'), this.bucket],
        [
          vscode.l10n.t('Size'),
          plural(
            e.size,
            vscode.l10n.t('{0} ({1} byte)', formatSize(e.size), e.size),
            vscode.l10n.t('{0} ({1} bytes)', formatSize(e.size), e.size),
          ),
        ],
        [vscode.l10n.t('Modified'), formatTimestamp(e.lastModified, { zone: true })],
        ['ETag', e.etag],
        [vscode.l10n.t('Storage class'), e.storageClass],
      ]),
    );
  }
}
