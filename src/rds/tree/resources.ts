// The project-wide RDS folders: backups (paged), parameter groups, DB security groups,
// user groups, notification groups, events (paged, newest first) and the catalog.
import * as vscode from 'vscode';
import type { RdsClient } from '../../client/rds/client';
import { mdFields } from '../../shared/tree/markdown';
import { LeafNode, PagedFolderNode, TreeNode, themeIcon } from '../../shared/tree/nodes';
import { RdsFolderNode, StaticFolderNode, rdsRoot, when } from './base';
import { formatBytes, statusColour, versionLabel } from './state';
import type { Backup, DbEvent, SecurityRule } from './types';

export async function backupPage(rds: RdsClient, page: number, size: number, dbInstanceId?: string): Promise<{ items: Backup[]; total?: number }> {
  const r: any = await rds.listBackups({ query: { page, size, ...(dbInstanceId ? { dbInstanceId } : {}) } });
  return { items: r?.backups ?? [], total: r?.totalCounts };
}

export class BackupNode extends TreeNode {
  readonly id: string;
  readonly label: string;
  constructor(
    parent: TreeNode,
    readonly data: Backup,
  ) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/${data.backupId}`;
    this.label = data.backupName;
  }
  getTreeItem(): vscode.TreeItem {
    const b = this.data;
    const busy = b.backupStatus === 'BACKING_UP' || b.backupStatus === 'DELETING';
    const item = new vscode.TreeItem(b.backupName, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = `rds.backup.${b.backupStatus.toLowerCase()}.${(b.backupType ?? 'unknown').toLowerCase()}`;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : themeIcon('archive', statusColour(b.backupStatus));
    item.description = [busy ? (b.backupStatus === 'BACKING_UP' ? 'Backing up...' : 'Deleting...') : b.backupStatus, b.backupType, formatBytes(b.backupSize), when(b.createdYmdt)]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = new vscode.MarkdownString(
      mdFields(b.backupName, [
        ['Status', b.backupStatus],
        ['Type', b.backupType],
        ['Size', formatBytes(b.backupSize)],
        ['Engine', versionLabel(b.dbVersion)],
        ['Source instance', b.dbInstanceId],
        ['ID', b.backupId],
        ['Created', b.createdYmdt],
      ]),
    );
    return item;
  }
}

export class BackupsFolderNode extends PagedFolderNode<Backup> {
  readonly id: string;
  readonly label = 'Backups';
  protected readonly kind = 'rds.folder.backups';
  protected override icon = 'archive';
  protected override emptyText = 'No backup';
  constructor(parent: TreeNode) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/backup`;
  }
  protected async fetchPage(page: number, size: number) {
    return backupPage(await rdsRoot(this).client(), page, size);
  }
  protected toNode(b: Backup): TreeNode {
    return new BackupNode(this, b);
  }
}

/** Server-side event query (nhncloud.rds.filterEvents); the name filter works on top of it. */
export interface EventQuery {
  category: string;
  keyword?: string;
  /** Hours back from now (default 24 * 7), or an explicit range. */
  hours?: number;
  from?: string;
  to?: string;
}

export const DEFAULT_EVENT_QUERY: EventQuery = { category: 'ALL', hours: 24 * 7 };

export function eventRange(q: EventQuery, now = new Date()): { from: string; to: string } {
  const iso = (d: Date) => d.toISOString().replace('Z', '+00:00');
  if (q.from && q.to) return { from: q.from, to: q.to };
  return { from: iso(new Date(now.getTime() - (q.hours ?? 24 * 7) * 3600_000)), to: iso(now) };
}

export class EventsFolderNode extends PagedFolderNode<DbEvent> {
  readonly id: string;
  readonly label = 'Events';
  protected readonly kind = 'rds.folder.events';
  protected override icon = 'bell';
  protected override emptyText = 'No event in this period';
  query: EventQuery = { ...DEFAULT_EVENT_QUERY };
  constructor(parent: TreeNode) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/event`;
  }
  protected override describe(): string | undefined {
    const q = this.query;
    const parts = [q.category !== 'ALL' ? q.category : '', q.keyword ? `"${q.keyword}"` : '', q.from ? `${when(q.from)} - ${when(q.to)}` : `last ${q.hours! >= 24 ? `${Math.round(q.hours! / 24)} d` : `${q.hours} h`}`];
    return parts.filter(Boolean).join(' · ');
  }
  protected async fetchPage(page: number, size: number) {
    const rds = await rdsRoot(this).client();
    const { from, to } = eventRange(this.query);
    const r: any = await rds.listEvents({
      query: { page, size, from, to, eventCategoryType: this.query.category as any, ascendingOrder: 'DESC', ...(this.query.keyword ? { keyword: this.query.keyword } : {}) },
    });
    const items: DbEvent[] = [...(r?.events ?? [])].sort((a: DbEvent, b: DbEvent) => String(b.eventYmdt).localeCompare(String(a.eventYmdt)));
    return { items, total: r?.totalCounts };
  }
  protected toNode(e: DbEvent): TreeNode {
    const text = e.messages?.find((m) => m.langCode === 'EN')?.message ?? e.messages?.[0]?.message ?? e.eventCode;
    const key = `${e.eventYmdt}-${e.eventCode}-${e.sourceId ?? ''}`.replace(/[/\s]/g, '_');
    const failure = /FAIL|ERROR|STOP/i.test(`${e.eventCode} ${text}`);
    return new LeafNode(this, `${this.id}/${key}`, text, {
      icon: failure ? 'warning' : 'bell',
      colour: failure ? 'yellow' : undefined,
      description: `${e.sourceName ?? ''} · ${when(e.eventYmdt)}`,
      contextValue: 'rds.event',
      copyValue: text,
      tooltip: new vscode.MarkdownString(
        mdFields(text, [['Code', e.eventCode], ['Category', e.eventCategoryType], ['Source', `${e.sourceName ?? ''} (${e.sourceId ?? ''})`], ['Time', e.eventYmdt]]),
      ),
    });
  }
}

export class ParameterGroupNode extends RdsFolderNode {
  constructor(
    parent: TreeNode,
    readonly data: { parameterGroupId: string; parameterGroupName: string; description?: string | null; dbVersion: string; parameterGroupStatus: string; createdYmdt?: string },
  ) {
    super(parent, data.parameterGroupId, data.parameterGroupName, `rds.parameterGroup.${(data.parameterGroupStatus ?? 'stable').toLowerCase()}`, 'settings', async (rds, self) => {
      const r: any = await rds.getParameterGroup({ parameterGroupId: data.parameterGroupId });
      const params: any[] = (r?.parameterGroup ?? r)?.parameters ?? [];
      return params.map(
        (p) =>
          new LeafNode(self, `${self.id}/${p.parameterId}`, p.parameterName, {
            icon: p.value !== p.defaultValue ? 'edit' : 'symbol-property',
            description: `${p.value}${p.value !== p.defaultValue ? ` (default ${p.defaultValue})` : ''}`,
            contextValue: `rds.parameter.${String(p.updateType).toLowerCase()}`,
            copyValue: p.value,
            tooltip: new vscode.MarkdownString(
              mdFields(p.parameterName, [['Value', p.value], ['Default', p.defaultValue], ['Allowed', p.allowedValue], ['Changeable', p.updateType], ['Applied', p.applyType], ['File', `[${String(p.parameterFileGroup).toLowerCase()}] ${p.fileParameterName}`]]),
            ),
          }),
      );
    }, { description: [versionLabel(data.dbVersion), data.parameterGroupStatus === 'NEED_TO_APPLY' ? 'needs apply' : ''].filter(Boolean).join(' · '), emptyText: 'No parameter' });
  }
  override getTreeItem(): vscode.TreeItem {
    const item = this.folderItem();
    const d = this.data;
    item.iconPath = themeIcon('settings', d.parameterGroupStatus === 'NEED_TO_APPLY' ? 'yellow' : undefined);
    item.tooltip = new vscode.MarkdownString(mdFields(d.parameterGroupName, [['Engine', d.dbVersion], ['Status', d.parameterGroupStatus], ['Description', d.description], ['ID', d.parameterGroupId], ['Created', d.createdYmdt]]));
    return item;
  }
}

export function ruleLabel(r: SecurityRule): string {
  const port = r.port.portType === 'DB_PORT' ? 'DB port' : r.port.portType === 'PORT' ? `port ${r.port.minPort}` : `ports ${r.port.minPort}-${r.port.maxPort}`;
  return `${r.direction === 'INGRESS' ? 'in' : 'out'} ${r.cidr} : ${port}`;
}

export class SecurityGroupNode extends RdsFolderNode {
  constructor(
    parent: TreeNode,
    readonly data: { dbSecurityGroupId: string; dbSecurityGroupName: string; description?: string | null; progressStatus?: string; createdYmdt?: string },
  ) {
    super(parent, data.dbSecurityGroupId, data.dbSecurityGroupName, 'rds.securityGroup', 'shield', async (rds, self) => {
      const r: any = await rds.getDbSecurityGroup({ dbSecurityGroupId: data.dbSecurityGroupId });
      const rules: SecurityRule[] = (r?.dbSecurityGroup ?? r)?.rules ?? [];
      return rules.map((rule) => new SecurityRuleNode(self, rule, data.dbSecurityGroupId));
    }, { emptyText: 'No rule: nothing can connect', description: data.progressStatus && data.progressStatus !== 'NONE' ? data.progressStatus : (data.description ?? undefined) });
  }
  override getTreeItem(): vscode.TreeItem {
    const item = this.folderItem();
    const d = this.data;
    if (d.progressStatus && d.progressStatus !== 'NONE') item.iconPath = new vscode.ThemeIcon('loading~spin');
    item.tooltip = new vscode.MarkdownString(mdFields(d.dbSecurityGroupName, [['Description', d.description], ['Progress', d.progressStatus], ['ID', d.dbSecurityGroupId], ['Created', d.createdYmdt]]));
    return item;
  }
}

export class SecurityRuleNode extends LeafNode {
  constructor(
    parent: TreeNode,
    readonly rule: SecurityRule,
    readonly securityGroupId: string,
  ) {
    super(parent, `${parent.id}/${rule.ruleId}`, ruleLabel(rule), {
      icon: rule.direction === 'INGRESS' ? 'arrow-down' : 'arrow-up',
      description: [rule.etherType, rule.description ?? ''].filter(Boolean).join(' · '),
      contextValue: `rds.securityRule.${rule.direction.toLowerCase()}`,
      copyValue: rule.cidr,
      tooltip: new vscode.MarkdownString(mdFields(ruleLabel(rule), [['Direction', rule.direction], ['Ether type', rule.etherType], ['CIDR', rule.cidr], ['Port type', rule.port.portType], ['Description', rule.description], ['ID', rule.ruleId]])),
    });
  }
}

export class UserGroupNode extends RdsFolderNode {
  constructor(
    parent: TreeNode,
    readonly data: { userGroupId: string; userGroupName: string; createdYmdt?: string },
  ) {
    super(parent, data.userGroupId, data.userGroupName, 'rds.userGroup', 'organization', async (rds, self) => {
      const r: any = await rds.getUserGroup({ userGroupId: data.userGroupId });
      const g = r?.userGroup ?? r;
      const names = await rdsRoot(self).projectMembers();
      if (g?.userGroupTypeCode === 'ENTIRE') return [new LeafNode(self, `${self.id}/all`, 'All project members', { icon: 'organization', contextValue: 'rds.userGroupMember.all' })];
      return (g?.members ?? []).map((m: any) => {
        const who = names.get(m.memberId);
        return new LeafNode(self, `${self.id}/${m.memberId}`, who?.memberName ?? m.memberId, {
          icon: 'person',
          description: who?.emailAddress,
          contextValue: 'rds.userGroupMember',
          copyValue: m.memberId,
        });
      });
    }, { emptyText: 'No member' });
  }
}

export class NotificationGroupNode extends RdsFolderNode {
  constructor(
    parent: TreeNode,
    readonly data: { notificationGroupId: string; notificationGroupName: string; notifyEmail?: boolean; notifySms?: boolean; isEnabled?: boolean },
  ) {
    super(
      parent,
      data.notificationGroupId,
      data.notificationGroupName,
      `rds.notificationGroup.${data.isEnabled === false ? 'disabled' : 'enabled'}`,
      data.isEnabled === false ? 'bell-slash' : 'bell',
      async (rds, self) => {
        const r: any = await rds.getNotificationGroup({ notificationGroupId: data.notificationGroupId });
        const g = r?.notificationGroup ?? r;
        return [
          new StaticFolderNode(self, `${self.id}/instances`, 'Watched instances', 'rds.notificationTargets', 'server', (dir) =>
            (g?.dbInstances ?? []).map((i: any) => new LeafNode(dir, `${dir.id}/${i.dbInstanceId}`, i.dbInstanceName, { icon: 'database', contextValue: 'rds.notificationTarget', copyValue: i.dbInstanceId })),
          String((g?.dbInstances ?? []).length)),
          new StaticFolderNode(self, `${self.id}/userGroups`, 'Notified user groups', 'rds.notificationTargets', 'organization', (dir) =>
            (g?.userGroups ?? []).map((u: any) => new LeafNode(dir, `${dir.id}/${u.userGroupId}`, u.userGroupName, { icon: 'organization', contextValue: 'rds.notificationTarget', copyValue: u.userGroupId })),
          String((g?.userGroups ?? []).length)),
        ];
      },
      { description: [data.isEnabled === false ? 'disabled' : 'enabled', data.notifyEmail ? 'e-mail' : '', data.notifySms ? 'SMS' : ''].filter(Boolean).join(' · ') },
    );
  }
}

/** The read-only catalog a user needs while choosing. */
export function catalogFolders(parent: TreeNode): TreeNode[] {
  const leaf = (self: TreeNode, key: string, label: string, description?: string, icon = 'symbol-constant', copy?: string) =>
    new LeafNode(self, `${self.id}/${key}`, label, { icon, description, contextValue: 'rds.catalogItem', copyValue: copy ?? key });
  return [
    new RdsFolderNode(parent, 'flavors', 'Flavors', 'rds.catalog.flavors', 'chip', async (rds, self) => {
      const r: any = await rds.listDbFlavors();
      return (r?.dbFlavors ?? []).map((f: any) => leaf(self, f.dbFlavorId, f.dbFlavorName, `${f.vcpus} vCPU · ${Math.round(f.ram / 1024)} GB RAM`, 'chip'));
    }),
    new RdsFolderNode(parent, 'versions', 'Engine Versions', 'rds.catalog.versions', 'versions', async (rds, self) => {
      const r: any = await rds.listDbVersions();
      return (r?.dbVersions ?? []).map((v: any) => leaf(self, v.dbVersion, v.dbVersionName ?? versionLabel(v.dbVersion), [v.dbVersion, v.restorableFromObs ? 'restorable from object storage' : ''].filter(Boolean).join(' · '), 'versions'));
    }),
    new RdsFolderNode(parent, 'subnets', 'Subnets', 'rds.catalog.subnets', 'type-hierarchy', async (rds, self) => {
      const r: any = await rds.listSubnets();
      return (r?.subnets ?? []).map((s: any) => leaf(self, s.subnetId, s.subnetName, `${s.subnetCidr} · ${s.availableIpCount} free IPs${s.usingGateway ? ' · gateway' : ''}`, 'type-hierarchy'));
    }),
    new RdsFolderNode(parent, 'storageTypes', 'Storage Types', 'rds.catalog.storageTypes', 'database', async (rds, self) => {
      const [types, storages]: any[] = await Promise.all([rds.listStorageTypes(), rds.listStorages().catch(() => ({ storages: [] }))]);
      const all = new Set<string>([...(types?.storageTypes ?? []), ...(storages?.storages ?? [])]);
      return [...all].map((t) => leaf(self, t.replace(/\s+/g, '_'), t, undefined, 'database', t));
    }),
    new RdsFolderNode(parent, 'eventCodes', 'Event Codes', 'rds.catalog.eventCodes', 'symbol-enum', async (rds, self) => {
      const r: any = await rds.listEventCodes();
      return (r?.eventCodes ?? []).map((c: any) => leaf(self, c.eventCode, c.eventCode, c.eventCategoryType, 'symbol-enum'));
    }),
    new RdsFolderNode(parent, 'regions', 'Regions', 'rds.catalog.regions', 'globe', async (rds, self) => {
      const r: any = await rds.listRegions();
      return (r?.regions ?? []).map((g: any) => leaf(self, g.regionCode, g.regionCode, g.isEnabled ? 'enabled' : 'not enabled', 'globe'));
    }),
    new RdsFolderNode(parent, 'members', 'Project Members', 'rds.catalog.members', 'organization', async (rds, self) => {
      const r: any = await rds.listProjectMembers();
      return (r?.members ?? []).map((m: any) => leaf(self, m.memberId, m.memberName, m.emailAddress, 'person'));
    }),
  ];
}
