// DB instances: list, detail, create, modify, delete, start, stop, restart, force-restart,
// deletion protection and promotion.
import { newBackup, newUser } from '../factory';
import { family, versionRank, VERSION_BY_ID } from '../seed/catalog';
import type { Instance } from '../types';
import { assignDefined, conflict, invalid, RdsFault, RESULT, ymdt } from '../util';
import {
  checkFlavor,
  checkParameterGroup,
  checkSecurityGroups,
  checkVersion,
  creationOutcome,
  type Ctx,
  groupOf,
  type Handlers,
  instancesFromSpec,
  isHa,
  requireIdle,
  requireStatus,
  touch,
} from './context';
import { instanceDetail, instanceItem } from './present';

/** A backup taken by `executeBackup` or the backup operation (BACKING_UP until the job ends). */
export function startBackup(ctx: Ctx, inst: Instance, name: string, type: 'AUTO' | 'MANUAL') {
  const b = newBackup({
    id: ctx.state.newId(),
    name,
    instance: inst,
    type,
    status: 'BACKING_UP',
    size: 0,
    at: ctx.now,
    binlog: 104 + ctx.r.backups.size,
    position: 4 + (ctx.now % 100_000),
  });
  ctx.r.backups.set(b.backupId, b);
  ctx.r.addEvent('BACUP_01_00', inst.dbInstanceId, inst.dbInstanceName, ctx.now);
  return {
    backup: b,
    effect: () => {
      b.backupStatus = 'COMPLETED';
      b.backupSize = inst.storage.storageSize * 31_000_000;
      b.updatedYmdt = ymdt(ctx.state.now());
      ctx.r.addEvent('BACUP_01_01', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
    },
    onFail: () => {
      b.backupStatus = 'ERROR';
      ctx.r.addEvent('BACUP_01_04', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
    },
  };
}

/** RDS API v4.0's failover options of restart and modify: the guide allows them on high availability only. */
function requireHaForFailoverOptions(ctx: Ctx, inst: Instance, body: object): void {
  for (const field of ['waitReplicationDelay', 'useReadOnly'])
    if ((body as Record<string, unknown>)[field] === true && !isHa(ctx, inst))
      throw conflict(`${field} needs high availability on this DB instance.`);
}

export const instanceHandlers: Handlers = {
  listDbInstances: ({ r }) => ({ dbInstances: [...r.instances.values()].map(instanceItem) }),
  getDbInstance: ({ r, params }) => instanceDetail(r.instance(params.dbInstanceId)),

  createDbInstance: (ctx) => {
    const b = ctx.body;
    checkVersion(b.dbVersion, 'create', ctx.state.product);
    const plugins = VERSION_BY_ID.get(b.dbVersion)!.plugins;
    if (b.authenticationPlugin !== undefined && !plugins.includes(b.authenticationPlugin)) {
      throw invalid('authenticationPlugin', `${b.dbVersion} supports ${plugins.join(', ')}`);
    }
    const made = instancesFromSpec(ctx, b, b.dbVersion);
    for (const i of made) {
      i.users = [
        newUser(
          ctx.state.newId(),
          b.dbUserName,
          '%',
          'DDL',
          b.dbVersion,
          ctx.now,
          b.authenticationPlugin ?? (plugins.includes('NATIVE') ? 'NATIVE' : 'CACHING_SHA2'),
          b.tlsOption,
        ),
      ];
      ctx.state.setDbPassword(i.users[0].dbUserId, b.dbPassword);
    }
    const job = ctx.state.jobs.start({
      operation: 'createDbInstance',
      busy: made.map((instance) => ({ instance, progress: 'CREATING' })),
      relations: made.map((i) => i.dbInstanceId),
      ...creationOutcome(ctx, made),
    });
    return { jobId: job.jobId };
  },

  modifyDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const b = ctx.body;
    requireIdle(ctx.state, inst);
    if (inst.dbInstanceStatus !== 'AVAILABLE' && inst.dbInstanceStatus !== 'SHUTDOWN')
      requireStatus(inst, 'AVAILABLE', 'modify');
    checkFlavor(ctx, b.dbFlavorId);
    if (b.dbVersion !== undefined && b.dbVersion !== inst.dbVersion) {
      checkVersion(b.dbVersion, 'create', ctx.state.product);
      if (versionRank(b.dbVersion) < versionRank(inst.dbVersion))
        throw invalid('dbVersion', `cannot downgrade from ${inst.dbVersion} to ${b.dbVersion}`);
      if (
        family(b.dbVersion) !== family(inst.dbVersion) &&
        !(family(inst.dbVersion) === '5.7' && family(b.dbVersion) === '8.0')
      ) {
        throw invalid('dbVersion', `cannot upgrade from ${inst.dbVersion} to ${b.dbVersion} directly`);
      }
    }
    checkParameterGroup(ctx, b.parameterGroupId, b.dbVersion ?? inst.dbVersion);
    checkSecurityGroups(ctx, b.dbSecurityGroupIds);
    if (b.useOnlineFailover && !isHa(ctx, inst))
      throw conflict('useOnlineFailover needs high availability on this DB instance.');
    requireHaForFailoverOptions(ctx, inst, b);
    if (
      b.dbInstanceName !== undefined &&
      b.dbInstanceName !== inst.dbInstanceName &&
      [...ctx.r.instances.values()].some((i) => i.dbInstanceName === b.dbInstanceName)
    ) {
      throw new RdsFault(RESULT.CONFLICT, `dbInstanceName: a DB instance named ${b.dbInstanceName} already exists.`);
    }
    const backup = b.executeBackup
      ? startBackup(ctx, inst, `${inst.dbInstanceName}-before-modify`, 'MANUAL')
      : undefined;
    const job = ctx.state.jobs.start({
      operation: 'modifyDbInstance',
      busy: [{ instance: inst, progress: 'MODIFYING' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        backup?.effect();
        assignDefined(inst, b, [
          'dbInstanceName',
          'description',
          'dbPort',
          'dbVersion',
          'dbFlavorId',
          'dbSecurityGroupIds',
          'useSlowQueryAnalysis',
        ]);
        if (b.parameterGroupId !== undefined) {
          inst.parameterGroupId = b.parameterGroupId;
          inst.needToApplyParameterGroup = false;
        }
        if (b.dbInstanceCandidateName !== undefined) {
          const cand = groupOf(ctx, inst).find((i) => i.dbInstanceType === 'CANDIDATE_MASTER');
          if (cand) cand.dbInstanceName = b.dbInstanceCandidateName;
        }
        touch(ctx, inst);
        ctx.r.addEvent('INSTC_09_01', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
      },
      onFail: () => backup?.onFail(),
    });
    return { jobId: job.jobId };
  },

  deleteDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    if (inst.useDeletionProtection) {
      throw new RdsFault(
        RESULT.DELETION_PROTECTED,
        `DB instance ${inst.dbInstanceName} has deletion protection on: turn it off first (deletion-protection), then delete.`,
      );
    }
    requireIdle(ctx.state, inst);
    if (inst.dbInstanceType === 'CANDIDATE_MASTER')
      throw conflict(`${inst.dbInstanceName} is a candidate master: turn high availability off on its master instead.`);
    if (inst.dbInstanceType === 'MASTER' && groupOf(ctx, inst).some((i) => i.dbInstanceType === 'READ_ONLY_SLAVE')) {
      throw new RdsFault(
        RESULT.IN_USE,
        `DB instance ${inst.dbInstanceName} has read replicas: delete or promote them first.`,
      );
    }
    const job = ctx.state.jobs.start({
      operation: 'deleteDbInstance',
      busy: [{ instance: inst, progress: 'DELETING' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        const members = inst.dbInstanceType === 'MASTER' ? groupOf(ctx, inst) : [inst];
        for (const m of members) ctx.r.instances.delete(m.dbInstanceId);
        if (ctx.r.membersOf(inst.dbInstanceGroupId).length === 0) ctx.r.groups.delete(inst.dbInstanceGroupId);
        ctx.r.addEvent('INSTC_04_01', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
      },
    });
    return { jobId: job.jobId };
  },

  restartDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireStatus(inst, 'AVAILABLE', 'restart');
    requireIdle(ctx.state, inst);
    if (ctx.body.useOnlineFailover && !isHa(ctx, inst))
      throw conflict('useOnlineFailover needs high availability on this DB instance.');
    requireHaForFailoverOptions(ctx, inst, ctx.body ?? {});
    const backup = ctx.body.executeBackup
      ? startBackup(ctx, inst, `${inst.dbInstanceName}-before-restart`, 'MANUAL')
      : undefined;
    const job = ctx.state.jobs.start({
      operation: 'restartDbInstance',
      busy: [{ instance: inst, progress: 'RESTARTING' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        backup?.effect();
        inst.needToApplyParameterGroup = false;
        ctx.r.addEvent('INSTC_02_03', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
      },
      onFail: () => backup?.onFail(),
    });
    return { jobId: job.jobId };
  },

  forceRestartDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    if (inst.dbInstanceStatus === 'SHUTDOWN' || inst.dbInstanceStatus === 'BEFORE_CREATE')
      requireStatus(inst, 'AVAILABLE', 'force-restart');
    requireIdle(ctx.state, inst);
    // No job id is returned, but the instance still shows the work for a while.
    ctx.state.jobs.start({
      operation: 'forceRestartDbInstance',
      busy: [{ instance: inst, progress: 'RESTARTING_FORCIBLY' }],
      relations: [inst.dbInstanceId],
      effect: () => ctx.r.addEvent('INSTC_02_03', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now()),
    });
  },

  startDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireStatus(inst, 'SHUTDOWN', 'start');
    requireIdle(ctx.state, inst);
    const job = ctx.state.jobs.start({
      operation: 'startDbInstance',
      busy: [{ instance: inst, progress: 'STARTING' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        inst.dbInstanceStatus = 'AVAILABLE';
        ctx.r.addEvent('INSTC_02_01', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
      },
    });
    return { jobId: job.jobId };
  },

  stopDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireStatus(inst, 'AVAILABLE', 'stop');
    requireIdle(ctx.state, inst);
    const job = ctx.state.jobs.start({
      operation: 'stopDbInstance',
      busy: [{ instance: inst, progress: 'STOPPING' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        inst.dbInstanceStatus = 'SHUTDOWN';
        ctx.r.addEvent('INSTC_53_01', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
      },
    });
    return { jobId: job.jobId };
  },

  setDeletionProtection: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    inst.useDeletionProtection = !!ctx.body.useDeletionProtection;
    touch(ctx, inst);
  },

  promoteDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    if (inst.dbInstanceType !== 'READ_ONLY_SLAVE')
      throw conflict(`Only a read replica can be promoted; ${inst.dbInstanceName} is ${inst.dbInstanceType}.`);
    requireStatus(inst, 'AVAILABLE', 'promote');
    requireIdle(ctx.state, inst);
    const job = ctx.state.jobs.start({
      operation: 'promoteDbInstance',
      busy: [{ instance: inst, progress: 'PROMOTING' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        const groupId = ctx.state.newId();
        ctx.r.groups.set(groupId, {
          dbInstanceGroupId: groupId,
          replicationType: 'STANDALONE',
          createdYmdt: ymdt(ctx.state.now()),
          updatedYmdt: ymdt(ctx.state.now()),
        });
        inst.dbInstanceGroupId = groupId;
        inst.dbInstanceType = 'MASTER';
        touch(ctx, inst);
        ctx.r.addEvent('INSTC_16_01', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
      },
    });
    return { jobId: job.jobId };
  },
};
