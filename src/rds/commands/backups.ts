// Backups: export one to object storage, back an instance up straight to object storage,
// export log files, delete a backup. The ObjectStorageTarget password is the profile's
// API password from SecretStorage: read at call time, never shown, never logged.
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import { defaultLogPath, runObjectStorageExport, type ExportRun } from '../logExport';
import { LeafNode, TreeNode } from '../../shared/tree/nodes';
import { type RdsDeps } from '../tree/base';
import { InstanceNode, logTypeLabel } from '../tree/instanceNode';
import { backupLabel, formatBytes, orDash } from '../tree/state';
import { certificateTypeLabel } from '../tree/instanceV4';
import { validate } from './limits';
import { confirm, pickMany, track } from './util';
import { instanceFrom, backupFrom } from './targets';
import { plural, formatTimestamp } from '../../shared/l10n';
import { inWords } from '../../shared/apiWords';

/** The shared export flow (src/rds/logExport.ts): bucket picked from the region, the target from the profile, Open/Download at the end. */
function exportTo(deps: RdsDeps, run: Omit<ExportRun, 'validateBucket' | 'validatePath'>): Promise<void> {
  return runObjectStorageExport(deps, { ...run, validateBucket: validate.bucket, validatePath: validate.objectPath });
}

export function backupCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.backupToObjectStorage': async (node?: unknown) => {
      // A fresh backup of the instance written straight to object storage.
      const t = await instanceFrom(node, deps, vscode.l10n.t('Back Up to Object Storage'), (i) =>
        i.dbInstanceStatus !== 'AVAILABLE' ? vscode.l10n.t('is {0}', inWords(i.dbInstanceStatus)) : undefined,
      );
      await exportTo(deps, {
        region: t.region,
        title: vscode.l10n.t('Back up {0} to object storage', t.data.dbInstanceName),
        jobTitle: (where) => vscode.l10n.t('Back up {0} to object storage at {1}', t.data.dbInstanceName, where),
        defaultPath: defaultLogPath(t.data.dbInstanceName).replace(/^rds-logs\//, 'rds-backups/'),
        nodeId: t.nodeId,
        start: (target) => t.rds.backupDbInstanceToObjectStorage({ dbInstanceId: t.data.dbInstanceId, body: target }),
      });
    },
    'nhncloud.rds.exportBackup': async (node?: unknown) => {
      const { scope, backup, nodeId } = await backupFrom(node, deps, vscode.l10n.t('Export Backup to Object Storage'));
      if (backup.backupStatus !== 'COMPLETED')
        throw new Error(
          vscode.l10n.t(
            '{0} is {1}: only a completed backup can be exported.',
            backupLabel(backup),
            orDash(backup.backupStatus),
          ),
        );
      await exportTo(deps, {
        region: scope.region,
        title: vscode.l10n.t('Export {0}', backupLabel(backup)),
        jobTitle: (where) => vscode.l10n.t('Export {0} to {1}', backupLabel(backup), where),
        defaultPath: `rds-backups/${backupLabel(backup)}/`,
        nodeId,
        start: (target) => scope.rds.exportBackup({ backupId: backup.backupId, body: target }),
      });
    },
    'nhncloud.rds.deleteBackup': async (node?: unknown) => {
      const { scope, backup, nodeId, folderIds } = await backupFrom(node, deps, vscode.l10n.t('Delete Backup'));
      await confirm(
        vscode.l10n.t('Delete backup {0}?', backupLabel(backup)),
        vscode.l10n.t('Delete'),
        vscode.l10n.t(
          '{0} backup of {1}. It cannot be restored afterwards.',
          backup.backupType ?? '',
          formatTimestamp(backup.createdYmdt, { zone: true }) ?? '',
        ),
      );
      track(
        deps,
        scope,
        await scope.rds.deleteBackup({ backupId: backup.backupId }),
        vscode.l10n.t('Delete backup {0}', backupLabel(backup)),
        nodeId,
        folderIds,
      );
    },
    'nhncloud.rds.showBackupDetails': async (node?: unknown) => {
      // API v4.0: what the list leaves out (method, file type, whether it can seed a replica).
      const { scope, backup } = await backupFrom(node, deps, vscode.l10n.t('Backup Details'));
      const { backup: b } = await scope.rds.getBackup({ backupId: backup.backupId });
      const rows: [string, unknown][] = [
        [vscode.l10n.t('Status'), b.backupStatus],
        [vscode.l10n.t('Method'), b.backupMethodType],
        [vscode.l10n.t('File type'), b.backupFileType],
        [vscode.l10n.t('Type'), b.backupType],
        [vscode.l10n.t('Size'), formatBytes(b.backupSize)],
        [vscode.l10n.t('Source instance'), b.dbInstanceName ?? b.dbInstanceId],
        [vscode.l10n.t('Can seed a replica'), b.isReplicable ? vscode.l10n.t('yes') : vscode.l10n.t('no')],
        [
          vscode.l10n.t('Binary log position'),
          b.binLogFileName ? `${b.binLogFileName}:${b.binLogPosition ?? ''}` : '-',
        ],
        [vscode.l10n.t('Created'), formatTimestamp(b.createdYmdt, { zone: true })],
        ['ID', b.backupId],
      ];
      void vscode.window.showInformationMessage(backupLabel(backup), {
        modal: true,
        detail: rows.map(([k, v]) => `${k}: ${orDash(v as string | undefined)}`).join('\n'),
      });
    },
    'nhncloud.rds.exportCertificates': async (node?: unknown) => {
      // API v4.0: the instance's TLS files (CA, certificate, key) written to object storage.
      const inst = node instanceof TreeNode ? findInstance(node) : node;
      const t = await instanceFrom(inst, deps, vscode.l10n.t('Export Certificates'));
      const { certificates } = await t.rds.listCertificates({ dbInstanceId: t.data.dbInstanceId });
      const chosen = await pickMany(
        (certificates ?? []).map((c) => ({
          label: c.fileName,
          description: certificateTypeLabel(c.certificateType),
          type: c.certificateType as 'CA_FILE' | 'CERT_FILE' | 'KEY_FILE',
          picked: true,
        })),
        { title: vscode.l10n.t('Certificate files of {0} to export', t.data.dbInstanceName) },
      );
      if (!chosen.length) return;
      await exportTo(deps, {
        region: t.region,
        title: vscode.l10n.t('Export the certificates of {0}', t.data.dbInstanceName),
        jobTitle: (where) => vscode.l10n.t('Export the certificates of {0} to {1}', t.data.dbInstanceName, where),
        defaultPath: `rds-certificates/${t.data.dbInstanceName}/`,
        names: chosen.map((c) => c.label),
        nodeId: t.nodeId,
        start: (target) =>
          t.rds.exportCertificates({
            dbInstanceId: t.data.dbInstanceId,
            body: { certificateTypes: chosen.map((c) => c.type), ...target },
          }),
      });
    },
    'nhncloud.rds.exportLogFiles': async (node?: unknown) => {
      // From a log file node: that file; from an instance: pick files.
      const inst = node instanceof LeafNode ? findInstance(node) : node;
      const t = await instanceFrom(inst, deps, vscode.l10n.t('Export Log Files'));
      let names: string[];
      if (node instanceof LeafNode && node.copyValue) names = [node.copyValue];
      else {
        const r = await t.rds.listLogFiles({ dbInstanceId: t.data.dbInstanceId });
        names = (
          await pickMany(
            (r?.logFiles ?? []).map((f) => ({
              label: f.logFileName as string,
              description: logTypeLabel(String(f.logFileType ?? '')),
            })),
            { title: vscode.l10n.t('Log files to export') },
          )
        ).map((x) => x.label);
        if (!names.length) return;
      }
      await exportTo(deps, {
        region: t.region,
        title: plural(
          names.length,
          vscode.l10n.t('Export {0} log file of {1}', names.length, t.data.dbInstanceName),
          vscode.l10n.t('Export {0} log files of {1}', names.length, t.data.dbInstanceName),
        ),
        jobTitle: (where) =>
          plural(
            names.length,
            vscode.l10n.t('Export {0} log file of {1} to {2}', names.length, t.data.dbInstanceName, where),
            vscode.l10n.t('Export {0} log files of {1} to {2}', names.length, t.data.dbInstanceName, where),
          ),
        defaultPath: defaultLogPath(t.data.dbInstanceName),
        names,
        nodeId: t.nodeId,
        walkthroughStep: 'exportLog',
        start: (target) =>
          t.rds.exportLogFiles({ dbInstanceId: t.data.dbInstanceId, body: { logFileNames: names, ...target } }),
      });
    },
  };
}

function findInstance(node: TreeNode): InstanceNode | undefined {
  for (let n: TreeNode | undefined = node; n; n = n.parent) if (n instanceof InstanceNode) return n;
  return undefined;
}
