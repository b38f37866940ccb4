// Buckets: create (name checked against the S3 rules before sending) and delete (the name typed
// to confirm; a bucket that still holds objects is explained, and can be emptied first with a
// second typed confirmation).
import * as vscode from 'vscode';
import { bucketNameProblems } from '../../client/storage/names';
import { bucketNameProblemText } from '../../shared/ruleText';
import type { CommandHandler } from '../../shared/services';
import { ask, confirm } from '../../shared/prompts';
import { allKeys, deleteKeys } from '../bulkObjects';
import { BucketNode, type StorageDeps } from '../tree/nodes';
import { bucketFrom, storageScopeFrom } from './targets';
import { plural } from '../../shared/l10n';

export function bucketCommands(deps: StorageDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.storage.createBucket': async (node?: unknown, given?: string) => {
      const scope = await storageScopeFrom(node, deps, vscode.l10n.t('Create Bucket'));
      const name =
        given ??
        (
          await ask({
            title: vscode.l10n.t('Create bucket in {0}', scope.region),
            prompt: vscode.l10n.t('3 to 63 characters: lower-case letters, digits, dots and hyphens'),
            placeHolder: 'my-bucket',
            validateInput: (t) => bucketNameProblems(t.trim()).map(bucketNameProblemText)[0],
          })
        ).trim();
      await scope.s3.createBucket(name);
      deps.explorer.refreshId(scope.rootId);
      void vscode.window.showInformationMessage(vscode.l10n.t('Bucket {0} created in {1}.', name, scope.region));
      return name;
    },
    'nhncloud.storage.deleteBucket': async (node?: unknown) => {
      const t = await bucketFrom(node instanceof BucketNode ? node : undefined, deps, vscode.l10n.t('Delete Bucket'));
      const page = await t.s3.listObjectsPage({ bucket: t.bucket, maxKeys: 1000 });
      const count = page.contents.length;
      if (count) {
        // S3 refuses to delete a bucket with objects: say so, and offer to empty it first.
        const message = page.isTruncated
          ? vscode.l10n.t(
              '{0} still holds more than 1,000 objects: a bucket must be empty before it is deleted.',
              t.bucket,
            )
          : plural(
              count,
              vscode.l10n.t(
                '{0} still holds {1} object: a bucket must be empty before it is deleted.',
                t.bucket,
                count,
              ),
              vscode.l10n.t(
                '{0} still holds {1} objects: a bucket must be empty before it is deleted.',
                t.bucket,
                count,
              ),
            );
        await confirm(
          message,
          vscode.l10n.t('Delete Objects and Bucket...'),
          vscode.l10n.t(
            'Choose this to delete every object of the bucket and then the bucket; you will type the bucket name to confirm.',
          ),
        );
      }
      const typed = await ask({
        title: vscode.l10n.t('Delete bucket {0}', t.bucket),
        prompt: count
          ? vscode.l10n.t('Type the bucket name to confirm: every object in it is deleted too. This cannot be undone.')
          : vscode.l10n.t('Type the bucket name to confirm. This cannot be undone.'),
        placeHolder: t.bucket,
        validateInput: (s) => (s === t.bucket ? undefined : vscode.l10n.t('Type {0} exactly.', t.bucket)),
      });
      if (typed !== t.bucket) return;
      await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Deleting bucket {0}', t.bucket),
          cancellable: true,
        },
        async (progress, token) => {
          const ac = new AbortController();
          token.onCancellationRequested(() => ac.abort());
          if (count) {
            const keys = await allKeys(t.s3, t.bucket, '', ac.signal);
            await deleteKeys(
              t.s3,
              t.bucket,
              keys,
              (done) =>
                progress.report({
                  message: plural(
                    keys.length,
                    vscode.l10n.t('{0} of {1} object deleted', done, keys.length),
                    vscode.l10n.t('{0} of {1} objects deleted', done, keys.length),
                  ),
                }),
              ac.signal,
            );
          }
          await t.s3.deleteBucket(t.bucket, { signal: ac.signal });
        },
      );
      deps.explorer.refreshId(t.rootId);
      void vscode.window.showInformationMessage(vscode.l10n.t('Bucket {0} deleted.', t.bucket));
    },
  };
}
