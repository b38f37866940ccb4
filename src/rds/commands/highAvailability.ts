// High availability: enable (with its ping interval). Disable, pause, resume, repair and split
// are rows of the action table (./instanceActions.ts).
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { validate } from './limits';
import { ask, track } from './util';
import { instanceFrom } from './targets';
import { rdsIds } from '../tree/ids';

export function highAvailabilityCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const commands: Record<string, CommandHandler> = {
    'nhncloud.rds.enableHa': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Enable High Availability'), (i) =>
        i.dbInstanceType && i.dbInstanceType !== 'MASTER' ? vscode.l10n.t('is not a primary') : undefined,
      );
      if (t.ha) throw new Error(vscode.l10n.t('{0} already has high availability.', t.data.dbInstanceName));
      const ping = Number(
        await ask({
          title: vscode.l10n.t('Enable high availability of {0}', t.data.dbInstanceName),
          prompt: vscode.l10n.t('Ping interval in seconds (1 to 600)'),
          value: '3',
          validate: validate.pingInterval,
        }),
      );
      const res = await t.rds.setHighAvailability({
        dbInstanceId: t.data.dbInstanceId,
        body: { useHighAvailability: true, pingInterval: ping },
      });
      track(deps, t, res, vscode.l10n.t('Enable high availability of {0}', t.data.dbInstanceName), t.nodeId, [
        rdsIds.folder(t.rootId, 'instance'),
      ]);
    },
  };
  return commands;
}
