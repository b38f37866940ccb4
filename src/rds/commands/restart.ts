// Restart with the two documented options: online failover (HA only) and a backup first.
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { isBusy, orDash } from '../tree/state';
import { pick, track } from './util';
import { instanceFrom } from './targets';

export function restartCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.restart': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Restart DB Instance'), (i) =>
        isBusy(i.progressStatus)
          ? vscode.l10n.t('busy ({0})', String(i.progressStatus))
          : i.dbInstanceStatus !== 'AVAILABLE'
            ? vscode.l10n.t('is {0}', orDash(i.dbInstanceStatus))
            : undefined,
      );
      const options = [
        ...(t.ha
          ? [
              {
                label: vscode.l10n.t('Restart with online failover'),
                description: vscode.l10n.t('the candidate master takes over first: shortest downtime'),
                failover: true,
                backup: false,
              },
            ]
          : []),
        {
          label: vscode.l10n.t('Restart'),
          description: vscode.l10n.t('plain restart'),
          failover: false,
          backup: false,
        },
        {
          label: vscode.l10n.t('Back up, then restart'),
          description: vscode.l10n.t('a backup of the current state is taken first'),
          failover: false,
          backup: true,
        },
        ...(t.ha
          ? [{ label: vscode.l10n.t('Back up, then restart with online failover'), failover: true, backup: true }]
          : []),
      ];
      const how = await pick(options, { title: vscode.l10n.t('Restart {0}', t.data.dbInstanceName) });
      const res = await t.rds.restartDbInstance({
        dbInstanceId: t.data.dbInstanceId,
        body: { useOnlineFailover: how.failover, executeBackup: how.backup },
      });
      track(deps, t, res, vscode.l10n.t('Restart {0}', t.data.dbInstanceName), t.nodeId);
    },
  };
}
