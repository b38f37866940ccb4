// What RDS API v4.0 tells of an instance's upkeep (issue 61): a "High availability" row (whether
// the instance is in an HA pair, the pair's status, how the standby pings it) and a "Maintenances"
// folder listing its pending, scheduled and past maintenances. InstanceNode adds them where the
// profile's client has the operations. What may be done to a maintenance is in its contextValue:
// a pending one (PENDING, or SUSPENDED: held) is run now or scheduled for the next maintenance
// window, a scheduled one (READY) can be cancelled (the console guide's Maintenance tab).
import * as vscode from 'vscode';
import type { RdsOutput } from '../../client/rds/client';
import { errorMessage } from '../../shared/errorText';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, LeafNode, TreeNode, themeIcon, type Colour } from '../../shared/tree/nodes';
import { rdsRoot, when } from './base';
import { rdsIds } from './ids';
import type { InstanceNode } from './instanceNode';
import { orDash } from './state';
import { inWords } from '../../shared/apiWords';

export type HighAvailabilityInfo = RdsOutput<'getHighAvailability'>;
export type MaintenanceItem = RdsOutput<'listMaintenances'>['maintenances'][number];

/** The statuses a maintenance can be run now or scheduled from. */
export const PENDING_MAINTENANCE = new Set(['PENDING', 'SUSPENDED']);
/** The statuses a maintenance can be cancelled (deleted) from: scheduled for the next window. */
export const SCHEDULED_MAINTENANCE = new Set(['READY']);

/**
 * The node's contextValue, by what the service allows (exact `viewItem ==` matches in the menus):
 * `rds.maintenance.pending` (Run Now, Schedule), `.scheduled` (Cancel), `.running`, `.past`.
 */
export function maintenanceContextValue(m: Pick<MaintenanceItem, 'status'>): string {
  const s = m.status ?? '';
  if (PENDING_MAINTENANCE.has(s)) return 'rds.maintenance.pending';
  if (SCHEDULED_MAINTENANCE.has(s)) return 'rds.maintenance.scheduled';
  if (s === 'RUNNING') return 'rds.maintenance.running';
  return 'rds.maintenance.past';
}

/** What a maintenance does, in words; a type the guide does not list is shown as the service wrote it. */
export function maintenanceTypeLabel(type: string | null | undefined): string {
  switch (type) {
    case 'UPDATE_DB_INSTANCE':
      return vscode.l10n.t('Modify DB instance');
    case 'UPGRADE_ENGINE_VERSION':
      return vscode.l10n.t('Upgrade DB engine version');
    case 'APPLY_CHANGE_PARAMETER':
      return vscode.l10n.t('Apply parameter group changes');
    case 'UPGRADE_OS':
      return vscode.l10n.t('Upgrade operating system');
    case 'PATCH_SECURITY':
      return vscode.l10n.t('Security update');
    case 'MIGRATION':
      return vscode.l10n.t('Migration for hypervisor maintenance');
    case 'CLEANUP_STORAGE':
      return vscode.l10n.t('Storage cleanup');
    default:
      return orDash(type);
  }
}

/** Pending first (the ones waiting for a person), then scheduled, running, and the past newest first. */
const RANK: Record<string, number> = { PENDING: 0, SUSPENDED: 0, READY: 1, RUNNING: 2 };
export function sortMaintenances<T extends MaintenanceItem>(items: readonly T[]): T[] {
  const rank = (m: T) => RANK[m.status ?? ''] ?? 3;
  const time = (m: T) => m.executionCompletedYmdt ?? m.executionStartedYmdt ?? m.addedYmdt ?? '';
  return [...items].sort((a, b) => rank(a) - rank(b) || Date.parse(time(b)) - Date.parse(time(a)) || 0);
}

/** The time a row shows, and what it is: the deadline, the planned start, the start, the end. */
function maintenanceWhen(m: MaintenanceItem): string {
  const s = m.status ?? '';
  if (PENDING_MAINTENANCE.has(s))
    return m.required && m.deadlineYmdt
      ? vscode.l10n.t('required by {0}', when(m.deadlineYmdt))
      : vscode.l10n.t('added {0}', when(m.addedYmdt));
  if (SCHEDULED_MAINTENANCE.has(s))
    return m.executionStartedYmdt
      ? vscode.l10n.t('scheduled for {0}', when(m.executionStartedYmdt))
      : vscode.l10n.t('scheduled for the next maintenance window');
  if (s === 'RUNNING') return vscode.l10n.t('started {0}', when(m.executionStartedYmdt));
  return when(m.executionCompletedYmdt ?? m.executionStartedYmdt ?? m.addedYmdt);
}

const MAINTENANCE_ICON: Record<string, [string, Colour?]> = {
  PENDING: ['clock', 'yellow'],
  SUSPENDED: ['debug-pause', 'yellow'],
  READY: ['calendar', 'blue'],
  RUNNING: ['loading~spin'],
  COMPLETED: ['pass', 'green'],
  FAILED: ['error', 'red'],
  DELETED: ['circle-slash', 'grey'],
  EXCLUDED: ['circle-slash', 'grey'],
};

export class MaintenanceNode extends LeafNode {
  constructor(
    parent: TreeNode,
    readonly data: MaintenanceItem,
  ) {
    const [icon, colour] = MAINTENANCE_ICON[data.status ?? ''] ?? ['tools'];
    const label = maintenanceTypeLabel(data.type ?? data.maintenanceId);
    super(parent, `${parent.id}/${data.maintenanceId}`, label, {
      icon,
      colour,
      // When first (the deadline, the planned start: what a narrow sidebar must not cut), then its state.
      description: [
        maintenanceWhen(data),
        inWords(data.status),
        data.required && !(PENDING_MAINTENANCE.has(data.status ?? '') && data.deadlineYmdt)
          ? vscode.l10n.t('required')
          : '',
        inWords(data.category),
      ]
        .filter(Boolean)
        .join(' · '),
      contextValue: maintenanceContextValue(data),
      copyValue: data.maintenanceId,
      tooltip: new vscode.MarkdownString(
        mdFields(label, [
          [vscode.l10n.t('Description'), data.description],
          [vscode.l10n.t('Type'), data.type],
          [vscode.l10n.t('Category'), inWords(data.category)],
          [vscode.l10n.t('Status'), inWords(data.status)],
          [vscode.l10n.t('Execution'), data.executionType],
          [vscode.l10n.t('Required'), data.required ? vscode.l10n.t('yes') : vscode.l10n.t('no')],
          [vscode.l10n.t('Deadline'), when(data.deadlineYmdt) || undefined],
          [vscode.l10n.t('Added'), when(data.addedYmdt) || undefined],
          [vscode.l10n.t('Started'), when(data.executionStartedYmdt) || undefined],
          [vscode.l10n.t('Completed'), when(data.executionCompletedYmdt) || undefined],
          ['ID', data.maintenanceId],
        ]),
      ),
    });
  }
  /** The instance whose maintenance this is (the folder's parent). */
  get instance(): InstanceNode {
    return this.parent!.parent as InstanceNode;
  }
}

/** The instance's maintenances; its description counts them, and the pending ones. */
export class MaintenancesFolderNode extends FolderNode {
  readonly id: string;
  readonly label = vscode.l10n.t('Maintenances');
  protected readonly kind = 'rds.folder.maintenances';
  protected override icon = 'tools';
  protected override emptyText = vscode.l10n.t('No maintenance');
  private counts?: { all: number; pending: number };
  constructor(readonly instance: InstanceNode) {
    super();
    this.parent = instance;
    this.id = rdsIds.instanceFolder(instance.id, 'maintenances');
  }
  protected override describe(): string | undefined {
    const c = this.counts;
    if (!c) return undefined;
    return c.pending ? vscode.l10n.t('{0} · {1} pending', c.all, c.pending) : String(c.all);
  }
  protected async load(): Promise<TreeNode[]> {
    const rds = await rdsRoot(this).client();
    const { maintenances } = await rds.listMaintenances({ dbInstanceId: this.instance.data.dbInstanceId });
    const items = sortMaintenances(maintenances ?? []);
    // The count is known once the list is; FolderNode.loaded redraws the row when it changed. (A
    // redraw of its own here, a tick after the rows were handed to VS Code, made VS Code forget
    // them: a maintenance's context-menu and inline commands came without their row.)
    this.counts = { all: items.length, pending: items.filter((m) => PENDING_MAINTENANCE.has(m.status ?? '')).length };
    return items.map((m) => new MaintenanceNode(this, m));
  }
}

const HA_COLOUR = (status: string | null | undefined): Colour => {
  if (!status) return 'grey';
  if (status === 'STABLE' || status === 'CREATED' || status === 'FAILOVER_COMPLETED') return 'green';
  if (status.startsWith('PAUS')) return 'yellow';
  if (status.startsWith('DISABLE') || status === 'FAILOVER_FAILED' || status === 'MASTER_FAILURE_DETECTION')
    return 'red';
  if (status === 'DELETED') return 'grey';
  return 'blue';
};

/** The "High availability" row: read when drawn, kept until the instance reloads its rows. */
export class HighAvailabilityNode extends TreeNode {
  readonly id: string;
  readonly label = vscode.l10n.t('High availability');
  private info?: Promise<HighAvailabilityInfo>;
  constructor(readonly instance: InstanceNode) {
    super();
    this.parent = instance;
    this.id = rdsIds.instanceFolder(instance.id, 'highAvailability');
  }
  override invalidate(): void {
    this.info = undefined;
  }
  async getTreeItem(): Promise<vscode.TreeItem> {
    this.info ??= rdsRoot(this)
      .client()
      .then((c) => c.getHighAvailability({ dbInstanceId: this.instance.data.dbInstanceId }));
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    let ha: HighAvailabilityInfo;
    try {
      ha = await this.info;
    } catch (e) {
      // Read again at the next draw; the row says so instead of failing the instance's rows.
      this.info = undefined;
      item.description = vscode.l10n.t('could not be read');
      item.tooltip = errorMessage(e);
      item.iconPath = themeIcon('warning', 'yellow');
      item.contextValue = 'rds.highAvailability.unknown';
      return item;
    }
    if (!ha.useHighAvailability) {
      item.description = vscode.l10n.t('not used');
      item.iconPath = themeIcon('shield', 'grey');
      item.contextValue = 'rds.highAvailability.off';
      return item;
    }
    const ping =
      ha.pingInterval !== undefined && ha.pingInterval !== null
        ? vscode.l10n.t('{0} ping every {1} s', orDash(ha.pingType), ha.pingInterval)
        : orDash(ha.pingType);
    item.description = [inWords(ha.haStatus), ping].join(' · ');
    item.iconPath = themeIcon('shield', HA_COLOUR(ha.haStatus));
    item.contextValue = 'rds.highAvailability.on';
    item.tooltip = new vscode.MarkdownString(
      mdFields(this.label, [
        [vscode.l10n.t('Status'), inWords(ha.haStatus)],
        [vscode.l10n.t('Ping type'), ha.pingType],
        [
          vscode.l10n.t('Ping interval'),
          ha.pingInterval === undefined || ha.pingInterval === null ? undefined : `${ha.pingInterval} s`,
        ],
      ]),
    );
    return item;
  }
}
