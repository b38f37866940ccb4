// Downloads of an object to a file: written under a temporary name and renamed when complete,
// removed on failure or cancel. The temporary file is created exclusively (`wx`: O_CREAT|O_EXCL,
// which a symbolic link planted under its name does not satisfy) beside the target, under a name
// cut to the file system's limit (temporaryName in ./localPath.ts, where every download path
// decides its target first). Large objects go in parallel byte ranges, as rclone and the AWS
// CLI's transfer manager do: one stream is bound by one connection's window and one server
// worker, and over a real network several ranges at once fill the link. The first answer (a
// plain GET, already streaming) serves the first part and is closed after it; the other parts
// are ranged GETs written at their offsets with positional writes, in any order.
import { createWriteStream } from 'node:fs';
import { open, rename, writeFile, type FileHandle } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, CancelledError, CLIENT_CODES, isApiError, isCancelledError, LOCAL_FILE_CODES } from '../errors';
import { DirectBody } from '../http/directGet';
import { discardPartialFile, removePartialFile } from '../partialFile';
import type { S3Client } from './client';
import { temporaryName } from './localPath';
import { Counter, DEFAULT_CONCURRENCY, MiB, SOURCE_CHANGED, type Progress } from './transfer';
import type { GetObjectResult } from './types';

/** Objects of this size or more download in parallel ranges. */
export const RANGED_DOWNLOAD_THRESHOLD = 64 * MiB;
export const DOWNLOAD_PART_SIZE = 16 * MiB;
/** Write buffer of the single-stream path, and the batch of a positional write. */
const WRITE_CHUNK = MiB;

export interface DownloadInput {
  bucket: string;
  key: string;
  /** Destination path; written under a temporary name and renamed when complete. */
  file: string;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  range?: { start: number; end?: number };
  /** Ranges in flight at once for a large object (default 4). */
  concurrency?: number;
  /** From this size a whole-object download goes in parallel ranges (default 64 MiB; lowered by tests). */
  rangedThreshold?: number;
  /** Bytes per range (default 16 MiB). */
  rangePartSize?: number;
  /**
   * The ETag the caller saw (a sync's plan): an object replaced since is not written, and the
   * download fails with code `SourceChanged` (isSourceChanged).
   */
  expectEtag?: string;
  /**
   * Nothing is at `file` (the caller looked: prepareLocalFile). An object that arrives whole in
   * memory is then written in place, created exclusively (O_EXCL: a link planted meanwhile is
   * not followed, a file made meanwhile is not touched but written beside and renamed over): no
   * temporary name and no rename for each of many small files (issue 67).
   */
  fresh?: boolean;
}

/** What was written, and the object's modification times as its answer gave them. */
export interface DownloadResult {
  size: number;
  etag?: string;
  lastModified?: string;
  /** User metadata (`x-amz-meta-*` without the prefix). */
  metadata: Record<string, string>;
}

const unquoted = (etag: string) => etag.replace(/"/g, '');

export async function download(client: S3Client, input: DownloadInput): Promise<DownloadResult> {
  const tmp = temporaryName(input.file);
  const res = await client.getObject(input.bucket, input.key, { signal: input.signal, range: input.range });
  if (input.expectEtag && res.etag && unquoted(res.etag) !== unquoted(input.expectEtag)) {
    discard(res.body);
    throw new ApiError({
      service: 'storage',
      operation: 'storage.getObject',
      code: SOURCE_CHANGED,
      message: `"${input.key}" was replaced since it was listed; nothing was written to ${input.file}: download it again.`,
    });
  }
  const answered = { etag: res.etag, lastModified: res.lastModified, metadata: res.metadata };
  const expected = lengthOf(res);
  const progress = new Counter(expected ?? res.size, input.onProgress);
  if (!input.range && res.status === 200 && expected !== undefined) {
    const threshold = input.rangedThreshold ?? RANGED_DOWNLOAD_THRESHOLD;
    const partSize = Math.max(1, input.rangePartSize ?? DOWNLOAD_PART_SIZE);
    if (expected >= threshold && expected > partSize)
      return downloadInRanges(client, input, tmp, { ...res, size: expected }, partSize, progress);
  }
  let written = 0;
  const endedEarly = () =>
    new ApiError({
      service: 'storage',
      operation: 'storage.getObject',
      code: CLIENT_CODES.endedEarly,
      message: `The download of "${input.key}" ended early (${written} of ${expected} bytes): try again.`,
      retryable: true,
    });
  if (expected !== undefined && expected <= WRITE_CHUNK) {
    // An object of one write chunk or less is gathered and written at once: no write stream and
    // no transform (2,000 small objects: 3.36 CPU seconds before, 2.68 after; docs/performance.md).
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        written += chunk.length;
        progress.add(chunk.length);
      }
      if (written !== expected) throw endedEarly();
      const body = Buffer.concat(chunks, written);
      if (input.fresh && (await writeNew(input.file, body, input.signal))) return { ...answered, size: written };
      await writeFile(tmp, body, { signal: input.signal, flag: 'wx' });
      await rename(tmp, input.file);
      return { ...answered, size: written };
    } catch (err) {
      discard(res.body);
      await removePartialFile(tmp);
      throw downloadFailed(input, err);
    }
  }
  const out = createWriteStream(tmp, { highWaterMark: WRITE_CHUNK, flags: 'wx' });
  try {
    await pipeline(
      res.body,
      new Transform({
        transform(chunk: Buffer, _enc, cb) {
          written += chunk.length;
          progress.add(chunk.length);
          cb(null, chunk);
        },
      }),
      out,
      { signal: input.signal },
    );
    if (expected !== undefined && written !== expected) throw endedEarly();
    await rename(tmp, input.file);
    return { ...answered, size: written };
  } catch (err) {
    discard(res.body);
    await discardPartialFile(out, tmp);
    throw downloadFailed(input, err);
  }
}

/**
 * Writes `body` to `file` if nothing is there (false: something is, and nothing was written). A
 * write that fails after the file was created removes it: no half file is left under its name.
 */
async function writeNew(file: string, body: Buffer, signal?: AbortSignal): Promise<boolean> {
  let out: FileHandle;
  try {
    out = await open(file, 'wx');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try {
    await out.writeFile(body, { signal });
    await out.close();
    return true;
  } catch (e) {
    await out.close().catch(() => undefined);
    await removePartialFile(file);
    throw e;
  }
}

/** The error to show after a failed download whose temporary file is gone (a cancel stays one). */
function downloadFailed(input: DownloadInput, err: unknown): Error {
  if (input.signal?.aborted || isCancelledError(err)) return new CancelledError('Download cancelled');
  if (isApiError(err)) return err;
  // A file system's refusal (ENOSPC, EACCES) keeps its code: errorText says it as the disk's.
  const system = (err as NodeJS.ErrnoException).code;
  return new ApiError({
    service: 'storage',
    operation: 'storage.getObject',
    code: typeof system === 'string' && LOCAL_FILE_CODES.has(system) ? system : CLIENT_CODES.downloadFailed,
    detail: (err as Error).message,
    message: `The download of "${input.key}" failed: ${(err as Error).message}`,
    retryable: true,
    cause: err,
  });
}

async function downloadInRanges(
  client: S3Client,
  input: DownloadInput,
  tmp: string,
  first: GetObjectResult,
  partSize: number,
  progress: Counter,
): Promise<DownloadResult> {
  try {
    const out = await open(tmp, 'wx');
    try {
      await downloadRanges(client, {
        bucket: input.bucket,
        key: input.key,
        size: first.size,
        partSize,
        concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
        first,
        out,
        onBytes: (n) => progress.add(n),
        signal: input.signal ?? new AbortController().signal,
      });
    } finally {
      await out.close();
    }
    await rename(tmp, input.file);
    return { size: first.size, etag: first.etag, lastModified: first.lastModified, metadata: first.metadata };
  } catch (err) {
    discard(first.body);
    // The handle is closed (the finally above) or was never opened.
    await removePartialFile(tmp);
    throw downloadFailed(input, err);
  }
}

function lengthOf(res: { size: number; contentRange?: string; status: number }): number | undefined {
  const m = /bytes (\d+)-(\d+)\//.exec(res.contentRange ?? '');
  if (m) return Number(m[2]) - Number(m[1]) + 1;
  return res.status === 200 ? res.size : undefined;
}

interface RangedPlan {
  bucket: string;
  key: string;
  size: number;
  partSize: number;
  concurrency: number;
  /** The first answer (a GET of the whole object): its first `partSize` bytes are used. */
  first: GetObjectResult;
  out: FileHandle;
  onBytes: (n: number) => void;
  signal: AbortSignal;
}

/**
 * Writes every part of the object into `out`. Each ranged answer must be a 206 of exactly the
 * range asked, with the first answer's ETag: an object replaced midway fails the download
 * instead of mixing two versions.
 */
async function downloadRanges(client: S3Client, plan: RangedPlan): Promise<void> {
  const count = Math.ceil(plan.size / plan.partSize);
  let next = 1;
  let failure: unknown;
  const inner = new AbortController();
  const stop = () => inner.abort();
  plan.signal.addEventListener('abort', stop, { once: true });
  const part = async (n: number, body: Readable) => {
    const start = n * plan.partSize;
    const len = Math.min(plan.partSize, plan.size - start);
    // A ranged answer read into reused memory (directGet.ts) writes itself; undici's is batched here.
    const got =
      body instanceof DirectBody
        ? await body.writeTo(plan.out, start, len, plan.onBytes)
        : await writeAt(body, plan.out, start, len, plan.onBytes);
    if (got !== len) throw ended(plan.key, start, got, len);
  };
  const fetchPart = async (n: number) => {
    const start = n * plan.partSize;
    const end = Math.min(plan.size, start + plan.partSize) - 1;
    const res = await client.getObject(plan.bucket, plan.key, {
      range: { start, end },
      signal: inner.signal,
      toFile: true,
    });
    try {
      // The ETag first: a replaced object of another size also answers another range.
      if (plan.first.etag && res.etag && res.etag !== plan.first.etag)
        throw mismatch(plan.key, 'the object was replaced while it downloaded');
      if (res.status !== 206 || res.contentRange !== `bytes ${start}-${end}/${plan.size}`)
        throw mismatch(plan.key, `asked for bytes ${start}-${end}, got ${res.contentRange ?? `status ${res.status}`}`);
      await part(n, res.body);
    } finally {
      discard(res.body);
    }
  };
  const worker = async (initial?: () => Promise<void>) => {
    try {
      if (initial) await initial();
      while (failure === undefined && next < count) await fetchPart(next++);
    } catch (err) {
      failure ??= err;
      // Stop every range: the ranged GETs through `inner`, the first answer by closing it.
      inner.abort();
      discard(plan.first.body);
    }
  };
  try {
    const workers = Math.max(1, Math.min(plan.concurrency, count));
    await Promise.all([
      worker(async () => {
        // The first answer streams the whole object: take its first part, then close it.
        try {
          await part(0, plan.first.body);
        } finally {
          discard(plan.first.body);
        }
      }),
      ...Array.from({ length: workers - 1 }, () => worker()),
    ]);
    if (failure === undefined && plan.signal.aborted) failure = new CancelledError('Download cancelled');
    if (failure !== undefined) throw failure;
  } finally {
    plan.signal.removeEventListener('abort', stop);
    discard(plan.first.body);
  }
}

/**
 * Reads up to `len` bytes of `body` into `out` at `position`, in batches of about 1 MiB, and
 * answers how many bytes it wrote; it stops at `len` (the first answer goes on past its part).
 * Driven by 'data' events, with the body paused while a batch is written: an async iterator
 * reads a buffered stream with read(), which joins the buffered chunks into a new buffer (a copy
 * of every byte, a tenth of the CPU of a 1 GiB download).
 */
function writeAt(
  body: Readable,
  out: FileHandle,
  position: number,
  len: number,
  onBytes: (n: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let batch: Buffer[] = [];
    let batched = 0;
    let writing = false;
    let ended = false;
    let settled = false;
    const settle = (err?: unknown) => {
      if (settled) return;
      settled = true;
      body.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', settle);
      if (err) reject(err);
      else resolve(written);
    };
    const complete = () => written >= len || ended;
    const flush = () => {
      if (!batched) {
        if (complete()) settle();
        return;
      }
      writing = true;
      body.pause();
      const chunks = batch;
      const n = batched;
      batch = [];
      batched = 0;
      out.writev(chunks, position + written).then(() => {
        writing = false;
        written += n;
        onBytes(n);
        if (complete() || batched >= WRITE_CHUNK) flush();
        else body.resume();
      }, settle);
    };
    const onData = (chunk: Buffer) => {
      const room = len - written - batched;
      if (room <= 0) return;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      batch.push(part);
      batched += part.length;
      if (!writing && (batched >= WRITE_CHUNK || written + batched >= len)) flush();
    };
    // 'close' without 'end' is a body cut short: what arrived is written, and the length check
    // of the caller names the shortfall.
    const onEnd = () => {
      ended = true;
      if (!writing) flush();
    };
    body.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', settle);
  });
}

/**
 * Closes a body not read to its end. undici reports that as an 'error' (Request aborted) on the
 * stream, which would be an uncaught exception once nobody listens: it is expected here.
 */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

function ended(key: string, start: number, got: number, len: number): ApiError {
  return new ApiError({
    service: 'storage',
    operation: 'storage.getObject',
    code: CLIENT_CODES.endedEarly,
    message: `The download of "${key}" ended early (${got} of ${len} bytes from byte ${start}): try again.`,
    retryable: true,
  });
}

function mismatch(key: string, what: string): ApiError {
  return new ApiError({
    service: 'storage',
    operation: 'storage.getObject',
    code: CLIENT_CODES.wrongPart,
    detail: what,
    message: `The download of "${key}" stopped: ${what}. Try again.`,
    retryable: true,
  });
}
