// Placeholder type until the RDS client lands: one method per operation row (see ./api.ts).
// The RDS client work replaces this file with the real, table-derived RdsClient class.
import type { CallOptions, RdsOperationName } from './api';

export type RdsClient = { [K in RdsOperationName]: (input?: any, opts?: CallOptions) => Promise<any> };
