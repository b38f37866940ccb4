// The calling convention of every RDS client method (implemented by ./client.ts):
//   rds.<operationName>(input, opts)
// where `input` holds the path parameters as top-level fields plus `query` and `body`:
//   rds.listDbInstances()
//   rds.getDbInstance({ dbInstanceId })
//   rds.createDbUser({ dbInstanceId, body: { dbUserName, dbPassword, host, authorityType } })
//   rds.listBackups({ query: { page: 1, size: 20 } })
// It resolves to the parsed payload without `header` (job operations: `{ jobId }`),
// and rejects with ApiError / AuthError / ValidationError / CancelledError (../errors.ts).
import type { RDS_OPERATION_ROWS } from './rows';
import type { RDS_V4_ONLY_ROWS } from './v4Rows';

/** Every row of either version's table (./versions.ts): a name means the same operation in both. */
export type RdsOperationRow = (typeof RDS_OPERATION_ROWS)[number] | (typeof RDS_V4_ONLY_ROWS)[number];
export type RdsOperationName = RdsOperationRow['name'];

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * `modifyStorageInfo` only: the instance's current storage size (GB). With it, a smaller
   * `storageSize` is refused before sending ("not below the current size").
   */
  currentStorageSize?: number;
}
