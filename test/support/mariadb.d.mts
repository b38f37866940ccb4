// Types of test/support/mariadb.mjs for the .ts tests: the shipped server module's own.
export type { MariaDbOptions, MariaDbServer as MariaDb } from '../../src/sandbox/rds/mariadb/server';
export { MARIADB_PACKAGES, mariaDbMissing, startMariaDb } from '../../src/sandbox/rds/mariadb/server';
