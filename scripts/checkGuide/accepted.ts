// Differences between the vendor's RDS API guides and the operations table that are the guide's own
// doing: its typos, and placeholder values in its examples (an empty list where one is required, a size
// below the documented minimum). `npm run check:guide` does not fail on these; each says why it is not
// ours to fix. An entry that matches nothing any more is listed by the check (the guide was corrected):
// remove it then. Keys: version, endpoint (`METHOD /vX.Y/path` as the guide writes it), kind, and
// optionally field (dotted, array indices left out) and value. Checked against TOAST-DOCS/RDS
// en/public/api-guide-mysql-v4.0.md and -v3.0.md of 2026-05 (test/fixtures/rdsV4Guide.json, rdsV3Guide.json).
import type { AcceptedDifference } from './check';

/** The same entry for both versions (the two guides share these sections word for word). */
const both = (e: Omit<AcceptedDifference, 'version' | 'endpoint'> & { path: string; method: string }) =>
  (['v3.0', 'v4.0'] as const).map((version): AcceptedDifference => ({
    version,
    endpoint: `${e.method} /${version}${e.path}`,
    kind: e.kind,
    ...(e.field !== undefined && { field: e.field }),
    ...(e.value !== undefined && { value: e.value }),
    why: e.why,
  }));

export const ACCEPTED: readonly AcceptedDifference[] = [
  ...both({
    method: 'POST',
    path: '/db-instances',
    kind: 'request-example',
    field: 'authenticationPlugin',
    why:
      'the example creates MYSQL_V8411 with authenticationPlugin NATIVE; the guide\'s own "Supported DB Engine ' +
      'Versions" table gives 8.4 CACHING_SHA2 only',
  }),
  ...both({
    method: 'POST',
    path: '/db-instances/{dbInstanceId}/log-files/export',
    kind: 'request-example',
    field: 'logFileNames',
    why: 'placeholder: the example exports logFileNames [], a list the table marks required (Y)',
  }),
  ...both({
    method: 'PUT',
    path: '/db-instances/{dbInstanceId}/storage-info',
    kind: 'request-example',
    field: 'storageSize',
    why: 'placeholder: the example resizes to storageSize 1, below the 20 GB the guide gives as the minimum size',
  }),
  {
    version: 'v4.0',
    endpoint: 'POST /v4.0/db-instances/{dbInstanceId}/certificates/upload',
    kind: 'request-example',
    field: 'certificateTypes',
    why: 'placeholder: the example exports certificateTypes [], a list the table marks required (Y)',
  },
  {
    version: 'v4.0',
    endpoint: 'POST /v4.0/backups',
    kind: 'request-example',
    field: 'dbInstanceId',
    why:
      'the example asks for a FULL backup without dbInstanceId, which the guide\'s own "If backupMethodType is ' +
      '`FULL`" table requires (Y)',
  },
  {
    version: 'v3.0',
    endpoint: 'PUT /v3.0/db-instances/{dbInstanceId}/change-image-meta',
    kind: 'missing-operation',
    why: 'the guide titles it "Change DB Image Meta for Testing": a test hook of the vendor\'s, not a feature to offer',
  },
  // The guide's table against its own text: "memberIds" is marked Y, while the same section says a
  // group with selectAll true holds every member, present and future (no list to give).
  ...both({
    method: 'POST',
    path: '/user-groups',
    kind: 'required',
    field: 'memberIds',
    why: 'the table marks memberIds Y; its own text (and the sandbox, as the service answers) takes none with selectAll',
  }),
  // A BINLOG restore goes to a position in a binary log: without one it names no point in time. The
  // table's N for the two fields is the block's, whose parent is itself optional.
  ...(['binLogFileName', 'binLogPosition'] as const).flatMap((f) =>
    both({
      method: 'POST',
      path: '/db-instances/{dbInstanceId}/restore',
      kind: 'required',
      field: `restore.binLog.${f}`,
      why: "a BINLOG restore needs the log position it restores to; the N is the optional block's, not the field's",
    }),
  ),
  ...(['backupWndBgnTime', 'backupWndDuration'] as const).map((f): AcceptedDifference => ({
    version: 'v4.0',
    endpoint: 'POST /v4.0/db-instances/{dbInstanceId}/restore',
    kind: 'required',
    field: `backup.backupSchedules.${f}`,
    why: "a backup schedule without its start or its length is no schedule; the N is the optional block's",
  })),
  // Not followed yet (the v3.0 guide of December 2026 caught up with v4.0 here; this client offers
  // these on v4.0, where the same profile's keys reach them): each names the issue that follows it.
  ...[
    'GET /v3.0/event-subscriptions',
    'POST /v3.0/event-subscriptions',
    'PUT /v3.0/event-subscriptions/{eventSubscriptionId}',
    'DELETE /v3.0/event-subscriptions/{eventSubscriptionId}',
  ].map((endpoint): AcceptedDifference => ({
    version: 'v3.0',
    endpoint,
    kind: 'missing-operation',
    why: 'not followed yet: event subscriptions are offered on v4.0 only (a v4.0 profile reaches them)',
  })),
  {
    version: 'v3.0',
    endpoint: 'POST /v3.0/db-instances/{dbInstanceId}/replicate',
    kind: 'required',
    field: 'dbPort',
    why: "not followed yet: the form sends the source's port when none is chosen; the v4.0 guide keeps it optional",
  },
  ...(['POST /v3.0/db-instances/{dbInstanceId}/restore', 'POST /v3.0/db-instances/restore-from-obs'] as const).flatMap(
    (endpoint) =>
      (['dbInstanceName', 'dbPort'] as const).map((field): AcceptedDifference => ({
        version: 'v3.0',
        endpoint,
        kind: 'required',
        field,
        why: "not followed yet: v3.0 restores take every setting from the form (v4.0 takes the source's)",
      })),
  ),
  ...(['POST /v3.0/db-instances/{dbInstanceId}/restore', 'POST /v3.0/db-instances/restore-from-obs'] as const).flatMap(
    (endpoint): AcceptedDifference[] =>
      (['unknown-field', 'request-example'] as const).map((kind) => ({
        version: 'v3.0',
        endpoint,
        kind,
        field: 'imageId',
        why: 'not followed yet: imageId (an OS image) is in the v3.0 guide only, with no way to list the images',
      })),
  ),
];

/**
 * RDS for MariaDB's guides (TOAST-DOCS/RDS-FOR-MARIADB `en/api-guide-v3.0.md`, `-v4.0.md`, November
 * 2025; test/fixtures/mariadbV3Guide.json, mariadbV4Guide.json): the same API as MySQL's, with the
 * typos and the stricter tables of the older text that MySQL's guide has since corrected.
 */
const mariadb = (
  versions: readonly ('v3.0' | 'v4.0')[],
  e: Omit<AcceptedDifference, 'version' | 'endpoint' | 'product'> & { path: string; method: string },
): AcceptedDifference[] =>
  versions.map((version) => ({
    product: 'mariadb',
    version,
    endpoint: `${e.method} /${version}${e.path}`,
    kind: e.kind,
    ...(e.field !== undefined && { field: e.field }),
    why: e.why,
  }));
const bothMariadb = ['v3.0', 'v4.0'] as const;

export const ACCEPTED_MARIADB: readonly AcceptedDifference[] = [
  ...mariadb(bothMariadb, {
    method: 'POST',
    path: '/db-instances/{dbInstanceId}/replicate',
    kind: 'request-example',
    field: 'storage.stroageSize',
    why: 'typo: the example writes stroageSize for storageSize',
  }),
  ...mariadb(bothMariadb, {
    method: 'POST',
    path: '/notification-groups',
    kind: 'request-example',
    field: 'isEnable',
    why: 'typo: the example writes isEnable; the table and the answers say isEnabled',
  }),
  ...(['/db-instances/{dbInstanceId}/restore', '/db-instances/restore-from-obs'] as const).flatMap((path) =>
    mariadb(bothMariadb, {
      method: 'POST',
      path,
      kind: 'unknown-field',
      why: 'markup: the table names the field as <span style="color:#313338">parameterGroupId</span>, which the schema knows as parameterGroupId',
    }),
  ),
  ...mariadb(bothMariadb, {
    method: 'PUT',
    path: '/db-instances/{dbInstanceId}',
    kind: 'required',
    field: 'dbInstanceName',
    why: 'the table marks dbInstanceName Y on a modification; MySQL’s guide (the same API) has it optional, as a change of one field is',
  }),
  ...mariadb(bothMariadb, {
    method: 'POST',
    path: '/user-groups',
    kind: 'required',
    field: 'memberIds',
    why: 'as in MySQL’s guide: a group with selectAll holds every member, present and future (no list to give)',
  }),
  ...mariadb(bothMariadb, {
    method: 'PUT',
    path: '/user-groups/{userGroupId}',
    kind: 'required',
    field: 'userGroupName',
    why: 'as in MySQL’s guide (see the entry above for MySQL)',
  }),
  ...(['page', 'size'] as const).flatMap((field) =>
    ['/backups', '/events'].flatMap((path) =>
      mariadb(['v4.0'], {
        method: 'GET',
        path,
        kind: 'required',
        field,
        why: 'the older text marks page and size Y; v4.0 reads 20 a page without them (MySQL’s current guide)',
      }),
    ),
  ),
  ...[
    'dbFlavorId',
    'dbPort',
    'parameterGroupId',
    'network',
    'network.subnetId',
    'network.availabilityZone',
    'storage',
    'storage.storageType',
    'storage.storageSize',
    'backup',
    'backup.backupPeriod',
    'backup.backupSchedules',
  ].flatMap((field) =>
    mariadb(['v4.0'], {
      method: 'POST',
      path: '/backups/{backupId}/restore',
      kind: 'required',
      field,
      why: 'the older text marks the restored instance’s settings Y; v4.0 takes the backup’s own when left out (MySQL’s current guide)',
    }),
  ),
  ...mariadb(['v4.0'], {
    method: 'POST',
    path: '/parameter-groups',
    kind: 'required',
    field: 'dbVersion',
    why: 'v4.0 makes a family group without dbVersion (MySQL’s current guide); the older text marks it Y',
  }),
  ...mariadb(['v4.0'], {
    method: 'DELETE',
    path: '/db-security-groups/{dbSecurityGroupId}/rules',
    kind: 'permission',
    why: 'copy-paste: the guide names DbSecurityGroupRule.Create for deleting rules; the operation needs .Delete',
  }),
];
