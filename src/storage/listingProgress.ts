// A listing of keys before a command acts on them (Download of a folder, Delete of folders,
// Rename of a folder, Paste, Incomplete Uploads) under a cancellable notification: how many keys
// are listed so far, and Cancel, which stops the listing after the page it is reading (issue 62,
// item 4: a listing the server keeps going must never be one the user cannot stop). The ceiling
// of a listing (`nhncloud.storage.maxListedKeys`) and the checks of its markers are the client's.
import * as vscode from 'vscode';
import { CancelledError } from '../client/errors';
import { plural } from '../shared/l10n';

/**
 * Runs `list` under a cancellable notification titled `title`; `list` hears the signal to pass to
 * the listing and reports the count listed so far. A cancel rejects with a CancelledError (the
 * command wrapper stays silent), also when `list` ignored the signal and finished.
 */
export function withListing<T>(
  title: string,
  list: (signal: AbortSignal, listed: (count: number) => void) => Promise<T>,
): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        const ac = new AbortController();
        const cancel = token.onCancellationRequested(() => ac.abort(new CancelledError()));
        try {
          const out = await list(ac.signal, (count) =>
            progress.report({
              message: plural(count, vscode.l10n.t('{0} key listed', count), vscode.l10n.t('{0} keys listed', count)),
            }),
          );
          if (ac.signal.aborted) throw new CancelledError();
          return out;
        } finally {
          cancel.dispose();
        }
      },
    ),
  );
}
