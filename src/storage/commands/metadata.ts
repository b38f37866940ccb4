// Edit Metadata... on one object or many (issue 30, item 5): their served headers and user
// metadata in one list (../objectMetadata.ts says what they share), each changed in an input
// box, then Apply writes every object as a copy onto itself with the REPLACE directive: the
// bytes untouched, multipart above the single-copy limit, and only while the object is the one
// that was read (its ETag), so an object replaced meanwhile is left alone and named.
import * as vscode from 'vscode';
import { ApiError, CancelledError, isCancelledError } from '../../client/errors';
import { copyObjectAnySize } from '../../client/storage/copy';
import { plural } from '../../shared/l10n';
import { mapLimit } from '../../shared/mapLimit';
import { action, ask, askAction, pick } from '../../shared/prompts';
import type { CommandHandler } from '../../shared/services';
import { baseName } from '../keys';
import {
  HEADER_FIELDS,
  changeCount,
  changedHeaders,
  headerValueProblem,
  metadataKeyProblem,
  metadataSizeProblem,
  noChanges,
  sharedHeaders,
  type HeaderField,
  type MetadataChanges,
  type Shared,
  type SharedHeaders,
} from '../objectMetadata';
import { bucketOf, storageRoot, type StorageDeps } from '../tree/nodes';
import { concurrency, objectNodes } from './targets';

/** Objects read or written at once. */
const AT_ONCE = 4;

/** A row of the list and what picking it does (`kind` is the QuickPickItem's: a separator or not). */
type Choice = vscode.QuickPickItem &
  (
    | { act: 'field'; field: HeaderField; name: string }
    | { act: 'meta'; key: string }
    | { act: 'add' }
    | { act: 'apply' }
    | { act: 'none' }
  );

function shown(s: Shared | undefined): string {
  if (!s) return vscode.l10n.t('(none)');
  if ('several' in s) return vscode.l10n.t('(several values: each object keeps its own)');
  return s.value === undefined ? vscode.l10n.t('(none)') : s.value || vscode.l10n.t('(empty)');
}

/** What a changed row held before, as a whole sentence. */
function was(s: Shared | undefined): string {
  if (s && 'several' in s) return vscode.l10n.t('Was: several values (each object keeps its own).');
  return s?.value ? vscode.l10n.t('Was: {0}', s.value) : vscode.l10n.t('Was: none.');
}

function changedTo(v: string | null): string {
  return v === null ? vscode.l10n.t('(removed)') : v || vscode.l10n.t('(empty)');
}

/** The header a user metadata key is sent as (a protocol name: never translated). */
const metaHeader = (key: string): string => `x-amz-meta-${key}`;

/** The list: each header and metadata key with what the objects hold, changes marked, then Apply. */
function items(shared: SharedHeaders, changes: MetadataChanges): Choice[] {
  const out: Choice[] = [];
  for (const [field, name] of HEADER_FIELDS) {
    const changed = field in changes.fields;
    out.push({
      act: 'field',
      field,
      name,
      label: changed ? `$(edit) ${name}` : name,
      description: changed ? changedTo(changes.fields[field]!) : shown(shared.fields[field]),
      detail: changed ? was(shared.fields[field]) : undefined,
    });
  }
  out.push({ act: 'none', label: vscode.l10n.t('User metadata'), kind: vscode.QuickPickItemKind.Separator });
  const keys = [...new Set([...shared.metadata.keys(), ...Object.keys(changes.metadata)])].sort();
  for (const key of keys) {
    const s = shared.metadata.get(key);
    const changed = key in changes.metadata;
    const some =
      s && s.on < shared.count
        ? plural(
            shared.count,
            vscode.l10n.t('On {0} of {1} object.', s.on, shared.count),
            vscode.l10n.t('On {0} of {1} objects.', s.on, shared.count),
          )
        : undefined;
    const header = metaHeader(key);
    out.push({
      act: 'meta',
      key,
      label: changed ? `$(edit) ${header}` : header,
      description: changed ? changedTo(changes.metadata[key]) : shown(s),
      detail: changed ? was(s) : some,
    });
  }
  out.push({ act: 'add', label: vscode.l10n.t('$(add) Add User Metadata...') });
  const n = changeCount(changes);
  if (n)
    out.push({
      act: 'apply',
      label: vscode.l10n.t('$(check) Apply'),
      // Two counts, four whole sentences (issue 63: "Apply 1 changes to 1 object").
      description: plural(
        n,
        plural(
          shared.count,
          vscode.l10n.t('{0} change to {1} object', n, shared.count),
          vscode.l10n.t('{0} change to {1} objects', n, shared.count),
        ),
        plural(
          shared.count,
          vscode.l10n.t('{0} changes to {1} object', n, shared.count),
          vscode.l10n.t('{0} changes to {1} objects', n, shared.count),
        ),
      ),
    });
  return out;
}

/**
 * A row whose objects differ: one value for all, removed from all, or each object's own kept
 * (an empty input box could not tell "remove" from "keep").
 */
async function severalValues(title: string, name: string): Promise<'set' | 'remove' | 'keep'> {
  const chosen = await pick(
    [
      { id: 'set' as const, label: vscode.l10n.t('Set One Value for Every Object...') },
      { id: 'remove' as const, label: vscode.l10n.t('Remove from Every Object') },
      { id: 'keep' as const, label: vscode.l10n.t("Keep Each Object's Own") },
    ],
    { title, placeHolder: vscode.l10n.t('The selected objects differ in {0}.', name) },
  );
  return chosen.id;
}

export function metadataCommands(deps: StorageDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.storage.editMetadata': async (node?: unknown, nodes?: unknown) => {
      const objects = objectNodes(node, nodes);
      if (!objects.length)
        throw new Error(vscode.l10n.t('Select objects in the NHN Cloud explorer to edit their metadata.'));
      const s3 = await storageRoot(objects[0]).client();
      const bucket = bucketOf(objects[0]).bucket;
      const keys = objects.map((o) => o.key);
      const title =
        keys.length === 1
          ? vscode.l10n.t('Edit Metadata: {0}', baseName(keys[0]))
          : plural(
              keys.length,
              vscode.l10n.t('Edit Metadata: {0} object in {1}', keys.length, bucket),
              vscode.l10n.t('Edit Metadata: {0} objects in {1}', keys.length, bucket),
            );

      // Every object's headers as they are now (their ETags too: Apply writes only those versions).
      const list = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: plural(
            keys.length,
            vscode.l10n.t('Reading the metadata of {0} object', keys.length),
            vscode.l10n.t('Reading the metadata of {0} objects', keys.length),
          ),
          cancellable: true,
        },
        async (_p, token) => {
          const ac = new AbortController();
          token.onCancellationRequested(() => ac.abort());
          const heads = await mapLimit(
            keys,
            AT_ONCE,
            (key) => s3.headObject(bucket, key, { signal: ac.signal }),
            ac.signal,
          );
          if (ac.signal.aborted) throw new CancelledError();
          return heads;
        },
      );
      const shared = sharedHeaders(list);
      const changes = noChanges();

      for (;;) {
        const choice = await vscode.window.showQuickPick(items(shared, changes), {
          title,
          placeHolder: vscode.l10n.t('Pick a header or a metadata key to change it; Apply writes the changes.'),
          ignoreFocusOut: true,
          matchOnDescription: true,
        });
        if (!choice) {
          // Escape: changes are never dropped without asking.
          const n = changeCount(changes);
          if (!n) throw new CancelledError();
          const answer = await askAction(
            'warning',
            plural(
              n,
              vscode.l10n.t('Discard {0} change to the metadata?', n),
              vscode.l10n.t('Discard {0} changes to the metadata?', n),
            ),
            { modal: true },
            action('discard', vscode.l10n.t('Discard')),
            action('keep', vscode.l10n.t('Keep Editing')),
          );
          if (answer === 'discard') throw new CancelledError();
          continue;
        }
        try {
          if (choice.act === 'apply') break;
          if (choice.act === 'field') {
            const s = shared.fields[choice.field];
            if ('several' in s) {
              const how = await severalValues(title, choice.name);
              if (how === 'keep') delete changes.fields[choice.field];
              if (how === 'remove') changes.fields[choice.field] = null;
              if (how !== 'set') continue;
            }
            const before = choice.field in changes.fields ? changes.fields[choice.field] : 'value' in s ? s.value : '';
            const value = (
              await ask({
                title,
                prompt:
                  keys.length === 1
                    ? vscode.l10n.t('{0} of {1} (empty: none)', choice.name, baseName(keys[0]))
                    : vscode.l10n.t('{0} of every selected object (empty: none)', choice.name),
                value: before ?? '',
                validate: (v) => headerValueProblem(choice.field, v.trim()),
              })
            ).trim();
            const original = 'value' in s ? (s.value ?? '') : undefined;
            if (value === original) delete changes.fields[choice.field];
            else changes.fields[choice.field] = value || null;
          } else if (choice.act === 'meta' || choice.act === 'add') {
            const key =
              choice.act === 'meta'
                ? choice.key
                : (
                    await ask({
                      title,
                      prompt: vscode.l10n.t('The key of the new user metadata (sent as x-amz-meta-<key>)'),
                      validate: (v) =>
                        metadataKeyProblem(v.trim().toLowerCase(), [
                          ...shared.metadata.keys(),
                          ...Object.keys(changes.metadata),
                        ]),
                    })
                  )
                    .trim()
                    .toLowerCase();
            const s = shared.metadata.get(key);
            if (s && ('several' in s || s.on < shared.count)) {
              const how = await severalValues(title, metaHeader(key));
              if (how === 'keep') delete changes.metadata[key];
              if (how === 'remove') changes.metadata[key] = null;
              if (how !== 'set') continue;
            }
            const before = key in changes.metadata ? changes.metadata[key] : s && 'value' in s ? s.value : '';
            const value = await ask({
              title,
              prompt: vscode.l10n.t('The value of x-amz-meta-{0} (any text; empty removes the key)', key),
              value: before ?? '',
            });
            const original = s && 'value' in s && s.on === shared.count ? s.value : undefined;
            if (value === original) delete changes.metadata[key];
            else if (!value && !s) delete changes.metadata[key];
            else changes.metadata[key] = value === '' ? null : value;
          }
        } catch (e) {
          // Escape in an input box: back to the list, the changes kept.
          if (!isCancelledError(e)) throw e;
        }
      }

      // Checked before anything is written: the 2 KB limit on each object's user metadata.
      for (const info of list) {
        const problem = metadataSizeProblem(changedHeaders(info, changes).metadata ?? {});
        if (problem) throw new Error(problem);
      }
      const failed: string[] = [];
      let done = 0;
      await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: plural(
            keys.length,
            vscode.l10n.t('Writing the metadata of {0} object', keys.length),
            vscode.l10n.t('Writing the metadata of {0} objects', keys.length),
          ),
          cancellable: true,
        },
        async (progress, token) => {
          const ac = new AbortController();
          token.onCancellationRequested(() => ac.abort());
          await mapLimit(
            keys.map((key, i) => ({ key, info: list[i] })),
            AT_ONCE,
            async ({ key, info }) => {
              try {
                await copyObjectAnySize(s3, {
                  from: { bucket, key },
                  to: { bucket, key },
                  source: info,
                  ifMatch: info.etag,
                  replace: changedHeaders(info, changes),
                  concurrency: concurrency(),
                  signal: ac.signal,
                });
                done++;
                progress.report({ increment: 100 / keys.length });
              } catch (e) {
                if (ac.signal.aborted || isCancelledError(e)) return;
                const changed = e instanceof ApiError && (e.status === 412 || e.code === 'PreconditionFailed');
                failed.push(
                  changed
                    ? vscode.l10n.t('{0}: it changed since its metadata was read; nothing was written to it.', key)
                    : `${key}: ${(e as Error).message}`,
                );
              }
            },
            ac.signal,
          );
        },
      );
      // The folders of the objects show their content types in tooltips: read again.
      for (const id of new Set(objects.map((o) => o.parent!.id))) deps.explorer.refreshId(id);
      if (failed.length)
        throw new Error(
          plural(
            keys.length,
            vscode.l10n.t(
              'The metadata of {0} of {1} object was written; {2} were not:\n{3}',
              done,
              keys.length,
              failed.length,
              failed.slice(0, 10).join('\n'),
            ),
            vscode.l10n.t(
              'The metadata of {0} of {1} objects was written; {2} were not:\n{3}',
              done,
              keys.length,
              failed.length,
              failed.slice(0, 10).join('\n'),
            ),
          ),
        );
      void vscode.window.showInformationMessage(
        done < keys.length
          ? plural(
              keys.length,
              vscode.l10n.t('Cancelled: the metadata of {0} of {1} object was written.', done, keys.length),
              vscode.l10n.t('Cancelled: the metadata of {0} of {1} objects was written.', done, keys.length),
            )
          : plural(
              done,
              vscode.l10n.t('The metadata of {0} object was written.', done),
              vscode.l10n.t('The metadata of {0} objects was written.', done),
            ),
      );
    },
  };
}
