// Find in Bucket... (issue 30, item 4): a quick pick over the keys of a bucket or folder that
// match what is typed (a part of a key, or a glob: ../findKeys.ts), filled page by page while
// the listing runs (its count and "listing..." in the title), the matches of a new pattern shown
// at once from the keys listed so far. Enter reveals the object in the explorer; its buttons
// open it in an editor or download it. Closing the list stops the listing.
import * as vscode from 'vscode';
import { formatTimestamp, plural } from '../../shared/l10n';
import type { CommandHandler } from '../../shared/services';
import { baseName, formatSize } from '../keys';
import { KeySearch, listAllKeys } from '../findKeys';
import type { ObjectFileSystem } from '../objectFs';
import type { StorageDeps } from '../tree/nodes';
import { objectUri, openObject, revealKey } from './objects';
import { bucketFrom } from './targets';
import { downloadObject } from './transfers';
import type { ObjectEntry } from '../../client/storage/client';

/** Matches shown at once (the count says how many there are). */
const SHOWN = 500;

type Row = vscode.QuickPickItem & { entry: ObjectEntry };

export function findCommands(deps: StorageDeps, fs: ObjectFileSystem): Record<string, CommandHandler> {
  return {
    'nhncloud.storage.findInBucket': async (node?: unknown) => {
      const t = await bucketFrom(node, deps, vscode.l10n.t('Find in Bucket'));
      const where = `${t.bucket}/${t.prefix}`;
      const search = new KeySearch(t.prefix);
      const ac = new AbortController();
      const openButton = { iconPath: new vscode.ThemeIcon('go-to-file'), tooltip: vscode.l10n.t('Open') };
      const downloadButton = {
        iconPath: new vscode.ThemeIcon('cloud-download'),
        tooltip: vscode.l10n.t('Download...'),
      };
      const qp = vscode.window.createQuickPick<Row>();
      qp.placeholder = vscode.l10n.t('A part of a key, or a glob such as *.log or 2026/**/report-*.csv');
      qp.matchOnDescription = false;
      qp.ignoreFocusOut = true;
      let listing = true;
      let failure: string | undefined;
      const render = () => {
        const found = search.matches;
        // Two counts, so four whole sentences for each state (issue 63: "1 matches in 10 keys").
        const n = found.length;
        const keys = search.listedCount;
        qp.title = failure
          ? plural(
              n,
              plural(
                keys,
                vscode.l10n.t('Find in {0}: {1} match in {2} key; the listing stopped: {3}', where, n, keys, failure),
                vscode.l10n.t('Find in {0}: {1} match in {2} keys; the listing stopped: {3}', where, n, keys, failure),
              ),
              plural(
                keys,
                vscode.l10n.t('Find in {0}: {1} matches in {2} key; the listing stopped: {3}', where, n, keys, failure),
                vscode.l10n.t(
                  'Find in {0}: {1} matches in {2} keys; the listing stopped: {3}',
                  where,
                  n,
                  keys,
                  failure,
                ),
              ),
            )
          : listing
            ? plural(
                n,
                plural(
                  keys,
                  vscode.l10n.t('Find in {0}: {1} match in {2} key so far (listing...)', where, n, keys),
                  vscode.l10n.t('Find in {0}: {1} match in {2} keys so far (listing...)', where, n, keys),
                ),
                plural(
                  keys,
                  vscode.l10n.t('Find in {0}: {1} matches in {2} key so far (listing...)', where, n, keys),
                  vscode.l10n.t('Find in {0}: {1} matches in {2} keys so far (listing...)', where, n, keys),
                ),
              )
            : plural(
                n,
                plural(
                  keys,
                  vscode.l10n.t('Find in {0}: {1} match in {2} key', where, n, keys),
                  vscode.l10n.t('Find in {0}: {1} match in {2} keys', where, n, keys),
                ),
                plural(
                  keys,
                  vscode.l10n.t('Find in {0}: {1} matches in {2} key', where, n, keys),
                  vscode.l10n.t('Find in {0}: {1} matches in {2} keys', where, n, keys),
                ),
              );
        qp.busy = listing;
        // The list keeps our matches (a glob is not a substring of the label: nothing is hidden).
        qp.items = found.slice(0, SHOWN).map((entry) => ({
          entry,
          label: baseName(entry.key),
          description: entry.key.slice(t.prefix.length),
          detail: [formatSize(entry.size), formatTimestamp(entry.lastModified)].filter(Boolean).join(' · '),
          alwaysShow: true,
          buttons: [openButton, downloadButton],
        }));
      };
      let typed: NodeJS.Timeout | undefined;
      qp.onDidChangeValue((value) => {
        clearTimeout(typed);
        // Matching 100,000 keys takes a few milliseconds; waiting for a pause in typing keeps the list calm.
        typed = setTimeout(() => {
          search.setPattern(value);
          render();
        }, 120);
      });
      qp.onDidAccept(() => {
        const row = qp.selectedItems[0];
        if (!row) return;
        qp.hide();
        void revealKey(deps, t, row.entry.key).then((shown) => {
          if (!shown)
            void vscode.window.showInformationMessage(
              vscode.l10n.t(
                '{0} exists in {1} but is beyond the pages loaded in the tree; use the prefix filter to show it.',
                row.entry.key,
                t.bucket,
              ),
            );
        });
      });
      qp.onDidTriggerItemButton(({ item, button }) => {
        const key = item.entry.key;
        const run =
          button === openButton
            ? openObject(fs, { s3: t.s3, bucket: t.bucket, key, uri: objectUri(t, key), size: item.entry.size })
            : downloadObject(t.s3, t.bucket, item.entry);
        run.catch((e: Error) => void vscode.window.showErrorMessage(e.message));
      });
      const closed = new Promise<void>((resolve) =>
        qp.onDidHide(() => {
          ac.abort();
          clearTimeout(typed);
          qp.dispose();
          resolve();
        }),
      );
      render();
      qp.show();
      // Pages are drawn as they come, at most every 150 ms (100 pages of a big bucket redraw ~30 times).
      let drawn = 0;
      try {
        for await (const page of listAllKeys(t.s3, t.bucket, t.prefix, ac.signal)) {
          search.add(page);
          if (Date.now() - drawn > 150) {
            drawn = Date.now();
            render();
          }
        }
      } catch (e) {
        if (!ac.signal.aborted) failure = (e as Error).message;
      }
      listing = false;
      if (!ac.signal.aborted) render();
      await closed;
    },
  };
}
