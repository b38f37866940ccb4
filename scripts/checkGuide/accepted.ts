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
  // The three rule examples: port ALL (the whole range) with minPort 3306 and maxPort 1, numbers that
  // only fill the fields (a range ending below its start), where ALL takes no range at all.
  ...both({
    method: 'POST',
    path: '/db-security-groups',
    kind: 'request-example',
    field: 'rules.port',
    why: 'placeholder: portType ALL with minPort 3306 and maxPort 1 (a range ending below its start); ALL takes none',
  }),
  ...both({
    method: 'POST',
    path: '/db-security-groups/{dbSecurityGroupId}/rules',
    kind: 'request-example',
    field: 'port',
    why: 'placeholder: portType ALL with minPort 3306 and maxPort 1 (a range ending below its start); ALL takes none',
  }),
  ...both({
    method: 'PUT',
    path: '/db-security-groups/{dbSecurityGroupId}/rules/{ruleId}',
    kind: 'request-example',
    field: 'port',
    why: 'placeholder: portType ALL with minPort 3306 and maxPort 1 (a range ending below its start); ALL takes none',
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
];
