// Engine versions in the order a form offers them: the newest first, the likely choice at the top.
import { readEngineCode } from '../../client/rds/engines';

/** An engine version's number (from its name "MySQL 8.0.45", else its code: MYSQL_V8045, MARIADB_V101108), for sorting. */
export function versionNumber(v: { dbVersion: string; dbVersionName?: string | null }): number[] {
  const named = /(\d+)\.(\d+)\.(\d+)/.exec(v.dbVersionName ?? '');
  if (named) return named.slice(1).map(Number);
  return readEngineCode(v.dbVersion)?.version ?? [];
}

/** Negative when `a` is the older version, positive when the newer, 0 when the same. */
export function compareVersions(
  a: { dbVersion: string; dbVersionName?: string | null },
  b: { dbVersion: string; dbVersionName?: string | null },
): number {
  const x = versionNumber(a);
  const y = versionNumber(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
}

/** The engine of a version code (MYSQL of MYSQL_V8046): an upgrade stays within it. */
export const engineOf = (dbVersion: string): string => dbVersion.replace(/_V\d+$/, '');

/** Newest engine version first (8.4.6, 8.4.5, 8.0.45, …, 5.7.37): the likely choice at the top. */
export function newestFirst<T extends { dbVersion: string; dbVersionName?: string | null }>(
  versions: readonly T[],
): T[] {
  return [...versions].sort((a, b) => compareVersions(b, a));
}
