// Back Up Now: its method (API v4.0) and name asked first. Start, stop, force restart, promote
// and rebuild are rows of the action table (./instanceActions.ts).
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { backupLabel, isBusy } from '../tree/state';
import type { DbInstance } from '../tree/types';
import { validate } from './limits';
import { ask, pick, track } from './util';
import { instanceFrom } from './targets';
import { rdsIds } from '../tree/ids';
import { formatTimestamp } from '../../shared/l10n';
import { inWords } from '../../shared/apiWords';

const busy = (i: DbInstance) =>
  isBusy(i.progressStatus) ? vscode.l10n.t('busy ({0})', inWords(i.progressStatus)) : undefined;

type BackupMethod =
  | { type: 'FULL' | 'SNAPSHOT' }
  | { type: 'INCREMENTAL'; baseBackupId: string; /** The base's name, as the tree shows it. */ baseLabel: string };

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
      label: backupLabel(b),
      description: [(b as { backupMethodType?: string }).backupMethodType, formatTimestamp(b.createdYmdt)]
        .filter(Boolean)
        .join(' · '),
      id: b.backupId,
    })),
    { title, placeHolder: vscode.l10n.t('Base backup of the incremental backup') },
  );
  return { type: 'INCREMENTAL', baseBackupId: base.id, baseLabel: base.label };
}

export function lifecycleCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
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
      // The job's toast names the new backup (and an incremental one's base); its Reveal selects it.
      const jobTitle =
        method?.type === 'INCREMENTAL'
          ? vscode.l10n.t(
              'Back up {0} as {1}, incrementally on the base backup {2}',
              t.data.dbInstanceName,
              backupName,
              method.baseLabel,
            )
          : vscode.l10n.t('Back up {0} as {1}', t.data.dbInstanceName, backupName);
      const backups = rdsIds.instanceFolder(t.nodeId, 'backups');
      track(deps, t, res, jobTitle, t.nodeId, [backups, rdsIds.folder(t.rootId, 'backup')], {
        folderId: backups,
        label: backupName,
      });
    },
  };
}
