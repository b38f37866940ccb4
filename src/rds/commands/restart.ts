// Restart with the two documented options: online failover (HA only) and a backup first.
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { isBusy } from '../tree/state';
import { instanceFrom, pick, track } from './util';

export function restartCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.restart': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Restart DB Instance', (i) => (isBusy(i.progressStatus) ? `busy (${i.progressStatus})` : i.dbInstanceStatus !== 'AVAILABLE' ? `is ${i.dbInstanceStatus}` : undefined));
      const options = [
        ...(t.ha ? [{ label: 'Restart with online failover', description: 'the candidate master takes over first: shortest downtime', failover: true, backup: false }] : []),
        { label: 'Restart', description: 'plain restart', failover: false, backup: false },
        { label: 'Back up, then restart', description: 'a backup of the current state is taken first', failover: false, backup: true },
        ...(t.ha ? [{ label: 'Back up, then restart with online failover', failover: true, backup: true }] : []),
      ];
      const how = await pick(options, { title: `Restart ${t.data.dbInstanceName}` });
      const res = await t.rds.restartDbInstance({ dbInstanceId: t.data.dbInstanceId, body: { useOnlineFailover: how.failover, executeBackup: how.backup } });
      track(deps, t, res, `Restart ${t.data.dbInstanceName}`, t.nodeId);
    },
  };
}
