// A GET on a connection of its own whose body is read into memory that is used again, for the
// byte ranges of a large download (storage/download.ts). Node's sockets read each chunk into a
// new 64 KiB buffer, freed later by the garbage collector: for a 1 GiB download that is 16,384
// buffers, their page faults and their collections, about two thirds of the CPU of the whole
// download (npm run bench -- --only transfer; docs/performance.md). Here the socket reads into
// one buffer (`onread`, plain and TLS alike) and every chunk is copied at once into a 1 MiB
// slab, written to the file with a positional write when full; while the slabs are all being
// written the socket is paused. A body read as a stream (an error's XML, a caller without a
// file) gets a copy of each chunk, as any stream would.
//
// Only an answer framed by Content-Length (or by the connection's end) is read here: one sent in
// chunks answers `undefined` and the transport asks again through undici. The request says
// `Connection: close`: a 16 MiB range pays one TCP and TLS handshake, a thousandth of its time.
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { Readable } from 'node:stream';
import type { FileHandle } from 'node:fs/promises';

/** The socket's one read buffer. */
const READ_BUFFER = 256 * 1024;
/** Bytes per positional write, and per slab. */
const SLAB = 1024 * 1024;
/** Slabs per answer: one filling while the others are written. */
const SLABS = 3;
/** The most an answer's status line and headers may take. */
const MAX_HEAD = 64 * 1024;

/**
 * Buffers of one size kept for the next answer and let go after a few idle seconds. A download
 * is many answers in a row (a 1 GiB object is 64 ranges), and a new 1 MiB slab for each made
 * V8 run a full collection every 100 ms or so for the memory outside its heap (0.35 s of a
 * GiB's CPU).
 */
class BufferPool {
  private readonly free: Buffer[] = [];
  private timer?: NodeJS.Timeout;
  constructor(
    private readonly size: number,
    private readonly most: number,
  ) {}
  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(this.size);
  }
  give(b: Buffer): void {
    if (this.free.length < this.most) this.free.push(b);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => (this.free.length = 0), 5_000);
    this.timer.unref();
  }
}

/** Enough for four ranges at once, the download's default. */
const readBuffers = new BufferPool(READ_BUFFER, 4);
const slabPool = new BufferPool(SLAB, 4 * SLABS);

export interface DirectGetRequest {
  origin: string;
  /** Sent as written (already encoded). */
  path: string;
  headers: Record<string, string>;
  rejectUnauthorized: boolean;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  /** Longest wait for the next bytes of the body while it is read. */
  bodyTimeoutMs: number;
  signal: AbortSignal;
}

export interface DirectGetResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: DirectBody;
}

/** An error of the kind undici reports for the same event, so the transport words it the same way. */
function netError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Sends the GET and answers once the status and headers are read, or `undefined` when the body
 * comes in chunks (Transfer-Encoding): nothing of it was read, and the connection is closed.
 */
export function directGet(req: DirectGetRequest): Promise<DirectGetResponse | undefined> {
  for (const [k, v] of Object.entries(req.headers))
    if (/[\r\n\0]/.test(k) || /[\r\n\0]/.test(v)) throw new TypeError(`invalid header ${JSON.stringify(k)}`);
  const url = new URL(req.origin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const tls = url.protocol === 'https:';
  const port = Number(url.port) || (tls ? 443 : 80);
  return new Promise((resolve, reject) => {
    const readBuffer = readBuffers.take();
    let head: Buffer | undefined;
    let body: DirectBody | undefined;
    let settled = false;
    const onread = {
      buffer: readBuffer,
      callback: (n: number, buf: Buffer): boolean => {
        if (body) return body.receive(buf.subarray(0, n));
        head = head ? Buffer.concat([head, buf.subarray(0, n)]) : Buffer.from(buf.subarray(0, n));
        return readHead();
      },
    };
    const socket: Socket = tls
      ? tlsConnect({
          host,
          port,
          servername: isIP(host) ? undefined : host,
          rejectUnauthorized: req.rejectUnauthorized,
          ALPNProtocols: ['http/1.1'],
          // tls.connect takes net's `onread` when it dials (Node 15.1, nodejs/node#35753);
          // @types/node does not declare it there.
          onread,
        } as ConnectionOptions)
      : netConnect({ host, port, onread });
    // The connect's time, then the headers' time from the request sent.
    let timer = setTimeout(
      () => fail(netError('UND_ERR_CONNECT_TIMEOUT', `Connect timeout (${req.connectTimeoutMs} ms)`)),
      req.connectTimeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      req.signal.removeEventListener('abort', onAbort);
      if (body) return void body.destroy(err);
      socket.destroy();
      if (!settled) {
        settled = true;
        reject(err);
      }
    };
    const onAbort = () => fail(abortError(req.signal));
    if (req.signal.aborted) return onAbort();
    req.signal.addEventListener('abort', onAbort, { once: true });
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => fail(netError('UND_ERR_HEADERS_TIMEOUT', `Headers timeout (${req.headersTimeoutMs} ms)`)),
        req.headersTimeoutMs,
      );
      const headers: Record<string, string> = { ...req.headers, connection: 'close' };
      if (!Object.hasOwn(headers, 'host')) headers.host = url.host;
      let text = `GET ${req.path} HTTP/1.1\r\n`;
      for (const [k, v] of Object.entries(headers)) text += `${k}: ${v}\r\n`;
      socket.write(text + '\r\n');
    });
    socket.on('error', (err) => fail(err));
    socket.on('close', () => {
      // Nothing is read into it after the close.
      readBuffers.give(readBuffer);
      if (!body) fail(netError('UND_ERR_SOCKET', 'other side closed'));
    });

    /** Parses the head once it is whole; false pauses the socket until the body is read. */
    const readHead = (): boolean => {
      const end = head!.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head!.length <= MAX_HEAD) return true;
        fail(netError('UND_ERR_HEADERS_OVERFLOW', 'Headers overflow'));
        return false;
      }
      const lines = head!.toString('latin1', 0, end).split('\r\n');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
      if (!status) {
        fail(netError('HPE_INVALID_CONSTANT', 'Response does not match the HTTP/1.1 protocol'));
        return false;
      }
      const statusCode = Number(status[1]);
      const rest = head!.subarray(end + 4);
      // An interim answer (100 Continue): the real one follows.
      if (statusCode >= 100 && statusCode < 200) {
        head = rest.length ? Buffer.from(rest) : undefined;
        return head ? readHead() : true;
      }
      const headers: Record<string, string | string[]> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const k = line.slice(0, colon).trim().toLowerCase();
        const v = line.slice(colon + 1).trim();
        const had = headers[k];
        headers[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
      }
      clearTimeout(timer);
      req.signal.removeEventListener('abort', onAbort);
      settled = true;
      if (headers['transfer-encoding'] !== undefined) {
        socket.destroy();
        resolve(undefined);
        return false;
      }
      const declared = Number(headers['content-length']);
      const length = Number.isSafeInteger(declared) && declared >= 0 ? declared : undefined;
      body = new DirectBody(socket, length, req.bodyTimeoutMs, req.signal);
      if (rest.length) body.receive(rest);
      resolve({ statusCode, headers, body });
      // The first bytes wait (copied) until the body's reader says how it reads.
      return false;
    };
  });
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name !== 'AbortError') return reason;
  return Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'UND_ERR_ABORTED' });
}

interface FileSink {
  out: FileHandle;
  position: number;
  /** Bytes to take at most. */
  len: number;
  onBytes: (n: number) => void;
  resolve: (written: number) => void;
  reject: (err: unknown) => void;
  /** Slabs free to fill, and how many were made (at most SLABS). */
  slabs: Buffer[];
  made: number;
  /** The slab being filled, and how far. */
  slab?: Buffer;
  fill: number;
  /** Bytes taken (copied into slabs), and bytes written. */
  taken: number;
  written: number;
  writing: number;
  /** Bytes that came while every slab was busy (a TLS record already read), copied. */
  overflow: Buffer[];
}

/**
 * The body of a direct GET. Read it as a stream, or hand it a file with `writeTo`, never both.
 * Either way nothing of the socket's buffer is kept past its callback.
 */
export class DirectBody extends Readable {
  /** Bytes received, told as they come (the transport's deadline of a transfer counts them). */
  onReceived?: (n: number) => void;
  private early: Buffer[] = [];
  private remaining: number | undefined;
  private sink?: FileSink;
  private paused = true;
  private streaming = false;
  private lastData = Date.now();
  private readonly idle: NodeJS.Timeout;
  private finished = false;

  constructor(
    private readonly socket: Socket,
    length: number | undefined,
    private readonly bodyTimeoutMs: number,
    private readonly signal: AbortSignal,
  ) {
    super({ highWaterMark: SLAB });
    this.remaining = length;
    this.idle = setInterval(() => this.checkIdle(), Math.max(50, Math.floor(bodyTimeoutMs / 4)));
    this.idle.unref();
    signal.addEventListener('abort', this.onAbort, { once: true });
    socket.on('end', () => this.atEnd());
    socket.on('close', () => this.atEnd());
    socket.on('error', (err) => this.destroy(err));
    if (length === 0) this.atEnd();
  }

  private readonly onAbort = () => this.destroy(abortError(this.signal));

  private checkIdle(): void {
    if (!this.paused && !this.finished && Date.now() - this.lastData > this.bodyTimeoutMs)
      this.destroy(netError('UND_ERR_BODY_TIMEOUT', `Body timeout (${this.bodyTimeoutMs} ms)`));
  }

  private pause_(): false {
    this.paused = true;
    return false;
  }

  private resume_(): void {
    if (!this.paused || this.finished || this.destroyed) return;
    this.paused = false;
    this.lastData = Date.now();
    this.socket.resume();
  }

  /** Takes bytes from the socket (copied before returning); false pauses the socket. */
  receive(chunk: Buffer): boolean {
    if (this.finished || this.destroyed) return false;
    this.lastData = Date.now();
    if (this.remaining !== undefined) {
      if (chunk.length > this.remaining) chunk = chunk.subarray(0, this.remaining);
      this.remaining -= chunk.length;
    }
    this.onReceived?.(chunk.length);
    let more: boolean;
    if (this.sink) more = this.copyIn(chunk);
    else if (this.streaming) more = this.push(Buffer.from(chunk));
    else {
      this.early.push(Buffer.from(chunk));
      more = false;
    }
    if (this.remaining === 0) {
      this.atEnd();
      return false;
    }
    return more || this.pause_();
  }

  /**
   * The body ended: its length reached, or the connection's end. A file's writer is answered the
   * bytes written (it names a shortfall itself); a stream cut short of its length fails, as
   * undici's does.
   */
  private atEnd(): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.idle);
    this.signal.removeEventListener('abort', this.onAbort);
    this.socket.destroy();
    if (this.sink) this.settleSink();
    else if (this.streaming) this.endStream();
  }

  private endStream(): void {
    if (this.remaining) this.destroy(netError('UND_ERR_SOCKET', 'other side closed'));
    else this.push(null);
  }

  override _read(): void {
    if (this.sink) return;
    if (!this.streaming) {
      this.streaming = true;
      for (const c of this.early.splice(0)) this.push(c);
      if (this.finished) return this.endStream();
    }
    this.resume_();
  }

  override _destroy(err: Error | null, cb: (err: Error | null) => void): void {
    this.finished = true;
    clearInterval(this.idle);
    this.signal.removeEventListener('abort', this.onAbort);
    this.socket.destroy();
    const sink = this.sink;
    if (sink) {
      // Writes in flight end on their own (their slabs go back then); the caller closes the
      // file after this.
      this.endSink(sink);
      sink.reject(err ?? netError('UND_ERR_SOCKET', 'other side closed'));
    }
    cb(err);
  }

  /** Like undici's: reads nothing more and closes the connection. */
  async dump(): Promise<void> {
    this.destroy();
  }

  /**
   * Writes up to `len` bytes of the body into `out` from `position` and answers how many it
   * wrote (fewer when the body ended early: the caller names the shortfall). The bytes past `len`
   * are not read.
   */
  writeTo(out: FileHandle, position: number, len: number, onBytes: (n: number) => void): Promise<number> {
    if (this.streaming || this.sink) throw new Error('the body is already being read');
    // The promise carries a failure; as an 'error' event nobody hears it would be uncaught.
    this.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      if (this.destroyed) return reject(this.errored ?? netError('UND_ERR_SOCKET', 'other side closed'));
      this.sink = {
        out,
        position,
        len,
        onBytes,
        resolve,
        reject,
        slabs: [],
        made: 0,
        fill: 0,
        taken: 0,
        written: 0,
        writing: 0,
        overflow: [],
      };
      // Nothing past `len` is read: what came early is cut there, the socket stops there.
      let room = len;
      let more = true;
      for (const c of this.early.splice(0)) {
        const part = c.length > room ? c.subarray(0, room) : c;
        room -= part.length;
        if (part.length) more = this.copyIn(part);
      }
      if (this.remaining === undefined || this.remaining > room) this.remaining = room;
      if (this.remaining === 0) this.atEnd();
      if (this.finished) this.settleSink();
      else if (more) this.resume_();
    });
  }

  /** Copies bytes into the slabs; false when every slab is busy (the rest waits in `overflow`). */
  private copyIn(chunk: Buffer): boolean {
    const s = this.sink!;
    if (s.overflow.length) {
      s.overflow.push(Buffer.from(chunk));
      return false;
    }
    let at = 0;
    while (at < chunk.length) {
      if (!s.slab) {
        s.slab = s.slabs.pop();
        if (!s.slab && s.made < SLABS) {
          s.made++;
          s.slab = slabPool.take();
        }
        s.fill = 0;
        if (!s.slab) {
          s.overflow.push(Buffer.from(chunk.subarray(at)));
          return false;
        }
      }
      const n = chunk.copy(s.slab, s.fill, at);
      s.fill += n;
      at += n;
      if (s.fill === SLAB) this.flush();
    }
    // Room for the next read: a slab being filled, a free one, or one still to make.
    return !!s.slab || s.slabs.length > 0 || s.made < SLABS;
  }

  /** Writes the slab being filled at its place in the file. */
  private flush(): void {
    const s = this.sink!;
    const slab = s.slab;
    if (!slab || !s.fill) return;
    const n = s.fill;
    const at = s.position + s.taken;
    s.slab = undefined;
    s.fill = 0;
    s.taken += n;
    s.writing++;
    s.out.write(slab, 0, n, at).then(
      () => {
        if (this.sink !== s) return void slabPool.give(slab);
        s.writing--;
        s.written += n;
        s.slabs.push(slab);
        s.onBytes(n);
        const waiting = s.overflow.splice(0);
        let more = true;
        for (const c of waiting) more = this.copyIn(c);
        if (this.finished) this.settleSink();
        else if (more) this.resume_();
      },
      (err: unknown) => {
        slabPool.give(slab);
        if (this.sink !== s) return;
        this.endSink(s);
        this.destroy();
        s.reject(err);
      },
    );
  }

  /** At the body's end: the last slab written, then the count answered. */
  private settleSink(): void {
    const s = this.sink;
    if (!s || s.overflow.length) return;
    this.flush();
    if (s.writing) return;
    this.endSink(s);
    s.resolve(s.written);
  }

  /** Done with the file: the slabs not being written go back to the pool. */
  private endSink(s: FileSink): void {
    this.sink = undefined;
    for (const b of s.slabs.splice(0)) slabPool.give(b);
    if (s.slab) slabPool.give(s.slab);
    s.slab = undefined;
  }
}
