// User groups (create, edit, delete) and notification groups (create, edit, enable or
// disable, delete). VIEWER may use these too (rds-api-v3.0.md, Authentication).
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { NotificationGroupNode, UserGroupNode } from '../tree/groups';
import { validate } from './limits';
import { ask, confirm, pick, pickMany } from './util';
import { scopeFrom, type Scope } from './targets';
import { rdsIds } from '../tree/ids';
import { inWords } from '../../shared/apiWords';

async function userGroupFrom(node: unknown, deps: RdsDeps, title: string) {
  const scope = await scopeFrom(node, deps, title);
  if (node instanceof UserGroupNode) return { scope, group: node.data };
  const r = await scope.rds.listUserGroups();
  const chosen = await pick(
    (r?.userGroups ?? []).map((g) => ({ label: g.userGroupName as string, g })),
    { title, placeHolder: vscode.l10n.t('User group') },
  );
  return { scope, group: chosen.g as UserGroupNode['data'] };
}

async function notificationGroupFrom(node: unknown, deps: RdsDeps, title: string) {
  const scope = await scopeFrom(node, deps, title);
  if (node instanceof NotificationGroupNode) return { scope, group: node.data };
  const r = await scope.rds.listNotificationGroups();
  const chosen = await pick(
    (r?.notificationGroups ?? []).map((g) => ({
      label: g.notificationGroupName as string,
      description: g.isEnabled ? vscode.l10n.t('enabled') : vscode.l10n.t('disabled'),
      g,
    })),
    { title, placeHolder: vscode.l10n.t('Notification group') },
  );
  return { scope, group: chosen.g as NotificationGroupNode['data'] };
}

/** "Everyone" or a member selection; returns the body fields of create/modify. */
async function askMembers(scope: Scope, title: string, current?: { all: boolean; ids: Set<string> }) {
  const everyone = await pick(
    [
      {
        label: vscode.l10n.t('All project members'),
        description: vscode.l10n.t('present and future'),
        all: true,
        picked: current?.all,
      },
      { label: vscode.l10n.t('Chosen members'), all: false },
    ],
    { title, placeHolder: vscode.l10n.t('Who is in the group?') },
  );
  // v4.0 renamed selectAllYN to selectAll: send the name the profile's version takes.
  const all = (value: boolean) =>
    scope.rds.accepts('createUserGroup', 'selectAll') ? { selectAll: value } : { selectAllYN: value };
  if (everyone.all) return all(true);
  const r = await scope.rds.listProjectMembers();
  const members = await pickMany(
    (r?.members ?? []).map((m) => ({
      label: m.memberName as string,
      description: m.emailAddress as string,
      id: m.memberId as string,
      picked: current?.ids.has(m.memberId),
    })),
    { title, placeHolder: vscode.l10n.t('Members') },
  );
  if (!members.length) throw new Error(vscode.l10n.t('Pick at least one member, or choose "All project members".'));
  return { ...all(false), memberIds: members.map((m) => m.id) };
}

async function askTargets(scope: Scope, title: string, current?: { instances: Set<string>; groups: Set<string> }) {
  const [i, g] = await Promise.all([scope.rds.listDbInstances(), scope.rds.listUserGroups()]);
  const instances = await pickMany(
    (i?.dbInstances ?? []).map((x) => ({
      label: x.dbInstanceName as string,
      description: inWords(x.dbInstanceStatus),
      id: x.dbInstanceId as string,
      picked: current?.instances.has(x.dbInstanceId),
    })),
    { title, placeHolder: vscode.l10n.t('DB instances to watch') },
  );
  const groups = await pickMany(
    (g?.userGroups ?? []).map((x) => ({
      label: x.userGroupName as string,
      id: x.userGroupId as string,
      picked: current?.groups.has(x.userGroupId),
    })),
    { title, placeHolder: vscode.l10n.t('User groups to notify') },
  );
  return { dbInstanceIds: instances.map((x) => x.id), userGroupIds: groups.map((x) => x.id) };
}

async function askChannels(title: string, email = true, sms = true) {
  const picked = await pickMany(
    [
      { label: 'E-mail', key: 'email', picked: email },
      { label: 'SMS', key: 'sms', picked: sms },
    ],
    { title, placeHolder: vscode.l10n.t('Notify by') },
  );
  return { notifyEmail: picked.some((p) => p.key === 'email'), notifySms: picked.some((p) => p.key === 'sms') };
}

export function groupCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const done = (id: string, message: string) => {
    deps.explorer.refreshId(id);
    void vscode.window.showInformationMessage(message);
  };
  return {
    'nhncloud.rds.createUserGroup': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, vscode.l10n.t('Create User Group'));
      const title = vscode.l10n.t('New user group');
      const userGroupName = await ask({ title, prompt: vscode.l10n.t('Name'), validate: validate.resourceName });
      const members = await askMembers(scope, title);
      await scope.rds.createUserGroup({ body: { userGroupName, ...members } });
      done(rdsIds.folder(scope.rootId, 'userGroup'), vscode.l10n.t('User group {0} created.', userGroupName));
    },
    'nhncloud.rds.editUserGroup': async (node?: unknown) => {
      const { scope, group } = await userGroupFrom(node, deps, vscode.l10n.t('Edit User Group'));
      const title = vscode.l10n.t('Edit {0}', group.userGroupName);
      const detail = await scope.rds.getUserGroup({ userGroupId: group.userGroupId });
      const g = detail;
      const userGroupName = await ask({
        title,
        prompt: vscode.l10n.t('Name'),
        value: group.userGroupName,
        validate: validate.resourceName,
      });
      const members = await askMembers(scope, title, {
        all: g?.userGroupTypeCode === 'ENTIRE',
        ids: new Set((g?.members ?? []).map((m) => m.memberId)),
      });
      await scope.rds.modifyUserGroup({ userGroupId: group.userGroupId, body: { userGroupName, ...members } });
      done(rdsIds.folder(scope.rootId, 'userGroup'), vscode.l10n.t('User group {0} saved.', userGroupName));
    },
    'nhncloud.rds.deleteUserGroup': async (node?: unknown) => {
      const { scope, group } = await userGroupFrom(node, deps, vscode.l10n.t('Delete User Group'));
      await confirm(
        vscode.l10n.t('Delete user group {0}?', group.userGroupName),
        vscode.l10n.t('Delete'),
        vscode.l10n.t('Notification groups that use it stop notifying its members.'),
      );
      await scope.rds.deleteUserGroup({ userGroupId: group.userGroupId });
      done(rdsIds.folder(scope.rootId, 'userGroup'), vscode.l10n.t('User group {0} deleted.', group.userGroupName));
    },
    'nhncloud.rds.createNotificationGroup': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, vscode.l10n.t('Create Notification Group'));
      const title = vscode.l10n.t('New notification group');
      const notificationGroupName = await ask({
        title,
        prompt: vscode.l10n.t('Name'),
        validate: validate.resourceName,
      });
      const channels = await askChannels(title);
      const targets = await askTargets(scope, title);
      await scope.rds.createNotificationGroup({
        body: { notificationGroupName, ...channels, isEnabled: true, ...targets },
      });
      done(
        rdsIds.folder(scope.rootId, 'notificationGroup'),
        vscode.l10n.t('Notification group {0} created.', notificationGroupName),
      );
    },
    'nhncloud.rds.editNotificationGroup': async (node?: unknown) => {
      const { scope, group } = await notificationGroupFrom(node, deps, vscode.l10n.t('Edit Notification Group'));
      const title = vscode.l10n.t('Edit {0}', group.notificationGroupName);
      const detail = await scope.rds.getNotificationGroup({ notificationGroupId: group.notificationGroupId });
      const g = detail;
      const notificationGroupName = await ask({
        title,
        prompt: vscode.l10n.t('Name'),
        value: group.notificationGroupName,
        validate: validate.resourceName,
      });
      const channels = await askChannels(title, group.notifyEmail ?? undefined, group.notifySms ?? undefined);
      const targets = await askTargets(scope, title, {
        instances: new Set((g?.dbInstances ?? []).map((x) => x.dbInstanceId)),
        groups: new Set((g?.userGroups ?? []).map((x) => x.userGroupId)),
      });
      await scope.rds.modifyNotificationGroup({
        notificationGroupId: group.notificationGroupId,
        body: { notificationGroupName, ...channels, ...targets },
      });
      done(
        rdsIds.folder(scope.rootId, 'notificationGroup'),
        vscode.l10n.t('Notification group {0} saved.', notificationGroupName),
      );
    },
    'nhncloud.rds.toggleNotificationGroup': async (node?: unknown) => {
      const { scope, group } = await notificationGroupFrom(
        node,
        deps,
        vscode.l10n.t('Enable or Disable Notification Group'),
      );
      const isEnabled = group.isEnabled === false;
      await scope.rds.modifyNotificationGroup({ notificationGroupId: group.notificationGroupId, body: { isEnabled } });
      done(
        rdsIds.folder(scope.rootId, 'notificationGroup'),
        isEnabled
          ? vscode.l10n.t('Notification group {0} enabled.', group.notificationGroupName)
          : vscode.l10n.t('Notification group {0} disabled.', group.notificationGroupName),
      );
    },
    'nhncloud.rds.deleteNotificationGroup': async (node?: unknown) => {
      const { scope, group } = await notificationGroupFrom(node, deps, vscode.l10n.t('Delete Notification Group'));
      await confirm(
        vscode.l10n.t('Delete notification group {0}?', group.notificationGroupName),
        vscode.l10n.t('Delete'),
      );
      await scope.rds.deleteNotificationGroup({ notificationGroupId: group.notificationGroupId });
      done(
        rdsIds.folder(scope.rootId, 'notificationGroup'),
        vscode.l10n.t('Notification group {0} deleted.', group.notificationGroupName),
      );
    },
  };
}
