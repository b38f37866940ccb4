// Events filtered on the server by category, keyword and time range (the name filter of
// nhncloud.tree.filter still narrows the loaded page on top).
import * as vscode from 'vscode';
import type { EventCategoryType } from '../../client/rds/schemas';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { DEFAULT_EVENT_QUERY, EventsFolderNode, type EventQuery } from '../tree/backupsEvents';
import { parseLocalDate, validate } from './limits';
import { ask, pick } from './util';
import { instanceFrom, scopeFrom } from './targets';
import { rdsIds } from '../tree/ids';
import { InstanceNode } from '../tree/instanceNode';
import { TreeNode } from '../../shared/tree/nodes';
import { localDateInput } from '../../shared/l10n';
import { eventCategoryLabel } from '../eventCodes';

/**
 * The instance a node belongs to: the node itself, or the instance above it. A job's warning
 * passes the node the job changed, which is a folder of the instance for some (Create DB User:
 * its DB Users folder).
 */
function instanceAbove(node: unknown): InstanceNode | undefined {
  for (let n = node instanceof TreeNode ? node : undefined; n; n = n.parent) if (n instanceof InstanceNode) return n;
  return undefined;
}

/** The categories the filter offers, named in words (the API's names stay in the request). */
const CATEGORIES: EventCategoryType[] = ['ALL', 'INSTANCE', 'BACKUP', 'DB_SECURITY_GROUP', 'TENANT'];

const RANGES = [
  { label: vscode.l10n.t('Last hour'), hours: 1 },
  { label: vscode.l10n.t('Last 24 hours'), hours: 24 },
  { label: vscode.l10n.t('Last 7 days'), hours: 24 * 7 },
  { label: vscode.l10n.t('Last 30 days'), hours: 24 * 30 },
  { label: vscode.l10n.t('Custom range...'), hours: 0 },
];

export function eventCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.filterEvents': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, vscode.l10n.t('Filter Events'));
      const folder =
        node instanceof EventsFolderNode ? node : await deps.explorer.findNode(rdsIds.folder(scope.rootId, 'event'));
      if (!(folder instanceof EventsFolderNode))
        throw new Error(
          vscode.l10n.t('The Events folder is not in the tree: refresh the NHN Cloud explorer and try again.'),
        );
      const title = vscode.l10n.t('Filter events ({0})', scope.region);
      const q = folder.query;
      const category = (
        await pick(
          CATEGORIES.map((category) => ({
            label: eventCategoryLabel(category),
            category,
            picked: category === q.category,
          })),
          { title, placeHolder: vscode.l10n.t('Category (now {0})', eventCategoryLabel(q.category)) },
        )
      ).category;
      const keyword = (
        await ask({
          title,
          prompt: vscode.l10n.t('Keyword in the message (empty: any)'),
          value: q.keyword ?? '',
          validate: validate.keyword,
        })
      ).trim();
      const range = await pick(RANGES, { title, placeHolder: vscode.l10n.t('Time range') });
      const next: EventQuery = { category, keyword: keyword || undefined, hours: range.hours || undefined };
      if (!range.hours) {
        const dateCheck = (t: string) =>
          parseLocalDate(t) ? undefined : vscode.l10n.t('Use YYYY-MM-DD or YYYY-MM-DD hh:mm (local time).');
        const from = parseLocalDate(
          await ask({ title, prompt: vscode.l10n.t('From (YYYY-MM-DD [hh:mm])'), validate: dateCheck }),
        )!;
        const to = parseLocalDate(
          await ask({
            title,
            prompt: vscode.l10n.t('To (YYYY-MM-DD [hh:mm])'),
            value: localDateInput(new Date()),
            validate: (t) =>
              dateCheck(t) ??
              (parseLocalDate(t)! <= from ? vscode.l10n.t('The end must be after the start.') : undefined),
          }),
        )!;
        next.from = from;
        next.to = to;
      }
      folder.query = next;
      deps.explorer.refreshId(folder.id);
    },
    // An instance's events: the region's Events folder narrowed to it (a job that failed or
    // completed with errors links here, with the instance or a folder of it), revealed and expanded.
    'nhncloud.rds.showInstanceEvents': async (node?: unknown) => {
      const target = await instanceFrom(instanceAbove(node), deps, vscode.l10n.t('Show Events'));
      const folder = await deps.explorer.findNode(rdsIds.folder(target.rootId, 'event'));
      if (!(folder instanceof EventsFolderNode))
        throw new Error(
          vscode.l10n.t('The Events folder is not in the tree: refresh the NHN Cloud explorer and try again.'),
        );
      folder.query = {
        ...DEFAULT_EVENT_QUERY,
        sourceId: target.data.dbInstanceId,
        sourceName: target.data.dbInstanceName ?? undefined,
      };
      deps.explorer.refreshId(folder.id);
      await deps.explorer.reveal(folder.id);
    },
    'nhncloud.rds.clearEventFilter': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, vscode.l10n.t('Clear Event Filter'));
      const folder =
        node instanceof EventsFolderNode ? node : await deps.explorer.findNode(rdsIds.folder(scope.rootId, 'event'));
      if (folder instanceof EventsFolderNode) {
        folder.query = { ...DEFAULT_EVENT_QUERY };
        deps.explorer.refreshId(folder.id);
      }
    },
  };
}
