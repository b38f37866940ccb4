// User groups and notification groups (the VIEWER role may change these too).
import type { NotificationGroup, UserGroup } from '../types';
import { assignDefined, invalid, ymdt } from '../util';
import { type Ctx, type Handlers, touch, pageOf } from './context';

function members(
  ctx: Ctx,
  b: { selectAllYN?: boolean; selectAll?: boolean; memberIds?: string[] },
): { typeCode: UserGroup['userGroupTypeCode']; ids: string[] } {
  // v3.0 says selectAllYN, v4.0 selectAll.
  if (b.selectAllYN ?? b.selectAll) return { typeCode: 'ENTIRE', ids: ctx.state.members.map((m) => m.memberId) };
  const ids: string[] = b.memberIds ?? [];
  for (const [i, id] of ids.entries())
    if (!ctx.state.members.some((m) => m.memberId === id)) throw invalid(`memberIds[${i}]`, `no project member ${id}`);
  return { typeCode: 'INDIVIDUAL_MEMBER', ids };
}

function checkRefs(ctx: Ctx, b: { dbInstanceIds?: string[]; userGroupIds?: string[] }): void {
  for (const [i, id] of (b.dbInstanceIds ?? []).entries())
    if (!ctx.r.instances.has(id)) throw invalid(`dbInstanceIds[${i}]`, `no DB instance ${id} in ${ctx.r.region}`);
  for (const [i, id] of (b.userGroupIds ?? []).entries())
    if (!ctx.r.userGroups.has(id)) throw invalid(`userGroupIds[${i}]`, `no user group ${id}`);
}

const ngItem = ({ dbInstanceIds: _d, userGroupIds: _u, ...g }: NotificationGroup) => g;

export const groupHandlers: Handlers = {
  listUserGroups: (ctx) => {
    const { items, totalCounts } = pageOf(ctx, [...ctx.r.userGroups.values()]);
    return {
      totalCounts,
      userGroups: items.map(({ userGroupId, userGroupName, createdYmdt, updatedYmdt }) => ({
        userGroupId,
        userGroupName,
        createdYmdt,
        updatedYmdt,
      })),
    };
  },
  getUserGroup: ({ r, params }) => {
    const g = r.userGroup(params.userGroupId);
    return {
      userGroupId: g.userGroupId,
      userGroupName: g.userGroupName,
      userGroupTypeCode: g.userGroupTypeCode,
      members: g.memberIds.map((memberId) => ({ memberId })),
      createdYmdt: g.createdYmdt,
      updatedYmdt: g.updatedYmdt,
    };
  },
  createUserGroup: (ctx) => {
    const m = members(ctx, ctx.body);
    const g: UserGroup = {
      userGroupId: ctx.state.newId(),
      userGroupName: ctx.body.userGroupName,
      userGroupTypeCode: m.typeCode,
      memberIds: m.ids,
      createdYmdt: ymdt(ctx.now),
      updatedYmdt: ymdt(ctx.now),
    };
    ctx.r.userGroups.set(g.userGroupId, g);
    return { userGroupId: g.userGroupId };
  },
  modifyUserGroup: (ctx) => {
    const g = ctx.r.userGroup(ctx.params.userGroupId);
    if (ctx.body.userGroupName !== undefined) g.userGroupName = ctx.body.userGroupName;
    const b: { memberIds?: string[]; selectAllYN?: boolean; selectAll?: boolean } = ctx.body;
    if (b.memberIds !== undefined || (b.selectAllYN ?? b.selectAll) !== undefined) {
      const m = members(ctx, { ...b, memberIds: b.memberIds ?? g.memberIds });
      g.userGroupTypeCode = m.typeCode;
      g.memberIds = m.ids;
    }
    touch(ctx, g);
  },
  deleteUserGroup: (ctx) => {
    const g = ctx.r.userGroup(ctx.params.userGroupId);
    ctx.r.userGroups.delete(g.userGroupId);
    for (const n of ctx.r.notificationGroups.values())
      n.userGroupIds = n.userGroupIds.filter((id) => id !== g.userGroupId);
    for (const i of ctx.r.instances.values()) i.userGroupIds = i.userGroupIds.filter((id) => id !== g.userGroupId);
  },

  listNotificationGroups: ({ r }) => ({ notificationGroups: [...r.notificationGroups.values()].map(ngItem) }),
  getNotificationGroup: ({ r, params }) => {
    const g = r.notificationGroup(params.notificationGroupId);
    return {
      ...ngItem(g),
      dbInstances: g.dbInstanceIds
        .filter((id) => r.instances.has(id))
        .map((id) => ({ dbInstanceId: id, dbInstanceName: r.instances.get(id)!.dbInstanceName })),
      userGroups: g.userGroupIds
        .filter((id) => r.userGroups.has(id))
        .map((id) => ({ userGroupId: id, userGroupName: r.userGroups.get(id)!.userGroupName })),
    };
  },
  createNotificationGroup: (ctx) => {
    const b = ctx.body;
    checkRefs(ctx, b);
    const g: NotificationGroup = {
      notificationGroupId: ctx.state.newId(),
      notificationGroupName: b.notificationGroupName,
      notifyEmail: b.notifyEmail ?? true,
      notifySms: b.notifySms ?? true,
      isEnabled: b.isEnabled ?? true,
      dbInstanceIds: b.dbInstanceIds ?? [],
      userGroupIds: b.userGroupIds ?? [],
      createdYmdt: ymdt(ctx.now),
      updatedYmdt: ymdt(ctx.now),
    };
    ctx.r.notificationGroups.set(g.notificationGroupId, g);
    return { notificationGroupId: g.notificationGroupId };
  },
  modifyNotificationGroup: (ctx) => {
    const g = ctx.r.notificationGroup(ctx.params.notificationGroupId);
    checkRefs(ctx, ctx.body);
    assignDefined(g, ctx.body, [
      'notificationGroupName',
      'notifyEmail',
      'notifySms',
      'isEnabled',
      'dbInstanceIds',
      'userGroupIds',
    ]);
    touch(ctx, g);
  },
  deleteNotificationGroup: (ctx) => {
    const g = ctx.r.notificationGroup(ctx.params.notificationGroupId);
    ctx.r.notificationGroups.delete(g.notificationGroupId);
    for (const i of ctx.r.instances.values())
      i.notificationGroupIds = i.notificationGroupIds.filter((id) => id !== g.notificationGroupId);
  },
};
