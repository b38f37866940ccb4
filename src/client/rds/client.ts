// RdsClient: one method per row of the operations table (./schemas.ts RDS_OPERATIONS),
// typed from the schemas. Every call validates path parameters, query and body before
// anything is sent (ValidationError with field issues), sends the three X-TC-* headers,
// checks `header` (every RDS answer is HTTP 200; failure is in `header`) and parses the
// payload tolerantly. See ./api.ts for the calling convention.
//
// It speaks API v3.0 (the three X-TC-* headers) or v4.0 (`X-TC-APP-KEY` and a Bearer token from
// ./oauthToken.ts), each from its own table (./versions.ts): an operation the profile's version
// lacks is refused before anything is sent, naming the version that has it.
//
// Query arrays (`logFileTypes`, `measureNames`, `ruleIds`) are sent as repeated parameters,
// `?ruleIds=a&ruleIds=b`, the form Spring-style services (such as this one) bind to lists.
import type * as z from 'zod/mini';
import { ApiError, AuthError, CLIENT_CODES, ValidationError, type FieldIssue } from '../errors';
import type { Logger } from '../http/redact';
import { isTokenRefused } from '../http/tokenCache';
import type { Transport } from '../http/transport';
import { fillPath, isIdempotent, pathParams, type Operation } from '../operation';
import type { CallOptions, RdsOperationName, RdsOperationRow } from './api';
import { RdsOperationMethods } from './methods';
import type { OAuthTokenClient } from './oauthToken';
import { expandUnknownKeys, formatPath, storageResizeSchema, type RdsSchemas, type RdsV3Schemas } from './schemas';
import { productPermission, type RdsProductId } from '../products';
import { rdsOperationIn, type RdsClientApiVersion } from './versions';
import type { RdsV4Release } from './v4Rows';

export type { CallOptions, RdsOperationName } from './api';

export interface RdsCredentials {
  /** X-TC-APP-KEY: the service app key or the project's integrated app key. */
  appKey: string;
  /** X-TC-AUTHENTICATION-ID: ID of the user access key. */
  accessKeyId: string;
  /** X-TC-AUTHENTICATION-SECRET: the secret access key. */
  secretAccessKey: string;
}

export interface RdsClientOptions {
  /** Regional endpoint, e.g. `https://kr1-rds-mysql.api.nhncloudservice.com` (no `/v3.0`). */
  baseUrl: string;
  credentials: RdsCredentials;
  transport: Transport;
  /** Defaults to the transport's logger. */
  logger?: Logger;
  /** The API version the profile chose; v3.0 when left out (what profiles made before v4.0 use). */
  apiVersion?: RdsClientApiVersion;
  /**
   * v4.0 only: the release the product's guide on the site documents (src/client/products.ts
   * productV4Release: one of the first release lacks the 2026 additions).
   */
  v4Release?: RdsV4Release;
  /** The RDS product the base URL serves (RDS for MySQL when left out): the same API, its own permissions. */
  product?: RdsProductId;
  /** v4.0 only: issues the Bearer token from the same key pair (shared by the profile's regional clients). */
  tokens?: OAuthTokenClient;
}

// ---- Types derived from the table -------------------------------------------------------

type Row<K extends RdsOperationName> = Extract<RdsOperationRow, { name: K }>;
type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamNames<Rest>
  : never;
/** The input type of a part (query or body) of a schema set; never when it has none. */
type InputOf<S, Key extends string> = S extends { [k in Key]: infer T extends z.ZodMiniType } ? z.input<T> : never;
/** A part as either version's table takes it (v4.0 renamed a few fields; the client checks the input against its own version's schemas before sending). */
type EitherInput<K extends RdsOperationName, Key extends string> =
  InputOf<RdsSchemas[K], Key> | (K extends keyof RdsV3Schemas ? InputOf<RdsV3Schemas[K], Key> : never);
type Part<K extends RdsOperationName, Key extends string> = [EitherInput<K, Key>] extends [never]
  ? unknown
  : undefined extends EitherInput<K, Key>
    ? { [k in Key]?: EitherInput<K, Key> }
    : { [k in Key]: EitherInput<K, Key> };

/** What a method takes: path parameters as fields, plus `query` and `body` where the operation has them. */
export type RdsInput<K extends RdsOperationName> = { [N in PathParamNames<Row<K>['path']>]: string } & Part<
  K,
  'query'
> &
  Part<K, 'body'>;
/** What a method resolves to: the payload without `header`. */
export type RdsOutput<K extends RdsOperationName> = z.output<RdsSchemas[K]['response']>;
/** A method's arguments: the input may be left out where every part of it is optional. */
export type RdsArgs<K extends RdsOperationName> =
  Record<string, never> extends RdsInput<K>
    ? [input?: RdsInput<K>, opts?: CallOptions]
    : [input: RdsInput<K>, opts?: CallOptions];

// ---- The client ------------------------------------------------------------------------

export const RDS_UNAUTHENTICATED_MESSAGE =
  'The RDS app key or user access key was rejected: check them with Edit Profile.';

/** A v4.0 change refused with 80401 (its token revoked early): a new token is ready, the change was not made. */
export const RDS_TOKEN_REFUSED_MESSAGE =
  'RDS refused the sign-in token of this request (it may have been revoked), so nothing was changed. A new token has been issued: run the action again.';

// One method per row of the table, each a one-liner over `call`, generated into ./methods.ts
// (scripts/gen-client-methods.ts): Go to Definition from a call lands on its body.
export class RdsClient extends RdsOperationMethods {
  readonly baseUrl: string;
  readonly transport: Transport;
  readonly apiVersion: RdsClientApiVersion;
  readonly v4Release: RdsV4Release;
  readonly product: RdsProductId;
  private readonly credentials: RdsCredentials;
  private readonly logger: Logger;
  private readonly tokens: OAuthTokenClient | undefined;

  constructor(opts: RdsClientOptions) {
    super();
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.credentials = { ...opts.credentials };
    this.transport = opts.transport;
    this.logger = opts.logger ?? opts.transport.logger;
    this.apiVersion = opts.apiVersion ?? 'v3.0';
    this.v4Release = opts.v4Release ?? '2026-03';
    this.product = opts.product ?? 'mysql';
    this.tokens = opts.tokens;
    if (this.apiVersion === 'v4.0' && !this.tokens) throw new Error('RdsClient: API v4.0 needs a token client');
    const { appKey, accessKeyId, secretAccessKey } = opts.credentials;
    opts.transport.redactor.addSecret(appKey, accessKeyId, secretAccessKey);
  }

  /** Whether this client's version (and release) has an operation: the tree and commands hide what it lacks. */
  has(name: RdsOperationName): boolean {
    return rdsOperationIn(this.apiVersion, name, this.v4Release) !== undefined;
  }

  /**
   * Whether this version's body of an operation has a field (v4.0 added `deleteAutoBackup`,
   * renamed `selectAllYN` to `selectAll`): commands ask the table, not the version's name.
   */
  accepts(name: RdsOperationName, field: string): boolean {
    return bodyFields(rdsOperationIn(this.apiVersion, name, this.v4Release)?.body).has(field);
  }

  /**
   * Calls an operation by name; the typed methods are this with the name filled in. A paged list
   * (v4.0: `page` and `size` optional, 20 a page when left out) called without `page` answers the
   * whole list, read 100 at a time: a caller that wants one page names it.
   */
  async call<K extends RdsOperationName>(name: K, input?: RdsInput<K>, opts: CallOptions = {}): Promise<RdsOutput<K>> {
    const op = rdsOperationIn(this.apiVersion, name, this.v4Release);
    if (!op) throw this.notInVersion(name);
    const query = (input as { query?: Record<string, unknown> } | undefined)?.query;
    if (isPagedList(op) && query?.page === undefined)
      return (await this.allPages(op, (input ?? {}) as Record<string, unknown>, opts)) as RdsOutput<K>;
    return this.callOnce(op, input, opts) as Promise<RdsOutput<K>>;
  }

  /**
   * Every page of a paged list, concatenated into the first page's answer (its `totalCounts` kept).
   * Ends at a short page or once `totalCounts` items are read; a server that answers full pages
   * without a count ends after `MAX_PAGES` with an error that says so, never an endless loop.
   */
  private async allPages(op: Operation, input: Record<string, unknown>, opts: CallOptions) {
    const query = (input.query ?? {}) as Record<string, unknown>;
    let first: Record<string, unknown> | undefined;
    let listKey: string | undefined;
    const items: unknown[] = [];
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES)
        throw new ApiError({
          service: 'rds',
          operation: op.id,
          code: CLIENT_CODES.listingCeiling,
          message: `RDS answered ${MAX_PAGES} full pages of ${op.id} without saying how many items there are; the list was not read to its end. Try again later; if it persists, report this with the log.`,
        });
      const answer = (await this.callOnce(
        op,
        { ...input, query: { ...query, page, size: PAGE_SIZE } },
        opts,
      )) as Record<string, unknown>;
      first ??= answer;
      listKey ??= Object.keys(answer).find((k) => Array.isArray(answer[k]));
      const got = listKey ? ((answer[listKey] as unknown[] | undefined) ?? []) : [];
      items.push(...got);
      const total = typeof answer.totalCounts === 'number' ? answer.totalCounts : undefined;
      // A short page ends the list; so does reaching the count the service gave.
      if (got.length < PAGE_SIZE || (total !== undefined && items.length >= total)) break;
    }
    return listKey ? { ...first, [listKey]: items } : first;
  }

  /** One call as the caller asked it (one page of a paged list). */
  private async callOnce(op: Operation, input: unknown, opts: CallOptions): Promise<unknown> {
    const request = this.prepare(op, (input ?? {}) as Record<string, unknown>, opts);
    if (!this.tokens) return await this.exchange(op, request, {}, opts.signal);
    const tokens = this.tokens;
    const bearer = (token: string) => ({ 'X-NHN-AUTHORIZATION': `Bearer ${token}` });
    // A refused token gets one new token (TokenCache); only a call safe to repeat is sent again.
    if (isIdempotent(op))
      return await tokens.withToken((token) => this.exchange(op, request, bearer(token), opts.signal), opts.signal);
    const token = await tokens.token(opts.signal);
    try {
      return await this.exchange(op, request, bearer(token), opts.signal);
    } catch (err) {
      if (!isTokenRefused(err)) throw err;
      tokens.invalidate();
      await tokens.token(opts.signal);
      throw new AuthError({
        service: 'rds',
        operation: op.id,
        reason: 'unauthenticated',
        code: 80401,
        message: RDS_TOKEN_REFUSED_MESSAGE,
      });
    }
  }

  /** One request and its answer read (the header checked, the payload parsed). */
  private async exchange(
    op: Operation,
    request: { url: string; headers: Record<string, string>; body: string | undefined },
    auth: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const res = await this.transport.request({
      service: 'rds',
      operation: op.id,
      method: op.method,
      url: request.url,
      headers: { ...request.headers, ...auth },
      body: request.body,
      idempotent: isIdempotent(op),
      signal,
    });
    const text = await res.text();
    if (this.logger.enabled?.('trace') ?? true)
      this.logger.trace(`← ${op.id} body ${this.transport.redactor.body(text)}`);
    return this.interpret(op, res.status, text);
  }

  /** An operation the profile's API version does not have: which version does, and where to choose it. */
  private notInVersion(name: RdsOperationName): ApiError {
    const other = this.apiVersion === 'v3.0' ? 'v4.0' : 'v3.0';
    const elsewhere = rdsOperationIn(other, name);
    return new ApiError({
      service: 'rds',
      operation: `rds.${name}`,
      code: elsewhere ? 'OtherApiVersion' : 'NotInApiVersion',
      message: elsewhere
        ? `${elsewhere.summary} needs RDS API ${other}; this profile uses ${this.apiVersion}. Choose the version with Edit Profile (Advanced).`
        : `${name} is not in this site's RDS API ${this.apiVersion} (its guide documents an earlier release).`,
    });
  }

  /** Validates and builds the request; throws ValidationError before anything is sent. */
  private prepare(op: Operation, input: Record<string, unknown>, opts: CallOptions) {
    const issues: FieldIssue[] = [];
    const params: Record<string, string> = {};
    for (const p of pathParams(op.path)) {
      const v = input[p];
      if (typeof v !== 'string' || v.trim() === '') issues.push({ path: p, message: `${p} is required` });
      else params[p] = v;
    }
    let query: Record<string, unknown> | undefined;
    if (op.query) {
      const r = op.query.safeParse(input.query);
      if (r.success) query = r.data as Record<string, unknown> | undefined;
      else issues.push(...toFieldIssues('query', r.error.issues));
    }
    let body: string | undefined;
    if (op.body) {
      const schema =
        op.id === 'rds.modifyStorageInfo' && opts.currentStorageSize !== undefined
          ? storageResizeSchema(opts.currentStorageSize)
          : op.body;
      const r = schema.safeParse(input.body);
      if (r.success) body = r.data === undefined ? undefined : JSON.stringify(r.data);
      else issues.push(...toFieldIssues('body', r.error.issues));
    }
    if (issues.length) throw new ValidationError(op.id, issues);

    const url = new URL(this.baseUrl + fillPath(op.path, params));
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null) continue;
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
    }
    // v3.0 signs each request with the key pair; v4.0 sends a token instead (added per attempt).
    const headers: Record<string, string> = {
      accept: 'application/json',
      'X-TC-APP-KEY': this.credentials.appKey,
      ...(this.apiVersion === 'v3.0' && {
        'X-TC-AUTHENTICATION-ID': this.credentials.accessKeyId,
        'X-TC-AUTHENTICATION-SECRET': this.credentials.secretAccessKey,
      }),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return { url: url.toString(), headers, body };
  }

  /** Header check and tolerant parsing of the payload. */
  private interpret(op: Operation, status: number, text: string): unknown {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const header = json && typeof json === 'object' ? (json as { header?: unknown }).header : undefined;
    if (!header || typeof header !== 'object') {
      if (status !== 200)
        throw new ApiError({
          service: 'rds',
          operation: op.id,
          status,
          code: CLIENT_CODES.httpStatus,
          retryable: status === 429 || status >= 500,
          message: `RDS answered HTTP ${status} to ${op.id}. Try again later; if it persists, check the endpoint in the profile.`,
        });
      // The live service sometimes answers metric statistics without `header` (the service
      // owners' guide): a 200 whose payload is complete is a success.
      const shape = op.response && 'shape' in op.response ? (op.response.shape as Record<string, unknown>) : {};
      const carriesPayload = json && typeof json === 'object' && Object.keys(shape).some((k) => k in json);
      const headerless = carriesPayload ? op.response?.safeParse(json) : undefined;
      if (headerless?.success) return headerless.data;
      throw notUnderstood(op, json === undefined ? 'the body is not JSON' : 'the body has no header');
    }
    const { resultCode, resultMessage, isSuccessful } = header as {
      resultCode?: unknown;
      resultMessage?: unknown;
      isSuccessful?: unknown;
    };
    const code = typeof resultCode === 'number' ? resultCode : Number(resultCode ?? 0);
    const serverMessage = typeof resultMessage === 'string' && resultMessage ? resultMessage : 'no message';
    if (isSuccessful === false || (Number.isFinite(code) && code !== 0) || status !== 200) {
      if (code === 80401)
        throw new AuthError({
          service: 'rds',
          operation: op.id,
          reason: 'unauthenticated',
          code,
          status,
          message: RDS_UNAUTHENTICATED_MESSAGE,
        });
      const permission = productPermission(this.product, op.permission);
      if (code === 80403)
        throw new AuthError({
          service: 'rds',
          operation: op.id,
          reason: 'forbidden',
          code,
          status,
          // v4.0's guide names the permission each call needs: say which one to ask for.
          permission,
          message: permission
            ? `Your role may not ${action(op)}: it needs the permission ${permission}. Ask a project ADMIN to grant it, or use a key of a member who has it.`
            : `Your role (e.g. VIEWER) may not ${action(op)}. Ask a project ADMIN, or use a key of a member with that permission.`,
        });
      if (code === 4005)
        throw new ApiError({
          service: 'rds',
          operation: op.id,
          code,
          status,
          message:
            'RDS for MySQL is not enabled for this project or region: enable it in the console, or remove the region from the profile.',
        });
      throw new ApiError({
        service: 'rds',
        operation: op.id,
        code,
        status,
        retryable: status === 429 || status >= 500,
        detail: typeof resultMessage === 'string' && resultMessage ? resultMessage : undefined,
        message: `RDS could not ${action(op)}: ${serverMessage} (resultCode ${code}).`,
      });
    }
    const { header: _header, ...payload } = json as Record<string, unknown>;
    if (!op.response) return payload;
    const parsed = op.response.safeParse(payload);
    if (!parsed.success) {
      const first = parsed.error.issues.slice(0, 3).map((i) => `${formatPath(i.path) || '(root)'}: ${i.message}`);
      throw notUnderstood(op, first.join('; '));
    }
    return parsed.data;
  }
}

/**
 * Issue paths are the field paths inside the query or body (`backup.backupPeriod`), the same
 * paths `fieldIssues` gives a webview form; a missing query or body as a whole is named as such.
 */
function toFieldIssues(
  part: 'query' | 'body',
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; input?: unknown }[],
): FieldIssue[] {
  return expandUnknownKeys(issues).map((i) =>
    i.path.length === 0 && i.code === 'invalid_type'
      ? { path: part, message: i.input === undefined ? `the ${part} is required` : `the ${part} must be an object` }
      : { path: formatPath(i.path), message: i.message },
  );
}

/** The top-level field names of a body schema (through optional, nullable, pipes and checks). */
/** Items a page of a whole list is read in (the guides' maximum), and how many pages at most. */
const PAGE_SIZE = 100;
const MAX_PAGES = 1_000;

/**
 * A list the service pages by itself (v4.0: its query's `page` and `size` are optional, 20 a page
 * when left out) and counts (`totalCounts`). A v3.0 list whose query requires a page is not one:
 * its caller names the page, and leaving it out is the caller's error, refused unsent.
 */
function isPagedList(op: Operation): boolean {
  if (op.method !== 'GET' || !bodyFields(op.response).has('totalCounts')) return false;
  const q = op.query?.safeParse({});
  return !!q?.success && bodyFields(op.query).has('page') && bodyFields(op.query).has('size');
}

function bodyFields(schema: unknown): Set<string> {
  for (let s = schema, i = 0; s && i < 10; i++) {
    const def = (s as { def: { type?: string; shape?: object; innerType?: unknown; in?: unknown } }).def;
    if (def.type === 'object' && def.shape) return new Set(Object.keys(def.shape));
    s = def.innerType ?? def.in;
  }
  return new Set();
}

function notUnderstood(op: Operation, detail: string): ApiError {
  return new ApiError({
    service: 'rds',
    operation: op.id,
    code: 'UnexpectedAnswer',
    message: `The answer of ${op.id} was not understood (${detail}). The service may have changed; please report this with the log.`,
  });
}

/** "create a DB instance", "read DB instances". */
function action(op: Operation): string {
  const s = op.summary;
  const lowered = /^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
  return op.method === 'GET' ? `read ${lowered}` : lowered;
}
