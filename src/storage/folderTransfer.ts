// The engine of Upload Folder and Download (folder, bucket, several objects), free of `vscode` so
// the benchmark (scripts/bench/folders.mjs) drives exactly the code behind the commands: the
// list of files or objects, then a pool that runs small files many at a time and multipart
// files a few at a time (each of those already sends several parts at once, or, in a folder of
// many, goes as one PUT: sharedParts).
import { contentTypeFor } from './contentTypes';
import { readdir, stat } from 'node:fs/promises';
import { setMaxListeners } from 'node:events';
import { dirname, join, relative } from 'node:path';
import { CancelledError, isCancelledError } from '../client/errors';
import type { S3Client } from '../client/storage/client';
import { placeKeys, prepareLocalFile, type CheckedFolders, type Refusal } from '../client/storage/localPath';
import { download, type DownloadResult } from '../client/storage/download';
import { MiB, MULTIPART_THRESHOLD, PartSlots, upload, type FileStamp } from '../client/storage/transfer';
import { baseName, keyForUpload } from './keys';
import type { UploadJournal } from './pendingUploads';
import { formatMtime, MTIME_METADATA } from './sync/stamps';

/** One file or object to move, as the progress notification runs it (../commands/transfers.ts runTransfers). */
export interface TransferItem {
  label: string;
  size: number;
  run(signal: AbortSignal, onBytes: (loaded: number) => void): Promise<void>;
}

/** One file of a folder transfer: object `key` <-> local `file`. */
export interface FileTask {
  key: string;
  file: string;
  size: number;
  /**
   * A download's: the folder the user chose, below which nothing is followed (prepareLocalFile);
   * without it, the file's own folder (a file named in a save dialog).
   */
  root?: string;
  /** A download's: the folders below `root` checked so far, shared by the tasks of one plan (prepareLocalFile). */
  folders?: CheckedFolders;
}

/**
 * Small files (below the multipart threshold) at once by default, the setting
 * `nhncloud.storage.smallFileConcurrency`: chosen from the folder benchmark (README, Performance).
 */
export const SMALL_FILE_CONCURRENCY = 16;

/** Files at once: below the multipart threshold (`small`) and from it (`large`). */
export interface PoolLimits {
  small: number;
  large: number;
}

/**
 * In a folder upload, a file below this size goes as one PUT while enough files are left to start
 * (sharedParts). Not rclone's 200 MiB upload_cutoff: only a multipart upload can be resumed after
 * a reload (./pendingUploads.ts), so a one-PUT file cut off starts again from zero, and at 64 MiB
 * that is at most 8 parts' worth per file in flight; the AWS CLI splits from 8 MiB, the service
 * takes one object of up to 5 GB. Below it, the files give the parallelism (issue 67: 20 files of
 * 50 MiB on s3rver, whose Complete Multipart Upload reads every part again to join them).
 */
export const WHOLE_FILE_CAP = 64 * MiB;

/** The part slots of one folder upload, and the files at once that go with them. */
export interface SharedParts {
  /**
   * `limits.large` files' worth of parts (`partConcurrency` each), shared by every multipart file;
   * a file sent as one PUT takes one slot while it goes.
   */
  slots: PartSlots;
  /**
   * Twice as many multipart-sized files open at once: the next file's parts fill a finishing
   * file's slots (a file sent as one PUT counts as one of them).
   */
  limits: PoolLimits;
  /**
   * Whether a multipart-sized file about to start goes as one PUT: when it is below WHOLE_FILE_CAP
   * (`wholeFileCap`) and at least `partConcurrency` (and 2) multipart-sized files, itself
   * included, are still to start. Call it once per such file, as it starts (it counts it started).
   */
  whole(size: number): boolean;
}

/**
 * An upload of many files shares its part uploads (PartSlots): as many parts in flight as
 * `limits.large` files of `partConcurrency` parts each had, given first to the file started first,
 * with twice as many multipart files open, so no slot waits while a file is completed.
 *
 * While at least `partConcurrency` of `files` (the multipart-sized ones) are left to start, a file
 * below WHOLE_FILE_CAP goes as one PUT: the files then keep at least as many requests going as one
 * file's parts would, so splitting it would only add requests and the server's work of joining
 * the parts. The last ones (the tail of a folder, or a folder of fewer files) still go multipart,
 * their parts filling the slots the finishing files leave. A file uploaded alone always splits
 * from MULTIPART_THRESHOLD (it alone can be resumed, and only its parts run in parallel).
 */
export function sharedParts(
  limits: PoolLimits,
  partConcurrency: number,
  files: ReadonlyArray<{ size: number }>,
  /** Files below it may go as one PUT (0: none does). */
  wholeFileCap = WHOLE_FILE_CAP,
): SharedParts {
  const large = Math.max(1, Math.floor(limits.large));
  const small = Math.max(1, Math.floor(limits.small));
  const parts = Math.max(1, Math.floor(partConcurrency));
  let toStart = files.filter((f) => f.size >= MULTIPART_THRESHOLD).length;
  // Two at least: a file uploaded alone splits from MULTIPART_THRESHOLD whatever the parts at once.
  const enough = Math.max(2, parts);
  return {
    slots: new PartSlots(large * parts),
    limits: { small, large: Math.min(small, large * 2) },
    whole: (size) => toStart-- >= enough && size < wholeFileCap,
  };
}

/** Every regular file below `dir` (symbolic links and special files are not followed). */
export async function walkFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walkFiles(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** The files of `dir` and their keys under `basePrefix` (the folder's own name included by the caller). */
export async function folderUploadTasks(dir: string, basePrefix: string): Promise<FileTask[]> {
  const files = await walkFiles(dir);
  return Promise.all(
    files.map(async (f) => ({ key: keyForUpload(basePrefix, relative(dir, f)), file: f, size: (await stat(f)).size })),
  );
}

/**
 * The objects under `prefix` ('' for the whole bucket). Empty folder markers (`dir/`, zero bytes)
 * are left out; a key ending in `/` that holds bytes stays, for placeKeys to report.
 */
export async function listPrefix(
  s3: S3Client,
  bucket: string,
  prefix: string,
  /** Stops the listing after the page it is reading (a CancelledError). */
  signal?: AbortSignal,
  /** Hears the count listed so far after each page. */
  onListed?: (count: number) => void,
): Promise<Array<{ key: string; size: number }>> {
  const out: Array<{ key: string; size: number }> = [];
  for await (const page of s3.listObjects({ bucket, prefix: prefix || undefined }, { signal })) {
    for (const e of page.contents) if (!e.key.endsWith('/') || e.size > 0) out.push({ key: e.key, size: e.size });
    onListed?.(out.length);
    if (signal?.aborted) throw new CancelledError();
  }
  return out;
}

/** The tasks of a download, and the keys that were not placed and why (for the summary). */
export interface DownloadPlan {
  tasks: FileTask[];
  refused: Refusal[];
}

/**
 * Where each object listed under `prefix` lands below `root` (the folder the user chose),
 * keeping the key structure, below `folder` when given (the prefix's or the bucket's own name).
 * placeKeys decides: no link followed, no two keys on one file, no name the file system refuses.
 */
export async function prefixDownloadTasks(
  objects: ReadonlyArray<{ key: string; size: number }>,
  prefix: string,
  root: string,
  folder?: string,
): Promise<DownloadPlan> {
  const { placed, refused } = await placeKeys(
    root,
    objects.map((o) => {
      const rel = o.key.startsWith(prefix) ? o.key.slice(prefix.length) : baseName(o.key);
      return { key: o.key, size: o.size, rel: folder === undefined ? rel : `${folder}/${rel}` };
    }),
  );
  const folders: CheckedFolders = new Map();
  return { tasks: placed.map((p) => ({ key: p.key, size: p.size, file: p.file, root, folders })), refused };
}

/**
 * One file uploaded, its modification time kept in the object's `mtime` metadata as rclone keeps
 * it (so Sync Folder and rclone see it unchanged later). `stamp`: the file as a sync's plan saw it
 * (the upload refuses a file that is no longer so); without it, as it is now.
 */
export async function uploadFile(
  s3: S3Client,
  bucket: string,
  task: FileTask,
  partConcurrency: number,
  signal: AbortSignal,
  onBytes: (loaded: number) => void,
  /** `nhncloud.storage.contentTypes`: the user's type per extension, over the standard table. */
  contentTypes: Record<string, string> = {},
  /** Written down to be resumed if cut off (./pendingUploads.ts); struck out when it ends or is cancelled. */
  journal?: UploadJournal,
  stamp?: FileStamp,
  /**
   * The folder's shared part slots (sharedParts): a multipart file's parts take them, up to all of
   * them; a file the folder sends as one PUT takes one.
   */
  shared?: SharedParts,
): Promise<unknown> {
  const big = task.size >= MULTIPART_THRESHOLD;
  // A resumed upload goes on with its parts, whatever the folder would choose.
  const whole = !!shared && big && shared.whole(task.size) && !journal?.options.resume;
  const rank = shared && big ? shared.slots.nextFile() : 0;
  try {
    const release = whole ? await shared.slots.take(rank, 1, signal) : undefined;
    const done = await upload(s3, {
      bucket,
      key: task.key,
      file: task.file,
      expect: stamp,
      // The time of the file as the upload stat'ed it (the sync plan's, when `stamp` is given).
      metadataFor: (found) => ({ [MTIME_METADATA]: formatMtime(found.mtimeNs) }),
      // By the file's name (a browser then shows notes.txt rather than downloading it).
      contentType: contentTypeFor(task.file, contentTypes),
      signal,
      concurrency: shared && big ? shared.slots.size : partConcurrency,
      sharedParts: shared && big && !whole ? { slots: shared.slots, file: rank } : undefined,
      multipartThreshold: whole ? task.size + 1 : undefined,
      onProgress: (p) => onBytes(p.loaded),
      ...journal?.options,
    }).finally(release);
    await journal?.ended();
    return done;
  } catch (e) {
    // A cancel aborted the upload: nothing to resume. Any other failure keeps it written down.
    if (isCancelledError(e)) await journal?.ended();
    throw e;
  }
}

/**
 * `partConcurrency`: byte ranges in flight for an object large enough to download in ranges.
 * `expectEtag`: the object as a sync's plan listed it (one replaced since is not written).
 */
export async function downloadFile(
  s3: S3Client,
  bucket: string,
  task: FileTask,
  partConcurrency: number,
  signal: AbortSignal,
  onBytes: (loaded: number) => void,
  expectEtag?: string,
): Promise<DownloadResult> {
  // The folders below the chosen one, made now, each checked to be no link (placeKeys checked
  // when the keys were placed; this is the same check at the moment of writing).
  const { exists } = await prepareLocalFile(task.root ?? dirname(task.file), task.file, undefined, task.folders);
  return download(s3, {
    bucket,
    key: task.key,
    file: task.file,
    fresh: !exists,
    expectEtag,
    signal,
    concurrency: partConcurrency,
    onProgress: (p) => onBytes(p.loaded),
  });
}

/**
 * Runs `run` over the items, at most `limits.small` at once and, of those, at most `limits.large`
 * multipart-sized ones (`size` >= the multipart threshold). Stops taking new items once `signal`
 * aborts. Answers how many finished and the first failure (the others are let finish).
 */
export async function runPool<T extends { size: number }>(
  items: readonly T[],
  limits: PoolLimits,
  signal: AbortSignal,
  run: (item: T, index: number) => Promise<void>,
): Promise<{ done: number; failure?: unknown }> {
  const small = Math.max(1, Math.floor(limits.small));
  const large = Math.max(1, Math.min(small, Math.floor(limits.large)));
  // Every request in flight listens to `signal` (the HTTP client, a wait at the request limit,
  // a multipart upload's own controller): Node's default of 10 listeners would warn of a leak.
  setMaxListeners(Math.max(10, small * 4), signal);
  let next = 0;
  let done = 0;
  let failure: unknown;
  let largeRunning = 0;
  // Workers that found a large item while `large` were running wait here for a slot.
  const waiting: Array<() => void> = [];
  const takeLarge = async () => {
    while (largeRunning >= large) await new Promise<void>((r) => waiting.push(r));
    largeRunning++;
  };
  const releaseLarge = () => {
    largeRunning--;
    waiting.shift()?.();
  };
  const worker = async () => {
    while (next < items.length && !signal.aborted) {
      const i = next++;
      const isLarge = items[i].size >= MULTIPART_THRESHOLD;
      if (isLarge) await takeLarge();
      try {
        if (signal.aborted) return;
        await run(items[i], i);
        done++;
      } catch (e) {
        if (signal.aborted || isCancelledError(e)) return;
        failure ??= e;
      } finally {
        if (isLarge) releaseLarge();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(small, items.length) }, worker));
  return { done, failure };
}
