// Event subscriptions (RDS API v4.0, issue 27): create one (what, from where, to whom, how),
// enable or disable it, delete it. Event codes come from the service's catalog of the category.
import * as vscode from 'vscode';
import { EVENT_CATEGORY_TYPES } from '../../client/rds/schemas';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { rdsIds } from '../tree/ids';
import { EventSubscriptionNode, type EventSubscriptionItem } from '../tree/subscriptions';
import { ask, confirm, pick, pickMany } from './util';
import { scopeFrom, type Scope } from './targets';

const SUBSCRIPTION_NAME_MAX = 100;

/**
 * The guide names the instance category two ways (INSTANCE in the subscription examples,
 * DB_INSTANCE in the category list and the event codes): one category to a person.
 */
const INSTANCE_CATEGORIES = new Set(['INSTANCE', 'DB_INSTANCE']);
const sameCategory = (a: string | null | undefined, b: string) =>
  a === b || (INSTANCE_CATEGORIES.has(a ?? '') && INSTANCE_CATEGORIES.has(b));

async function subscriptionFrom(node: unknown, deps: RdsDeps, title: string) {
  const scope = await scopeFrom(node, deps, title);
  if (node instanceof EventSubscriptionNode) return { scope, sub: node.data };
  const { eventSubscriptions } = await scope.rds.listEventSubscriptions({ query: { size: 100 } });
  const chosen = await pick(
    (eventSubscriptions ?? []).map((s) => ({
      label: s.eventSubscriptionName ?? s.eventSubscriptionId,
      description: s.eventCategoryType ?? '',
      s,
    })),
    { title, placeHolder: vscode.l10n.t('Event subscription') },
  );
  return { scope, sub: chosen.s };
}

/** The sources of a category the user may pick: DB instances (the categories about instances), else none. */
async function askSources(scope: Scope, title: string, category: string) {
  if (!INSTANCE_CATEGORIES.has(category)) return [];
  const { dbInstances } = await scope.rds.listDbInstances();
  const picked = await pickMany(
    (dbInstances ?? []).map((i) => ({ label: i.dbInstanceName ?? i.dbInstanceId, id: i.dbInstanceId })),
    { title, placeHolder: vscode.l10n.t('DB instances whose events are sent (none: every instance)') },
  );
  return picked.map((p) => ({ sourceId: p.id, eventCategoryType: category as (typeof EVENT_CATEGORY_TYPES)[number] }));
}

export function subscriptionCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const done = (rootId: string, message: string) => {
    deps.explorer.refreshId(rdsIds.folder(rootId, 'eventSubscription'));
    void vscode.window.showInformationMessage(message);
  };
  return {
    'nhncloud.rds.createEventSubscription': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, vscode.l10n.t('Create Event Subscription'));
      const title = vscode.l10n.t('New event subscription');
      const eventSubscriptionName = await ask({
        title,
        prompt: vscode.l10n.t('Name'),
        validate: (t) =>
          t.trim() && t.length <= SUBSCRIPTION_NAME_MAX
            ? undefined
            : vscode.l10n.t('1 to {0} characters.', SUBSCRIPTION_NAME_MAX),
      });
      const category = (
        await pick(
          EVENT_CATEGORY_TYPES.map((c) => ({ label: c, value: c })),
          { title, placeHolder: vscode.l10n.t('Event category') },
        )
      ).value;
      const { eventCodes } = await scope.rds.listEventCodes();
      const codes = (eventCodes ?? []).filter((c) => category === 'ALL' || sameCategory(c.eventCategoryType, category));
      if (!codes.length)
        throw new Error(
          vscode.l10n.t('The service lists no event code of the category {0}: choose another.', category),
        );
      const picked = await pickMany(
        codes.map((c) => ({ label: c.eventCode, description: c.eventCategoryType ?? '' })),
        { title, placeHolder: vscode.l10n.t('Event codes to subscribe to') },
      );
      if (!picked.length) throw new Error(vscode.l10n.t('Pick at least one event code.'));
      const sources = await askSources(scope, title, category);
      const { userGroups } = await scope.rds.listUserGroups();
      const groups = await pickMany(
        (userGroups ?? []).map((g) => ({ label: g.userGroupName ?? g.userGroupId, id: g.userGroupId })),
        { title, placeHolder: vscode.l10n.t('User groups that receive the events') },
      );
      if (!groups.length) throw new Error(vscode.l10n.t('Pick at least one user group to notify.'));
      const channels = await pickMany(
        [
          { label: 'E-mail', key: 'email', picked: true },
          { label: 'SMS', key: 'sms', picked: false },
        ],
        { title, placeHolder: vscode.l10n.t('Notify by') },
      );
      await scope.rds.createEventSubscription({
        body: {
          eventSubscriptionName,
          eventCategoryType: category,
          enabled: true,
          notifyEmail: channels.some((c) => c.key === 'email'),
          notifySms: channels.some((c) => c.key === 'sms'),
          eventCodes: picked.map((p) => p.label),
          sources,
          userGroupIds: groups.map((g) => g.id),
        },
      });
      done(scope.rootId, vscode.l10n.t('Event subscription {0} created.', eventSubscriptionName));
    },
    'nhncloud.rds.toggleEventSubscription': async (node?: unknown) => {
      const { scope, sub } = await subscriptionFrom(node, deps, vscode.l10n.t('Enable or Disable Event Subscription'));
      const enabled = sub.enabled === false;
      await scope.rds.modifyEventSubscription({ eventSubscriptionId: sub.eventSubscriptionId, body: { enabled } });
      done(
        scope.rootId,
        enabled
          ? vscode.l10n.t('Event subscription {0} is enabled.', name(sub))
          : vscode.l10n.t('Event subscription {0} is disabled.', name(sub)),
      );
    },
    'nhncloud.rds.deleteEventSubscription': async (node?: unknown) => {
      const { scope, sub } = await subscriptionFrom(node, deps, vscode.l10n.t('Delete Event Subscription'));
      await confirm(vscode.l10n.t('Delete event subscription {0}?', name(sub)), vscode.l10n.t('Delete'));
      await scope.rds.deleteEventSubscription({ eventSubscriptionId: sub.eventSubscriptionId });
      done(scope.rootId, vscode.l10n.t('Event subscription {0} deleted.', name(sub)));
    },
  };
}

const name = (s: EventSubscriptionItem) => s.eventSubscriptionName ?? s.eventSubscriptionId;
