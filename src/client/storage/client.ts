// S3-protocol client of object storage: one method per row of STORAGE_OPERATIONS. Signing, sending,
// error mapping and the signing-region correction are its base class, S3Requests (requests.ts).
import { createHash } from 'node:crypto';
import type { TransportResponse } from '../http/transport';
import { ValidationError } from '../errors';
import { checkBucketName, copySource } from './names';
import { S3Requests } from './requests';
import type {
  Acl,
  Bucket,
  CallOpts,
  CannedAcl,
  GetObjectResult,
  ListObjectsInput,
  ObjectInfo,
  ObjectPage,
  PartInfo,
  PartsPage,
  S3Body,
  SendInput,
  UploadsPage,
} from './types';
import { bool, escapeXml, int, list, S3_NS, text, type XmlNode } from './xml';

export type {
  Acl,
  Bucket,
  CallOpts,
  CannedAcl,
  GetObjectResult,
  Grant,
  ListObjectsInput,
  ObjectEntry,
  ObjectInfo,
  ObjectPage,
  PartInfo,
  PartsPage,
  S3Body,
  S3ClientOptions,
  UploadInfo,
  UploadsPage,
} from './types';

export class S3Client extends S3Requests {
  // ---------------------------------------------------------------- buckets

  async listBuckets(opts: CallOpts = {}): Promise<{ owner: { id?: string; displayName?: string }; buckets: Bucket[] }> {
    const x = await this.xml('listBuckets', { signal: opts.signal });
    const root = x.ListAllMyBucketsResult;
    return {
      owner: { id: text(child(root, 'Owner'), 'ID'), displayName: text(child(root, 'Owner'), 'DisplayName') },
      buckets: list(child(root, 'Buckets'), 'Bucket').map((b) => ({
        name: text(b, 'Name') ?? '',
        creationDate: text(b, 'CreationDate'),
      })),
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
          grantee: {
            type: text(who, 'Type') ?? (text(who, 'URI') ? 'Group' : 'CanonicalUser'),
            id: text(who, 'ID'),
            displayName: text(who, 'DisplayName'),
            uri: text(who, 'URI'),
          },
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
          const who = g.grantee.uri
            ? `<URI>${escapeXml(g.grantee.uri)}</URI>`
            : `<ID>${escapeXml(g.grantee.id ?? '')}</ID>`;
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
  async getObject(
    bucket: string,
    key: string,
    opts: CallOpts & { range?: { start: number; end?: number } } = {},
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

  // ---------------------------------------------------------------- multipart

  async initiateMultipartUpload(
    bucket: string,
    key: string,
    opts: CallOpts & { contentType?: string; metadata?: Record<string, string> } = {},
  ): Promise<string> {
    this.check('storage.initiateMultipartUpload', bucket, key);
    const x = await this.xml('initiateMultipartUpload', {
      bucket,
      key,
      query: { uploads: '' },
      headers: objectHeaders(opts),
      signal: opts.signal,
    });
    const id = text(x.InitiateMultipartUploadResult, 'UploadId');
    if (!id) throw this.protocolError('initiateMultipartUpload', 'the answer has no UploadId');
    return id;
  }

  async uploadPart(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    body: S3Body,
    opts: CallOpts = {},
  ): Promise<string> {
    this.check('storage.uploadPart', bucket, key);
    checkPartNumber('storage.uploadPart', partNumber);
    const res = await this.send('uploadPart', {
      bucket,
      key,
      query: { partNumber, uploadId },
      body,
      signal: opts.signal,
    });
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
    const x = await this.xml('uploadPartCopy', {
      bucket,
      key,
      query: { partNumber, uploadId },
      headers,
      signal: opts.signal,
    });
    const etag = text(x.CopyPartResult, 'ETag');
    if (!etag) throw this.protocolError('uploadPartCopy', 'the answer has no ETag');
    return etag;
  }

  async completeMultipartUpload(
    bucket: string,
    key: string,
    uploadId: string,
    parts: PartInfo[],
    opts: CallOpts = {},
  ): Promise<{ etag?: string; location?: string }> {
    this.check('storage.completeMultipartUpload', bucket, key);
    const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    const body = `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUpload xmlns="${S3_NS}">${sorted
      .map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><ETag>${escapeXml(p.etag)}</ETag></Part>`)
      .join('')}</CompleteMultipartUpload>`;
    // The answer can be a 200 whose body is an <Error> (S3 rule): xml() checks for that.
    const x = await this.xml('completeMultipartUpload', {
      bucket,
      key,
      query: { uploadId },
      body,
      headers: { 'content-type': 'application/xml' },
      signal: opts.signal,
      bodyTimeoutMs: 10 * 60_000,
    });
    const r = x.CompleteMultipartUploadResult;
    return { etag: text(r, 'ETag'), location: text(r, 'Location') };
  }

  async abortMultipartUpload(bucket: string, key: string, uploadId: string, opts: CallOpts = {}): Promise<void> {
    this.check('storage.abortMultipartUpload', bucket, key);
    await (
      await this.send('abortMultipartUpload', { bucket, key, query: { uploadId }, signal: opts.signal })
    ).body.dump();
  }

  async listParts(
    bucket: string,
    key: string,
    uploadId: string,
    opts: CallOpts & { partNumberMarker?: number; maxParts?: number } = {},
  ): Promise<PartsPage> {
    this.check('storage.listParts', bucket, key);
    const x = await this.xml('listParts', {
      bucket,
      key,
      query: { uploadId, 'part-number-marker': opts.partNumberMarker, 'max-parts': opts.maxParts },
      signal: opts.signal,
    });
    const root = x.ListPartsResult;
    return {
      parts: list(root, 'Part').map((p) => ({
        partNumber: int(text(p, 'PartNumber')),
        etag: text(p, 'ETag') ?? '',
        size: int(text(p, 'Size')),
        lastModified: text(p, 'LastModified'),
      })),
      isTruncated: bool(text(root, 'IsTruncated')),
      nextPartNumberMarker: text(root, 'NextPartNumberMarker') ? int(text(root, 'NextPartNumberMarker')) : undefined,
    };
  }

  async listMultipartUploads(
    bucket: string,
    opts: CallOpts & { prefix?: string; keyMarker?: string; uploadIdMarker?: string; maxUploads?: number } = {},
  ): Promise<UploadsPage> {
    checkBucketName('storage.listMultipartUploads', bucket);
    const x = await this.xml('listMultipartUploads', {
      bucket,
      query: {
        uploads: '',
        prefix: opts.prefix,
        'key-marker': opts.keyMarker,
        'upload-id-marker': opts.uploadIdMarker,
        'max-uploads': opts.maxUploads,
      },
      signal: opts.signal,
    });
    const root = x.ListMultipartUploadsResult;
    return {
      uploads: list(root, 'Upload').map((u) => ({
        key: text(u, 'Key') ?? '',
        uploadId: text(u, 'UploadId') ?? '',
        initiated: text(u, 'Initiated'),
      })),
      commonPrefixes: list(root, 'CommonPrefixes').map((p) => text(p, 'Prefix') ?? ''),
      isTruncated: bool(text(root, 'IsTruncated')),
      nextKeyMarker: text(root, 'NextKeyMarker') || undefined,
      nextUploadIdMarker: text(root, 'NextUploadIdMarker') || undefined,
    };
  }
}

// ---------------------------------------------------------------- helpers

function child(node: unknown, name: string): XmlNode | undefined {
  const v = node && typeof node === 'object' && !Array.isArray(node) ? (node as XmlNode)[name] : undefined;
  return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}

function checkPartNumber(operation: string, n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 10000)
    throw new ValidationError(operation, [{ path: 'partNumber', message: 'must be a whole number from 1 to 10000' }]);
}

function objectHeaders(opts: {
  contentType?: string;
  metadata?: Record<string, string>;
  acl?: CannedAcl;
}): Record<string, string> {
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
