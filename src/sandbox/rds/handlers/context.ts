// What every RDS handler receives, and the checks several of them share.
import type * as z from 'zod/mini';
import type { RdsOperationName } from '../../../client/rds/api';
import type { InstanceSpec, RDS_SCHEMAS, RdsSchemas } from '../../../client/rds/schemas';
import { newGroup, newInstance } from '../factory';
import type { RdsProductId } from '../../../client/products';
import { family, versionsOf } from '../seed/catalog';
import type { RdsState, RegionState } from '../state';
import type { Instance, StorageAutoscale } from '../types';
import { conflict, invalid, RdsFault, RESULT, ymdt } from '../util';

type PartOf<S, Part extends 'query' | 'body'> = S extends { [P in Part]: infer T extends z.ZodMiniType }
  ? NonNullable<z.output<T>>
  : Record<string, never>;
/**
 * What a part (query or body) of an operation is once its schema accepted it; `{}` when it has
 * none. The sandbox serves v3.0 and v4.0 from one handler per name: either version's shape.
 */
type Parsed<K extends RdsOperationName, Part extends 'query' | 'body'> = K extends keyof V3Schemas
  ? PartOf<V3Schemas[K], Part> | PartOf<RdsSchemas[K], Part>
  : PartOf<RdsSchemas[K], Part>;
type V3Schemas = typeof RDS_SCHEMAS;

/** A call of operation K: the service validated query and body with K's schemas before the handler runs. */
export interface Ctx<K extends RdsOperationName = RdsOperationName> {
  state: RdsState;
  r: RegionState;
  params: Record<string, string>;
  /** Query parameters as K's query schema parsed them ({} when absent). */
  query: Parsed<K, 'query'>;
  /** The body as K's body schema parsed it ({} when absent). */
  body: Parsed<K, 'body'>;
  now: number;
  /** Whether the operation, in the version the request came in, pages its list (its query takes `page`). */
  paged: boolean;
}

/**
 * A list as the request's operation answers it: one that pages (v4.0's) gives `page` 1 and `size`
 * 20 when left out, as its guide says, with `totalCounts`; one that does not answers it whole.
 */
export function pageOf<T>(ctx: Ctx, all: T[]): { items: T[]; totalCounts?: number } {
  if (!ctx.paged) return { items: all };
  const q = ctx.query as { page?: number; size?: number };
  const size = q.size ?? 20;
  const start = ((q.page ?? 1) - 1) * size;
  return { items: all.slice(start, start + size), totalCounts: all.length };
}

/** Returns the payload placed beside `header` (nothing: header only). */
export type Handler<K extends RdsOperationName = RdsOperationName> = (ctx: Ctx<K>) => Record<string, unknown> | void;
export type Handlers = { [K in RdsOperationName]?: Handler<K> };

export function requireIdle(state: RdsState, inst: Instance): void {
  if (state.jobs.isBusy(inst.dbInstanceId) || inst.progressStatus !== 'NONE') {
    throw conflict(
      `DB instance ${inst.dbInstanceName} is busy (${inst.progressStatus}); wait for the running job to finish.`,
    );
  }
}

export function requireStatus(inst: Instance, status: Instance['dbInstanceStatus'], action: string): void {
  if (inst.dbInstanceStatus !== status)
    throw conflict(
      `Cannot ${action} DB instance ${inst.dbInstanceName}: it is ${inst.dbInstanceStatus}, it must be ${status}.`,
    );
}

/** The master, candidate and replicas of the instance's group. */
export function groupOf(ctx: Ctx, inst: Instance): Instance[] {
  return ctx.r.membersOf(inst.dbInstanceGroupId);
}

export function isHa(ctx: Ctx, inst: Instance): boolean {
  return ctx.r.groups.get(inst.dbInstanceGroupId)?.replicationType === 'HIGH_AVAILABILITY';
}

export function requireHa(ctx: Ctx, inst: Instance, action: string): void {
  if (!isHa(ctx, inst) || (inst.dbInstanceType !== 'MASTER' && inst.dbInstanceType !== 'CANDIDATE_MASTER')) {
    throw conflict(`Cannot ${action} on DB instance ${inst.dbInstanceName}: high availability is not enabled for it.`);
  }
}

export function checkFlavor(ctx: Ctx, id: string | undefined, field = 'dbFlavorId'): void {
  if (id !== undefined && !ctx.r.flavors.some((f) => f.dbFlavorId === id))
    throw invalid(field, `no DB flavor ${id} in ${ctx.r.region}`);
}
export function checkParameterGroup(
  ctx: Ctx,
  id: string | undefined,
  dbVersion: string,
  field = 'parameterGroupId',
): void {
  if (id === undefined) return;
  const g = ctx.r.parameterGroups.get(id);
  if (!g) throw invalid(field, `no parameter group ${id} in ${ctx.r.region}`);
  if (family(g.dbVersion) !== family(dbVersion))
    throw invalid(
      field,
      `parameter group ${g.parameterGroupName} is for ${g.dbVersion}, not the ${family(dbVersion)} family of ${dbVersion}`,
    );
}
export function checkSecurityGroups(ctx: Ctx, ids: string[] | undefined, field = 'dbSecurityGroupIds'): void {
  for (const [i, id] of (ids ?? []).entries())
    if (!ctx.r.securityGroups.has(id)) throw invalid(`${field}[${i}]`, `no DB security group ${id} in ${ctx.r.region}`);
}
export function checkUserGroups(ctx: Ctx, ids: string[] | undefined, field = 'userGroupIds'): void {
  for (const [i, id] of (ids ?? []).entries())
    if (!ctx.r.userGroups.has(id)) throw invalid(`${field}[${i}]`, `no user group ${id}`);
}
export function checkNetwork(ctx: Ctx, network: { subnetId?: string; availabilityZone?: string } | undefined): void {
  if (network?.subnetId !== undefined && !ctx.r.subnets.some((s) => s.subnetId === network.subnetId))
    throw invalid('network.subnetId', `no subnet ${network.subnetId} in ${ctx.r.region}`);
  if (network?.availabilityZone !== undefined && !ctx.r.availabilityZones.includes(network.availabilityZone)) {
    throw invalid(
      'network.availabilityZone',
      `must be one of ${ctx.r.availabilityZones.join(', ')} in ${ctx.r.region}`,
    );
  }
  if (network?.availabilityZone !== undefined && ctx.r.unavailableZones.has(network.availabilityZone))
    throw invalid('network.availabilityZone', `${network.availabilityZone} is not available now in ${ctx.r.region}`);
}
export function checkStorageType(storage: { storageType?: string } | undefined): void {
  if (storage?.storageType !== undefined && !['General SSD', 'General HDD'].includes(storage.storageType))
    throw invalid('storage.storageType', 'must be General SSD or General HDD');
}
export function checkVersion(dbVersion: string, purpose: 'create' | 'obs', product: RdsProductId = 'mysql'): void {
  const v = versionsOf(product).find((x) => x.dbVersion === dbVersion);
  if (!v) throw invalid('dbVersion', `unknown engine version ${dbVersion}`);
  if (purpose === 'create' && !v.creatable)
    throw invalid('dbVersion', `${dbVersion} can no longer be used to create an instance`);
  if (purpose === 'obs' && !v.restorableFromObs)
    throw invalid('dbVersion', `${dbVersion} cannot be restored from object storage`);
}

/**
 * An InstanceSpec as v3.0 or v4.0 sends it: v4.0 adds slow query analysis and storage autoscale,
 * and lets a restore leave out the zone and the storage type (the source's, or the region's first).
 */
export type SpecOfEitherVersion = Omit<z.output<typeof InstanceSpec>, 'network' | 'storage'> & {
  network: { subnetId: string; availabilityZone?: string; usePublicAccess?: boolean };
  storage: { storageType?: string; storageSize: number; storageAutoscale?: StorageAutoscale };
  useSlowQueryAnalysis?: boolean;
};

/**
 * A new standalone master (and its candidate when HA is asked) from an InstanceSpec-shaped body:
 * create, restore, restore-from-obs and restore-from-backup all end here. Returns the new instances.
 */
export function instancesFromSpec(
  ctx: Ctx,
  spec: SpecOfEitherVersion,
  dbVersion: string,
  defaults: Partial<Instance> = {},
): Instance[] {
  checkFlavor(ctx, spec.dbFlavorId);
  checkParameterGroup(ctx, spec.parameterGroupId, dbVersion);
  checkSecurityGroups(ctx, spec.dbSecurityGroupIds);
  checkUserGroups(ctx, spec.userGroupIds);
  checkNetwork(ctx, spec.network);
  checkStorageType(spec.storage);
  const taken = [...ctx.r.instances.values()].some((i) => i.dbInstanceName === spec.dbInstanceName);
  if (taken)
    throw new RdsFault(
      RESULT.CONFLICT,
      `dbInstanceName: a DB instance named ${spec.dbInstanceName} already exists in ${ctx.r.region}.`,
    );
  const groupId = ctx.state.newId();
  const ha = !!spec.useHighAvailability;
  ctx.r.groups.set(groupId, newGroup(groupId, ha ? 'HIGH_AVAILABILITY' : 'STANDALONE', ctx.now));
  const common = {
    groupId,
    dbVersion,
    description: spec.description ?? null,
    dbPort: spec.dbPort ?? defaults.dbPort,
    dbFlavorId: spec.dbFlavorId ?? defaults.dbFlavorId,
    parameterGroupId: spec.parameterGroupId ?? defaults.parameterGroupId,
    dbSecurityGroupIds: spec.dbSecurityGroupIds ?? defaults.dbSecurityGroupIds ?? [],
    userGroupIds: spec.userGroupIds ?? [],
    useDeletionProtection: !!spec.useDeletionProtection,
    storage: {
      storageType: spec.storage.storageType ?? defaults.storage?.storageType ?? 'General SSD',
      storageSize: spec.storage.storageSize,
      storageStatus: 'ATTACHED' as const,
      storageAutoscale: spec.storage.storageAutoscale ?? defaults.storage?.storageAutoscale,
    },
    backup: { ...defaults.backup, ...spec.backup },
    pingInterval: spec.pingInterval,
    status: 'BEFORE_CREATE' as const,
    at: ctx.now,
  };
  const master = newInstance({
    ...common,
    id: ctx.state.newId(),
    name: spec.dbInstanceName,
    network: {
      availabilityZone:
        spec.network.availabilityZone ?? defaults.network?.availabilityZone ?? ctx.r.availabilityZones[0],
      subnetId: spec.network.subnetId,
      usePublicAccess: !!spec.network?.usePublicAccess,
    },
  });
  const made = [master];
  if (ha) {
    const zones = ctx.r.availabilityZones;
    const other = zones.find((z) => z !== master.network.availabilityZone) ?? zones[0];
    made.push(
      newInstance({
        ...common,
        id: ctx.state.newId(),
        name: spec.dbInstanceCandidateName ?? `${spec.dbInstanceName}-candidate`,
        type: 'CANDIDATE_MASTER',
        network: { ...master.network, availabilityZone: other },
      }),
    );
  }
  for (const i of made) {
    if (spec.useSlowQueryAnalysis !== undefined) i.useSlowQueryAnalysis = spec.useSlowQueryAnalysis;
    ctx.r.instances.set(i.dbInstanceId, i);
  }
  return made;
}

/** Job effects for new instances: AVAILABLE when done, FAIL_TO_CREATE when the job fails. */
export function creationOutcome(ctx: Ctx, made: Instance[]) {
  return {
    effect: () => {
      for (const i of made) {
        i.dbInstanceStatus = 'AVAILABLE';
        i.updatedYmdt = ymdt(ctx.state.now());
      }
      ctx.r.addEvent('INSTC_01_01', made[0].dbInstanceId, made[0].dbInstanceName, ctx.state.now());
    },
    onFail: () => {
      for (const i of made) i.dbInstanceStatus = 'FAIL_TO_CREATE';
      ctx.r.addEvent('JOB_01_02', made[0].dbInstanceId, made[0].dbInstanceName, ctx.state.now());
    },
  };
}

export const touch = (ctx: Ctx, x: { updatedYmdt: string }): void => {
  x.updatedYmdt = ymdt(ctx.state.now());
};
