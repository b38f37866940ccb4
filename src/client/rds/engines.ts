// DB engine versions: what the service lists at run time is the truth, this table the fallback.
// The engine list (GET /v4.0/db-versions) answers each version with `canCreate` (since 2026) and
// `restorableFromObs`; an older answer (v3.0, or a site that does not send the flag yet) lacks
// one, and only then does the guides' table below decide. A version the table has never heard of
// is offered as the service wrote it: the service listed it, so it takes it.
// No imports: the webviews' bundles and the forms' models read it.

export interface EngineRow {
  dbVersion: string;
  canCreate: boolean;
  restorableFromObs: boolean;
}

/** The guides' engine table (TOAST-DOCS/RDS `en/public/api-guide-mysql-v4.0.md`, December 2026). */
export const DB_ENGINE_TABLE: readonly EngineRow[] = [
  { dbVersion: 'MYSQL_V5633', canCreate: false, restorableFromObs: false },
  { dbVersion: 'MYSQL_V5715', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V5719', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V5726', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V5731', canCreate: false, restorableFromObs: false },
  { dbVersion: 'MYSQL_V5733', canCreate: true, restorableFromObs: false },
  { dbVersion: 'MYSQL_V5737', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8018', canCreate: false, restorableFromObs: false },
  { dbVersion: 'MYSQL_V8023', canCreate: false, restorableFromObs: false },
  { dbVersion: 'MYSQL_V8028', canCreate: false, restorableFromObs: false },
  { dbVersion: 'MYSQL_V8032', canCreate: false, restorableFromObs: false },
  { dbVersion: 'MYSQL_V8033', canCreate: false, restorableFromObs: false },
  { dbVersion: 'MYSQL_V8034', canCreate: false, restorableFromObs: false },
  { dbVersion: 'MYSQL_V8035', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8036', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8040', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8041', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8042', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8043', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8044', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8045', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8046', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8405', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8406', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8407', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8408', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8409', canCreate: true, restorableFromObs: true },
  { dbVersion: 'MYSQL_V8411', canCreate: true, restorableFromObs: true },
];

/**
 * RDS for MariaDB's (TOAST-DOCS/RDS `en/public/api-guide-mariadb-v4.0.md`, "Supported DB Engine
 * Versions", December 2026): 10.3 and 10.6 can no longer be created; every version takes the
 * ED25519 and NATIVE authentication plugins.
 */
export const MARIADB_ENGINE_TABLE: readonly EngineRow[] = [
  ...['10330', '10611', '10612', '10616', '10622', '10625'].map((v) => ({
    dbVersion: `MARIADB_V${v}`,
    canCreate: false,
    restorableFromObs: false,
  })),
  ...['101107', '101108', '101113', '101116', '101118', '101119', '11407', '11410', '11412', '11413', '11806']
    .concat(['11808', '11809', '12303'])
    .map((v) => ({ dbVersion: `MARIADB_V${v}`, canCreate: true, restorableFromObs: true })),
];

/**
 * What an engine version code says, the one reader of its shape: MYSQL_V8040 is MySQL 8.0.40 (one
 * digit each of major and minor), MARIADB_V101108 is MariaDB 10.11.8 and MARIADB_V11407 11.4.7
 * (two digits of major; the patch always two: MARIADB_V10330 is 10.3.30). Undefined for a code of
 * another shape (a later engine: shown as the service wrote it).
 */
export function readEngineCode(code: string): { engine: 'MySQL' | 'MariaDB'; version: number[] } | undefined {
  const mysql = /^MYSQL_V(\d)(\d)(\d+)$/.exec(code);
  if (mysql) return { engine: 'MySQL', version: mysql.slice(1).map(Number) };
  const mariadb = /^MARIADB_V(\d\d)(\d{1,2})(\d\d)$/.exec(code);
  if (mariadb) return { engine: 'MariaDB', version: mariadb.slice(1).map(Number) };
  return undefined;
}

/** An engine version as a person reads it (MySQL 8.0.40, MariaDB 10.11.8); a code of another shape as written. */
export function engineVersionLabel(code: string): string {
  const read = readEngineCode(code);
  return read ? `${read.engine} ${read.version.join('.')}` : code;
}

/** Both products' rows: their codes never collide (MYSQL_..., MARIADB_...). */
const TABLE = new Map([...DB_ENGINE_TABLE, ...MARIADB_ENGINE_TABLE].map((e) => [e.dbVersion, e]));

/** An engine version as the service lists it (the flags may be missing or null). */
export interface ListedDbVersion {
  dbVersion: string;
  dbVersionName?: string | null;
  canCreate?: boolean | null;
  restorableFromObs?: boolean | null;
}

/** Whether a new instance may be made with this version: the service's flag, else the table's, else yes. */
export const canCreateWith = (v: ListedDbVersion): boolean => v.canCreate ?? TABLE.get(v.dbVersion)?.canCreate ?? true;

/** Whether a backup in object storage may be restored into this version (the same order of say). */
export const canRestoreFromObsInto = (v: ListedDbVersion): boolean =>
  v.restorableFromObs ?? TABLE.get(v.dbVersion)?.restorableFromObs ?? true;

/** The versions a form offers for a new instance (`create`) or a restore from object storage (`obs`). */
export function offeredDbVersions<T extends ListedDbVersion>(listed: readonly T[], purpose: 'create' | 'obs'): T[] {
  return listed.filter((v) => (purpose === 'create' ? canCreateWith(v) : canRestoreFromObsInto(v)));
}

/**
 * The shape of an engine version code (MYSQL_V8046, MARIADB_V101108): what a request is checked
 * against, never a closed list the service may extend.
 */
export const DB_VERSION_CODE = /^[A-Z][A-Z0-9]*_V\d+$/;

/**
 * The engine family a version belongs to, as family parameter groups name it (MYSQL_V8411 ->
 * MYSQL_V84_FAMILY; the first two digits are the major and minor version).
 */
export const engineFamilyOf = (dbVersion: string): string | undefined => {
  const m = /^([A-Z][A-Z0-9]*)_V(\d)(\d)\d+$/.exec(dbVersion);
  return m ? `${m[1]}_V${m[2]}${m[3]}_FAMILY` : undefined;
};
