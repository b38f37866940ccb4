// The operations only RDS API v4.0 has (src/client/rds/v4Rows.ts), over the same state as v3.0:
// backups by method (a full or snapshot backup of an instance, an incremental one on a base),
// rebuild, binary logs (which grow as backups rotate them, and purge), certificates, a log
// file's latest content, and event subscriptions.

import type { EventSubscription, Instance, LogFile } from '../types';
import { conflict, invalid, ymdt } from '../util';
import { checkUserGroups, type Ctx, type Handlers, requireIdle, requireStatus } from './context';
import { startBackup } from './instances';
import { backupItem } from './present';

/** What Get Log File Content returns at most (the guide: 65,533 bytes, the end of the log). */
export const LOG_CONTENT_LIMIT = 65_533;

/** The instance's binary logs, oldest first (the newest is the one being written). */
const binLogsOf = (inst: Instance): LogFile[] =>
  inst.logFiles.filter((f) => f.logFileType === 'BINLOG').sort((a, b) => a.logFileName.localeCompare(b.logFileName));

/** A backup (xtrabackup) flushes the logs: the instance starts a new binary log. */
function rotateBinLog(inst: Instance, at: number): void {
  const last = binLogsOf(inst).at(-1);
  const next = last ? Number(/\.(\d+)$/.exec(last.logFileName)?.[1] ?? 0) + 1 : 1;
  const content = `# binary log ${next} of ${inst.dbInstanceName}, opened ${ymdt(at)}\n`;
  inst.logFiles.push({
    logFileName: `mysql-bin.${String(next).padStart(6, '0')}`,
    logFileType: 'BINLOG',
    logFileSize: 4 * 1024 * 1024 + next * 65_536,
    createdYmdt: ymdt(at),
    content,
  });
}

/** Certificate files of an instance (the sandbox has the three of every TLS-capable instance). */
const certificatesOf = (inst: Instance) =>
  (
    [
      ['ca.pem', 'CA_FILE', 1_289],
      ['server-cert.pem', 'CERT_FILE', 1_127],
      ['server-key.pem', 'KEY_FILE', 1_705],
    ] as const
  ).map(([fileName, certificateType, fileSize]) => ({
    fileName,
    certificateType,
    fileSize,
    createdYmdt: inst.createdYmdt,
  }));

const subscriptionAnswer = (s: EventSubscription) => ({
  ...s,
  eventCodes: [...s.eventCodes],
  sources: s.sources.map((x) => ({ ...x })),
  userGroupIds: [...s.userGroupIds],
});

function checkSubscription(ctx: Ctx, b: { sources?: { sourceId: string }[]; userGroupIds?: string[] }): void {
  checkUserGroups(ctx, b.userGroupIds);
  for (const [i, s] of (b.sources ?? []).entries()) {
    const known =
      ctx.r.instances.has(s.sourceId) ||
      ctx.r.backups.has(s.sourceId) ||
      ctx.r.securityGroups.has(s.sourceId) ||
      ctx.r.groups.has(s.sourceId);
    if (!known)
      throw invalid(`sources[${i}].sourceId`, `no DB instance, backup or group ${s.sourceId} in ${ctx.r.region}`);
  }
}

export const v4Handlers: Handlers = {
  rebuildDbInstance: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireStatus(inst, 'AVAILABLE', 'rebuild');
    requireIdle(ctx.state, inst);
    const job = ctx.state.jobs.start({
      operation: 'rebuildDbInstance',
      busy: [{ instance: inst, progress: 'REBUILDING' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        inst.updatedYmdt = ymdt(ctx.state.now());
        ctx.r.addEvent('INSTC_16_01', inst.dbInstanceId, inst.dbInstanceName, ctx.state.now());
      },
    });
    return { jobId: job.jobId };
  },

  getLogFileContent: ({ r, params, query }) => {
    const inst = r.instance(params.dbInstanceId);
    const file = inst.logFiles.find((f) => f.logFileName === params.logFileName && f.logFileType === query.logFileType);
    if (!file)
      throw invalid('logFileName', `no ${query.logFileType} log file ${params.logFileName} on ${inst.dbInstanceName}`);
    const bytes = Buffer.from(file.content, 'utf8');
    return { content: bytes.subarray(Math.max(0, bytes.length - LOG_CONTENT_LIMIT)).toString('utf8') };
  },

  listBinLogs: ({ r, params, query }) => {
    const all = binLogsOf(r.instance(params.dbInstanceId));
    const shown = query.deletable ? all.slice(0, -1) : all;
    return {
      binLogs: shown.map((f) => ({
        binLogFileName: f.logFileName,
        binLogFileSize: f.logFileSize,
        createdYmdt: f.createdYmdt,
      })),
    };
  },

  purgeBinLogs: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    const all = binLogsOf(inst);
    const upTo = all.findIndex((f) => f.logFileName === ctx.body.lastBinLogFileName);
    if (upTo < 0)
      throw invalid('lastBinLogFileName', `no binary log ${ctx.body.lastBinLogFileName} on ${inst.dbInstanceName}`);
    if (upTo === all.length - 1)
      throw conflict(`${ctx.body.lastBinLogFileName} is the binary log being written; it cannot be purged.`);
    const gone = new Set(all.slice(0, upTo + 1));
    inst.logFiles = inst.logFiles.filter((f) => !gone.has(f));
  },

  listCertificates: ({ r, params }) => ({ certificates: certificatesOf(r.instance(params.dbInstanceId)) }),

  exportCertificates: (ctx) => {
    const inst = ctx.r.instance(ctx.params.dbInstanceId);
    requireIdle(ctx.state, inst);
    const t = ctx.body;
    const files = certificatesOf(inst).filter((c) => t.certificateTypes.includes(c.certificateType));
    const job = ctx.state.jobs.start({
      operation: 'exportCertificates',
      relations: [inst.dbInstanceId],
      effect: () => {
        for (const f of files)
          ctx.state.recordExport({
            region: ctx.r.region,
            tenantId: t.tenantId,
            username: t.username,
            bucket: t.targetContainer,
            path: `${t.objectPath.replace(/^\/+|\/+$/g, '')}/${f.fileName}`.replace(/^\//, ''),
            content: `-----BEGIN ${f.certificateType === 'KEY_FILE' ? 'PRIVATE KEY' : 'CERTIFICATE'}----- (sandbox placeholder for ${inst.dbInstanceName})\n`,
            operation: 'exportCertificates',
            at: ymdt(ctx.state.now()),
          });
      },
    });
    return { jobId: job.jobId };
  },

  getBackup: ({ r, params }) => {
    const b = r.backup(params.backupId);
    return {
      backup: {
        ...backupItem(b),
        regionCode: r.region,
        dbInstanceName: b.dbInstanceName,
        backupMethodType: b.backupMethodType ?? 'FULL',
        backupFileType: b.backupMethodType === 'SNAPSHOT' ? 'SNAPSHOT' : 'XTRA_BACKUP',
        isReplicable: b.backupStatus === 'COMPLETED' && b.backupMethodType !== 'INCREMENTAL',
        binLogFileName: b.binLogFileName,
        binLogPosition: b.binLogPosition,
        ...(b.baseBackupId && { baseBackupId: b.baseBackupId }),
      },
    };
  },

  createBackup: (ctx) => {
    const body = ctx.body;
    let inst: Instance;
    let baseBackupId: string | undefined;
    if (body.backupMethodType === 'INCREMENTAL') {
      const base = ctx.r.backup(body.baseBackupId);
      if (base.backupStatus !== 'COMPLETED')
        throw conflict(
          `Backup ${base.backupName} is ${base.backupStatus}; an incremental backup needs a COMPLETED base.`,
        );
      if (base.backupMethodType === 'SNAPSHOT')
        throw invalid(
          'baseBackupId',
          `${base.backupName} is a snapshot; an incremental backup builds on a full or incremental one`,
        );
      inst = ctx.r.instance(base.dbInstanceId);
      baseBackupId = base.backupId;
    } else inst = ctx.r.instance(body.dbInstanceId);
    requireStatus(inst, 'AVAILABLE', 'back up');
    requireIdle(ctx.state, inst);
    const b = startBackup(ctx, inst, body.backupName, 'MANUAL');
    b.backup.backupMethodType = body.backupMethodType;
    b.backup.baseBackupId = baseBackupId;
    const job = ctx.state.jobs.start({
      operation: 'createBackup',
      busy: [{ instance: inst, progress: 'BACKING_UP' }],
      relations: [inst.dbInstanceId],
      effect: () => {
        b.effect();
        // An incremental backup holds the pages changed since its base: a fraction of a full one.
        if (body.backupMethodType === 'INCREMENTAL') b.backup.backupSize = Math.round(b.backup.backupSize / 9);
        rotateBinLog(inst, ctx.state.now());
      },
      onFail: b.onFail,
    });
    return { jobId: job.jobId };
  },

  listEventSubscriptions: ({ r, query }) => {
    const page = Number(query.page ?? 1);
    const size = Number(query.size ?? 20);
    const all = [...r.eventSubscriptions.values()]
      .filter(
        (s) =>
          (query.eventSubscriptionId === undefined || s.eventSubscriptionId === query.eventSubscriptionId) &&
          (query.eventSubscriptionName === undefined ||
            s.eventSubscriptionName.includes(query.eventSubscriptionName)) &&
          (query.userGroupId === undefined || s.userGroupIds.includes(query.userGroupId)),
      )
      .sort((a, b) => a.createdYmdt.localeCompare(b.createdYmdt));
    return {
      totalCounts: all.length,
      eventSubscriptions: all.slice((page - 1) * size, page * size).map(subscriptionAnswer),
    };
  },

  createEventSubscription: (ctx) => {
    checkSubscription(ctx, ctx.body);
    const s: EventSubscription = {
      ...ctx.body,
      eventSubscriptionId: ctx.state.newId(),
      createdYmdt: ymdt(ctx.now),
    };
    ctx.r.eventSubscriptions.set(s.eventSubscriptionId, s);
    return { eventSubscriptionId: s.eventSubscriptionId };
  },

  modifyEventSubscription: (ctx) => {
    const s = ctx.r.eventSubscription(ctx.params.eventSubscriptionId);
    checkSubscription(ctx, ctx.body);
    for (const [k, v] of Object.entries(ctx.body)) if (v !== undefined) Object.assign(s, { [k]: v });
  },

  deleteEventSubscription: (ctx) => {
    ctx.r.eventSubscription(ctx.params.eventSubscriptionId);
    ctx.r.eventSubscriptions.delete(ctx.params.eventSubscriptionId);
  },
};
