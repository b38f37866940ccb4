// The entry of dist/sqlFormatter.js: sql-formatter with its MySQL and MariaDB dialects only, in a
// bundle of its own, required on the first Format Document of a query console (./format.ts), so
// neither the activation shim nor dist/main.js pays for it.
export { formatDialect, mariadb, mysql } from 'sql-formatter';
