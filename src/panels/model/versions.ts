// Engine versions in the order a form offers them: the newest first, the likely choice at the top.

/** An engine version's number (from its name "MySQL 8.0.45", else its code MYSQL_V8045), for sorting. */
export function versionNumber(v: { dbVersion: string; dbVersionName?: string | null }): number[] {
  const named = /(\d+)\.(\d+)\.(\d+)/.exec(v.dbVersionName ?? '');
  if (named) return named.slice(1).map(Number);
  const code = /V(\d)(\d)(\d+)$/.exec(v.dbVersion);
  return code ? code.slice(1).map(Number) : [];
}

/** Newest engine version first (8.4.6, 8.4.5, 8.0.45, …, 5.7.37): the likely choice at the top. */
export function newestFirst<T extends { dbVersion: string; dbVersionName?: string | null }>(
  versions: readonly T[],
): T[] {
  const cmp = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      if ((a[i] ?? -1) !== (b[i] ?? -1)) return (b[i] ?? -1) - (a[i] ?? -1);
    return 0;
  };
  return [...versions].sort((a, b) => cmp(versionNumber(a), versionNumber(b)));
}
