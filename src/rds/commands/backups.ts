// Backups: export one to object storage, back an instance up straight to object storage,
// export log files, delete a backup. The ObjectStorageTarget password is the profile's
// API password from SecretStorage: read at call time, never shown, never logged.
import * as vscode from 'vscode';
import type { CommandHandler, Services } from '../../shared/services';
import { LeafNode, TreeNode } from '../../shared/tree/nodes';
import { rdsRoot, type RdsDeps } from '../tree/base';
import { InstanceNode } from '../tree/instance';
import { BackupNode, backupPage } from '../tree/resources';
import type { Backup } from '../tree/types';
import { validate } from './limits';
import { ask, confirm, instanceFrom, pick, pickMany, scopeFrom, track, type Scope } from './util';

/** Tenant, user and API password of object storage from the active profile, then bucket and path. */
async function objectStorageTarget(services: Services, title: string, defaultPath: string) {
  const profile = services.profiles.active();
  if (!profile) throw new Error(vscode.l10n.t('No active profile.'));
  const s = await services.profiles.secrets(profile.id);
  const tenantId = s.storageTenantId ?? s.identityTenantId;
  if (!tenantId || !s.identityUsername || !s.identityApiPassword) {
    throw new Error(vscode.l10n.t('Profile "{0}" lacks the object-storage tenant ID, user name or API password: Edit Profile to add them, then export again.', profile.name));
  }
  const targetContainer = await ask({ title, prompt: vscode.l10n.t('Object-storage container (bucket)'), placeHolder: 'db-backups', validate: validate.bucket });
  const objectPath = await ask({ title, prompt: vscode.l10n.t('Object path inside the container'), value: defaultPath, validate: validate.objectPath });
  return { tenantId, username: s.identityUsername, password: s.identityApiPassword, targetContainer, objectPath };
}

async function backupFrom(node: unknown, deps: RdsDeps, title: string): Promise<{ scope: Scope; backup: Backup; nodeId?: string; folderIds: string[] }> {
  if (node instanceof BackupNode) {
    const root = rdsRoot(node);
    return { scope: { region: root.region, rootId: root.id, rds: await root.client() }, backup: node.data, nodeId: node.id, folderIds: [node.parent!.id] };
  }
  const scope = await scopeFrom(node, deps, title);
  const { items } = await backupPage(scope.rds, 1, 100);
  const chosen = await pick(items.map((b) => ({ label: b.backupName, description: `${b.backupStatus} · ${b.backupType ?? ''} · ${b.createdYmdt ?? ''}`, b })), { title, placeHolder: vscode.l10n.t('Backup (the 100 newest)') });
  return { scope, backup: chosen.b, folderIds: [`${scope.rootId}/backup`] };
}

export function backupCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.backupToObjectStorage': async (node?: unknown) => {
      // A fresh backup of the instance written straight to object storage.
      const t = await instanceFrom(node, deps, vscode.l10n.t('Back Up to Object Storage'), (i) => (i.dbInstanceStatus !== 'AVAILABLE' ? vscode.l10n.t('is {0}', i.dbInstanceStatus) : undefined));
      const target = await objectStorageTarget(deps.services, vscode.l10n.t('Back up {0} to object storage', t.data.dbInstanceName), `${t.data.dbInstanceName}/`);
      track(deps, t, await t.rds.backupDbInstanceToObjectStorage({ dbInstanceId: t.data.dbInstanceId, body: target }), vscode.l10n.t('Back up {0} to {1}', t.data.dbInstanceName, target.targetContainer), t.nodeId);
    },
    'nhncloud.rds.exportBackup': async (node?: unknown) => {
      const { scope, backup, nodeId } = await backupFrom(node, deps, vscode.l10n.t('Export Backup to Object Storage'));
      if (backup.backupStatus !== 'COMPLETED') throw new Error(vscode.l10n.t('{0} is {1}: only a completed backup can be exported.', backup.backupName, backup.backupStatus));
      const target = await objectStorageTarget(deps.services, vscode.l10n.t('Export {0}', backup.backupName), `${backup.backupName}/`);
      track(deps, scope, await scope.rds.exportBackup({ backupId: backup.backupId, body: target }), vscode.l10n.t('Export {0} to {1}', backup.backupName, target.targetContainer), nodeId);
    },
    'nhncloud.rds.deleteBackup': async (node?: unknown) => {
      const { scope, backup, nodeId, folderIds } = await backupFrom(node, deps, vscode.l10n.t('Delete Backup'));
      await confirm(vscode.l10n.t('Delete backup {0}?', backup.backupName), vscode.l10n.t('Delete'), vscode.l10n.t('{0} backup of {1}. It cannot be restored afterwards.', backup.backupType ?? '', backup.createdYmdt ?? ''));
      track(deps, scope, await scope.rds.deleteBackup({ backupId: backup.backupId }), vscode.l10n.t('Delete backup {0}', backup.backupName), nodeId, folderIds);
    },
    'nhncloud.rds.exportLogFiles': async (node?: unknown) => {
      // From a log file node: that file; from an instance: pick files.
      const inst = node instanceof LeafNode ? findInstance(node) : node;
      const t = await instanceFrom(inst, deps, vscode.l10n.t('Export Log Files'));
      let names: string[];
      if (node instanceof LeafNode && node.copyValue) names = [node.copyValue];
      else {
        const r: any = await t.rds.listLogFiles({ dbInstanceId: t.data.dbInstanceId });
        names = (await pickMany(((r?.logFiles ?? []) as any[]).map((f: any) => ({ label: f.logFileName as string, description: f.logFileType as string })), { title: vscode.l10n.t('Log files to export') })).map((x) => x.label);
        if (!names.length) return;
      }
      const target = await objectStorageTarget(deps.services, vscode.l10n.t('Export {0} log file(s) of {1}', names.length, t.data.dbInstanceName), `${t.data.dbInstanceName}/logs/`);
      track(deps, t, await t.rds.exportLogFiles({ dbInstanceId: t.data.dbInstanceId, body: { logFileNames: names, ...target } }), vscode.l10n.t('Export log files of {0}', t.data.dbInstanceName), t.nodeId);
    },
  };
}

function findInstance(node: TreeNode): InstanceNode | undefined {
  for (let n: TreeNode | undefined = node; n; n = n.parent) if (n instanceof InstanceNode) return n;
  return undefined;
}
