// DB users, DB schemas, log files and backups (list, export, delete).
import { authPluginSupported, newUser } from '../factory';
import { VERSION_BY_ID } from '../seed/catalog';
import { SANDBOX_AUTHORITY_TYPES, SANDBOX_PLUGINS, SANDBOX_TLS_OPTIONS, type DbSchema, type DbUser } from '../types';
import type * as z from 'zod/mini';
import type { ObjectStorageTarget } from '../../../client/rds/schemas';
import { assignDefined, conflict, invalid, notFound, oneOf, RdsFault, RESULT, ymdt } from '../util';
import { type Ctx, type Handlers, requireIdle, requireStatus, touch } from './context';
import { backupItem } from './present';

const asArray = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

function checkPlugin(ctx: Ctx, dbVersion: string, body: { authenticationPlugin?: string; tlsOption?: string }): void {
  if ((body.authenticationPlugin !== undefined || body.tlsOption !== undefined) && !authPluginSupported(dbVersion)) {
    throw invalid(
      body.authenticationPlugin !== undefined ? 'authenticationPlugin' : 'tlsOption',
      `cannot be set on ${dbVersion} (supportAuthenticationPlugin is false)`,
    );
  }
  const plugins = VERSION_BY_ID.get(dbVersion)?.plugins ?? ['NATIVE'];
  if (body.authenticationPlugin !== undefined && !plugins.includes(body.authenticationPlugin))
    throw invalid('authenticationPlugin', `${dbVersion} supports ${plugins.join(', ')}`);
}

function user(ctx: Ctx): { inst: ReturnType<Ctx['r']['instance']>; u: DbUser } {
  const inst = ctx.r.instance(ctx.params.dbInstanceId);
  const u = inst.users.find((x) => x.dbUserId === ctx.params.dbUserId);
  if (!u) throw notFound('DB user', ctx.params.dbUserId);
  return { inst, u };
}

function exportObject(
  ctx: Ctx,
  operation: string,
  t: z.output<typeof ObjectStorageTarget>,
  name: string,
  content: string,
) {
  ctx.state.recordExport({
    region: ctx.r.region,
    tenantId: t.tenantId,
    username: t.username,
    bucket: t.targetContainer,
    path: `${String(t.objectPath ?? '').replace(/^\/+|\/+$/g, '')}/${name}`.replace(/^\//, ''),
    content,
    operation,
    at: ymdt(ctx.state.now()),
  });
}

export const dataHandlers: Handlers = {
  listDbUsers: ({ r, params }) => ({ dbUsers: r.instance(params.dbInstanceId).users }),

  createDbUser: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireStatus(inst, 'AVAILABLE', 'create a DB user on');
    requireIdle(ctx.state, inst);
    const b = ctx.body;
    checkPlugin(ctx, inst.dbVersion, b);
    if (inst.users.some((u) => u.dbUserName === b.dbUserName && u.host === b.host))
      throw new RdsFault(
        RESULT.CONFLICT,
        `dbUserName: ${b.dbUserName}@${b.host} already exists on ${inst.dbInstanceName}.`,
      );
    const u = newUser(
      ctx.state.newId(),
      b.dbUserName,
      b.host,
      oneOf('authorityType', b.authorityType, SANDBOX_AUTHORITY_TYPES),
      inst.dbVersion,
      ctx.now,
      oneOf('authenticationPlugin', b.authenticationPlugin, SANDBOX_PLUGINS),
      oneOf('tlsOption', b.tlsOption, SANDBOX_TLS_OPTIONS),
    );
    u.dbUserStatus = 'CREATING';
    inst.users.push(u);
    ctx.state.setDbPassword(u.dbUserId, b.dbPassword);
    const job = ctx.state.jobs.start({
      operation: 'createDbUser',
      busy: [{ instance: inst, progress: 'CREATING_USER' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        u.dbUserStatus = 'STABLE';
        touch(ctx, u);
      },
      onFail: () => {
        inst.users = inst.users.filter((x) => x !== u);
      },
    });
    return { jobId: job.jobId };
  },

  modifyDbUser: (ctx) => {
    const { inst, u } = user(ctx);
    requireIdle(ctx.state, inst);
    const b = ctx.body;
    checkPlugin(ctx, inst.dbVersion, b);
    if (
      b.authenticationPlugin !== undefined &&
      b.authenticationPlugin !== u.authenticationPlugin &&
      b.dbPassword === undefined
    ) {
      throw invalid('dbPassword', 'changing the authentication plugin needs a new password in the same request');
    }
    const checked = {
      authorityType: oneOf('authorityType', b.authorityType, SANDBOX_AUTHORITY_TYPES),
      authenticationPlugin: oneOf('authenticationPlugin', b.authenticationPlugin, SANDBOX_PLUGINS),
      tlsOption: oneOf('tlsOption', b.tlsOption, SANDBOX_TLS_OPTIONS),
    };
    u.dbUserStatus = 'UPDATING';
    const job = ctx.state.jobs.start({
      operation: 'modifyDbUser',
      busy: [{ instance: inst, progress: 'UPDATING_USER' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        assignDefined(u, checked, ['authorityType', 'authenticationPlugin', 'tlsOption']);
        if (b.dbPassword !== undefined) ctx.state.setDbPassword(u.dbUserId, b.dbPassword);
        u.dbUserStatus = 'STABLE';
        touch(ctx, u);
      },
      onFail: () => void (u.dbUserStatus = 'STABLE'),
    });
    return { jobId: job.jobId };
  },

  deleteDbUser: (ctx) => {
    const { inst, u } = user(ctx);
    requireIdle(ctx.state, inst);
    u.dbUserStatus = 'DELETING';
    const job = ctx.state.jobs.start({
      operation: 'deleteDbUser',
      busy: [{ instance: inst, progress: 'DELETING_USER' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        inst.users = inst.users.filter((x) => x !== u);
      },
      onFail: () => void (u.dbUserStatus = 'STABLE'),
    });
    return { jobId: job.jobId };
  },

  listDbSchemas: ({ r, params }) => ({ dbSchemas: r.instance(params.dbInstanceId).schemas }),

  createDbSchema: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireStatus(inst, 'AVAILABLE', 'create a DB schema on');
    requireIdle(ctx.state, inst);
    const name = ctx.body.dbSchemaName;
    if (inst.schemas.some((s) => s.dbSchemaName === name))
      throw new RdsFault(RESULT.CONFLICT, `dbSchemaName: ${name} already exists on ${inst.dbInstanceName}.`);
    const s: DbSchema = {
      dbSchemaId: ctx.state.newId(),
      dbSchemaName: name,
      dbSchemaStatus: 'CREATING',
      createdYmdt: ymdt(ctx.now),
    };
    inst.schemas.push(s);
    const job = ctx.state.jobs.start({
      operation: 'createDbSchema',
      busy: [{ instance: inst, progress: 'CREATING_SCHEMA' }],
      relations: [inst.dbInstanceId],
      effect: () => void (s.dbSchemaStatus = 'STABLE'),
      onFail: () => {
        inst.schemas = inst.schemas.filter((x) => x !== s);
      },
    });
    return { jobId: job.jobId };
  },

  deleteDbSchema: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const s = inst.schemas.find((x) => x.dbSchemaId === ctx.params.dbSchemaId);
    if (!s) throw notFound('DB schema', ctx.params.dbSchemaId);
    requireIdle(ctx.state, inst);
    s.dbSchemaStatus = 'DELETING';
    const job = ctx.state.jobs.start({
      operation: 'deleteDbSchema',
      busy: [{ instance: inst, progress: 'DELETING_SCHEMA' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        inst.schemas = inst.schemas.filter((x) => x !== s);
      },
      onFail: () => void (s.dbSchemaStatus = 'STABLE'),
    });
    return { jobId: job.jobId };
  },

  listLogFiles: ({ r, params, query }) => {
    const types = asArray(query.logFileTypes);
    const files = r
      .instance(params.dbInstanceId)
      .logFiles.filter((f) => types.length === 0 || types.includes(f.logFileType));
    return { logFiles: files.map(({ content: _c, ...f }) => f) };
  },

  exportLogFiles: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const names: string[] = ctx.body.logFileNames ?? [];
    const files = names.map((n, i) => {
      const f = inst.logFiles.find((x) => x.logFileName === n);
      if (!f) throw invalid(`logFileNames[${i}]`, `no log file ${n} on ${inst.dbInstanceName}`);
      return f;
    });
    const job = ctx.state.jobs.start({
      operation: 'exportLogFiles',
      relations: [inst.dbInstanceId],
      effect: () => {
        for (const f of files) exportObject(ctx, 'exportLogFiles', ctx.body, f.logFileName, f.content);
      },
    });
    return { jobId: job.jobId };
  },

  listBackups: ({ r, query }) => {
    const page = Number(query.page ?? 1);
    const size = Number(query.size ?? 20);
    const all = [...r.backups.values()]
      .filter(
        (b) =>
          (query.backupType === undefined || b.backupType === query.backupType) &&
          (query.dbInstanceId === undefined || b.dbInstanceId === query.dbInstanceId) &&
          (query.dbVersion === undefined || b.dbVersion === query.dbVersion),
      )
      .sort((a, b) => b.createdYmdt.localeCompare(a.createdYmdt));
    return { totalCounts: all.length, backups: all.slice((page - 1) * size, page * size).map(backupItem) };
  },

  exportBackup: (ctx) => {
    const b = ctx.r.backup(ctx.params.backupId);
    if (b.backupStatus !== 'COMPLETED')
      throw conflict(`Backup ${b.backupName} is ${b.backupStatus}; only a COMPLETED backup can be exported.`);
    if (b.backupType === 'MANUAL' && !ctx.r.instances.has(b.dbInstanceId)) {
      throw conflict(
        `Backup ${b.backupName} cannot be exported: its DB instance ${b.dbInstanceName} no longer exists (manual backups need their instance).`,
      );
    }
    const inst = ctx.r.instances.get(b.dbInstanceId);
    const job = ctx.state.jobs.start({
      operation: 'exportBackup',
      busy: inst ? [{ instance: inst, progress: 'EXPORTING_BACKUP' }] : [],
      relations: inst ? [inst.dbInstanceId] : [],
      effect: () =>
        exportObject(
          ctx,
          'exportBackup',
          ctx.body,
          `${b.backupName}.xbstream`,
          `xtrabackup stream of backup ${b.backupName} (${b.dbVersion}, ${b.backupSize} bytes); sandbox placeholder\n`,
        ),
    });
    return { jobId: job.jobId };
  },

  deleteBackup: (ctx) => {
    const b = ctx.r.backup(ctx.params.backupId);
    if (b.backupStatus === 'BACKING_UP' || b.backupStatus === 'DELETING')
      throw conflict(`Backup ${b.backupName} is ${b.backupStatus}; wait until it settles.`);
    b.backupStatus = 'DELETING';
    const job = ctx.state.jobs.start({
      operation: 'deleteBackup',
      relations: ctx.r.instances.has(b.dbInstanceId) ? [b.dbInstanceId] : [],
      effect: () => void ctx.r.backups.delete(b.backupId),
      onFail: () => void (b.backupStatus = 'COMPLETED'),
    });
    return { jobId: job.jobId };
  },
};
