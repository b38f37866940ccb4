// Folders of a DB instance that only RDS API v4.0 has (issue 27): Binary Logs (each but the one
// being written can be purged, with every older one) and Certificates (exported to object
// storage). InstanceNode adds them where the profile's client has the operations, so a v3.0
// profile (or a site whose guide documents the first v4.0) shows nothing it cannot do.
import * as vscode from 'vscode';
import { mdFields } from '../../shared/tree/markdown';
import { LeafNode, type TreeNode } from '../../shared/tree/nodes';
import { RdsFolderNode, when } from './base';
import { formatBytes } from './state';
import { formatTimestamp } from '../../shared/l10n';

/** A certificate file's type (the API's `certificateType`) in words; a type not listed here as it came. */
export function certificateTypeLabel(type: string | null | undefined): string {
  switch (type) {
    case 'CA_FILE':
      return vscode.l10n.t('CA certificate');
    case 'CERT_FILE':
      return vscode.l10n.t('server certificate');
    case 'KEY_FILE':
      return vscode.l10n.t('private key');
    default:
      return type ?? '';
  }
}

export function binLogsFolder(parent: TreeNode, dbInstanceId: string): RdsFolderNode {
  return new RdsFolderNode(
    parent,
    'binlogs',
    vscode.l10n.t('Binary Logs'),
    'rds.folder.binLogs',
    'file-binary',
    async (rds, self) => {
      const { binLogs } = await rds.listBinLogs({ dbInstanceId });
      const all = binLogs ?? [];
      return all.map(
        (b, i) =>
          new LeafNode(self, `${self.id}/${b.binLogFileName}`, b.binLogFileName, {
            icon: 'file-binary',
            // The date first: it tells the files apart; a narrow sidebar cuts the end.
            description: [when(b.createdYmdt), formatBytes(b.binLogFileSize)].filter(Boolean).join(' · '),
            // The newest is the one being written: it cannot be purged.
            contextValue: i < all.length - 1 ? 'rds.binLog.purgeable' : 'rds.binLog.current',
            copyValue: b.binLogFileName,
            tooltip: new vscode.MarkdownString(
              mdFields(b.binLogFileName, [
                [vscode.l10n.t('Size'), formatBytes(b.binLogFileSize)],
                [vscode.l10n.t('Created'), formatTimestamp(b.createdYmdt, { zone: true })],
                [
                  vscode.l10n.t('Purge'),
                  i < all.length - 1
                    ? vscode.l10n.t('can be purged (with every older one)')
                    : vscode.l10n.t('being written: cannot be purged'),
                ],
              ]),
            ),
          }),
      );
    },
    { emptyText: vscode.l10n.t('No binary log') },
  );
}

export function certificatesFolder(parent: TreeNode, dbInstanceId: string): RdsFolderNode {
  return new RdsFolderNode(
    parent,
    'certificates',
    vscode.l10n.t('Certificates'),
    'rds.folder.certificates',
    'workspace-trusted',
    async (rds, self) => {
      const { certificates } = await rds.listCertificates({ dbInstanceId });
      return (certificates ?? []).map(
        (c) =>
          new LeafNode(self, `${self.id}/${c.fileName}`, c.fileName, {
            icon: c.certificateType === 'KEY_FILE' ? 'key' : 'verified',
            description: [certificateTypeLabel(c.certificateType), formatBytes(c.fileSize)].filter(Boolean).join(' · '),
            contextValue: 'rds.certificate',
            copyValue: c.fileName,
          }),
      );
    },
    { emptyText: vscode.l10n.t('No certificate') },
  );
}
