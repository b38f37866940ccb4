// High availability as v4.0 reads it, maintenances and availability zones (API v4.0, issue 61),
// over the same state as the rest. What may be done to a maintenance follows the console guide
// (TOAST-DOCS/RDS, "DB Instance > Maintenance"): a pending one (PENDING, or SUSPENDED: held) is
// run now or scheduled for the next maintenance window; a scheduled one (READY) is deleted,
// which cancels a user's maintenance and puts a provider's back among the pending ones.
import { nextMaintenanceWindow } from '../seed/maintenances';
import type { Instance, Maintenance } from '../types';
import { conflict, invalid, notFound, ymdt } from '../util';
import { type Ctx, groupOf, type Handlers, isHa, requireIdle, requireStatus } from './context';

/** The statuses a maintenance can be run now or scheduled from. */
export const MAINTENANCE_RUNNABLE = new Set(['PENDING', 'SUSPENDED']);
/** The statuses a maintenance can be deleted (cancelled) from. */
export const MAINTENANCE_CANCELLABLE = new Set(['READY']);

/** What an instance shows while a maintenance of the type runs (the guide's progress statuses). */
const PROGRESS: Record<string, string> = {
  APPLY_CHANGE_PARAMETER: 'APPLYING_PARAMETER_GROUP',
  MIGRATION: 'MIGRATING',
  UPDATE_DB_INSTANCE: 'MODIFYING',
};

/** The high-availability status of an HA group as the master's state makes it. */
function haStatus(ctx: Ctx, master: Instance): string {
  const members = groupOf(ctx, master);
  if (master.dbInstanceStatus === 'SHUTDOWN') return 'PAUSED_DUE_TO_STOP';
  if (master.haPaused) return 'PAUSED';
  if (master.progressStatus !== 'NONE' || ctx.state.jobs.isBusy(master.dbInstanceId)) return 'PAUSED_DUE_TO_TASK';
  if (members.some((m) => m.dbInstanceStatus === 'REPLICATION_STOP')) return 'DISABLE_REPLICATION_STOP';
  if (members.some((m) => m.dbInstanceType === 'FAILED_MASTER')) return 'FAILOVER_COMPLETED';
  return 'STABLE';
}

/** The maintenance a Run Now or Schedule names: its setting id is the maintenance's id. */
function named(ctx: Ctx<'executeMaintenanceNow' | 'scheduleMaintenance'>, inst: Instance): Maintenance {
  const b = ctx.body;
  const m = ctx.r.maintenances.get(b.configId);
  if (!m || m.dbInstanceId !== inst.dbInstanceId)
    throw invalid('configId', `no maintenance ${b.configId} on ${inst.dbInstanceName}`);
  if (m.category !== b.category) throw invalid('category', `maintenance ${b.configId} is ${m.category}`);
  if (m.type !== b.type) throw invalid('type', `maintenance ${b.configId} is ${m.type}`);
  if (!MAINTENANCE_RUNNABLE.has(m.status))
    throw conflict(
      `Maintenance ${m.type} of ${inst.dbInstanceName} is ${m.status}: only a pending one (PENDING or SUSPENDED) can be run now or scheduled.`,
    );
  return m;
}

/** What a completed maintenance changed on its instance. */
function applied(ctx: Ctx, inst: Instance, m: Maintenance): void {
  if (m.type === 'APPLY_CHANGE_PARAMETER') inst.needToApplyParameterGroup = false;
  if (m.type === 'MIGRATION') inst.needMigration = false;
  if (m.type === 'UPGRADE_ENGINE_VERSION' && typeof m.payload.dbVersion === 'string')
    inst.dbVersion = m.payload.dbVersion;
  inst.updatedYmdt = ymdt(ctx.state.now());
}

export const maintenanceHandlers: Handlers = {
  getHighAvailability: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const inHa = isHa(ctx, inst) && (inst.dbInstanceType === 'MASTER' || inst.dbInstanceType === 'CANDIDATE_MASTER');
    if (!inHa) return { useHighAvailability: false, haStatus: null, pingInterval: null, pingType: null };
    // The pair's settings are the master's.
    const master = groupOf(ctx, inst).find((i) => i.dbInstanceType === 'MASTER') ?? inst;
    return {
      useHighAvailability: true,
      haStatus: haStatus(ctx, master),
      pingInterval: master.pingInterval,
      pingType: 'CONNECTION',
    };
  },

  listMaintenances: ({ r, params, query }) => {
    const inst = r.instance(params.dbInstanceId);
    const statuses = query.statuses?.split(',').map((s) => s.trim());
    const all = [...r.maintenances.values()]
      .filter(
        (m) =>
          m.dbInstanceId === inst.dbInstanceId &&
          (!query.type || m.type === query.type) &&
          (!query.category || m.category === query.category) &&
          (!statuses || statuses.includes(m.status)),
      )
      .sort((a, b) => b.addedYmdt.localeCompare(a.addedYmdt));
    return { totalCounts: all.length, maintenances: all.map((m) => ({ ...m, payload: { ...m.payload } })) };
  },

  executeMaintenanceNow: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const m = named(ctx, inst);
    requireStatus(inst, 'AVAILABLE', 'run a maintenance on');
    requireIdle(ctx.state, inst);
    m.status = 'RUNNING';
    m.executionType = 'MANUAL';
    m.executionStartedYmdt = ymdt(ctx.now);
    m.executionCompletedYmdt = null;
    const job = ctx.state.jobs.start({
      operation: 'executeMaintenanceNow',
      busy: [{ instance: inst, progress: PROGRESS[m.type] ?? 'MODIFYING' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        m.status = 'COMPLETED';
        m.executionCompletedYmdt = ymdt(ctx.state.now());
        applied(ctx, inst, m);
      },
      onFail: () => {
        m.status = 'FAILED';
        m.executionCompletedYmdt = ymdt(ctx.state.now());
      },
    });
    return { jobId: job.jobId };
  },

  scheduleMaintenance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const m = named(ctx, inst);
    m.status = 'READY';
    m.executionType = 'SCHEDULED';
    m.executionStartedYmdt = ymdt(nextMaintenanceWindow(ctx.now));
  },

  deleteMaintenance: ({ r, params }) => {
    const inst = r.instance(params.dbInstanceId);
    const m = r.maintenances.get(params.maintenanceId);
    if (!m || m.dbInstanceId !== inst.dbInstanceId) throw notFound('Maintenance', params.maintenanceId);
    if (!MAINTENANCE_CANCELLABLE.has(m.status))
      throw conflict(
        `Maintenance ${m.type} of ${inst.dbInstanceName} is ${m.status}: only one scheduled for the next maintenance window (READY) can be deleted.`,
      );
    m.executionStartedYmdt = null;
    if (m.category === 'USER') m.status = 'DELETED';
    else {
      m.status = 'PENDING';
      m.executionType = null;
    }
  },

  listAvailabilityZones: ({ r }) => ({
    availabilityZones: r.availabilityZones.map((availabilityZoneName) => ({
      availabilityZoneName,
      zoneState: { available: !r.unavailableZones.has(availabilityZoneName) },
    })),
  }),
};
