// Read replicas, restoration info, and every kind of restore (each makes new instances that
// are BEFORE_CREATE until the job completes).
import { newInstance } from '../factory';
import { VERSION_BY_ID } from '../seed/catalog';
import type { Backup, Instance } from '../types';
import { conflict, hash, invalid, parseYmdt, ymdt } from '../util';
import {
  checkFlavor,
  checkNetwork,
  checkParameterGroup,
  checkSecurityGroups,
  checkStorageType,
  checkUserGroups,
  checkVersion,
  creationOutcome,
  type Ctx,
  type Handlers,
  instancesFromSpec,
  requireStatus,
  type SpecOfEitherVersion,
} from './context';

const completedBackupsOf = (ctx: Ctx, inst: Instance): Backup[] =>
  [...ctx.r.backups.values()]
    .filter((b) => b.dbInstanceId === inst.dbInstanceId && b.backupStatus === 'COMPLETED')
    .sort((a, b) => a.createdYmdt.localeCompare(b.createdYmdt));

function restorationInfo(ctx: Ctx, inst: Instance) {
  const backups = completedBackupsOf(ctx, inst);
  const latest = ctx.now - 5 * 60_000;
  return {
    oldestRestorableYmdt: backups.length ? backups[0].createdYmdt : null,
    latestRestorableYmdt: backups.length ? ymdt(latest) : null,
    restorableBackups: backups.map((b) => {
      const n = Number(b.binLogFileName.slice(-6));
      return {
        backup: {
          backupId: b.backupId,
          backupName: b.backupName,
          useBackupLock: b.useBackupLock,
          backupSize: b.backupSize,
          backupType: b.backupType,
          backupStatus: b.backupStatus,
          dbInstanceId: b.dbInstanceId,
          dbInstanceName: b.dbInstanceName,
          dbVersion: b.dbVersion,
          failoverCount: b.failoverCount,
          binLogFileName: b.binLogFileName,
          binLogPosition: b.binLogPosition,
          createdYmdt: b.createdYmdt,
          updatedYmdt: b.updatedYmdt,
        },
        restorableBinLogs: [0, 1, 2].map((k) => `mysql-bin.${String(n + k).padStart(6, '0')}`),
      };
    }),
  };
}

/** The InstanceSpec of a restore, with the source's values where the spec omits them. */
const sourceDefaults = (inst: Instance): Partial<Instance> => ({
  dbPort: inst.dbPort,
  dbFlavorId: inst.dbFlavorId,
  parameterGroupId: inst.parameterGroupId,
  dbSecurityGroupIds: [...inst.dbSecurityGroupIds],
  storage: { ...inst.storage },
  backup: { ...inst.backup },
});

/**
 * A restore's body with what it left out taken from the source instance (v4.0 of December 2026:
 * "the original instance's values are used"); without a source, the missing fields are refused.
 */
function specFromSource(body: Record<string, unknown>, src: Instance | undefined): SpecOfEitherVersion {
  const need = (field: string, value: unknown) => {
    if (value === undefined) throw invalid(field, 'is required (the source instance no longer exists)');
    return value;
  };
  const network = (body.network ?? {}) as Partial<Instance['network']>;
  const storage = (body.storage ?? {}) as Partial<Instance['storage']>;
  const backup = (body.backup ?? {}) as Partial<Instance['backup']>;
  return {
    ...body,
    dbFlavorId: body.dbFlavorId ?? need('dbFlavorId', src?.dbFlavorId),
    dbPort: body.dbPort ?? need('dbPort', src?.dbPort),
    parameterGroupId: body.parameterGroupId ?? need('parameterGroupId', src?.parameterGroupId),
    network: { ...network, subnetId: network.subnetId ?? need('network.subnetId', src?.network.subnetId) },
    storage: {
      ...storage,
      storageType: storage.storageType ?? src?.storage.storageType,
      storageSize: storage.storageSize ?? need('storage.storageSize', src?.storage.storageSize),
    },
    backup: {
      ...backup,
      backupPeriod: backup.backupPeriod ?? need('backup.backupPeriod', src?.backup.backupPeriod),
      backupSchedules: backup.backupSchedules ?? need('backup.backupSchedules', src?.backup.backupSchedules),
    },
  } as SpecOfEitherVersion;
}

function restoreJob(ctx: Ctx, operation: string, made: Instance[], extraBusy: Instance[] = []) {
  const job = ctx.state.jobs.start({
    operation,
    busy: [
      ...made.map((instance) => ({ instance, progress: 'RESTORING' })),
      ...extraBusy.map((instance) => ({ instance, progress: 'RESTORING' })),
    ],
    relations: made.map((i) => i.dbInstanceId),
    ...creationOutcome(ctx, made),
  });
  return { jobId: job.jobId };
}

export const restoreHandlers: Handlers = {
  replicateDbInstance: (ctx) => {
    const src = ctx.r.instance(ctx.params.dbInstanceId);
    if (src.dbInstanceType !== 'MASTER')
      throw conflict(`Read replicas are made from a master; ${src.dbInstanceName} is ${src.dbInstanceType}.`);
    requireStatus(src, 'AVAILABLE', 'replicate');
    const b = ctx.body;
    checkFlavor(ctx, b.dbFlavorId);
    checkParameterGroup(ctx, b.parameterGroupId, src.dbVersion);
    checkSecurityGroups(ctx, b.dbSecurityGroupIds);
    checkUserGroups(ctx, b.userGroupIds);
    checkNetwork(ctx, b.network);
    checkStorageType(b.storage);
    if (b.storage?.storageSize !== undefined && b.storage.storageSize < src.storage.storageSize) {
      throw invalid('storage.storageSize', `must not be below the source's ${src.storage.storageSize} GB`);
    }
    const rep = newInstance({
      id: ctx.state.newId(),
      groupId: src.dbInstanceGroupId,
      name: b.dbInstanceName,
      type: 'READ_ONLY_SLAVE',
      status: 'BEFORE_CREATE',
      dbVersion: src.dbVersion,
      description: b.description ?? null,
      dbPort: b.dbPort ?? src.dbPort,
      dbFlavorId: b.dbFlavorId ?? src.dbFlavorId,
      parameterGroupId: b.parameterGroupId ?? src.parameterGroupId,
      dbSecurityGroupIds: b.dbSecurityGroupIds ?? [...src.dbSecurityGroupIds],
      userGroupIds: b.userGroupIds ?? [],
      useDeletionProtection: !!b.useDeletionProtection,
      storage: { ...src.storage, ...b.storage },
      backup: {
        ...src.backup,
        ...b.backup,
        // A schedule given in part keeps the source's value for the field it leaves out.
        backupSchedules: b.backup?.backupSchedules
          ? b.backup.backupSchedules.map((s, i) => {
              const from = src.backup.backupSchedules[i] ?? src.backup.backupSchedules[0];
              return {
                backupWndBgnTime: s.backupWndBgnTime ?? from?.backupWndBgnTime ?? '00:00:00',
                backupWndDuration: s.backupWndDuration ?? from?.backupWndDuration ?? 'ONE_HOUR',
              };
            })
          : src.backup.backupSchedules.map((s) => ({ ...s })),
      },
      network: {
        availabilityZone: b.network.availabilityZone,
        subnetId: src.network.subnetId,
        usePublicAccess: b.network.usePublicAccess ?? src.network.usePublicAccess,
      },
      at: ctx.now,
    });
    rep.users = src.users.map((u) => ({ ...u }));
    rep.schemas = src.schemas.map((s) => ({ ...s }));
    ctx.r.instances.set(rep.dbInstanceId, rep);
    const outcome = creationOutcome(ctx, [rep]);
    const job = ctx.state.jobs.start({
      operation: 'replicateDbInstance',
      busy: [
        { instance: rep, progress: 'CREATING' },
        { instance: src, progress: 'REPLICATING' },
      ],
      relations: [rep.dbInstanceId],
      ...outcome,
    });
    return { jobId: job.jobId };
  },

  getRestorationInfo: (ctx) => restorationInfo(ctx, ctx.r.instance(ctx.params.dbInstanceId)),

  getLastQuery: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const q = ctx.query;
    let at: number;
    if (q.restoreType === 'TIMESTAMP') {
      const t = parseYmdt(String(q.restoreYmdt));
      if (t === undefined) throw invalid('restoreYmdt', 'must be a date-time such as 2024-05-01T12:00:00.000+09:00');
      at = t;
    } else {
      const b = ctx.r.backup(String(q.backupId));
      at = (parseYmdt(b.createdYmdt) ?? ctx.now) + (Number(q.binLogPosition ?? 0) % 3_600_000);
    }
    const tables = ['orders', 'order_items', 'customers', 'payments'];
    const h = hash(`${inst.dbInstanceId}|${at}`);
    return {
      executedYmdt: ymdt(at - (h % 5000)),
      lastQuery: `UPDATE ${tables[h % tables.length]} SET updated_at = NOW() WHERE id = ${h % 1_000_000}`,
    };
  },

  restoreDbInstance: (ctx) => {
    const src = ctx.r.instance(ctx.params.dbInstanceId);
    const restore = ctx.body.restore ?? {};
    const info = restorationInfo(ctx, src);
    if (restore.restoreType === 'TIMESTAMP') {
      const oldest = info.oldestRestorableYmdt ? parseYmdt(info.oldestRestorableYmdt)! : Infinity;
      const latest = info.latestRestorableYmdt ? parseYmdt(info.latestRestorableYmdt)! : -Infinity;
      // Without a time (the guide makes it optional): the latest restorable point.
      const t = restore.restoreYmdt === undefined ? latest : parseYmdt(restore.restoreYmdt);
      if (t === undefined || t < oldest || t > latest) {
        throw invalid(
          'restore.restoreYmdt',
          `must be within the restorable range ${info.oldestRestorableYmdt ?? '(none)'} to ${info.latestRestorableYmdt ?? '(none)'}`,
        );
      }
    } else {
      if (restore.backupId === undefined) throw invalid('restore.backupId', 'is required');
      const b = ctx.r.backup(restore.backupId);
      if (b.dbInstanceId !== src.dbInstanceId)
        throw invalid('restore.backupId', `backup ${b.backupName} is not a backup of ${src.dbInstanceName}`);
      if (b.backupStatus !== 'COMPLETED')
        throw conflict(`Backup ${b.backupName} is ${b.backupStatus}; only a COMPLETED backup can be restored.`);
      if (restore.restoreType === 'BINLOG') {
        const entry = info.restorableBackups.find((e) => e.backup.backupId === b.backupId);
        const binLogFileName = restore.binLog?.binLogFileName;
        if (binLogFileName === undefined || !entry?.restorableBinLogs.includes(binLogFileName)) {
          throw invalid('restore.binLog.binLogFileName', `must be one of ${entry?.restorableBinLogs.join(', ')}`);
        }
      }
    }
    const made = instancesFromSpec(ctx, specFromSource(ctx.body, src), src.dbVersion, sourceDefaults(src));
    return restoreJob(ctx, 'restoreDbInstance', made);
  },

  restoreFromObjectStorage: (ctx) => {
    checkVersion(ctx.body.dbVersion, 'obs', ctx.state.product);
    const made = instancesFromSpec(ctx, ctx.body, ctx.body.dbVersion);
    return restoreJob(ctx, 'restoreFromObjectStorage', made);
  },

  restoreFromBackup: (ctx) => {
    const b = ctx.r.backup(ctx.params.backupId);
    if (b.backupStatus !== 'COMPLETED')
      throw conflict(`Backup ${b.backupName} is ${b.backupStatus}; only a COMPLETED backup can be restored.`);
    if (!VERSION_BY_ID.get(b.dbVersion)?.creatable)
      throw conflict(`Backups of ${b.dbVersion} can no longer be restored.`);
    const made = instancesFromSpec(ctx, specFromSource(ctx.body, ctx.r.instances.get(b.dbInstanceId)), b.dbVersion);
    return restoreJob(ctx, 'restoreFromBackup', made);
  },
};
