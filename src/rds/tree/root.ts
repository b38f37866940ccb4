// "RDS for MySQL" under a region: the folders of issue 5.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import type { RdsProductId } from '../../client/products';
import type { Profile } from '../../shared/services';
import type { TreeNode } from '../../shared/tree/nodes';
import { RdsFolderNode, RdsRootNode, type RdsDeps } from './base';
import { InstancesFolderNode } from './instancesFolder';
import { BackupsFolderNode, EventsFolderNode } from './backupsEvents';
import { catalogFolders } from './catalog';
import { eventSubscriptionsFolder } from './subscriptions';
import { NotificationGroupNode, ParameterGroupNode, SecurityGroupNode, UserGroupNode } from './groups';
import { StaticFolderNode } from './base';
import type { DbSessionManager } from '../../database/connection/sessions';

export class RdsServiceNode extends RdsRootNode {
  constructor(
    profile: Profile,
    region: Region,
    deps: RdsDeps,
    sessions?: DbSessionManager,
    product: RdsProductId = 'mysql',
  ) {
    super(profile, region, deps, sessions, product);
  }
  protected async load(): Promise<TreeNode[]> {
    // The version decides which folders exist; a profile that cannot build a client (keys
    // missing) still shows the folders, each saying what is missing when opened.
    const rds = await this.client().catch(() => undefined);
    const instances = new InstancesFolderNode(this);
    // Most opens of this folder go on to DB Instances: its listing is asked for now.
    if (rds) instances.prefetch();
    return [
      instances,
      new BackupsFolderNode(this),
      new RdsFolderNode(
        this,
        'parameterGroup',
        vscode.l10n.t('Parameter Groups'),
        'rds.folder.parameterGroups',
        'settings',
        async (rds, self) => {
          const r = await rds.listParameterGroups();
          return (r?.parameterGroups ?? []).map((g) => new ParameterGroupNode(self, g));
        },
        { emptyText: vscode.l10n.t('No parameter group') },
      ),
      new RdsFolderNode(
        this,
        'securityGroup',
        vscode.l10n.t('DB Security Groups'),
        'rds.folder.securityGroups',
        'shield',
        async (rds, self) => {
          const r = await rds.listDbSecurityGroups();
          return (r?.dbSecurityGroups ?? []).map((g) => new SecurityGroupNode(self, g));
        },
        { emptyText: vscode.l10n.t('No DB security group') },
      ),
      new RdsFolderNode(
        this,
        'userGroup',
        vscode.l10n.t('User Groups'),
        'rds.folder.userGroups',
        'organization',
        async (rds, self) => {
          const r = await rds.listUserGroups();
          return (r?.userGroups ?? []).map((g) => new UserGroupNode(self, g));
        },
        { emptyText: vscode.l10n.t('No user group') },
      ),
      new RdsFolderNode(
        this,
        'notificationGroup',
        vscode.l10n.t('Notification Groups'),
        'rds.folder.notificationGroups',
        'bell',
        async (rds, self) => {
          const r = await rds.listNotificationGroups();
          return (r?.notificationGroups ?? []).map((g) => new NotificationGroupNode(self, g));
        },
        { emptyText: vscode.l10n.t('No notification group') },
      ),
      ...(rds?.has('listEventSubscriptions') ? [eventSubscriptionsFolder(this)] : []),
      new EventsFolderNode(this),
      new StaticFolderNode(
        this,
        `${this.id}/catalog`,
        vscode.l10n.t('Catalog'),
        'rds.folder.catalog',
        'library',
        (self) => catalogFolders(self),
      ),
    ];
  }
}
