// The one HTTP stack of the client layer: a single undici dispatcher (or a proxy one),
// connect/header/body timeouts, a total deadline per call besides them, a cap on the answers it
// reads whole, jittered retries of idempotent calls on network errors, 429 and 5xx only, an
// AbortSignal on every call, redacted debug logging, typed errors.
import { Agent, ProxyAgent, type Dispatcher, type ProxyAgentOptions } from './undici';
import { DirectBody, directGet } from './directGet';
import type { Readable } from 'node:stream';
import { ApiError, CancelledError, CLIENT_CODES, isApiError, type Service } from '../errors';
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
  /** The most an answer read whole (`text()`, `buffer()`: JSON) may hold; default MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
  /**
   * The total time of one attempt, headers and body together (the timeouts above are per step
   * and per chunk, so a server that sends a byte every few seconds never trips them): `ms` for
   * every call (default DEFAULT_DEADLINE_MS); a transfer (TransportRequest.transfer) has `ms`
   * plus one second for every `transferBytesPerSecond` bytes it sent and has received so far
   * (default TRANSFER_MIN_BYTES_PER_SECOND), so a download that keeps moving is never cut.
   */
  deadline?: { ms?: number; transferBytesPerSecond?: number };
}

/**
 * Largest answer read whole (JSON of RDS, network, identity): 64 MiB. The longest lists the
 * services answer (events, metrics) are a few MB; parsing runs on the extension host's thread,
 * so the cap also bounds how long one answer can hold it. XML answers have their own, smaller cap
 * (storage/xml.ts); downloads are streamed, not read whole.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
/** Total time of one attempt of a call by default: 2 minutes (headers and body). */
export const DEFAULT_DEADLINE_MS = 2 * 60_000;
/**
 * The slowest average rate a transfer may keep after its first DEFAULT_DEADLINE_MS: 4 KiB/s
 * (32 kbit/s), far below any link a person would move a file over; a 1 GiB download may take
 * three days at that rate. A server that drips a byte a second is cut after about 2 minutes.
 */
export const TRANSFER_MIN_BYTES_PER_SECOND = 4 * 1024;

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
  /** Overrides the total deadline of one attempt (server-side work such as a copy of 5 GiB). */
  deadlineMs?: number;
  /**
   * A data transfer (an object's bytes, either way): its deadline grows with the bytes sent and
   * received (TransportOptions.deadline), so it bounds a stalled or dripping transfer, never a
   * slow one that moves.
   */
  transfer?: boolean;
  /** Overrides TransportOptions.maxAnswerBytes for `text()` and `buffer()`. */
  maxAnswerBytes?: number;
  /**
   * High-water mark of the response body stream (undici's default is 64 KiB). Large downloads
   * set 1 MiB: with 64 KiB the socket is paused and resumed every 64 KiB, which costs a third
   * of a download's CPU.
   */
  bodyHighWaterMark?: number;
  /**
   * A large body that goes to a file (a byte range of a download): read on a connection of its
   * own into reused memory (directGet.ts) when the host is reached without a proxy; the body
   * then has `writeTo`. Through a proxy, or for an answer sent in chunks, undici as always.
   */
  directBody?: boolean;
  /**
   * Send the URL's path exactly as given, without WHATWG URL normalisation (which would
   * resolve `..` and `%2E%2E` segments). S3 object keys may contain such segments.
   */
  rawPath?: boolean;
}

/** An answer's body: a stream, and `dump()` to close it unread (undici's, or directGet's). */
export type ResponseBody = Readable & { dump(): Promise<void> };

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as a stream; consume it with `text()`/`json()`/`buffer()` or pipe it. */
  body: ResponseBody;
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
  private readonly strictTls: boolean;
  /** Connect, headers and body timeouts with their defaults: undici's and directGet's alike. */
  private readonly timeouts: { connect: number; headers: number; body: number };

  constructor(opts: TransportOptions) {
    this.opts = opts;
    this.logger = opts.logger ?? silentLogger;
    this.redactor = opts.redactor ?? new Redactor();
    const t = (this.timeouts = {
      connect: opts.timeouts?.connect ?? 10_000,
      headers: opts.timeouts?.headers ?? 30_000,
      body: opts.timeouts?.body ?? 60_000,
    });
    const strict = opts.proxy?.strictSSL !== false;
    this.strictTls = strict;
    this.direct = new Agent({
      connect: { timeout: t.connect, rejectUnauthorized: strict },
      headersTimeout: t.headers,
      bodyTimeout: t.body,
      keepAliveTimeout: 10_000,
      connections: 16,
    });
    if (opts.proxy?.url) {
      this.proxied = new ProxyAgent({
        uri: opts.proxy.url,
        requestTls: { rejectUnauthorized: strict },
        proxyTls: { rejectUnauthorized: strict },
        connect: { timeout: t.connect },
        headersTimeout: t.headers,
        bodyTimeout: t.body,
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
      const deadline = this.deadlineFor(req, headers);
      let res: { statusCode: number; headers: Dispatcher.ResponseData['headers']; body: ResponseBody };
      try {
        const options = {
          method: req.method as Dispatcher.HttpMethod,
          headers,
          body: req.body,
          // The caller's signal and the deadline's, in one (Deadline forwards the caller's).
          signal: deadline.signal,
          bodyTimeout: req.bodyTimeoutMs,
          ...(req.bodyHighWaterMark ? { highWaterMark: req.bodyHighWaterMark } : {}),
          // undici closes the connection after every HEAD (`Connection: close`), in case a server
          // sends a body with its answer; the services here send none. Without this each HEAD
          // (Sync Folder asks one per object) paid a new TCP and TLS handshake: 10,000 HEADs
          // against the sandbox opened 10,000 connections and took 8.5 s.
          ...(req.method === 'HEAD' ? { reset: false } : {}),
        };
        const target = originAndPath(req.url, req.rawPath);
        const dispatcher = this.dispatcherFor(req.url);
        const direct =
          req.directBody && req.method === 'GET' && req.body === undefined && dispatcher === this.direct
            ? await directGet({
                ...target,
                headers,
                rejectUnauthorized: this.strictTls,
                connectTimeoutMs: this.timeouts.connect,
                headersTimeoutMs: this.timeouts.headers,
                bodyTimeoutMs: req.bodyTimeoutMs ?? this.timeouts.body,
                signal: deadline.signal,
              })
            : undefined;
        // Not direct, or the answer came in chunks (nothing of it read): undici asks again.
        res = direct ?? (await dispatcher.request({ ...options, ...target }));
      } catch (err) {
        deadline.end();
        if (deadline.expired) throw deadline.expired;
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
          code: code ?? CLIENT_CODES.connectionFailed,
          retryable: true,
          cause: err,
        });
      }
      const status = res.statusCode;
      const resHeaders = flattenHeaders(res.headers);
      this.logger.debug(`← ${req.operation} ${status} in ${Date.now() - started} ms`);
      deadline.watch(res.body);
      if ((req.retryStatus ?? defaultRetryStatus)(status) && attempt < maxAttempts) {
        await res.body.dump().catch(() => undefined);
        deadline.end();
        const retryAfter = Number(resHeaders['retry-after']);
        const delay =
          Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, 10_000) : backoff(attempt, retry);
        this.logger.warn(`↻ ${req.operation} HTTP ${status}, retry ${attempt}/${maxAttempts - 1} in ${delay} ms`);
        await sleep(delay, req.signal);
        continue;
      }
      const body = res.body;
      const max = req.maxAnswerBytes ?? this.opts.maxAnswerBytes ?? MAX_ANSWER_BYTES;
      const readWhole = () => readCapped(body, max, resHeaders['content-length'], () => tooLarge(req, max));
      return {
        status,
        headers: resHeaders,
        body,
        text: () => readWith(readWhole, req, deadline).then((b) => new TextDecoder().decode(b)),
        buffer: () => readWith(readWhole, req, deadline),
      };
    }
  }

  /** The deadline of one attempt: fixed, or for a transfer growing with the bytes moved. */
  private deadlineFor(req: TransportRequest, headers: Record<string, string>): Deadline {
    const d = this.opts.deadline ?? {};
    const ms = req.deadlineMs ?? d.ms ?? DEFAULT_DEADLINE_MS;
    const rate = req.transfer ? (d.transferBytesPerSecond ?? TRANSFER_MIN_BYTES_PER_SECOND) : undefined;
    const sent = rate === undefined ? 0 : bodyLength(req.body, headers);
    return new Deadline(ms, rate, sent, req.signal, (elapsedMs, received) =>
      tooSlow(req, elapsedMs, received, ms, rate),
    );
  }
  async close(): Promise<void> {
    await Promise.allSettled([this.direct.close(), this.proxied?.close()]);
  }
}

async function readWith<T>(read: () => Promise<T>, req: TransportRequest, deadline: Deadline): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (deadline.expired) throw deadline.expired;
    if (req.signal?.aborted || isAbort(err)) throw new CancelledError();
    if (isApiError(err)) throw err;
    throw new ApiError({
      service: req.service,
      operation: req.operation,
      message: `The connection broke while reading the answer of ${req.operation}. ${NETWORK_ERROR_HINT}`,
      code: (err as { code?: string }).code ?? CLIENT_CODES.connectionFailed,
      retryable: true,
      cause: err,
    });
  }
}

/**
 * Reads a body whole, refusing more than `max` bytes: a declared length over it before reading
 * anything, else as soon as the bytes read pass it (the rest is never read).
 */
export async function readCapped(
  body: Readable,
  max: number,
  contentLength: string | undefined,
  onTooLarge: () => Error,
): Promise<Buffer> {
  const declared = Number(contentLength);
  const refuse = () => {
    // undici reports a body closed before its end as an error; nobody is left to hear it.
    body.on('error', () => undefined);
    body.destroy();
    return onTooLarge();
  };
  if (contentLength !== undefined && Number.isFinite(declared) && declared > max) throw refuse();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of body as AsyncIterable<Buffer>) {
    total += c.length;
    if (total > max) throw refuse();
    chunks.push(c);
  }
  return Buffer.concat(chunks, total);
}

const formatMiB = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${bytes} bytes`;

function tooLarge(req: TransportRequest, max: number): ApiError {
  return new ApiError({
    service: req.service,
    operation: req.operation,
    code: 'AnswerTooLarge',
    message: `${req.operation}: ${safeHost(req.url)} sent an answer larger than ${formatMiB(max)}, the most the extension reads for one call; it stopped reading there. A proxy or a broken server may be in the way: check the endpoint in the profile, then try again.`,
  });
}

function tooSlow(
  req: TransportRequest,
  elapsedMs: number,
  received: number,
  ms: number,
  rate: number | undefined,
): ApiError {
  const limit =
    rate === undefined
      ? `the ${Math.round(ms / 1000)} s one call may take`
      : `the time a transfer may take (${Math.round(ms / 1000)} s, then at least ${Math.round(rate / 1024)} KiB/s on average)`;
  return new ApiError({
    service: req.service,
    operation: req.operation,
    code: 'TooSlow',
    retryable: true,
    message: `${req.operation}: ${safeHost(req.url)} sent its answer too slowly (${received} bytes in ${Math.round(elapsedMs / 1000)} s), past ${limit}; the call was stopped. Check the network, or try again later.`,
  });
}

/** The bytes a request body sends (a stream's by its declared length). */
function bodyLength(body: RequestBody, headers: Record<string, string>): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.length;
  const declared = Number(headers['content-length']);
  return Number.isFinite(declared) && declared > 0 ? declared : 0;
}

/**
 * The total deadline of one attempt. Its signal goes to undici in place of the caller's (whose
 * abort it forwards): expiring aborts it with the "too slow" error, which undici hands to the
 * pending request or to the body stream, so whoever reads the body gets that error. Bytes
 * received are counted where undici pushes them into the body (no extra stream in the way of a
 * 1 GiB download).
 */
class Deadline {
  private readonly controller = new AbortController();
  private readonly started = Date.now();
  private timer?: ReturnType<typeof setTimeout>;
  private received = 0;
  private ended = false;
  /** The error it aborted with, once it expired. */
  expired?: ApiError;

  constructor(
    private readonly ms: number,
    private readonly rate: number | undefined,
    private readonly sent: number,
    private readonly outer: AbortSignal | undefined,
    private readonly onExpire: (elapsedMs: number, received: number) => ApiError,
  ) {
    outer?.addEventListener('abort', this.forward, { once: true });
    this.schedule(this.allowedMs());
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  private readonly forward = () => {
    this.end();
    this.controller.abort(this.outer?.reason);
  };

  private allowedMs(): number {
    return this.ms + (this.rate === undefined ? 0 : ((this.sent + this.received) / this.rate) * 1000);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(this.check, Math.max(ms, 50));
    this.timer.unref?.();
  }

  private readonly check = () => {
    if (this.ended) return;
    const elapsed = Date.now() - this.started;
    const allowed = this.allowedMs();
    if (elapsed < allowed) return this.schedule(allowed - elapsed);
    this.expired = this.onExpire(elapsed, this.received);
    this.end();
    this.controller.abort(this.expired);
  };

  /** Counts the body's bytes (for a transfer) and ends with it. */
  watch(body: Readable): void {
    if (this.ended) return;
    if (this.rate !== undefined && body instanceof DirectBody) {
      body.onReceived = (n) => (this.received += n);
    } else if (this.rate !== undefined) {
      this.received = body.readableLength;
      const push = body.push;
      body.push = (chunk: unknown, encoding?: BufferEncoding) => {
        if (chunk) this.received += (chunk as Buffer).length;
        return push.call(body, chunk, encoding);
      };
    }
    body.once('close', () => this.end());
  }

  /** Done: the timer and the caller's listener go. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.forward);
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
