// Uploads of whole files on top of S3Client: one PUT below 8 MiB (or the caller's
// `multipartThreshold`), multipart above (bounded part concurrency, progress, cancellation, abort
// of the upload on failure so no parts are left behind). Memory stays flat: files are read per
// part, or whole for one PUT, as streams; only a file of 1 MiB or less (one read chunk) is read
// whole into memory.
// Downloads are in download.ts.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { pipeline as pipelineCb, Transform, type Readable } from 'node:stream';
import { ApiError, CancelledError, CLIENT_CODES, isApiError, isCancelledError, ValidationError } from '../errors';
import type { CannedAcl, PartInfo, S3Client } from './client';

export const MiB = 1024 * 1024;
/** Objects of this size or more go multipart (the spec's client split threshold). */
export const MULTIPART_THRESHOLD = 8 * MiB;
export const MIN_PART_SIZE = 5 * MiB;
/** The largest object one PUT may send (S3's limit, and the service's: 5 GB). */
export const MAX_SINGLE_PUT = 5 * 1024 * MiB;
export const DEFAULT_PART_SIZE = 8 * MiB;
export const MAX_PARTS = 1000;
export const DEFAULT_CONCURRENCY = 4;
/** Read buffer per file stream: 1 MiB chunks cost about half the CPU of the 64 KiB default. */
const READ_CHUNK = MiB;
/** Attempts per part (file sources only: a stream cannot be read twice). */
const PART_ATTEMPTS = 3;

export interface Progress {
  loaded: number;
  total: number;
}

export interface UploadInput {
  bucket: string;
  key: string;
  /** A local file, or a stream with its size. */
  file?: string;
  stream?: Readable;
  size?: number;
  contentType?: string;
  metadata?: Record<string, string>;
  /**
   * Metadata taken from the file as the upload found it (its size and time, stat'ed once here),
   * added to `metadata`: the caller need not stat the file a second time for it.
   */
  metadataFor?: (stamp: FileStamp) => Record<string, string>;
  acl?: CannedAcl;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  /** Bytes per part; at least 5 MiB, grown so the object needs at most 1,000 parts. */
  partSize?: number;
  /** Parts in flight at once (default 4). */
  concurrency?: number;
  /**
   * Objects of this size or more go multipart (default MULTIPART_THRESHOLD; at most
   * MAX_SINGLE_PUT is honoured). Upload Folder raises it for a file that goes as one PUT while
   * other files keep the folder's requests busy (../../storage/folderTransfer.ts sharedParts).
   */
  multipartThreshold?: number;
  /**
   * Slots shared with the other files of a folder upload (PartSlots): each part takes one while
   * it is sent, whatever `concurrency` allows. `file`: this file's rank (PartSlots.nextFile).
   */
  sharedParts?: { slots: PartSlots; file: number };
  /**
   * A multipart upload to go on with (file sources only): the parts the server already holds
   * (List Parts) at their expected sizes are kept, the others sent, then it is completed.
   * `partSize` must be the one it was started with.
   */
  resume?: { uploadId: string };
  /**
   * Resumable: a failure other than a cancel keeps the multipart upload (its parts stay on the
   * server for `resume`); a cancel still aborts it. Without it any failure aborts it.
   */
  keepOnFailure?: boolean;
  /**
   * The multipart upload's id and part size, once it exists (to resume it later). Awaited before
   * the first part is sent, so a record of it can be made durable first.
   */
  onMultipart?: (m: { uploadId: string; partSize: number; parts: number }) => void | Promise<void>;
  /** Parts the server holds so far (after each part; with `resume`, first the ones found there). */
  onPartsDone?: (done: number) => void;
  /**
   * The file as the caller saw it (a sync's plan): the upload refuses to start when it is no
   * longer so. Whatever this says, a file that changes while it is read is never committed.
   */
  expect?: FileStamp;
}

/** A local file's size and modification time (ns: rclone's precision, kept in `mtime` metadata). */
export interface FileStamp {
  size: number;
  mtimeNs: bigint;
}

export async function fileStamp(file: string): Promise<FileStamp> {
  const s = await stat(file, { bigint: true });
  return { size: Number(s.size), mtimeNs: s.mtimeNs };
}

const sameStamp = (a: FileStamp, b: FileStamp) => a.size === b.size && a.mtimeNs === b.mtimeNs;

/** The file changed between being looked at and being sent: nothing of it was committed. */
export function sourceChangedError(key: string, file: string): ApiError {
  return new ApiError({
    service: 'storage',
    operation: 'storage.upload',
    code: SOURCE_CHANGED,
    message: `${file} changed while it was being uploaded to "${key}"; nothing was stored: upload it again once it stays unchanged.`,
  });
}
export const SOURCE_CHANGED = CLIENT_CODES.sourceChanged;
/** An upload's file or a download's object changed under it (sourceChangedError, download's `expectEtag`). */
export const isSourceChanged = (e: unknown): boolean => isApiError(e) && e.code === SOURCE_CHANGED;

export interface UploadResult {
  etag?: string;
  size: number;
  /** Number of parts, or 0 for a single PUT. */
  parts: number;
}

/** The part size for an object: the wanted one, at least 5 MiB, large enough for 1,000 parts. */
export function partSizeFor(size: number, wanted = DEFAULT_PART_SIZE): number {
  const needed = Math.ceil(size / MAX_PARTS / MiB) * MiB;
  return Math.max(MIN_PART_SIZE, wanted, needed);
}

export async function upload(client: S3Client, input: UploadInput): Promise<UploadResult> {
  const op = 'storage.upload';
  if (!!input.file === !!input.stream)
    throw new ValidationError(op, [{ path: 'file', message: 'give either a file or a stream with its size' }]);
  // Read before and after the bytes: a file that changes meanwhile is refused before its upload
  // is committed (the last bytes of a single PUT are held back until then), not stored mixed.
  const stamp = input.file ? await fileStamp(input.file) : undefined;
  if (stamp && input.expect && !sameStamp(stamp, input.expect)) throw sourceChangedError(input.key, input.file!);
  const unchanged = async () => {
    if (stamp && !sameStamp(stamp, await fileStamp(input.file!))) throw sourceChangedError(input.key, input.file!);
  };
  const size = stamp ? stamp.size : input.size;
  if (size === undefined || !Number.isInteger(size) || size < 0)
    throw new ValidationError(op, [{ path: 'size', message: 'a stream upload needs its size in bytes' }]);
  if (input.partSize !== undefined && input.partSize < MIN_PART_SIZE)
    throw new ValidationError(op, [{ path: 'partSize', message: 'parts must be at least 5 MiB' }]);
  if (input.signal?.aborted) throw new CancelledError();
  const progress = new Counter(size, input.onProgress);
  const metadata = stamp && input.metadataFor ? { ...input.metadata, ...input.metadataFor(stamp) } : input.metadata;
  const objectOpts = { contentType: input.contentType, metadata, acl: input.acl, signal: input.signal };

  if (size < Math.min(input.multipartThreshold ?? MULTIPART_THRESHOLD, MAX_SINGLE_PUT)) {
    const file = input.file;
    const source = input.stream;
    // A file of one read chunk or less is read whole and checked before it is sent: a buffer
    // body skips the read stream and the two transforms below (2,000 small files: 3.59 CPU
    // seconds before, 2.16 after; docs/performance.md). Larger files stream, last chunk held.
    const whole =
      file && size <= READ_CHUNK ? await readUnchanged(file, size, input.key, unchanged, input.signal) : undefined;
    let used = false;
    const res = await client.putObject(
      input.bucket,
      input.key,
      {
        size,
        stream: () => {
          progress.reset();
          if (whole) {
            progress.add(whole.length);
            return whole;
          }
          // Files above one read chunk (smaller ones were read whole above).
          if (file)
            return heldUntil(
              metered(createReadStream(file, { highWaterMark: READ_CHUNK }), (n) => progress.add(n)),
              unchanged,
            );
          if (used)
            throw new ApiError({
              service: 'storage',
              operation: 'storage.putObject',
              code: CLIENT_CODES.streamNotRepeatable,
              message: 'The upload had to be repeated but its stream cannot be read twice: start it again.',
            });
          used = true;
          return metered(source!, (n) => progress.add(n));
        },
      },
      objectOpts,
    );
    return { etag: res.etag, size, parts: 0 };
  }

  const partSize = partSizeFor(size, input.partSize);
  const count = Math.ceil(size / partSize);
  const lengthOf = (n: number) => Math.min(partSize, size - (n - 1) * partSize);
  if (input.resume && !input.file)
    throw new ValidationError(op, [{ path: 'resume', message: 'only a file upload can be resumed' }]);
  const uploadId =
    input.resume?.uploadId ?? (await client.initiateMultipartUpload(input.bucket, input.key, objectOpts));
  await input.onMultipart?.({ uploadId, partSize, parts: count });
  const parts: PartInfo[] = [];
  if (input.resume) {
    // What the server already holds: a part of the expected size is kept (sent whole, as S3
    // stores only whole parts), one of another size (a different part size) is sent again.
    for (const held of await client.allParts(input.bucket, input.key, uploadId, { signal: input.signal }))
      if (held.partNumber >= 1 && held.partNumber <= count && held.size === lengthOf(held.partNumber)) {
        parts.push(held);
        progress.add(held.size ?? 0);
      }
    input.onPartsDone?.(parts.length);
  }
  const held = new Set(parts.map((p) => p.partNumber));
  // One controller for every part in flight: the first failure or the caller's cancel stops them all.
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort();
  input.signal?.addEventListener('abort', onOuterAbort, { once: true });
  let failure: unknown;
  try {
    const reader = input.stream ? new PartReader(input.stream, partSize) : undefined;
    let next = 1;
    const worker = async () => {
      while (failure === undefined && next <= count) {
        const n = next++;
        if (held.has(n)) continue;
        const start = (n - 1) * partSize;
        const len = lengthOf(n);
        let release: (() => void) | undefined;
        try {
          if (input.sharedParts) release = await input.sharedParts.slots.take(input.sharedParts.file, n, inner.signal);
          const etag = reader
            ? await uploadBufferedPart(client, input, uploadId, n, await reader.read(len), progress, inner.signal)
            : await uploadFilePart(client, input, uploadId, n, input.file!, start, len, progress, inner.signal);
          parts.push({ partNumber: n, etag, size: len });
          input.onPartsDone?.(parts.length);
        } catch (err) {
          failure ??= err;
          inner.abort();
        } finally {
          release?.();
        }
      }
    };
    // Stream sources are read in order, one part buffered per worker: memory is about
    // partSize x concurrency there (file sources stream each part from disk instead).
    const workers = Math.max(1, Math.min(input.concurrency ?? DEFAULT_CONCURRENCY, count));
    await Promise.all(Array.from({ length: workers }, worker));
    if (failure === undefined && input.signal?.aborted) failure = new CancelledError();
    if (failure !== undefined) throw failure;
    await unchanged();
    const done = await client.completeMultipartUpload(input.bucket, input.key, uploadId, parts, {
      signal: input.signal,
    });
    return { etag: done.etag, size, parts: count };
  } catch (err) {
    const cancelled = input.signal?.aborted || isCancelledError(err);
    // Leave nothing behind (parts of an unfinished upload use storage and stay invisible),
    // unless the caller keeps it to resume: then only a cancel (or a changed file) aborts it.
    if (cancelled || !input.keepOnFailure || isSourceChanged(err))
      await client.abortMultipartUpload(input.bucket, input.key, uploadId).catch(() => undefined);
    throw cancelled ? new CancelledError('Upload cancelled') : err;
  } finally {
    input.signal?.removeEventListener('abort', onOuterAbort);
  }
}

async function uploadFilePart(
  client: S3Client,
  input: UploadInput,
  uploadId: string,
  n: number,
  file: string,
  start: number,
  len: number,
  progress: Counter,
  signal: AbortSignal,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    let sent = 0;
    try {
      return await client.uploadPart(
        input.bucket,
        input.key,
        uploadId,
        n,
        {
          size: len,
          stream: () => {
            progress.add(-sent);
            sent = 0;
            return metered(createReadStream(file, { start, end: start + len - 1, highWaterMark: READ_CHUNK }), (n) => {
              sent += n;
              progress.add(n);
            });
          },
        },
        { signal },
      );
    } catch (err) {
      progress.add(-sent);
      const retry =
        attempt < PART_ATTEMPTS && !signal.aborted && isApiError(err) && (err.retryable || (err.status ?? 0) >= 500);
      if (!retry) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

async function uploadBufferedPart(
  client: S3Client,
  input: UploadInput,
  uploadId: string,
  n: number,
  data: Buffer,
  progress: Counter,
  signal: AbortSignal,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const etag = await client.uploadPart(input.bucket, input.key, uploadId, n, data, { signal });
      progress.add(data.length);
      return etag;
    } catch (err) {
      const retry =
        attempt < PART_ATTEMPTS && !signal.aborted && isApiError(err) && (err.retryable || (err.status ?? 0) >= 500);
      if (!retry) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

/**
 * Part uploads in flight across the files of one folder upload (issue 67): each multipart file
 * takes a slot per part it sends, and the slots go first to the file started first (then its
 * lowest part), so a file finishes as soon as it can and the next file's parts fill the slots a
 * file leaves while it is completed (the server joins its parts then; s3rver copies the whole
 * object) or while its last parts are sent. One file at a time, each with its own parts, left
 * those slots idle: 20 files of 50 MiB on s3rver took 1.6 times rclone's time.
 */
export class PartSlots {
  private free: number;
  private seq = 0;
  private readonly waiting: Array<{ rank: [number, number]; grant: () => void }> = [];
  constructor(readonly size: number) {
    this.free = Math.max(1, Math.floor(size));
  }
  /** A number for one file's parts: files ranked in the order they asked for one. */
  nextFile(): number {
    return this.seq++;
  }
  /**
   * Waits for a slot for part `part` of file `file` (nextFile) and answers its release (call it
   * once). A cancel while waiting rejects with a CancelledError and takes no slot.
   */
  take(file: number, part: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    const release = () => {
      this.free++;
      this.next();
    };
    const once = () => {
      let done = false;
      return () => {
        if (!done) {
          done = true;
          release();
        }
      };
    };
    if (this.free > 0 && !this.waiting.length) {
      this.free--;
      return Promise.resolve(once());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        rank: [file, part] as [number, number],
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(once());
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const at = this.waiting.findIndex((w) => w.rank[0] > file || (w.rank[0] === file && w.rank[1] > part));
      this.waiting.splice(at < 0 ? this.waiting.length : at, 0, entry);
    });
  }
  private next(): void {
    while (this.free > 0 && this.waiting.length) {
      this.free--;
      this.waiting.shift()!.grant();
    }
  }
}

/** Reads exact-size parts from a stream in order (one part buffered at a time). */
class PartReader {
  private readonly it: AsyncIterator<Buffer>;
  private rest: Buffer = Buffer.alloc(0);
  private queue: Promise<unknown> = Promise.resolve();
  constructor(stream: Readable, _partSize: number) {
    this.it = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }
  read(len: number): Promise<Buffer> {
    const p = this.queue.then(() => this.take(len));
    this.queue = p.catch(() => undefined);
    return p;
  }
  private async take(len: number): Promise<Buffer> {
    const out = Buffer.allocUnsafe(len);
    let filled = 0;
    while (filled < len) {
      if (this.rest.length === 0) {
        const { value, done } = await this.it.next();
        if (done)
          throw new ValidationError('storage.upload', [
            {
              path: 'stream',
              message: `the stream ended before the size given (${filled} bytes missing a part)`,
              rule: { id: 'streamShort' },
            },
          ]);
        this.rest = Buffer.isBuffer(value) ? value : Buffer.from(value);
      }
      const n = Math.min(len - filled, this.rest.length);
      this.rest.copy(out, filled, 0, n);
      this.rest = this.rest.subarray(n);
      filled += n;
    }
    return out;
  }
}

/** Counts bytes done and reports them: at most once per 64 KiB step, and always the last one. */
export class Counter {
  private loaded = 0;
  private lastReport = 0;
  constructor(
    private readonly total: number,
    private readonly report?: (p: Progress) => void,
  ) {}
  reset(): void {
    this.loaded = 0;
  }
  add(n: number): void {
    this.loaded += n;
    if (!this.report) return;
    // At most one report per 64 KiB step, and always the last one.
    if (this.loaded === this.total || Math.abs(this.loaded - this.lastReport) >= 64 * 1024 || n < 0) {
      this.lastReport = this.loaded;
      this.report({ loaded: this.loaded, total: this.total });
    }
  }
}

/**
 * `source` seen through a byte counter. Joined with pipeline (not pipe) so that when the HTTP
 * layer destroys the returned stream (cancel, failed part) the file stream is closed too and
 * no late write error escapes as an uncaught exception.
 */
function metered(source: Readable, onBytes: (n: number) => void): Readable {
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      onBytes(chunk.length);
      cb(null, chunk);
    },
  });
  pipelineCb(source, meter, () => undefined);
  return meter;
}

/**
 * The bytes of `file`, refused (nothing sent yet) unless they are `size` long and the file is
 * unchanged once they are read (`check`).
 */
async function readUnchanged(
  file: string,
  size: number,
  key: string,
  check: () => Promise<void>,
  signal?: AbortSignal,
): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file, { signal });
  } catch (e) {
    if (signal?.aborted) throw new CancelledError();
    throw e;
  }
  if (bytes.length !== size) throw sourceChangedError(key, file);
  await check();
  return bytes;
}

/**
 * `source` with its last chunk held back until `check` passes: a request body that fails there
 * ends short of its Content-Length, so the server stores nothing.
 */
function heldUntil(source: Readable, check: () => Promise<void>): Readable {
  let held: Buffer | undefined;
  const gate = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      const previous = held;
      held = chunk;
      cb(null, previous);
    },
    flush(cb) {
      check().then(
        () => cb(null, held),
        (e: Error) => cb(e),
      );
    },
  });
  pipelineCb(source, gate, () => undefined);
  return gate;
}
