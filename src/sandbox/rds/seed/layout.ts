// What each sandbox region holds: its instances (version, flavor, status, high availability,
// replicas, protection) and the project members notified by the user groups.
import type { Instance, RegionCode } from '../types';

/** One instance of a region's layout; `flavor` indexes FLAVORS (./catalog.ts). */
export interface InstanceSeed {
  name: string;
  version: string;
  flavor: number;
  status?: Instance['dbInstanceStatus'];
  ha?: boolean;
  replicas?: number;
  protect?: boolean;
  description?: string;
  storage?: number;
  publicAccess?: boolean;
  port?: number;
}

export const LAYOUT: Record<RegionCode, InstanceSeed[]> = {
  KR1: [
    {
      name: 'prod-orders',
      version: 'MYSQL_V8036',
      flavor: 3,
      ha: true,
      replicas: 2,
      protect: true,
      description: 'Orders service (production)',
      storage: 500,
    },
    {
      name: 'staging-api',
      version: 'MYSQL_V8040',
      flavor: 1,
      description: 'Staging for the public API',
      publicAccess: true,
    },
    {
      name: 'analytics-batch',
      version: 'MYSQL_V8032',
      flavor: 5,
      status: 'SHUTDOWN',
      description: 'Nightly batch; started on demand',
      storage: 1000,
    },
    { name: 'legacy-crm', version: 'MYSQL_V5737', flavor: 2, description: null as unknown as string },
    { name: 'legacy-billing', version: 'MYSQL_V5726', flavor: 1, port: 13306 },
    { name: 'dev-playground', version: 'MYSQL_V8406', flavor: 0, storage: 20 },
  ],
  KR2: [
    {
      name: 'dr-orders',
      version: 'MYSQL_V8036',
      flavor: 3,
      protect: true,
      description: 'Disaster recovery copy of prod-orders',
      storage: 500,
    },
    { name: 'reporting', version: 'MYSQL_V8041', flavor: 2, replicas: 1 },
    { name: 'archive-2023', version: 'MYSQL_V8028', flavor: 0, status: 'SHUTDOWN' },
  ],
  JP1: [
    { name: 'jp-shop', version: 'MYSQL_V8043', flavor: 2, ha: true, protect: true, description: 'Japan storefront' },
    { name: 'jp-catalog', version: 'MYSQL_V8405', flavor: 1, replicas: 1 },
  ],
  // The public-sector sites' region (ngoic.com, ngovc.com, ngsc.go.kr, ninc.go.kr).
  KR4: [{ name: 'gov-records', version: 'MYSQL_V8043', flavor: 1, protect: true, description: 'Public records (KR4)' }],
};

export const MEMBERS = [
  ['Kim Minjun', 'minjun.kim@example.com', '+82-10-2345-6789'],
  ['Lee Seoyeon', 'seoyeon.lee@example.com', '+82-10-3456-7890'],
  ['Sato Haruto', 'haruto.sato@example.jp', '+81-90-1234-5678'],
  ['Wang Fang', 'fang.wang@example.com', '+86-138-0013-8000'],
];

/**
 * RDS for MariaDB's seed (the public cloud runs it in KR1 only): a production shop on 10.11 and an
 * analytics instance on 11.4 that the internet reaches, each a real MariaDB server like MySQL's.
 */
export const MARIADB_LAYOUT: Record<RegionCode, InstanceSeed[]> = {
  KR1: [
    {
      name: 'maria-shop',
      version: 'MARIADB_V101108',
      flavor: 2,
      protect: true,
      description: 'Shop catalog on MariaDB (production)',
      storage: 200,
    },
    {
      name: 'maria-analytics',
      version: 'MARIADB_V11407',
      flavor: 1,
      description: 'Reporting on MariaDB',
      publicAccess: true,
    },
  ],
  KR2: [],
  JP1: [],
  KR4: [],
};
