// S3-protocol client of object storage: one method per row of STORAGE_OPERATIONS. The methods
// are layered by resource: buckets (BucketRequests, bucketRequests.ts), objects (ObjectRequests,
// objectRequests.ts) and the multipart uploads here. Signing, sending, error mapping and the
// signing-region correction are the base of them all, S3Requests (requests.ts).
import { ValidationError } from '../errors';
import { checkBucketName } from './names';
import { copySourceHeaders, objectHeaders, ObjectRequests, type CopySource } from './objectRequests';
import type { CallOpts, ObjectHeaders, PartInfo, PartsPage, S3Body, UploadsPage } from './types';
import { bool, escapeXml, int, list, S3_NS, text } from './xml';

export type {
  Acl,
  Bucket,
  CallOpts,
  CannedAcl,
  GetObjectResult,
  Grant,
  ListObjectsInput,
  ObjectEntry,
  ObjectHeaders,
  ObjectInfo,
  ObjectPage,
  PartInfo,
  PartsPage,
  S3Body,
  S3ClientOptions,
  UploadInfo,
  UploadsPage,
} from './types';

export class S3Client extends ObjectRequests {
  // ---------------------------------------------------------------- multipart

  async initiateMultipartUpload(bucket: string, key: string, opts: CallOpts & ObjectHeaders = {}): Promise<string> {
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
    from: CopySource & { range?: { start: number; end: number } },
    opts: CallOpts = {},
  ): Promise<string> {
    this.check('storage.uploadPartCopy', bucket, key);
    this.check('storage.uploadPartCopy', from.bucket, from.key);
    checkPartNumber('storage.uploadPartCopy', partNumber);
    const headers = copySourceHeaders(from);
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

  /**
   * Every page of the multipart uploads in progress, as they are needed; the pair of markers must
   * advance and the uploads stay under the ceiling of a listing (ListingGuard).
   */
  async *listAllMultipartUploads(
    bucket: string,
    opts: CallOpts & { prefix?: string } = {},
  ): AsyncGenerator<UploadsPage> {
    const guard = this.listingGuard('storage.listMultipartUploads');
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.listMultipartUploads(bucket, { ...opts, keyMarker, uploadIdMarker });
      const next =
        page.nextKeyMarker === undefined ? undefined : `${page.nextKeyMarker} ${page.nextUploadIdMarker ?? ''}`;
      guard.page(page.uploads.length + page.commonPrefixes.length, page.isTruncated, next);
      yield page;
      if (!page.isTruncated) return;
      keyMarker = page.nextKeyMarker;
      uploadIdMarker = page.nextUploadIdMarker;
    }
  }

  /**
   * Every part a multipart upload holds on the server (List Parts, page by page); the part-number
   * markers must advance, and an upload holds at most 10,000 parts.
   */
  async allParts(bucket: string, key: string, uploadId: string, opts: CallOpts = {}): Promise<PartInfo[]> {
    const guard = this.listingGuard('storage.listParts', undefined, MAX_PARTS);
    const out: PartInfo[] = [];
    let marker: number | undefined;
    for (;;) {
      const page = await this.listParts(bucket, key, uploadId, { partNumberMarker: marker, signal: opts.signal });
      guard.page(
        page.parts.length,
        page.isTruncated,
        page.nextPartNumberMarker === undefined ? undefined : String(page.nextPartNumberMarker),
      );
      out.push(...page.parts);
      if (!page.isTruncated) return out;
      marker = page.nextPartNumberMarker;
    }
  }
}

/** Parts of one multipart upload at most (S3's limit). */
const MAX_PARTS = 10_000;

function checkPartNumber(operation: string, n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 10000)
    throw new ValidationError(operation, [{ path: 'partNumber', message: 'must be a whole number from 1 to 10000' }]);
}
