// The DB instance node: status, progress and contextValue per state, and the folders under it.
import * as vscode from 'vscode';
import type { RdsClient } from '../../client/rds/client';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, LeafNode, TreeNode, themeIcon } from '../../shared/tree/nodes';
import { RdsFolderNode, StaticFolderNode, rdsRoot, when } from './base';
import { BastionChoices } from '../../database/connection/ssh/bastions';
import {
  ROLE_LABEL,
  formatBytes,
  instanceContextValue,
  instanceRole,
  instanceStatusView,
  isBusy,
  orDash,
  versionLabel,
} from './state';
import type { DbInstance, LogFile } from './types';
import { rdsIds } from './ids';
import { binLogsFolder, certificatesFolder } from './instanceV4';
import { HighAvailabilityNode, MaintenancesFolderNode } from './maintenances';
import {
  DbSchemaNode,
  DbUserNode,
  InstanceBackupsNode,
  ParameterGroupRefNode,
  info,
  loadMetrics,
} from './instanceParts';
import { plural, formatTimestamp } from '../../shared/l10n';
import { inWords } from '../../shared/apiWords';

/** A log file type (the API's `logFileType`) as the console names it; a type not listed here as it came. */
export function logTypeLabel(type: string): string {
  switch (type) {
    case 'ERROR':
      return vscode.l10n.t('Error log');
    case 'GENERAL':
      return vscode.l10n.t('General log');
    case 'SLOW_QUERY':
      return vscode.l10n.t('Slow query log');
    case 'AUDIT':
      return vscode.l10n.t('Audit log');
    case 'BINLOG':
      return vscode.l10n.t('Binary log files');
    case 'BACKUP':
      return vscode.l10n.t('Backup log');
    default:
      return type;
  }
}

/** Detail of one instance (the client's parsed answer). */
export function fetchInstance(rds: RdsClient, dbInstanceId: string): Promise<DbInstance> {
  return rds.getDbInstance({ dbInstanceId });
}

export class InstanceNode extends FolderNode {
  readonly id: string;
  protected readonly kind = 'rds.instance';
  private stale = false;
  /** Whether `data` has the detail's fields (the list lacks protection, upgrade, parameter group...). */
  private detailed = false;
  constructor(
    parent: TreeNode,
    public data: DbInstance,
    readonly groupSize: number,
    readonly ha: boolean,
  ) {
    super();
    this.parent = parent;
    this.id = rdsIds.instance(rdsRoot(parent).id, data.dbInstanceId);
  }
  get label(): string {
    return this.data.dbInstanceName;
  }
  get role() {
    return instanceRole(this.data, this.groupSize);
  }
  get contextValue(): string {
    return instanceContextValue(this.data, {
      groupSize: this.groupSize,
      ha: this.ha,
      bastion: this.usesBastion(),
      connected: this.connectedUsers().length > 0,
    });
  }

  /** The DB users this window has a live session of the instance as (Connect...; none after a reload). */
  connectedUsers(): string[] {
    const root = rdsRoot(this);
    return (root.sessions?.forInstance(root.profile.id, this.data.dbInstanceId) ?? []).map((s) => s.user);
  }

  /** Whether Connect goes through an SSH bastion (the choice kept in globalState; none in a bare test host). */
  private usesBastion(): boolean {
    const root = rdsRoot(this);
    const state = root.deps.services.context?.globalState;
    if (!state) return false;
    const chosen = new BastionChoices(state).get(root.profile.id, this.data.dbInstanceId);
    return !!chosen && 'bastion' in chosen.choice;
  }

  override invalidate(): void {
    super.invalidate();
    this.stale = true;
  }

  /** Re-read the detail (after a job, or while busy). */
  async reload(): Promise<DbInstance> {
    const d = await fetchInstance(await rdsRoot(this).client(), this.data.dbInstanceId);
    this.data = { ...this.data, ...d };
    this.detailed = true;
    return this.data;
  }

  markDetailed(): void {
    this.detailed = true;
  }

  /**
   * Merge a detail read in the background; true when the row must be redrawn: its menus
   * (contextValue) or a detail-only part of its description changed (protection, parameters
   * waiting to be applied: the list does not carry them, so a row drawn from it lacks them).
   */
  applyDetail(d: DbInstance): boolean {
    const shown = () =>
      [this.contextValue, !!this.data.useDeletionProtection, !!this.data.needToApplyParameterGroup].join('|');
    const before = shown();
    this.data = { ...this.data, ...d };
    this.detailed = true;
    return shown() !== before;
  }

  private async ensureDetail(): Promise<void> {
    if (!this.detailed) await this.reload().catch(() => undefined);
  }

  override async getTreeItem(): Promise<vscode.TreeItem> {
    if (this.stale) {
      this.stale = false;
      await this.reload().catch(() => undefined);
    }
    const i = this.data;
    const job = rdsRoot(this).deps.jobs.runningFor(this.id);
    const view = instanceStatusView(i);
    const spinning = view.spinning || !!job;
    const item = new vscode.TreeItem(i.dbInstanceName, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.contextValue = this.contextValue;
    // Connected: a plug in the state's colour, seen at any sidebar width (the description's
    // "connected" comes after the state and is cut at the default width).
    const connected = this.connectedUsers().length > 0;
    item.iconPath = spinning
      ? new vscode.ThemeIcon('loading~spin')
      : themeIcon(connected ? 'plug' : this.role === 'replica' ? 'mirror' : 'database', view.colour);
    const status = view.spinning ? view.text : job ? `${job.title}...` : view.text;
    item.description = [
      status,
      connected ? vscode.l10n.t('connected') : '',
      ROLE_LABEL[this.role],
      versionLabel(i.dbVersion),
      i.useDeletionProtection ? vscode.l10n.t('protected') : '',
      i.needToApplyParameterGroup ? vscode.l10n.t('parameters need apply') : '',
    ]
      .filter(Boolean)
      .join(' · ');
    // A tracked job already polls (and refreshes this node at its end): polling the instance as
    // well would double the cost, so only progress nobody tracks is watched here.
    if (view.spinning && !rdsRoot(this).deps.jobs.runningUnder(this.id)) this.watchUntilSettled();
    return item;
  }

  /** The tooltip, on hover (resolveTreeItem): it shows detail fields, read here if not yet. */
  override async resolveTooltip(): Promise<vscode.MarkdownString> {
    await this.ensureDetail();
    const i = this.data;
    return new vscode.MarkdownString(
      mdFields(i.dbInstanceName, [
        [vscode.l10n.t('Status'), inWords(i.dbInstanceStatus)],
        [vscode.l10n.t('Progress'), isBusy(i.progressStatus) ? inWords(i.progressStatus) : undefined],
        [vscode.l10n.t('Type'), inWords(i.dbInstanceType)],
        [vscode.l10n.t('Engine'), i.dbVersion ? `${versionLabel(i.dbVersion)} (${i.dbVersion})` : undefined],
        [vscode.l10n.t('Port'), i.dbPort],
        [vscode.l10n.t('Connected as'), this.connectedUsers().join(', ') || undefined],
        [vscode.l10n.t('Description'), i.description],
        ['ID', i.dbInstanceId],
        [vscode.l10n.t('Group ID'), i.dbInstanceGroupId],
        [
          vscode.l10n.t('Deletion protection'),
          i.useDeletionProtection === undefined
            ? undefined
            : i.useDeletionProtection
              ? vscode.l10n.t('on')
              : vscode.l10n.t('off'),
        ],
        [vscode.l10n.t('Engine upgrade available'), i.supportDbVersionUpgrade ? vscode.l10n.t('yes') : undefined],
        [
          vscode.l10n.t('Parameter group'),
          i.needToApplyParameterGroup ? vscode.l10n.t('changes wait to be applied') : undefined,
        ],
        [vscode.l10n.t('Created'), formatTimestamp(i.createdYmdt, { zone: true })],
      ]),
    );
  }

  /** Poll the detail with backoff (only while the view is visible) until progressStatus is NONE. */
  private watchUntilSettled() {
    const ctx = this.ctx;
    ctx.watch(this.id, async () => {
      const d = await this.reload();
      if (isBusy(d.progressStatus)) {
        ctx.changed(this);
        return false;
      }
      // Settled: the list may have changed too (a replica promoted, an instance deleted).
      super.invalidate();
      ctx.changed(this);
      return true;
    });
  }

  protected async load(): Promise<TreeNode[]> {
    // The parameter group row and the endpoints' port read detail fields.
    await this.ensureDetail();
    const id = this.data.dbInstanceId;
    const rds = await rdsRoot(this).client();
    // Log contents open at once where the API gives them (v4.0); elsewhere a file is exported.
    const readable = rds.has('getLogFileContent');
    return [
      new RdsFolderNode(
        this,
        'users',
        vscode.l10n.t('DB Users'),
        'rds.folder.dbUsers',
        'person',
        async (rds, self) => {
          const r = await rds.listDbUsers({ dbInstanceId: id });
          return (r?.dbUsers ?? []).map((u) => new DbUserNode(self, u));
        },
        { emptyText: vscode.l10n.t('No DB user') },
      ),
      new RdsFolderNode(
        this,
        'schemas',
        vscode.l10n.t('DB Schemas'),
        'rds.folder.dbSchemas',
        'symbol-namespace',
        async (rds, self) => {
          const r = await rds.listDbSchemas({ dbInstanceId: id });
          return (r?.dbSchemas ?? []).map((s) => new DbSchemaNode(self, s));
        },
        { emptyText: vscode.l10n.t('No DB schema') },
      ),
      new RdsFolderNode(
        this,
        'logs',
        vscode.l10n.t('Log Files'),
        'rds.folder.logFiles',
        'output',
        async (rds, self) => {
          const r = await rds.listLogFiles({ dbInstanceId: id });
          const byType = new Map<string, LogFile[]>();
          for (const f of r?.logFiles ?? []) {
            // A file the service sends without a type is listed under a dash, not dropped.
            const type = orDash(f.logFileType);
            byType.set(type, [...(byType.get(type) ?? []), f]);
          }
          return [...byType.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(
              ([type, files]) =>
                new StaticFolderNode(
                  self,
                  `${self.id}/${type}`,
                  logTypeLabel(type),
                  'rds.logType',
                  'files',
                  (dir) =>
                    files.map(
                      (f) =>
                        new LeafNode(dir, `${dir.id}/${f.logFileName}`, f.logFileName, {
                          icon: 'file',
                          // The date first: it tells the files apart; a narrow sidebar cuts the end.
                          description: [when(f.createdYmdt), formatBytes(f.logFileSize)].filter(Boolean).join(' · '),
                          contextValue: 'rds.logFile',
                          copyValue: f.logFileName,
                          command: readable
                            ? {
                                command: 'nhncloud.rds.openLogFile',
                                title: vscode.l10n.t('Open Log File'),
                                arguments: [
                                  {
                                    region: rdsRoot(this).region,
                                    product: rdsRoot(this).product,
                                    dbInstanceId: id,
                                    instanceName: this.data.dbInstanceName,
                                    logFileName: f.logFileName,
                                    logFileType: f.logFileType,
                                  },
                                ],
                              }
                            : undefined,
                          tooltip: new vscode.MarkdownString(
                            mdFields(f.logFileName, [
                              [vscode.l10n.t('Type'), f.logFileType ? logTypeLabel(f.logFileType) : undefined],
                              [vscode.l10n.t('Size'), formatBytes(f.logFileSize)],
                              [vscode.l10n.t('Created'), formatTimestamp(f.createdYmdt, { zone: true })],
                            ]),
                          ),
                        }),
                    ),
                  String(files.length),
                ),
            );
        },
        { emptyText: vscode.l10n.t('No log file') },
      ),
      ...(rds.has('listBinLogs') ? [binLogsFolder(this, id)] : []),
      ...(rds.has('listCertificates') ? [certificatesFolder(this, id)] : []),
      new InstanceBackupsNode(this),
      new RdsFolderNode(this, 'storage', vscode.l10n.t('Storage'), 'rds.storageInfo', 'database', async (rds, self) => {
        const s = await rds.getStorageInfo({ dbInstanceId: id });
        return [
          info(self, 'type', vscode.l10n.t('Type'), s.storageType),
          info(self, 'size', vscode.l10n.t('Size'), vscode.l10n.t('{0} GB', orDash(s.storageSize))),
          info(self, 'status', vscode.l10n.t('Status'), inWords(s.storageStatus)),
          // RDS API v4.0 answers only.
          ...(s.storageAutoscale
            ? [
                info(
                  self,
                  'autoscale',
                  vscode.l10n.t('Autoscale'),
                  s.storageAutoscale.useStorageAutoscale
                    ? vscode.l10n.t(
                        'at {0} % used, up to {1} GB, {2} min apart',
                        orDash(s.storageAutoscale.threshold),
                        orDash(s.storageAutoscale.maxStorageSize),
                        orDash(s.storageAutoscale.cooldownTime),
                      )
                    : vscode.l10n.t('off'),
                ),
              ]
            : []),
        ];
      }),
      new RdsFolderNode(
        this,
        'backupInfo',
        vscode.l10n.t('Backup Settings'),
        'rds.backupInfo',
        'history',
        async (rds, self) => {
          const b = await rds.getBackupInfo({ dbInstanceId: id });
          return [
            info(
              self,
              'period',
              vscode.l10n.t('Retention'),
              plural(
                Number(b.backupPeriod),
                vscode.l10n.t('{0} day', orDash(b.backupPeriod)),
                vscode.l10n.t('{0} days', orDash(b.backupPeriod)),
              ),
            ),
            info(
              self,
              'schedules',
              vscode.l10n.t('Window'),
              (b.backupSchedules ?? [])
                .map((s) => `${orDash(s.backupWndBgnTime)} (${orDash(s.backupWndDuration)})`)
                .join(', ') || vscode.l10n.t('none'),
            ),
            info(self, 'ftwrl', vscode.l10n.t('FTWRL wait timeout'), `${orDash(b.ftwrlWaitTimeout)} s`),
            info(self, 'retry', vscode.l10n.t('Retries'), orDash(b.backupRetryCount)),
            info(self, 'replication', vscode.l10n.t('Cross-region copy'), b.replicationRegion ?? vscode.l10n.t('off')),
            info(
              self,
              'lock',
              vscode.l10n.t('Backup lock'),
              b.useBackupLock ? vscode.l10n.t('on') : vscode.l10n.t('off'),
            ),
          ];
        },
      ),
      new RdsFolderNode(this, 'network', vscode.l10n.t('Network'), 'rds.networkInfo', 'globe', async (rds, self) => {
        const n = await rds.getNetworkInfo({ dbInstanceId: id });
        const port = this.data.dbPort;
        return [
          info(self, 'az', vscode.l10n.t('Availability zone'), n.availabilityZone),
          info(
            self,
            'subnet',
            vscode.l10n.t('Subnet'),
            n.subnet ? `${orDash(n.subnet.subnetName)} (${orDash(n.subnet.subnetCidr)})` : '',
          ),
          ...(n.endPoints ?? []).map((e, k) => {
            const external = e.endPointType === 'EXTERNAL' || e.endPointType === 'PUBLIC';
            const address = orDash(e.domain || e.ipAddress);
            // host:port, as a client is configured with it (issue 25, rough edge 20).
            const hostPort = port ? `${address}:${port}` : address;
            return new LeafNode(self, `${self.id}/endpoint/${k}`, hostPort, {
              icon: external ? 'globe' : 'home',
              description: external
                ? vscode.l10n.t('{0} · external', e.ipAddress ?? '')
                : vscode.l10n.t('{0} · internal', e.ipAddress ?? ''),
              contextValue: 'rds.endpoint',
              copyValue: hostPort,
              tooltip: new vscode.MarkdownString(
                mdFields(e.domain ?? '', [
                  [vscode.l10n.t('IP address'), e.ipAddress],
                  [vscode.l10n.t('Type'), e.endPointType],
                  [vscode.l10n.t('Port'), port],
                ]),
              ),
            });
          }),
        ];
      }),
      // RDS API v4.0's current release (issue 61): the HA pair's state, and the maintenances.
      ...(rds.has('getHighAvailability') ? [new HighAvailabilityNode(this)] : []),
      new ParameterGroupRefNode(this),
      ...(rds.has('listMaintenances') ? [new MaintenancesFolderNode(this)] : []),
      new RdsFolderNode(
        this,
        'metrics',
        vscode.l10n.t('Metrics'),
        'rds.folder.metrics',
        'graph',
        async (rds, self) => loadMetrics(rds, self, id),
        {
          emptyText: vscode.l10n.t('No metric value in the last 10 minutes'),
          tooltip: vscode.l10n.t('Latest values of the last 10 minutes'),
        },
      ),
    ];
  }
}
