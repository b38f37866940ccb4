// The public surface of the client layer, as main.ts and the features use it.
// Service modules (network, storage) add their own export lines below.
export * from './errors';
export * from './endpoints';
export { Redactor, MASK, silentLogger, type Logger } from './http/redact';
export { Transport, bypassesProxy, isLoopback, parseNoProxy, resolveProxySettings, type ProxySettings, type TransportOptions, type TransportRequest, type TransportResponse } from './http/transport';
export { describeOperation, fillPath, isIdempotent, isMutating, pathParams, type Operation } from './operation';
export { ALL_OPERATIONS } from './operations';
export { RdsClient, RDS_UNAUTHENTICATED_MESSAGE, type RdsClientOptions, type RdsCredentials, type RdsInput, type RdsOutput, type RdsMethods } from './rds/client';
export type { CallOptions, RdsOperationName } from './rds/api';
export {
  waitForJob,
  jobResourceId,
  isJobFinished,
  listAllBackups,
  listAllEvents,
  JOB_SUCCESS_STATES,
  JOB_FAILURE_STATES,
  type Job,
  type Page,
  type PagingOptions,
  type WaitForJobOptions,
} from './rds/jobs';
export * as rdsSchemas from './rds/schemas';
export { RDS_OPERATIONS, fieldIssues, storageResizeSchema, parseDateTime } from './rds/schemas';
