// How an RDS resource's state becomes a tree item: contextValue, colour, icon and text.
// vscode-free (unit-tested); the nodes turn these into ThemeIcons and TreeItems.
//
// A DB instance's contextValue is one of the node-kind table's exact values
// (src/shared/menus/nodeKinds.ts): `rds.instance.<state>.<role>[.bastion]`, the menus match it
// with `viewItem ==` (or a row set), never a regular expression.
import { formatNumber, l10n } from '../../shared/l10n';
import type { DbInstance } from './types';
import { engineVersionLabel } from '../../client/rds/engines';
import { inWords, progressText } from '../../shared/apiWords';
import { instanceValue, type InstanceRoleFacet, type InstanceState } from '../../shared/menus/nodeKinds';

export type InstanceRole = 'single' | 'master' | 'candidate' | 'replica' | 'failed';

export function instanceRole(i: Pick<DbInstance, 'dbInstanceType'>, groupSize: number): InstanceRole {
  switch (i.dbInstanceType) {
    case 'CANDIDATE_MASTER':
      return 'candidate';
    case 'READ_ONLY_SLAVE':
      return 'replica';
    case 'FAILED_MASTER':
      return 'failed';
    default:
      return groupSize > 1 ? 'master' : 'single';
  }
}

/** A backup's name, or its id when the service sent none (the tree label and every message). */
export function backupLabel(b: { backupId: string; backupName?: string | null }): string {
  return b.backupName || b.backupId;
}

/** What the tree shows for a value the service left out (null or absent): a dash, never "undefined". */
export function orDash(v: string | number | null | undefined): string {
  return v === undefined || v === null || v === '' ? '-' : String(v);
}

export function isBusy(progressStatus: string | null | undefined): progressStatus is string {
  return !!progressStatus && progressStatus !== 'NONE';
}

export interface InstanceContext {
  /** Members of the instance's group (itself included). */
  groupSize: number;
  /** The group is HIGH_AVAILABILITY or has a candidate master. */
  ha: boolean;
  /** Connect goes through an SSH bastion (its own choice or its profile's): Stop Using SSH Bastion applies. */
  bastion?: boolean;
  /** A database session of the instance is live in this window: Disconnect applies. */
  connected?: boolean;
}

export function instanceContextValue(i: DbInstance, ctx: InstanceContext): string {
  const busy = isBusy(i.progressStatus);
  const state: InstanceState =
    i.dbInstanceStatus === 'AVAILABLE'
      ? busy
        ? 'busy'
        : 'available'
      : busy
        ? 'working'
        : i.dbInstanceStatus === 'SHUTDOWN'
          ? 'stopped'
          : 'other';
  const role = instanceRole(i, ctx.groupSize);
  const primary = role === 'single' || role === 'master';
  // The primary of an HA group (alone in the list or not) is where the HA commands act.
  const facet: InstanceRoleFacet = primary ? (ctx.ha ? 'ha' : 'primary') : role === 'replica' ? 'replica' : 'member';
  return instanceValue(state, facet, !!ctx.bastion, !!ctx.connected);
}

export type StatusColour = 'green' | 'red' | 'yellow' | 'grey' | 'blue';

const FAILED = new Set([
  'FAIL_TO_CREATE',
  'FAIL_TO_CONNECT',
  'REPLICATION_STOP',
  'STORAGE_FULL',
  'ERROR',
  'DELETED',
  'FAILED',
]);
// REPLICATION_DELAY (an instance; December 2026) and PENDING_DELETION (a backup) are states to
// notice, not failures; a state none of these sets names is shown as written, in blue.
const WARN = new Set(['FAILOVER', 'BEFORE_CREATE', 'NEED_TO_APPLY', 'REPLICATION_DELAY', 'PENDING_DELETION']);

export function statusColour(status: string | null | undefined): StatusColour {
  if (!status) return 'grey';
  if (status === 'AVAILABLE' || status === 'STABLE' || status === 'COMPLETED') return 'green';
  if (status === 'SHUTDOWN') return 'grey';
  if (FAILED.has(status)) return 'red';
  if (WARN.has(status)) return 'yellow';
  return 'blue';
}

/** What the tree shows for a DB instance: icon (null: the spinner), colour and description text. */
export function instanceStatusView(i: Pick<DbInstance, 'dbInstanceStatus' | 'progressStatus' | 'dbVersion'>): {
  spinning: boolean;
  colour: StatusColour;
  text: string;
} {
  if (isBusy(i.progressStatus)) return { spinning: true, colour: 'blue', text: progressText(i.progressStatus) };
  return { spinning: false, colour: statusColour(i.dbInstanceStatus), text: inWords(i.dbInstanceStatus) };
}

export const ROLE_LABEL: Record<InstanceRole, string> = {
  single: '',
  master: l10n.t('primary'),
  candidate: l10n.t('standby'),
  replica: l10n.t('read replica'),
  failed: l10n.t('failed primary'),
};

const ROLE_ORDER: Record<string, number> = { MASTER: 0, CANDIDATE_MASTER: 1, READ_ONLY_SLAVE: 2, FAILED_MASTER: 3 };

export type InstanceEntry =
  | { kind: 'instance'; instance: DbInstance; groupSize: number; ha: boolean }
  | { kind: 'group'; groupId: string; ha: boolean; members: DbInstance[] };

/**
 * Instances grouped by dbInstanceGroupId where a group has more than one member (master
 * first, then candidate, replicas, failed master); singletons stay at top level. Order:
 * by the name of the group's first member, then instance name.
 */
export function groupInstances(
  instances: readonly DbInstance[],
  haGroups: ReadonlySet<string> = new Set(),
): InstanceEntry[] {
  const byGroup = new Map<string, DbInstance[]>();
  const loose: DbInstance[] = [];
  for (const i of instances) {
    if (!i.dbInstanceGroupId) loose.push(i);
    else byGroup.set(i.dbInstanceGroupId, [...(byGroup.get(i.dbInstanceGroupId) ?? []), i]);
  }
  const entries: InstanceEntry[] = [];
  for (const [groupId, members] of byGroup) {
    const ha = haGroups.has(groupId) || members.some((m) => m.dbInstanceType === 'CANDIDATE_MASTER');
    if (members.length > 1) {
      members.sort(
        (a, b) =>
          (ROLE_ORDER[a.dbInstanceType ?? ''] ?? 9) - (ROLE_ORDER[b.dbInstanceType ?? ''] ?? 9) ||
          a.dbInstanceName.localeCompare(b.dbInstanceName),
      );
      entries.push({ kind: 'group', groupId, ha, members });
    } else entries.push({ kind: 'instance', instance: members[0], groupSize: 1, ha });
  }
  for (const i of loose) entries.push({ kind: 'instance', instance: i, groupSize: 1, ha: false });
  const name = (e: InstanceEntry) => (e.kind === 'group' ? e.members[0].dbInstanceName : e.instance.dbInstanceName);
  return entries.sort((a, b) => name(a).localeCompare(name(b)));
}

export function formatBytes(n: number | null | undefined): string {
  if (n === undefined || n === null || !Number.isFinite(n)) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${formatNumber(v, u === 0 ? 0 : 1)} ${units[u]}`;
}

/** `MYSQL_V8032` -> `MySQL 8.0.32`, `MARIADB_V101108` -> `MariaDB 10.11.8` (falls back to the raw value). */
export function versionLabel(v: string | null | undefined): string {
  return v ? engineVersionLabel(v) : '';
}

/** An event's message in the display language when the event carries it (EN, JA, KO, ZH), else English. */
export function eventMessage(
  e: { eventCode?: string | null; messages?: Array<{ langCode: string; message: string }> },
  language: string,
): string {
  const lang = (language || 'en').toLowerCase();
  const code = lang.startsWith('ko') ? 'KO' : lang.startsWith('ja') ? 'JA' : lang.startsWith('zh') ? 'ZH' : 'EN';
  const pick = (c: string) => e.messages?.find((m) => m.langCode?.toUpperCase() === c)?.message;
  return pick(code) ?? pick('EN') ?? e.messages?.[0]?.message ?? orDash(e.eventCode);
}
