// Rename, Copy, Cut and Paste of objects and folders in the tree. S3 has no rename or move: each
// object is copied server-side (any size: multipart from `nhncloud.storage.multipartCopyThresholdMB`,
// see src/client/storage/copy.ts), and for a rename or a move its original is deleted once the
// copy exists, so a cancel midway loses nothing (what was moved is moved, the rest is in place).
// Progress and cancel come from runTransfers, as for uploads and downloads. Dragging objects onto
// a folder of the tree (./dragDrop.ts) goes through the same steps as Paste.
import * as vscode from 'vscode';
import { CancelledError } from '../../client/errors';
import type { CommandHandler } from '../../shared/services';
import { action, ask, askAction } from '../../shared/prompts';
import { asPrefix, baseName, keyProblem, parentPrefix } from '../keys';
import { copyPlanned, planFolderCopy, type CopyPlanItem } from '../bulkObjects';
import type { ObjectFileSystem } from '../objectFs';
import { BucketNode, ObjectNode, PrefixNode, bucketOf, storageRoot, type StorageDeps } from '../tree/nodes';
import { bucketFrom, concurrency, type BucketTarget } from './targets';
import { runTransfers } from './transfers';
import { withListing } from '../listingProgress';
import { plural } from '../../shared/l10n';

/** What Copy or Cut put aside for Paste (or what was dragged): objects and folders of one bucket. */
export interface Clipboard {
  mode: 'copy' | 'move';
  rootId: string;
  bucket: string;
  /** Tree ids of the folders they came from (refreshed after a move). */
  parentIds: string[];
  objects: Array<{ key: string; size: number }>;
  prefixes: string[];
}

/** Context key: `copy`, `move` or '' (the Paste menu item shows when something is put aside). */
const CLIPBOARD_CONTEXT = 'nhncloud.storage.clipboard';

export type Selected = ObjectNode | PrefixNode;

/** The objects and folders of a (multi-)selection, all of one bucket; an error when there are none. */
export function selection(node: unknown, nodes: unknown): Selected[] {
  const all = (Array.isArray(nodes) && nodes.length ? nodes : [node]).filter(
    (n): n is Selected => n instanceof ObjectNode || n instanceof PrefixNode,
  );
  if (!all.length) throw new Error(vscode.l10n.t('Select objects or folders in the NHN Cloud explorer first.'));
  const bucket = bucketOf(all[0]).id;
  if (all.some((n) => bucketOf(n).id !== bucket))
    throw new Error(vscode.l10n.t('Select objects or folders of one bucket at a time.'));
  return all;
}

/** The Clipboard of the selected nodes (what Copy, Cut and a drag in the tree hand to Paste). */
export function clipboardOf(mode: 'copy' | 'move', picked: Selected[]): Clipboard {
  const bucket = bucketOf(picked[0]);
  return {
    mode,
    rootId: storageRoot(bucket).id,
    bucket: bucket.bucket,
    parentIds: [...new Set(picked.map((n) => n.parent!.id))],
    objects: picked
      .filter((n): n is ObjectNode => n instanceof ObjectNode)
      .map((n) => ({ key: n.key, size: n.entry.size })),
    prefixes: picked.filter((n): n is PrefixNode => n instanceof PrefixNode).map((n) => n.prefix),
  };
}

/** The bucket and folder a Paste (or a drop) on `node` goes to: a folder of the same region and profile. */
export async function pasteTarget(deps: StorageDeps, clip: Clipboard, node: unknown): Promise<BucketTarget> {
  if (!(node instanceof BucketNode || node instanceof PrefixNode || node instanceof ObjectNode))
    throw new Error(vscode.l10n.t('Run "Paste" on a bucket or folder in the NHN Cloud explorer.'));
  if (storageRoot(node).id !== clip.rootId)
    throw new Error(
      vscode.l10n.t('Objects can be copied within one region and profile only: download and upload them instead.'),
    );
  return bucketFrom(node, deps, vscode.l10n.t('Paste'));
}

/**
 * The copy plan of the clipboard into `dest`: objects keep their name, folders their whole tree.
 * A folder into itself (or one of its subfolders), or an item into the folder it is in, is refused
 * before anything is listed.
 */
export async function planPaste(clip: Clipboard, dest: BucketTarget): Promise<CopyPlanItem[]> {
  if (clip.bucket === dest.bucket) {
    const into = clip.prefixes.find((p) => dest.prefix.startsWith(p));
    if (into) throw new Error(vscode.l10n.t('{0} cannot be moved or copied into itself.', into));
    const here = [...clip.objects.map((o) => o.key), ...clip.prefixes].find((k) => parentPrefix(k) === dest.prefix);
    if (here)
      throw new Error(
        vscode.l10n.t('{0} is already in this folder: paste it into another folder, or use Rename.', baseName(here)),
      );
  }
  const plan: CopyPlanItem[] = [];
  for (const o of clip.objects)
    plan.push({
      from: { bucket: clip.bucket, key: o.key },
      to: { bucket: dest.bucket, key: dest.prefix + baseName(o.key) },
      size: o.size,
    });
  if (clip.prefixes.length)
    await withListing(
      clip.prefixes.length === 1
        ? vscode.l10n.t('Listing {0}/{1}', clip.bucket, clip.prefixes[0])
        : plural(
            clip.prefixes.length,
            vscode.l10n.t('Listing {0} folder of {1}', clip.prefixes.length, clip.bucket),
            vscode.l10n.t('Listing {0} folders of {1}', clip.prefixes.length, clip.bucket),
          ),
      async (signal, onListed) => {
        for (const p of clip.prefixes) {
          plan.push(
            ...(await planFolderCopy(
              dest.s3,
              { bucket: clip.bucket, prefix: p },
              { bucket: dest.bucket, prefix: asPrefix(dest.prefix + baseName(p)) },
              signal,
            )),
          );
          onListed(plan.length);
        }
      },
    );
  return plan;
}

/** Destinations that exist already: the user replaces them, skips them, or cancels. */
export async function settleConflicts(s3: BucketTarget['s3'], plan: CopyPlanItem[]): Promise<CopyPlanItem[]> {
  const taken = new Set<string>();
  const folders = new Set(plan.map((i) => `${i.to.bucket}/${parentPrefix(i.to.key)}`));
  if (folders.size)
    await withListing(
      vscode.l10n.t('Looking for objects that already exist in {0}', [...folders][0].split('/')[0]),
      async (signal, onListed) => {
        let listed = 0;
        for (const folder of folders) {
          const [bucket, ...rest] = folder.split('/');
          for await (const page of s3.listObjects({ bucket, prefix: rest.join('/') || undefined }, { signal })) {
            for (const e of page.contents) taken.add(`${bucket}/${e.key}`);
            onListed((listed += page.contents.length));
            if (signal.aborted) throw new CancelledError();
          }
        }
      },
    );
  const conflicts = plan.filter((i) => taken.has(`${i.to.bucket}/${i.to.key}`));
  if (!conflicts.length) return plan;
  const names = conflicts.slice(0, 8).map((i) => i.to.key);
  const choice = await askAction(
    'warning',
    conflicts.length === 1
      ? vscode.l10n.t('{0} already exists.', conflicts[0].to.key)
      : plural(
          conflicts.length,
          vscode.l10n.t('{0} object already exists at the destination.', conflicts.length),
          vscode.l10n.t('{0} objects already exist at the destination.', conflicts.length),
        ),
    {
      modal: true,
      detail:
        conflicts.length > 8
          ? vscode.l10n.t('{0}\n... and {1} more', names.join('\n'), conflicts.length - 8)
          : names.join('\n'),
    },
    action('replace', vscode.l10n.t('Replace')),
    action('skip', vscode.l10n.t('Skip Existing')),
  );
  if (choice === 'replace') return plan;
  if (choice === 'skip') return plan.filter((i) => !conflicts.includes(i));
  throw new CancelledError();
}

/** Copies (or moves) the plan under one cancellable notification; answers the number done. */
function runPlan(title: string, s3: BucketTarget['s3'], plan: CopyPlanItem[], mode: 'copy' | 'move'): Promise<number> {
  return runTransfers(
    title,
    s3,
    plan.map((item) => ({
      label: item.from.key,
      size: item.size ?? 0,
      run: (signal, onBytes) => copyPlanned(s3, item, mode, signal, onBytes),
    })),
    // Server-side copies move no bytes here: `transferConcurrency` at once, whatever their size.
    { small: concurrency(), large: concurrency() },
  );
}

/**
 * Copies (clip.mode 'copy') or moves the settled plan into `dest` under one notification, then
 * refreshes the destination and, after a move, the folders the items came from. Each original of
 * a move is deleted only once its copy exists.
 */
export async function runPaste(
  deps: StorageDeps,
  clip: Clipboard,
  dest: BucketTarget,
  plan: CopyPlanItem[],
): Promise<number> {
  const title =
    clip.mode === 'move'
      ? plural(
          plan.length,
          vscode.l10n.t('Moving {0} object to {1}/{2}', plan.length, dest.bucket, dest.prefix),
          vscode.l10n.t('Moving {0} objects to {1}/{2}', plan.length, dest.bucket, dest.prefix),
        )
      : plural(
          plan.length,
          vscode.l10n.t('Copying {0} object to {1}/{2}', plan.length, dest.bucket, dest.prefix),
          vscode.l10n.t('Copying {0} objects to {1}/{2}', plan.length, dest.bucket, dest.prefix),
        );
  try {
    return await runPlan(title, dest.s3, plan, clip.mode);
  } finally {
    deps.explorer.refreshId(dest.folderId);
    if (clip.mode === 'move') for (const id of clip.parentIds) deps.explorer.refreshId(id);
  }
}

export function copyMoveCommands(deps: StorageDeps, fs: ObjectFileSystem): Record<string, CommandHandler> {
  let clipboard: Clipboard | undefined;
  const setClipboard = (c: Clipboard | undefined) => {
    clipboard = c;
    void vscode.commands.executeCommand('setContext', CLIPBOARD_CONTEXT, c?.mode ?? '');
  };
  const putAside = (mode: 'copy' | 'move') => (node?: unknown, nodes?: unknown) => {
    const picked = selection(node, nodes);
    setClipboard(clipboardOf(mode, picked));
    void vscode.window.setStatusBarMessage(
      mode === 'copy'
        ? plural(
            picked.length,
            vscode.l10n.t('{0} item copied: use "Paste" on a bucket or folder.', picked.length),
            vscode.l10n.t('{0} items copied: use "Paste" on a bucket or folder.', picked.length),
          )
        : plural(
            picked.length,
            vscode.l10n.t('{0} item cut: use "Paste" on a bucket or folder to move it.', picked.length),
            vscode.l10n.t('{0} items cut: use "Paste" on a bucket or folder to move them.', picked.length),
          ),
      5000,
    );
  };

  return {
    'nhncloud.storage.rename': async (node?: unknown) => {
      if (!(node instanceof ObjectNode || node instanceof PrefixNode))
        throw new Error(vscode.l10n.t('Run "Rename" on an object or folder in the NHN Cloud explorer.'));
      const s3 = await storageRoot(node).client();
      const bucket = node.bucket;
      const oldKey = node instanceof ObjectNode ? node.key : node.prefix;
      const folder = parentPrefix(oldKey);
      const oldName = baseName(oldKey);
      const dot = node instanceof ObjectNode ? oldName.lastIndexOf('.') : -1;
      const name = (
        await ask({
          title: vscode.l10n.t('Rename {0}', oldKey),
          prompt: vscode.l10n.t('New name in {0}/{1} (a/b moves it into a subfolder)', bucket, folder),
          value: oldName,
          valueSelection: [0, dot > 0 ? dot : oldName.length],
          validateInput: (s) => (s.trim() ? keyProblem(folder + s.trim()) : vscode.l10n.t('Enter a name.')),
        })
      ).trim();
      const newKey = node instanceof PrefixNode ? asPrefix(folder + name) : folder + name;
      if (newKey === oldKey) return;
      if (node instanceof PrefixNode && newKey.startsWith(oldKey))
        throw new Error(vscode.l10n.t('{0} cannot be moved or copied into itself.', oldKey));
      const plan =
        node instanceof ObjectNode
          ? [{ from: { bucket, key: oldKey }, to: { bucket, key: newKey }, size: node.entry.size }]
          : await withListing(vscode.l10n.t('Listing {0}/{1}', bucket, oldKey), (signal) =>
              planFolderCopy(s3, { bucket, prefix: oldKey }, { bucket, prefix: newKey }, signal),
            );
      const todo = await settleConflicts(s3, plan);
      try {
        await runPlan(vscode.l10n.t('Renaming {0} to {1}', oldKey, newKey), s3, todo, 'move');
      } finally {
        deps.explorer.refreshId(node.parent!.id);
        fs.fireChanged([node.uri()], vscode.FileChangeType.Deleted);
      }
      return newKey;
    },
    'nhncloud.storage.copy': putAside('copy'),
    'nhncloud.storage.cut': putAside('move'),
    'nhncloud.storage.paste': async (node?: unknown) => {
      const clip = clipboard;
      if (!clip) throw new Error(vscode.l10n.t('Nothing to paste: use "Copy" or "Cut" on objects or folders first.'));
      const dest = await pasteTarget(deps, clip, node);
      const plan = await settleConflicts(dest.s3, await planPaste(clip, dest));
      const n = await runPaste(deps, clip, dest, plan);
      // A moved item can be pasted once; copied ones stay ready for another paste.
      if (clip.mode === 'move') setClipboard(undefined);
      return n;
    },
  };
}
