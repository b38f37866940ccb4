// Event Subscriptions (RDS API v4.0, issue 27), beside Notification Groups: who hears of which
// events of which sources, by e-mail or SMS. RdsServiceNode shows the folder where the profile's
// client has the operations.
import * as vscode from 'vscode';
import type { RdsOutput } from '../../client/rds/client';
import { mdFields } from '../../shared/tree/markdown';
import { LeafNode, type TreeNode } from '../../shared/tree/nodes';
import { RdsFolderNode, rdsRoot } from './base';
import { eventCategoryLabel, eventCodeText } from '../eventCodes';

export type EventSubscriptionItem = RdsOutput<'listEventSubscriptions'>['eventSubscriptions'][number];

export class EventSubscriptionNode extends LeafNode {
  constructor(
    parent: TreeNode,
    readonly data: EventSubscriptionItem,
    /** Names by id of the instances, DB security groups and user groups it refers to (RdsRootNode.resourceNames). */
    names: ReadonlyMap<string, string> = new Map(),
  ) {
    const codes = data.eventCodes ?? [];
    const name = (id: string) => names.get(id) ?? id;
    super(parent, `${parent.id}/${data.eventSubscriptionId}`, data.eventSubscriptionName ?? data.eventSubscriptionId, {
      icon: data.enabled === false ? 'bell-slash' : 'bell-dot',
      description: [
        data.enabled === false ? vscode.l10n.t('disabled') : vscode.l10n.t('enabled'),
        eventCategoryLabel(data.eventCategoryType),
      ]
        .filter(Boolean)
        .join(' · '),
      // An id for the menus' when clauses: never translated.
      contextValue: `rds.eventSubscription.${data.enabled === false ? 'disabled' : 'enabled'}`,
      copyValue: data.eventSubscriptionId,
      // What a person asks of a subscription: which events, of what, to whom; each by its name
      // or meaning, never a count of ids ("Sources: 1").
      tooltip: new vscode.MarkdownString(
        mdFields(data.eventSubscriptionName ?? data.eventSubscriptionId, [
          [vscode.l10n.t('Category'), eventCategoryLabel(data.eventCategoryType)],
          [
            vscode.l10n.t('Events'),
            codes.length ? codes.map(eventCodeText) : vscode.l10n.t('every event of the category'),
          ],
          [
            vscode.l10n.t('Sources'),
            (data.sources ?? []).length
              ? (data.sources ?? []).map((x) => name(x.sourceId))
              : vscode.l10n.t('every source of the category'),
          ],
          [
            vscode.l10n.t('User groups'),
            (data.userGroupIds ?? []).length ? (data.userGroupIds ?? []).map(name) : vscode.l10n.t('none'),
          ],
          [
            vscode.l10n.t('Notify by'),
            [data.notifyEmail && vscode.l10n.t('e-mail'), data.notifySms && 'SMS'].filter(Boolean).join(', ') ||
              vscode.l10n.t('none'),
          ],
        ]),
      ),
    });
  }
}

export function eventSubscriptionsFolder(parent: TreeNode): RdsFolderNode {
  return new RdsFolderNode(
    parent,
    'eventSubscription',
    vscode.l10n.t('Event Subscriptions'),
    'rds.folder.eventSubscriptions',
    'bell-dot',
    async (rds, self) => {
      const [{ eventSubscriptions }, names] = await Promise.all([
        rds.listEventSubscriptions({ query: { size: 100 } }),
        rdsRoot(self).resourceNames(),
      ]);
      return (eventSubscriptions ?? []).map((s) => new EventSubscriptionNode(self, s, names));
    },
    { emptyText: vscode.l10n.t('No event subscription') },
  );
}
