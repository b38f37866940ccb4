// Keystone v2.0 identity tokens (the live service, as observed): one token per tenant, kept by
// the shared TokenCache (until shortly before it expires, shared by concurrent callers, issued
// again once when a call answers 401); and the service catalog that tells where network and
// object storage live.
import { AuthError, isAuthError } from '../errors';
import { resolveEndpoint, type Cloud, type EndpointOverrides, type Region } from '../endpoints';
import { fillPath } from '../operation';
import type { Transport } from '../http/transport';
import { refreshTime, TokenCache } from '../http/tokenCache';
import { checkResponse, requestJson, validate } from './http';
import { identityOperation, TokenResponse, type CatalogEntry } from './identityOperations';

export const WRONG_PASSWORD_MESSAGE =
  'The identity service rejected the user name or API password (the API password is set in the console, not the login password)';

export interface IdentityClientOptions {
  /** Identity address without `/v2.0`, e.g. `https://api-identity-infrastructure.nhncloudservice.com`. */
  baseUrl: string;
  /** The tenant (project) of the network service; object storage may use another (pass it to token()). */
  tenantId: string;
  /** Account e-mail or IAM ID. */
  username: string;
  /** The API password set in the console (not the login password). */
  password: string;
  transport: Transport;
  /** For endpointFor(): the cloud whose default addresses apply, and the profile's overrides. */
  cloud?: Cloud;
  overrides?: EndpointOverrides;
  /** Clock, for tests. */
  now?: () => number;
}

/** What one issuance gives: the token and what came with it. */
export interface TokenSession {
  id: string;
  tenantId: string;
  userId: string;
  /** `access.token.expires` as the service sent it. */
  expires: string;
  /** Local time (ms) after which the token is issued again instead of reused. */
  refreshAt: number;
  catalog: CatalogEntry[];
}

export type CatalogType = 'network' | 'object-store';

interface TokenOptions {
  signal?: AbortSignal;
  /** Another tenant than the client's (object storage's own tenant). */
  tenantId?: string;
}

export class IdentityClient {
  readonly baseUrl: string;
  readonly tenantId: string;
  readonly transport: Transport;
  private readonly username: string;
  private readonly password: string;
  private readonly cloud: Cloud;
  private readonly overrides?: EndpointOverrides;
  private readonly now: () => number;
  /** One token per tenant. */
  private readonly tokens: TokenCache<TokenSession>;

  constructor(opts: IdentityClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.tenantId = opts.tenantId;
    this.username = opts.username;
    this.password = opts.password;
    this.transport = opts.transport;
    this.cloud = opts.cloud ?? 'public';
    this.overrides = opts.overrides;
    this.now = opts.now ?? Date.now;
    this.transport.redactor.addSecret(opts.password);
    this.tokens = new TokenCache(this.now);
  }

  /** Number of issuance requests sent (for the log and the tests). */
  get issued(): number {
    return this.tokens.issued;
  }

  /** A valid token id for the tenant: the cached one, or a new one. */
  async token(opts: TokenOptions = {}): Promise<string> {
    return (await this.session(opts)).id;
  }

  /** The cached session of the tenant, issuing a token when none is fresh. Concurrent callers share one issuance. */
  async session(opts: TokenOptions = {}): Promise<TokenSession> {
    const tenantId = opts.tenantId ?? this.tenantId;
    return this.tokens.get(tenantId, () => this.issue(tenantId), opts.signal);
  }

  /** Forgets the tenant's token (all tenants without an argument). With `onlyToken`, only if that is still the cached one. */
  invalidate(tenantId?: string, onlyToken?: string): void {
    this.tokens.invalidate(tenantId, onlyToken);
  }

  /**
   * Calls fn with a token; when fn fails with a 401 AuthError (token expired or revoked early),
   * issues a new token once and calls fn again. A second 401 is passed on.
   */
  async withToken<T>(fn: (token: string) => Promise<T>, opts: TokenOptions = {}): Promise<T> {
    const tenantId = opts.tenantId ?? this.tenantId;
    return this.tokens.withToken(
      tenantId,
      () => this.issue(tenantId),
      (session) => fn(session.id),
      {
        signal: opts.signal,
        onRenew: () =>
          this.transport.logger.info(`identity: a call answered 401; issuing a new token for tenant ${tenantId} once`),
      },
    );
  }

  /** The API user id (`access.user.id`), needed by the credential operations. */
  async userId(opts: TokenOptions = {}): Promise<string> {
    return (await this.session(opts)).userId;
  }

  /**
   * The base address of a service in a region: the profile's override, else the token's
   * serviceCatalog, else the cloud's default (src/client/endpoints.ts). No token is issued
   * when an override decides.
   */
  async endpointFor(type: CatalogType, region: Region, opts: TokenOptions = {}): Promise<string> {
    const service = type === 'network' ? 'network' : 'storage';
    if (this.overrides?.[service]?.trim())
      return resolveEndpoint({ cloud: this.cloud, service, region, overrides: this.overrides });
    const { catalog } = await this.session(opts);
    return resolveEndpoint({
      cloud: this.cloud,
      service,
      region,
      overrides: this.overrides,
      catalogUrl: catalogUrl(catalog, type, region),
    });
  }

  /** The regions the token's serviceCatalog lists for a service type, upper-case (issues a token when none is held). */
  async catalogRegions(type: CatalogType, opts: TokenOptions = {}): Promise<string[]> {
    const { catalog } = await this.session(opts);
    const entry = catalog.find((c) => c.type === type);
    return [...new Set((entry?.endpoints ?? []).map((e) => (e.region ?? '').toUpperCase()).filter(Boolean))];
  }

  private async issue(tenantId: string): Promise<TokenSession> {
    const op = identityOperation('issueToken');
    const body = validate(
      op.id,
      op.body!,
      { auth: { tenantId, passwordCredentials: { username: this.username, password: this.password } } },
      'body',
    );
    const sentAt = this.now();
    let json: unknown;
    try {
      ({ json } = await requestJson({
        transport: this.transport,
        service: 'identity',
        operation: op.id,
        method: op.method,
        url: this.baseUrl + op.path,
        body,
        // Issuing a token creates nothing a repeat could duplicate: safe to retry after a 5xx.
        idempotent: true,
      }));
    } catch (err) {
      if (isAuthError(err) && err.reason === 'unauthenticated') {
        throw new AuthError({
          service: 'identity',
          operation: op.id,
          reason: 'unauthenticated',
          status: err.status,
          message: `${WRONG_PASSWORD_MESSAGE}. Check also the tenant ID (${tenantId}) of the profile.`,
        });
      }
      throw err;
    }
    const access = checkResponse('identity', op.id, TokenResponse, json).access;
    this.transport.redactor.addSecret(access.token.id);
    return this.remember(tenantId, access, sentAt);
  }

  private remember(tenantId: string, access: TokenResponse['access'], sentAt: number): TokenSession {
    const expires = Date.parse(access.token.expires);
    // Lifetime by the server's own clock (issued_at), so a skewed local clock does not matter.
    const issuedAt = access.token.issued_at
      ? Date.parse(
          access.token.issued_at.endsWith('Z') || /[+-]\d\d:?\d\d$/.test(access.token.issued_at)
            ? access.token.issued_at
            : `${access.token.issued_at}Z`,
        )
      : NaN;
    const lifetime = expires - (Number.isFinite(issuedAt) ? issuedAt : sentAt);
    return {
      id: access.token.id,
      tenantId,
      userId: access.user.id,
      expires: access.token.expires,
      refreshAt: refreshTime(sentAt, lifetime),
      catalog: access.serviceCatalog ?? [],
    };
  }

  /** Fills an identity path and returns the full URL (for the credential operations). */
  url(path: string, params: Record<string, string>): string {
    return this.baseUrl + fillPath(path, params);
  }
}

/** publicURL of a catalog entry for a type and region (region compared case-insensitively). */
export function catalogUrl(catalog: CatalogEntry[], type: string, region: string): string | undefined {
  const entry = catalog.find((c) => c.type === type);
  const ep = entry?.endpoints.find((e) => (e.region ?? '').toUpperCase() === region.toUpperCase());
  return ep?.publicURL;
}
