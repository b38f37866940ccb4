// Delete a DB instance: refused (with the way out) while deletion protection is on, else a
// modal warning and the name typed to confirm.
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { ask, confirm, instanceFrom, track } from './util';

export function deleteInstanceCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.deleteInstance': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Delete DB Instance');
      const name = t.data.dbInstanceName;
      if (t.data.useDeletionProtection) {
        const off = 'Turn Off Deletion Protection...';
        const answer = await vscode.window.showWarningMessage(
          `${name} cannot be deleted: deletion protection is on.`,
          { modal: true, detail: 'Turn deletion protection off first, then delete it.' },
          off,
        );
        if (answer === off) await vscode.commands.executeCommand('nhncloud.rds.toggleDeletionProtection', node);
        return;
      }
      await confirm(`Delete ${name}?`, 'Delete...', `The DB instance and its data are deleted for good (manual backups stay). Instance ID: ${t.data.dbInstanceId}`);
      await ask({
        title: `Delete ${name}`,
        prompt: `Type the instance name "${name}" to confirm`,
        validate: (text) => (text === name ? undefined : 'Type the name exactly to confirm.'),
      });
      track(deps, t, await t.rds.deleteDbInstance({ dbInstanceId: t.data.dbInstanceId }), `Delete ${name}`, t.nodeId, [`${t.rootId}/instance`]);
    },
    'nhncloud.rds.toggleDeletionProtection': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Toggle Deletion Protection');
      const on = !t.data.useDeletionProtection;
      if (!on) await confirm(`Turn deletion protection off for ${t.data.dbInstanceName}?`, 'Turn Off', 'The instance can then be deleted.');
      await t.rds.setDeletionProtection({ dbInstanceId: t.data.dbInstanceId, body: { useDeletionProtection: on } });
      deps.explorer.refreshId(t.nodeId);
      void vscode.window.showInformationMessage(`Deletion protection of ${t.data.dbInstanceName} is now ${on ? 'on' : 'off'}.`);
    },
  };
}
