// The RDS for MySQL API versions the client speaks, one table each (issue 27): v3.0 is
// ./schemas RDS_OPERATIONS (the 82 rows of ./rows.ts); v4.0 is built here from it, not copied:
// the 79 operations it keeps, under the same names with the `/v4.0` prefix and the schemas of
// ./schemas/v4Changed.ts where the guide changed their fields, plus the twelve of ./v4Rows.ts.
// A profile chooses its version (src/profiles); the client, the sandbox and the tree read the
// table of that version, and an operation a version lacks is refused before anything is sent.
import type { Operation } from '../operation';
import type { RdsOperationName } from './api';
import { RDS_OPERATIONS } from './schemas';
import { RDS_V4_CHANGED_SCHEMAS } from './schemas/v4Changed';
import { RDS_V4_ONLY_SCHEMAS } from './schemas/v4';
import { RDS_V4_PERMISSIONS } from './v4Permissions';
import { RDS_V3_ONLY, RDS_V4_ONLY_ROWS, type RdsV4Release } from './v4Rows';

/** The versions this client speaks (v2.0, which some sites still document, is not one of them). */
export const RDS_CLIENT_API_VERSIONS = ['v3.0', 'v4.0'] as const;
export type RdsClientApiVersion = (typeof RDS_CLIENT_API_VERSIONS)[number];

export const isRdsClientApiVersion = (v: unknown): v is RdsClientApiVersion =>
  RDS_CLIENT_API_VERSIONS.some((x) => x === v);

const v3Only = new Set<string>(RDS_V3_ONLY);
/** The release each v4.0-only operation came with (shared ones came with the first). */
const SINCE = new Map<string, RdsV4Release>(RDS_V4_ONLY_ROWS.map((r) => [r.name, r.since]));

/** The name of an operation in either table (`rds.getDbInstance`, `rds.v4.getDbInstance`). */
export const rdsOperationName = (op: Pick<Operation, 'id'>): RdsOperationName =>
  op.id.slice(op.id.lastIndexOf('.') + 1) as RdsOperationName;

/** Every RDS API v4.0 operation: the 79 kept from v3.0, then the 12 new ones (91, as the guide counts). */
export const RDS_V4_OPERATIONS: Operation[] = [
  ...RDS_OPERATIONS.filter((op) => !v3Only.has(rdsOperationName(op))).map((op) => {
    const name = rdsOperationName(op);
    return {
      ...op,
      id: `rds.v4.${name}`,
      path: op.path.replace(/^\/v3\.0\//, '/v4.0/'),
      permission: RDS_V4_PERMISSIONS[name],
      ...(RDS_V4_CHANGED_SCHEMAS as Record<string, Partial<Operation>>)[name],
    };
  }),
  ...RDS_V4_ONLY_ROWS.map((row) => ({
    id: `rds.v4.${row.name}`,
    service: 'rds' as const,
    method: row.method,
    path: row.path,
    summary: row.summary,
    returnsJob: 'returnsJob' in row ? row.returnsJob : false,
    permission: RDS_V4_PERMISSIONS[row.name],
    ...RDS_V4_ONLY_SCHEMAS[row.name],
  })),
];

const TABLES: Record<RdsClientApiVersion, Map<string, Operation>> = {
  'v3.0': new Map(RDS_OPERATIONS.map((op) => [rdsOperationName(op), op])),
  'v4.0': new Map(RDS_V4_OPERATIONS.map((op) => [rdsOperationName(op), op])),
};

/**
 * The operation of `name` in a version's table, or undefined where that version has none
 * (`createBackup` on v3.0, `backupDbInstance` on v4.0, or an addition of March 2026 on a site
 * whose guide documents the first release of v4.0).
 */
export function rdsOperationIn(
  version: RdsClientApiVersion,
  name: RdsOperationName,
  release: RdsV4Release = '2026-03',
): Operation | undefined {
  const op = TABLES[version].get(name);
  if (!op || version !== 'v4.0') return op;
  const since = SINCE.get(name);
  return since && since > release ? undefined : op;
}

/** Whether a profile of `version` (and v4.0 release) can call `name`: what the tree and commands ask before offering a feature. */
export const rdsHas = (version: RdsClientApiVersion, name: RdsOperationName, release?: RdsV4Release): boolean =>
  rdsOperationIn(version, name, release) !== undefined;
