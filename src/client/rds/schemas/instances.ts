// DB instances and instance groups: the create / modify / replicate / resize bodies and
// their building blocks (network, storage, backup settings), and the instance answers.
import * as z from 'zod/mini';
import {
  AUTHENTICATION_PLUGINS,
  BACKUP_WND_DURATIONS,
  backupPeriod,
  backupRetryCount,
  backupWndBgnTime,
  bool,
  dbVersion,
  dbPassword,
  dbPort,
  dbUserName,
  description,
  enumOf,
  flag,
  ftwrlWaitTimeout,
  id,
  idList,
  instanceName,
  loose,
  msg,
  nonEmpty,
  num,
  opt,
  pingInterval,
  pluginRules,
  REGIONS,
  storageSize,
  str,
  strings,
  TLS_OPTIONS,
  when,
} from './fields';

export const NetworkSpec = z.strictObject({
  subnetId: id('network.subnetId'),
  usePublicAccess: z.optional(bool('network.usePublicAccess')),
  availabilityZone: nonEmpty('network.availabilityZone'),
});
export const StorageSpec = z.strictObject({
  storageType: nonEmpty('storage.storageType'),
  storageSize,
});

export const BackupSchedule = z.strictObject({
  backupWndBgnTime,
  backupWndDuration: enumOf('backupWndDuration', BACKUP_WND_DURATIONS),
});
export const backupSchedules = z.array(BackupSchedule, msg('backupSchedules', 'must be a list of schedules'));
export const backupOptional = {
  ftwrlWaitTimeout: z.optional(ftwrlWaitTimeout),
  backupRetryCount: z.optional(backupRetryCount),
  replicationRegion: z.optional(z.nullable(enumOf('replicationRegion', REGIONS))),
  useBackupLock: z.optional(bool('useBackupLock')),
};
/** The backup block of create-type requests: period and schedules required. */
export const BackupSpec = z.strictObject({ backupPeriod, backupSchedules, ...backupOptional });
/** Backup settings change: every field optional, each schedule needs both fields. */
export const BackupInfoUpdate = z.strictObject({
  backupPeriod: z.optional(backupPeriod),
  backupSchedules: z.optional(backupSchedules),
  ...backupOptional,
});

export const instanceSpecShape = {
  dbInstanceName: instanceName('dbInstanceName'),
  dbInstanceCandidateName: z.optional(instanceName('dbInstanceCandidateName')),
  description,
  dbFlavorId: id('dbFlavorId'),
  dbPort,
  parameterGroupId: id('parameterGroupId'),
  dbSecurityGroupIds: z.optional(idList('dbSecurityGroupIds')),
  userGroupIds: z.optional(idList('userGroupIds')),
  useHighAvailability: z.optional(bool('useHighAvailability')),
  pingInterval: z.optional(pingInterval),
  useDefaultNotification: z.optional(bool('useDefaultNotification')),
  useDeletionProtection: z.optional(bool('useDeletionProtection')),
  network: NetworkSpec,
  storage: StorageSpec,
  backup: BackupSpec,
};
/** The common body of create-type requests. */
export const InstanceSpec = z.strictObject(instanceSpecShape);

/** The fields Create adds to InstanceSpec (v4.0 adds more: ./v4Changed.ts). */
export const createDbInstanceShape = {
  ...instanceSpecShape,
  dbVersion: dbVersion(),
  dbUserName,
  dbPassword,
  authenticationPlugin: z.optional(enumOf('authenticationPlugin', AUTHENTICATION_PLUGINS)),
  tlsOption: z.optional(enumOf('tlsOption', TLS_OPTIONS)),
};
export const CreateDbInstanceBody = z
  .object(createDbInstanceShape)
  .check(z.superRefine((v, ctx) => pluginRules(v, ctx, false)));

export const ModifyDbInstanceBody = z.strictObject({
  // A failover's options (v4.0, and the v3.0 guide since December 2026).
  waitReplicationDelay: z.optional(bool('waitReplicationDelay')),
  useReadOnly: z.optional(bool('useReadOnly')),
  dbInstanceName: z.optional(instanceName('dbInstanceName')),
  dbInstanceCandidateName: z.optional(instanceName('dbInstanceCandidateName')),
  description,
  dbPort: z.optional(dbPort),
  dbVersion: z.optional(dbVersion()),
  useDummy: z.optional(bool('useDummy')),
  dbFlavorId: z.optional(id('dbFlavorId')),
  parameterGroupId: z.optional(id('parameterGroupId')),
  dbSecurityGroupIds: z.optional(idList('dbSecurityGroupIds')),
  executeBackup: z.optional(bool('executeBackup')),
  useOnlineFailover: z.optional(bool('useOnlineFailover')),
});

/** Where an export goes, or a restore comes from: every field required and non-empty. */
export const ObjectStorageTarget = z.strictObject({
  tenantId: nonEmpty('tenantId'),
  username: nonEmpty('username'),
  password: nonEmpty('password'),
  targetContainer: nonEmpty('targetContainer'),
  objectPath: nonEmpty('objectPath'),
});

export const StorageResizeBody = z.strictObject({
  storageSize,
  useOnlineFailover: z.optional(bool('useOnlineFailover')),
});
/** The storage resize body with the "not below the current size" rule of the instance at hand. */
export const storageResizeSchema = (currentSize: number) =>
  StorageResizeBody.check(
    z.refine((v) => v.storageSize >= currentSize, {
      path: ['storageSize'],
      message: `storageSize must be at least the current size (${currentSize} GB) and at most 2048`,
    }),
  );

export const ReplicateBody = z.strictObject({
  dbInstanceName: instanceName('dbInstanceName'),
  dbInstanceCandidateName: z.optional(instanceName('dbInstanceCandidateName')),
  description,
  dbFlavorId: z.optional(id('dbFlavorId')),
  dbPort: z.optional(dbPort),
  parameterGroupId: z.optional(id('parameterGroupId')),
  dbSecurityGroupIds: z.optional(idList('dbSecurityGroupIds')),
  userGroupIds: z.optional(idList('userGroupIds')),
  useDefaultNotification: z.optional(bool('useDefaultNotification')),
  useDeletionProtection: z.optional(bool('useDeletionProtection')),
  network: z.strictObject({
    usePublicAccess: z.optional(bool('network.usePublicAccess')),
    availabilityZone: nonEmpty('network.availabilityZone'),
  }),
  storage: z.optional(
    z.strictObject({ storageType: z.optional(nonEmpty('storage.storageType')), storageSize: z.optional(storageSize) }),
  ),
  backup: z.optional(
    z.strictObject({
      backupPeriod: z.optional(backupPeriod),
      ...backupOptional,
      backupSchedules: z.optional(
        z.array(
          z.strictObject({
            backupWndBgnTime: z.optional(backupWndBgnTime),
            backupWndDuration: z.optional(enumOf('backupWndDuration', BACKUP_WND_DURATIONS)),
          }),
        ),
      ),
    }),
  ),
});

export const DbInstanceGroupItem = loose({
  dbInstanceGroupId: z.string(),
  replicationType: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const DbInstanceGroup = loose({
  ...DbInstanceGroupItem.def.shape,
  dbInstances: z.pipe(
    opt(z.array(loose({ dbInstanceId: z.string(), dbInstanceType: str, dbInstanceStatus: str }))),
    z.transform((v) => v ?? []),
  ),
});

export const DbInstanceItem = loose({
  dbInstanceId: z.string(),
  dbInstanceGroupId: str,
  dbInstanceName: z.string(),
  description: str,
  dbVersion: str,
  dbPort: num,
  dbInstanceType: str,
  dbInstanceStatus: str,
  progressStatus: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const DbInstance = loose({
  ...DbInstanceItem.def.shape,
  dbFlavorId: str,
  parameterGroupId: str,
  dbSecurityGroupIds: strings,
  notificationGroupIds: strings,
  useDeletionProtection: flag,
  supportAuthenticationPlugin: flag,
  needToApplyParameterGroup: flag,
  needMigration: flag,
  supportDbVersionUpgrade: flag,
});

const backupScheduleOut = loose({ backupWndBgnTime: str, backupWndDuration: str });
export const BackupInfo = loose({
  backupPeriod: num,
  ftwrlWaitTimeout: num,
  backupRetryCount: num,
  replicationRegion: str,
  useBackupLock: flag,
  backupSchedules: opt(z.array(backupScheduleOut)),
});
export const StorageInfo = loose({ storageType: str, storageSize: num, storageStatus: str });
export const NetworkInfo = loose({
  availabilityZone: str,
  subnet: opt(loose({ subnetId: str, subnetName: str, subnetCidr: str })),
  endPoints: opt(z.array(loose({ domain: str, ipAddress: str, endPointType: str }))),
});
