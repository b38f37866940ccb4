// DB instances: the folder (grouped by instance group), group nodes, the instance node
// (status, progress, contextValue per state) and everything under an instance.
import * as vscode from 'vscode';
import type { RdsClient } from '../../client/rds/client';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, LeafNode, TreeNode, themeIcon } from '../../shared/tree/nodes';
import { RdsFolderNode, StaticFolderNode, mapLimit, rdsRoot, when } from './base';
import { BackupNode, backupPage } from './resources';
import {
  ROLE_LABEL,
  formatBytes,
  groupInstances,
  instanceContextValue,
  instanceRole,
  instanceStatusView,
  isBusy,
  orDash,
  statusColour,
  versionLabel,
} from './state';
import type { DbInstance, DbSchema, DbUser, LogFile } from './types';
import { formatDateTime } from '../../shared/l10n';
import { rdsIds } from './ids';
import { loadSchemaObjects } from '../connection/schemaTree';

export const instanceNodeId = rdsIds.instance;

/** Detail of one instance (the client's parsed answer). */
export function fetchInstance(rds: RdsClient, dbInstanceId: string): Promise<DbInstance> {
  return rds.getDbInstance({ dbInstanceId });
}

/** Details read at once in the background after the instance list is drawn. */
const DETAIL_CONCURRENCY = 4;
/** The rows are drawn first: the details would compete with that for the extension host. */
const DETAIL_DELAY_MS = 300;

export class InstancesFolderNode extends FolderNode {
  readonly id: string;
  readonly label = vscode.l10n.t('DB Instances');
  protected readonly kind = 'rds.folder.instances';
  protected override icon = 'server';
  protected override emptyText = vscode.l10n.t('No DB instance in this region');
  private count?: number;
  /** Details read since the list was (each load starts over): the group nodes merge them in. */
  readonly details = new Map<string, DbInstance>();
  /**
   * The current load per folder id, bumped on every load and invalidation: a background detail
   * pass of an older list stops. By id, not per object: a whole-tree refresh drops this object
   * without invalidating it, and its pass must stop once the new folder loads.
   */
  private static readonly generations = new Map<string, number>();
  private get generation(): number {
    return InstancesFolderNode.generations.get(this.id) ?? 0;
  }
  private bump(): number {
    const g = this.generation + 1;
    InstancesFolderNode.generations.set(this.id, g);
    return g;
  }
  constructor(parent: TreeNode) {
    super();
    this.parent = parent;
    this.id = rdsIds.folder(parent.id, 'instance');
  }
  protected override describe() {
    return this.count === undefined ? undefined : String(this.count);
  }
  override invalidate(): void {
    super.invalidate();
    this.bump();
  }
  protected async load(): Promise<TreeNode[]> {
    const rds = await rdsRoot(this).client();
    const [list, groups] = await Promise.all([
      rds.listDbInstances(),
      rds.listDbInstanceGroups().catch(() => ({ dbInstanceGroups: [] })),
    ]);
    const items: DbInstance[] = list?.dbInstances ?? [];
    // Drawn from the list alone (name, status, type, progress, version, group: label, icon,
    // description and the role and HA parts of contextValue). Reading each detail first made
    // 1,000 instances cost 1,000 requests before anything was drawn.
    const ha = new Set<string>(
      (groups?.dbInstanceGroups ?? [])
        .filter((g) => g.replicationType === 'HIGH_AVAILABILITY')
        .map((g) => g.dbInstanceGroupId),
    );
    this.count = items.length;
    this.details.clear();
    const nodes = groupInstances(items, ha).map((e) =>
      e.kind === 'instance'
        ? new InstanceNode(this, e.instance, e.groupSize, e.ha)
        : new InstanceGroupNode(this, e.groupId, e.members, e.ha),
    );
    const generation = this.bump();
    const timer = setTimeout(() => void this.readDetails(generation, rds, items, nodes), DETAIL_DELAY_MS);
    timer.unref?.();
    return nodes;
  }

  /**
   * The flags only the detail has (deletion protection, engine upgrade, parameters to apply)
   * feed the menus: read them in the background, a few at a time, and redraw only the rows whose
   * contextValue changed. Commands re-read the detail anyway; a failed read keeps the list entry.
   */
  private async readDetails(
    generation: number,
    rds: RdsClient,
    items: readonly DbInstance[],
    nodes: readonly TreeNode[],
  ): Promise<void> {
    const top = new Map<string, InstanceNode>();
    const groupOf = new Map<string, InstanceGroupNode>();
    for (const n of nodes) {
      if (n instanceof InstanceNode) top.set(n.data.dbInstanceId, n);
      else if (n instanceof InstanceGroupNode) for (const mbr of n.members) groupOf.set(mbr.dbInstanceId, n);
    }
    const changedGroups = new Set<InstanceGroupNode>();
    await mapLimit(items, DETAIL_CONCURRENCY, async (i) => {
      if (generation !== this.generation) return;
      const d = await fetchInstance(rds, i.dbInstanceId).catch(() => undefined);
      if (!d || generation !== this.generation) return;
      this.details.set(i.dbInstanceId, d);
      const node = top.get(i.dbInstanceId);
      if (node) {
        if (node.applyDetail(d)) this.ctx.changed(node);
      } else {
        const g = groupOf.get(i.dbInstanceId);
        if (g) changedGroups.add(g);
      }
    });
    if (generation !== this.generation) return;
    // Groups are few: redraw each once with its members' details merged in.
    for (const g of changedGroups) this.ctx.refresh(g);
  }
}

export class InstanceGroupNode extends FolderNode {
  readonly id: string;
  readonly label: string;
  protected readonly kind: string;
  protected override icon = 'layers';
  constructor(
    parent: TreeNode,
    readonly groupId: string,
    readonly members: DbInstance[],
    readonly ha: boolean,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/group/${groupId}`;
    this.label = members[0].dbInstanceName;
    this.kind = `rds.instanceGroup${ha ? '.ha' : ''}`;
    this.collapsed = vscode.TreeItemCollapsibleState.Expanded;
  }
  override mayContain(id: string): boolean {
    const rdsId = rdsRoot(this).id;
    return this.members.some(
      (m) => id === instanceNodeId(rdsId, m.dbInstanceId) || id.startsWith(`${instanceNodeId(rdsId, m.dbInstanceId)}/`),
    );
  }
  protected override describe() {
    return this.ha
      ? vscode.l10n.t('high availability group · {0} instances', this.members.length)
      : vscode.l10n.t('replication group · {0} instances', this.members.length);
  }
  protected override tooltip() {
    return new vscode.MarkdownString(
      mdFields(vscode.l10n.t('Instance group {0}', this.label), [
        [vscode.l10n.t('Group ID'), this.groupId],
        [vscode.l10n.t('Replication'), this.ha ? 'HIGH_AVAILABILITY' : vscode.l10n.t('STANDALONE with read replicas')],
        [
          vscode.l10n.t('Members'),
          this.members.map((m) => `${m.dbInstanceName} (${orDash(m.dbInstanceType)})`).join(', '),
        ],
      ]),
    );
  }
  protected async load(): Promise<TreeNode[]> {
    // The group's own view of its members is the freshest status (a failover changes roles).
    const detail = await rdsRoot(this)
      .client()
      .then((c) => c.getDbInstanceGroup({ dbInstanceGroupId: this.groupId }))
      .catch(() => undefined);
    const current = new Map((detail?.dbInstances ?? []).map((x) => [x.dbInstanceId, x]));
    const details = this.parent instanceof InstancesFolderNode ? this.parent.details : undefined;
    return this.members.map((m) => {
      const d = current.get(m.dbInstanceId);
      const known = details?.get(m.dbInstanceId);
      const base: DbInstance = known ? { ...m, ...known } : m;
      const merged: DbInstance = d
        ? {
            ...base,
            dbInstanceType: d.dbInstanceType ?? base.dbInstanceType,
            dbInstanceStatus: d.dbInstanceStatus ?? base.dbInstanceStatus,
          }
        : base;
      const node = new InstanceNode(this, merged, this.members.length, this.ha);
      if (known) node.markDetailed();
      return node;
    });
  }
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
    this.id = instanceNodeId(rdsRoot(parent).id, data.dbInstanceId);
  }
  get label(): string {
    return this.data.dbInstanceName;
  }
  get role() {
    return instanceRole(this.data, this.groupSize);
  }
  get contextValue(): string {
    return instanceContextValue(this.data, { groupSize: this.groupSize, ha: this.ha });
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
    item.iconPath = spinning
      ? new vscode.ThemeIcon('loading~spin')
      : themeIcon(this.role === 'replica' ? 'mirror' : 'database', view.colour);
    const status = view.spinning ? view.text : job ? `${job.title}...` : view.text;
    item.description = [
      status,
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
        [vscode.l10n.t('Status'), i.dbInstanceStatus],
        [vscode.l10n.t('Progress'), i.progressStatus],
        [vscode.l10n.t('Type'), i.dbInstanceType],
        [vscode.l10n.t('Engine'), i.dbVersion ? `${versionLabel(i.dbVersion)} (${i.dbVersion})` : undefined],
        [vscode.l10n.t('Port'), i.dbPort],
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
        [vscode.l10n.t('Created'), i.createdYmdt],
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
                  type,
                  'rds.logType',
                  'files',
                  (dir) =>
                    files.map(
                      (f) =>
                        new LeafNode(dir, `${dir.id}/${f.logFileName}`, f.logFileName, {
                          icon: 'file',
                          description: `${formatBytes(f.logFileSize)} · ${when(f.createdYmdt)}`,
                          contextValue: 'rds.logFile',
                          copyValue: f.logFileName,
                          tooltip: new vscode.MarkdownString(
                            mdFields(f.logFileName, [
                              [vscode.l10n.t('Type'), f.logFileType],
                              [vscode.l10n.t('Size'), formatBytes(f.logFileSize)],
                              [vscode.l10n.t('Created'), f.createdYmdt],
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
      new InstanceBackupsNode(this),
      new RdsFolderNode(this, 'storage', vscode.l10n.t('Storage'), 'rds.storageInfo', 'database', async (rds, self) => {
        const s = await rds.getStorageInfo({ dbInstanceId: id });
        return [
          info(self, 'type', vscode.l10n.t('Type'), s.storageType),
          info(self, 'size', vscode.l10n.t('Size'), vscode.l10n.t('{0} GB', orDash(s.storageSize))),
          info(self, 'status', vscode.l10n.t('Status'), s.storageStatus),
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
            info(self, 'period', vscode.l10n.t('Retention'), vscode.l10n.t('{0} days', orDash(b.backupPeriod))),
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
            return new LeafNode(self, `${self.id}/endpoint/${k}`, address, {
              icon: external ? 'globe' : 'home',
              description: external
                ? vscode.l10n.t('{0} · external', e.ipAddress ?? '')
                : vscode.l10n.t('{0} · internal', e.ipAddress ?? ''),
              contextValue: 'rds.endpoint',
              copyValue: port ? `${address}:${port}` : address,
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
      new ParameterGroupRefNode(this),
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

function info(parent: TreeNode, key: string, label: string, value: string | null | undefined): LeafNode {
  return new LeafNode(parent, `${parent.id}/${key}`, label, {
    description: value ?? '',
    contextValue: 'rds.info',
    copyValue: value ?? undefined,
    icon: 'info',
  });
}

function ymdt(d: Date): string {
  // The documented form YYYY-MM-DDThh:mm:ss.SSSTZD, in UTC.
  return d.toISOString().replace('Z', '+00:00');
}

/** The newest sample that has a value: a null (no sample in that interval) is not "the latest value". */
export function latestValue(values: ReadonlyArray<[number, string | null]>): [number, string] | undefined {
  for (let k = values.length - 1; k >= 0; k--) {
    const [t, v] = values[k];
    if (v !== null) return [t, v];
  }
  return undefined;
}

async function loadMetrics(rds: RdsClient, self: TreeNode, dbInstanceId: string): Promise<TreeNode[]> {
  const m = await rds.listMetrics();
  const names: string[] = (m?.metrics ?? []).map((x) => x.measureName);
  if (!names.length) return [];
  const to = new Date();
  const from = new Date(to.getTime() - 10 * 60 * 1000);
  const s = await rds.getMetricStatistics({
    query: { dbInstanceId, measureNames: names, from: ymdt(from), to: ymdt(to), interval: 1 },
  });
  return (s?.metricStatistics ?? []).map((st) => {
    const last = latestValue(st.values);
    return new LeafNode(self, `${self.id}/${st.measureName}`, st.measureName, {
      icon: 'pulse',
      description: last ? `${last[1]}${st.unit ? ` ${st.unit}` : ''}` : vscode.l10n.t('no data'),
      contextValue: 'rds.metric',
      tooltip: last
        ? vscode.l10n.t(
            '{0}: {1} {2} at {3}',
            st.measureName,
            last[1],
            st.unit ?? '',
            formatDateTime(new Date(last[0] * 1000)),
          )
        : undefined,
    });
  });
}

export class InstanceBackupsNode extends FolderNode {
  readonly id: string;
  readonly label = vscode.l10n.t('Backups');
  protected readonly kind = 'rds.folder.instanceBackups';
  protected override icon = 'archive';
  protected override emptyText = vscode.l10n.t('No backup of this instance');
  constructor(readonly instance: InstanceNode) {
    super();
    this.parent = instance;
    this.id = `${instance.id}/backups`;
  }
  protected async load(): Promise<TreeNode[]> {
    const rds = await rdsRoot(this).client();
    // The instance's own backups are few (retention-bound): one page of 100.
    const { items } = await backupPage(rds, 1, 100, this.instance.data.dbInstanceId);
    return items.map((b) => new BackupNode(this, b));
  }
}

export class ParameterGroupRefNode extends TreeNode {
  readonly id: string;
  label = vscode.l10n.t('Parameter group');
  constructor(readonly instance: InstanceNode) {
    super();
    this.parent = instance;
    this.id = `${instance.id}/parameterGroup`;
  }
  async getTreeItem(): Promise<vscode.TreeItem> {
    const i = this.instance.data;
    let name = i.parameterGroupId ?? 'unknown';
    let status: string | undefined;
    if (i.parameterGroupId) {
      const g = await rdsRoot(this)
        .client()
        .then((c) => c.getParameterGroup({ parameterGroupId: i.parameterGroupId! }))
        .catch(() => undefined);
      if (g?.parameterGroupName) name = g.parameterGroupName;
      status = g?.parameterGroupStatus ?? undefined;
    }
    const needsApply = i.needToApplyParameterGroup || status === 'NEED_TO_APPLY';
    const item = new vscode.TreeItem(vscode.l10n.t('Parameter group: {0}', name), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = needsApply ? vscode.l10n.t('needs apply') : vscode.l10n.t('applied');
    item.iconPath = themeIcon('settings', needsApply ? 'yellow' : statusColour('STABLE'));
    item.contextValue = `rds.instanceParameterGroup${needsApply ? '.needsApply' : ''}`;
    item.tooltip = new vscode.MarkdownString(
      mdFields(name, [
        [vscode.l10n.t('Parameter group ID'), i.parameterGroupId],
        [
          vscode.l10n.t('State'),
          needsApply
            ? vscode.l10n.t('changes wait to be applied (restart the instance or apply from Modify)')
            : vscode.l10n.t('applied'),
        ],
      ]),
    );
    return item;
  }
}

export class DbUserNode extends TreeNode {
  readonly id: string;
  readonly label: string;
  constructor(
    parent: TreeNode,
    readonly data: DbUser,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${data.dbUserId}`;
    // MySQL's own notation; a user the service sends without a host is shown without one.
    this.label = data.host ? `${data.dbUserName}@${data.host}` : data.dbUserName;
  }
  get instance(): InstanceNode {
    return this.parent!.parent as InstanceNode;
  }
  getTreeItem(): vscode.TreeItem {
    const u = this.data;
    // Busy only while the service says it is changing: a missing status is not a spinner forever.
    const busy = !!u.dbUserStatus && u.dbUserStatus !== 'STABLE';
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = `rds.dbUser.${(u.dbUserStatus ?? 'unknown').toLowerCase()}`;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : themeIcon('person');
    item.description = [
      u.authorityType,
      busy ? u.dbUserStatus : '',
      u.authenticationPlugin,
      u.tlsOption && u.tlsOption !== 'NONE' ? u.tlsOption : '',
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = new vscode.MarkdownString(
      mdFields(this.label, [
        [vscode.l10n.t('Authority'), u.authorityType],
        [vscode.l10n.t('Status'), u.dbUserStatus],
        [vscode.l10n.t('Plugin'), u.authenticationPlugin],
        ['TLS', u.tlsOption],
        ['ID', u.dbUserId],
        [vscode.l10n.t('Created'), u.createdYmdt],
      ]),
    );
    return item;
  }
}

/**
 * A DB schema. While a session of this instance is connected (src/rds/connection), it expands
 * into its tables and views; otherwise it is a leaf with its API state.
 */
export class DbSchemaNode extends FolderNode {
  readonly id: string;
  readonly label: string;
  protected readonly kind = 'rds.dbSchema';
  protected override icon = 'symbol-namespace';
  protected override emptyText = vscode.l10n.t('No table or view');
  constructor(
    parent: TreeNode,
    readonly data: DbSchema,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${data.dbSchemaId}`;
    this.label = data.dbSchemaName;
  }
  get instance(): InstanceNode {
    return this.parent!.parent as InstanceNode;
  }
  /** The live session that reads this schema's tables, if the instance is connected. */
  session() {
    const root = rdsRoot(this);
    return root.sessions?.forInstance(root.profile.id, this.instance.data.dbInstanceId)[0];
  }
  protected async load(): Promise<TreeNode[]> {
    const session = this.session();
    return session ? loadSchemaObjects(this, session, this.data.dbSchemaName) : [];
  }
  override getTreeItem(): vscode.TreeItem {
    const s = this.data;
    const busy = !!s.dbSchemaStatus && s.dbSchemaStatus !== 'STABLE';
    const connected = !busy && !!this.session();
    const item = this.folderItem();
    item.collapsibleState = connected
      ? vscode.TreeItemCollapsibleState.Collapsed
      : vscode.TreeItemCollapsibleState.None;
    item.contextValue = `rds.dbSchema.${(s.dbSchemaStatus ?? 'unknown').toLowerCase()}${connected ? '.connected' : ''}`;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : themeIcon('symbol-namespace');
    item.description = busy ? orDash(s.dbSchemaStatus) : connected ? vscode.l10n.t('connected') : when(s.createdYmdt);
    item.tooltip = new vscode.MarkdownString(
      mdFields(s.dbSchemaName, [
        [vscode.l10n.t('Status'), s.dbSchemaStatus],
        ['ID', s.dbSchemaId],
        [vscode.l10n.t('Created'), s.createdYmdt],
      ]),
    );
    return item;
  }
}
