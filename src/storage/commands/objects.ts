// Objects and folders: open in an editor (size limit asked first; binary content in the binary
// editor), go to a key, prefix filter per bucket, new folder, delete (multi-select, confirmed),
// copy key / URL / presigned URL, and "Add Bucket to Workspace".
import { formatDateTime, plural } from '../../shared/l10n';
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import { ask, confirm, pick } from '../../shared/prompts';
import {
  OBJECT_SCHEME,
  PRESIGN_EXPIRIES,
  asPrefix,
  baseName,
  formatSize,
  keyProblem,
  looksBinary,
  objectPath,
  objectUrl,
  presignGetUrl,
} from '../keys';
import { CancelledError } from '../../client/errors';
import { deleteKeys } from '../bulkObjects';
import { withListing } from '../listingProgress';
import { openSizeLimitBytes, type ObjectFileSystem } from '../objectFs';
import { BucketNode, ObjectNode, PrefixNode, bucketOf, storageRoot, type StorageDeps } from '../tree/nodes';
import { bucketFrom, objectNodes, type BucketTarget } from './targets';
import { storageIds } from '../tree/ids';

/** The binary editor of the Hex Editor extension, when installed; otherwise VS Code's default. */
const HEX_EDITOR = 'hexEditor.hexedit';

/** Opens an object: asks above the size limit, sniffs the first 8 KB, then a text or binary editor. */
export async function openObject(
  fs: ObjectFileSystem,
  t: { s3: BucketTarget['s3']; bucket: string; key: string; uri: vscode.Uri; size?: number },
): Promise<'text' | 'binary'> {
  const size = t.size ?? (await t.s3.headObject(t.bucket, t.key)).size;
  const limit = openSizeLimitBytes();
  if (limit && size > limit) {
    await confirm(
      vscode.l10n.t(
        '{0} is {1}, above the open size limit ({2}).',
        baseName(t.key),
        formatSize(size),
        formatSize(limit),
      ),
      vscode.l10n.t('Open Anyway'),
      vscode.l10n.t(
        'The whole object is downloaded into memory to show it; "Download..." saves it to disk instead. The limit is the setting "nhncloud.storage.openSizeLimitMB".',
      ),
    );
    fs.approveLarge(t.uri);
  }
  let binary = false;
  if (size > 0) {
    const head = await t.s3.getObject(t.bucket, t.key, { range: { start: 0, end: Math.min(size, 8192) - 1 } });
    const chunks: Buffer[] = [];
    for await (const c of head.body) chunks.push(c as Buffer);
    binary = looksBinary(Buffer.concat(chunks));
  }
  if (binary) {
    const hex = vscode.extensions.getExtension('ms-vscode.hexeditor');
    await vscode.commands.executeCommand(hex ? 'vscode.openWith' : 'vscode.open', t.uri, ...(hex ? [HEX_EDITOR] : []));
    return 'binary';
  }
  await vscode.window.showTextDocument(t.uri, { preview: false });
  return 'text';
}

/** The editor's address of an object (the object file system's scheme). */
export function objectUri(t: { profileId: string; region: string; bucket: string }, key: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: OBJECT_SCHEME,
    authority: t.profileId,
    path: objectPath({ region: t.region, bucket: t.bucket, key }),
  });
}

export function objectCommands(
  deps: StorageDeps,
  fs: ObjectFileSystem,
  prefixFilters: Map<string, string>,
): Record<string, CommandHandler> {
  return {
    'nhncloud.storage.open': async (node?: unknown) => {
      if (!(node instanceof ObjectNode))
        throw new Error(
          vscode.l10n.t('Run "Open" on an object in the NHN Cloud explorer, or use "NHN Cloud: Go to Key...".'),
        );
      const root = storageRoot(node);
      return openObject(fs, {
        s3: await root.client(),
        bucket: node.bucket,
        key: node.key,
        uri: node.uri(),
        size: node.entry.size,
      });
    },
    'nhncloud.storage.goToKey': async (node?: unknown, given?: string) => {
      const t = await bucketFrom(node, deps, vscode.l10n.t('Go to Key'));
      const key =
        given ??
        (await ask({
          title: vscode.l10n.t('Go to key in {0}', t.bucket),
          prompt: vscode.l10n.t('Full key of the object (or of a folder, ending in /)'),
          value: t.prefix,
          valueSelection: [t.prefix.length, t.prefix.length],
          validateInput: keyProblem,
        }));
      if (key.endsWith('/')) {
        const page = await t.s3.listObjectsPage({ bucket: t.bucket, prefix: key, maxKeys: 1 });
        if (!page.contents.length && !page.commonPrefixes.length)
          throw new Error(vscode.l10n.t('No object starts with {0} in {1}.', key, t.bucket));
        if (!(await revealKey(deps, t, key)))
          void vscode.window.showInformationMessage(
            vscode.l10n.t(
              '{0} exists in {1} but is beyond the pages loaded in the tree; use the prefix filter to show it.',
              key,
              t.bucket,
            ),
          );
        return;
      }
      const info = await t.s3.headObject(t.bucket, key).catch(() => undefined);
      if (!info) throw new Error(vscode.l10n.t('No object {0} in {1} ({2}).', key, t.bucket, t.region));
      await openObject(fs, { s3: t.s3, bucket: t.bucket, key, uri: objectUri(t, key), size: info.size });
      void revealKey(deps, t, key);
    },
    'nhncloud.storage.filterPrefix': async (node?: unknown) => {
      const t = await bucketFrom(
        node instanceof BucketNode
          ? node
          : node && typeof node === 'object' && 'parent' in node
            ? bucketOf(node as BucketNode)
            : undefined,
        deps,
        vscode.l10n.t('Filter by Prefix'),
      );
      const bucketId = storageIds.bucket(t.rootId, t.bucket);
      const text = await ask({
        title: vscode.l10n.t('Prefix filter of {0}', t.bucket),
        prompt: vscode.l10n.t('Show only keys starting with this (e.g. logs/2024-). Empty clears the filter.'),
        value: prefixFilters.get(bucketId) ?? '',
      });
      if (text.trim()) prefixFilters.set(bucketId, text.trim().replace(/^\/+/, ''));
      else prefixFilters.delete(bucketId);
      deps.explorer.refreshId(bucketId);
    },
    'nhncloud.storage.clearPrefixFilter': (node?: unknown) => {
      if (node instanceof BucketNode) {
        prefixFilters.delete(node.id);
        deps.explorer.refreshId(node.id);
      }
    },
    'nhncloud.storage.createFolder': async (node?: unknown) => {
      const t = await bucketFrom(node, deps, vscode.l10n.t('New Folder'));
      const name = await ask({
        title: vscode.l10n.t('New folder in {0}/{1}', t.bucket, t.prefix),
        prompt: vscode.l10n.t('Folder name (a/b makes two levels)'),
        validateInput: (s) => (s.trim() ? keyProblem(asPrefix(t.prefix + s.trim())) : vscode.l10n.t('Enter a name.')),
      });
      const key = asPrefix(t.prefix + name.trim());
      // An empty folder is a zero-byte marker `name/`, as the consoles make it.
      await t.s3.putObject(t.bucket, key, '');
      deps.explorer.refreshId(t.folderId);
      return key;
    },
    'nhncloud.storage.delete': async (node?: unknown, nodes?: unknown) => {
      const objects = objectNodes(node, nodes);
      const folders = (Array.isArray(nodes) ? nodes : [node]).filter((n): n is PrefixNode => n instanceof PrefixNode);
      if (!objects.length && !folders.length)
        throw new Error(vscode.l10n.t('Select objects or folders in the NHN Cloud explorer to delete.'));
      const first = objects[0] ?? folders[0];
      const s3 = await storageRoot(first).client();
      const bucket = bucketOf(first).bucket;
      const keys = objects.map((o) => o.key);
      if (folders.length)
        await withListing(
          folders.length === 1
            ? vscode.l10n.t('Listing {0}/{1}', bucket, folders[0].prefix)
            : plural(
                folders.length,
                vscode.l10n.t('Listing {0} folder of {1}', folders.length, bucket),
                vscode.l10n.t('Listing {0} folders of {1}', folders.length, bucket),
              ),
          async (signal, onListed) => {
            for (const f of folders) await allKeysUnder(s3, bucket, f.prefix, keys, signal, onListed);
          },
        );
      const unique = [...new Set(keys)];
      const names = [...objects.map((o) => o.key), ...folders.map((f) => f.prefix)];
      await confirm(
        unique.length === 1
          ? vscode.l10n.t('Delete {0} from {1}?', unique[0], bucket)
          : plural(
              unique.length,
              vscode.l10n.t('Delete {0} object from {1}?', unique.length, bucket),
              vscode.l10n.t('Delete {0} objects from {1}?', unique.length, bucket),
            ),
        vscode.l10n.t('Delete'),
        names.length > 8
          ? vscode.l10n.t(
              '{0}\n... and {1} more\n\nDeleted objects cannot be recovered.',
              names.slice(0, 8).join('\n'),
              names.length - 8,
            )
          : vscode.l10n.t('{0}\n\nDeleted objects cannot be recovered.', names.join('\n')),
      );
      await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: plural(
            unique.length,
            vscode.l10n.t('Deleting {0} object from {1}', unique.length, bucket),
            vscode.l10n.t('Deleting {0} objects from {1}', unique.length, bucket),
          ),
          cancellable: true,
        },
        async (progress, token) => {
          const ac = new AbortController();
          token.onCancellationRequested(() => ac.abort());
          let last = 0;
          await deleteKeys(
            s3,
            bucket,
            unique,
            (done) => {
              progress.report({
                increment: ((done - last) / unique.length) * 100,
                message: `${done} of ${unique.length}`,
              });
              last = done;
            },
            ac.signal,
          );
        },
      );
      const parents = new Set([...objects, ...folders].map((n) => n.parent!.id));
      for (const id of parents) deps.explorer.refreshId(id);
      fs.fireChanged([...objects.map((o) => o.uri()), ...folders.map((f) => f.uri())], vscode.FileChangeType.Deleted);
      void vscode.window.showInformationMessage(
        plural(
          unique.length,
          vscode.l10n.t('Deleted {0} object from {1}.', unique.length, bucket),
          vscode.l10n.t('Deleted {0} objects from {1}.', unique.length, bucket),
        ),
      );
    },
    'nhncloud.storage.copyKey': async (node?: unknown) => {
      const value =
        node instanceof ObjectNode
          ? node.key
          : node instanceof PrefixNode
            ? node.prefix
            : node instanceof BucketNode
              ? node.bucket
              : undefined;
      if (value === undefined)
        throw new Error(vscode.l10n.t('Run "Copy Key" on an object or folder in the NHN Cloud explorer.'));
      await vscode.env.clipboard.writeText(value);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', value), 3000);
    },
    'nhncloud.storage.copyUrl': async (node?: unknown) => {
      if (!(node instanceof ObjectNode || node instanceof PrefixNode || node instanceof BucketNode))
        throw new Error(vscode.l10n.t('Run "Copy URL" on an object in the NHN Cloud explorer.'));
      const root = storageRoot(node);
      const sign = await deps.services.clients.storageSigning(root.region);
      const key = node instanceof ObjectNode ? node.key : node.prefix;
      const url = objectUrl(sign.baseUrl, node.bucket, key);
      await vscode.env.clipboard.writeText(url);
      void vscode.window.setStatusBarMessage(
        vscode.l10n.t('Copied the URL (it needs credentials unless the bucket is public)'),
        4000,
      );
      return url;
    },
    'nhncloud.storage.presign': async (node?: unknown, seconds?: number) => {
      if (!(node instanceof ObjectNode))
        throw new Error(vscode.l10n.t('Run "Copy Presigned URL" on an object in the NHN Cloud explorer.'));
      const root = storageRoot(node);
      const expiry =
        seconds ??
        (
          await pick(
            PRESIGN_EXPIRIES.map((e) => ({ label: e.label, seconds: e.seconds })),
            {
              title: vscode.l10n.t('Presigned URL of {0}', node.key),
              placeHolder: vscode.l10n.t('The link works for anyone who has it, until it expires'),
            },
          )
        ).seconds;
      // Signed with the same keys and (possibly corrected) signing region as the client.
      await root.client();
      const sign = await deps.services.clients.storageSigning(root.region);
      const url = presignGetUrl({
        baseUrl: sign.baseUrl,
        bucket: node.bucket,
        key: node.key,
        accessKey: sign.accessKey,
        secretKey: sign.secretKey,
        region: sign.signingRegion,
        expiresSeconds: expiry,
      });
      await vscode.env.clipboard.writeText(url);
      // The URL carries a signature: it is never logged, only its expiry is.
      deps.services.log.info(`Presigned URL of ${node.bucket}/${node.key} copied (valid ${expiry} s)`);
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Presigned URL of {0} copied; it works until {1}.',
          baseName(node.key),
          formatDateTime(new Date(Date.now() + expiry * 1000)),
        ),
      );
    },
    'nhncloud.storage.addToWorkspace': async (node?: unknown) => {
      const t = await bucketFrom(
        node instanceof BucketNode ? node : undefined,
        deps,
        vscode.l10n.t('Add Bucket to Workspace'),
      );
      const uri = objectUri(t, '');
      const folders = vscode.workspace.workspaceFolders ?? [];
      if (folders.some((f) => f.uri.toString() === uri.toString())) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('{0} is already a folder of this workspace.', t.bucket),
        );
        return;
      }
      vscode.workspace.updateWorkspaceFolders(folders.length, 0, { uri, name: `${t.bucket} (${t.region})` });
    },
  };
}

/** Adds every key under `prefix` to `keys`; `signal` stops after the page being read. */
async function allKeysUnder(
  s3: BucketTarget['s3'],
  bucket: string,
  prefix: string,
  keys: string[],
  signal: AbortSignal,
  onListed: (count: number) => void,
): Promise<void> {
  for await (const page of s3.listObjects({ bucket, prefix }, { signal })) {
    for (const e of page.contents) keys.push(e.key);
    onListed(keys.length);
    if (signal.aborted) throw new CancelledError();
  }
}

/** Reveal the node of `key`, walking the prefixes down (loaded pages only). */
/** Shows `key` in the explorer (false when it is beyond the pages the tree has loaded). */
export async function revealKey(deps: StorageDeps, t: BucketTarget, key: string): Promise<boolean> {
  const id = storageIds.entry(storageIds.bucket(t.rootId, t.bucket), key);
  return deps.explorer.reveal(id).catch(() => false);
}
