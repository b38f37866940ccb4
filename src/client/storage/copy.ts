// Server-side copy of one object of any size. A single PUT Object Copy is limited to 5 GiB
// (the service's single-object limit), so objects at or above a threshold are copied as a
// multipart upload whose parts are filled by Upload Part Copy over byte ranges of the source,
// several at once. The copy keeps the source's served headers and metadata (read with HEAD and
// given to Initiate Multipart Upload, since parts carry no headers), or takes the ones given in
// `replace`: a copy onto the object itself with `replace` is how its metadata is edited (S3 has
// no other way), the bytes untouched. A cancel or a failure aborts the multipart upload, so no
// invisible parts are left behind.
import { ApiError, CancelledError, CLIENT_CODES, isCancelledError, NhnError, ValidationError } from '../errors';
import type { ObjectHeaders, ObjectInfo, PartInfo, S3Client } from './client';
import { Counter, DEFAULT_CONCURRENCY, MIN_PART_SIZE, MiB, partSizeFor, type Progress } from './transfer';

/** The largest object one PUT Object Copy may copy (5 GiB); larger ones go multipart. */
export const SINGLE_COPY_LIMIT = 5 * 1024 * MiB;
/** Copy parts are aimed at this many per object (parallelism and progress steps)... */
const COPY_PARTS_WANTED = 16;
/** ...but never larger than this (a failed part is repeated whole). */
const MAX_COPY_PART_SIZE = 512 * MiB;

export interface ObjectAddress {
  bucket: string;
  key: string;
}

export interface CopyInput {
  from: ObjectAddress;
  to: ObjectAddress;
  /** Objects of this size or more are copied multipart (default and upper bound: 5 GiB). */
  multipartThreshold?: number;
  /** Bytes per part; at least 5 MiB (default: about 1/16 of the object, at most 512 MiB). */
  partSize?: number;
  /** Parts in flight at once (default 4). */
  concurrency?: number;
  /** Copy only the source whose ETag this is (its HEAD answer's): a changed source fails with 412. */
  ifMatch?: string;
  /** The headers the copy gets instead of the source's (all of them: those left out are gone). */
  replace?: ObjectHeaders;
  /** The source's HEAD answer when the caller already has it. */
  source?: ObjectInfo;
  signal?: AbortSignal;
  /** Bytes copied so far; reported once per finished part. */
  onProgress?: (p: Progress) => void;
}

export interface CopyResult {
  size: number;
  etag?: string;
  /** Number of parts, or 0 for a single PUT Object Copy. */
  parts: number;
}

/** The part size of a multipart copy: about 1/16 of the object, within 5 MiB..512 MiB, and at most 1,000 parts. */
export function copyPartSizeFor(size: number, wanted?: number): number {
  const aimed = Math.min(MAX_COPY_PART_SIZE, Math.ceil(size / COPY_PARTS_WANTED / MiB) * MiB);
  return partSizeFor(size, wanted ?? aimed);
}

export async function copyObjectAnySize(client: S3Client, input: CopyInput): Promise<CopyResult> {
  const op = 'storage.copy';
  const { from, to, signal } = input;
  if (from.bucket === to.bucket && from.key === to.key && !input.replace)
    throw new ValidationError(op, [
      { path: 'to', message: `"${to.key}" is the object itself: choose another name or folder` },
    ]);
  if (input.partSize !== undefined && input.partSize < MIN_PART_SIZE)
    throw new ValidationError(op, [{ path: 'partSize', message: 'parts must be at least 5 MiB' }]);
  if (signal?.aborted) throw new CancelledError('Copy cancelled');
  const threshold = Math.min(SINGLE_COPY_LIMIT, input.multipartThreshold ?? SINGLE_COPY_LIMIT);
  const source = input.source ?? (await client.headObject(from.bucket, from.key, { signal }));
  const size = source.size;
  const progress = new Counter(size, input.onProgress);

  if (size < threshold) {
    const res = await client.copyObject({ ...from, ifMatch: input.ifMatch }, to, { signal, replace: input.replace });
    progress.add(size);
    return { size, etag: res.etag, parts: 0 };
  }

  const partSize = copyPartSizeFor(size, input.partSize);
  const count = Math.ceil(size / partSize);
  const uploadId = await client.initiateMultipartUpload(to.bucket, to.key, {
    ...(input.replace ?? headersOf(source)),
    signal,
  });
  // One controller for every part in flight: the first failure or the caller's cancel stops them all.
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });
  const parts: PartInfo[] = [];
  let failure: unknown;
  try {
    let next = 1;
    const worker = async () => {
      while (failure === undefined && !inner.signal.aborted && next <= count) {
        const n = next++;
        const start = (n - 1) * partSize;
        const end = Math.min(size, start + partSize) - 1;
        try {
          const etag = await client.uploadPartCopy(
            to.bucket,
            to.key,
            uploadId,
            n,
            { ...from, ifMatch: input.ifMatch, range: { start, end } },
            { signal: inner.signal },
          );
          parts.push({ partNumber: n, etag, size: end - start + 1 });
          progress.add(end - start + 1);
        } catch (err) {
          failure ??= err;
          inner.abort();
        }
      }
    };
    const workers = Math.max(1, Math.min(input.concurrency ?? DEFAULT_CONCURRENCY, count));
    await Promise.all(Array.from({ length: workers }, worker));
    if (signal?.aborted) failure = new CancelledError('Copy cancelled');
    if (failure !== undefined) throw failure;
    const done = await client.completeMultipartUpload(to.bucket, to.key, uploadId, parts, { signal });
    return { size, etag: done.etag, parts: count };
  } catch (err) {
    // Leave nothing behind: parts of an unfinished upload use storage and stay invisible.
    await client.abortMultipartUpload(to.bucket, to.key, uploadId).catch(() => undefined);
    if (signal?.aborted || isCancelledError(err)) throw new CancelledError('Copy cancelled');
    throw err instanceof NhnError
      ? err
      : new ApiError({
          service: 'storage',
          operation: 'storage.uploadPartCopy',
          code: CLIENT_CODES.copyFailed,
          detail: (err as Error).message,
          message: `The copy of "${from.key}" failed: ${(err as Error).message}`,
          cause: err,
        });
  } finally {
    signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** The headers an object is served with, from its HEAD answer (what a copy keeps). */
export function headersOf(info: ObjectInfo): ObjectHeaders {
  return {
    contentType: info.contentType,
    cacheControl: info.cacheControl,
    contentDisposition: info.contentDisposition,
    contentEncoding: info.contentEncoding,
    metadata: info.metadata,
  };
}
