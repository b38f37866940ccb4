// The object operations of the S3-protocol client (list, head, get, put, copy, delete one or
// many), on the bucket operations of BucketRequests.
import { createHash } from 'node:crypto';
import type { TransportResponse } from '../http/transport';
import { ValidationError } from '../errors';
import { BucketRequests } from './bucketRequests';
import { checkBucketName, copySource } from './names';
import type {
  CallOpts,
  CannedAcl,
  GetObjectResult,
  ListObjectsInput,
  ObjectHeaders,
  ObjectInfo,
  ObjectPage,
  S3Body,
} from './types';
import { bool, escapeXml, int, list, S3_NS, text } from './xml';

export class ObjectRequests extends BucketRequests {
  /** One page of ListObjects v1. */
  async listObjectsPage(input: ListObjectsInput, opts: CallOpts = {}): Promise<ObjectPage> {
    checkBucketName('storage.listObjects', input.bucket);
    if (input.maxKeys !== undefined && (!Number.isInteger(input.maxKeys) || input.maxKeys < 1 || input.maxKeys > 1000))
      throw new ValidationError('storage.listObjects', [
        { path: 'maxKeys', message: 'must be a whole number from 1 to 1000' },
      ]);
    const x = await this.xml('listObjects', {
      bucket: input.bucket,
      query: { prefix: input.prefix, delimiter: input.delimiter, marker: input.marker, 'max-keys': input.maxKeys },
      signal: opts.signal,
    });
    const root = x.ListBucketResult;
    const contents = list(root, 'Contents').map((c) => ({
      key: text(c, 'Key') ?? '',
      lastModified: text(c, 'LastModified'),
      etag: text(c, 'ETag'),
      size: int(text(c, 'Size')),
      storageClass: text(c, 'StorageClass'),
    }));
    const commonPrefixes = list(root, 'CommonPrefixes').map((p) => text(p, 'Prefix') ?? '');
    const isTruncated = bool(text(root, 'IsTruncated'));
    // v1 sends NextMarker only with a delimiter; otherwise the last key is the next marker.
    const last = [...contents.map((c) => c.key), ...commonPrefixes].sort().pop();
    return {
      name: text(root, 'Name') ?? input.bucket,
      prefix: text(root, 'Prefix') ?? '',
      marker: text(root, 'Marker') ?? '',
      nextMarker: isTruncated ? text(root, 'NextMarker') || last : undefined,
      maxKeys: int(text(root, 'MaxKeys'), 1000),
      isTruncated,
      contents,
      commonPrefixes,
    };
  }

  /**
   * Every page of a listing, one request per page, as they are needed. A server that answers a
   * marker it gave before, goes on without one or with a long run of empty pages, or a listing
   * past the client's ceiling of entries, ends in an error that says so (ListingGuard).
   */
  async *listObjects(input: ListObjectsInput, opts: CallOpts = {}): AsyncGenerator<ObjectPage> {
    const guard = this.listingGuard('storage.listObjects', input.marker);
    let marker = input.marker;
    for (;;) {
      const page = await this.listObjectsPage({ ...input, marker }, opts);
      guard.page(page.contents.length + page.commonPrefixes.length, page.isTruncated, page.nextMarker);
      yield page;
      if (!page.isTruncated) return;
      marker = page.nextMarker;
    }
  }

  async headObject(bucket: string, key: string, opts: CallOpts = {}): Promise<ObjectInfo> {
    this.check('storage.headObject', bucket, key);
    const res = await this.send('headObject', { bucket, key, signal: opts.signal });
    await res.body.dump();
    return infoOf(res);
  }

  /**
   * Streams an object (or a byte range of it: `range` is inclusive, as in HTTP). `toFile`: the
   * body goes to a file and is large (TransportRequest.directBody: it may come with `writeTo`).
   */
  async getObject(
    bucket: string,
    key: string,
    opts: CallOpts & { range?: { start: number; end?: number }; toFile?: boolean } = {},
  ): Promise<GetObjectResult> {
    this.check('storage.getObject', bucket, key);
    const headers: Record<string, string> = {};
    if (opts.range) headers.range = `bytes=${opts.range.start}-${opts.range.end ?? ''}`;
    // Large objects: the body timeout is an idle timeout between chunks, not a total.
    // A 1 MiB body high-water mark: fewer socket pause/resume cycles, a third less CPU per GiB.
    const res = await this.send('getObject', {
      bucket,
      key,
      headers,
      signal: opts.signal,
      bodyHighWaterMark: 1024 * 1024,
      directBody: opts.toFile,
    });
    return { ...infoOf(res), status: res.status, contentRange: res.headers['content-range'], body: res.body };
  }

  /** Uploads in one request. A stream body must say its size (S3 needs Content-Length). */
  async putObject(
    bucket: string,
    key: string,
    body: S3Body,
    opts: CallOpts & { contentType?: string; metadata?: Record<string, string>; acl?: CannedAcl } = {},
  ): Promise<{ etag?: string }> {
    this.check('storage.putObject', bucket, key);
    const headers = objectHeaders(opts);
    const res = await this.send('putObject', { bucket, key, body, headers, signal: opts.signal });
    await res.body.dump();
    // Every S3 server answers a stored object with its ETag: a 200 without one (a proxy's or
    // gateway's page) does not prove the object was saved, and a save must never look done when it is not.
    if (!res.headers.etag)
      throw this.protocolError('putObject', 'the answer has no ETag, so the object may not have been saved');
    return { etag: res.headers.etag };
  }

  /**
   * Server-side copy (up to 5 GiB: copy.ts goes multipart above). The copy keeps the source's
   * headers, or with `replace` has exactly those (the REPLACE directive: headers left out are gone).
   */
  async copyObject(
    from: CopySource,
    to: { bucket: string; key: string },
    opts: CallOpts & { replace?: ObjectHeaders } = {},
  ): Promise<{ etag?: string; lastModified?: string }> {
    this.check('storage.copyObject', from.bucket, from.key);
    this.check('storage.copyObject', to.bucket, to.key);
    const headers = { ...(opts.replace ? objectHeaders(opts.replace) : {}), ...copySourceHeaders(from) };
    if (opts.replace) headers['x-amz-metadata-directive'] = 'REPLACE';
    // A copy can fail after the 200 status line: the error then comes as the body (S3 rule).
    const x = await this.xml('copyObject', { bucket: to.bucket, key: to.key, headers, signal: opts.signal });
    const r = x.CopyObjectResult;
    return { etag: text(r, 'ETag'), lastModified: text(r, 'LastModified') };
  }

  async deleteObject(bucket: string, key: string, opts: CallOpts = {}): Promise<void> {
    this.check('storage.deleteObject', bucket, key);
    await (await this.send('deleteObject', { bucket, key, signal: opts.signal })).body.dump();
  }

  /** Deletes up to 1000 keys in one request; answers what was deleted and what failed. */
  async deleteObjects(
    bucket: string,
    keys: string[],
    opts: CallOpts = {},
  ): Promise<{ deleted: string[]; errors: Array<{ key: string; code: string; message: string }> }> {
    checkBucketName('storage.deleteObjects', bucket);
    if (keys.length === 0) return { deleted: [], errors: [] };
    if (keys.length > 1000)
      throw new ValidationError('storage.deleteObjects', [{ path: 'keys', message: 'at most 1000 keys a request' }]);
    const body = `<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="${S3_NS}"><Quiet>false</Quiet>${keys.map((k) => `<Object><Key>${escapeXml(k)}</Key></Object>`).join('')}</Delete>`;
    const md5 = createHash('md5').update(body).digest('base64');
    const x = await this.xml('deleteObjects', {
      bucket,
      query: { delete: '' },
      body,
      headers: { 'content-type': 'application/xml', 'content-md5': md5 },
      signal: opts.signal,
    });
    const root = x.DeleteResult;
    return {
      deleted: list(root, 'Deleted').map((d) => text(d, 'Key') ?? ''),
      errors: list(root, 'Error').map((e) => ({
        key: text(e, 'Key') ?? '',
        code: text(e, 'Code') ?? '',
        message: text(e, 'Message') ?? '',
      })),
    };
  }
}

/** The object a copy reads; with `ifMatch`, only while its ETag is that one (else 412). */
export interface CopySource {
  bucket: string;
  key: string;
  ifMatch?: string;
}

export function copySourceHeaders(from: CopySource): Record<string, string> {
  const h: Record<string, string> = { 'x-amz-copy-source': copySource(from.bucket, from.key) };
  if (from.ifMatch) h['x-amz-copy-source-if-match'] = from.ifMatch;
  return h;
}

/** The headers of a new object: content type and the other served headers, canned ACL, user metadata. */
export function objectHeaders(opts: ObjectHeaders & { acl?: CannedAcl }): Record<string, string> {
  const h: Record<string, string> = {};
  if (opts.contentType) h['content-type'] = opts.contentType;
  if (opts.cacheControl) h['cache-control'] = opts.cacheControl;
  if (opts.contentDisposition) h['content-disposition'] = opts.contentDisposition;
  if (opts.contentEncoding) h['content-encoding'] = opts.contentEncoding;
  if (opts.acl) h['x-amz-acl'] = opts.acl;
  for (const [k, v] of Object.entries(opts.metadata ?? {})) h[`x-amz-meta-${k.toLowerCase()}`] = encodeURIComponent(v);
  return h;
}

function infoOf(res: TransportResponse): ObjectInfo {
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (!k.startsWith('x-amz-meta-')) continue;
    let value = v;
    try {
      value = decodeURIComponent(v);
    } catch {
      /* not percent-encoded by its writer: keep as is */
    }
    metadata[k.slice('x-amz-meta-'.length)] = value;
  }
  const range = /\/(\d+)$/.exec(res.headers['content-range'] ?? '');
  return {
    size: range ? Number(range[1]) : Number(res.headers['content-length'] ?? 0),
    etag: res.headers.etag,
    lastModified: res.headers['last-modified'],
    contentType: res.headers['content-type'],
    cacheControl: res.headers['cache-control'],
    contentDisposition: res.headers['content-disposition'],
    contentEncoding: res.headers['content-encoding'],
    metadata,
  };
}
