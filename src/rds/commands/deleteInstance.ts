// Delete a DB instance: refused (with the way out) while deletion protection is on, else a
// modal warning and the name typed to confirm.
import * as vscode from 'vscode';
import { action, askAction } from '../../shared/prompts';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { confirm, confirmByName, pick, track } from './util';
import { instanceFrom } from './targets';
import { rdsIds } from '../tree/ids';

export function deleteInstanceCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.deleteInstance': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Delete DB Instance'));
      const name = t.data.dbInstanceName;
      if (t.data.useDeletionProtection) {
        const answer = await askAction(
          'warning',
          vscode.l10n.t('{0} cannot be deleted: deletion protection is on.', name),
          { modal: true, detail: vscode.l10n.t('Turn deletion protection off first, then delete it.') },
          action('turnOff', vscode.l10n.t('Turn Off Deletion Protection...')),
        );
        if (answer === 'turnOff') await vscode.commands.executeCommand('nhncloud.rds.toggleDeletionProtection', node);
        return;
      }
      await confirmByName(name, {
        question: vscode.l10n.t('Delete {0}?', name),
        action: vscode.l10n.t('Delete...'),
        detail: vscode.l10n.t(
          'The DB instance and its data are deleted for good (manual backups stay). Instance ID: {0}',
          t.data.dbInstanceId,
        ),
        title: vscode.l10n.t('Delete {0}', name),
      });
      // API v4.0 can take the automatic backups with the instance (they stay by default).
      const deleteAutoBackup = t.rds.accepts('deleteDbInstance', 'deleteAutoBackup')
        ? (
            await pick(
              [
                { label: vscode.l10n.t('Keep its automatic backups'), value: false },
                { label: vscode.l10n.t('Delete its automatic backups too'), value: true },
              ],
              { title: vscode.l10n.t('Delete {0}', name), placeHolder: vscode.l10n.t('Automatic backups') },
            )
          ).value
        : undefined;
      track(
        deps,
        t,
        await t.rds.deleteDbInstance({
          dbInstanceId: t.data.dbInstanceId,
          ...(deleteAutoBackup !== undefined && { body: { deleteAutoBackup } }),
        }),
        vscode.l10n.t('Delete {0}', name),
        t.nodeId,
        [rdsIds.folder(t.rootId, 'instance')],
      );
    },
    'nhncloud.rds.toggleDeletionProtection': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Toggle Deletion Protection'));
      const on = !t.data.useDeletionProtection;
      if (!on)
        await confirm(
          vscode.l10n.t('Turn deletion protection off for {0}?', t.data.dbInstanceName),
          vscode.l10n.t('Turn Off'),
          vscode.l10n.t('The instance can then be deleted.'),
        );
      await t.rds.setDeletionProtection({ dbInstanceId: t.data.dbInstanceId, body: { useDeletionProtection: on } });
      deps.explorer.refreshId(t.nodeId);
      void vscode.window.showInformationMessage(
        on
          ? vscode.l10n.t('Deletion protection of {0} is now on.', t.data.dbInstanceName)
          : vscode.l10n.t('Deletion protection of {0} is now off.', t.data.dbInstanceName),
      );
    },
  };
}
