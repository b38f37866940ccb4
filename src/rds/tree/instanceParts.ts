// What an instance expands into besides its plain folders: its backups, its parameter group,
// DB users and schemas, settings rows and the latest metric values.
import * as vscode from 'vscode';
import type { RdsClient } from '../../client/rds/client';
import { mdFields } from '../../shared/tree/markdown';
import { FolderNode, LeafNode, TreeNode, themeIcon } from '../../shared/tree/nodes';
import { rdsRoot, when } from './base';
import { BackupNode, backupPage } from './backupsEvents';
import { statusColour } from './state';
import type { DbSchema, DbUser } from './types';
import { formatDateTime, formatTimestamp } from '../../shared/l10n';
import { formatMetricValue, measureName } from '../../shared/metrics';
import { loadSchemaObjects } from '../../database/connection/schemaTree';
import type { InstanceNode } from './instanceNode';
import { toApiDateTime } from '../../client/rds/schemas/fields';
import { inWords, progressText } from '../../shared/apiWords';
import { closedFacet } from '../../shared/menus/nodeKinds';

export function info(parent: TreeNode, key: string, label: string, value: string | null | undefined): LeafNode {
  return new LeafNode(parent, `${parent.id}/${key}`, label, {
    description: value ?? '',
    contextValue: 'rds.info',
    copyValue: value ?? undefined,
    icon: 'info',
  });
}

const ymdt = toApiDateTime;

/** The newest sample that has a value: a null (no sample in that interval) is not "the latest value". */
export function latestValue(values: ReadonlyArray<[number, string | null]>): [number, string] | undefined {
  for (let k = values.length - 1; k >= 0; k--) {
    const [t, v] = values[k];
    if (v !== null) return [t, v];
  }
  return undefined;
}

export async function loadMetrics(rds: RdsClient, self: TreeNode, dbInstanceId: string): Promise<TreeNode[]> {
  const m = await rds.listMetrics();
  const names: string[] = (m?.metrics ?? []).map((x) => x.measureName);
  if (!names.length) return [];
  const to = new Date();
  const from = new Date(to.getTime() - 10 * 60 * 1000);
  const s = await rds.getMetricStatistics({
    query: { dbInstanceId, measureNames: names, from: ymdt(from), to: ymdt(to), interval: 1 },
  });
  // Named and scaled by the table the metrics panel uses (src/shared/metrics.ts): "Disk reads
  // 268.8 KB", not "DISK_READ 275208 Bytes".
  return (s?.metricStatistics ?? []).map((st) => {
    const last = latestValue(st.values);
    const name = measureName(st.measureName);
    const value = last ? formatMetricValue(last[1], st.unit) : '';
    return new LeafNode(self, `${self.id}/${st.measureName}`, name, {
      icon: 'pulse',
      description: last ? value : vscode.l10n.t('no data'),
      contextValue: 'rds.metric',
      copyValue: value || undefined,
      tooltip: last
        ? vscode.l10n.t('{0}: {1} at {2}', name, value, formatDateTime(new Date(last[0] * 1000)))
        : vscode.l10n.t('{0}: no value in the last 10 minutes', name),
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
    return items.map((b) => new BackupNode(this, b, rds.has('getBackup')));
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
    item.contextValue = `rds.dbUser.${closedFacet(u.dbUserStatus, ['stable'])}`;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : themeIcon('person');
    item.description = [
      u.authorityType,
      busy ? progressText(u.dbUserStatus!) : '',
      u.authenticationPlugin,
      u.tlsOption && u.tlsOption !== 'NONE' ? u.tlsOption : '',
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = new vscode.MarkdownString(
      mdFields(this.label, [
        [vscode.l10n.t('Authority'), u.authorityType],
        [vscode.l10n.t('Status'), inWords(u.dbUserStatus)],
        [vscode.l10n.t('Plugin'), u.authenticationPlugin],
        ['TLS', u.tlsOption],
        ['ID', u.dbUserId],
        [vscode.l10n.t('Created'), formatTimestamp(u.createdYmdt, { zone: true })],
      ]),
    );
    return item;
  }
}

/**
 * A DB schema. While a session of this instance is connected (src/database/connection), it expands
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
    item.contextValue = `rds.dbSchema.${closedFacet(s.dbSchemaStatus, ['stable'])}${connected ? '.connected' : ''}`;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : themeIcon('symbol-namespace');
    item.description = busy
      ? progressText(s.dbSchemaStatus!)
      : connected
        ? vscode.l10n.t('connected')
        : when(s.createdYmdt);
    item.tooltip = new vscode.MarkdownString(
      mdFields(s.dbSchemaName, [
        [vscode.l10n.t('Status'), inWords(s.dbSchemaStatus)],
        ['ID', s.dbSchemaId],
        [vscode.l10n.t('Created'), formatTimestamp(s.createdYmdt, { zone: true })],
      ]),
    );
    return item;
  }
}
