// RDS for MySQL API v4.0 as rows (issue 27): what it changes against v3.0 (./rows.ts), not a copy
// of it. v4.0 keeps 79 of v3.0's 82 operations under the same names (their path prefix is
// `/v4.0`; ./versions.ts builds the table), drops three, and adds eighteen, which are listed here.
// Source: the vendor's guide `en/public/api-guide-mysql-v4.0.md` (public repository TOAST-DOCS/RDS),
// 97 endpoints (its predecessor `en/api-guide-v4.0.md` had 91: the last six rows below came
// after it); test/fixtures/rdsV4Guide.json holds what the tests need of it.

/** v3.0 operations v4.0 no longer has (storages are a type and size; backups are `createBackup`). */
export const RDS_V3_ONLY = ['listStorages', 'backupDbInstance', 'backupDbInstanceToObjectStorage'] as const;

/**
 * The release of v4.0 a site's guide documents: the first (July 2025, 81 endpoints) or the
 * current one (March 2026, 91; 97 with the six every site's guide has documented since), which
 * added the rows marked `since: '2026-03'`.
 */
export type RdsV4Release = '2025-07' | '2026-03';

/** Operations only v4.0 has, in the guide's order. */
export const RDS_V4_ONLY_ROWS = [
  {
    name: 'rebuildDbInstance',
    method: 'POST',
    path: '/v4.0/db-instances/{dbInstanceId}/rebuild',
    summary: 'Rebuild a DB instance',
    returnsJob: true,
    since: '2025-07',
  },
  {
    name: 'getLogFileContent',
    method: 'GET',
    path: '/v4.0/db-instances/{dbInstanceId}/log-files/{logFileName}',
    summary: 'The latest content of a log file (at most 64 KB)',
    since: '2026-03',
  },
  {
    name: 'listBinLogs',
    method: 'GET',
    path: '/v4.0/db-instances/{dbInstanceId}/binlogs',
    summary: 'Binary logs of a DB instance',
    since: '2026-03',
  },
  {
    name: 'purgeBinLogs',
    method: 'POST',
    path: '/v4.0/db-instances/{dbInstanceId}/binlogs/purge',
    summary: 'Purge binary logs up to a file',
    since: '2026-03',
  },
  {
    name: 'listCertificates',
    method: 'GET',
    path: '/v4.0/db-instances/{dbInstanceId}/certificates',
    summary: 'Certificate files of a DB instance',
    since: '2026-03',
  },
  {
    name: 'exportCertificates',
    method: 'POST',
    path: '/v4.0/db-instances/{dbInstanceId}/certificates/upload',
    summary: 'Export certificate files to object storage',
    returnsJob: true,
    since: '2026-03',
  },
  { name: 'getBackup', method: 'GET', path: '/v4.0/backups/{backupId}', summary: 'A backup', since: '2026-03' },
  {
    name: 'createBackup',
    method: 'POST',
    path: '/v4.0/backups',
    summary: 'Create a backup (full, incremental or snapshot)',
    returnsJob: true,
    since: '2025-07',
  },
  {
    name: 'listEventSubscriptions',
    method: 'GET',
    path: '/v4.0/event-subscriptions',
    summary: 'Event subscriptions (paged)',
    since: '2026-03',
  },
  {
    name: 'createEventSubscription',
    method: 'POST',
    path: '/v4.0/event-subscriptions',
    summary: 'Create an event subscription',
    since: '2026-03',
  },
  {
    name: 'modifyEventSubscription',
    method: 'PUT',
    path: '/v4.0/event-subscriptions/{eventSubscriptionId}',
    summary: 'Modify an event subscription',
    since: '2026-03',
  },
  {
    name: 'deleteEventSubscription',
    method: 'DELETE',
    path: '/v4.0/event-subscriptions/{eventSubscriptionId}',
    summary: 'Delete an event subscription',
    since: '2026-03',
  },
  // Documented after the guide of March 2026 (issue 61, item 3), by the current guide of every site
  // (`en/<site>/api-guide-mysql-v4.0.md`, the KR4 sites' included); a site without the March
  // release has none of them either.
  {
    name: 'getHighAvailability',
    method: 'GET',
    path: '/v4.0/db-instances/{dbInstanceId}/high-availability',
    summary: 'High availability of a DB instance: status, ping type and interval',
    since: '2026-03',
  },
  {
    name: 'listMaintenances',
    method: 'GET',
    path: '/v4.0/db-instances/{dbInstanceId}/maintenances',
    summary: 'Maintenances of a DB instance, pending and past',
    since: '2026-03',
  },
  {
    name: 'executeMaintenanceNow',
    method: 'POST',
    path: '/v4.0/db-instances/{dbInstanceId}/maintenances/execute-now',
    summary: 'Run a pending maintenance now',
    returnsJob: true,
    since: '2026-03',
  },
  {
    name: 'scheduleMaintenance',
    method: 'POST',
    path: '/v4.0/db-instances/{dbInstanceId}/maintenances/schedule',
    summary: 'Apply a pending maintenance in the next maintenance window',
    since: '2026-03',
  },
  {
    name: 'deleteMaintenance',
    method: 'DELETE',
    path: '/v4.0/db-instances/{dbInstanceId}/maintenances/{maintenanceId}',
    summary: 'Cancel a maintenance scheduled for the next window',
    since: '2026-03',
  },
  {
    name: 'listAvailabilityZones',
    method: 'GET',
    path: '/v4.0/availability-zones',
    summary: 'Availability zones of the region and whether each is available',
    since: '2026-03',
  },
] as const;
