// Parameter groups, DB security groups with their rules, user groups and notification groups.
import * as vscode from 'vscode';
import { mdFields } from '../../shared/tree/markdown';
import { LeafNode, TreeNode, themeIcon } from '../../shared/tree/nodes';
import { RdsFolderNode, StaticFolderNode, rdsRoot } from './base';
import { orDash, versionLabel } from './state';
import type {
  NotificationGroupItem,
  Parameter,
  ParameterGroupItem,
  SecurityGroupItem,
  SecurityRule,
  UserGroupItem,
} from './types';
import { formatTimestamp } from '../../shared/l10n';
import { inWords, progressText } from '../../shared/apiWords';
import { closedFacet } from '../../shared/menus/nodeKinds';

/** `MYSQL_V84_FAMILY` -> "MySQL 8.4.x" (a family code the pattern does not fit is shown as written). */
export function familyLabel(code: string): string {
  const m = /^MYSQL_V(\d)(\d)_FAMILY$/.exec(code);
  return m ? vscode.l10n.t('MySQL {0}.{1}.x (every minor version)', m[1], m[2]) : code;
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
      `rds.parameterGroup.${closedFacet(data.parameterGroupStatus ?? 'stable', ['stable', 'need_to_apply'])}`,
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
              contextValue: `rds.parameter.${closedFacet(p.updateType, ['constant', 'variable'])}`,
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
          // A family group (December 2026) serves every minor version of its family.
          'dbEngineVersionFamily' in data && data.dbEngineVersionFamily
            ? familyLabel(String(data.dbEngineVersionFamily))
            : versionLabel(data.dbVersion),
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
        [vscode.l10n.t('Status'), inWords(d.parameterGroupStatus)],
        [vscode.l10n.t('Description'), d.description],
        ['ID', d.parameterGroupId],
        [vscode.l10n.t('Created'), formatTimestamp(d.createdYmdt, { zone: true })],
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
          data.progressStatus && data.progressStatus !== 'NONE'
            ? progressText(data.progressStatus)
            : (data.description ?? undefined),
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
        [
          vscode.l10n.t('Progress'),
          d.progressStatus && d.progressStatus !== 'NONE' ? inWords(d.progressStatus) : undefined,
        ],
        ['ID', d.dbSecurityGroupId],
        [vscode.l10n.t('Created'), formatTimestamp(d.createdYmdt, { zone: true })],
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
      contextValue: `rds.securityRule.${closedFacet(rule.direction, ['ingress', 'egress'])}`,
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
