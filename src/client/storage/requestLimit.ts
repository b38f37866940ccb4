// Object storage's request limit: 500 writes per second per storage account; past it a request
// waits up to 60 s at the server and then gets HTTP 429 (the storage guide; S3 servers say
// 503 SlowDown for the same). Such an answer means the request was not carried out, so any
// request, POST included, may be sent again. The client waits with jitter (or as long as
// Retry-After says), tells whoever watches (a transfer's progress), and gives up after a
// bounded time with a message that says what to do.

/** How long to wait between attempts and how long to keep trying. */
export interface RequestLimitPolicy {
  /** First wait; each next one doubles, up to `maxDelayMs`. Default 1 s. */
  baseDelayMs: number;
  /** Longest single wait, also for a Retry-After. Default 20 s. */
  maxDelayMs: number;
  /** Time spent waiting after which the request fails. Default 3 min. */
  giveUpAfterMs: number;
}

export const DEFAULT_REQUEST_LIMIT_POLICY: RequestLimitPolicy = {
  baseDelayMs: 1_000,
  maxDelayMs: 20_000,
  giveUpAfterMs: 180_000,
};

/** What a watcher is told before each wait. */
export interface RequestLimitEvent {
  /** Operation id, e.g. `storage.uploadPart`. */
  operation: string;
  /** HTTP status of the answer (429 or 503). */
  status: number;
  /** The wait about to start. */
  delayMs: number;
  /** Time this request has waited so far, before this wait. */
  waitedMs: number;
}

/**
 * An answer that says "too many requests, not carried out": 429, or S3's SlowDown (a 503 with
 * that code). A 503 without it is an outage, not the limit: the transport's short retries apply.
 */
export function isRequestLimit(status: number, code: string | undefined): boolean {
  return status === 429 || code === 'SlowDown' || code === 'TooManyRequests';
}

/** Seconds (`Retry-After: 7`) or an HTTP date, as milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before attempt `attempt + 1`, or undefined when the request should give up: the
 * server's Retry-After when it gave one, else exponential backoff with full jitter; never past
 * `maxDelayMs`, and never past what is left of `giveUpAfterMs`.
 */
export function requestLimitDelay(
  policy: RequestLimitPolicy,
  attempt: number,
  waitedMs: number,
  retryAfter: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  const left = policy.giveUpAfterMs - waitedMs;
  if (left <= 0) return undefined;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(attempt - 1, 30));
  // Full jitter, but not below a tenth of the step: thousands of files throttled together spread out.
  const backoff = ceiling * (0.1 + 0.9 * random());
  const wanted = retryAfter !== undefined ? Math.min(retryAfter, policy.maxDelayMs) : backoff;
  return Math.max(1, Math.round(Math.min(wanted, left)));
}
