// The DB instance's lifecycle commands as rows of one action table (shared/design.md, "Actions
// are rows too"): what states allow it, the refusal once the current state is read, the
// confirmation, the client call, and the job to track (its title, what to refresh when it
// ends). One runner reads a row: pick or take the instance, refuse, confirm, call, track.
// Commands that ask for more than a confirmation (Back Up Now's method and name, Restart's
// failover choice, Enable HA's ping interval, Delete's final backup) keep their own handlers.
//
// Add a lifecycle command: a row here (its texts whole sentences through vscode.l10n.t), its
// declaration in package.json, and its menu row in src/shared/menus/nodeKinds.ts.
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { rdsIds } from '../tree/ids';
import { isBusy } from '../tree/state';
import { inWords } from '../../shared/apiWords';
import type { DbInstance } from '../tree/types';
import { instanceFrom, type InstanceTarget } from './targets';
import { confirm, confirmByName, track } from './util';

export interface InstanceAction {
  /** The title of the instance picker (from the palette) and of the command's prompts. */
  title: () => string;
  /** Why an instance is not offered in the picker (undefined: it is). */
  pickable?: (i: DbInstance) => string | undefined;
  /** The refusal once the instance's current state is read (undefined: it may go on). */
  refuse?: (t: InstanceTarget) => string | undefined;
  /** The confirmation: a modal question, or the instance name typed as well (`byName`). */
  confirm?: (name: string, t: InstanceTarget) => { question: string; button: string; detail: string; byName?: string };
  /** The client call; its answer is the job to track (or none: refreshed at once). */
  call: (t: InstanceTarget) => Promise<unknown>;
  /** The job's title in the tracker and its messages. */
  job: (name: string) => string;
  /** Tree ids refreshed when the job ends, besides the instance's own row. */
  refresh?: (t: InstanceTarget) => string[];
}

const busy = (i: DbInstance) =>
  isBusy(i.progressStatus) ? vscode.l10n.t('busy ({0})', inWords(i.progressStatus)) : undefined;
const instancesFolder = (t: InstanceTarget) => [rdsIds.folder(t.rootId, 'instance')];
const id = (t: InstanceTarget) => ({ dbInstanceId: t.data.dbInstanceId });
/** Refused unless the group has high availability. */
const needsHa = (text: (name: string) => string) => (t: InstanceTarget) =>
  t.ha ? undefined : text(t.data.dbInstanceName);

export const INSTANCE_ACTIONS = {
  'nhncloud.rds.start': {
    title: () => vscode.l10n.t('Start DB Instance'),
    pickable: (i) =>
      busy(i) ??
      (i.dbInstanceStatus !== 'SHUTDOWN'
        ? vscode.l10n.t('is {0}, not stopped', inWords(i.dbInstanceStatus))
        : undefined),
    refuse: (t) =>
      t.data.dbInstanceStatus !== 'SHUTDOWN'
        ? vscode.l10n.t(
            '{0} is {1}: only a stopped instance can be started.',
            t.data.dbInstanceName,
            inWords(t.data.dbInstanceStatus),
          )
        : undefined,
    call: (t) => t.rds.startDbInstance(id(t)),
    job: (name) => vscode.l10n.t('Start {0}', name),
  },
  'nhncloud.rds.stop': {
    title: () => vscode.l10n.t('Stop DB Instance'),
    pickable: (i) =>
      busy(i) ??
      (i.dbInstanceStatus !== 'AVAILABLE'
        ? vscode.l10n.t('is {0}, not running', inWords(i.dbInstanceStatus))
        : undefined),
    refuse: (t) =>
      t.data.dbInstanceStatus !== 'AVAILABLE'
        ? vscode.l10n.t(
            '{0} is {1}: only a running instance can be stopped.',
            t.data.dbInstanceName,
            inWords(t.data.dbInstanceStatus),
          )
        : undefined,
    confirm: (name) => ({
      question: vscode.l10n.t('Stop {0}?', name),
      button: vscode.l10n.t('Stop'),
      detail: vscode.l10n.t('Connections are closed; the instance keeps its storage and can be started again.'),
    }),
    call: (t) => t.rds.stopDbInstance(id(t)),
    job: (name) => vscode.l10n.t('Stop {0}', name),
  },
  'nhncloud.rds.forceRestart': {
    title: () => vscode.l10n.t('Force Restart DB Instance'),
    confirm: (name) => ({
      question: vscode.l10n.t('Force-restart {0}?', name),
      button: vscode.l10n.t('Force Restart'),
      detail: vscode.l10n.t(
        'MySQL is killed and started again without a clean shutdown. Use it only when a normal restart hangs.',
      ),
    }),
    call: (t) => t.rds.forceRestartDbInstance(id(t)),
    job: (name) => vscode.l10n.t('Force restart {0}', name),
  },
  'nhncloud.rds.promote': {
    title: () => vscode.l10n.t('Promote Read Replica'),
    pickable: (i) => (i.dbInstanceType !== 'READ_ONLY_SLAVE' ? vscode.l10n.t('is not a read replica') : busy(i)),
    refuse: (t) =>
      t.data.dbInstanceType !== 'READ_ONLY_SLAVE'
        ? vscode.l10n.t('{0} is not a read replica: only replicas can be promoted.', t.data.dbInstanceName)
        : undefined,
    confirm: (name) => ({
      question: vscode.l10n.t('Promote {0} to a standalone primary?', name),
      button: vscode.l10n.t('Promote'),
      detail: vscode.l10n.t(
        'Replication from its primary stops for good; the replica becomes an independent instance.',
      ),
    }),
    call: (t) => t.rds.promoteDbInstance(id(t)),
    job: (name) => vscode.l10n.t('Promote {0}', name),
    refresh: instancesFolder,
  },
  'nhncloud.rds.rebuild': {
    title: () => vscode.l10n.t('Rebuild DB Instance'),
    pickable: (i) =>
      busy(i) ??
      (i.dbInstanceStatus !== 'AVAILABLE'
        ? vscode.l10n.t('is {0}, not available', inWords(i.dbInstanceStatus))
        : undefined),
    confirm: (name, t) => ({
      question: vscode.l10n.t('Rebuild {0}?', name),
      button: vscode.l10n.t('Rebuild...'),
      detail: vscode.l10n.t(
        'The instance is rebuilt on new hardware from its data; it is unavailable until the job ends. Instance ID: {0}',
        t.data.dbInstanceId,
      ),
      byName: vscode.l10n.t('Rebuild {0}', name),
    }),
    call: (t) => t.rds.rebuildDbInstance(id(t)),
    job: (name) => vscode.l10n.t('Rebuild {0}', name),
    refresh: instancesFolder,
  },
  'nhncloud.rds.disableHa': {
    title: () => vscode.l10n.t('Disable High Availability'),
    refuse: needsHa((name) => vscode.l10n.t('{0} has no high availability to disable.', name)),
    confirm: (name) => ({
      question: vscode.l10n.t('Disable high availability of {0}?', name),
      button: vscode.l10n.t('Disable'),
      detail: vscode.l10n.t('The standby is deleted; no automatic failover afterwards.'),
    }),
    call: (t) => t.rds.setHighAvailability({ ...id(t), body: { useHighAvailability: false } }),
    job: (name) => vscode.l10n.t('Disable high availability of {0}', name),
    refresh: instancesFolder,
  },
  'nhncloud.rds.pauseHa': {
    title: () => vscode.l10n.t('Pause High Availability'),
    refuse: needsHa((name) =>
      vscode.l10n.t('{0} has no high availability: pausing applies to HA instances only.', name),
    ),
    confirm: (name) => ({
      question: vscode.l10n.t('Pause high availability of {0}?', name),
      button: vscode.l10n.t('Pause'),
      detail: vscode.l10n.t('Automatic failover stops until HA is resumed (e.g. during heavy maintenance).'),
    }),
    call: (t) => t.rds.pauseHighAvailability(id(t)),
    job: (name) => vscode.l10n.t('Pause high availability of {0}', name),
    refresh: instancesFolder,
  },
  'nhncloud.rds.resumeHa': {
    title: () => vscode.l10n.t('Resume High Availability'),
    refuse: needsHa((name) =>
      vscode.l10n.t('{0} has no high availability: resuming applies to HA instances only.', name),
    ),
    confirm: (name) => ({
      question: vscode.l10n.t('Resume high availability of {0}?', name),
      button: vscode.l10n.t('Resume'),
      detail: vscode.l10n.t('Automatic failover works again.'),
    }),
    call: (t) => t.rds.resumeHighAvailability(id(t)),
    job: (name) => vscode.l10n.t('Resume high availability of {0}', name),
    refresh: instancesFolder,
  },
  'nhncloud.rds.repairHa': {
    title: () => vscode.l10n.t('Repair High Availability'),
    refuse: needsHa((name) =>
      vscode.l10n.t('{0} has no high availability: repairing applies to HA instances only.', name),
    ),
    confirm: (name) => ({
      question: vscode.l10n.t('Repair high availability of {0}?', name),
      button: vscode.l10n.t('Repair'),
      detail: vscode.l10n.t('Rebuilds a broken replication between the primary and the standby.'),
    }),
    call: (t) => t.rds.repairHighAvailability(id(t)),
    job: (name) => vscode.l10n.t('Repair high availability of {0}', name),
    refresh: instancesFolder,
  },
  'nhncloud.rds.splitHa': {
    title: () => vscode.l10n.t('Split High Availability'),
    refuse: needsHa((name) =>
      vscode.l10n.t('{0} has no high availability: splitting applies to HA instances only.', name),
    ),
    confirm: (name) => ({
      question: vscode.l10n.t('Split high availability of {0}?', name),
      button: vscode.l10n.t('Split'),
      detail: vscode.l10n.t('The primary and the standby become two independent instances.'),
    }),
    call: (t) => t.rds.splitHighAvailability(id(t)),
    job: (name) => vscode.l10n.t('Split high availability of {0}', name),
    refresh: instancesFolder,
  },
} satisfies Record<string, InstanceAction>;

/** The one runner: the instance (node or pick), refusal, confirmation, call, job. */
export function runInstanceAction(deps: RdsDeps, a: InstanceAction): CommandHandler {
  return async (node?: unknown) => {
    const t = await instanceFrom(node, deps, a.title(), a.pickable);
    const refusal = a.refuse?.(t);
    if (refusal) throw new Error(refusal);
    const name = t.data.dbInstanceName;
    const c = a.confirm?.(name, t);
    if (c?.byName)
      await confirmByName(name, { question: c.question, action: c.button, detail: c.detail, title: c.byName });
    else if (c) await confirm(c.question, c.button, c.detail);
    track(deps, t, await a.call(t), a.job(name), t.nodeId, a.refresh?.(t) ?? []);
  };
}

/** The commands of the table, for the feature's registration list. */
export function instanceActionCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return Object.fromEntries(
    Object.entries(INSTANCE_ACTIONS).map(([command, a]) => [command, runInstanceAction(deps, a)]),
  );
}
