// What a storage command acts on: the tree node(s) it was run on, or (from the palette) a region
// and bucket the user picks. Shared by every storage command.
import * as vscode from 'vscode';
import { type Region } from '../../client/endpoints';
import type { S3Client } from '../../client/storage/client';
import type { TreeNode } from '../../shared/tree/nodes';
import { pick } from '../../shared/prompts';
import { SMALL_FILE_CONCURRENCY, type PoolLimits } from '../folderTransfer';
import {
  BucketNode,
  ObjectNode,
  PrefixNode,
  StorageRootNode,
  bucketOf,
  storageRoot,
  type StorageDeps,
} from '../tree/nodes';
import { storageIds } from '../tree/ids';
import { askServiceRegion } from '../../shared/tree/serviceRoot';
import { formatTimestamp } from '../../shared/l10n';

export interface StorageScope {
  region: Region;
  s3: S3Client;
  profileId: string;
  /** `<profile>/<region>/storage`. */
  rootId: string;
}

export interface BucketTarget extends StorageScope {
  bucket: string;
  /** The folder the command works in ('' for the bucket root). */
  prefix: string;
  /** Tree id of the folder to refresh afterwards. */
  folderId: string;
}

const isNode = (arg: unknown): arg is TreeNode => !!arg && typeof arg === 'object' && 'parent' in arg && 'id' in arg;

export async function storageScopeFrom(arg: unknown, deps: StorageDeps, title: string): Promise<StorageScope> {
  if (isNode(arg)) {
    const root = storageRoot(arg);
    return { region: root.region, s3: await root.client(), profileId: root.profile.id, rootId: root.id };
  }
  const { profile, region } = await askServiceRegion(deps.services, 'storage', title, (p, where) =>
    vscode.l10n.t(
      'Profile "{0}" enables no region with object storage ({1}). Edit the profile to add one.',
      p.name,
      where,
    ),
  );
  return {
    region,
    s3: await deps.services.clients.s3(region),
    profileId: profile.id,
    rootId: storageIds.root(profile.id, region),
  };
}

/** The bucket and folder of a node (an object stands for its folder), or a bucket the user picks. */
export async function bucketFrom(arg: unknown, deps: StorageDeps, title: string): Promise<BucketTarget> {
  if (arg instanceof BucketNode || arg instanceof PrefixNode || arg instanceof ObjectNode) {
    const scope = await storageScopeFrom(arg, deps, title);
    const folder = arg instanceof ObjectNode ? (arg.parent as BucketNode | PrefixNode) : arg;
    return { ...scope, bucket: bucketOf(arg).bucket, prefix: folder.prefix, folderId: folder.id };
  }
  const scope = await storageScopeFrom(arg instanceof StorageRootNode ? arg : undefined, deps, title);
  const { buckets } = await scope.s3.listBuckets();
  if (!buckets.length)
    throw new Error(vscode.l10n.t('No bucket in {0}: create one with "NHN Cloud: Create Bucket".', scope.region));
  const b = (
    await pick(
      buckets.map((x) => ({ label: x.name, description: formatTimestamp(x.creationDate) ?? '', x })),
      { title, placeHolder: vscode.l10n.t('Bucket in {0}', scope.region) },
    )
  ).x;
  const id = storageIds.bucket(scope.rootId, b.name);
  return { ...scope, bucket: b.name, prefix: '', folderId: id };
}

/** Objects of a (multi-)selection; from the palette, the object of the active editor. */
export function objectNodes(node: unknown, nodes: unknown): ObjectNode[] {
  const many = Array.isArray(nodes) ? nodes.filter((n): n is ObjectNode => n instanceof ObjectNode) : [];
  if (many.length) return many;
  return node instanceof ObjectNode ? [node] : [];
}

/** Parts of one multipart transfer at once, and multipart files at once (`transferConcurrency`). */
export function concurrency(): number {
  const n = vscode.workspace.getConfiguration('nhncloud.storage').get<number>('transferConcurrency', 4);
  return Math.min(16, Math.max(1, Math.floor(n)));
}

/** Files at once in a transfer of many: small ones (`smallFileConcurrency`) and multipart ones. */
export function poolLimits(): PoolLimits {
  const n = vscode.workspace
    .getConfiguration('nhncloud.storage')
    .get<number>('smallFileConcurrency', SMALL_FILE_CONCURRENCY);
  return { small: Math.min(64, Math.max(1, Math.floor(n))), large: concurrency() };
}
