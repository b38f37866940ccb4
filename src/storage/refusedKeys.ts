// The keys a download or a sync did not write, and why, told to the user (issue 62, item 2): a
// warning with the count and the first key's reason, and Show All for the whole list as a
// read-only document. The decision itself is placeKeys' (src/client/storage/localPath.ts).
import * as vscode from 'vscode';
import type { Refusal } from '../client/storage/localPath';
import { plural } from '../shared/l10n';
import { action, askAction } from '../shared/prompts';
import { showReport } from '../shared/reportDocument';
import { formatSize } from './keys';

/** Why `r.key` was not written, as one whole sentence that names the key. */
export function refusalText(r: Refusal): string {
  switch (r.reason) {
    case 'no-name':
      return vscode.l10n.t('{0}: nothing of this key can be a file name.', r.key);
    case 'not-exact':
      return vscode.l10n.t(
        '{0}: this key cannot be a file name as it is (an empty, "." or ".." part, or a character this system does not allow).',
        r.key,
      );
    case 'too-long':
      return vscode.l10n.t('{0}: a part of this key is longer than a file name can be (255 bytes).', r.key);
    case 'folder-marker':
      return vscode.l10n.t(
        '{0}: this key ends in "/" but holds {1}, and no file can have that name.',
        r.key,
        formatSize(r.size),
      );
    case 'collision':
      return vscode.l10n.t(
        '{0}: on this computer it is the same file as {1} (the names differ only in ".", "/", Unicode form or case).',
        r.key,
        r.other,
      );
    case 'file-and-folder':
      return vscode.l10n.t('{0}: on this computer it would also be the folder of {1}.', r.key, r.other);
    case 'link':
      return vscode.l10n.t('{0}: {1} is a symbolic link, and nothing is written through a link.', r.key, r.path);
    case 'file-in-the-way':
      return vscode.l10n.t('{0}: {1} is a file where this key needs a folder.', r.key, r.path);
    case 'folder-in-the-way':
      return vscode.l10n.t('{0}: {1} is a folder where this key needs a file.', r.key, r.path);
  }
}

/**
 * Tells of the keys not written to `folder` (nothing when there are none): `sync` for Sync
 * Folder (left alone, both ways), else a download. Not awaited by the callers: the command ends
 * while the warning stays.
 */
export async function reportRefused(
  refused: readonly Refusal[],
  folder: string,
  kind: 'download' | 'sync',
): Promise<void> {
  if (!refused.length) return;
  const n = refused.length;
  const head =
    kind === 'sync'
      ? plural(
          n,
          vscode.l10n.t('{0} key was left alone by the sync with {1}.', n, folder),
          vscode.l10n.t('{0} keys were left alone by the sync with {1}.', n, folder),
        )
      : plural(
          n,
          vscode.l10n.t('{0} key was not downloaded into {1}.', n, folder),
          vscode.l10n.t('{0} keys were not downloaded into {1}.', n, folder),
        );
  const lines = refused.map(refusalText);
  const showAll = action('showAll', vscode.l10n.t('Show All'));
  const choice = await askAction('warning', `${head} ${lines[0]}`, {}, ...(n > 1 ? [showAll] : []));
  if (choice === 'showAll') await showReport('refused-keys.txt', `${head}\n\n${lines.join('\n')}\n`);
}
