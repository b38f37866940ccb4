// The one HTTP stack of the client layer: a single undici dispatcher (or a proxy one),
// connect/header/body timeouts, jittered retries of idempotent calls on network errors,
// 429 and 5xx only, an AbortSignal on every call, redacted debug logging, typed errors.
import { Agent, ProxyAgent, type Dispatcher, type ProxyAgentOptions } from './undici';
import type { Readable } from 'node:stream';
import { ApiError, CancelledError, type Service } from '../errors';
import { Redactor, silentLogger, type Logger } from './redact';

export interface ProxySettings {
  /** `http://host:port` or `https://user:pass@host:port` (VS Code `http.proxy`, or HTTPS_PROXY). */
  url?: string;
  /** VS Code `http.proxyStrictSSL`; false is the only way certificate errors are ignored. */
  strictSSL?: boolean;
  /** Hosts that bypass the proxy (NO_PROXY): `host`, `.suffix`, `*`, `host:port`, IPs. */
  noProxy?: string[];
  /**
   * Loopback addresses (127.0.0.0/8, ::1, localhost: the sandbox) never go through the proxy,
   * whatever NO_PROXY says: a corporate proxy cannot reach this machine's loopback. Default true.
   */
  bypassLoopback?: boolean;
}

export interface TransportOptions {
  /** Names the extension and its version, e.g. `nhncloud-explorer/0.1.0 (vscode 1.96)`. */
  userAgent: string;
  proxy?: ProxySettings;
  /** Milliseconds. Defaults: connect 10 s, headers 30 s, body 60 s. */
  timeouts?: { connect?: number; headers?: number; body?: number };
  /** Attempts after the first for idempotent calls; default 2. Base delay default 300 ms. */
  retries?: { max?: number; baseDelayMs?: number; maxDelayMs?: number };
  logger?: Logger;
  redactor?: Redactor;
}

export type RequestBody = string | Uint8Array | Readable | undefined;

export interface TransportRequest {
  service: Service;
  /** Operation id (for logs and errors). */
  operation: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: RequestBody;
  /** Retry on network errors, 429 and 5xx. Streams are never retried (they cannot be replayed). */
  idempotent: boolean;
  /**
   * Which answers of an idempotent call are sent again; default 429 and every 5xx. Object storage
   * narrows it: it waits out its request limit (429, 503 SlowDown) itself, for longer.
   */
  retryStatus?: (status: number) => boolean;
  signal?: AbortSignal;
  /** Overrides the body timeout (long downloads). */
  bodyTimeoutMs?: number;
  /**
   * High-water mark of the response body stream (undici's default is 64 KiB). Large downloads
   * set 1 MiB: with 64 KiB the socket is paused and resumed every 64 KiB, which costs a third
   * of a download's CPU.
   */
  bodyHighWaterMark?: number;
  /**
   * Send the URL's path exactly as given, without WHATWG URL normalisation (which would
   * resolve `..` and `%2E%2E` segments). S3 object keys may contain such segments.
   */
  rawPath?: boolean;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as a stream; consume it with `text()`/`json()`/`buffer()` or pipe it. */
  body: Dispatcher.ResponseData['body'];
  text(): Promise<string>;
  buffer(): Promise<Buffer>;
}

const NETWORK_ERROR_HINT =
  'Check the network, the proxy settings (http.proxy) and the endpoint in the profile, then try again.';

export class Transport {
  readonly logger: Logger;
  readonly redactor: Redactor;
  private readonly direct: Agent;
  private readonly proxied?: ProxyAgent;
  private readonly opts: TransportOptions;

  constructor(opts: TransportOptions) {
    this.opts = opts;
    this.logger = opts.logger ?? silentLogger;
    this.redactor = opts.redactor ?? new Redactor();
    const t = opts.timeouts ?? {};
    const strict = opts.proxy?.strictSSL !== false;
    this.direct = new Agent({
      connect: { timeout: t.connect ?? 10_000, rejectUnauthorized: strict },
      headersTimeout: t.headers ?? 30_000,
      bodyTimeout: t.body ?? 60_000,
      keepAliveTimeout: 10_000,
      connections: 16,
    });
    if (opts.proxy?.url) {
      this.proxied = new ProxyAgent({
        uri: opts.proxy.url,
        requestTls: { rejectUnauthorized: strict },
        proxyTls: { rejectUnauthorized: strict },
        connect: { timeout: t.connect ?? 10_000 },
        headersTimeout: t.headers ?? 30_000,
        bodyTimeout: t.body ?? 60_000,
        // Plain http:// targets go as absolute-form requests, as proxies expect for HTTP;
        // https:// targets are tunnelled with CONNECT either way.
        proxyTunnel: false,
      } as ProxyAgentOptions);
    }
  }

  /** The dispatcher for a URL: the proxy unless NO_PROXY matches the host. */
  dispatcherFor(url: string): Dispatcher {
    if (!this.proxied) return this.direct;
    const target = new URL(url);
    if (this.opts.proxy?.bypassLoopback !== false && isLoopback(target.hostname)) return this.direct;
    return bypassesProxy(target, this.opts.proxy?.noProxy ?? []) ? this.direct : this.proxied;
  }

  async request(req: TransportRequest): Promise<TransportResponse> {
    const retry = this.opts.retries ?? {};
    const replayable = req.body === undefined || typeof req.body === 'string' || req.body instanceof Uint8Array;
    const maxAttempts = req.idempotent && replayable ? 1 + (retry.max ?? 2) : 1;
    const headers: Record<string, string> = { 'user-agent': this.opts.userAgent, ...req.headers };

    for (let attempt = 1; ; attempt++) {
      if (req.signal?.aborted) throw new CancelledError();
      const started = Date.now();
      this.logger.debug(
        `→ ${req.operation} ${req.method} ${this.redactor.text(req.url)} ${JSON.stringify(this.redactor.headers(headers))}` +
          (typeof req.body === 'string' && req.body ? ` ${this.redactor.body(req.body)}` : ''),
      );
      let res: Dispatcher.ResponseData;
      try {
        const options = {
          method: req.method as Dispatcher.HttpMethod,
          headers,
          body: req.body,
          signal: req.signal,
          bodyTimeout: req.bodyTimeoutMs,
          ...(req.bodyHighWaterMark ? { highWaterMark: req.bodyHighWaterMark } : {}),
          // undici closes the connection after every HEAD (`Connection: close`), in case a server
          // sends a body with its answer; the services here send none. Without this each HEAD
          // (Sync Folder asks one per object) paid a new TCP and TLS handshake: 10,000 HEADs
          // against the sandbox opened 10,000 connections and took 8.5 s.
          ...(req.method === 'HEAD' ? { reset: false } : {}),
        };
        res = await this.dispatcherFor(req.url).request({ ...options, ...originAndPath(req.url, req.rawPath) });
      } catch (err) {
        if (req.signal?.aborted || isAbort(err)) throw new CancelledError();
        const code = (err as { code?: string }).code;
        this.logger.warn(
          `✗ ${req.operation} attempt ${attempt}/${maxAttempts}: ${code ?? ''} ${this.redactor.text(String((err as Error).message))}`,
        );
        if (attempt < maxAttempts) {
          await sleep(backoff(attempt, retry), req.signal);
          continue;
        }
        throw new ApiError({
          service: req.service,
          operation: req.operation,
          // The operation leads: the message is all a person sees, and it must say which call failed.
          message: `${req.operation}: ${describeNetworkError(err, req.url)} ${NETWORK_ERROR_HINT}`,
          code,
          retryable: true,
          cause: err,
        });
      }
      const status = res.statusCode;
      const resHeaders = flattenHeaders(res.headers);
      this.logger.debug(`← ${req.operation} ${status} in ${Date.now() - started} ms`);
      if ((req.retryStatus ?? defaultRetryStatus)(status) && attempt < maxAttempts) {
        await res.body.dump().catch(() => undefined);
        const retryAfter = Number(resHeaders['retry-after']);
        const delay =
          Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, 10_000) : backoff(attempt, retry);
        this.logger.warn(`↻ ${req.operation} HTTP ${status}, retry ${attempt}/${maxAttempts - 1} in ${delay} ms`);
        await sleep(delay, req.signal);
        continue;
      }
      const body = res.body;
      return {
        status,
        headers: resHeaders,
        body,
        text: () => readWith(body, () => body.text(), req),
        buffer: () => readWith(body, async () => Buffer.from(await body.arrayBuffer()), req),
      };
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.direct.close(), this.proxied?.close()]);
  }
}

async function readWith<T>(_body: unknown, read: () => Promise<T>, req: TransportRequest): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (req.signal?.aborted || isAbort(err)) throw new CancelledError();
    throw new ApiError({
      service: req.service,
      operation: req.operation,
      message: `The connection broke while reading the answer of ${req.operation}. ${NETWORK_ERROR_HINT}`,
      code: (err as { code?: string }).code,
      retryable: true,
      cause: err,
    });
  }
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

const defaultRetryStatus = (status: number) => status === 429 || status >= 500;

function backoff(attempt: number, r: TransportOptions['retries'] = {}): number {
  const base = r.baseDelayMs ?? 300;
  const cap = r.maxDelayMs ?? 5_000;
  const exp = Math.min(cap, base * 2 ** (attempt - 1));
  return Math.round(exp / 2 + Math.random() * (exp / 2)); // "equal jitter"
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const isAbort = (err: unknown): boolean =>
  err instanceof Error && (err.name === 'AbortError' || (err as { code?: string }).code === 'UND_ERR_ABORTED');

function describeNetworkError(err: unknown, url: string): string {
  const code = (err as { code?: string }).code ?? '';
  const host = safeHost(url);
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `Could not connect to ${host} in time.`;
    case 'UND_ERR_HEADERS_TIMEOUT':
      return `${host} did not answer in time.`;
    case 'UND_ERR_BODY_TIMEOUT':
      return `${host} stopped sending its answer.`;
    case 'ECONNREFUSED':
      return `${host} refused the connection.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The address ${host} could not be resolved.`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `The connection to ${host} was dropped.`;
    default:
      if (/certificate|self.signed|CERT_/i.test(String((err as Error).message) + code))
        return `The TLS certificate of ${host} was not accepted (set http.proxyStrictSSL to false only if you trust this network).`;
      return `The request to ${host} failed (${code || (err as Error).message}).`;
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the service';
  }
}

/** NO_PROXY matching as curl and most tools do it. */
export function bypassesProxy(url: URL, noProxy: string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const raw of noProxy) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const [h, p] = entry.startsWith('[')
      ? [entry.slice(1, entry.indexOf(']')), entry.split(']:')[1]]
      : entry.split(':');
    if (p && p !== port) continue;
    const bare = h.replace(/^\*?\./, '');
    if (host === bare || host.endsWith(`.${bare}`)) return true;
  }
  return false;
}

/** 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * The proxy to use, as VS Code users expect: the `http.proxy` setting wins, else the
 * environment (HTTPS_PROXY, https_proxy, HTTP_PROXY, http_proxy); NO_PROXY (or no_proxy)
 * lists the bypassed hosts; `http.proxyStrictSSL` false is the only way to skip TLS checks.
 */
export function resolveProxySettings(opts: {
  httpProxy?: string;
  strictSSL?: boolean;
  env?: Record<string, string | undefined>;
}): ProxySettings | undefined {
  const env = opts.env ?? {};
  const url = [opts.httpProxy, env.HTTPS_PROXY, env.https_proxy, env.HTTP_PROXY, env.http_proxy]
    .map((v) => v?.trim())
    .find((v) => v);
  if (!url) return undefined;
  return { url, strictSSL: opts.strictSSL !== false, noProxy: parseNoProxy(env.NO_PROXY ?? env.no_proxy) };
}

/** Splits a NO_PROXY-style string (comma or space separated). */
export const parseNoProxy = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The origin and the path of a request, as undici's `request(url)` splits a URL (the WHATWG
 * parser: dot segments resolved, characters percent-encoded). `rawPath` keeps the path as
 * written: an S3 key may hold `..` or `%2F` that the parser would change and the signature covers.
 */
function originAndPath(url: string, rawPath?: boolean): { origin: string; path: string } {
  const raw = rawPath ? /^(https?:\/\/[^/?#]+)(\/[^#]*)?$/i.exec(url) : null;
  if (raw) return { origin: raw[1], path: raw[2] || '/' };
  const u = new URL(url);
  return { origin: u.origin, path: u.search ? `${u.pathname}${u.search}` : u.pathname };
}
