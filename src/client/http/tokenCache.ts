// Tokens a service issues for a while: the identity service's Keystone tokens (network, object
// storage) and the OAuth tokens of RDS API v4.0. One place keeps them the same way: in memory
// only, reused until shortly before they expire, one issuance shared by concurrent callers (a
// caller that gives up does not fail the others), and issued again once when a call says the
// token is no longer valid.
import { CancelledError, isAuthError } from '../errors';

/** Refresh this long before expiry (or after half the lifetime, for tokens shorter than twice this). */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

/** What the cache needs of an issued token. */
export interface IssuedToken {
  /** The token itself (the secret a call sends). */
  id: string;
  /** Local time (ms) after which the token is issued again instead of reused. */
  refreshAt: number;
}

/**
 * When a token issued at `sentAt` (local ms) with a lifetime of `lifetimeMs` should be replaced:
 * the refresh margin before expiry; a lifetime unknown or not positive serves one call only.
 */
export function refreshTime(sentAt: number, lifetimeMs: number): number {
  const keepFor =
    Number.isFinite(lifetimeMs) && lifetimeMs > 0 ? lifetimeMs - Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 2) : 0;
  return sentAt + keepFor;
}

/** Whether an error says the token was refused (HTTP 401, or RDS 80401): a new token may help once. */
export function isTokenRefused(err: unknown): boolean {
  return isAuthError(err) && err.reason === 'unauthenticated' && (err.status === 401 || String(err.code) === '80401');
}

export class TokenCache<T extends IssuedToken> {
  private readonly cache = new Map<string, T>();
  private readonly pending = new Map<string, Promise<T>>();
  /** Issuance requests started (for the log and the tests). */
  issued = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The cached token of `key` (a tenant, a key ID) while fresh, else one `issue()` shared by every
   * caller waiting for it. The issuer is passed by each caller (rather than held by the cache) so
   * that the call from a client's method to its issuance stays in that method's code, where
   * scripts/operationReach.ts follows it.
   */
  async get(key: string, issue: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new CancelledError();
    const cached = this.cache.get(key);
    if (cached && this.now() < cached.refreshAt) return cached;
    let pending = this.pending.get(key);
    if (!pending) {
      this.issued++;
      // Issued without any one caller's signal: a caller that gives up must not fail the others.
      pending = issue()
        .then((token) => {
          this.cache.set(key, token);
          return token;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return raceAbort(pending, signal);
  }

  /** The token of `key` held now, fresh or not (none issued or forgotten: undefined); never issues one. */
  peek(key: string): T | undefined {
    return this.cache.get(key);
  }

  /** Forgets the token of `key` (every key without one); with `onlyToken`, only while that is still the cached one. */
  invalidate(key?: string, onlyToken?: string): void {
    if (key === undefined) {
      this.cache.clear();
      return;
    }
    const cached = this.cache.get(key);
    if (cached && (onlyToken === undefined || cached.id === onlyToken)) this.cache.delete(key);
  }

  /**
   * Calls `fn` with a token; when it fails because the token was refused (expired or revoked
   * early: isTokenRefused), issues a new token once and calls `fn` again. A second refusal is
   * passed on. `onRenew` is told before the new issuance (for the log).
   */
  async withToken<R>(
    key: string,
    issue: () => Promise<T>,
    fn: (token: T) => Promise<R>,
    opts: { signal?: AbortSignal; onRenew?: () => void } = {},
  ): Promise<R> {
    const first = await this.get(key, issue, opts.signal);
    try {
      return await fn(first);
    } catch (err) {
      if (!isTokenRefused(err)) throw err;
      opts.onRenew?.();
      this.invalidate(key, first.id);
      return await fn(await this.get(key, issue, opts.signal));
    }
  }
}

/** `p`, or a CancelledError as soon as `signal` aborts (p itself goes on for other callers). */
export function raceAbort<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CancelledError());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
