// Uploads (files, folders) and downloads (objects, folders, buckets): streamed by the client's
// upload()/download() (multipart from 8 MB; in an upload of many files, one PUT per file below
// 64 MB while enough are left: ../folderTransfer.ts sharedParts), shown as a cancellable
// notification with bytes done, total and rate. Files below 8 MB go `nhncloud.storage.smallFileConcurrency` at a time,
// multipart ones `nhncloud.storage.transferConcurrency` at a time (../folderTransfer.ts, the
// engine the benchmark drives too). Several transfers may run at once: each command has its own
// notification and AbortController.
import { contentTypeOverrides } from '../objectFs';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';
import { defaultSaveFolder, defaultSaveUri, offerOpenOrReveal } from '../../shared/localFiles';
import { CancelledError, isApiError } from '../../client/errors';
import type { S3Client } from '../../client/storage/client';
import { placeKeys, safeLocalPath } from '../../client/storage/localPath';
import type { CommandHandler } from '../../shared/services';
import { action, askAction, confirm, pickMany } from '../../shared/prompts';
import type { Region } from '../../client/endpoints';
import { MULTIPART_THRESHOLD } from '../../client/storage/transfer';
import { discardUpload, resumeProblem, type PendingUpload, type PendingUploads } from '../pendingUploads';
import { storageIds } from '../tree/ids';
import {
  downloadFile,
  folderUploadTasks,
  listPrefix,
  prefixDownloadTasks,
  runPool,
  sharedParts,
  uploadFile,
  type DownloadPlan,
  type FileTask,
  type PoolLimits,
  type SharedParts,
  type TransferItem,
} from '../folderTransfer';
import { asPrefix, baseName, formatRate, formatSize, keyForUpload } from '../keys';
import { BucketNode, PrefixNode, bucketOf, storageRoot, type StorageDeps } from '../tree/nodes';
import { bucketFrom, concurrency, poolLimits, objectNodes, type BucketTarget } from './targets';
import { plural } from '../../shared/l10n';
import { reportRefused } from '../refusedKeys';
import { withListing } from '../listingProgress';

export type { TransferItem } from '../folderTransfer';

/**
 * Runs the items under one cancellable notification ("12.0 MB of 20.0 MB · 8.1 MB/s"), small
 * and multipart files each up to their limit at once (runPool). While `s3` waits at the storage
 * account's request limit (HTTP 429, SlowDown) the notification says so instead of failing.
 * Resolves with the number done; rejects with CancelledError when cancelled, or with the first
 * failure after the others finished.
 */
export async function runTransfers(
  title: string,
  s3: S3Client,
  items: TransferItem[],
  limits: PoolLimits,
): Promise<number> {
  const total = items.reduce((s, i) => s + i.size, 0);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const ac = new AbortController();
      token.onCancellationRequested(() => ac.abort());
      const loaded = new Array<number>(items.length).fill(0);
      const started = Date.now();
      let reported = 0;
      let files = 0;
      let lastReport = 0;
      /** Until when a request of this client waits at the request limit. */
      let limitedUntil = 0;
      const report = (force = false) => {
        const now = Date.now();
        if (!force && now - lastReport < 200) return;
        lastReport = now;
        const bytes = loaded.reduce((s, n) => s + n, 0);
        const pct = total ? (bytes / total) * 100 : (files / Math.max(1, items.length)) * 100;
        const many = items.length > 1;
        const message =
          now < limitedUntil
            ? many
              ? plural(
                  items.length,
                  vscode.l10n.t(
                    '{0} of {1} · {2}/{3} file · the storage account is at its request limit, retrying',
                    formatSize(bytes),
                    formatSize(total),
                    files,
                    items.length,
                  ),
                  vscode.l10n.t(
                    '{0} of {1} · {2}/{3} files · the storage account is at its request limit, retrying',
                    formatSize(bytes),
                    formatSize(total),
                    files,
                    items.length,
                  ),
                )
              : vscode.l10n.t(
                  '{0} of {1} · the storage account is at its request limit, retrying',
                  formatSize(bytes),
                  formatSize(total),
                )
            : many
              ? plural(
                  items.length,
                  vscode.l10n.t(
                    '{0} of {1} · {2}/{3} file · {4}',
                    formatSize(bytes),
                    formatSize(total),
                    files,
                    items.length,
                    formatRate(bytes, now - started),
                  ),
                  vscode.l10n.t(
                    '{0} of {1} · {2}/{3} files · {4}',
                    formatSize(bytes),
                    formatSize(total),
                    files,
                    items.length,
                    formatRate(bytes, now - started),
                  ),
                )
              : vscode.l10n.t(
                  '{0} of {1} · {2}',
                  formatSize(bytes),
                  formatSize(total),
                  formatRate(bytes, now - started),
                );
        progress.report({ increment: Math.max(0, pct - reported), message });
        reported = Math.max(reported, pct);
      };
      const unwatch = s3.watchRequestLimit((e) => {
        limitedUntil = Math.max(limitedUntil, Date.now() + e.delayMs);
        report(true);
      });
      const { failure } = await runPool(items, limits, ac.signal, async (item, i) => {
        await item.run(ac.signal, (n) => {
          loaded[i] = n;
          report();
        });
        loaded[i] = item.size;
        files++;
        report(true);
      }).finally(unwatch);
      if (ac.signal.aborted) throw new CancelledError(vscode.l10n.t('{0}: cancelled', title));
      if (failure) throw failure;
      return files;
    },
  );
}

/**
 * A file to upload. With `pending`, a multipart-sized one is written down while it runs so that,
 * cut off, it can be resumed (`resume`: the upload written down that this one goes on with).
 */
function uploadItem(
  s3: S3Client,
  bucket: string,
  task: FileTask,
  pending?: { store: PendingUploads; profileId: string; region: string; resume?: PendingUpload },
  /** The part slots the files of one upload share, and which files go as one PUT (sharedParts). */
  shared?: SharedParts,
): TransferItem {
  return {
    label: task.key,
    size: task.size,
    run: async (signal, onBytes) => {
      const journal =
        pending && task.size >= MULTIPART_THRESHOLD
          ? await pending.store.journal(
              { profileId: pending.profileId, region: pending.region, bucket, key: task.key, file: task.file },
              pending.resume,
            )
          : undefined;
      await uploadFile(
        s3,
        bucket,
        task,
        concurrency(),
        signal,
        onBytes,
        contentTypeOverrides(),
        journal,
        undefined,
        shared,
      );
    },
  };
}

/**
 * Uploads `tasks` into the bucket of `t` under one notification (runTransfers), each
 * multipart-sized file written down to be resumed if cut off; then refreshes the folder of `t` and
 * says how many files landed in `where`. Upload Files, Upload Folder and a drop on the tree
 * (./dragDrop.ts) all upload through here.
 */
export async function uploadTo(
  deps: StorageDeps,
  pending: PendingUploads,
  t: BucketTarget,
  tasks: FileTask[],
  title: string,
  where: string,
): Promise<number> {
  const journal = { store: pending, profileId: t.profileId, region: t.region };
  // The multipart files share their part uploads (the next file's parts go while one completes);
  // while many are left, a file below 64 MiB goes as one PUT instead.
  const shared = sharedParts(poolLimits(), concurrency(), tasks);
  const items = tasks.map((task) => uploadItem(t.s3, t.bucket, task, journal, shared));
  const n = await runTransfers(title, t.s3, items, shared.limits);
  deps.explorer.refreshId(t.folderId);
  void vscode.window.showInformationMessage(
    plural(
      n,
      vscode.l10n.t('Uploaded {0} file to {1}.', n, where),
      vscode.l10n.t('Uploaded {0} files to {1}.', n, where),
    ),
  );
  return n;
}

function downloadItem(s3: S3Client, bucket: string, task: FileTask): TransferItem {
  return {
    label: task.key,
    size: task.size,
    run: (signal, onBytes) => downloadFile(s3, bucket, task, concurrency(), signal, onBytes).then(() => undefined),
  };
}

/**
 * One object to a file the person names (a save dialog unless `dest` is given), with progress
 * and cancel; the path written, or undefined when the dialog was dismissed.
 */
export async function downloadObject(
  s3: S3Client,
  bucket: string,
  o: { key: string; size: number },
  dest?: vscode.Uri,
): Promise<string | undefined> {
  const target =
    dest ??
    (await vscode.window.showSaveDialog({
      defaultUri: defaultSaveUri(baseName(o.key)),
      title: vscode.l10n.t('Download {0}', o.key),
      saveLabel: vscode.l10n.t('Download'),
    }));
  if (!target) return undefined;
  // The name is the user's (exact); what is on disk under it must be no link and no folder.
  const folder = dirname(target.fsPath);
  const { placed, refused } = await placeKeys(folder, [{ key: o.key, rel: basename(target.fsPath), size: o.size }], {
    exact: true,
    caseInsensitive: false,
  });
  if (!placed.length) {
    void reportRefused(refused, folder, 'download');
    return undefined;
  }
  await runTransfers(
    vscode.l10n.t('Downloading {0}', baseName(o.key)),
    s3,
    [downloadItem(s3, bucket, { key: o.key, file: placed[0].file, size: o.size })],
    { small: 1, large: 1 },
  );
  void offerReveal(target, 1, false);
  return target.fsPath;
}

export function transferCommands(deps: StorageDeps, pending: PendingUploads): Record<string, CommandHandler> {
  /** A written-down upload's file sent as one transfer (going on with its parts, or from its start), then its bucket redrawn. */
  const sendAgain = async (s3: S3Client, p: PendingUpload, size: number, title: string, resume = false) => {
    const journal = { store: pending, profileId: p.profileId, region: p.region, ...(resume ? { resume: p } : {}) };
    await runTransfers(title, s3, [uploadItem(s3, p.bucket, { key: p.key, file: p.file, size }, journal)], {
      small: 1,
      large: 1,
    });
    deps.explorer.refreshId(storageIds.bucket(storageIds.root(p.profileId, p.region as Region), p.bucket));
  };
  return {
    /** Upload files; `files` (third argument) skips the dialog (scenarios, drag and drop). */
    'nhncloud.storage.upload': async (node?: unknown, _nodes?: unknown, files?: vscode.Uri[]) => {
      const t = await bucketFrom(node, deps, vscode.l10n.t('Upload Files'));
      const picked =
        files ??
        (await vscode.window.showOpenDialog({
          canSelectFiles: true,
          canSelectMany: true,
          title: vscode.l10n.t('Upload to {0}/{1}', t.bucket, t.prefix),
          openLabel: vscode.l10n.t('Upload'),
        }));
      if (!picked?.length) return;
      const tasks = await Promise.all(
        picked.map(async (u) => ({
          key: keyForUpload(t.prefix, basename(u.fsPath)),
          file: u.fsPath,
          size: (await stat(u.fsPath)).size,
        })),
      );
      const what =
        tasks.length === 1
          ? vscode.l10n.t('Uploading {0} to {1}', basename(picked[0].fsPath), t.bucket)
          : plural(
              tasks.length,
              vscode.l10n.t('Uploading {0} file to {1}', tasks.length, t.bucket),
              vscode.l10n.t('Uploading {0} files to {1}', tasks.length, t.bucket),
            );
      await uploadTo(deps, pending, t, tasks, what, `${t.bucket}/${t.prefix}`);
      return tasks.map((task) => task.key);
    },
    'nhncloud.storage.uploadFolder': async (node?: unknown, _nodes?: unknown, folder?: vscode.Uri) => {
      const t = await bucketFrom(node, deps, vscode.l10n.t('Upload Folder'));
      const dir =
        folder ??
        (
          await vscode.window.showOpenDialog({
            canSelectFolders: true,
            canSelectFiles: false,
            title: vscode.l10n.t('Upload a folder to {0}/{1}', t.bucket, t.prefix),
            openLabel: vscode.l10n.t('Upload Folder'),
          })
        )?.[0];
      if (!dir) return;
      const base = keyForUpload(t.prefix, basename(dir.fsPath));
      const tasks = await folderUploadTasks(dir.fsPath, base);
      if (!tasks.length) throw new Error(vscode.l10n.t('{0} holds no file to upload.', dir.fsPath));
      await uploadTo(
        deps,
        pending,
        t,
        tasks,
        plural(
          tasks.length,
          vscode.l10n.t('Uploading {0} ({1} file) to {2}', basename(dir.fsPath), tasks.length, t.bucket),
          vscode.l10n.t('Uploading {0} ({1} files) to {2}', basename(dir.fsPath), tasks.length, t.bucket),
        ),
        `${t.bucket}/${asPrefix(base)}`,
      );
    },
    /** Uploads cut off before they finished (written down while they ran): resumed or discarded. */
    'nhncloud.storage.resumeUploads': async () => {
      const list = pending.list();
      if (!list.length) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No upload was cut off: there is nothing to resume.'));
        return;
      }
      const chosen = await pickMany(
        list.map((p) => ({
          p,
          label: baseName(p.key),
          description: [`${p.bucket}/${p.key}`, p.region].join(' · '),
          detail: plural(
            p.parts,
            vscode.l10n.t('{0} of {1} part sent · from {2}', p.partsDone, p.parts, p.file),
            vscode.l10n.t('{0} of {1} parts sent · from {2}', p.partsDone, p.parts, p.file),
          ),
          picked: true,
        })),
        {
          title: vscode.l10n.t('Resume Uploads'),
          placeHolder: vscode.l10n.t('Uploads cut off before they finished: the ones picked are resumed'),
        },
      );
      for (const { p } of chosen) {
        if (p.profileId !== deps.services.profiles.active()?.id) {
          // Made with another profile: its keys and endpoints are that profile's. Offered as one
          // step (issue 63: the warning said to switch and offered nothing).
          const owner = deps.services.profiles.list().find((x) => x.id === p.profileId);
          if (!owner) {
            void vscode.window.showWarningMessage(
              vscode.l10n.t(
                '{0} was uploaded with a profile that was removed since: it cannot be resumed. Discard it with "Discard Cut-Off Uploads...".',
                p.key,
              ),
            );
            continue;
          }
          const answer = await askAction(
            'warning',
            vscode.l10n.t('{0} was uploaded with the profile {1}, which is not the active one.', p.key, owner.name),
            {},
            action('switch', vscode.l10n.t('Make {0} Active and Resume', owner.name)),
          );
          if (answer !== 'switch') continue;
          await deps.services.profiles.setActive(owner.id);
        }
        const s3 = await deps.services.clients.s3(p.region as Region);
        const problem = await resumeProblem(p);
        if (problem) {
          // The parts on the server are of another file now: dropped, never completed into an object.
          await discardUpload(pending, s3, p);
          // A file that is still there (changed) can be sent again from its start.
          const now = await stat(p.file).catch(() => undefined);
          const again = now?.isFile()
            ? await askAction('warning', problem, {}, action('again', vscode.l10n.t('Upload Again')))
            : (void vscode.window.showWarningMessage(problem), undefined);
          if (again === 'again' && now) {
            await sendAgain(s3, p, now.size, vscode.l10n.t('Uploading {0} to {1}', baseName(p.key), p.bucket));
            void vscode.window.showInformationMessage(vscode.l10n.t('Uploaded {0} to {1}.', baseName(p.key), p.bucket));
          }
          continue;
        }
        try {
          await sendAgain(
            s3,
            p,
            p.size,
            vscode.l10n.t('Resuming the upload of {0} to {1}', baseName(p.key), p.bucket),
            true,
          );
        } catch (e) {
          // The server no longer holds it (aborted there, expired, or a sandbox that lost it):
          // nothing to go on with, but the file is unchanged and can be sent from its start.
          if (!(isApiError(e) && e.status === 404)) throw e;
          await pending.remove(p.uploadId);
          const again = await askAction(
            'warning',
            vscode.l10n.t('The server no longer holds the upload of {0}: its parts are gone.', p.key),
            {},
            action('again', vscode.l10n.t('Upload Again')),
          );
          if (again === 'again') {
            await sendAgain(s3, p, p.size, vscode.l10n.t('Uploading {0} to {1}', baseName(p.key), p.bucket));
            void vscode.window.showInformationMessage(vscode.l10n.t('Uploaded {0} to {1}.', baseName(p.key), p.bucket));
          }
          continue;
        }
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Uploaded {0} to {1}: resumed.', baseName(p.key), p.bucket),
        );
      }
    },
    'nhncloud.storage.discardUploads': async () => {
      const list = pending.list();
      if (!list.length) return;
      await confirm(
        plural(
          list.length,
          vscode.l10n.t('Discard {0} upload that was cut off?', list.length),
          vscode.l10n.t('Discard {0} uploads that were cut off?', list.length),
        ),
        vscode.l10n.t('Discard'),
        vscode.l10n.t('Their parts are deleted from the server; the files on this computer stay.'),
      );
      const active = deps.services.profiles.active()?.id;
      for (const p of list)
        await discardUpload(
          pending,
          p.profileId === active
            ? await deps.services.clients.s3(p.region as Region).catch(() => undefined)
            : undefined,
          p,
        );
    },
    'nhncloud.storage.download': async (node?: unknown, nodes?: unknown, dest?: vscode.Uri) => {
      const objects = objectNodes(node, nodes);
      if (objects.length === 1 && !(node instanceof PrefixNode || node instanceof BucketNode)) {
        const o = objects[0];
        return downloadObject(await storageRoot(o).client(), o.bucket, { key: o.key, size: o.entry.size }, dest);
      }
      // A folder, a bucket, or several objects: into a local folder, keeping the key structure.
      let s3: S3Client;
      let bucket: string;
      let from = '';
      // placeKeys (through prefixDownloadTasks): whatever the keys (`..`, device names, links in
      // the chosen folder, two keys on one file), files land inside the chosen folder or are listed.
      let plan: (chosen: string) => Promise<DownloadPlan>;
      let count: number;
      if (node instanceof PrefixNode || node instanceof BucketNode) {
        s3 = await storageRoot(node).client();
        bucket = node.bucket;
        from = node.prefix;
        // Cancellable: a listing the server keeps going stops when the user says so.
        const listed = await withListing(vscode.l10n.t('Listing {0}/{1}', bucket, from), (signal, onListed) =>
          listPrefix(s3, bucket, from, signal, onListed),
        );
        count = listed.length;
        // Below a folder of the prefix's (or the bucket's) own name.
        const own = node instanceof PrefixNode ? baseName(from) : bucket;
        plan = async (chosen) => prefixDownloadTasks(listed, from, chosen, own);
      } else if (objects.length) {
        s3 = await storageRoot(objects[0]).client();
        bucket = bucketOf(objects[0]).bucket;
        count = objects.length;
        // Side by side by their own names (two of the same name are listed, not written over).
        plan = async (chosen) => {
          const { placed, refused } = await placeKeys(
            chosen,
            objects.map((o) => ({ key: o.key, size: o.entry.size, rel: baseName(o.key) })),
          );
          return { tasks: placed.map((p) => ({ key: p.key, size: p.size, file: p.file, root: chosen })), refused };
        };
      } else {
        throw new Error(vscode.l10n.t('Run "Download" on objects, a folder or a bucket in the NHN Cloud explorer.'));
      }
      if (!count) throw new Error(vscode.l10n.t('Nothing to download: {0}/{1} holds no object.', bucket, from));
      const folder =
        dest ??
        (
          await vscode.window.showOpenDialog({
            canSelectFolders: true,
            canSelectFiles: false,
            defaultUri: vscode.Uri.file(defaultSaveFolder()),
            title: plural(
              count,
              vscode.l10n.t('Download {0} object from {1}/{2}', count, bucket, from),
              vscode.l10n.t('Download {0} objects from {1}/{2}', count, bucket, from),
            ),
            openLabel: vscode.l10n.t('Download Here'),
          })
        )?.[0];
      if (!folder) return;
      const root =
        node instanceof PrefixNode
          ? safeLocalPath(folder.fsPath, baseName(from))
          : node instanceof BucketNode
            ? safeLocalPath(folder.fsPath, bucket)
            : folder.fsPath;
      const { tasks: targets, refused } = await plan(folder.fsPath);
      void reportRefused(refused, root, 'download');
      if (!targets.length) return root;
      const existing = targets.filter((x) => existsSync(x.file)).length;
      if (existing)
        await confirm(
          existing === 1
            ? plural(
                targets.length,
                vscode.l10n.t('{0} of {1} file is already in {2}. Replace it?', existing, targets.length, root),
                vscode.l10n.t('{0} of {1} files is already in {2}. Replace it?', existing, targets.length, root),
              )
            : // More than one exists, so there are more than one: "of 1 file" cannot be.
              // eslint-disable-next-line nhncloud/counts-plural
              vscode.l10n.t('{0} of {1} files are already in {2}. Replace them?', existing, targets.length, root),
          vscode.l10n.t('Replace'),
        );
      const total = targets.reduce((s, o) => s + o.size, 0);
      const n = await runTransfers(
        plural(
          targets.length,
          vscode.l10n.t('Downloading {0} object ({1}) from {2}', targets.length, formatSize(total), bucket),
          vscode.l10n.t('Downloading {0} objects ({1}) from {2}', targets.length, formatSize(total), bucket),
        ),
        s3,
        targets.map((x) => downloadItem(s3, bucket, x)),
        poolLimits(),
      );
      void offerReveal(vscode.Uri.file(root), n, true);
      return root;
    },
  };
}

function offerReveal(uri: vscode.Uri, n: number, folder: boolean): Promise<void> {
  return offerOpenOrReveal(
    plural(
      n,
      vscode.l10n.t('Downloaded {0} file to {1}.', n, uri.fsPath),
      vscode.l10n.t('Downloaded {0} files to {1}.', n, uri.fsPath),
    ),
    uri,
    !folder,
  );
}
