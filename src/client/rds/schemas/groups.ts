// User groups and notification groups.
import * as z from 'zod/mini';
import { bool, flag, idList, loose, nonEmpty, opt, str, when } from './fields';

/** `memberIds` may be left out when `selectAllYN` is true (the service owners' guide). */
export const CreateUserGroupBody = z
  .strictObject({
    userGroupName: nonEmpty('userGroupName'),
    memberIds: z.optional(idList('memberIds')),
    selectAllYN: z.optional(bool('selectAllYN')),
  })
  .check(
    z.refine((b) => b.selectAllYN === true || b.memberIds !== undefined, {
      message: 'memberIds is required unless selectAllYN is true',
      path: ['memberIds'],
    }),
  );
export const ModifyUserGroupBody = z.strictObject({
  // Required by the guide with every change (the current name keeps it).
  userGroupName: nonEmpty('userGroupName'),
  memberIds: z.optional(idList('memberIds')),
  selectAllYN: z.optional(bool('selectAllYN')),
});
export const CreateNotificationGroupBody = z.strictObject({
  notificationGroupName: nonEmpty('notificationGroupName'),
  notifyEmail: z.optional(bool('notifyEmail')),
  notifySms: z.optional(bool('notifySms')),
  isEnabled: z.optional(bool('isEnabled')),
  dbInstanceIds: idList('dbInstanceIds'),
  userGroupIds: idList('userGroupIds'),
});
export const ModifyNotificationGroupBody = z.strictObject({
  notificationGroupName: z.optional(nonEmpty('notificationGroupName')),
  notifyEmail: z.optional(bool('notifyEmail')),
  notifySms: z.optional(bool('notifySms')),
  isEnabled: z.optional(bool('isEnabled')),
  dbInstanceIds: z.optional(idList('dbInstanceIds')),
  userGroupIds: z.optional(idList('userGroupIds')),
});

export const UserGroupItem = loose({
  userGroupId: z.string(),
  userGroupName: z.string(),
  createdYmdt: when,
  updatedYmdt: when,
});
export const UserGroup = loose({
  ...UserGroupItem.def.shape,
  userGroupTypeCode: str,
  members: z.pipe(
    opt(z.array(loose({ memberId: z.string() }))),
    z.transform((v) => v ?? []),
  ),
});
export const NotificationGroupItem = loose({
  notificationGroupId: z.string(),
  notificationGroupName: z.string(),
  notifyEmail: flag,
  notifySms: flag,
  isEnabled: flag,
  createdYmdt: when,
  updatedYmdt: when,
});
export const NotificationGroup = loose({
  ...NotificationGroupItem.def.shape,
  dbInstances: z.pipe(
    opt(z.array(loose({ dbInstanceId: z.string(), dbInstanceName: str }))),
    z.transform((v) => v ?? []),
  ),
  userGroups: z.pipe(
    opt(z.array(loose({ userGroupId: z.string(), userGroupName: str }))),
    z.transform((v) => v ?? []),
  ),
});
