// The entry of dist/mysqlDriver.js: the mysql2 driver in its own bundle, required on the first
// Connect (./driver.ts), so neither the activation shim nor dist/main.js pays for it.
export { createConnection } from 'mysql2/promise';
export type { Connection, ConnectionOptions } from 'mysql2/promise';
