// Tree ids of the RDS tree (`<profile>/<region>/rds/...`). The nodes are built with these, and
// everything that refreshes or reveals an RDS node (commands, forms, jobs) asks here: no other
// file spells an RDS id.
import type { Region } from '../../client/endpoints';
import { serviceRootId } from '../../shared/tree/serviceRoot';
import { RDS_PRODUCTS, type RdsProductId } from '../../client/products';

/** The folders directly under "RDS for MySQL". */
export type RdsRootFolder =
  | 'instance'
  | 'backup'
  | 'parameterGroup'
  | 'securityGroup'
  | 'userGroup'
  | 'notificationGroup'
  | 'eventSubscription'
  | 'event'
  | 'catalog';
/** The folders under a DB instance. */
export type RdsInstanceFolder =
  | 'users'
  | 'schemas'
  | 'logs'
  | 'binlogs'
  | 'certificates'
  | 'storage'
  | 'backupInfo'
  | 'network'
  | 'metrics'
  | 'backups'
  | 'parameterGroup'
  | 'highAvailability'
  | 'maintenances';

export const rdsIds = {
  /** `<profile>/<region>/rds` (RDS for MySQL), `.../rdsMariadb` (RDS for MariaDB). */
  root: (profileId: string, region: Region, product: RdsProductId = 'mysql'): string =>
    serviceRootId(profileId, region, RDS_PRODUCTS[product].service),
  folder: (rootId: string, folder: RdsRootFolder): string => `${rootId}/${folder}`,
  instance: (rootId: string, dbInstanceId: string): string => `${rootId}/instance/${dbInstanceId}`,
  /** An item of a root folder: a parameter group, a DB security group, a backup... */
  item: (folderNodeId: string, id: string): string => `${folderNodeId}/${id}`,
  instanceFolder: (instanceNodeId: string, folder: RdsInstanceFolder): string => `${instanceNodeId}/${folder}`,
};
