// The pure half of the job tracker (./jobs.ts): when to poll next, what a job status means,
// which jobs to keep. vscode-free so it is unit-tested.
//
// Cost target: at most ~60 requests over a 10-minute job. The delay starts at 2 s (most
// small jobs end within seconds), grows by 1.5x and stays at 15 s, which gives 43 requests
// over 10 minutes (see test/unit/jobs/schedule.test.ts); existing tools poll every 5-15 s.
import { jobOutcome } from '../client/rds/jobStates';
import { l10n } from '../shared/l10n';
import type { RdsProductId } from '../client/products';

export const FIRST_DELAY_MS = 2000;
export const MAX_DELAY_MS = 15000;
export const GROWTH = 1.5;
/** A job still running after this long is reported as "still running" and no longer polled. */
export const GIVE_UP_AFTER_MS = 3 * 60 * 60 * 1000;

/** Delay before poll number `attempt` (0-based), without jitter. */
export function backoffDelay(attempt: number): number {
  return Math.min(MAX_DELAY_MS, Math.round(FIRST_DELAY_MS * GROWTH ** Math.max(0, attempt)));
}

/** The same with +-10 % jitter so many jobs started together do not poll in lock-step. */
export function jitteredDelay(attempt: number, random: () => number = Math.random): number {
  const d = backoffDelay(attempt);
  return Math.round(d * (0.9 + 0.2 * random()));
}

/** Poll times (ms since start) within `durationMs`: what a job of that length costs. */
export function pollSchedule(durationMs: number): number[] {
  const times: number[] = [];
  let t = 0;
  for (let attempt = 0; ; attempt++) {
    t += backoffDelay(attempt);
    if (t > durationMs) return times;
    times.push(t);
  }
}

/**
 * A tracked job's state: `partial` is COMPLETED_WITH_ERROR (ended, a step failed); `unknown` is a
 * job no longer followed without a known end (polling failed, or it sat in a state no guide names).
 */
export type JobState = 'running' | 'succeeded' | 'partial' | 'failed' | 'unknown';

/**
 * The tracker's reading of a job state (the client's `jobOutcome`, the one place that knows the
 * states): a state no guide names keeps the job running here; the tracker gives up on it after
 * `UNKNOWN_STATE_PATIENCE_MS` in that state, saying the state as the service wrote it.
 */
export function jobState(jobStatus: string | undefined): JobState {
  const outcome = jobOutcome(jobStatus);
  return outcome === 'unknown' ? 'running' : outcome;
}

/** One tracked job as persisted in workspaceState (no secrets: ids, labels and times only). */
export interface JobRecord {
  jobId: string;
  profileId: string;
  region: string;
  /** The RDS product whose API the job belongs to (absent: RDS for MySQL, as jobs saved before it). */
  product?: RdsProductId;
  /** What the user did, e.g. "Stop db-01". */
  title: string;
  /** Tree id of the affected node (revealed, shown busy, refreshed when done). */
  nodeId?: string;
  /** Further tree ids to refresh when the job ends (e.g. the folder a created item appears in). */
  refreshIds?: string[];
  startedAt: number;
  updatedAt: number;
  endedAt?: number;
  status: string;
  state: JobState;
  /** The resource the job created (resourceRelations DB_INSTANCE), when known. */
  resourceId?: string;
  /** What the job makes, found by its label among the folder's rows once it is done: Reveal selects it. */
  made?: MadeRow;
}

/**
 * The row a job makes where the service answers only the job (Back Up Now's backup): the folder
 * it appears in and its label (a name the user gave it).
 */
export interface MadeRow {
  folderId: string;
  label: string;
}

export const KEEP_JOBS = 50;
export const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;

/** Running jobs always stay; finished ones for a week, at most KEEP_JOBS records in all, newest first. */
export function pruneJobs(jobs: readonly JobRecord[], now: number): JobRecord[] {
  const sorted = [...jobs].sort((a, b) => b.startedAt - a.startedAt);
  const running = sorted.filter((j) => j.state === 'running');
  const finished = sorted.filter((j) => j.state !== 'running' && now - (j.endedAt ?? j.updatedAt) < KEEP_FINISHED_MS);
  return [...running, ...finished.slice(0, Math.max(0, KEEP_JOBS - running.length))].sort(
    (a, b) => b.startedAt - a.startedAt,
  );
}

/** "3 min 20 s" */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return l10n.t('{0} min {1} s', m, s % 60);
  return l10n.t('{0} h {1} min', Math.floor(m / 60), m % 60);
}

/**
 * A job's state as the status bar, the jobs list and the notifications say it: "running",
 * "completed with errors". The states the guides name (src/client/rds/jobStates.ts) are in words;
 * one they do not name is shown as the service wrote it.
 */
export function jobStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case undefined:
    case null:
    case '':
      return l10n.t('waiting for its first state');
    case 'CREATED':
      return l10n.t('created');
    case 'PREPARING':
      return l10n.t('preparing');
    case 'READY':
      return l10n.t('ready to run');
    case 'RUNNING':
      return l10n.t('running');
    case 'REGISTERED':
      return l10n.t('registered');
    case 'WAIT_TO_REGISTER':
      return l10n.t('waiting to be registered');
    case 'COMPLETED':
      return l10n.t('completed');
    case 'COMPLETED_WITH_ERROR':
      return l10n.t('completed with errors');
    case 'FAILED':
      return l10n.t('failed');
    case 'ERROR':
      return l10n.t('ended in an error');
    case 'CANCELED':
      return l10n.t('cancelled');
    case 'INTERRUPTED':
      return l10n.t('interrupted');
    case 'FAIL_TO_READY':
      return l10n.t('could not get ready');
    case 'FAIL_TO_REGISTER':
      return l10n.t('could not be registered');
    case 'CANNOT_PROGRESS':
      return l10n.t('cannot progress');
    case 'DELETED':
      return l10n.t('deleted');
    default:
      return status;
  }
}
