// Catalog data of the RDS sandbox: engine versions (the spec's table), flavors, subnets,
// storage types, metrics, availability zones.
import type { RdsProductId } from '../../../client/products';
import { engineVersionLabel, MARIADB_ENGINE_TABLE, readEngineCode } from '../../../client/rds/engines';

export interface DbVersionInfo {
  dbVersion: string;
  dbVersionName: string;
  restorableFromObs: boolean;
  creatable: boolean;
  plugins: string[];
}

const v = (dbVersion: string, creatable: boolean, restorableFromObs: boolean, plugins: string[]): DbVersionInfo => ({
  dbVersion,
  dbVersionName: engineVersionLabel(dbVersion),
  restorableFromObs,
  creatable,
  plugins,
});

export const DB_VERSIONS: DbVersionInfo[] = [
  v('MYSQL_V5633', false, false, ['NATIVE']),
  v('MYSQL_V5715', true, true, ['NATIVE']),
  v('MYSQL_V5719', true, true, ['NATIVE']),
  v('MYSQL_V5726', true, true, ['NATIVE']),
  v('MYSQL_V5731', false, false, ['NATIVE']),
  v('MYSQL_V5733', true, false, ['NATIVE', 'SHA256']),
  v('MYSQL_V5737', true, true, ['NATIVE', 'SHA256']),
  // 8.0.18 to 8.0.34: listed, no longer creatable nor restorable from object storage (the guide's
  // table of December 2026); existing instances keep running on them.
  ...['8018', '8023', '8028', '8032', '8033', '8034'].map((d) =>
    v(`MYSQL_V${d}`, false, false, ['NATIVE', 'CACHING_SHA2']),
  ),
  ...['8035', '8036', '8040', '8041', '8042', '8043', '8044', '8045', '8046'].map((d) =>
    v(`MYSQL_V${d}`, true, true, ['NATIVE', 'CACHING_SHA2']),
  ),
  ...['8405', '8406', '8407', '8408', '8409', '8411'].map((d) => v(`MYSQL_V${d}`, true, true, ['CACHING_SHA2'])),
];
/**
 * RDS for MariaDB's engines (its guide's table, src/client/rds/engines.ts): every one takes ED25519
 * and NATIVE; 10.3 and 10.6 are listed but no longer creatable.
 */
export const MARIADB_VERSIONS: DbVersionInfo[] = MARIADB_ENGINE_TABLE.map((e) => ({
  dbVersion: e.dbVersion,
  dbVersionName: engineVersionLabel(e.dbVersion),
  restorableFromObs: e.restorableFromObs,
  creatable: e.canCreate,
  plugins: ['NATIVE', 'ED25519'],
}));
/** The engines a product's service lists. */
export const versionsOf = (product: RdsProductId): DbVersionInfo[] =>
  product === 'mariadb' ? MARIADB_VERSIONS : DB_VERSIONS;
/** Both products' versions by code (the codes never collide); a service checks its own with versionsOf. */
export const VERSION_BY_ID = new Map([...DB_VERSIONS, ...MARIADB_VERSIONS].map((x) => [x.dbVersion, x]));

/** Major family ("5.6", "5.7", "8.0", "8.4"): upgrades stay within order, parameter groups by family. */
export const family = (dbVersion: string): string => {
  const read = readEngineCode(dbVersion);
  return read ? `${read.version[0]}.${read.version[1]}` : '';
};
/** The engine family code of a version (MYSQL_V8411 -> MYSQL_V84_FAMILY), as family parameter groups name it. */
export const familyCode = (dbVersion: string): string => `MYSQL_V${family(dbVersion).replace('.', '')}_FAMILY`;
/** The families with a family parameter group, each with the version whose parameters it holds. */
export const FAMILY_GROUPS: { code: string; dbVersion: string }[] = [
  { code: 'MYSQL_V57_FAMILY', dbVersion: 'MYSQL_V5737' },
  { code: 'MYSQL_V80_FAMILY', dbVersion: 'MYSQL_V8046' },
  { code: 'MYSQL_V84_FAMILY', dbVersion: 'MYSQL_V8411' },
];
/** Ordering of versions for upgrades. */
export const versionRank = (dbVersion: string): number =>
  dbVersion.startsWith('MARIADB_V')
    ? MARIADB_VERSIONS.findIndex((x) => x.dbVersion === dbVersion)
    : DB_VERSIONS.findIndex((x) => x.dbVersion === dbVersion);

/** Instances on engines with more than one plugin may choose the plugin and TLS option. */
export const supportsAuthPlugin = (dbVersion: string): boolean =>
  (VERSION_BY_ID.get(dbVersion)?.plugins.length ?? 1) > 1 || dbVersion.startsWith('MYSQL_V84');
export const supportsUpgrade = (dbVersion: string): boolean => {
  const f = family(dbVersion);
  const later = DB_VERSIONS.filter(
    (x) => family(x.dbVersion) === f && x.creatable && versionRank(x.dbVersion) > versionRank(dbVersion),
  );
  return later.length > 0;
};

export const FLAVORS: { name: string; vcpus: number; ram: number }[] = [
  { name: 'm2.c1m2', vcpus: 1, ram: 2048 },
  { name: 'm2.c2m4', vcpus: 2, ram: 4096 },
  { name: 'm2.c4m8', vcpus: 4, ram: 8192 },
  { name: 'm2.c8m16', vcpus: 8, ram: 16384 },
  { name: 'r2.c2m16', vcpus: 2, ram: 16384 },
  { name: 'r2.c4m32', vcpus: 4, ram: 32768 },
  { name: 'c2.c16m32', vcpus: 16, ram: 32768 },
  { name: 'x1.c16m128', vcpus: 16, ram: 131072 },
];

export const SUBNETS: { name: string; cidr: string; gateway: boolean; free: number }[] = [
  { name: 'Default Network', cidr: '192.168.0.0/24', gateway: true, free: 231 },
  { name: 'db-private', cidr: '10.0.1.0/24', gateway: false, free: 240 },
  { name: 'db-public', cidr: '10.0.2.0/24', gateway: true, free: 198 },
];

export const STORAGE_TYPES = ['General SSD', 'General HDD'];

export const ZONES: Record<string, string[]> = {
  KR1: ['kr-pub-a', 'kr-pub-b'],
  KR2: ['kr2-pub-a', 'kr2-pub-b'],
  JP1: ['jp-pub-a', 'jp-pub-b'],
  KR4: ['kr4-pub-a', 'kr4-pub-b'],
};

/** Measures and units; `base`/`swing` shape the generated series (see handlers/monitoring.ts). */
export const METRICS: { measureName: string; unit: string; base: number; swing: number; max?: number }[] = [
  { measureName: 'CPU_USAGE', unit: '%', base: 22, swing: 18, max: 100 },
  { measureName: 'CPU_LOAD_1M', unit: '', base: 0.6, swing: 0.5 },
  { measureName: 'CPU_LOAD_5M', unit: '', base: 0.55, swing: 0.4 },
  { measureName: 'CPU_LOAD_15M', unit: '', base: 0.5, swing: 0.3 },
  { measureName: 'MEMORY_USAGE', unit: '%', base: 61, swing: 8, max: 100 },
  { measureName: 'MEMORY_BUFFERS', unit: 'MB', base: 210, swing: 30 },
  { measureName: 'MEMORY_CACHED', unit: 'MB', base: 1480, swing: 120 },
  { measureName: 'MEMORY_FREE', unit: 'MB', base: 820, swing: 140 },
  { measureName: 'MEMORY_USED', unit: 'MB', base: 2410, swing: 160 },
  { measureName: 'SWAP_USAGE', unit: 'MB', base: 3, swing: 2 },
  { measureName: 'DISK_USAGE', unit: '%', base: 41, swing: 2, max: 100 },
  { measureName: 'DISK_READ', unit: 'Bytes', base: 180_000, swing: 150_000 },
  { measureName: 'DISK_WRITE', unit: 'Bytes', base: 420_000, swing: 300_000 },
  { measureName: 'NETWORK_SEND', unit: 'bps', base: 1_800_000, swing: 1_200_000 },
  { measureName: 'NETWORK_RECV', unit: 'bps', base: 950_000, swing: 700_000 },
  { measureName: 'DATABASE_CONN', unit: 'count', base: 48, swing: 30 },
  { measureName: 'QUERY_SELECT', unit: 'count', base: 1200, swing: 900 },
  { measureName: 'QUERY_INSERT', unit: 'count', base: 180, swing: 140 },
  { measureName: 'QUERY_UPDATE', unit: 'count', base: 95, swing: 80 },
  { measureName: 'QUERY_DELETE', unit: 'count', base: 12, swing: 10 },
  { measureName: 'SLOW_QUERY', unit: 'count', base: 0.8, swing: 0.8 },
  { measureName: 'ACTIVE_SESSION', unit: 'count', base: 6, swing: 5 },
  { measureName: 'REPLICATION_DELAY', unit: 'sec', base: 0.4, swing: 0.4 },
  { measureName: 'MYSQL_STATUS', unit: '', base: 1, swing: 0 },
];
