// Following RDS jobs and reading paged lists. What a job's state means is ./jobStates.ts.
import { ApiError, CancelledError, isApiError } from '../errors';
import { sleep } from '../http/transport';
import { LISTING_CODES, ListingGuard } from '../listing';
import type { CallOptions } from './api';
import type { RdsClient, RdsInput, RdsOutput } from './client';
import { jobOutcome, UNKNOWN_STATE_PATIENCE_MS } from './jobStates';

export * from './jobStates';

export type Job = RdsOutput<'getJob'>;

export interface WaitForJobOptions {
  signal?: AbortSignal;
  /** Called after every poll with the job as last read. */
  onProgress?: (job: Job) => void;
  /** Delay before the second poll (the first is immediate); grows 1.5x per poll. Default 2000 ms. */
  initialDelayMs?: number;
  /** Upper bound of the delay between polls. Default 10000 ms. */
  maxDelayMs?: number;
  /** Overall limit. Default 60 minutes (creating or restoring a large instance is slow). */
  timeoutMs?: number;
  /** How long a state no guide names may last before the wait gives up. Default `UNKNOWN_STATE_PATIENCE_MS`. */
  unknownStatePatienceMs?: number;
}

/**
 * Polls `GET /v3.0/jobs/{jobId}` until the job ends. Resolves with the ended job when it
 * COMPLETED or COMPLETED_WITH_ERROR (`jobOutcome(job.jobStatus) === 'partial'`: its result exists
 * but a step failed; see `jobEndedText`), its `resourceRelations` naming what it made (see
 * `jobResourceId`); rejects with ApiError (code: the job's state) when the job fails, sits in a
 * state no guide names for `UNKNOWN_STATE_PATIENCE_MS`, or the time limit passes, and with
 * CancelledError when `signal` aborts (no timer is left behind). A failed poll that may succeed
 * later (network, 5xx) is not fatal: polling goes on until the limit.
 */
export async function waitForJob(
  client: Pick<RdsClient, 'getJob'>,
  jobId: string,
  opts: WaitForJobOptions = {},
): Promise<Job> {
  const initial = opts.initialDelayMs ?? 2_000;
  const max = opts.maxDelayMs ?? 10_000;
  const timeoutMs = opts.timeoutMs ?? 60 * 60_000;
  const patience = opts.unknownStatePatienceMs ?? UNKNOWN_STATE_PATIENCE_MS;
  const deadline = Date.now() + timeoutMs;
  let delay = initial;
  /** Since when the job has been in the state no guide names that it is in now. */
  let unknownSince: { status: string; at: number } | undefined;
  for (;;) {
    if (opts.signal?.aborted) throw new CancelledError();
    let job: Job | undefined;
    try {
      job = await client.getJob({ jobId }, { signal: opts.signal });
    } catch (err) {
      if (!(isApiError(err) && err.retryable)) throw err;
    }
    if (job) {
      opts.onProgress?.(job);
      const outcome = jobOutcome(job.jobStatus);
      if (outcome === 'succeeded' || outcome === 'partial') return job;
      if (outcome === 'failed')
        throw new ApiError({
          service: 'rds',
          operation: 'rds.getJob',
          code: job.jobStatus,
          message: jobEndedText(jobId, job.jobStatus),
        });
      if (outcome === 'unknown') {
        if (unknownSince?.status !== job.jobStatus) unknownSince = { status: job.jobStatus, at: Date.now() };
        else if (Date.now() - unknownSince.at >= patience)
          throw new ApiError({
            service: 'rds',
            operation: 'rds.getJob',
            code: job.jobStatus,
            message: jobEndedText(jobId, job.jobStatus),
          });
      } else unknownSince = undefined;
    }
    const left = deadline - Date.now();
    if (left <= 0)
      throw new ApiError({
        service: 'rds',
        operation: 'rds.getJob',
        code: 'JobTimeout',
        retryable: true,
        message: `The RDS job ${jobId} did not finish within ${Math.round(timeoutMs / 60_000) || '<1'} minutes (last state ${job?.jobStatus ?? 'unknown'}). It may still be running: check the instance later.`,
      });
    await sleep(
      Math.min(delay, left, unknownSince ? Math.max(1, patience - (Date.now() - unknownSince.at)) : left),
      opts.signal,
    );
    delay = Math.min(max, Math.round(delay * 1.5));
  }
}

/**
 * What a job that ended (or stopped in a state no guide names) did, in the client's English (the
 * log's; the editor says it again in the display language: src/shared/errorText.ts).
 */
export function jobEndedText(jobId: string, status: string): string {
  switch (jobOutcome(status)) {
    case 'partial':
      return `The RDS job ${jobId} completed with errors (${status}): its result exists, but a step failed. See the instance's events for what failed.`;
    case 'failed':
      return `The RDS job ${jobId} ended ${status}. See the instance's events for the reason, then try again.`;
    case 'unknown':
      return `The RDS job ${jobId} is in the state ${status}, which this version of the extension does not know, and has not left it; it is no longer followed. Check the instance and its events.`;
    default:
      return `The RDS job ${jobId} is ${status}.`;
  }
}

/** The id of the resource of a type a job worked on (default DB_INSTANCE: the created instance). */
export function jobResourceId(job: Pick<Job, 'resourceRelations'>, resourceType = 'DB_INSTANCE'): string | undefined {
  return job.resourceRelations.find((r) => r.resourceType === resourceType)?.resourceId;
}

// ---- Paging ------------------------------------------------------------------------------

export interface Page<T> {
  /** 1-based page number. */
  page: number;
  items: T[];
  /** Total number of items the service reports across all pages. */
  totalCounts: number;
}

export interface PagingOptions extends CallOptions {
  /** Items per page, 1 to 100. Default 100. */
  pageSize?: number;
  /** First page to read. Default 1. */
  startPage?: number;
}

type BackupsQuery = Omit<NonNullable<RdsInput<'listBackups'>['query']>, 'page' | 'size'>;
type EventsQuery = Omit<NonNullable<RdsInput<'listEvents'>['query']>, 'page' | 'size'>;
export type BackupItem = RdsOutput<'listBackups'>['backups'][number];
export type EventItem = RdsOutput<'listEvents'>['events'][number];

/**
 * The pages of a paged list. A server whose `totalCounts` lies cannot keep it going: a full page
 * equal to the one before, or full pages past one page more than the first answer's
 * `totalCounts`, end in an error that says what the server did; so does passing the ceiling of
 * one listing (ListingGuard).
 */
async function* pages<T>(
  operation: string,
  fetchPage: (page: number, size: number) => Promise<{ items: T[]; totalCounts: number }>,
  opts: PagingOptions,
): AsyncGenerator<Page<T>> {
  const size = opts.pageSize ?? 100;
  const startPage = Math.max(1, opts.startPage ?? 1);
  const guard = new ListingGuard('rds', operation);
  let seen = (startPage - 1) * size;
  let firstTotal: number | undefined;
  let previous: string | undefined;
  for (let page = startPage; ; page++) {
    const { items, totalCounts } = await fetchPage(page, size);
    firstTotal ??= totalCounts;
    seen += items.length;
    // Stop on a short or empty page too: totalCounts may move while we read.
    const more = items.length >= size && seen < totalCounts;
    guard.page(items.length, false);
    if (more) {
      const same = JSON.stringify(items);
      if (same === previous)
        throw notAdvancing(operation, `answered page ${page} with the same items as page ${page - 1}`);
      if (seen >= firstTotal + size)
        throw notAdvancing(
          operation,
          `kept answering full pages past the ${firstTotal} items it reported at first (page ${page}, ${seen} items, totalCounts now ${totalCounts})`,
        );
      previous = same;
    }
    yield { page, items, totalCounts };
    if (!more) return;
  }
}

function notAdvancing(operation: string, what: string): ApiError {
  return new ApiError({
    service: 'rds',
    operation,
    code: LISTING_CODES.noProgress,
    message: `${operation}: RDS ${what}; the list was stopped, as it would never end. Try again later; if it persists, report it with the log.`,
  });
}

/** Backups, one page at a time: `for await (const page of listAllBackups(rds, { dbInstanceId }))`. */
export function listAllBackups(
  client: Pick<RdsClient, 'listBackups'>,
  query: BackupsQuery = {},
  opts: PagingOptions = {},
): AsyncGenerator<Page<BackupItem>> {
  return pages(
    'rds.listBackups',
    async (page, size) => {
      const r = await client.listBackups({ query: { ...query, page, size } }, { signal: opts.signal });
      return { items: r.backups, totalCounts: r.totalCounts };
    },
    opts,
  );
}

/** Events, one page at a time (`from`, `to` and `eventCategoryType` are required by the service). */
export function listAllEvents(
  client: Pick<RdsClient, 'listEvents'>,
  query: EventsQuery,
  opts: PagingOptions = {},
): AsyncGenerator<Page<EventItem>> {
  return pages(
    'rds.listEvents',
    async (page, size) => {
      const r = await client.listEvents({ query: { ...query, page, size } }, { signal: opts.signal });
      return { items: r.events, totalCounts: r.totalCounts };
    },
    opts,
  );
}
