// Event subscriptions (RDS API v4.0, issue 27): create one (what, from where, to whom, how),
// edit it (the same steps, starting from its answers), enable or disable it, delete it. Event codes come from the service's catalog of the category.
import * as vscode from 'vscode';
import type { RdsInput, RdsOutput } from '../../client/rds/client';
import { EVENT_CATEGORY_TYPES, type EventCategoryType } from '../../client/rds/schemas';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { rdsIds } from '../tree/ids';
import { EventSubscriptionNode, type EventSubscriptionItem } from '../tree/subscriptions';
import { ask, confirm, pick, pickMany } from './util';
import { scopeFrom, type Scope } from './targets';
import { eventCategoryLabel, eventCodeMeaning } from '../eventCodes';

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
      description: eventCategoryLabel(s.eventCategoryType),
      s,
    })),
    { title, placeHolder: vscode.l10n.t('Event subscription') },
  );
  return { scope, sub: chosen.s };
}

/** The subscription's name, 1 to 100 characters (the guide). */
const askName = (title: string, value?: string) =>
  ask({
    title,
    prompt: vscode.l10n.t('Name'),
    value,
    validate: (t) =>
      t.trim() && t.length <= SUBSCRIPTION_NAME_MAX
        ? undefined
        : vscode.l10n.t('1 to {0} characters.', SUBSCRIPTION_NAME_MAX),
  });

/** The event codes of `category` from the service's catalog; `current` starts picked. */
async function askCodes(
  scope: Scope,
  title: string,
  category: string,
  current: readonly string[] = [],
  catalog?: RdsOutput<'listEventCodes'>['eventCodes'],
) {
  const eventCodes = catalog ?? (await scope.rds.listEventCodes()).eventCodes;
  const codes = (eventCodes ?? []).filter((c) => category === 'ALL' || sameCategory(c.eventCategoryType, category));
  if (!codes.length)
    throw new Error(
      vscode.l10n.t(
        'The service lists no event code of the category {0}: choose another.',
        eventCategoryLabel(category),
      ),
    );
  const picked = await pickMany(
    codes.map((c) => ({
      label: eventCodeMeaning(c.eventCode) ?? c.eventCode,
      description: eventCodeMeaning(c.eventCode) ? c.eventCode : eventCategoryLabel(c.eventCategoryType),
      picked: current.includes(c.eventCode),
    })),
    { title, placeHolder: vscode.l10n.t('Event codes to subscribe to') },
  );
  if (!picked.length) throw new Error(vscode.l10n.t('Pick at least one event code.'));
  return picked.map((p) => p.label);
}

/** The sources of a category the user may pick: DB instances (the categories about instances), else none. */
async function askSources(scope: Scope, title: string, category: string, current: readonly string[] = []) {
  if (!INSTANCE_CATEGORIES.has(category)) return [];
  const { dbInstances } = await scope.rds.listDbInstances();
  const picked = await pickMany(
    (dbInstances ?? []).map((i) => ({
      label: i.dbInstanceName ?? i.dbInstanceId,
      id: i.dbInstanceId,
      picked: current.includes(i.dbInstanceId),
    })),
    { title, placeHolder: vscode.l10n.t('DB instances whose events are sent (none: every instance)') },
  );
  return picked.map((p) => ({ sourceId: p.id, eventCategoryType: category as (typeof EVENT_CATEGORY_TYPES)[number] }));
}

/** The user groups notified (at least one); `current` starts picked. */
async function askGroups(scope: Scope, title: string, current: readonly string[] = []) {
  const { userGroups } = await scope.rds.listUserGroups();
  const groups = await pickMany(
    (userGroups ?? []).map((g) => ({
      label: g.userGroupName ?? g.userGroupId,
      id: g.userGroupId,
      picked: current.includes(g.userGroupId),
    })),
    { title, placeHolder: vscode.l10n.t('User groups that receive the events') },
  );
  if (!groups.length) throw new Error(vscode.l10n.t('Pick at least one user group to notify.'));
  return groups.map((g) => g.id);
}

/** E-mail and SMS, as the subscription has them (a new one: e-mail). */
async function askChannels(title: string, email = true, sms = false) {
  const channels = await pickMany(
    [
      { label: 'E-mail', key: 'email', picked: email },
      { label: 'SMS', key: 'sms', picked: sms },
    ],
    { title, placeHolder: vscode.l10n.t('Notify by') },
  );
  return { notifyEmail: channels.some((c) => c.key === 'email'), notifySms: channels.some((c) => c.key === 'sms') };
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
      const eventSubscriptionName = await askName(title);
      // The categories the service's code catalog names (it says DB_INSTANCE where the events
      // query says INSTANCE), one row per category in words: the schema's list named the
      // instances' category twice.
      const catalog = (await scope.rds.listEventCodes()).eventCodes ?? [];
      const known = (c: string | null | undefined): c is EventCategoryType =>
        (EVENT_CATEGORY_TYPES as readonly unknown[]).includes(c);
      const named = catalog.map((c) => c.eventCategoryType).filter(known);
      const byLabel = new Map<string, EventCategoryType>();
      const offered: readonly EventCategoryType[] = ['ALL', ...(named.length ? named : EVENT_CATEGORY_TYPES)];
      for (const c of offered) if (!byLabel.has(eventCategoryLabel(c))) byLabel.set(eventCategoryLabel(c), c);
      const category = (
        await pick(
          [...byLabel].map(([label, value]) => ({ label, value })),
          { title, placeHolder: vscode.l10n.t('Event category') },
        )
      ).value;
      const eventCodes = await askCodes(scope, title, category, [], catalog);
      const sources = await askSources(scope, title, category);
      const userGroupIds = await askGroups(scope, title);
      const channels = await askChannels(title);
      await scope.rds.createEventSubscription({
        body: {
          eventSubscriptionName,
          eventCategoryType: category,
          enabled: true,
          ...channels,
          eventCodes,
          sources,
          userGroupIds,
        },
      });
      done(scope.rootId, vscode.l10n.t('Event subscription {0} created.', eventSubscriptionName));
    },
    // Edit: pick what to change, each step starting from the subscription's current answer; only
    // what was changed is sent (the guide's modify replaces each field given).
    'nhncloud.rds.editEventSubscription': async (node?: unknown) => {
      const { scope, sub } = await subscriptionFrom(node, deps, vscode.l10n.t('Edit Event Subscription'));
      const title = vscode.l10n.t('Edit event subscription {0}', name(sub));
      const category = sub.eventCategoryType ?? 'ALL';
      const steps = await pickMany(
        [
          { label: vscode.l10n.t('Name'), description: name(sub), step: 'name' as const },
          {
            label: vscode.l10n.t('Event codes'),
            description: (sub.eventCodes ?? []).join(', '),
            step: 'codes' as const,
          },
          ...(INSTANCE_CATEGORIES.has(category)
            ? [
                {
                  label: vscode.l10n.t('DB instances'),
                  description: sub.sources?.length ? String(sub.sources.length) : vscode.l10n.t('every instance'),
                  step: 'sources' as const,
                },
              ]
            : []),
          {
            label: vscode.l10n.t('User groups'),
            description: String(sub.userGroupIds?.length ?? 0),
            step: 'groups' as const,
          },
          {
            label: vscode.l10n.t('Notify by'),
            description: [sub.notifyEmail && 'E-mail', sub.notifySms && 'SMS'].filter(Boolean).join(', '),
            step: 'channels' as const,
          },
        ],
        { title, placeHolder: vscode.l10n.t('What do you want to change?') },
      );
      if (!steps.length) return;
      const body: RdsInput<'modifyEventSubscription'>['body'] = {};
      for (const { step } of steps) {
        if (step === 'name') body.eventSubscriptionName = await askName(title, name(sub));
        else if (step === 'codes') body.eventCodes = await askCodes(scope, title, category, sub.eventCodes ?? []);
        else if (step === 'sources')
          body.sources = await askSources(
            scope,
            title,
            category,
            (sub.sources ?? []).map((x) => x.sourceId),
          );
        else if (step === 'groups') body.userGroupIds = await askGroups(scope, title, sub.userGroupIds ?? []);
        else Object.assign(body, await askChannels(title, sub.notifyEmail === true, sub.notifySms === true));
      }
      await scope.rds.modifyEventSubscription({ eventSubscriptionId: sub.eventSubscriptionId, body });
      done(scope.rootId, vscode.l10n.t('Event subscription {0} updated.', body.eventSubscriptionName ?? name(sub)));
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
