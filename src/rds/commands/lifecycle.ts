// Start, stop, force restart, promote, back up now: one call each, checked against the
// instance's current state first.
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { isBusy } from '../tree/state';
import type { DbInstance } from '../tree/types';
import { validate } from './limits';
import { ask, confirm, instanceFrom, track } from './util';

const busy = (i: DbInstance) => (isBusy(i.progressStatus) ? `busy (${i.progressStatus})` : undefined);

export function lifecycleCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.start': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Start DB Instance', (i) => busy(i) ?? (i.dbInstanceStatus !== 'SHUTDOWN' ? `is ${i.dbInstanceStatus}, not stopped` : undefined));
      if (t.data.dbInstanceStatus !== 'SHUTDOWN') throw new Error(`${t.data.dbInstanceName} is ${t.data.dbInstanceStatus}: only a stopped instance can be started.`);
      track(deps, t, await t.rds.startDbInstance({ dbInstanceId: t.data.dbInstanceId }), `Start ${t.data.dbInstanceName}`, t.nodeId);
    },
    'nhncloud.rds.stop': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Stop DB Instance', (i) => busy(i) ?? (i.dbInstanceStatus !== 'AVAILABLE' ? `is ${i.dbInstanceStatus}, not running` : undefined));
      if (t.data.dbInstanceStatus !== 'AVAILABLE') throw new Error(`${t.data.dbInstanceName} is ${t.data.dbInstanceStatus}: only a running (AVAILABLE) instance can be stopped.`);
      await confirm(`Stop ${t.data.dbInstanceName}?`, 'Stop', 'Connections are closed; the instance keeps its storage and can be started again.');
      track(deps, t, await t.rds.stopDbInstance({ dbInstanceId: t.data.dbInstanceId }), `Stop ${t.data.dbInstanceName}`, t.nodeId);
    },
    'nhncloud.rds.forceRestart': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Force Restart DB Instance');
      await confirm(`Force-restart ${t.data.dbInstanceName}?`, 'Force Restart', 'MySQL is killed and started again without a clean shutdown. Use it only when a normal restart hangs.');
      const res = await t.rds.forceRestartDbInstance({ dbInstanceId: t.data.dbInstanceId });
      track(deps, t, res, `Force restart ${t.data.dbInstanceName}`, t.nodeId);
    },
    'nhncloud.rds.promote': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Promote Read Replica', (i) => (i.dbInstanceType !== 'READ_ONLY_SLAVE' ? 'is not a read replica' : busy(i)));
      if (t.data.dbInstanceType !== 'READ_ONLY_SLAVE') throw new Error(`${t.data.dbInstanceName} is not a read replica: only replicas can be promoted.`);
      await confirm(`Promote ${t.data.dbInstanceName} to a standalone master?`, 'Promote', 'Replication from its master stops for good; the replica becomes an independent instance.');
      track(deps, t, await t.rds.promoteDbInstance({ dbInstanceId: t.data.dbInstanceId }), `Promote ${t.data.dbInstanceName}`, t.nodeId, [`${t.rootId}/instance`]);
    },
    'nhncloud.rds.backup': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Back Up Now', busy);
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
      const backupName = await ask({ title: `Back up ${t.data.dbInstanceName}`, prompt: 'Backup name', value: `${t.data.dbInstanceName}-${stamp}`.slice(0, 100), validate: validate.resourceName });
      track(deps, t, await t.rds.backupDbInstance({ dbInstanceId: t.data.dbInstanceId, body: { backupName } }), `Back up ${t.data.dbInstanceName}`, t.nodeId, [
        `${t.nodeId}/backups`,
        `${t.rootId}/backup`,
      ]);
    },
  };
}
