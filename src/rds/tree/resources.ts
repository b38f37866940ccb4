// The project-wide RDS folders: backups (paged), parameter groups, DB security groups,
// user groups, notification groups, events (paged, newest first) and the catalog.
import * as vscode from 'vscode';
import type { RdsClient } from '../../client/rds/client';
import type { EventCategoryType } from '../../client/rds/schemas';
import { mdFields } from '../../shared/tree/markdown';
import { LeafNode, PagedFolderNode, TreeNode, themeIcon } from '../../shared/tree/nodes';
import { RdsFolderNode, StaticFolderNode, rdsRoot, when } from './base';
import { backupLabel, eventMessage, formatBytes, orDash, statusColour, versionLabel } from './state';
import type {
  Backup,
  DbEvent,
  DbFlavor,
  NotificationGroupItem,
  Parameter,
  ParameterGroupItem,
  SecurityGroupItem,
  SecurityRule,
  UserGroupItem,
} from './types';

export async function backupPage(
  rds: RdsClient,
  page: number,
  size: number,
  dbInstanceId?: string,
): Promise<{ items: Backup[]; total?: number }> {
  const r = await rds.listBackups({ query: { page, size, ...(dbInstanceId ? { dbInstanceId } : {}) } });
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
    this.label = backupLabel(data);
  }
  getTreeItem(): vscode.TreeItem {
    const b = this.data;
    const busy = b.backupStatus === 'BACKING_UP' || b.backupStatus === 'DELETING';
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.contextValue = `rds.backup.${(b.backupStatus ?? 'unknown').toLowerCase()}.${(b.backupType ?? 'unknown').toLowerCase()}`;
    item.iconPath = busy ? new vscode.ThemeIcon('loading~spin') : themeIcon('archive', statusColour(b.backupStatus));
    item.description = [
      busy
        ? b.backupStatus === 'BACKING_UP'
          ? vscode.l10n.t('Backing up...')
          : vscode.l10n.t('Deleting...')
        : b.backupStatus,
      b.backupType,
      formatBytes(b.backupSize),
      when(b.createdYmdt),
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = new vscode.MarkdownString(
      mdFields(this.label, [
        [vscode.l10n.t('Status'), b.backupStatus],
        [vscode.l10n.t('Type'), b.backupType],
        [vscode.l10n.t('Size'), formatBytes(b.backupSize)],
        [vscode.l10n.t('Engine'), versionLabel(b.dbVersion)],
        [vscode.l10n.t('Source instance'), b.dbInstanceId],
        ['ID', b.backupId],
        [vscode.l10n.t('Created'), b.createdYmdt],
      ]),
    );
    return item;
  }
}

export class BackupsFolderNode extends PagedFolderNode<Backup> {
  readonly id: string;
  readonly label = vscode.l10n.t('Backups');
  protected readonly kind = 'rds.folder.backups';
  protected override icon = 'archive';
  protected override emptyText = vscode.l10n.t('No backup');
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
  category: EventCategoryType;
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
  readonly label = vscode.l10n.t('Events');
  protected readonly kind = 'rds.folder.events';
  protected override icon = 'bell';
  protected override emptyText = vscode.l10n.t('No event in this period');
  query: EventQuery = { ...DEFAULT_EVENT_QUERY };
  constructor(parent: TreeNode) {
    super();
    this.parent = parent;
    this.id = `${parent.id}/event`;
  }
  protected override describe(): string | undefined {
    const q = this.query;
    const parts = [
      q.category !== 'ALL' ? q.category : '',
      q.keyword ? `"${q.keyword}"` : '',
      q.from
        ? `${when(q.from)} - ${when(q.to)}`
        : q.hours! >= 24
          ? vscode.l10n.t('last {0} d', Math.round(q.hours! / 24))
          : vscode.l10n.t('last {0} h', q.hours!),
    ];
    return parts.filter(Boolean).join(' · ');
  }
  protected async fetchPage(page: number, size: number) {
    const rds = await rdsRoot(this).client();
    const { from, to } = eventRange(this.query);
    const r = await rds.listEvents({
      query: {
        page,
        size,
        from,
        to,
        eventCategoryType: this.query.category,
        ascendingOrder: 'DESC',
        ...(this.query.keyword ? { keyword: this.query.keyword } : {}),
      },
    });
    const items: DbEvent[] = [...(r?.events ?? [])].sort((a: DbEvent, b: DbEvent) =>
      String(b.eventYmdt).localeCompare(String(a.eventYmdt)),
    );
    return { items, total: r?.totalCounts };
  }
  protected toNode(e: DbEvent): TreeNode {
    const text = eventMessage(e, vscode.env.language);
    const key = `${e.eventYmdt}-${e.eventCode}-${e.sourceId ?? ''}`.replace(/[/\s]/g, '_');
    const failure = /FAIL|ERROR|STOP/i.test(`${e.eventCode} ${text}`);
    return new LeafNode(this, `${this.id}/${key}`, text, {
      icon: failure ? 'warning' : 'bell',
      colour: failure ? 'yellow' : undefined,
      description: `${e.sourceName ?? ''} · ${when(e.eventYmdt)}`,
      contextValue: 'rds.event',
      copyValue: text,
      tooltip: new vscode.MarkdownString(
        mdFields(text, [
          [vscode.l10n.t('Code'), e.eventCode],
          [vscode.l10n.t('Category'), e.eventCategoryType],
          [vscode.l10n.t('Source'), `${e.sourceName ?? ''} (${e.sourceId ?? ''})`],
          [vscode.l10n.t('Time'), e.eventYmdt],
        ]),
      ),
    });
  }
}

export class ParameterGroupNode extends RdsFolderNode {
  constructor(
    parent: TreeNode,
    readonly data: ParameterGroupItem,
  ) {
    super(
      parent,
      data.parameterGroupId,
      data.parameterGroupName,
      `rds.parameterGroup.${(data.parameterGroupStatus ?? 'stable').toLowerCase()}`,
      'settings',
      async (rds, self) => {
        const r = await rds.getParameterGroup({ parameterGroupId: data.parameterGroupId });
        return r.parameters.map(
          (p) =>
            new LeafNode(self, `${self.id}/${p.parameterId}`, p.parameterName, {
              icon: p.value !== p.defaultValue ? 'edit' : 'symbol-property',
              description:
                p.value !== p.defaultValue
                  ? vscode.l10n.t('{0} (default {1})', orDash(p.value), orDash(p.defaultValue))
                  : String(p.value ?? ''),
              contextValue: `rds.parameter.${(p.updateType ?? 'unknown').toLowerCase()}`,
              copyValue: p.value ?? '',
              tooltip: new vscode.MarkdownString(
                mdFields(p.parameterName, [
                  [vscode.l10n.t('Value'), p.value],
                  [vscode.l10n.t('Default'), p.defaultValue],
                  [vscode.l10n.t('Allowed'), p.allowedValue],
                  [vscode.l10n.t('Changeable'), p.updateType],
                  [vscode.l10n.t('Applied'), p.applyType],
                  [vscode.l10n.t('File'), parameterFileLine(p)],
                ]),
              ),
            }),
        );
      },
      {
        description: [
          versionLabel(data.dbVersion),
          data.parameterGroupStatus === 'NEED_TO_APPLY' ? vscode.l10n.t('needs apply') : '',
        ]
          .filter(Boolean)
          .join(' · '),
        emptyText: vscode.l10n.t('No parameter'),
      },
    );
  }
  override getTreeItem(): vscode.TreeItem {
    const item = this.folderItem();
    const d = this.data;
    item.iconPath = themeIcon('settings', d.parameterGroupStatus === 'NEED_TO_APPLY' ? 'yellow' : undefined);
    item.tooltip = new vscode.MarkdownString(
      mdFields(d.parameterGroupName, [
        [vscode.l10n.t('Engine'), d.dbVersion],
        [vscode.l10n.t('Status'), d.parameterGroupStatus],
        [vscode.l10n.t('Description'), d.description],
        ['ID', d.parameterGroupId],
        [vscode.l10n.t('Created'), d.createdYmdt],
      ]),
    );
    return item;
  }
}

/** "[global] max_connections"; without a file name, no line (the tooltip omits it). */
export function parameterFileLine(p: Pick<Parameter, 'parameterFileGroup' | 'fileParameterName'>): string | undefined {
  if (!p.fileParameterName) return undefined;
  return p.parameterFileGroup ? `[${p.parameterFileGroup.toLowerCase()}] ${p.fileParameterName}` : p.fileParameterName;
}

/**
 * "in 10.0.0.0/24 : port 3306": one whole message per direction and kind of port. A field the
 * service left out reads as a dash; a rule without a port block reads as the DB port's.
 */
export function ruleLabel(r: SecurityRule): string {
  const cidr = orDash(r.cidr);
  const minPort = orDash(r.port?.minPort);
  const maxPort = orDash(r.port?.maxPort);
  const portType = r.port?.portType ?? 'DB_PORT';
  if (r.direction === 'INGRESS') {
    if (portType === 'DB_PORT') return vscode.l10n.t('in {0} : DB port', cidr);
    if (portType === 'PORT') return vscode.l10n.t('in {0} : port {1}', cidr, minPort);
    return vscode.l10n.t('in {0} : ports {1}-{2}', cidr, minPort, maxPort);
  }
  if (portType === 'DB_PORT') return vscode.l10n.t('out {0} : DB port', cidr);
  if (portType === 'PORT') return vscode.l10n.t('out {0} : port {1}', cidr, minPort);
  return vscode.l10n.t('out {0} : ports {1}-{2}', cidr, minPort, maxPort);
}

export class SecurityGroupNode extends RdsFolderNode {
  constructor(
    parent: TreeNode,
    readonly data: SecurityGroupItem,
  ) {
    super(
      parent,
      data.dbSecurityGroupId,
      data.dbSecurityGroupName,
      'rds.securityGroup',
      'shield',
      async (rds, self) => {
        const r = await rds.getDbSecurityGroup({ dbSecurityGroupId: data.dbSecurityGroupId });
        return r.rules.map((rule) => new SecurityRuleNode(self, rule, data.dbSecurityGroupId));
      },
      {
        emptyText: vscode.l10n.t('No rule: nothing can connect'),
        description:
          data.progressStatus && data.progressStatus !== 'NONE' ? data.progressStatus : (data.description ?? undefined),
      },
    );
  }
  override getTreeItem(): vscode.TreeItem {
    const item = this.folderItem();
    const d = this.data;
    if (d.progressStatus && d.progressStatus !== 'NONE') item.iconPath = new vscode.ThemeIcon('loading~spin');
    item.tooltip = new vscode.MarkdownString(
      mdFields(d.dbSecurityGroupName, [
        [vscode.l10n.t('Description'), d.description],
        [vscode.l10n.t('Progress'), d.progressStatus],
        ['ID', d.dbSecurityGroupId],
        [vscode.l10n.t('Created'), d.createdYmdt],
      ]),
    );
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
      contextValue: `rds.securityRule.${(rule.direction ?? 'unknown').toLowerCase()}`,
      copyValue: rule.cidr ?? '',
      tooltip: new vscode.MarkdownString(
        mdFields(ruleLabel(rule), [
          [vscode.l10n.t('Direction'), rule.direction],
          [vscode.l10n.t('Ether type'), rule.etherType],
          ['CIDR', rule.cidr],
          [vscode.l10n.t('Port type'), rule.port?.portType],
          [vscode.l10n.t('Description'), rule.description],
          ['ID', rule.ruleId],
        ]),
      ),
    });
  }
}

export class UserGroupNode extends RdsFolderNode {
  constructor(
    parent: TreeNode,
    readonly data: UserGroupItem,
  ) {
    super(
      parent,
      data.userGroupId,
      data.userGroupName,
      'rds.userGroup',
      'organization',
      async (rds, self) => {
        const r = await rds.getUserGroup({ userGroupId: data.userGroupId });
        const g = r;
        const names = await rdsRoot(self).projectMembers();
        if (g?.userGroupTypeCode === 'ENTIRE')
          return [
            new LeafNode(self, `${self.id}/all`, vscode.l10n.t('All project members'), {
              icon: 'organization',
              contextValue: 'rds.userGroupMember.all',
            }),
          ];
        return (g?.members ?? []).map((m) => {
          const who = names.get(m.memberId);
          return new LeafNode(self, `${self.id}/${m.memberId}`, who?.memberName ?? m.memberId, {
            icon: 'person',
            description: who?.emailAddress ?? undefined,
            contextValue: 'rds.userGroupMember',
            copyValue: m.memberId,
          });
        });
      },
      { emptyText: vscode.l10n.t('No member') },
    );
  }
}

export class NotificationGroupNode extends RdsFolderNode {
  constructor(
    parent: TreeNode,
    readonly data: NotificationGroupItem,
  ) {
    super(
      parent,
      data.notificationGroupId,
      data.notificationGroupName,
      // An id for the menus' when clauses: never translated.
      `rds.notificationGroup.${data.isEnabled === false ? 'disabled' : 'enabled'}`,
      data.isEnabled === false ? 'bell-slash' : 'bell',
      async (rds, self) => {
        const r = await rds.getNotificationGroup({ notificationGroupId: data.notificationGroupId });
        const g = r;
        return [
          new StaticFolderNode(
            self,
            `${self.id}/instances`,
            vscode.l10n.t('Watched instances'),
            'rds.notificationTargets',
            'server',
            (dir) =>
              (g?.dbInstances ?? []).map(
                (i) =>
                  new LeafNode(dir, `${dir.id}/${i.dbInstanceId}`, i.dbInstanceName || i.dbInstanceId, {
                    icon: 'database',
                    contextValue: 'rds.notificationTarget',
                    copyValue: i.dbInstanceId,
                  }),
              ),
            String((g?.dbInstances ?? []).length),
          ),
          new StaticFolderNode(
            self,
            `${self.id}/userGroups`,
            vscode.l10n.t('Notified user groups'),
            'rds.notificationTargets',
            'organization',
            (dir) =>
              (g?.userGroups ?? []).map(
                (u) =>
                  new LeafNode(dir, `${dir.id}/${u.userGroupId}`, u.userGroupName || u.userGroupId, {
                    icon: 'organization',
                    contextValue: 'rds.notificationTarget',
                    copyValue: u.userGroupId,
                  }),
              ),
            String((g?.userGroups ?? []).length),
          ),
        ];
      },
      {
        description: [
          data.isEnabled === false ? vscode.l10n.t('disabled') : vscode.l10n.t('enabled'),
          data.notifyEmail ? vscode.l10n.t('e-mail') : '',
          data.notifySms ? 'SMS' : '',
        ]
          .filter(Boolean)
          .join(' · '),
      },
    );
  }
}

/** "4 vCPU · 16 GB RAM"; a figure the service left out reads as a dash. */
export function flavorDescription(f: Pick<DbFlavor, 'vcpus' | 'ram'>): string {
  const ramGb = typeof f.ram === 'number' ? Math.round(f.ram / 1024) : undefined;
  return vscode.l10n.t('{0} vCPU · {1} GB RAM', orDash(f.vcpus), orDash(ramGb));
}

/** The read-only catalog a user needs while choosing. */
export function catalogFolders(parent: TreeNode): TreeNode[] {
  const leaf = (
    self: TreeNode,
    key: string,
    label: string,
    description?: string,
    icon = 'symbol-constant',
    copy?: string,
  ) =>
    new LeafNode(self, `${self.id}/${key}`, label, {
      icon,
      description,
      contextValue: 'rds.catalogItem',
      copyValue: copy ?? key,
    });
  return [
    new RdsFolderNode(parent, 'flavors', vscode.l10n.t('Flavors'), 'rds.catalog.flavors', 'chip', async (rds, self) => {
      const r = await rds.listDbFlavors();
      return (r?.dbFlavors ?? []).map((f) => leaf(self, f.dbFlavorId, f.dbFlavorName, flavorDescription(f), 'chip'));
    }),
    new RdsFolderNode(
      parent,
      'versions',
      vscode.l10n.t('Engine Versions'),
      'rds.catalog.versions',
      'versions',
      async (rds, self) => {
        const r = await rds.listDbVersions();
        return (r?.dbVersions ?? []).map((v) =>
          leaf(
            self,
            v.dbVersion,
            v.dbVersionName ?? versionLabel(v.dbVersion),
            [v.dbVersion, v.restorableFromObs ? vscode.l10n.t('restorable from object storage') : '']
              .filter(Boolean)
              .join(' · '),
            'versions',
          ),
        );
      },
    ),
    new RdsFolderNode(
      parent,
      'subnets',
      vscode.l10n.t('Subnets'),
      'rds.catalog.subnets',
      'type-hierarchy',
      async (rds, self) => {
        const r = await rds.listSubnets();
        return (r?.subnets ?? []).map((s) =>
          leaf(
            self,
            s.subnetId,
            s.subnetName || s.subnetId,
            s.usingGateway
              ? vscode.l10n.t('{0} · {1} free IPs · gateway', orDash(s.subnetCidr), orDash(s.availableIpCount))
              : vscode.l10n.t('{0} · {1} free IPs', orDash(s.subnetCidr), orDash(s.availableIpCount)),
            'type-hierarchy',
          ),
        );
      },
    ),
    new RdsFolderNode(
      parent,
      'storageTypes',
      vscode.l10n.t('Storage Types'),
      'rds.catalog.storageTypes',
      'database',
      async (rds, self) => {
        const [types, storages] = await Promise.all([
          rds.listStorageTypes(),
          rds.listStorages().catch(() => ({ storages: [] })),
        ]);
        const all = new Set<string>([...(types?.storageTypes ?? []), ...(storages?.storages ?? [])]);
        return [...all].map((t) => leaf(self, t.replace(/\s+/g, '_'), t, undefined, 'database', t));
      },
    ),
    new RdsFolderNode(
      parent,
      'eventCodes',
      vscode.l10n.t('Event Codes'),
      'rds.catalog.eventCodes',
      'symbol-enum',
      async (rds, self) => {
        const r = await rds.listEventCodes();
        return (r?.eventCodes ?? []).map((c) =>
          leaf(self, c.eventCode, c.eventCode, c.eventCategoryType ?? undefined, 'symbol-enum'),
        );
      },
    ),
    new RdsFolderNode(
      parent,
      'regions',
      vscode.l10n.t('Regions'),
      'rds.catalog.regions',
      'globe',
      async (rds, self) => {
        const r = await rds.listRegions();
        return (r?.regions ?? []).map((g) =>
          leaf(
            self,
            g.regionCode,
            g.regionCode,
            g.isEnabled ? vscode.l10n.t('enabled') : vscode.l10n.t('not enabled'),
            'globe',
          ),
        );
      },
    ),
    new RdsFolderNode(
      parent,
      'members',
      vscode.l10n.t('Project Members'),
      'rds.catalog.members',
      'organization',
      async (rds, self) => {
        const r = await rds.listProjectMembers();
        return (r?.members ?? []).map((m) =>
          leaf(self, m.memberId, m.memberName || m.memberId, m.emailAddress ?? undefined, 'person'),
        );
      },
    ),
  ];
}
