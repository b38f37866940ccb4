// Loads the database drivers on first use, each from its own bundle next to dist/main.js
// (external to main.js, see esbuild.mjs), the TypeScript source under tsx (tests):
// dist/mysqlDriver.js (mysql2) on the first Connect, dist/sshDriver.js (ssh2) on the first
// connection through an SSH bastion, dist/csvParser.js (Papa Parse) on the first Import CSV.
import * as path from 'node:path';

export type DriverModule = typeof import('./mysqlDriver');
export type SshDriverModule = typeof import('./sshDriver');
export type CsvParserModule = typeof import('../csvImport/csvParser');

/**
 * `source`: the module's path from this folder, for tests under tsx; `bundled` requires the
 * bundle by a literal path (esbuild.mjs marks it external).
 */
function lazyBundle<T>(source: string, bundled: () => unknown): () => T {
  let loaded: T | undefined;
  return () =>
    (loaded ??= (
      __filename.endsWith('.ts')
        ? // A computed path keeps esbuild from bundling the driver into main.js.
          require(path.join(__dirname, `${source}.ts`))
        : bundled()
    ) as T);
}

export const loadDriver = lazyBundle<DriverModule>('mysqlDriver', () => require('./mysqlDriver.js'));
export const loadSshDriver = lazyBundle<SshDriverModule>('sshDriver', () => require('./sshDriver.js'));
export const loadCsvParser = lazyBundle<CsvParserModule>('../csvImport/csvParser', () => require('./csvParser.js'));
