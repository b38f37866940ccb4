// Every operation of every service, for `npm run list-operations`, the sandbox and tests.
// One line per service table: keep it a plain concatenation so each service adds one line.
import type { Operation } from './operation';
import { RDS_OPERATIONS } from './rds/schemas';
import { RDS_V4_OPERATIONS } from './rds/versions';
import { IDENTITY_AND_NETWORK_OPERATIONS } from './network/operations';
import { STORAGE_OPERATIONS } from './storage/operations';

export const ALL_OPERATIONS: readonly Operation[] = [
  ...RDS_OPERATIONS,
  ...RDS_V4_OPERATIONS,
  ...IDENTITY_AND_NETWORK_OPERATIONS,
  ...STORAGE_OPERATIONS,
];
