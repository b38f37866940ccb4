// RDS for MySQL API v4.0 signs in with a Bearer token (issue 27, item 2), issued from the same User
// Access Key ID and secret access key that v3.0 sends as headers:
//   POST {oauth}/oauth2/token/create
//   Authorization: Basic base64(keyId:secret), Content-Type: application/x-www-form-urlencoded,
//   body grant_type=client_credentials → { access_token, token_type, expires_in (s) }
// and sent as `X-NHN-AUTHORIZATION: Bearer <token>` beside `X-TC-APP-KEY`. The token lives in
// memory only (TokenCache: never in SecretStorage, settings or the log, where the redactor masks
// it), is reused until shortly before it expires (86,400 s by default, 60 s at the least), one
// issuance serves concurrent callers, and a call refused with 80401 or HTTP 401 gets a new token
// once. The host is the site's (src/client/sites.ts `hosts.oauth`) or the profile's override.
import * as z from 'zod/mini';
import { resolveEndpoint, type Cloud, type EndpointOverrides } from '../endpoints';
import { ApiError, AuthError, CLIENT_CODES } from '../errors';
import type { Transport } from '../http/transport';
import { refreshTime, TokenCache, type IssuedToken } from '../http/tokenCache';
import { checkResponse } from '../network/http';

export const TOKEN_OPERATION = 'oauth.createToken';
export const TOKEN_PATH = '/oauth2/token/create';
export const REVOKE_OPERATION = 'oauth.revokeToken';
export const REVOKE_PATH = '/oauth2/token/revoke';

/** Said once for a refused key pair, instead of one failure per call that needed the token. */
export const WRONG_ACCESS_KEY_MESSAGE =
  'NHN Cloud did not accept the User Access Key ID or its secret access key when issuing an RDS API v4.0 token. Check both in Edit Profile (console: API Security Settings, User Access Key); the same pair works for v3.0 calls.';

const TokenAnswer = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string(),
  expires_in: z.number().check(z.positive()),
});

export interface OAuthTokenClientOptions {
  /** The token host without a path, e.g. `https://oauth.api.nhncloudservice.com` (oauthBaseUrl). */
  baseUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  transport: Transport;
  /** Clock, for tests. */
  now?: () => number;
}

/** The token host of a profile: its override, else its site's row (a site without one says so). */
export function oauthBaseUrl(cloud: Cloud, overrides?: EndpointOverrides): string {
  return resolveEndpoint({ cloud, service: 'oauth', overrides });
}

export class OAuthTokenClient {
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly accessKeyId: string;
  private readonly secretAccessKey: string;
  private readonly now: () => number;
  private readonly tokens: TokenCache<IssuedToken>;

  constructor(opts: OAuthTokenClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.transport = opts.transport;
    this.accessKeyId = opts.accessKeyId;
    this.secretAccessKey = opts.secretAccessKey;
    this.now = opts.now ?? Date.now;
    // The Basic credentials carry both halves of the key pair, encoded: mask that form too.
    this.transport.redactor.addSecret(opts.secretAccessKey, this.basicCredentials());
    this.tokens = new TokenCache(this.now);
  }

  /** Issuance requests sent (for the log and the tests). */
  get issued(): number {
    return this.tokens.issued;
  }

  /** A valid token: the cached one, or a new one shared by every caller waiting for it. */
  async token(signal?: AbortSignal): Promise<string> {
    return (await this.tokens.get(this.accessKeyId, () => this.issue(), signal)).id;
  }

  /** Calls `fn` with a token; a refusal of the token (80401, HTTP 401) gets a new one, once. */
  withToken<T>(fn: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.tokens.withToken(
      this.accessKeyId,
      () => this.issue(),
      (t) => fn(t.id),
      {
        signal,
        onRenew: () => this.transport.logger.info('rds: a call refused the v4.0 token; issuing a new one once'),
      },
    );
  }

  /** Forgets the token (a profile's keys changed). */
  invalidate(): void {
    this.tokens.invalidate();
  }

  /**
   * Revokes the token held now, if any (the profile is left, edited or removed, or the window
   * closes): `POST /oauth2/token/revoke` with the same Basic credentials and `token=...`, as the
   * guide of December 2026 describes (RFC 7009). It is forgotten first, so nothing uses it while
   * the revocation is under way. Best effort: a failure is logged, never thrown (the token still
   * expires at its time).
   */
  async revoke(): Promise<void> {
    const held = this.tokens.peek(this.accessKeyId);
    if (!held) return;
    this.tokens.invalidate(this.accessKeyId, held.id);
    try {
      const res = await this.transport.request({
        service: 'oauth',
        operation: REVOKE_OPERATION,
        method: 'POST',
        url: this.baseUrl + REVOKE_PATH,
        headers: {
          accept: 'application/json',
          authorization: `Basic ${this.basicCredentials()}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ token: held.id }).toString(),
        // Revoking twice revokes once.
        idempotent: true,
      });
      await res.text();
      if (res.status >= 300)
        this.transport.logger.warn(`oauth: revoking the RDS API v4.0 token answered HTTP ${res.status}`);
      else this.transport.logger.info('oauth: the RDS API v4.0 token was revoked');
    } catch (err) {
      this.transport.logger.warn(
        `oauth: revoking the RDS API v4.0 token failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  private basicCredentials(): string {
    return Buffer.from(`${this.accessKeyId}:${this.secretAccessKey}`, 'utf8').toString('base64');
  }

  private async issue(): Promise<IssuedToken> {
    const sentAt = this.now();
    const res = await this.transport.request({
      service: 'oauth',
      operation: TOKEN_OPERATION,
      method: 'POST',
      url: this.baseUrl + TOKEN_PATH,
      headers: {
        accept: 'application/json',
        authorization: `Basic ${this.basicCredentials()}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      // Issuing a token creates nothing a repeat could duplicate: safe to retry after a 5xx.
      idempotent: true,
    });
    const text = await res.text();
    if (res.status === 401 || res.status === 403)
      throw new AuthError({
        service: 'oauth',
        operation: TOKEN_OPERATION,
        reason: 'unauthenticated',
        status: res.status,
        message: WRONG_ACCESS_KEY_MESSAGE,
      });
    const json = res.status >= 200 && res.status < 300 ? parseJson(text) : undefined;
    if (json === undefined) {
      this.transport.logger.debug(`✗ ${TOKEN_OPERATION} HTTP ${res.status} ${this.transport.redactor.body(text)}`);
      throw issuanceFailure(res.status);
    }
    const answer = checkResponse('oauth', TOKEN_OPERATION, TokenAnswer, json);
    this.transport.redactor.addSecret(answer.access_token);
    return { id: answer.access_token, refreshAt: refreshTime(sentAt, answer.expires_in * 1000) };
  }
}

/** The JSON of a body, or undefined when it is none. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An issuance that failed for another reason than the keys: what happened and what to try. */
function issuanceFailure(status: number): ApiError {
  return new ApiError({
    service: 'oauth',
    operation: TOKEN_OPERATION,
    status,
    code: CLIENT_CODES.httpStatus,
    retryable: status >= 500 || status === 429,
    message: `The token service answered HTTP ${status} without a token when asked for an RDS API v4.0 token. Try again in a moment; if it persists, check the token address of the profile (its "oauth" endpoint override, or the site).`,
  });
}
