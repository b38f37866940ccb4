// Buckets: create (name checked against the S3 rules before sending) and delete (the name typed
// to confirm; a bucket that still holds objects is explained, and can be emptied first with a
// second typed confirmation).
import * as vscode from 'vscode';
import { bucketNameProblems } from '../../client/storage/names';
import type { CommandHandler } from '../../shared/services';
import { ask, confirm } from '../../network/commands/ui';
import { allKeys, deleteKeys } from '../objectFs';
import { BucketNode, type StorageDeps } from '../tree/nodes';
import { bucketFrom, storageScopeFrom } from './targets';

export function bucketCommands(deps: StorageDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.storage.createBucket': async (node?: unknown, given?: string) => {
      const scope = await storageScopeFrom(node, deps, 'Create Bucket');
      const name =
        given ??
        (await ask({
          title: `Create bucket in ${scope.region}`,
          prompt: '3 to 63 characters: lower-case letters, digits, dots and hyphens',
          placeHolder: 'my-bucket',
          validateInput: (t) => bucketNameProblems(t.trim())[0],
        })).trim();
      await scope.s3.createBucket(name);
      deps.explorer.refreshId(scope.rootId);
      void vscode.window.showInformationMessage(`Bucket ${name} created in ${scope.region}.`);
      return name;
    },
    'nhncloud.storage.deleteBucket': async (node?: unknown) => {
      const t = await bucketFrom(node instanceof BucketNode ? node : undefined, deps, 'Delete Bucket');
      const page = await t.s3.listObjectsPage({ bucket: t.bucket, maxKeys: 1000 });
      const count = page.contents.length;
      if (count) {
        // S3 refuses to delete a bucket with objects: say so, and offer to empty it first.
        const more = page.isTruncated ? 'more than 1,000' : String(count);
        await confirm(`${t.bucket} still holds ${more} object(s): a bucket must be empty before it is deleted.`, 'Delete Objects and Bucket...', 'Choose this to delete every object of the bucket and then the bucket; you will type the bucket name to confirm.');
      }
      const typed = await ask({
        title: `Delete bucket ${t.bucket}`,
        prompt: `Type the bucket name to confirm${count ? ': every object in it is deleted too' : ''}. This cannot be undone.`,
        placeHolder: t.bucket,
        validateInput: (s) => (s === t.bucket ? undefined : `Type ${t.bucket} exactly.`),
      });
      if (typed !== t.bucket) return;
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Deleting bucket ${t.bucket}`, cancellable: true }, async (progress, token) => {
        const ac = new AbortController();
        token.onCancellationRequested(() => ac.abort());
        if (count) {
          const keys = await allKeys(t.s3, t.bucket, '', ac.signal);
          await deleteKeys(t.s3, t.bucket, keys, (done) => progress.report({ message: `${done} of ${keys.length} objects deleted` }), ac.signal);
        }
        await t.s3.deleteBucket(t.bucket, { signal: ac.signal });
      });
      deps.explorer.refreshId(t.rootId);
      void vscode.window.showInformationMessage(`Bucket ${t.bucket} deleted.`);
    },
  };
}
