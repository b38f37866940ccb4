// The RDS payloads the tree and the commands read, named once: each is the client's typed
// answer (the zod schema's output in src/client/rds/schemas/), so a field the schema calls
// optional or nullable is optional or nullable here too.
import type { RdsOutput } from '../../client/rds/client';

/** The detail of one DB instance (getDbInstance). */
export type DbInstance = RdsOutput<'getDbInstance'>;
/** A DB instance as the list gives it (listDbInstances). */
export type DbInstanceItem = RdsOutput<'listDbInstances'>['dbInstances'][number];
export type DbInstanceGroup = RdsOutput<'listDbInstanceGroups'>['dbInstanceGroups'][number];
export type Backup = RdsOutput<'listBackups'>['backups'][number];
export type DbEvent = RdsOutput<'listEvents'>['events'][number];
export type SecurityRule = RdsOutput<'getDbSecurityGroup'>['rules'][number];
export type DbUser = RdsOutput<'listDbUsers'>['dbUsers'][number];
export type DbSchema = RdsOutput<'listDbSchemas'>['dbSchemas'][number];
export type LogFile = RdsOutput<'listLogFiles'>['logFiles'][number];
export type ParameterGroupItem = RdsOutput<'listParameterGroups'>['parameterGroups'][number];
export type SecurityGroupItem = RdsOutput<'listDbSecurityGroups'>['dbSecurityGroups'][number];
export type UserGroupItem = RdsOutput<'listUserGroups'>['userGroups'][number];
export type NotificationGroupItem = RdsOutput<'listNotificationGroups'>['notificationGroups'][number];
export type ProjectMember = RdsOutput<'listProjectMembers'>['members'][number];
export type Parameter = RdsOutput<'getParameterGroup'>['parameters'][number];
export type DbFlavor = RdsOutput<'listDbFlavors'>['dbFlavors'][number];
