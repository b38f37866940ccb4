// A save that would overwrite a version someone else wrote: the user chooses Compare (a diff of
// the remote version against theirs; the save is refused), Overwrite, or Cancel (refused).
import { formatDateTime } from '../shared/l10n';
import { action, askAction } from '../shared/prompts';
import * as vscode from 'vscode';
import type { Services } from '../shared/services';
import { baseName, type ObjectAddress } from './keys';

/** What was seen of an object when it was read: a later save compares against it. */
export interface Seen {
  etag?: string;
  lastModified?: string;
}

/** Resolves when the user chose Overwrite; otherwise throws the error that refuses the save. */
export async function resolveSaveConflict(
  log: Services['log'],
  uri: vscode.Uri,
  remote: vscode.Uri,
  a: ObjectAddress,
  seen: Seen | undefined,
  current: { etag?: string; lastModified?: string },
): Promise<void> {
  const name = baseName(a.key);
  const when = current.lastModified ? formatDateTime(new Date(current.lastModified)) : undefined;
  const message = seen
    ? when
      ? vscode.l10n.t('{0} changed in {1} since you opened it (modified {2}).', name, a.bucket, when)
      : vscode.l10n.t('{0} changed in {1} since you opened it.', name, a.bucket)
    : when
      ? vscode.l10n.t('{0} already exists in {1} (modified {2}).', name, a.bucket, when)
      : vscode.l10n.t('{0} already exists in {1}.', name, a.bucket);
  const answer = await askAction(
    'warning',
    message,
    {
      modal: true,
      detail: vscode.l10n.t(
        'Compare shows the remote version beside yours (nothing is saved). Overwrite replaces the remote version with yours.',
      ),
    },
    action('compare', vscode.l10n.t('Compare')),
    action('overwrite', vscode.l10n.t('Overwrite')),
  );
  if (answer === 'overwrite') {
    log.info(`Overwriting ${a.bucket}/${a.key} after a remote change, as chosen`);
    return;
  }
  if (answer === 'compare') {
    // Not awaited: the diff opens while this save is refused.
    void vscode.commands.executeCommand(
      'vscode.diff',
      remote,
      uri,
      vscode.l10n.t('{0} (remote) ↔ yours', baseName(a.key)),
    );
    throw vscode.FileSystemError.Unavailable(
      vscode.l10n.t(
        'Not saved: {0} changed remotely. Compare the versions, then save again and choose Overwrite to keep yours.',
        baseName(a.key),
      ),
    );
  }
  throw vscode.FileSystemError.Unavailable(
    vscode.l10n.t('Not saved: {0} changed remotely and the save was cancelled.', baseName(a.key)),
  );
}
