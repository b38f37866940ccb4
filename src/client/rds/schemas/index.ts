// Query, body and response schemas of the 82 RDS for MySQL v3.0 operations
// (the RDS for MySQL API v3.0 document), joined with the rows of ../rows.ts in ONE place:
// `RDS_OPERATIONS`. The schemas themselves live one file per resource beside this one
// (fields.ts holds the shared building blocks); the client validates with them before
// sending, the sandbox validates the same way, and the webview forms import the named
// building blocks (InstanceSpec, backup block, RuleSpec, ...) so a form says exactly what
// the client would say.
import * as z from 'zod/mini';
import type { Operation } from '../../operation';
import { RDS_OPERATION_ROWS } from '../rows';
import {
  BackupItem,
  LastQueryQuery,
  ListBackupsQuery,
  RestorationInfo,
  RestoreBody,
  RestoreFromBackupBody,
  RestoreFromObsBody,
} from './backups';
import {
  bool,
  EmptyResponse,
  flag,
  Job,
  JobIdResponse,
  listOf,
  loose,
  nameDescription,
  nonEmpty,
  num,
  pingInterval,
  str,
  when,
} from './fields';
import {
  CreateNotificationGroupBody,
  CreateUserGroupBody,
  ModifyNotificationGroupBody,
  ModifyUserGroupBody,
  NotificationGroup,
  NotificationGroupItem,
  UserGroup,
  UserGroupItem,
} from './groups';
import {
  BackupInfo,
  BackupInfoUpdate,
  CreateDbInstanceBody,
  DbInstance,
  DbInstanceGroup,
  DbInstanceGroupItem,
  DbInstanceItem,
  ModifyDbInstanceBody,
  NetworkInfo,
  ObjectStorageTarget,
  ReplicateBody,
  StorageInfo,
  StorageResizeBody,
} from './instances';
import {
  Event,
  ExportLogFilesBody,
  ListEventsQuery,
  ListLogFilesQuery,
  LogFile,
  MetricStatistic,
  MetricStatisticsQuery,
} from './monitoring';
import {
  CopyParameterGroupBody,
  CreateParameterGroupBody,
  ListParameterGroupsQuery,
  ModifyParametersBody,
  ParameterGroup,
  ParameterGroupItem,
} from './parameterGroups';
import {
  CreateDbSecurityGroupBody,
  DbSecurityGroup,
  DbSecurityGroupItem,
  DeleteRulesQuery,
  RuleSpec,
} from './securityGroups';
import { CreateDbUserBody, DbSchema, DbUser, ModifyDbUserBody } from './users';
import type { RDS_V4_CHANGED_SCHEMAS } from './v4Changed';
import type { RDS_V4_ONLY_SCHEMAS } from './v4';

type V3OperationName = (typeof RDS_OPERATION_ROWS)[number]['name'];

export {
  intRange,
  textLength,
  nonEmpty,
  id,
  enumOf,
  DATE_TIME_RE,
  dateTimeInput,
  DB_VERSIONS,
  dbVersion,
  authenticationPluginsOf,
  REGIONS,
  BACKUP_WND_DURATIONS,
  AUTHORITY_TYPES,
  AUTHENTICATION_PLUGINS,
  type AuthenticationPlugin,
  TLS_OPTIONS,
  LOG_FILE_TYPES,
  BACKUP_TYPES,
  RESTORE_TYPES,
  EVENT_CATEGORY_TYPES,
  type EventCategoryType,
  PORT_TYPES,
  dbPort,
  storageSize,
  dbPassword,
  dbUserName,
  pingInterval,
  backupPeriod,
  ftwrlWaitTimeout,
  backupRetryCount,
  backupWndBgnTime,
  queryFromSearchParams,
  Paging,
  DateTime,
  parseDateTime,
  JobIdResponse,
  EmptyResponse,
  Job,
} from './fields';
export {
  NetworkSpec,
  StorageSpec,
  BackupSchedule,
  BackupSpec,
  BackupInfoUpdate,
  InstanceSpec,
  CreateDbInstanceBody,
  ModifyDbInstanceBody,
  ObjectStorageTarget,
  StorageResizeBody,
  storageResizeSchema,
  ReplicateBody,
  DbInstanceGroupItem,
  DbInstanceGroup,
  DbInstanceItem,
  DbInstance,
  BackupInfo,
  StorageInfo,
  NetworkInfo,
} from './instances';
export {
  RestoreSpec,
  RestoreBody,
  RestoreFromObsBody,
  RestoreFromBackupBody,
  ListBackupsQuery,
  LastQueryQuery,
  BackupItem,
  RestorationInfo,
} from './backups';
export { DB_USER_HOST_RE, dbUserHost, CreateDbUserBody, ModifyDbUserBody, DbUser, DbSchema } from './users';
export {
  RuleSpec,
  CreateDbSecurityGroupBody,
  DeleteRulesQuery,
  Rule,
  DbSecurityGroupItem,
  DbSecurityGroup,
} from './securityGroups';
export {
  CreateParameterGroupBody,
  CopyParameterGroupBody,
  ModifyParametersBody,
  ListParameterGroupsQuery,
  ParameterGroupItem,
  Parameter,
  ParameterGroup,
} from './parameterGroups';
export {
  CreateUserGroupBody,
  ModifyUserGroupBody,
  CreateNotificationGroupBody,
  ModifyNotificationGroupBody,
  UserGroupItem,
  UserGroup,
  NotificationGroupItem,
  NotificationGroup,
} from './groups';
export {
  ExportLogFilesBody,
  ListLogFilesQuery,
  LogFile,
  ListEventsQuery,
  MetricStatisticsQuery,
  MetricValue,
  MetricStatistic,
  Event,
} from './monitoring';
export { fieldIssues, expandUnknownKeys, formatPath, requiredPaths } from './issues';

// ---------------------------------------------------------------------------------------
// The table: schemas per operation, joined with the rows.

interface Schemas {
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
}

const job = { response: JobIdResponse };
const none = { response: EmptyResponse };

export const RDS_SCHEMAS = {
  listRegions: { response: listOf('regions', loose({ regionCode: z.string(), isEnabled: flag })) },
  listProjectMembers: {
    response: listOf('members', loose({ memberId: z.string(), memberName: str, emailAddress: str, phoneNumber: str })),
  },
  listDbFlavors: {
    response: listOf('dbFlavors', loose({ dbFlavorId: z.string(), dbFlavorName: z.string(), ram: num, vcpus: num })),
  },
  listSubnets: {
    response: listOf(
      'subnets',
      loose({ subnetId: z.string(), subnetName: str, subnetCidr: str, usingGateway: flag, availableIpCount: num }),
    ),
  },
  listDbVersions: {
    response: listOf(
      'dbVersions',
      loose({ dbVersion: z.string(), dbVersionName: str, canCreate: flag, restorableFromObs: flag }),
    ),
  },
  listStorageTypes: { response: listOf('storageTypes', z.string()) },
  listStorages: { response: listOf('storages', z.string()) },
  getJob: { response: Job },
  listDbInstanceGroups: { response: listOf('dbInstanceGroups', DbInstanceGroupItem) },
  getDbInstanceGroup: { response: DbInstanceGroup },
  listDbInstances: { response: listOf('dbInstances', DbInstanceItem) },
  getDbInstance: { response: DbInstance },
  createDbInstance: { body: CreateDbInstanceBody, ...job },
  modifyDbInstance: { body: ModifyDbInstanceBody, ...job },
  deleteDbInstance: job,
  restartDbInstance: {
    body: z.optional(
      z.strictObject({
        useOnlineFailover: z.optional(bool('useOnlineFailover')),
        executeBackup: z.optional(bool('executeBackup')),
        // The v3.0 guide of December 2026 documents v4.0's failover options too.
        waitReplicationDelay: z.optional(bool('waitReplicationDelay')),
        useReadOnly: z.optional(bool('useReadOnly')),
      }),
    ),
    ...job,
  },
  forceRestartDbInstance: none,
  startDbInstance: job,
  stopDbInstance: job,
  backupDbInstance: { body: z.strictObject({ backupName: nonEmpty('backupName') }), ...job },
  backupDbInstanceToObjectStorage: { body: ObjectStorageTarget, ...job },
  promoteDbInstance: job,
  setDeletionProtection: { body: z.strictObject({ useDeletionProtection: bool('useDeletionProtection') }), ...none },
  setHighAvailability: {
    body: z.strictObject({ useHighAvailability: bool('useHighAvailability'), pingInterval: z.optional(pingInterval) }),
    ...job,
  },
  resumeHighAvailability: job,
  pauseHighAvailability: job,
  repairHighAvailability: job,
  splitHighAvailability: job,
  getStorageInfo: { response: StorageInfo },
  modifyStorageInfo: { body: StorageResizeBody, ...job },
  getBackupInfo: { response: BackupInfo },
  modifyBackupInfo: { body: BackupInfoUpdate, ...job },
  getNetworkInfo: { response: NetworkInfo },
  modifyNetworkInfo: { body: z.strictObject({ usePublicAccess: bool('usePublicAccess') }), ...job },
  replicateDbInstance: { body: ReplicateBody, ...job },
  getRestorationInfo: { response: RestorationInfo },
  getLastQuery: { query: LastQueryQuery, response: loose({ executedYmdt: when, lastQuery: str }) },
  restoreDbInstance: { body: RestoreBody, ...job },
  restoreFromObjectStorage: { body: RestoreFromObsBody, ...job },
  restoreFromBackup: { body: RestoreFromBackupBody, ...job },
  listDbUsers: { response: listOf('dbUsers', DbUser) },
  createDbUser: { body: CreateDbUserBody, ...job },
  modifyDbUser: { body: ModifyDbUserBody, ...job },
  deleteDbUser: job,
  listDbSchemas: { response: listOf('dbSchemas', DbSchema) },
  createDbSchema: { body: z.strictObject({ dbSchemaName: nonEmpty('dbSchemaName') }), ...job },
  deleteDbSchema: job,
  listLogFiles: { query: ListLogFilesQuery, response: listOf('logFiles', LogFile) },
  exportLogFiles: { body: ExportLogFilesBody, ...job },
  listBackups: {
    query: ListBackupsQuery,
    response: loose({ totalCounts: z.number(), ...listOf('backups', BackupItem).def.shape }),
  },
  exportBackup: { body: ObjectStorageTarget, ...job },
  deleteBackup: job,
  listDbSecurityGroups: { response: listOf('dbSecurityGroups', DbSecurityGroupItem) },
  getDbSecurityGroup: { response: DbSecurityGroup },
  createDbSecurityGroup: { body: CreateDbSecurityGroupBody, response: loose({ dbSecurityGroupId: z.string() }) },
  modifyDbSecurityGroup: { body: nameDescription('dbSecurityGroupName'), ...none },
  deleteDbSecurityGroup: none,
  createDbSecurityGroupRule: { body: RuleSpec, ...job },
  modifyDbSecurityGroupRule: { body: RuleSpec, ...job },
  deleteDbSecurityGroupRules: { query: DeleteRulesQuery, ...job },
  listParameterGroups: { query: ListParameterGroupsQuery, response: listOf('parameterGroups', ParameterGroupItem) },
  getParameterGroup: { response: ParameterGroup },
  createParameterGroup: { body: CreateParameterGroupBody, response: loose({ parameterGroupId: z.string() }) },
  copyParameterGroup: { body: CopyParameterGroupBody, response: loose({ parameterGroupId: z.string() }) },
  modifyParameterGroup: { body: nameDescription('parameterGroupName'), ...none },
  modifyParameters: { body: ModifyParametersBody, ...none },
  resetParameterGroup: none,
  deleteParameterGroup: none,
  listUserGroups: { response: listOf('userGroups', UserGroupItem) },
  getUserGroup: { response: UserGroup },
  createUserGroup: { body: CreateUserGroupBody, response: loose({ userGroupId: z.string() }) },
  modifyUserGroup: { body: ModifyUserGroupBody, ...none },
  deleteUserGroup: none,
  listNotificationGroups: { response: listOf('notificationGroups', NotificationGroupItem) },
  getNotificationGroup: { response: NotificationGroup },
  createNotificationGroup: { body: CreateNotificationGroupBody, response: loose({ notificationGroupId: z.string() }) },
  modifyNotificationGroup: { body: ModifyNotificationGroupBody, ...none },
  deleteNotificationGroup: none,
  listMetrics: { response: listOf('metrics', loose({ measureName: z.string(), unit: str })) },
  getMetricStatistics: { query: MetricStatisticsQuery, response: listOf('metricStatistics', MetricStatistic) },
  listEvents: {
    query: ListEventsQuery,
    response: loose({ totalCounts: z.number(), ...listOf('events', Event).def.shape }),
  },
  listEventCodes: { response: listOf('eventCodes', loose({ eventCode: z.string(), eventCategoryType: str })) },
} satisfies Record<V3OperationName, Schemas>;

export type RdsV3Schemas = typeof RDS_SCHEMAS;
/**
 * The schemas of every name of either version, as the typed methods see them: v4.0's where it
 * changed a shared operation (a superset of v3.0's fields, which a v3.0 table still refuses).
 */
export type RdsSchemas = {
  [K in keyof typeof RDS_SCHEMAS]: K extends keyof typeof RDS_V4_CHANGED_SCHEMAS
    ? Omit<(typeof RDS_SCHEMAS)[K], keyof (typeof RDS_V4_CHANGED_SCHEMAS)[K]> & (typeof RDS_V4_CHANGED_SCHEMAS)[K]
    : (typeof RDS_SCHEMAS)[K];
} & typeof RDS_V4_ONLY_SCHEMAS;

/** Every RDS operation: a row of ./rows.ts with its schemas. */
export const RDS_OPERATIONS: Operation[] = RDS_OPERATION_ROWS.map((row) => ({
  id: `rds.${row.name}`,
  service: 'rds' as const,
  method: row.method,
  path: row.path,
  summary: row.summary,
  returnsJob: 'returnsJob' in row ? row.returnsJob : false,
  ...(RDS_SCHEMAS as Record<string, Schemas>)[row.name],
}));

/** The operation of a name, e.g. `rdsOperation('getDbInstance')`. */
export const rdsOperation = (name: V3OperationName): Operation => RDS_OPERATIONS_BY_NAME.get(name)!;
const RDS_OPERATIONS_BY_NAME = new Map(RDS_OPERATIONS.map((op) => [op.id.slice(4), op]));
