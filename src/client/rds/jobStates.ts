// What an RDS job's state means, decided once for every caller (the job tracker, the forms'
// panels, the agent tools): the states the vendor's guides name (TOAST-DOCS/RDS, "Task Status"
// and GET /v4.0/jobs/{jobId}'s jobStatus, 16 values in December 2026) sorted into running, done,
// done with errors and failed. A state none of them names is not guessed at: it is shown as the
// service wrote it and followed for a while (`UNKNOWN_STATE_PATIENCE_MS`), then reported.
// No imports: the job tracker reads it without loading the HTTP stack.

/**
 * What a job state means: `running` (poll on), `succeeded`, `partial` (COMPLETED_WITH_ERROR: the
 * job ended and its result exists, but a step failed; the instance's events say which),
 * `failed`, or `unknown` (a state the guides did not name when this was written).
 */
export type JobOutcome = 'running' | 'succeeded' | 'partial' | 'failed' | 'unknown';

export const JOB_RUNNING_STATES: readonly string[] = [
  'CREATED',
  'PREPARING',
  'READY',
  'RUNNING',
  'REGISTERED',
  'WAIT_TO_REGISTER',
];
export const JOB_SUCCESS_STATES: readonly string[] = ['COMPLETED'];
export const JOB_PARTIAL_STATES: readonly string[] = ['COMPLETED_WITH_ERROR'];
export const JOB_FAILURE_STATES: readonly string[] = [
  'FAILED',
  'ERROR',
  'CANCELED',
  'INTERRUPTED',
  'FAIL_TO_READY',
  'FAIL_TO_REGISTER',
  'CANNOT_PROGRESS',
  'DELETED',
];

/** The meaning of a job state; an empty one (not read yet) is still running. */
export function jobOutcome(status: string | undefined | null): JobOutcome {
  if (!status || JOB_RUNNING_STATES.includes(status)) return 'running';
  if (JOB_SUCCESS_STATES.includes(status)) return 'succeeded';
  if (JOB_PARTIAL_STATES.includes(status)) return 'partial';
  if (JOB_FAILURE_STATES.includes(status)) return 'failed';
  return 'unknown';
}

/** Whether a job in this state has ended (a state no guide names has not: see `jobOutcome`). */
export const isJobFinished = (status: string): boolean => {
  const o = jobOutcome(status);
  return o === 'succeeded' || o === 'partial' || o === 'failed';
};

/**
 * How long a job may sit in a state no guide names before the wait ends with "unknown state":
 * long enough for a new transitional state to pass, far short of the hour a creation may take.
 */
export const UNKNOWN_STATE_PATIENCE_MS = 10 * 60_000;
