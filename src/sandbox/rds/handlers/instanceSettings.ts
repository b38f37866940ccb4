// Per-instance settings and maintenance: backups on demand, high availability, storage,
// backup settings and network (public access).
import { newInstance } from '../factory';
import type { StorageAutoscale } from '../types';
import { assignDefined, conflict, invalid, ymdt } from '../util';
import { type Ctx, groupOf, type Handlers, isHa, requireHa, requireIdle, requireStatus, touch } from './context';
import { startBackup } from './instances';
import { networkInfo } from './present';

function jobOn(ctx: Ctx, operation: string, progress: string, effect: () => void, onFail?: () => void) {
  const inst = ctx.r.instance(ctx.params.dbInstanceId);
  const job = ctx.state.jobs.start({
    operation,
    busy: [{ instance: inst, progress }],
    relations: [inst.dbInstanceId],
    effect,
    onFail,
  });
  return { jobId: job.jobId };
}

export const instanceSettingsHandlers: Handlers = {
  backupDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireStatus(inst, 'AVAILABLE', 'back up');
    requireIdle(ctx.state, inst);
    const b = startBackup(ctx, inst, ctx.body.backupName, 'MANUAL');
    return jobOn(ctx, 'backupDbInstance', 'BACKING_UP', b.effect, b.onFail);
  },

  backupDbInstanceToObjectStorage: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireStatus(inst, 'AVAILABLE', 'back up');
    requireIdle(ctx.state, inst);
    const t = ctx.body;
    return jobOn(ctx, 'backupDbInstanceToObjectStorage', 'BACKING_UP', () => {
      ctx.state.recordExport({
        region: ctx.r.region,
        tenantId: t.tenantId,
        username: t.username,
        bucket: t.targetContainer,
        path: `${String(t.objectPath).replace(/\/+$/, '')}/${inst.dbInstanceName}_${ymdt(ctx.state.now()).slice(0, 19).replace(/[-:T]/g, '')}.xbstream`,
        content: `xtrabackup stream of ${inst.dbInstanceName} (${inst.dbVersion}); sandbox placeholder\n`,
        operation: 'backupDbInstanceToObjectStorage',
        at: ymdt(ctx.state.now()),
      });
    });
  },

  setHighAvailability: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const enable = !!ctx.body.useHighAvailability;
    if (inst.dbInstanceType !== 'MASTER')
      throw conflict(`High availability is set on the master; ${inst.dbInstanceName} is ${inst.dbInstanceType}.`);
    requireStatus(inst, 'AVAILABLE', 'change high availability of');
    requireIdle(ctx.state, inst);
    const group = ctx.r.groups.get(inst.dbInstanceGroupId)!;
    if (enable && isHa(ctx, inst)) throw conflict(`High availability is already enabled on ${inst.dbInstanceName}.`);
    if (!enable && !isHa(ctx, inst)) throw conflict(`High availability is not enabled on ${inst.dbInstanceName}.`);
    return jobOn(ctx, 'setHighAvailability', 'MODIFYING', () => {
      if (enable) {
        const zones = ctx.r.availabilityZones;
        const cand = newInstance({
          id: ctx.state.newId(),
          groupId: inst.dbInstanceGroupId,
          name: `${inst.dbInstanceName}-candidate`,
          type: 'CANDIDATE_MASTER',
          dbVersion: inst.dbVersion,
          dbPort: inst.dbPort,
          dbFlavorId: inst.dbFlavorId,
          parameterGroupId: inst.parameterGroupId,
          dbSecurityGroupIds: [...inst.dbSecurityGroupIds],
          storage: { ...inst.storage },
          backup: { ...inst.backup },
          network: {
            ...inst.network,
            availabilityZone: zones.find((z) => z !== inst.network.availabilityZone) ?? zones[0],
          },
          at: ctx.state.now(),
        });
        cand.users = inst.users.map((u) => ({ ...u }));
        ctx.r.instances.set(cand.dbInstanceId, cand);
        group.replicationType = 'HIGH_AVAILABILITY';
        if (ctx.body.pingInterval !== undefined) inst.pingInterval = ctx.body.pingInterval;
      } else {
        for (const c of groupOf(ctx, inst).filter((i) => i.dbInstanceType === 'CANDIDATE_MASTER'))
          ctx.r.instances.delete(c.dbInstanceId);
        group.replicationType = 'STANDALONE';
        inst.haPaused = false;
      }
      touch(ctx, group);
    });
  },

  pauseHighAvailability: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireHa(ctx, inst, 'pause high availability');
    if (inst.haPaused) throw conflict(`High availability of ${inst.dbInstanceName} is already paused.`);
    requireIdle(ctx.state, inst);
    return jobOn(ctx, 'pauseHighAvailability', 'MODIFYING', () => void (inst.haPaused = true));
  },

  resumeHighAvailability: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireHa(ctx, inst, 'resume high availability');
    if (!inst.haPaused) throw conflict(`High availability of ${inst.dbInstanceName} is not paused.`);
    requireIdle(ctx.state, inst);
    return jobOn(ctx, 'resumeHighAvailability', 'MODIFYING', () => void (inst.haPaused = false));
  },

  repairHighAvailability: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireHa(ctx, inst, 'repair high availability');
    requireIdle(ctx.state, inst);
    return jobOn(ctx, 'repairHighAvailability', 'REPAIRING', () => {
      for (const m of groupOf(ctx, inst))
        if (m.dbInstanceType === 'FAILED_MASTER') m.dbInstanceType = 'CANDIDATE_MASTER';
      for (const m of groupOf(ctx, inst))
        if (m.dbInstanceStatus === 'REPLICATION_STOP' || m.dbInstanceStatus === 'FAILOVER')
          m.dbInstanceStatus = 'AVAILABLE';
    });
  },

  splitHighAvailability: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireHa(ctx, inst, 'split high availability');
    requireIdle(ctx.state, inst);
    return jobOn(ctx, 'splitHighAvailability', 'MODIFYING', () => {
      const now = ctx.state.now();
      for (const c of groupOf(ctx, inst).filter((i) => i.dbInstanceType === 'CANDIDATE_MASTER')) {
        const groupId = ctx.state.newId();
        ctx.r.groups.set(groupId, {
          dbInstanceGroupId: groupId,
          replicationType: 'STANDALONE',
          createdYmdt: ymdt(now),
          updatedYmdt: ymdt(now),
        });
        c.dbInstanceGroupId = groupId;
        c.dbInstanceType = 'MASTER';
      }
      ctx.r.groups.get(inst.dbInstanceGroupId)!.replicationType = 'STANDALONE';
      inst.haPaused = false;
    });
  },

  getStorageInfo: ({ r, params }) => ({ ...r.instance(params.dbInstanceId).storage }),

  modifyStorageInfo: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    // v4.0 may change autoscale alone (no size: the current one).
    const body: { storageSize?: number; storageAutoscale?: StorageAutoscale } = ctx.body;
    const size = body.storageSize ?? inst.storage.storageSize;
    if (size < inst.storage.storageSize)
      throw invalid('storageSize', `must not be below the current size of ${inst.storage.storageSize} GB`);
    if (ctx.body.useOnlineFailover && !isHa(ctx, inst))
      throw conflict('useOnlineFailover needs high availability on this DB instance.');
    requireIdle(ctx.state, inst);
    return jobOn(ctx, 'modifyStorageInfo', 'MODIFYING', () => {
      for (const m of inst.dbInstanceType === 'MASTER'
        ? groupOf(ctx, inst).filter((i) => i.dbInstanceType !== 'READ_ONLY_SLAVE')
        : [inst]) {
        m.storage.storageSize = size;
        if (body.storageAutoscale)
          m.storage.storageAutoscale = { ...m.storage.storageAutoscale, ...body.storageAutoscale };
      }
    });
  },

  getBackupInfo: ({ r, params }) => {
    const b = r.instance(params.dbInstanceId).backup;
    return { ...b, backupSchedules: b.backupSchedules.map((s) => ({ ...s })) };
  },

  modifyBackupInfo: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireIdle(ctx.state, inst);
    const b = ctx.body;
    return jobOn(ctx, 'modifyBackupInfo', 'MODIFYING', () => {
      assignDefined(inst.backup, b, [
        'backupPeriod',
        'ftwrlWaitTimeout',
        'backupRetryCount',
        'replicationRegion',
        'useBackupLock',
      ]);
      if (b.backupSchedules !== undefined)
        inst.backup.backupSchedules = b.backupSchedules.map((s) => ({
          backupWndBgnTime: s.backupWndBgnTime,
          backupWndDuration: s.backupWndDuration,
        }));
    });
  },

  getNetworkInfo: ({ r, params, state }) => {
    const inst = r.instance(params.dbInstanceId);
    return networkInfo(r, inst, !state.withoutDatabase.has(inst));
  },

  modifyNetworkInfo: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireIdle(ctx.state, inst);
    const subnet = ctx.r.subnets.find((s) => s.subnetId === inst.network.subnetId);
    if (ctx.body.usePublicAccess && subnet && !subnet.usingGateway) {
      throw conflict(`Public access needs a subnet with an internet gateway; ${subnet.subnetName} has none.`);
    }
    return jobOn(
      ctx,
      'modifyNetworkInfo',
      'MODIFYING',
      () => void (inst.network.usePublicAccess = !!ctx.body.usePublicAccess),
    );
  },
};
