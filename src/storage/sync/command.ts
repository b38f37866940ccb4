// Sync Folder... and the remembered pairs (issue 30, item 1): pick a folder, a direction and how
// changes are found; the plan (./plan.ts) is shown as a preview, every file checked, with why it
// differs and its size; what stays checked goes through the transfer engine (./apply.ts and
// runTransfers: the same progress and cancel as Upload and Download); deletions come last and
// only after a confirmation that names their count. The pair is remembered for the workspace and
// can be run again from the tree (Sync Pairs under Object Storage) or the palette.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { CancelledError } from '../../client/errors';
import { MULTIPART_THRESHOLD } from '../../client/storage/transfer';
import { plural } from '../../shared/l10n';
import { action, ask, askAction, confirm, pick, pickManyTallied } from '../../shared/prompts';
import type { CommandHandler } from '../../shared/services';
import { deleteKeys } from '../bulkObjects';
import { runTransfers } from '../commands/transfers';
import { bucketFrom, concurrency, poolLimits, type BucketTarget } from '../commands/targets';
import { asPrefix, formatSize, keyProblem } from '../keys';
import { contentTypeOverrides } from '../objectFs';
import type { PendingUploads } from '../pendingUploads';
import { storageIds } from '../tree/ids';
import { BucketNode, ObjectNode, PrefixNode, type StorageDeps } from '../tree/nodes';
import { reportRefused } from '../refusedKeys';
import { syncItems } from './apply';
import type { SyncPair, SyncPairs } from './pairs';
import {
  planSync,
  stampsAfter,
  SYNC_DIRECTIONS,
  type ChangeDetection,
  type SyncAction,
  type SyncDirection,
  type SyncPlan,
} from './plan';
import { DIRECTION_ARROW, directionLabel, pairTitle, SyncPairNode } from './tree';

type Row = vscode.QuickPickItem & { action?: SyncAction };

function directionDetail(d: SyncDirection): string {
  switch (d) {
    case 'upload':
      return vscode.l10n.t('Files new or changed in the folder go to the bucket. Nothing is deleted.');
    case 'download':
      return vscode.l10n.t('Objects new or changed in the bucket come to the folder. Nothing is deleted.');
    case 'mirror-up':
      return vscode.l10n.t('The bucket prefix becomes a copy of the folder: objects the folder lacks are deleted.');
    case 'mirror-down':
      return vscode.l10n.t('The folder becomes a copy of the bucket prefix: files the bucket lacks are deleted.');
    case 'both':
      return vscode.l10n.t(
        'Each side gets what it lacks; of two different copies the later modified wins. Nothing is deleted.',
      );
  }
}

/** Why a row is in the preview, as a whole sentence. */
function reason(a: SyncAction): string {
  switch (a.why) {
    case 'new':
      return a.op === 'upload' ? vscode.l10n.t('new in the folder') : vscode.l10n.t('new in the bucket');
    case 'size':
      return a.op === 'upload'
        ? vscode.l10n.t('size {0} here, {1} in the bucket', formatSize(a.local!.size), formatSize(a.remote!.size))
        : vscode.l10n.t('size {0} in the bucket, {1} here', formatSize(a.remote!.size), formatSize(a.local!.size));
    case 'time':
      return vscode.l10n.t('modified at another time, no checksum to compare');
    case 'content':
      return vscode.l10n.t('same size, different content (MD5)');
    case 'extra':
      return a.op === 'delete-remote' ? vscode.l10n.t('not in the folder') : vscode.l10n.t('not in the bucket');
    case 'same-bytes':
      return vscode.l10n.t('same bytes, only the modification time is set');
  }
}

function groupTitle(op: SyncAction['op'], n: number, bytes: number): string {
  const size = formatSize(bytes);
  switch (op) {
    case 'upload':
      return vscode.l10n.t('To upload: {0} ({1})', n, size);
    case 'download':
      return vscode.l10n.t('To download: {0} ({1})', n, size);
    case 'delete-remote':
      return vscode.l10n.t('To delete from the bucket: {0} ({1})', n, size);
    case 'delete-local':
      return vscode.l10n.t('To delete from the folder: {0} ({1})', n, size);
    case 'touch-remote':
    case 'touch-local':
      return vscode.l10n.t('Modification time only: {0}', n);
  }
}

const GROUP_ORDER: Array<SyncAction['op']> = [
  'upload',
  'download',
  'touch-remote',
  'touch-local',
  'delete-remote',
  'delete-local',
];

/** What the preview's checked rows would do: copies and their size, deletions, and the files in step. */
export function previewTally(checked: readonly SyncAction[], unchanged: number): string {
  const sends = checked.filter((a) => a.op === 'upload' || a.op === 'download');
  const deletes = checked.filter((a) => a.op === 'delete-remote' || a.op === 'delete-local').length;
  return vscode.l10n.t(
    '{0} to copy ({1}), {2} to delete, {3} unchanged',
    sends.length,
    formatSize(sends.reduce((s, a) => s + a.size, 0)),
    deletes,
    unchanged,
  );
}

/** The preview: every action checked under its group; the ones left checked are returned. */
async function preview(plan: SyncPlan, title: string): Promise<SyncAction[]> {
  const rows: Row[] = [];
  for (const op of GROUP_ORDER) {
    const group = plan.actions.filter((a) => a.op === op);
    if (!group.length) continue;
    rows.push({
      label: groupTitle(
        op,
        group.length,
        group.reduce((s, a) => s + a.size, 0),
      ),
      kind: vscode.QuickPickItemKind.Separator,
    });
    for (const a of group)
      rows.push({
        label: a.rel,
        description: a.size ? `${formatSize(a.size)} · ${reason(a)}` : reason(a),
        picked: true,
        action: a,
      });
  }
  const chosen = await pickManyTallied(rows, {
    title: vscode.l10n.t('{0}: uncheck what to leave as it is, then press Enter', title),
    tally: (checked) =>
      previewTally(
        checked.flatMap((r) => (r.action ? [r.action] : [])),
        plan.unchanged,
      ),
    matchOnDescription: true,
  });
  return chosen.flatMap((r) => (r.action ? [r.action] : []));
}

export function syncCommands(
  deps: StorageDeps,
  pairs: SyncPairs,
  pending: PendingUploads,
): Record<string, CommandHandler> {
  /** Runs one pass of a pair: plan, preview, transfers, deletions, summary. */
  const runPair = async (t: BucketTarget, pair: Omit<SyncPair, 'id'> & { id?: string }) => {
    const title = vscode.l10n.t(
      'Sync {0}',
      `${basename(pair.folder)} ${DIRECTION_ARROW[pair.direction]} ${pair.bucket}/${pair.prefix}`,
    );
    // A folder that is gone (deleted, an unmounted drive) must not read as an empty one: a mirror
    // onto the bucket would then offer to delete every object.
    if (pair.direction !== 'download' && pair.direction !== 'mirror-down' && !existsSync(pair.folder))
      throw new Error(vscode.l10n.t('{0} is not there: nothing was compared or sent.', pair.folder));
    const known = pair.id ? await pairs.stamps(pair.id) : new Map();
    const plan = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        const ac = new AbortController();
        token.onCancellationRequested(() => ac.abort(new CancelledError()));
        let last = 0;
        return planSync(t.s3, pair, {
          signal: ac.signal,
          known,
          onProgress: (p) => {
            const now = Date.now();
            if (now - last < 200) return;
            last = now;
            progress.report({
              message:
                p.phase === 'list'
                  ? plural(
                      p.done,
                      vscode.l10n.t('listing: {0} object', p.done),
                      vscode.l10n.t('listing: {0} objects', p.done),
                    )
                  : vscode.l10n.t('comparing: {0} of {1}', p.done, p.total),
            });
          },
        });
      },
    );
    /** The pair remembered (once it is run, or found in step), with what this pass learnt. */
    const remember = async (lastRun?: SyncPair['lastRun'], stamps = plan.stamps) => {
      const saved = await pairs.save({ ...pair, ...(lastRun ? { lastRun } : {}) });
      await pairs.saveStamps(saved.id, stamps);
      deps.explorer.refreshId(t.rootId);
      return saved;
    };
    // The keys placeKeys refused (a link in the folder, two keys on one file...): listed, left alone.
    void reportRefused(plan.refused, pair.folder, 'sync');
    if (!plan.actions.length) {
      const saved = await remember();
      void vscode.window.showInformationMessage(
        plural(
          plan.unchanged,
          vscode.l10n.t('{0}: already in step ({1} file unchanged).', pairTitle(saved), plan.unchanged),
          vscode.l10n.t('{0}: already in step ({1} files unchanged).', pairTitle(saved), plan.unchanged),
        ),
      );
      return;
    }
    const chosen = await preview(plan, title);
    if (!chosen.length) throw new CancelledError();
    let saved = await remember();
    const remoteDeletes = chosen.filter((a) => a.op === 'delete-remote');
    const localDeletes = chosen.filter((a) => a.op === 'delete-local');
    if (remoteDeletes.length)
      await confirm(
        plural(
          remoteDeletes.length,
          vscode.l10n.t(
            'Delete {0} object from {1} that the folder does not have?',
            remoteDeletes.length,
            `${pair.bucket}/${pair.prefix}`,
          ),
          vscode.l10n.t(
            'Delete {0} objects from {1} that the folder does not have?',
            remoteDeletes.length,
            `${pair.bucket}/${pair.prefix}`,
          ),
        ),
        vscode.l10n.t('Delete'),
        vscode.l10n.t('They are deleted after the copies finish. This cannot be undone.'),
      );
    if (localDeletes.length)
      await confirm(
        plural(
          localDeletes.length,
          vscode.l10n.t('Delete {0} file from {1} that the bucket does not have?', localDeletes.length, pair.folder),
          vscode.l10n.t('Delete {0} files from {1} that the bucket does not have?', localDeletes.length, pair.folder),
        ),
        vscode.l10n.t('Delete'),
        vscode.l10n.t('They are deleted after the copies finish. This cannot be undone.'),
      );

    const changed: SyncAction[] = [];
    const items = syncItems(t.s3, pair, chosen, {
      partConcurrency: concurrency(),
      contentTypes: contentTypeOverrides(),
      journal: async (key, file) => {
        const size = chosen.find((a) => a.local?.file === file)?.size ?? 0;
        return size >= MULTIPART_THRESHOLD
          ? pending.journal({ profileId: t.profileId, region: t.region, bucket: t.bucket, key, file })
          : undefined;
      },
      onChanged: (a) => changed.push(a),
    });
    try {
      if (items.length) await runTransfers(title, t.s3, items, poolLimits());
      if (remoteDeletes.length)
        await deleteKeys(
          t.s3,
          t.bucket,
          remoteDeletes.map((a) => a.remote!.key),
        );
      for (const a of localDeletes) await rm(a.local!.file, { force: true });
    } finally {
      deps.explorer.refreshId(t.folderId);
    }
    const sent = chosen.filter((a) => (a.op === 'upload' || a.op === 'download') && !changed.includes(a)).length;
    const deleted = remoteDeletes.length + localDeletes.length;
    const times = chosen.filter((a) => a.op.startsWith('touch') && !changed.includes(a)).length;
    // eslint-disable-next-line nhncloud/one-date-formatter -- stored state, formatted where shown
    saved = await remember({ at: new Date().toISOString(), sent, deleted }, stampsAfter(plan, chosen));
    void vscode.window.showInformationMessage(
      plural(
        times,
        vscode.l10n.t(
          '{0}: {1} copied, {2} deleted, {3} time set, {4} left out, {5} unchanged.',
          pairTitle(saved),
          sent,
          deleted,
          times,
          plan.actions.length - chosen.length,
          plan.unchanged,
        ),
        vscode.l10n.t(
          '{0}: {1} copied, {2} deleted, {3} times set, {4} left out, {5} unchanged.',
          pairTitle(saved),
          sent,
          deleted,
          times,
          plan.actions.length - chosen.length,
          plan.unchanged,
        ),
      ),
    );
    if (changed.length)
      void vscode.window.showWarningMessage(
        plural(
          changed.length,
          vscode.l10n.t(
            '{0} file changed during the sync and was not copied: {1}. Run the sync again.',
            changed.length,
            changed[0].rel,
          ),
          vscode.l10n.t(
            '{0} files changed during the sync and were not copied, e.g. {1}. Run the sync again.',
            changed.length,
            changed[0].rel,
          ),
        ),
      );
  };

  /**
   * A remembered pair: the node's, or one picked from the workspace's; undefined when there is
   * none yet (said, with Sync Folder... offered: not an error, nothing was asked of the server).
   */
  const pairFrom = async (arg: unknown): Promise<SyncPair | undefined> => {
    if (arg instanceof SyncPairNode) return arg.pair;
    const all = pairs.list();
    if (!all.length) {
      // Not awaited: the command ends while the notification stays.
      void askAction(
        'info',
        vscode.l10n.t('This workspace has no sync pair yet.'),
        {},
        action('sync', vscode.l10n.t('Sync Folder...')),
      ).then((a) => a === 'sync' && vscode.commands.executeCommand('nhncloud.storage.syncFolder'));
      return undefined;
    }
    return (
      await pick(
        all.map((p) => ({ label: pairTitle(p), description: directionLabel(p.direction), detail: p.folder, p })),
        { title: vscode.l10n.t('Sync pair') },
      )
    ).p;
  };

  /** The bucket target of a remembered pair (its profile's client for its region). */
  const targetOf = async (p: SyncPair): Promise<BucketTarget> => {
    // Clients are the active profile's: a pair of another profile waits until it is active again.
    if (p.profileId !== deps.services.profiles.active()?.id) {
      const name = deps.services.profiles.list().find((x) => x.id === p.profileId)?.name ?? p.profileId;
      throw new Error(
        vscode.l10n.t('{0} syncs with the profile {1}: make it the active profile to run it.', pairTitle(p), name),
      );
    }
    const rootId = storageIds.root(p.profileId, p.region as BucketTarget['region']);
    return {
      region: p.region as BucketTarget['region'],
      s3: await deps.services.clients.s3(p.region as BucketTarget['region']),
      profileId: p.profileId,
      rootId,
      bucket: p.bucket,
      prefix: p.prefix,
      folderId: p.prefix
        ? storageIds.entry(storageIds.bucket(rootId, p.bucket), p.prefix)
        : storageIds.bucket(rootId, p.bucket),
    };
  };

  return {
    'nhncloud.storage.syncFolder': async (node) => {
      const title = vscode.l10n.t('Sync Folder');
      const picked = await bucketFrom(node, deps, title);
      // From the palette a bucket is picked; its prefix is asked (a tree node names its own).
      const t =
        node instanceof BucketNode || node instanceof PrefixNode || node instanceof ObjectNode
          ? picked
          : {
              ...picked,
              prefix: asPrefix(
                await ask({
                  title,
                  prompt: vscode.l10n.t('The prefix in {0} to keep in step (empty: the whole bucket)', picked.bucket),
                  validate: (v) => (v.trim() ? keyProblem(asPrefix(v.trim())) : undefined),
                }),
              ),
            };
      const folders = await vscode.window.showOpenDialog({
        canSelectFolders: true,
        canSelectFiles: false,
        canSelectMany: false,
        defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
        openLabel: vscode.l10n.t('Sync with {0}', `${t.bucket}/${t.prefix}`),
        title: vscode.l10n.t('The folder to keep in step with {0}', `${t.bucket}/${t.prefix}`),
      });
      if (!folders?.length) throw new CancelledError();
      const direction = (
        await pick(
          SYNC_DIRECTIONS.map((d) => ({
            label: `${DIRECTION_ARROW[d]} ${directionLabel(d)}`,
            detail: directionDetail(d),
            d,
          })),
          {
            title,
            placeHolder: vscode.l10n.t(
              'How {0} and {1} are kept in step',
              basename(folders[0].fsPath),
              `${t.bucket}/${t.prefix}`,
            ),
          },
        )
      ).d;
      const detection = (
        await pick(
          [
            {
              label: vscode.l10n.t('Size and modification time'),
              detail: vscode.l10n.t('As rclone does by default: fast, reads no file whose size and time match.'),
              m: 'size-time' as ChangeDetection,
            },
            {
              label: vscode.l10n.t('Checksum (MD5)'),
              detail: vscode.l10n.t('Reads every file of the same size as its object to compare contents.'),
              m: 'checksum' as ChangeDetection,
            },
          ],
          { title, placeHolder: vscode.l10n.t('How changes are found') },
        )
      ).m;
      await runPair(t, {
        folder: folders[0].fsPath,
        bucket: t.bucket,
        prefix: t.prefix,
        direction,
        detection,
        profileId: t.profileId,
        region: t.region,
      });
    },
    'nhncloud.storage.runSyncPair': async (node) => {
      const p = await pairFrom(node);
      if (p) await runPair(await targetOf(p), p);
    },
    'nhncloud.storage.forgetSyncPair': async (node) => {
      const p = await pairFrom(node);
      if (!p) return;
      await pairs.remove(p.id);
      deps.explorer.refreshId(storageIds.root(p.profileId, p.region as BucketTarget['region']));
    },
  };
}
