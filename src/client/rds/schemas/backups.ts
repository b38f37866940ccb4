// Backups and restores: the restore bodies, the backup list and last-query queries, and the
// backup and restoration answers.
import * as z from 'zod/mini';
import {
  BACKUP_TYPES,
  dateTimeInput,
  dbVersion,
  dbPassword,
  dbUserName,
  enumOf,
  flag,
  id,
  intRange,
  loose,
  nonEmpty,
  num,
  opt,
  queryInt,
  RESTORE_TYPES,
  str,
  strings,
  when,
  Paging,
} from './fields';
import { InstanceSpec, instanceSpecShape, ObjectStorageTarget } from './instances';

/** The `restore` block: the fields each restoreType needs. */
export const RestoreSpec = z
  .object({
    restoreType: enumOf('restoreType', RESTORE_TYPES),
    restoreYmdt: z.optional(dateTimeInput('restoreYmdt')),
    backupId: z.optional(id('backupId')),
    binLog: z.optional(
      z.strictObject({
        binLogFileName: nonEmpty('binLog.binLogFileName'),
        binLogPosition: intRange('binLog.binLogPosition', 0, Number.MAX_SAFE_INTEGER),
      }),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      const need = (field: 'backupId' | 'binLog') => {
        if (v[field] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `restore.${field} is required when restoreType is ${v.restoreType}`,
            input: v,
          });
      };
      // TIMESTAMP without restoreYmdt: the latest restorable point (the guide makes it optional).
      if (v.restoreType === 'BINLOG') {
        need('backupId');
        need('binLog');
      }
      if (v.restoreType === 'BACKUP') need('backupId');
    }),
  );

const restoreCredentials = {
  // The spec's examples carry these although its field tables do not: optional.
  dbUserName: z.optional(dbUserName),
  dbPassword: z.optional(dbPassword),
};
export const RestoreBody = z.strictObject({ ...instanceSpecShape, ...restoreCredentials, restore: RestoreSpec });
// useDeletionProtection: documented here since the v3.0 guide of December 2026.
export const RestoreFromObsBody = z.strictObject({
  ...instanceSpecShape,
  ...restoreCredentials,
  dbVersion: dbVersion(),
  restore: ObjectStorageTarget,
});
export const RestoreFromBackupBody = InstanceSpec;

export const ListBackupsQuery = z.strictObject({
  ...Paging,
  backupType: z.optional(enumOf('backupType', BACKUP_TYPES)),
  dbInstanceId: z.optional(id('dbInstanceId')),
  dbVersion: z.optional(dbVersion()),
});

export const LastQueryQuery = z
  .object({
    restoreType: enumOf('restoreType', ['TIMESTAMP', 'BINLOG']),
    restoreYmdt: z.optional(dateTimeInput('restoreYmdt')),
    backupId: z.optional(id('backupId')),
    binLogFileName: z.optional(nonEmpty('binLogFileName')),
    binLogPosition: z.optional(queryInt('binLogPosition', 0, Number.MAX_SAFE_INTEGER)),
  })
  .check(
    z.superRefine((v, ctx) => {
      const need = (field: 'restoreYmdt' | 'backupId' | 'binLogFileName' | 'binLogPosition') => {
        if (v[field] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `${field} is required when restoreType is ${v.restoreType}`,
            input: v,
          });
      };
      if (v.restoreType === 'TIMESTAMP') need('restoreYmdt');
      else for (const f of ['backupId', 'binLogFileName', 'binLogPosition'] as const) need(f);
    }),
  );

export const BackupItem = loose({
  backupId: z.string(),
  backupName: str,
  backupStatus: str,
  dbInstanceId: str,
  dbVersion: str,
  utilVersion: str,
  backupType: str,
  backupSize: num,
  createdYmdt: when,
  updatedYmdt: when,
});
export const RestorationInfo = loose({
  oldestRestorableYmdt: when,
  latestRestorableYmdt: when,
  restorableBackups: opt(
    z.array(
      loose({
        backup: loose({
          backupId: z.string(),
          backupName: str,
          useBackupLock: flag,
          backupSize: num,
          backupType: str,
          backupStatus: str,
          dbInstanceId: str,
          dbInstanceName: str,
          dbVersion: str,
          failoverCount: num,
          binLogFileName: str,
          binLogPosition: num,
          createdYmdt: when,
          updatedYmdt: when,
        }),
        restorableBinLogs: strings,
      }),
    ),
  ),
});
