// Start, stop, force restart, promote, back up now: one call each, checked against the
// instance's current state first.
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { isBusy, orDash } from '../tree/state';
import type { DbInstance } from '../tree/types';
import { validate } from './limits';
import { ask, confirm, confirmByName, pick, track } from './util';
import { instanceFrom } from './targets';
import { rdsIds } from '../tree/ids';
import { formatTimestamp } from '../../shared/l10n';
import { inWords } from '../../shared/apiWords';

const busy = (i: DbInstance) =>
  isBusy(i.progressStatus) ? vscode.l10n.t('busy ({0})', inWords(i.progressStatus)) : undefined;

type BackupMethod = { type: 'FULL' | 'SNAPSHOT' } | { type: 'INCREMENTAL'; baseBackupId: string };

/** API v4.0: how to back up; an incremental backup builds on a completed backup of the instance. */
async function askBackupMethod(t: Awaited<ReturnType<typeof instanceFrom>>, title: string): Promise<BackupMethod> {
  const chosen = await pick(
    [
      { label: vscode.l10n.t('Full'), description: vscode.l10n.t('the whole database'), type: 'FULL' as const },
      {
        label: vscode.l10n.t('Incremental'),
        description: vscode.l10n.t('only what changed since a backup you choose'),
        type: 'INCREMENTAL' as const,
      },
      {
        label: vscode.l10n.t('Snapshot'),
        description: vscode.l10n.t('a snapshot of the storage'),
        type: 'SNAPSHOT' as const,
      },
    ],
    { title, placeHolder: vscode.l10n.t('Backup method') },
  );
  if (chosen.type !== 'INCREMENTAL') return { type: chosen.type };
  const { backups } = await t.rds.listBackups({ query: { dbInstanceId: t.data.dbInstanceId, size: 100 } });
  const bases = (backups ?? []).filter(
    (b) => b.backupStatus === 'COMPLETED' && (b as { backupMethodType?: string }).backupMethodType !== 'SNAPSHOT',
  );
  if (!bases.length)
    throw new Error(
      vscode.l10n.t(
        '{0} has no completed backup for an incremental one to build on: take a full backup first.',
        t.data.dbInstanceName,
      ),
    );
  const base = await pick(
    bases.map((b) => ({
      label: b.backupName ?? b.backupId,
      description: [(b as { backupMethodType?: string }).backupMethodType, formatTimestamp(b.createdYmdt)]
        .filter(Boolean)
        .join(' · '),
      id: b.backupId,
    })),
    { title, placeHolder: vscode.l10n.t('Base backup of the incremental backup') },
  );
  return { type: 'INCREMENTAL', baseBackupId: base.id };
}

export function lifecycleCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.start': async (node?: unknown) => {
      const t = await instanceFrom(
        node,
        deps,
        vscode.l10n.t('Start DB Instance'),
        (i) =>
          busy(i) ??
          (i.dbInstanceStatus !== 'SHUTDOWN'
            ? vscode.l10n.t('is {0}, not stopped', inWords(i.dbInstanceStatus))
            : undefined),
      );
      if (t.data.dbInstanceStatus !== 'SHUTDOWN')
        throw new Error(
          vscode.l10n.t(
            '{0} is {1}: only a stopped instance can be started.',
            t.data.dbInstanceName,
            orDash(t.data.dbInstanceStatus),
          ),
        );
      track(
        deps,
        t,
        await t.rds.startDbInstance({ dbInstanceId: t.data.dbInstanceId }),
        vscode.l10n.t('Start {0}', t.data.dbInstanceName),
        t.nodeId,
      );
    },
    'nhncloud.rds.stop': async (node?: unknown) => {
      const t = await instanceFrom(
        node,
        deps,
        vscode.l10n.t('Stop DB Instance'),
        (i) =>
          busy(i) ??
          (i.dbInstanceStatus !== 'AVAILABLE'
            ? vscode.l10n.t('is {0}, not running', inWords(i.dbInstanceStatus))
            : undefined),
      );
      if (t.data.dbInstanceStatus !== 'AVAILABLE')
        throw new Error(
          vscode.l10n.t(
            '{0} is {1}: only a running (AVAILABLE) instance can be stopped.',
            t.data.dbInstanceName,
            orDash(t.data.dbInstanceStatus),
          ),
        );
      await confirm(
        vscode.l10n.t('Stop {0}?', t.data.dbInstanceName),
        vscode.l10n.t('Stop'),
        vscode.l10n.t('Connections are closed; the instance keeps its storage and can be started again.'),
      );
      track(
        deps,
        t,
        await t.rds.stopDbInstance({ dbInstanceId: t.data.dbInstanceId }),
        vscode.l10n.t('Stop {0}', t.data.dbInstanceName),
        t.nodeId,
      );
    },
    'nhncloud.rds.forceRestart': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Force Restart DB Instance'));
      await confirm(
        vscode.l10n.t('Force-restart {0}?', t.data.dbInstanceName),
        vscode.l10n.t('Force Restart'),
        vscode.l10n.t(
          'MySQL is killed and started again without a clean shutdown. Use it only when a normal restart hangs.',
        ),
      );
      const res = await t.rds.forceRestartDbInstance({ dbInstanceId: t.data.dbInstanceId });
      track(deps, t, res, vscode.l10n.t('Force restart {0}', t.data.dbInstanceName), t.nodeId);
    },
    'nhncloud.rds.promote': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Promote Read Replica'), (i) =>
        i.dbInstanceType !== 'READ_ONLY_SLAVE' ? vscode.l10n.t('is not a read replica') : busy(i),
      );
      if (t.data.dbInstanceType !== 'READ_ONLY_SLAVE')
        throw new Error(
          vscode.l10n.t('{0} is not a read replica: only replicas can be promoted.', t.data.dbInstanceName),
        );
      await confirm(
        vscode.l10n.t('Promote {0} to a standalone primary?', t.data.dbInstanceName),
        vscode.l10n.t('Promote'),
        vscode.l10n.t('Replication from its primary stops for good; the replica becomes an independent instance.'),
      );
      track(
        deps,
        t,
        await t.rds.promoteDbInstance({ dbInstanceId: t.data.dbInstanceId }),
        vscode.l10n.t('Promote {0}', t.data.dbInstanceName),
        t.nodeId,
        [rdsIds.folder(t.rootId, 'instance')],
      );
    },
    'nhncloud.rds.backup': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Back Up Now'), busy);
      const title = vscode.l10n.t('Back up {0}', t.data.dbInstanceName);
      // API v4.0 backs up by method: full, incremental on a base backup, or a storage snapshot.
      const method = t.rds.has('createBackup') ? await askBackupMethod(t, title) : undefined;
      // A stamp in the backup's name, not a date shown: the same in every language.
      // eslint-disable-next-line nhncloud/one-date-formatter
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
      const backupName = await ask({
        title,
        prompt: vscode.l10n.t('Backup name'),
        value: `${t.data.dbInstanceName}-${method ? `${method.type.toLowerCase()}-` : ''}${stamp}`.slice(0, 100),
        validate: validate.resourceName,
      });
      const dbInstanceId = t.data.dbInstanceId;
      const res = !method
        ? await t.rds.backupDbInstance({ dbInstanceId, body: { backupName } })
        : await t.rds.createBackup({
            body:
              method.type === 'INCREMENTAL'
                ? { backupName, backupMethodType: 'INCREMENTAL', baseBackupId: method.baseBackupId }
                : { backupName, backupMethodType: method.type, dbInstanceId },
          });
      track(deps, t, res, title, t.nodeId, [`${t.nodeId}/backups`, rdsIds.folder(t.rootId, 'backup')]);
    },
    'nhncloud.rds.rebuild': async (node?: unknown) => {
      const t = await instanceFrom(
        node,
        deps,
        vscode.l10n.t('Rebuild DB Instance'),
        (i) =>
          busy(i) ??
          (i.dbInstanceStatus !== 'AVAILABLE'
            ? vscode.l10n.t('is {0}, not available', inWords(i.dbInstanceStatus))
            : undefined),
      );
      const name = t.data.dbInstanceName;
      await confirmByName(name, {
        question: vscode.l10n.t('Rebuild {0}?', name),
        action: vscode.l10n.t('Rebuild...'),
        detail: vscode.l10n.t(
          'The instance is rebuilt on new hardware from its data; it is unavailable until the job ends. Instance ID: {0}',
          t.data.dbInstanceId,
        ),
        title: vscode.l10n.t('Rebuild {0}', name),
      });
      track(
        deps,
        t,
        await t.rds.rebuildDbInstance({ dbInstanceId: t.data.dbInstanceId }),
        vscode.l10n.t('Rebuild {0}', name),
        t.nodeId,
        [rdsIds.folder(t.rootId, 'instance')],
      );
    },
  };
}
