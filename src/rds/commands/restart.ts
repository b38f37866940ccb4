// Restart with the documented options: online failover (HA only) and a backup first; on RDS API
// v4.0 a failover may also wait out the replication delay and block writes first, and (since
// December 2026) the operating system may restart too.
import * as vscode from 'vscode';
import type { RdsClient } from '../../client/rds/client';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { isBusy } from '../tree/state';
import { pick, pickMany, track } from './util';
import { instanceFrom } from './targets';
import { inWords } from '../../shared/apiWords';

/**
 * The failover options RDS API v4.0 added to restart and modify (the guide: high availability
 * only): none picked fails over at once, as v3.0 does. The items for a pickMany, keyed by field;
 * none where the profile's version does not take them.
 */
export function failoverOptionItems(rds: RdsClient, operation: 'restartDbInstance' | 'modifyDbInstance') {
  if (!rds.accepts(operation, 'waitReplicationDelay')) return [];
  return [
    {
      label: vscode.l10n.t('Wait for the replication delay to clear'),
      description: 'waitReplicationDelay',
      key: 'waitReplicationDelay' as const,
    },
    {
      label: vscode.l10n.t('Block writes during the failover'),
      description: 'useReadOnly',
      key: 'useReadOnly' as const,
    },
  ];
}

export function restartCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.restart': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Restart DB Instance'), (i) =>
        isBusy(i.progressStatus)
          ? vscode.l10n.t('busy ({0})', inWords(i.progressStatus))
          : i.dbInstanceStatus !== 'AVAILABLE'
            ? vscode.l10n.t('is {0}', inWords(i.dbInstanceStatus))
            : undefined,
      );
      const options = [
        ...(t.ha
          ? [
              {
                label: vscode.l10n.t('Restart with online failover'),
                description: vscode.l10n.t('the standby takes over first: shortest downtime'),
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
      const title = vscode.l10n.t('Restart {0}', t.data.dbInstanceName);
      const how = await pick(options, { title });
      const failoverItems = how.failover ? failoverOptionItems(t.rds, 'restartDbInstance') : [];
      // December 2026: the operating system may restart with the database (where the version takes it).
      const osItems = t.rds.accepts('restartDbInstance', 'osRestart')
        ? [
            {
              label: vscode.l10n.t('Restart the operating system too'),
              description: vscode.l10n.t('takes longer'),
              key: 'osRestart' as const,
            },
          ]
        : [];
      const extraItems = [...failoverItems, ...osItems];
      const extras = extraItems.length
        ? await pickMany(extraItems, {
            title,
            placeHolder: failoverItems.length
              ? vscode.l10n.t('Options (none: fail over at once)')
              : vscode.l10n.t('Options (none: restart the database only)'),
          })
        : [];
      const res = await t.rds.restartDbInstance({
        dbInstanceId: t.data.dbInstanceId,
        body: {
          useOnlineFailover: how.failover,
          executeBackup: how.backup,
          ...Object.fromEntries(extras.map((o) => [o.key, true])),
        },
      });
      track(deps, t, res, vscode.l10n.t('Restart {0}', t.data.dbInstanceName), t.nodeId);
    },
  };
}
