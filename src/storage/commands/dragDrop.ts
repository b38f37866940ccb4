// Drag and drop in the explorer (issue 30, item 3). Files and folders dropped from the operating
// system or VS Code's Explorer (`text/uri-list`) onto a bucket or folder are uploaded there by the
// engine of Upload Files / Upload Folder (uploadTo); objects and folders of this tree dragged onto
// a folder of the same region and profile are copied or moved server-side by the steps of Paste
// (pasteTarget, planPaste, settleConflicts, runPaste). The shim declares the MIME types
// (src/extension.ts) and hands the calls over through main.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { CancelledError } from '../../client/errors';
import { action, askAction, confirm } from '../../shared/prompts';
import { plural } from '../../shared/l10n';
import type { ExplorerDragAndDrop } from '../../shared/services';
import { folderUploadTasks, type FileTask } from '../folderTransfer';
import { asPrefix, formatSize, keyForUpload } from '../keys';
import type { PendingUploads } from '../pendingUploads';
import { BucketNode, ObjectNode, PrefixNode, type StorageDeps } from '../tree/nodes';
import { clipboardOf, pasteTarget, planPaste, runPaste, selection, settleConflicts } from './copyMove';
import { bucketFrom } from './targets';
import { uploadTo } from './transfers';

/** This tree's own MIME type (`application/vnd.code.tree.<view id in lower case>`); the shim declares it. */
export const EXPLORER_TREE_MIME = 'application/vnd.code.tree.nhncloud.explorer';
export const URI_LIST_MIME = 'text/uri-list';

/** A drop of more files than this, or of more bytes than DROP_ASK_BYTES, asks once before it uploads. */
export const DROP_ASK_FILES = 100;
export const DROP_ASK_BYTES = 1024 ** 3;

type DropTarget = BucketNode | PrefixNode | ObjectNode;

const isDropTarget = (n: unknown): n is DropTarget =>
  n instanceof BucketNode || n instanceof PrefixNode || n instanceof ObjectNode;

const isDraggable = (n: unknown): n is ObjectNode | PrefixNode => n instanceof ObjectNode || n instanceof PrefixNode;

/**
 * The path on the extension host's machine of a dropped URI: `file:` as it is, `vscode-remote:`
 * (a browser or remote window names the host's files so) by its path; undefined for any other
 * scheme (an object, an untitled editor).
 */
export function localPathOf(uri: vscode.Uri): string | undefined {
  if (uri.scheme === 'file') return uri.fsPath;
  if (uri.scheme === 'vscode-remote') return vscode.Uri.from({ scheme: 'file', path: uri.path }).fsPath;
  return undefined;
}

/** The URIs a drop carries: the lines of `text/uri-list` (RFC 2483: `#` lines are comments) and any file item's URI. */
async function droppedUris(data: vscode.DataTransfer): Promise<vscode.Uri[]> {
  const uris: vscode.Uri[] = [];
  const list = await data.get(URI_LIST_MIME)?.asString();
  for (const line of (list ?? '').split(/\r?\n/)) {
    const text = line.trim();
    if (!text || text.startsWith('#')) continue;
    try {
      uris.push(vscode.Uri.parse(text, true));
    } catch {}
  }
  data.forEach((item) => {
    const uri = item.asFile()?.uri;
    if (uri) uris.push(uri);
  });
  return uris;
}

/** Uploads the files and folders of the drop into the folder of `target`. */
async function uploadDropped(
  deps: StorageDeps,
  pending: PendingUploads,
  target: DropTarget,
  data: vscode.DataTransfer,
): Promise<number | undefined> {
  const uris = await droppedUris(data);
  if (!uris.length) return undefined;
  const paths = [...new Set(uris.map(localPathOf).filter((p): p is string => !!p))];
  if (!paths.length) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Nothing to upload: {0} is not a file or folder on the machine the extension runs on.',
        uris[0].toString(true),
      ),
    );
    return undefined;
  }
  const t = await bucketFrom(target, deps, vscode.l10n.t('Upload Files'));
  const tasks: FileTask[] = [];
  const folders: string[] = [];
  for (const path of paths) {
    const info = await stat(path);
    if (info.isDirectory()) {
      folders.push(path);
      tasks.push(...(await folderUploadTasks(path, keyForUpload(t.prefix, basename(path)))));
    } else if (info.isFile()) {
      tasks.push({ key: keyForUpload(t.prefix, basename(path)), file: path, size: info.size });
    }
  }
  if (!tasks.length) throw new Error(vscode.l10n.t('{0} holds no file to upload.', folders.join(', ')));
  const total = tasks.reduce((s, task) => s + task.size, 0);
  if (tasks.length > DROP_ASK_FILES || total > DROP_ASK_BYTES)
    await confirm(
      plural(
        tasks.length,
        vscode.l10n.t('Upload {0} file ({1}) to {2}/{3}?', tasks.length, formatSize(total), t.bucket, t.prefix),
        vscode.l10n.t('Upload {0} files ({1}) to {2}/{3}?', tasks.length, formatSize(total), t.bucket, t.prefix),
      ),
      vscode.l10n.t('Upload'),
    );
  // One folder alone reads as Upload Folder does; anything else as Upload Files.
  const oneFolder = folders.length === 1 && paths.length === 1;
  const title = oneFolder
    ? plural(
        tasks.length,
        vscode.l10n.t('Uploading {0} ({1} file) to {2}', basename(folders[0]), tasks.length, t.bucket),
        vscode.l10n.t('Uploading {0} ({1} files) to {2}', basename(folders[0]), tasks.length, t.bucket),
      )
    : tasks.length === 1
      ? vscode.l10n.t('Uploading {0} to {1}', basename(tasks[0].file), t.bucket)
      : plural(
          tasks.length,
          vscode.l10n.t('Uploading {0} file to {1}', tasks.length, t.bucket),
          vscode.l10n.t('Uploading {0} files to {1}', tasks.length, t.bucket),
        );
  const where = oneFolder
    ? `${t.bucket}/${asPrefix(keyForUpload(t.prefix, basename(folders[0])))}`
    : `${t.bucket}/${t.prefix}`;
  return uploadTo(deps, pending, t, tasks, title, where);
}

/**
 * Objects and folders of this tree dropped on a folder: one question, Copy (the default) or Move,
 * naming how many objects and bytes, then exactly what Copy or Cut and Paste do.
 */
async function copyOrMoveDragged(deps: StorageDeps, target: DropTarget, dragged: unknown[]): Promise<number> {
  const clip = clipboardOf('copy', selection(undefined, dragged));
  const dest = await pasteTarget(deps, clip, target);
  const planned = await planPaste(clip, dest);
  if (!planned.length) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Nothing to copy or move: the folders dropped hold no object.'),
    );
    return 0;
  }
  const size = formatSize(planned.reduce((s, i) => s + (i.size ?? 0), 0));
  const mode = await askAction(
    'warning',
    plural(
      planned.length,
      vscode.l10n.t('Copy or move {0} object ({1}) to {2}/{3}?', planned.length, size, dest.bucket, dest.prefix),
      vscode.l10n.t('Copy or move {0} objects ({1}) to {2}/{3}?', planned.length, size, dest.bucket, dest.prefix),
    ),
    { modal: true, detail: vscode.l10n.t('Move deletes each original once its copy exists.') },
    action('copy', vscode.l10n.t('Copy')),
    action('move', vscode.l10n.t('Move')),
  );
  if (!mode) throw new CancelledError();
  const plan = await settleConflicts(dest.s3, planned);
  return runPaste(deps, { ...clip, mode }, dest, plan);
}

/** The storage side of the explorer's TreeDragAndDropController (main hands both calls over). */
export function storageDragAndDrop(deps: StorageDeps, pending: PendingUploads): ExplorerDragAndDrop {
  return {
    /** Objects and folders dragged: the nodes themselves for a drop in this tree, the objects' URIs for an editor. */
    handleDrag(source, data) {
      const nodes = source.filter(isDraggable);
      if (!nodes.length) return;
      const item = new vscode.DataTransferItem(nodes);
      // VS Code sends every item of a drag to the workbench as asString(), the default of which
      // is JSON of the value: the nodes link to their parents (a cycle), so their ids go instead.
      // A drop in this tree gets this very item back, nodes and all.
      item.asString = async () => JSON.stringify(nodes.map((n) => n.id));
      data.set(EXPLORER_TREE_MIME, item);
      const objects = nodes.filter((n): n is ObjectNode => n instanceof ObjectNode);
      if (objects.length)
        data.set(URI_LIST_MIME, new vscode.DataTransferItem(objects.map((n) => n.uri().toString()).join('\r\n')));
    },
    /**
     * A drop on a bucket, folder or object (its folder): this tree's objects are copied or moved,
     * anything else in `text/uri-list` uploaded. A drop elsewhere does nothing. Answers the number
     * of objects written (undefined: nothing was to be done).
     */
    async handleDrop(target, data) {
      if (!isDropTarget(target)) return undefined;
      const fromTree = data.get(EXPLORER_TREE_MIME);
      if (fromTree) {
        // A drag from this tree: its nodes when the drag began here (handleDrag), else nothing of storage.
        const nodes = Array.isArray(fromTree.value) ? fromTree.value.filter(isDraggable) : [];
        return nodes.length ? copyOrMoveDragged(deps, target, nodes) : undefined;
      }
      return uploadDropped(deps, pending, target, data);
    },
  };
}
