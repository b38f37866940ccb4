// Shared operations whose fields RDS API v4.0 changed (the vendor's guide `en/api-guide-v4.0.md`
// against the v3.0 document): the parts (query, body, response) v4.0 changed, which
// ../versions.ts lays over v3.0's in the v4.0 table; every other part and operation keeps
// v3.0's schemas. Each v4.0 body is v3.0's plus what the guide added, so one form serves both
// versions (a v4.0 field sent on a v3.0 profile is refused by v3.0's strict schema, unsent).
import * as z from 'zod/mini';
import { ListBackupsQuery, RestoreSpec } from './backups';
import {
  bool,
  dbVersion,
  ENUM_VALUE_RE,
  flag,
  idList,
  instanceName,
  intRange,
  listOf,
  loose,
  msg,
  nonEmpty,
  num,
  opt,
  optText,
  Paging,
  pingInterval,
  pluginRules,
  dbPassword,
  dbUserName,
  str,
  textLength,
} from './fields';
import { Parameter, ParameterGroup, ParameterGroupItem } from './parameterGroups';
import { UserGroupItem } from './groups';
import {
  createDbInstanceShape,
  DbInstance,
  instanceSpecShape,
  ModifyDbInstanceBody,
  NetworkSpec,
  ObjectStorageTarget,
  BackupSpec,
  ReplicateBody,
  StorageInfo,
  StorageResizeBody,
  StorageSpec,
} from './instances';
import { ListEventsQuery } from './monitoring';
import { DbSecurityGroupItem } from './securityGroups';
import { BackupV4 } from './v4';

/** The guide's limits for storage autoscale (every field optional; the service keeps what is left out). */
export const STORAGE_AUTOSCALE_LIMITS = {
  threshold: { min: 50, max: 95 },
  maxStorageSize: { min: 20, max: 4096 },
  cooldownTime: { min: 10, max: 1440 },
} as const;

/** `storageAutoscale`: on or off, the fill ratio that grows the storage, its ceiling and the pause between growths. */
export const storageAutoscaleSchema = (prefix: string) => {
  const field = (name: keyof typeof STORAGE_AUTOSCALE_LIMITS) =>
    z.optional(intRange(`${prefix}${name}`, STORAGE_AUTOSCALE_LIMITS[name].min, STORAGE_AUTOSCALE_LIMITS[name].max));
  return z.strictObject({
    useStorageAutoscale: z.optional(bool(`${prefix}useStorageAutoscale`)),
    threshold: field('threshold'),
    maxStorageSize: field('maxStorageSize'),
    cooldownTime: field('cooldownTime'),
  });
};

/** The autoscale settings a request carries. */
export type StorageAutoscaleInput = z.input<ReturnType<typeof storageAutoscaleSchema>>;

/**
 * A storage block (its shape) with autoscale, whose ceiling may not be below the size it starts at.
 * The rule runs even while another storage field is wrong (`when`), so a form shows it as the
 * two sizes are typed, not only once the storage type has been chosen.
 */
function storageWithAutoscale<S extends z.core.$ZodLooseShape>(shape: S, prefix: string) {
  return z
    .strictObject({ ...shape, storageAutoscale: z.optional(storageAutoscaleSchema(`${prefix}storageAutoscale.`)) })
    .check(
      z.superRefine(
        (v, ctx) => {
          const s = v as { storageSize?: unknown; storageAutoscale?: { maxStorageSize?: unknown } };
          const max = s.storageAutoscale?.maxStorageSize;
          if (typeof max === 'number' && typeof s.storageSize === 'number' && max < s.storageSize)
            ctx.addIssue({
              code: 'custom',
              path: ['storageAutoscale', 'maxStorageSize'],
              message: `${prefix}storageAutoscale.maxStorageSize must not be below the storage size (${s.storageSize} GB)`,
              input: v,
            });
        },
        { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
      ),
    );
}

const useSlowQueryAnalysis = z.optional(bool('useSlowQueryAnalysis'));
/** Restart and modify of a high-availability instance: wait out the replication delay, go read-only first. */
const failoverOptions = {
  waitReplicationDelay: z.optional(bool('waitReplicationDelay')),
  useReadOnly: z.optional(bool('useReadOnly')),
};

const storageV4 = storageWithAutoscale(StorageSpec.def.shape, 'storage.');
// Restores: the guide makes the zone and the storage type optional (the service takes the source's).
// Restores (the guide of December 2026): from object storage, the network (zone included) and the
// storage (type included) must be given; from a point in time or a backup, every setting of the
// source may be left out ("the original instance's values are used"), the storage's type always.
const obsSpecV4 = {
  ...instanceSpecShape,
  useSlowQueryAnalysis,
  storage: storageWithAutoscale(StorageSpec.def.shape, 'storage.'),
};
const fromSourceSpecV4 = {
  ...instanceSpecShape,
  useSlowQueryAnalysis,
  dbFlavorId: z.optional(instanceSpecShape.dbFlavorId),
  dbPort: z.optional(instanceSpecShape.dbPort),
  parameterGroupId: z.optional(instanceSpecShape.parameterGroupId),
  network: z.optional(
    z.strictObject({
      subnetId: z.optional(NetworkSpec.def.shape.subnetId),
      usePublicAccess: NetworkSpec.def.shape.usePublicAccess,
      availabilityZone: z.optional(NetworkSpec.def.shape.availabilityZone),
    }),
  ),
  storage: z.optional(
    storageWithAutoscale(
      {
        storageType: z.optional(StorageSpec.def.shape.storageType),
        storageSize: z.optional(StorageSpec.def.shape.storageSize),
      },
      'storage.',
    ),
  ),
  backup: z.optional(
    z.strictObject({
      ...BackupSpec.def.shape,
      backupPeriod: z.optional(BackupSpec.def.shape.backupPeriod),
      backupSchedules: z.optional(BackupSpec.def.shape.backupSchedules),
    }),
  ),
};
const replicateStorageShape = ReplicateBody.def.shape.storage.def.innerType.def.shape;

// Parameter groups (December 2026): a group is a user's, an admin's, the default, or a family's
// (one group for every minor version of an engine family, MYSQL_V84_FAMILY); a family group has
// no dbVersion. Lists are paged and filtered by name.
const ParameterGroupItemV4 = loose({
  ...ParameterGroupItem.def.shape,
  dbEngineVersionFamily: str,
  parameterGroupType: str,
});
const ParameterGroupV4 = loose({
  ...ParameterGroup.def.shape,
  dbEngineVersionFamily: str,
  parameterGroupType: str,
  parameters: z.pipe(
    opt(z.array(loose({ ...Parameter.def.shape, templateRange: opt(loose({ coversAllVersions: flag, label: str })) }))),
    z.transform((v) => v ?? []),
  ),
});
/** A family code as the guide writes it (MYSQL_V84_FAMILY). */
const dbEngineVersionFamily = z
  .string(msg('dbEngineVersionFamily', 'must be an engine family such as MYSQL_V84_FAMILY'))
  .check(z.regex(ENUM_VALUE_RE, 'dbEngineVersionFamily must be an engine family such as MYSQL_V84_FAMILY'));

export const RDS_V4_CHANGED_SCHEMAS = {
  listParameterGroups: {
    query: z.optional(
      z.strictObject({
        parameterGroupName: optText('parameterGroupName'),
        dbVersion: z.optional(dbVersion()),
        page: z.optional(Paging.page),
        size: z.optional(Paging.size),
      }),
    ),
    response: loose({ totalCounts: num, ...listOf('parameterGroups', ParameterGroupItemV4).def.shape }),
  },
  getParameterGroup: { response: ParameterGroupV4 },
  // A USER group names its engine version; a FAMILY group its family instead (never both).
  createParameterGroup: {
    body: z
      .strictObject({
        parameterGroupName: textLength('parameterGroupName', 1, 100),
        description: z.optional(z.nullable(textLength('description', 0, 100))),
        dbVersion: z.optional(dbVersion()),
        dbEngineVersionFamily: z.optional(dbEngineVersionFamily),
      })
      .check(
        z.superRefine((v, ctx) => {
          if ((v.dbVersion === undefined) === (v.dbEngineVersionFamily === undefined))
            ctx.addIssue({
              code: 'custom',
              path: ['dbVersion'],
              message:
                v.dbVersion === undefined
                  ? 'dbVersion is required (or dbEngineVersionFamily for a family parameter group)'
                  : 'dbVersion and dbEngineVersionFamily cannot both be given',
              input: v,
            });
        }),
      ),
  },
  getDbInstance: { response: loose({ ...DbInstance.def.shape, useSlowQueryAnalysis: flag }) },
  createDbInstance: {
    body: z
      .object({ ...createDbInstanceShape, useSlowQueryAnalysis, storage: storageV4 })
      .check(z.superRefine((v, ctx) => pluginRules(v, ctx, false))),
  },
  modifyDbInstance: {
    body: z.strictObject({ ...ModifyDbInstanceBody.def.shape, useSlowQueryAnalysis, ...failoverOptions }),
  },
  deleteDbInstance: { body: z.optional(z.strictObject({ deleteAutoBackup: z.optional(bool('deleteAutoBackup')) })) },
  restartDbInstance: {
    body: z.optional(
      z.strictObject({
        useOnlineFailover: z.optional(bool('useOnlineFailover')),
        executeBackup: z.optional(bool('executeBackup')),
        ...failoverOptions,
        // December 2026: restart the operating system too.
        osRestart: z.optional(bool('osRestart')),
      }),
    ),
  },
  replicateDbInstance: {
    body: z.strictObject({
      ...ReplicateBody.def.shape,
      useSlowQueryAnalysis,
      storage: z.optional(storageWithAutoscale(replicateStorageShape, 'storage.')),
    }),
  },
  restoreDbInstance: {
    body: z.strictObject({
      ...fromSourceSpecV4,
      dbUserName: z.optional(dbUserName),
      dbPassword: z.optional(dbPassword),
      restore: RestoreSpec,
    }),
  },
  restoreFromObjectStorage: {
    body: z.strictObject({
      ...obsSpecV4,
      dbUserName: z.optional(dbUserName),
      dbPassword: z.optional(dbPassword),
      dbVersion: dbVersion(),
      restore: ObjectStorageTarget,
    }),
  },
  restoreFromBackup: { body: z.strictObject(fromSourceSpecV4) },
  setHighAvailability: {
    body: z.strictObject({
      useHighAvailability: bool('useHighAvailability'),
      pingInterval: z.optional(pingInterval),
      dbInstanceCandidateName: z.optional(instanceName('dbInstanceCandidateName')),
    }),
  },
  getStorageInfo: {
    response: loose({
      ...StorageInfo.def.shape,
      storageAutoscale: opt(
        loose({ useStorageAutoscale: flag, threshold: num, maxStorageSize: num, cooldownTime: num }),
      ),
    }),
  },
  modifyStorageInfo: {
    // The guide requires the size with every change (the current one keeps it).
    body: storageWithAutoscale(StorageResizeBody.def.shape, ''),
  },
  // Paging is optional in v4.0 (page 1, 20 a page when left out).
  listBackups: {
    query: z.optional(
      z.strictObject({
        ...ListBackupsQuery.def.shape,
        page: z.optional(Paging.page),
        size: z.optional(Paging.size),
      }),
    ),
    response: loose({ totalCounts: z.number(), ...listOf('backups', BackupV4).def.shape }),
  },
  listEvents: {
    query: z.strictObject({
      ...ListEventsQuery.def.shape,
      page: z.optional(Paging.page),
      size: z.optional(Paging.size),
    }),
  },
  listDbSecurityGroups: {
    query: z.optional(z.strictObject({ page: z.optional(Paging.page), size: z.optional(Paging.size) })),
    response: loose({ totalCounts: num, ...listOf('dbSecurityGroups', DbSecurityGroupItem).def.shape }),
  },
  // `selectAllYN` is `selectAll` in v4.0.
  createUserGroup: {
    body: z
      .strictObject({
        userGroupName: nonEmpty('userGroupName'),
        memberIds: z.optional(idList('memberIds')),
        selectAll: z.optional(bool('selectAll')),
      })
      .check(
        z.refine((b) => b.selectAll === true || b.memberIds !== undefined, {
          message: 'memberIds is required unless selectAll is true',
          path: ['memberIds'],
        }),
      ),
  },
  listUserGroups: {
    query: z.optional(z.strictObject({ page: z.optional(Paging.page), size: z.optional(Paging.size) })),
    response: loose({ totalCounts: num, ...listOf('userGroups', UserGroupItem).def.shape }),
  },
  modifyUserGroup: {
    // The guide requires the name with every change (the current one keeps it).
    body: z.strictObject({
      userGroupName: nonEmpty('userGroupName'),
      memberIds: z.optional(idList('memberIds')),
      selectAll: z.optional(bool('selectAll')),
    }),
  },
};
