// "RDS for MySQL" under a region: the folders of issue 5.
import type { Region } from '../../client/endpoints';
import type { Profile } from '../../shared/services';
import type { TreeNode } from '../../shared/tree/nodes';
import { RdsFolderNode, RdsRootNode, type RdsDeps } from './base';
import { InstancesFolderNode } from './instance';
import { BackupsFolderNode, EventsFolderNode, NotificationGroupNode, ParameterGroupNode, SecurityGroupNode, UserGroupNode, catalogFolders } from './resources';
import { StaticFolderNode } from './base';

export class RdsServiceNode extends RdsRootNode {
  constructor(profile: Profile, region: Region, deps: RdsDeps) {
    super(profile, region, deps);
  }
  protected async load(): Promise<TreeNode[]> {
    return [
      new InstancesFolderNode(this),
      new BackupsFolderNode(this),
      new RdsFolderNode(this, 'parameterGroup', 'Parameter Groups', 'rds.folder.parameterGroups', 'settings', async (rds, self) => {
        const r: any = await rds.listParameterGroups();
        return (r?.parameterGroups ?? []).map((g: any) => new ParameterGroupNode(self, g));
      }, { emptyText: 'No parameter group' }),
      new RdsFolderNode(this, 'securityGroup', 'DB Security Groups', 'rds.folder.securityGroups', 'shield', async (rds, self) => {
        const r: any = await rds.listDbSecurityGroups();
        return (r?.dbSecurityGroups ?? []).map((g: any) => new SecurityGroupNode(self, g));
      }, { emptyText: 'No DB security group' }),
      new RdsFolderNode(this, 'userGroup', 'User Groups', 'rds.folder.userGroups', 'organization', async (rds, self) => {
        const r: any = await rds.listUserGroups();
        return (r?.userGroups ?? []).map((g: any) => new UserGroupNode(self, g));
      }, { emptyText: 'No user group' }),
      new RdsFolderNode(this, 'notificationGroup', 'Notification Groups', 'rds.folder.notificationGroups', 'bell', async (rds, self) => {
        const r: any = await rds.listNotificationGroups();
        return (r?.notificationGroups ?? []).map((g: any) => new NotificationGroupNode(self, g));
      }, { emptyText: 'No notification group' }),
      new EventsFolderNode(this),
      new StaticFolderNode(this, `${this.id}/catalog`, 'Catalog', 'rds.folder.catalog', 'library', (self) => catalogFolders(self)),
    ];
  }
}
