// A real MariaDB for tests, end-to-end scenarios and benchmarks: temporary data directory, free
// port on 127.0.0.1, random root password, optional TLS with a self-signed CA (openssl CLI).
// Plain ESM so .mjs scripts (scripts/e2e, scripts/bench) and .ts tests (through tsx) share it.
//
//   import { startMariaDb, mariaDbMissing } from '../support/mariadb.mjs';
//   const missing = mariaDbMissing();          // what to install, or undefined
//   if (missing) throw new Error(missing);     // tests fail, never skip silently
//   const db = await startMariaDb({ tls: true });
//   // db.host, db.port, db.rootUser, db.rootPassword, db.socket, db.caFile, await db.sql('SELECT 1')
//   await db.stop();                           // kills exactly this server, removes its directory
//
// The code that starts the server ships with the sandbox (src/sandbox/rds/mariadb/server.ts);
// this file loads it through tsx's require API, so plain `node` (no --import tsx) can use it too.
// Types for .ts callers: mariadb.d.mts beside it.
import { require as tsxRequire } from 'tsx/cjs/api';

/** @type {typeof import('../../src/sandbox/rds/mariadb/server')} */
const server = tsxRequire('../../src/sandbox/rds/mariadb/server.ts', import.meta.url);

/**
 * Why no MariaDB can be started here, naming the Debian packages to install; undefined when it can.
 * @param {{ tls?: boolean }} [opts]
 * @returns {string | undefined}
 */
export function mariaDbMissing(opts = {}) {
  return server.mariaDbMissing(opts);
}

/**
 * Starts a MariaDB on 127.0.0.1 (`dir`: parent of its temporary directory; `port`: default a free one).
 * @param {import('../../src/sandbox/rds/mariadb/server').MariaDbOptions} [opts]
 * @returns {Promise<import('../../src/sandbox/rds/mariadb/server').MariaDbServer>}
 */
export function startMariaDb(opts = {}) {
  return server.startMariaDb(opts);
}

/** The Debian packages that provide MariaDB (for messages). */
export const MARIADB_PACKAGES = server.MARIADB_PACKAGES;
