// The sandbox's HTTP server: one loopback port, one path prefix per service, so a profile
// points at it with endpoint overrides such as `http://127.0.0.1:PORT/rds/{region}`:
//   /rds/{region}/v3.0/...      RDS for MySQL
//   /network/{region}/v2.0/...  floating IPs, transit hub, external networks
//   /identity/v2.0/...          tokens and EC2 credentials
//   /oauth/oauth2/token/create  RDS API v4.0 tokens (./rds/oauth.ts)
//   /storage/{region}/...       object storage, S3 protocol (path-style)
//   /_sandbox/...               control API for tests in other processes (faults, stats, reset)
// Each service is a SandboxService module; this file knows nothing of their resources.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Service } from '../client/errors';

export interface SandboxCall {
  service: Service;
  /** Operation id matched by the service's router, e.g. `rds.getDbInstance`. */
  operation: string;
  /** Path parameters by the spec's names. */
  params: Record<string, string>;
  /** Upper-case region code (KR1, ...) for regional services. */
  region?: string;
  method: string;
  /** Path below the service prefix (and region), starting with `/`, still percent-encoded. */
  path: string;
  /** The full path as sent, for signature checks. */
  rawPath: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The raw request, for streaming bodies (S3 PUT). Do not read it after calling body(). */
  req: IncomingMessage;
  /** Buffers the whole body (for JSON/XML requests). */
  body(): Promise<Buffer>;
}

export interface SandboxReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer | Readable;
}

export interface SandboxService {
  readonly name: Service;
  readonly regional: boolean;
  /** Which operation a request is, or undefined (answered 404 by the service's notFound). */
  /** `headers`: S3 tells a copy from an upload by the `x-amz-copy-source` header alone. */
  route(
    method: string,
    path: string,
    query: URLSearchParams,
    headers: IncomingHttpHeaders,
  ): { operation: string; params: Record<string, string> } | undefined;
  handle(call: SandboxCall): Promise<SandboxReply> | SandboxReply;
  /** The service's own "no such route" answer. */
  notFound(method: string, path: string): SandboxReply;
  /** The service's own failure answer for a fault with a result code (RDS: header.isSuccessful false). */
  failure?(code: number, message: string): SandboxReply;
  /** A body that cannot be parsed (JSON services: broken JSON; S3: broken XML). */
  readonly malformedBody: string;
  /** The service's error answer for a fault with `status` and `errorCode` (S3: <Error><Code>…). */
  errorReply?(status: number, code: string, message: string): SandboxReply;
}

/** A fault injected by a test. Matches by service and operation id (`*` suffix allowed). */
export interface Fault {
  service?: Service;
  operation?: string;
  /** Added delay before the answer. */
  latencyMs?: number;
  /**
   * Holds the request, after it was counted and before it is answered, until this settles: a
   * test changes the sandbox "while the call is on the wire" at a moment it knows, not after a
   * delay it hopes is shorter than `latencyMs` (a loaded machine made that race lose). In-process
   * sandboxes only (a promise does not cross the control API).
   */
  holdUntil?: Promise<unknown>;
  /** Answer with this HTTP status (and an empty or service-shaped body). */
  status?: number;
  /** Destroy the connection without answering. */
  drop?: boolean;
  /** Answer normally, but cut the connection halfway through the body (at least one byte short). */
  truncate?: boolean;
  /** Answer 200 with a body that does not parse. */
  malformed?: boolean;
  /** Answer with the service's failure shape and this code (RDS: isSuccessful false). */
  resultCode?: number;
  resultMessage?: string;
  /** How many matching calls it applies to; default: all until cleared. */
  times?: number;
  /** Only requests with one of these methods match, e.g. the writes `['PUT', 'POST', 'DELETE']`. */
  methods?: string[];
  /**
   * Applies to this share (0 to 1) of the matching calls, spread evenly and the same in every run:
   * call k is hit when floor(k × share) grows (0.3: calls 4, 7, 10, 14, …). Default 1.
   */
  share?: number;
  /** With `status`: the service's own error shape with this code (S3 `SlowDown`). */
  errorCode?: string;
  /** With `status`: a Retry-After header of this many seconds. */
  retryAfterS?: number;
}

export interface SandboxStats {
  /** Requests per operation id since the last reset. */
  byOperation: Record<string, number>;
  /**
   * Requests per HTTP method, then per operation id, since the last reset: a test that must send
   * nothing that changes state (a cancelled command) reads every method but GET and HEAD here.
   */
  byMethod: Record<string, Record<string, number>>;
  total: number;
}

export class SandboxServer {
  private server?: Server;
  private readonly services = new Map<string, SandboxService>();
  private faults: Fault[] = [];
  readonly stats: SandboxStats = { byOperation: {}, byMethod: {}, total: 0 };
  /** Extra control routes a service module may add under /_sandbox/<name>. */
  private readonly control = new Map<string, (body: unknown) => unknown>();

  register(service: SandboxService): void {
    this.services.set(service.name, service);
  }

  addControl(name: string, fn: (body: unknown) => unknown): void {
    this.control.set(name, fn);
  }

  injectFault(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  clearFaults(): void {
    this.faults = [];
  }

  resetStats(): void {
    this.stats.byOperation = {};
    this.stats.byMethod = {};
    this.stats.total = 0;
  }

  get url(): string {
    const addr = this.server?.address() as AddressInfo | null;
    if (!addr) throw new Error('The sandbox is not listening');
    return `http://127.0.0.1:${addr.port}`;
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => {
      this.dispatch(req, res).catch((err) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`sandbox error: ${(err as Error).message}`);
        } else res.destroy();
      });
    });
    this.server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => resolve());
    });
    return this.url;
  }

  async close(): Promise<void> {
    const s = this.server;
    if (!s) return;
    this.server = undefined;
    s.closeAllConnections?.();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** Matching calls seen per fault (for `share`). */
  private readonly seen = new WeakMap<Fault, number>();

  private takeFault(service: Service, operation: string, method: string): Fault | undefined {
    for (const f of this.faults) {
      if (f.service && f.service !== service) continue;
      if (
        f.operation &&
        !(f.operation.endsWith('*') ? operation.startsWith(f.operation.slice(0, -1)) : f.operation === operation)
      )
        continue;
      if (f.methods && !f.methods.includes(method)) continue;
      if (f.share !== undefined) {
        const k = (this.seen.get(f) ?? 0) + 1;
        this.seen.set(f, k);
        if (Math.floor(k * f.share) === Math.floor((k - 1) * f.share)) continue;
      }
      if (f.times !== undefined) {
        if (f.times <= 0) continue;
        f.times--;
      }
      return f;
    }
    return undefined;
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    const url = new URL(target, 'http://sandbox');
    // Route by the path as sent: WHATWG URL parsing resolves `.` and `..` segments, which S3
    // object keys may contain (`dots/../x` is a key, not a way up to another bucket or service).
    const pathname = target.split('?')[0] || '/';
    const segments = pathname.split('/');
    const prefix = segments[1] ?? '';
    if (prefix === '_sandbox') return this.handleControl(segments.slice(2).join('/'), req, res);

    const service = this.services.get(prefix);
    if (!service) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(`No sandbox service at /${prefix}. Services: ${[...this.services.keys()].join(', ')}`);
      return;
    }
    let region: string | undefined;
    let rest = segments.slice(2);
    if (service.regional) {
      region = (rest[0] ?? '').toUpperCase();
      rest = rest.slice(1);
    }
    const path = '/' + rest.join('/');
    const method = (req.method ?? 'GET').toUpperCase();
    const match = service.route(method, path, url.searchParams, req.headers);
    if (!match) return send(res, service.notFound(method, path));

    this.stats.total++;
    this.stats.byOperation[match.operation] = (this.stats.byOperation[match.operation] ?? 0) + 1;
    const perMethod = (this.stats.byMethod[method] ??= {});
    perMethod[match.operation] = (perMethod[match.operation] ?? 0) + 1;

    const fault = this.takeFault(service.name, match.operation, method);
    // Unref'd: a test that has finished must not wait out a latency its client gave up on (a
    // listening server keeps the process alive without it).
    if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs).unref());
    if (fault?.holdUntil) await fault.holdUntil;
    if (fault?.drop) {
      req.socket.destroy();
      return;
    }
    if (fault?.status) {
      // Read what the client sends first: an answer before the end of an upload's body reaches
      // the client as a broken connection, not as this status.
      await readAll(req);
      const reply =
        fault.errorCode && service.errorReply
          ? service.errorReply(fault.status, fault.errorCode, `injected ${fault.errorCode}`)
          : { status: fault.status, headers: { 'content-type': 'text/plain' }, body: `injected HTTP ${fault.status}` };
      if (fault.retryAfterS !== undefined)
        reply.headers = { ...reply.headers, 'retry-after': String(fault.retryAfterS) };
      return send(res, reply);
    }
    if (fault?.malformed)
      return send(res, { status: 200, headers: { 'content-type': 'application/json' }, body: service.malformedBody });
    if (fault?.resultCode !== undefined && service.failure)
      return send(res, service.failure(fault.resultCode, fault.resultMessage ?? 'Injected failure'));

    let buffered: Promise<Buffer> | undefined;
    const call: SandboxCall = {
      service: service.name,
      operation: match.operation,
      params: match.params,
      region,
      method,
      path,
      rawPath: pathname,
      query: url.searchParams,
      headers: req.headers,
      req,
      body: () => (buffered ??= readAll(req)),
    };
    const reply = await service.handle(call);
    if (fault?.truncate) return sendTruncated(res, reply);
    send(res, reply);
  }

  private async handleControl(route: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = (await readAll(req)).toString('utf8');
    const body = raw ? JSON.parse(raw) : {};
    let out: unknown = { ok: true };
    switch (route) {
      case 'faults':
        if (req.method === 'DELETE') this.clearFaults();
        else this.injectFault(body as Fault);
        break;
      case 'stats':
        if (req.method === 'DELETE') this.resetStats();
        else out = this.stats;
        break;
      default: {
        const fn = this.control.get(route);
        if (!fn) return send(res, { status: 404, body: `no control route ${route}` });
        out = await fn(body);
      }
    }
    send(res, {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(out ?? { ok: true }),
    });
  }
}

function send(res: ServerResponse, reply: SandboxReply): void {
  const headers = { ...reply.headers };
  if (reply.body instanceof Readable) {
    res.writeHead(reply.status, headers);
    reply.body.on('error', () => res.destroy());
    reply.body.pipe(res);
    return;
  }
  const body = reply.body ?? '';
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-length'))
    headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}

/** Sends the status, the headers with the full length, then half of the body, and drops the connection. */
async function sendTruncated(res: ServerResponse, reply: SandboxReply): Promise<void> {
  let body: Buffer;
  if (reply.body instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const c of reply.body) chunks.push(Buffer.from(c as Buffer));
    body = Buffer.concat(chunks);
  } else body = Buffer.from(reply.body ?? '');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(reply.headers ?? {})) if (k.toLowerCase() !== 'content-length') headers[k] = v;
  // An empty body is cut too: the length promises one byte that never comes.
  headers['content-length'] = String(Math.max(body.length, 1));
  res.writeHead(reply.status, headers);
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
}

export function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Matches a path against an operations-table template; returns the parameters or undefined. */
export function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const t = template.split('/');
  const p = path.replace(/\/+$/, '').split('/');
  if (t.length !== p.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const m = /^\{(.+)\}$/.exec(t[i]);
    if (m) {
      if (!p[i]) return undefined;
      params[m[1]] = decodeURIComponent(p[i]);
    } else if (t[i] !== p[i]) return undefined;
  }
  return params;
}
