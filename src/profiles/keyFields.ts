// Which keys belong to which service, and which services a site runs: what the profile wizard
// asks and the key test tests. A module of its own, light (the sites table only), because the
// wizard is loaded with the tree; the key test brings the clients.
import type { ProfileSecrets } from '../client/profileSecrets';
import { productRegions } from '../client/products';
import { serviceRegions, type Region, type SiteId } from '../client/sites';

export type KeyService = 'rds' | 'rdsMariadb' | 'network' | 'storage';
export const KEY_SERVICES: readonly KeyService[] = ['rds', 'rdsMariadb', 'network', 'storage'];

/** The regions of a site where a service whose keys are asked runs (RDS for MariaDB: its product's row). */
export function keyServiceRegions(cloud: SiteId, service: KeyService): readonly Region[] {
  return service === 'rdsMariadb' ? productRegions('mariadb', cloud) : serviceRegions(cloud, service);
}

/** The services a site runs (a storage-only site has neither RDS nor Network). */
export function siteServices(cloud: SiteId): KeyService[] {
  return KEY_SERVICES.filter((s) => keyServiceRegions(cloud, s).length > 0);
}

/** The secret fields each service's keys are (what the wizard asks, per service the site has). */
export const SERVICE_FIELDS: Record<KeyService, ReadonlyArray<keyof ProfileSecrets>> = {
  rds: ['rdsAppKey', 'rdsAccessKeyId', 'rdsSecretAccessKey'],
  // RDS for MariaDB: its own app key, the same user access key pair.
  rdsMariadb: ['rdsMariadbAppKey', 'rdsAccessKeyId', 'rdsSecretAccessKey'],
  network: ['identityTenantId', 'identityUsername', 'identityApiPassword'],
  // The API user signs in to issue S3 credentials for the storage tenant.
  storage: ['storageTenantId', 'identityUsername', 'identityApiPassword', 's3AccessKey', 's3SecretKey'],
};
