// Sync Folder's transfers: the plan's uploads, downloads and time fixes as items of the transfer
// engine (the same pool, progress and cancel as Upload and Download). Free of `vscode`. Each item
// goes only while its source is what the plan saw: an upload's file (size and time, and again
// before the upload is committed) and a download's object (its ETag); one that changed is not
// sent and is named in `changed` instead, for the summary to report.
import { stat, utimes } from 'node:fs/promises';
import { isApiError } from '../../client/errors';
import type { S3Client } from '../../client/storage/client';
import { copyObjectAnySize } from '../../client/storage/copy';
import { safeLocalPath } from '../../client/storage/localPath';
import { fileStamp, isSourceChanged } from '../../client/storage/transfer';
import { downloadFile, uploadFile, type TransferItem } from '../folderTransfer';
import type { UploadJournal } from '../pendingUploads';
import { MODIFY_WINDOW_NS, type SyncAction, type SyncSpec } from './plan';
import { dateNs, formatMtime, MTIME_METADATA, parseMtime } from './stamps';

export interface ApplyOptions {
  /** Parts or ranges of one large file at once. */
  partConcurrency: number;
  contentTypes?: Record<string, string>;
  /** A resumable upload's journal (../pendingUploads.ts). */
  journal?: (key: string, file: string) => Promise<UploadJournal | undefined>;
  /** Told of each file or object that changed after the plan and was therefore left alone. */
  onChanged: (action: SyncAction) => void;
}

/**
 * A file's modification time set to `ns`, so that it comes back 0 to 999 ns below it (within
 * MODIFY_WINDOW_NS), and exactly where a double holds it (whole seconds). Node passes seconds as
 * a double (about 0.24 µs apart near 2026), and what libuv does with it depends on its version:
 * 1.46 (Node 20) truncates it to whole microseconds, 1.52 (Node 24) keeps the double's
 * nanoseconds, so aiming at the middle of the microsecond, as
 * this did for the former, landed up to 500 ns above `ns` (a download's file then looked newer
 * than its object). So each way is tried in turn and the file's time read back: `ns` itself (the
 * exact time where a double holds it), `ns` less half the window (always inside it where
 * nanoseconds are kept), then the middle of the microsecond (always inside where they are not).
 */
export async function setFileTime(file: string, ns: bigint): Promise<void> {
  const us = ns / 1000n - (ns < 0n && ns % 1000n !== 0n ? 1n : 0n);
  const seconds = (n: bigint) => Number(n / 1_000_000_000n) + Number(n % 1_000_000_000n) / 1e9;
  const middleOfMicrosecond = Number(us / 1_000_000n) + (Number(us % 1_000_000n) + 0.5) / 1e6;
  const tries = [seconds(ns), seconds(ns - MODIFY_WINDOW_NS / 2n), middleOfMicrosecond];
  for (const s of tries) {
    await utimes(file, s, s);
    const back = (await stat(file, { bigint: true })).mtimeNs;
    if (back <= ns && ns - back < MODIFY_WINDOW_NS) return;
  }
}

/** The copy's `x-amz-copy-source-if-match` refused: the object changed since it was compared. */
const isPreconditionFailed = (e: unknown) => isApiError(e) && (e.status === 412 || e.code === 'PreconditionFailed');

/** The uploads, downloads and time fixes of `actions` (deletions are the caller's: they go after these). */
export function syncItems(s3: S3Client, spec: SyncSpec, actions: SyncAction[], opts: ApplyOptions): TransferItem[] {
  const keyOf = (a: SyncAction) => a.remote?.key ?? spec.prefix + a.rel;
  const fileOf = (a: SyncAction) => a.local?.file ?? safeLocalPath(spec.folder, a.rel);
  /** Runs `fn`; a source that changed meanwhile is reported, not failed. */
  const guarded = (a: SyncAction, fn: () => Promise<void>) =>
    fn().catch((e: unknown) => {
      if (!isSourceChanged(e) && !isPreconditionFailed(e)) throw e;
      opts.onChanged(a);
    });
  /** What one action does as a transfer item (deletions are the caller's). */
  const work = (a: SyncAction): TransferItem['run'] | undefined => {
    const key = keyOf(a);
    const file = fileOf(a);
    // A download's folders are checked again as it writes (prepareLocalFile: no link below the folder).
    const task = { key, file, size: a.size, root: spec.folder };
    switch (a.op) {
      case 'upload':
        return async (signal, onBytes) => {
          const l = a.local!;
          await uploadFile(
            s3,
            spec.bucket,
            task,
            opts.partConcurrency,
            signal,
            onBytes,
            opts.contentTypes,
            await opts.journal?.(key, file),
            { size: l.size, mtimeNs: l.mtimeNs },
          );
        };
      case 'download':
        return async (signal, onBytes) => {
          const got = await downloadFile(s3, spec.bucket, task, opts.partConcurrency, signal, onBytes, a.remote!.etag);
          // The file gets the object's time, as rclone does: the next pass finds them alike.
          const t = parseMtime(got.metadata[MTIME_METADATA]) ?? dateNs(got.lastModified);
          if (t !== undefined) await setFileTime(file, t);
        };
      case 'touch-remote':
        return async (signal) => {
          // A copy onto itself with the new time, every other header and metadata kept, and
          // only while the object is the one compared (its ETag).
          const info = await s3.headObject(spec.bucket, key, { signal });
          if (info.etag !== a.remote!.etag) return opts.onChanged(a);
          const { size: _size, etag: _etag, lastModified: _lm, ...headers } = info;
          await copyObjectAnySize(s3, {
            from: { bucket: spec.bucket, key },
            to: { bucket: spec.bucket, key },
            source: info,
            ifMatch: info.etag,
            replace: { ...headers, metadata: { ...info.metadata, [MTIME_METADATA]: formatMtime(a.mtimeNs!) } },
            concurrency: opts.partConcurrency,
            signal,
          });
        };
      case 'touch-local':
        return async () => {
          const now = await fileStamp(file);
          if (now.size !== a.local!.size || now.mtimeNs !== a.local!.mtimeNs) return opts.onChanged(a);
          await setFileTime(file, a.mtimeNs!);
        };
      default:
        return undefined;
    }
  };
  const items: TransferItem[] = [];
  for (const a of actions) {
    const run = work(a);
    if (run)
      items.push({
        label: a.rel,
        size: a.op === 'upload' || a.op === 'download' ? a.size : 0,
        run: (signal, onBytes) => guarded(a, () => run(signal, onBytes)),
      });
  }
  return items;
}
