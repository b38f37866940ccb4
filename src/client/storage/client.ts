// S3-protocol client of object storage: Signature V4 through aws4 (service `s3`, path-style),
// one method per row of STORAGE_OPERATIONS, S3 error XML mapped to the extension's error types,
// and the one-time correction of the signing region that the major S3 SDKs also do.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import aws4 from 'aws4';
import { DEFAULT_SIGNING_REGION } from '../endpoints';
import { ApiError, AuthError, CancelledError, isApiError, ValidationError } from '../errors';
import type { Transport, TransportResponse } from '../http/transport';
import { checkBucketName, checkKey, copySource, encodeKey, encodeRfc3986 } from './names';
import { STORAGE_OPERATION_BY_NAME, type StorageOperationName } from './operations';
import { bool, escapeXml, int, list, MAX_XML_BYTES, parseXml, S3_NS, text, type XmlNode } from './xml';

export interface S3ClientOptions {
  /** The region's storage address, path-style, e.g. `https://kr1-api-object-storage.nhncloudservice.com`. */
  baseUrl: string;
  accessKey: string;
  secretKey: string;
  /** SigV4 region; default `gov` (the spec). The live service may want `KR1`: corrected at run time. */
  signingRegion?: string;
  transport: Transport;
  /** Told once when the server named another signing region, so the caller can keep it. */
  onSigningRegionCorrected?: (region: string) => void;
}

export interface CallOpts {
  signal?: AbortSignal;
}

export interface Bucket {
  name: string;
  creationDate?: string;
}

export interface ObjectEntry {
  key: string;
  lastModified?: string;
  /** Quoted, as S3 sends it. */
  etag?: string;
  size: number;
  storageClass?: string;
}

export interface ListObjectsInput {
  bucket: string;
  prefix?: string;
  delimiter?: string;
  marker?: string;
  /** At most 1000 (the service's page limit). */
  maxKeys?: number;
}

export interface ObjectPage {
  name: string;
  prefix: string;
  marker: string;
  nextMarker?: string;
  maxKeys: number;
  isTruncated: boolean;
  contents: ObjectEntry[];
  commonPrefixes: string[];
}

export interface ObjectInfo {
  size: number;
  etag?: string;
  lastModified?: string;
  contentType?: string;
  /** `x-amz-meta-*` headers without the prefix. */
  metadata: Record<string, string>;
}

export interface GetObjectResult extends ObjectInfo {
  status: number;
  /** `bytes a-b/total` for ranged answers. */
  contentRange?: string;
  /** The body: pipe it somewhere or destroy it. */
  body: Readable;
}

export interface Grant {
  grantee: { type: string; id?: string; displayName?: string; uri?: string };
  permission: string;
}

export interface Acl {
  owner: { id?: string; displayName?: string };
  grants: Grant[];
}

export type CannedAcl = 'private' | 'public-read' | 'public-read-write' | 'authenticated-read';

export interface PartInfo {
  partNumber: number;
  etag: string;
  size?: number;
  lastModified?: string;
}

export interface UploadInfo {
  key: string;
  uploadId: string;
  initiated?: string;
}

export interface UploadsPage {
  uploads: UploadInfo[];
  commonPrefixes: string[];
  isTruncated: boolean;
  nextKeyMarker?: string;
  nextUploadIdMarker?: string;
}

export interface PartsPage {
  parts: PartInfo[];
  isTruncated: boolean;
  nextPartNumberMarker?: number;
}

/** A body: bytes, or a factory of a fresh stream (so a request can be replayed) with its length. */
export type S3Body = string | Uint8Array | { stream: () => Readable; size: number };

interface SendInput {
  bucket?: string;
  key?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: S3Body;
  signal?: AbortSignal;
  /** Statuses that are success for this call (default: any 2xx). */
  ok?: (status: number) => boolean;
  bodyTimeoutMs?: number;
  /** See TransportRequest.bodyHighWaterMark. */
  bodyHighWaterMark?: number;
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export class S3Client {
  private signingRegion: string;
  private readonly base: URL;
  private readonly basePath: string;
  private readonly opts: S3ClientOptions;

  constructor(opts: S3ClientOptions) {
    this.opts = opts;
    this.base = new URL(opts.baseUrl);
    this.basePath = this.base.pathname.replace(/\/+$/, '');
    this.signingRegion = opts.signingRegion?.trim() || DEFAULT_SIGNING_REGION;
    opts.transport.redactor.addSecret(opts.secretKey);
  }

  /** The signing region in use (after any correction by the server). */
  get region(): string {
    return this.signingRegion;
  }

  // ---------------------------------------------------------------- buckets

  async listBuckets(opts: CallOpts = {}): Promise<{ owner: { id?: string; displayName?: string }; buckets: Bucket[] }> {
    const x = await this.xml('listBuckets', { signal: opts.signal });
    const root = x.ListAllMyBucketsResult;
    return {
      owner: { id: text(child(root, 'Owner'), 'ID'), displayName: text(child(root, 'Owner'), 'DisplayName') },
      buckets: list(child(root, 'Buckets'), 'Bucket').map((b) => ({ name: text(b, 'Name') ?? '', creationDate: text(b, 'CreationDate') })),
    };
  }

  async createBucket(bucket: string, opts: CallOpts & { acl?: CannedAcl } = {}): Promise<{ location?: string }> {
    checkBucketName('storage.createBucket', bucket);
    const headers: Record<string, string> = {};
    if (opts.acl) headers['x-amz-acl'] = opts.acl;
    const res = await this.send('createBucket', { bucket, headers, signal: opts.signal });
    await res.body.dump();
    return { location: res.headers.location };
  }

  /** True when the bucket exists and the credential may use it; false when it does not exist. */
  async headBucket(bucket: string, opts: CallOpts = {}): Promise<boolean> {
    checkBucketName('storage.headBucket', bucket);
    const res = await this.send('headBucket', { bucket, signal: opts.signal, ok: (s) => s < 300 || s === 404 });
    await res.body.dump();
    return res.status !== 404;
  }

  async deleteBucket(bucket: string, opts: CallOpts = {}): Promise<void> {
    checkBucketName('storage.deleteBucket', bucket);
    await (await this.send('deleteBucket', { bucket, signal: opts.signal })).body.dump();
  }

  async getBucketAcl(bucket: string, opts: CallOpts = {}): Promise<Acl> {
    checkBucketName('storage.getBucketAcl', bucket);
    const x = await this.xml('getBucketAcl', { bucket, query: { acl: '' }, signal: opts.signal });
    const root = x.AccessControlPolicy;
    return {
      owner: { id: text(child(root, 'Owner'), 'ID'), displayName: text(child(root, 'Owner'), 'DisplayName') },
      grants: list(child(root, 'AccessControlList'), 'Grant').map((g) => {
        const who = child(g, 'Grantee');
        return {
          grantee: { type: text(who, 'Type') ?? (text(who, 'URI') ? 'Group' : 'CanonicalUser'), id: text(who, 'ID'), displayName: text(who, 'DisplayName'), uri: text(who, 'URI') },
          permission: text(g, 'Permission') ?? '',
        };
      }),
    };
  }

  /** Sets a canned ACL (`x-amz-acl`) or a full policy (XML body). */
  async putBucketAcl(bucket: string, acl: CannedAcl | Acl, opts: CallOpts = {}): Promise<void> {
    checkBucketName('storage.putBucketAcl', bucket);
    const input: SendInput = { bucket, query: { acl: '' }, signal: opts.signal };
    if (typeof acl === 'string') input.headers = { 'x-amz-acl': acl };
    else {
      const grants = acl.grants
        .map((g) => {
          const type = g.grantee.uri ? 'Group' : 'CanonicalUser';
          const who = g.grantee.uri ? `<URI>${escapeXml(g.grantee.uri)}</URI>` : `<ID>${escapeXml(g.grantee.id ?? '')}</ID>`;
          return `<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="${type}">${who}</Grantee><Permission>${escapeXml(g.permission)}</Permission></Grant>`;
        })
        .join('');
      input.body = `<AccessControlPolicy xmlns="${S3_NS}"><Owner><ID>${escapeXml(acl.owner.id ?? '')}</ID></Owner><AccessControlList>${grants}</AccessControlList></AccessControlPolicy>`;
      input.headers = { 'content-type': 'application/xml' };
    }
    await (await this.send('putBucketAcl', input)).body.dump();
  }

  async getBucketLocation(bucket: string, opts: CallOpts = {}): Promise<string> {
    checkBucketName('storage.getBucketLocation', bucket);
    const x = await this.xml('getBucketLocation', { bucket, query: { location: '' }, signal: opts.signal });
    const v = x.LocationConstraint;
    return typeof v === 'string' ? v : (text(x, 'LocationConstraint') ?? '');
  }

  // ---------------------------------------------------------------- objects

  /** One page of ListObjects v1. */
  async listObjectsPage(input: ListObjectsInput, opts: CallOpts = {}): Promise<ObjectPage> {
    checkBucketName('storage.listObjects', input.bucket);
    if (input.maxKeys !== undefined && (!Number.isInteger(input.maxKeys) || input.maxKeys < 1 || input.maxKeys > 1000))
      throw new ValidationError('storage.listObjects', [{ path: 'maxKeys', message: 'must be a whole number from 1 to 1000' }]);
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

  /** Every page of a listing, one request per page, as they are needed. */
  async *listObjects(input: ListObjectsInput, opts: CallOpts = {}): AsyncGenerator<ObjectPage> {
    let marker = input.marker;
    for (;;) {
      const page = await this.listObjectsPage({ ...input, marker }, opts);
      yield page;
      if (!page.isTruncated || !page.nextMarker || page.nextMarker === marker) return;
      marker = page.nextMarker;
    }
  }

  async headObject(bucket: string, key: string, opts: CallOpts = {}): Promise<ObjectInfo> {
    this.check('storage.headObject', bucket, key);
    const res = await this.send('headObject', { bucket, key, signal: opts.signal });
    await res.body.dump();
    return infoOf(res);
  }

  /** Streams an object (or a byte range of it: `range` is inclusive, as in HTTP). */
  async getObject(bucket: string, key: string, opts: CallOpts & { range?: { start: number; end?: number } } = {}): Promise<GetObjectResult> {
    this.check('storage.getObject', bucket, key);
    const headers: Record<string, string> = {};
    if (opts.range) headers.range = `bytes=${opts.range.start}-${opts.range.end ?? ''}`;
    // Large objects: the body timeout is an idle timeout between chunks, not a total.
    // A 1 MiB body high-water mark: fewer socket pause/resume cycles, a third less CPU per GiB.
    const res = await this.send('getObject', { bucket, key, headers, signal: opts.signal, bodyHighWaterMark: 1024 * 1024 });
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
    if (!res.headers.etag) throw this.protocolError('putObject', 'the answer has no ETag, so the object may not have been saved');
    return { etag: res.headers.etag };
  }

  async copyObject(
    from: { bucket: string; key: string },
    to: { bucket: string; key: string },
    opts: CallOpts & { contentType?: string; metadata?: Record<string, string> } = {},
  ): Promise<{ etag?: string; lastModified?: string }> {
    this.check('storage.copyObject', from.bucket, from.key);
    this.check('storage.copyObject', to.bucket, to.key);
    const headers = objectHeaders(opts);
    headers['x-amz-copy-source'] = copySource(from.bucket, from.key);
    if (opts.contentType || opts.metadata) headers['x-amz-metadata-directive'] = 'REPLACE';
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
  async deleteObjects(bucket: string, keys: string[], opts: CallOpts = {}): Promise<{ deleted: string[]; errors: Array<{ key: string; code: string; message: string }> }> {
    checkBucketName('storage.deleteObjects', bucket);
    if (keys.length === 0) return { deleted: [], errors: [] };
    if (keys.length > 1000) throw new ValidationError('storage.deleteObjects', [{ path: 'keys', message: 'at most 1000 keys a request' }]);
    const body = `<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="${S3_NS}"><Quiet>false</Quiet>${keys.map((k) => `<Object><Key>${escapeXml(k)}</Key></Object>`).join('')}</Delete>`;
    const md5 = createHash('md5').update(body).digest('base64');
    const x = await this.xml('deleteObjects', { bucket, query: { delete: '' }, body, headers: { 'content-type': 'application/xml', 'content-md5': md5 }, signal: opts.signal });
    const root = x.DeleteResult;
    return {
      deleted: list(root, 'Deleted').map((d) => text(d, 'Key') ?? ''),
      errors: list(root, 'Error').map((e) => ({ key: text(e, 'Key') ?? '', code: text(e, 'Code') ?? '', message: text(e, 'Message') ?? '' })),
    };
  }

  // ---------------------------------------------------------------- multipart

  async initiateMultipartUpload(bucket: string, key: string, opts: CallOpts & { contentType?: string; metadata?: Record<string, string> } = {}): Promise<string> {
    this.check('storage.initiateMultipartUpload', bucket, key);
    const x = await this.xml('initiateMultipartUpload', { bucket, key, query: { uploads: '' }, headers: objectHeaders(opts), signal: opts.signal });
    const id = text(x.InitiateMultipartUploadResult, 'UploadId');
    if (!id) throw this.protocolError('initiateMultipartUpload', 'the answer has no UploadId');
    return id;
  }

  async uploadPart(bucket: string, key: string, uploadId: string, partNumber: number, body: S3Body, opts: CallOpts = {}): Promise<string> {
    this.check('storage.uploadPart', bucket, key);
    checkPartNumber('storage.uploadPart', partNumber);
    const res = await this.send('uploadPart', { bucket, key, query: { partNumber, uploadId }, body, signal: opts.signal });
    await res.body.dump();
    const etag = res.headers.etag;
    if (!etag) throw this.protocolError('uploadPart', 'the answer has no ETag');
    return etag;
  }

  async uploadPartCopy(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    from: { bucket: string; key: string; range?: { start: number; end: number } },
    opts: CallOpts = {},
  ): Promise<string> {
    this.check('storage.uploadPartCopy', bucket, key);
    this.check('storage.uploadPartCopy', from.bucket, from.key);
    checkPartNumber('storage.uploadPartCopy', partNumber);
    const headers: Record<string, string> = { 'x-amz-copy-source': copySource(from.bucket, from.key) };
    if (from.range) headers['x-amz-copy-source-range'] = `bytes=${from.range.start}-${from.range.end}`;
    const x = await this.xml('uploadPartCopy', { bucket, key, query: { partNumber, uploadId }, headers, signal: opts.signal });
    const etag = text(x.CopyPartResult, 'ETag');
    if (!etag) throw this.protocolError('uploadPartCopy', 'the answer has no ETag');
    return etag;
  }

  async completeMultipartUpload(bucket: string, key: string, uploadId: string, parts: PartInfo[], opts: CallOpts = {}): Promise<{ etag?: string; location?: string }> {
    this.check('storage.completeMultipartUpload', bucket, key);
    const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    const body = `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUpload xmlns="${S3_NS}">${sorted
      .map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escapeXml(p.etag)}</ETag></Part>`)
      .join('')}</CompleteMultipartUpload>`;
    // The answer can be a 200 whose body is an <Error> (S3 rule): xml() checks for that.
    const x = await this.xml('completeMultipartUpload', { bucket, key, query: { uploadId }, body, headers: { 'content-type': 'application/xml' }, signal: opts.signal, bodyTimeoutMs: 10 * 60_000 });
    const r = x.CompleteMultipartUploadResult;
    return { etag: text(r, 'ETag'), location: text(r, 'Location') };
  }

  async abortMultipartUpload(bucket: string, key: string, uploadId: string, opts: CallOpts = {}): Promise<void> {
    this.check('storage.abortMultipartUpload', bucket, key);
    await (await this.send('abortMultipartUpload', { bucket, key, query: { uploadId }, signal: opts.signal })).body.dump();
  }

  async listParts(bucket: string, key: string, uploadId: string, opts: CallOpts & { partNumberMarker?: number; maxParts?: number } = {}): Promise<PartsPage> {
    this.check('storage.listParts', bucket, key);
    const x = await this.xml('listParts', {
      bucket,
      key,
      query: { uploadId, 'part-number-marker': opts.partNumberMarker, 'max-parts': opts.maxParts },
      signal: opts.signal,
    });
    const root = x.ListPartsResult;
    return {
      parts: list(root, 'Part').map((p) => ({ partNumber: int(text(p, 'PartNumber')), etag: text(p, 'ETag') ?? '', size: int(text(p, 'Size')), lastModified: text(p, 'LastModified') })),
      isTruncated: bool(text(root, 'IsTruncated')),
      nextPartNumberMarker: text(root, 'NextPartNumberMarker') ? int(text(root, 'NextPartNumberMarker')) : undefined,
    };
  }

  async listMultipartUploads(bucket: string, opts: CallOpts & { prefix?: string; keyMarker?: string; uploadIdMarker?: string; maxUploads?: number } = {}): Promise<UploadsPage> {
    checkBucketName('storage.listMultipartUploads', bucket);
    const x = await this.xml('listMultipartUploads', {
      bucket,
      query: { uploads: '', prefix: opts.prefix, 'key-marker': opts.keyMarker, 'upload-id-marker': opts.uploadIdMarker, 'max-uploads': opts.maxUploads },
      signal: opts.signal,
    });
    const root = x.ListMultipartUploadsResult;
    return {
      uploads: list(root, 'Upload').map((u) => ({ key: text(u, 'Key') ?? '', uploadId: text(u, 'UploadId') ?? '', initiated: text(u, 'Initiated') })),
      commonPrefixes: list(root, 'CommonPrefixes').map((p) => text(p, 'Prefix') ?? ''),
      isTruncated: bool(text(root, 'IsTruncated')),
      nextKeyMarker: text(root, 'NextKeyMarker') || undefined,
      nextUploadIdMarker: text(root, 'NextUploadIdMarker') || undefined,
    };
  }

  // ---------------------------------------------------------------- plumbing

  private check(operation: string, bucket: string, key: string): void {
    checkBucketName(operation, bucket);
    checkKey(operation, key);
  }

  /** Sends and parses an XML answer; a 200 carrying <Error> is an error too. */
  private async xml(name: StorageOperationName, input: SendInput): Promise<XmlNode> {
    const res = await this.send(name, input);
    let body: string;
    try {
      body = await readCapped(res, MAX_XML_BYTES, this.protocolError.bind(this, name));
    } catch (err) {
      if (isApiError(err)) throw err;
      if (input.signal?.aborted) throw new CancelledError();
      // The headers came, then the connection broke: say so, as the transport does for JSON answers.
      throw new ApiError({
        service: 'storage',
        operation: `storage.${name}`,
        message: `The connection broke while reading the answer of storage.${name}. Check the network, the proxy settings (http.proxy) and the endpoint in the profile, then try again.`,
        code: (err as { code?: string }).code,
        retryable: true,
        cause: err,
      });
    }
    let x: XmlNode;
    try {
      x = parseXml(body);
    } catch (err) {
      throw this.protocolError(name, `the answer is not valid XML (${(err as Error).message})`);
    }
    if (x.Error) throw this.errorFrom(name, res.status, x, input);
    return x;
  }

  private protocolError(name: string, what: string): ApiError {
    return new ApiError({ service: 'storage', operation: `storage.${name}`, message: `Object storage answered ${name} in an unexpected way: ${what}.`, retryable: true });
  }

  /** Signs and sends one request; corrects the signing region once if the server names another one. */
  private async send(name: StorageOperationName, input: SendInput): Promise<TransportResponse> {
    const op = STORAGE_OPERATION_BY_NAME[name];
    let corrected = false;
    for (;;) {
      if (input.signal?.aborted) throw new CancelledError();
      const res = await this.sendOnce(name, input);
      const ok = input.ok ?? ((s: number) => s >= 200 && s < 300);
      if (ok(res.status)) return res;
      const raw = op.method === 'HEAD' ? '' : await readCapped(res, 64 * 1024, () => undefined).catch(() => '');
      let x: XmlNode | undefined;
      try {
        x = raw ? parseXml(raw) : undefined;
      } catch {
        x = undefined;
      }
      let code = x ? text(x.Error, 'Code') : undefined;
      let expected = x ? expectedRegion(x) : undefined;
      if (!corrected && op.method === 'HEAD' && res.status === 400) {
        // HEAD answers carry no body, so a wrong region cannot be read from them: ask the
        // same question with a GET of the bucket list, whose error body names the region.
        const probe = await this.sendOnce('listBuckets', { signal: input.signal });
        const body = await readCapped(probe, 64 * 1024, () => undefined).catch(() => '');
        try {
          const px = parseXml(body);
          if (text(px.Error, 'Code') === 'AuthorizationHeaderMalformed') [code, expected] = ['AuthorizationHeaderMalformed', expectedRegion(px)];
        } catch {
          /* not XML: keep the HEAD's own status */
        }
      }
      if (!corrected && code === 'AuthorizationHeaderMalformed' && expected && expected !== this.signingRegion && replayable(input.body)) {
        this.opts.transport.logger.warn(`storage: signing region '${this.signingRegion}' rejected; the service expects '${expected}'. Using it from now on.`);
        this.signingRegion = expected;
        corrected = true;
        this.opts.onSigningRegionCorrected?.(expected);
        continue;
      }
      throw this.errorFrom(name, res.status, x, input, raw);
    }
  }

  private async sendOnce(name: StorageOperationName, input: SendInput): Promise<TransportResponse> {
    const op = STORAGE_OPERATION_BY_NAME[name];
    let path = this.basePath + '/';
    if (input.bucket) path += input.bucket;
    if (input.key !== undefined) path += '/' + encodeKey(input.key);
    const query = Object.entries(input.query ?? {})
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(String(v))}`)
      .sort()
      .join('&');
    const fullPath = query ? `${path}?${query}` : path;

    const headers: Record<string, string> = { ...input.headers };
    let body: string | Uint8Array | Readable | undefined;
    const b = input.body;
    if (b === undefined) {
      headers['x-amz-content-sha256'] = EMPTY_SHA256;
    } else if (typeof b === 'string' || b instanceof Uint8Array) {
      // Small XML bodies: sign the real hash, so a changed body fails the signature.
      headers['x-amz-content-sha256'] = createHash('sha256').update(b).digest('hex');
      headers['content-length'] = String(Buffer.byteLength(b));
      body = b;
    } else {
      // Streamed bodies are signed UNSIGNED-PAYLOAD: a real hash would mean reading the whole
      // file (or part) once before sending it, doubling the disk reads and CPU of every upload.
      // TLS protects the bytes in transit; ETags (MD5) are checked after upload where offered.
      headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      headers['content-length'] = String(b.size);
      body = b.stream();
    }
    const signed = aws4.sign(
      { host: this.base.host, path: fullPath, method: op.method, service: 's3', region: this.signingRegion, headers },
      { accessKeyId: this.opts.accessKey, secretAccessKey: this.opts.secretKey },
    );
    const sentHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(signed.headers ?? {})) if (v !== undefined) sentHeaders[k.toLowerCase()] = String(v);
    return this.opts.transport.request({
      service: 'storage',
      operation: op.id,
      method: op.method,
      url: `${this.base.origin}${fullPath}`,
      headers: sentHeaders,
      body,
      idempotent: op.method !== 'POST',
      signal: input.signal,
      bodyTimeoutMs: input.bodyTimeoutMs,
      bodyHighWaterMark: input.bodyHighWaterMark,
      rawPath: true,
    });
  }

  private errorFrom(name: StorageOperationName, status: number, x: XmlNode | undefined, input: SendInput, raw = ''): Error {
    const op = STORAGE_OPERATION_BY_NAME[name];
    const err = x?.Error;
    let code = text(err, 'Code');
    const serverMessage = text(err, 'Message');
    if (!code) {
      // HEAD answers have no body; other non-XML answers (proxies, injected faults) neither.
      if (status === 404) code = input.key !== undefined && name !== 'headBucket' ? 'NoSuchKey' : 'NoSuchBucket';
      else if (status === 403) code = 'AccessDenied';
    }
    const where = input.key !== undefined ? `"${input.key}" in bucket "${input.bucket}"` : input.bucket ? `bucket "${input.bucket}"` : 'the account';
    const api = (message: string, retryable = status >= 500 || status === 429 || code === 'SlowDown') =>
      new ApiError({ service: 'storage', operation: op.id, code: code ?? status, status, message, retryable });
    const auth = (reason: 'unauthenticated' | 'forbidden', message: string) => new AuthError({ service: 'storage', operation: op.id, reason, message, code: code ?? status, status });
    switch (code) {
      case 'SignatureDoesNotMatch':
        return auth('unauthenticated', 'The S3 signature does not match: check the S3 secret key of the profile.');
      case 'InvalidAccessKeyId':
        return auth('unauthenticated', 'The S3 access key is not known to object storage: check the access key of the profile, or issue a new EC2 credential.');
      case 'AccessDenied':
        return auth('forbidden', `Access to ${where} was denied: the credential lacks the permission (check the bucket ACL or the project role).`);
      case 'AuthorizationHeaderMalformed': {
        const expected = x ? expectedRegion(x) : undefined;
        return auth(
          'unauthenticated',
          expected
            ? `Object storage expects the signing region '${expected}', not '${this.signingRegion}': set it in the profile's signing regions.`
            : `Object storage rejected the authorization header${serverMessage ? ` (${serverMessage})` : ''}: check the signing region in the profile.`,
        );
      }
      case 'RequestTimeTooSkewed':
        return auth('unauthenticated', "Object storage rejected the request time: this computer's clock is off by more than 15 minutes. Correct the clock and try again.");
      case 'NoSuchBucket':
        return api(`The bucket "${input.bucket}" does not exist in this region.`);
      case 'NoSuchKey':
        return api(`The object "${input.key}" does not exist in bucket "${input.bucket}".`);
      case 'BucketNotEmpty':
        return api(`Cannot delete bucket "${input.bucket}": the bucket is not empty: delete its objects first.`);
      case 'BucketAlreadyExists':
        return api(`The bucket name "${input.bucket}" is already taken (bucket names are shared by all accounts): choose another name.`);
      case 'BucketAlreadyOwnedByYou':
        return api(`You already own a bucket named "${input.bucket}".`);
      case 'InvalidBucketName':
        return api(`"${input.bucket}" is not a valid bucket name.`);
      case 'EntityTooSmall':
        return api('A multipart upload part other than the last is smaller than 5 MiB: use larger parts.');
      case 'EntityTooLarge':
        return api('The object is too large for a single upload (over 5 GB): upload it in parts.');
      case 'InvalidPart':
        return api('A part listed to complete the multipart upload was not found, or its ETag does not match: upload the part again.');
      case 'InvalidPartOrder':
        return api('The parts to complete the multipart upload are not in ascending order.');
      case 'NoSuchUpload':
        return api('The multipart upload does not exist any more (it was completed or aborted): start the upload again.');
      case 'InvalidRange':
        return api(`The requested range is outside object "${input.key}".`);
      case 'MalformedXML':
        return api(`Object storage could not read the request body of ${name}${serverMessage ? `: ${serverMessage}` : ''}.`);
      case 'SlowDown':
        return api('Object storage asks to slow down (too many requests): try again in a moment.', true);
      case 'NotImplemented':
        return api(`This object storage does not offer ${name}.`);
      default: {
        const detail = code ? `${code}${serverMessage ? `: ${serverMessage}` : ''}` : raw.trim().slice(0, 200) || 'no details';
        return api(`Object storage refused ${name} for ${where} (HTTP ${status}, ${detail}).`);
      }
    }
  }
}

// ---------------------------------------------------------------- helpers

function child(node: unknown, name: string): XmlNode | undefined {
  const v = node && typeof node === 'object' && !Array.isArray(node) ? (node as XmlNode)[name] : undefined;
  return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}

/** The region a "wrong region" error names: the <Region> element or the message text. */
function expectedRegion(x: XmlNode): string | undefined {
  const region = text(x.Error, 'Region')?.trim();
  if (region) return region;
  const m = /expecting '([^']+)'/i.exec(text(x.Error, 'Message') ?? '');
  return m?.[1];
}

const replayable = (b: S3Body | undefined): boolean => b === undefined || typeof b === 'string' || b instanceof Uint8Array || typeof b.stream === 'function';

function checkPartNumber(operation: string, n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 10000) throw new ValidationError(operation, [{ path: 'partNumber', message: 'must be a whole number from 1 to 10000' }]);
}

function objectHeaders(opts: { contentType?: string; metadata?: Record<string, string>; acl?: CannedAcl }): Record<string, string> {
  const h: Record<string, string> = {};
  if (opts.contentType) h['content-type'] = opts.contentType;
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
    metadata,
  };
}

/** Reads a text answer, refusing more than `max` bytes (hostile or broken servers). */
async function readCapped(res: TransportResponse, max: number, onTooLarge: (what: string) => Error | undefined): Promise<string> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    res.body.destroy();
    throw onTooLarge(`the answer is larger than ${max} bytes`) ?? new Error('answer too large');
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of res.body as AsyncIterable<Buffer>) {
    total += c.length;
    if (total > max) {
      res.body.destroy();
      throw onTooLarge(`the answer is larger than ${max} bytes`) ?? new Error('answer too large');
    }
    chunks.push(c);
  }
  return Buffer.concat(chunks).toString('utf8');
}
