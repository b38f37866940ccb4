// Operations on many keys at once, shared by the file system (folder rename, copy, delete) and
// the explorer's commands: planning and running server-side copies of any size, listing every
// key under a prefix, and deleting keys 1,000 per request.
import * as vscode from 'vscode';
import type { S3Client } from '../client/storage/client';
import { copyObjectAnySize, SINGLE_COPY_LIMIT } from '../client/storage/copy';
import { MIN_PART_SIZE, MiB } from '../client/storage/transfer';
import { plural } from '../shared/l10n';

/** Objects at or above this size are copied multipart (`nhncloud.storage.multipartCopyThresholdMB`, at most 5 GiB). */
export function multipartCopyThresholdBytes(): number {
  const mb = vscode.workspace
    .getConfiguration('nhncloud.storage')
    .get<number>('multipartCopyThresholdMB', SINGLE_COPY_LIMIT / MiB);
  return Math.min(
    SINGLE_COPY_LIMIT,
    Math.max(MIN_PART_SIZE, (Number.isFinite(mb) ? mb : SINGLE_COPY_LIMIT / MiB) * MiB),
  );
}

/** One object to copy; `size` (from a listing) only weighs the progress. */
export interface CopyPlanItem {
  from: { bucket: string; key: string };
  to: { bucket: string; key: string };
  size?: number;
}

/** Every object under `from.prefix` (its marker included), mapped to the same place under `to.prefix`. */
export async function planFolderCopy(
  s3: S3Client,
  from: { bucket: string; prefix: string },
  to: { bucket: string; prefix: string },
  signal?: AbortSignal,
): Promise<CopyPlanItem[]> {
  const plan: CopyPlanItem[] = [];
  for await (const page of s3.listObjects({ bucket: from.bucket, prefix: from.prefix || undefined }, { signal }))
    for (const e of page.contents)
      plan.push({
        from: { bucket: from.bucket, key: e.key },
        to: { bucket: to.bucket, key: to.prefix + e.key.slice(from.prefix.length) },
        size: e.size,
      });
  return plan;
}

/** Copies one planned object (any size) and, for a move, deletes the original once the copy exists. */
export async function copyPlanned(
  s3: S3Client,
  item: CopyPlanItem,
  mode: 'copy' | 'move',
  signal?: AbortSignal,
  onBytes?: (loaded: number) => void,
): Promise<void> {
  await copyObjectAnySize(s3, {
    from: item.from,
    to: item.to,
    multipartThreshold: multipartCopyThresholdBytes(),
    signal,
    onProgress: onBytes && ((p) => onBytes(p.loaded)),
  });
  if (mode === 'move') await s3.deleteObject(item.from.bucket, item.from.key, { signal });
}

export async function copyPlan(s3: S3Client, plan: CopyPlanItem[], mode: 'copy' | 'move'): Promise<void> {
  for (const item of plan) await copyPlanned(s3, item, mode);
}

/** Every key under a prefix (no delimiter), the marker `prefix/` included. */
export async function allKeys(s3: S3Client, bucket: string, prefix: string, signal?: AbortSignal): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of s3.listObjects({ bucket, prefix: prefix || undefined }, { signal }))
    for (const e of page.contents) keys.push(e.key);
  return keys;
}

/** Deletes keys 1,000 per request; a key the service could not delete fails the whole call with its reason. */
export async function deleteKeys(
  s3: S3Client,
  bucket: string,
  keys: string[],
  onProgress?: (done: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const r = await s3.deleteObjects(bucket, keys.slice(i, i + 1000), { signal });
    if (r.errors.length)
      throw new Error(
        plural(
          r.errors.length,
          vscode.l10n.t(
            '{0} object could not be deleted, e.g. {1}: {2}',
            r.errors.length,
            r.errors[0].key,
            r.errors[0].message,
          ),
          vscode.l10n.t(
            '{0} objects could not be deleted, e.g. {1}: {2}',
            r.errors.length,
            r.errors[0].key,
            r.errors[0].message,
          ),
        ),
      );
    onProgress?.(Math.min(keys.length, i + 1000));
  }
}
