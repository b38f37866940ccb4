// High availability: enable (with ping interval), disable, pause, resume, repair, split.
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { validate } from './limits';
import { ask, confirm, track } from './util';
import { instanceFrom } from './targets';
import { rdsIds } from '../tree/ids';

// Each action's texts are whole sentences (a verb glued into "{0} HA of {1}" read as "Pause HA of
// db1" in English only; the job's messages are built on `job`).
const ACTIONS = {
  pause: {
    op: 'pauseHighAvailability',
    title: vscode.l10n.t('Pause High Availability'),
    button: vscode.l10n.t('Pause'),
    question: (name: string) => vscode.l10n.t('Pause high availability of {0}?', name),
    notHa: (name: string) => vscode.l10n.t('{0} has no high availability: pausing applies to HA instances only.', name),
    job: (name: string) => vscode.l10n.t('Pause high availability of {0}', name),
    detail: vscode.l10n.t('Automatic failover stops until HA is resumed (e.g. during heavy maintenance).'),
  },
  resume: {
    op: 'resumeHighAvailability',
    title: vscode.l10n.t('Resume High Availability'),
    button: vscode.l10n.t('Resume'),
    question: (name: string) => vscode.l10n.t('Resume high availability of {0}?', name),
    notHa: (name: string) =>
      vscode.l10n.t('{0} has no high availability: resuming applies to HA instances only.', name),
    job: (name: string) => vscode.l10n.t('Resume high availability of {0}', name),
    detail: vscode.l10n.t('Automatic failover works again.'),
  },
  repair: {
    op: 'repairHighAvailability',
    title: vscode.l10n.t('Repair High Availability'),
    button: vscode.l10n.t('Repair'),
    question: (name: string) => vscode.l10n.t('Repair high availability of {0}?', name),
    notHa: (name: string) =>
      vscode.l10n.t('{0} has no high availability: repairing applies to HA instances only.', name),
    job: (name: string) => vscode.l10n.t('Repair high availability of {0}', name),
    detail: vscode.l10n.t('Rebuilds a broken replication between the primary and the standby.'),
  },
  split: {
    op: 'splitHighAvailability',
    title: vscode.l10n.t('Split High Availability'),
    button: vscode.l10n.t('Split'),
    question: (name: string) => vscode.l10n.t('Split high availability of {0}?', name),
    notHa: (name: string) =>
      vscode.l10n.t('{0} has no high availability: splitting applies to HA instances only.', name),
    job: (name: string) => vscode.l10n.t('Split high availability of {0}', name),
    detail: vscode.l10n.t('The primary and the standby become two independent instances.'),
  },
} as const;

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
    'nhncloud.rds.disableHa': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Disable High Availability'));
      if (!t.ha) throw new Error(vscode.l10n.t('{0} has no high availability to disable.', t.data.dbInstanceName));
      await confirm(
        vscode.l10n.t('Disable high availability of {0}?', t.data.dbInstanceName),
        vscode.l10n.t('Disable'),
        vscode.l10n.t('The standby is deleted; no automatic failover afterwards.'),
      );
      const res = await t.rds.setHighAvailability({
        dbInstanceId: t.data.dbInstanceId,
        body: { useHighAvailability: false },
      });
      track(deps, t, res, vscode.l10n.t('Disable high availability of {0}', t.data.dbInstanceName), t.nodeId, [
        rdsIds.folder(t.rootId, 'instance'),
      ]);
    },
  };
  for (const [key, a] of Object.entries(ACTIONS)) {
    commands[`nhncloud.rds.${key}Ha`] = async (node?: unknown) => {
      const t = await instanceFrom(node, deps, a.title);
      if (!t.ha) throw new Error(a.notHa(t.data.dbInstanceName));
      await confirm(a.question(t.data.dbInstanceName), a.button, a.detail);
      const res = await t.rds[a.op]({ dbInstanceId: t.data.dbInstanceId });
      track(deps, t, res, a.job(t.data.dbInstanceName), t.nodeId, [rdsIds.folder(t.rootId, 'instance')]);
    };
  }
  return commands;
}
