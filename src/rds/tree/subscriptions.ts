// Event Subscriptions (RDS API v4.0, issue 27), beside Notification Groups: who hears of which
// events of which sources, by e-mail or SMS. RdsServiceNode shows the folder where the profile's
// client has the operations.
import * as vscode from 'vscode';
import type { RdsOutput } from '../../client/rds/client';
import { mdFields } from '../../shared/tree/markdown';
import { LeafNode, type TreeNode } from '../../shared/tree/nodes';
import { RdsFolderNode } from './base';

export type EventSubscriptionItem = RdsOutput<'listEventSubscriptions'>['eventSubscriptions'][number];

export class EventSubscriptionNode extends LeafNode {
  constructor(
    parent: TreeNode,
    readonly data: EventSubscriptionItem,
  ) {
    const codes = data.eventCodes ?? [];
    super(parent, `${parent.id}/${data.eventSubscriptionId}`, data.eventSubscriptionName ?? data.eventSubscriptionId, {
      icon: data.enabled === false ? 'bell-slash' : 'bell-dot',
      description: [
        data.eventCategoryType,
        data.enabled === false ? vscode.l10n.t('disabled') : vscode.l10n.t('enabled'),
      ]
        .filter(Boolean)
        .join(' · '),
      // An id for the menus' when clauses: never translated.
      contextValue: `rds.eventSubscription.${data.enabled === false ? 'disabled' : 'enabled'}`,
      copyValue: data.eventSubscriptionId,
      tooltip: new vscode.MarkdownString(
        mdFields(data.eventSubscriptionName ?? data.eventSubscriptionId, [
          [vscode.l10n.t('Category'), data.eventCategoryType],
          [vscode.l10n.t('Event codes'), codes.join(', ') || '-'],
          [vscode.l10n.t('Sources'), String((data.sources ?? []).length)],
          [vscode.l10n.t('User groups'), String((data.userGroupIds ?? []).length)],
          [
            vscode.l10n.t('Notify by'),
            [data.notifyEmail && 'E-mail', data.notifySms && 'SMS'].filter(Boolean).join(', ') || '-',
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
      const { eventSubscriptions } = await rds.listEventSubscriptions({ query: { size: 100 } });
      return (eventSubscriptions ?? []).map((s) => new EventSubscriptionNode(self, s));
    },
    { emptyText: vscode.l10n.t('No event subscription') },
  );
}
