// High availability: enable (with ping interval), disable, pause, resume, repair, split.
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { validate } from './limits';
import { ask, confirm, instanceFrom, track } from './util';

const ACTIONS = {
  pause: { op: 'pauseHighAvailability', verb: 'Pause', detail: 'Automatic failover stops until HA is resumed (e.g. during heavy maintenance).' },
  resume: { op: 'resumeHighAvailability', verb: 'Resume', detail: 'Automatic failover works again.' },
  repair: { op: 'repairHighAvailability', verb: 'Repair', detail: 'Rebuilds a broken replication between master and candidate master.' },
  split: { op: 'splitHighAvailability', verb: 'Split', detail: 'Master and candidate master become two independent instances.' },
} as const;

export function highAvailabilityCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const commands: Record<string, CommandHandler> = {
    'nhncloud.rds.enableHa': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Enable High Availability', (i) => (i.dbInstanceType && i.dbInstanceType !== 'MASTER' ? 'is not a master' : undefined));
      if (t.ha) throw new Error(`${t.data.dbInstanceName} already has high availability.`);
      const ping = Number(await ask({ title: `Enable HA for ${t.data.dbInstanceName}`, prompt: 'Ping interval in seconds (1 to 600)', value: '3', validate: validate.pingInterval }));
      const res = await t.rds.setHighAvailability({ dbInstanceId: t.data.dbInstanceId, body: { useHighAvailability: true, pingInterval: ping } });
      track(deps, t, res, `Enable HA for ${t.data.dbInstanceName}`, t.nodeId, [`${t.rootId}/instance`]);
    },
    'nhncloud.rds.disableHa': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Disable High Availability');
      if (!t.ha) throw new Error(`${t.data.dbInstanceName} has no high availability to disable.`);
      await confirm(`Disable high availability of ${t.data.dbInstanceName}?`, 'Disable', 'The candidate master is deleted; no automatic failover afterwards.');
      const res = await t.rds.setHighAvailability({ dbInstanceId: t.data.dbInstanceId, body: { useHighAvailability: false } });
      track(deps, t, res, `Disable HA for ${t.data.dbInstanceName}`, t.nodeId, [`${t.rootId}/instance`]);
    },
  };
  for (const [key, a] of Object.entries(ACTIONS)) {
    commands[`nhncloud.rds.${key}Ha`] = async (node?: unknown) => {
      const t = await instanceFrom(node, deps, `${a.verb} High Availability`);
      if (!t.ha) throw new Error(`${t.data.dbInstanceName} has no high availability: ${a.verb.toLowerCase()} applies to HA instances only.`);
      await confirm(`${a.verb} high availability of ${t.data.dbInstanceName}?`, a.verb, a.detail);
      const res = await (t.rds as any)[a.op]({ dbInstanceId: t.data.dbInstanceId });
      track(deps, t, res, `${a.verb} HA of ${t.data.dbInstanceName}`, t.nodeId, [`${t.rootId}/instance`]);
    };
  }
  return commands;
}
