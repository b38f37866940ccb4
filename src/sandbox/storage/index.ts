// The sandbox's object storage, S3 protocol, path-style under `/storage/{region}/...`.
// Every request's Signature V4 is verified (wrong secret: 403 SignatureDoesNotMatch; wrong
// signing region: 400 AuthorizationHeaderMalformed naming the expected one; changed request:
// 403). Routing reads STORAGE_OPERATIONS. Copy operations differ from PUT Object / Upload Part
// only by a header, which the router does not see: they are counted (stats, faults) as
// storage.putObject / storage.uploadPart and told apart here.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxCall, SandboxReply, SandboxServer, SandboxService } from '../server';
import { STORAGE_OPERATIONS, s3HeaderMarker, s3PathOf, s3QueryMarkers, type StorageOperationName } from '../../client/storage/operations';
import { bucketNameProblems } from '../../client/storage/names';
import { escapeXml as esc, parseXml, text, list, bool, S3_NS } from '../../client/storage/xml';
import { verifySigV4 } from './sigv4';
import {
  discardBody,
  grantsFor,
  ObjectStore,
  OWNER,
  readBody,
  sizeOf,
  type Body,
  type Grant,
  type StoredBucket,
  type StoredObject,
  type StoredPart,
} from './store';
import { seedStorage } from './seed';
import { findEc2Secret, SANDBOX_EC2 } from '../identity/index';
import type { SandboxModule } from '../index';

/** A key pair the storage sandbox always accepts, besides the identity sandbox's EC2 credentials. */
export const SANDBOX_S3_CREDENTIAL = { access: 'SANDBOX0ACCESS0KEY0000', secret: 'sandbox-s3-secret-key-0000000000000000' } as const;

export interface StorageSandboxOptions {
  /** Looks up the secret of an access key (the identity sandbox's EC2 credentials). */
  findSecret?: (access: string) => string | undefined;
  /** Expected SigV4 region per region code; default `gov` for every region (the spec). */
  signingRegions?: Record<string, string>;
  /** Seed the demo buckets (default true). */
  seed?: boolean;
}

const MIN_PART = 5 * 1024 * 1024;
const ROUTES = STORAGE_OPERATIONS.map((op) => ({ op, name: op.id.slice('storage.'.length) as StorageOperationName, level: levelOf(s3PathOf(op)), markers: s3QueryMarkers(op), header: s3HeaderMarker(op) }))
  // Most specific first: the rows that require a header (copies), then more query subresources.
  .sort((a, b) => Number(!!b.header) - Number(!!a.header) || b.markers.length - a.markers.length);

function levelOf(template: string): 0 | 1 | 2 {
  return template === '/' ? 0 : template.includes('{obj}') ? 2 : 1;
}

interface Ctx {
  call: SandboxCall;
  region: string;
  bucketName: string;
  key: string;
  payloadHash: string;
  resource: string;
}

export class StorageSandbox implements SandboxService {
  readonly name = 'storage' as const;
  readonly regional = true;
  readonly malformedBody = '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>broken</Na';
  readonly store: ObjectStore;
  private readonly signingRegions: Record<string, string>;
  private findSecret: (access: string) => string | undefined;

  constructor(opts: StorageSandboxOptions = {}) {
    this.signingRegions = { ...opts.signingRegions };
    this.findSecret = opts.findSecret ?? defaultFindSecret;
    this.store = new ObjectStore(opts.seed === false ? undefined : seedStorage);
  }

  /** Plugs in a credential registry (e.g. the identity sandbox's EC2 credentials). */
  setSecretLookup(fn: (access: string) => string | undefined): void {
    this.findSecret = fn;
  }

  /** The signing region the service expects for a region code (default `gov`). */
  setSigningRegion(region: string, signingRegion: string | undefined): void {
    if (signingRegion) this.signingRegions[region.toUpperCase()] = signingRegion;
    else delete this.signingRegions[region.toUpperCase()];
  }

  expectedRegion(region: string): string {
    return this.signingRegions[region.toUpperCase()] ?? 'gov';
  }

  /** Delivers an object (RDS log and backup exports); creates the bucket when missing. */
  putObject(region: string, bucket: string, key: string, content: string | Buffer, contentType = 'application/octet-stream'): void {
    const r = region.toUpperCase();
    const b = this.store.bucket(r, bucket) ?? this.store.createBucket(r, bucket);
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    this.store.setObject(b, {
      key,
      size: data.length,
      etag: `"${createHash('md5').update(data).digest('hex')}"`,
      lastModified: new Date(),
      contentType,
      metadata: {},
      body: { kind: 'mem', data },
    });
  }

  /**
   * The scale knob of object storage: a bucket of `count` small generated objects (metadata
   * only, content made on read), flat under `prefix` with keys that sort in creation order.
   * For benchmarks and paging tests (100,000 objects take about 40 MB and half a second).
   */
  scaleBucket(region: string, bucket: string, count: number, prefix = 'objects/'): { bucket: string; objects: number } {
    if (!Number.isInteger(count) || count < 0 || count > 1_000_000) throw new Error('count must be a whole number from 0 to 1,000,000');
    const r = region.toUpperCase();
    const b = this.store.bucket(r, bucket) ?? this.store.createBucket(r, bucket);
    const width = String(Math.max(count - 1, 1)).length;
    const at = new Date('2026-11-01T09:00:00Z');
    for (let i = 0; i < count; i++) {
      const key = `${prefix}object-${String(i).padStart(width, '0')}.json`;
      const size = 200 + (i % 800);
      // A stable fake ETag: computing MD5 of generated content for 100,000 objects would cost seconds.
      const etag = `"${createHash('md5').update(key).digest('hex')}"`;
      this.store.setObject(b, { key, size, etag, lastModified: at, contentType: 'application/json', metadata: {}, body: { kind: 'gen', seed: key, size, text: true } });
    }
    // Build the sorted key index now, as a real service has it: built lazily, the first listing
    // after scaling (the big-bucket benchmark's first page) timed the sandbox sorting 100,000 keys.
    this.store.sortedKeys(b);
    return { bucket, objects: b.objects.size };
  }

  dispose(): void {
    this.store.dispose();
  }

  route(method: string, path: string, query: URLSearchParams, headers: IncomingHttpHeaders): { operation: string; params: Record<string, string> } | undefined {
    const segs = path.split('/').slice(1);
    const level = segs[0] ? (segs.length > 1 && segs.slice(1).join('/') ? 2 : 1) : 0;
    for (const r of ROUTES) {
      if (r.op.method !== method || r.level !== level) continue;
      if (!r.markers.every((m) => query.has(m))) continue;
      if (r.header && headers[r.header] === undefined) continue;
      const params: Record<string, string> = {};
      if (level >= 1) params.bucket = safeDecode(segs[0]);
      if (level === 2) params.obj = safeDecode(segs.slice(1).join('/'));
      return { operation: r.op.id, params };
    }
    return undefined;
  }

  notFound(method: string, path: string): SandboxReply {
    return errorXml(405, 'MethodNotAllowed', `The specified method is not allowed against this resource: ${method} ${path}`, path);
  }

  async handle(call: SandboxCall): Promise<SandboxReply> {
    const region = (call.region ?? 'KR1').toUpperCase();
    // The raw target: `call.path` went through URL normalisation, which folds `..` in keys.
    const raw = call.req.url ?? '/';
    const rawPath = raw.split('?')[0];
    const below = rawPath.split('/').slice(3); // ['', 'storage', '{region}', ...]
    const bucketName = safeDecode(below[0] ?? '');
    const key = below.length > 1 ? safeDecode(below.slice(1).join('/')) : '';

    const auth = verifySigV4({ method: call.method, url: raw, headers: call.headers }, { expectedRegion: this.expectedRegion(region), findSecret: this.findSecret });
    if (!auth.ok) return errorXml(auth.status, auth.code, auth.message, rawPath, auth.region ? { Region: auth.region } : undefined);

    const ctx: Ctx = { call, region, bucketName, key, payloadHash: auth.payloadHash, resource: rawPath };
    const name = call.operation.slice('storage.'.length) as StorageOperationName;
    if (name === 'listBuckets') return this.listBuckets(ctx);
    if (name === 'createBucket') return this.createBucket(ctx);
    const b = this.store.bucket(region, bucketName);
    if (!b) return errorXml(404, 'NoSuchBucket', 'The specified bucket does not exist.', rawPath, { BucketName: bucketName }, call.method === 'HEAD');
    switch (name) {
      case 'headBucket':
        return { status: 200, headers: { 'x-amz-bucket-region': region } };
      case 'deleteBucket':
        if (b.objects.size > 0 || b.uploads.size > 0) return errorXml(409, 'BucketNotEmpty', 'The bucket you tried to delete is not empty.', rawPath, { BucketName: bucketName });
        this.store.buckets(region).delete(bucketName);
        return { status: 204 };
      case 'getBucketAcl':
        return xml(200, aclXml(b.grants));
      case 'putBucketAcl':
        return this.putBucketAcl(ctx, b);
      case 'getBucketLocation':
        return xml(200, `<LocationConstraint xmlns="${S3_NS}">${esc(region)}</LocationConstraint>`);
      case 'listObjects':
        return this.listObjects(ctx, b);
      case 'deleteObjects':
        return this.deleteObjects(ctx, b);
      case 'listMultipartUploads':
        return this.listUploads(ctx, b);
      case 'getObject':
      case 'headObject':
        return this.getObject(ctx, b, name === 'headObject');
      case 'putObject':
        return this.putObjectCall(ctx, b);
      case 'copyObject':
        return this.copyObject(ctx, b);
      case 'deleteObject':
        this.store.deleteObject(b, key);
        return { status: 204 };
      case 'initiateMultipartUpload': {
        const id = randomBytes(12).toString('hex');
        b.uploads.set(id, { id, key, initiated: new Date(), contentType: contentTypeOf(call), metadata: metadataOf(call), parts: new Map() });
        return xml(200, `<InitiateMultipartUploadResult xmlns="${S3_NS}"><Bucket>${esc(bucketName)}</Bucket><Key>${esc(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
      }
      case 'uploadPart':
      case 'uploadPartCopy':
        return this.uploadPart(ctx, b, name === 'uploadPartCopy');
      case 'completeMultipartUpload':
        return this.complete(ctx, b);
      case 'abortMultipartUpload': {
        const up = b.uploads.get(call.query.get('uploadId') ?? '');
        if (!up || up.key !== key) return noSuchUpload(rawPath);
        b.uploads.delete(up.id);
        for (const p of up.parts.values()) await discardBody(p.body);
        return { status: 204 };
      }
      case 'listParts':
        return this.listParts(ctx, b);
      default:
        return this.notFound(call.method, call.path);
    }
  }

  // ------------------------------------------------------------ buckets

  private listBuckets(ctx: Ctx): SandboxReply {
    const items = [...this.store.buckets(ctx.region).values()]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((b) => `<Bucket><Name>${esc(b.name)}</Name><CreationDate>${b.created.toISOString()}</CreationDate></Bucket>`)
      .join('');
    return xml(200, `<ListAllMyBucketsResult xmlns="${S3_NS}"><Owner><ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName></Owner><Buckets>${items}</Buckets></ListAllMyBucketsResult>`);
  }

  private async createBucket(ctx: Ctx): Promise<SandboxReply> {
    const name = ctx.bucketName;
    if (bucketNameProblems(name).length) return errorXml(400, 'InvalidBucketName', 'The specified bucket is not valid.', ctx.resource, { BucketName: name });
    if (this.store.bucket(ctx.region, name)) return errorXml(409, 'BucketAlreadyOwnedByYou', 'Your previous request to create the named bucket succeeded and you already own it.', ctx.resource, { BucketName: name });
    await ctx.call.body(); // an optional CreateBucketConfiguration; the region comes from the address
    const canned = header(ctx.call, 'x-amz-acl') ?? 'private';
    const grants = grantsFor(canned);
    if (!grants) return errorXml(400, 'InvalidArgument', `Unknown canned ACL ${canned}.`, ctx.resource);
    this.store.createBucket(ctx.region, name, grants);
    return { status: 200, headers: { location: `/${name}` } };
  }

  private async putBucketAcl(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
    const canned = header(ctx.call, 'x-amz-acl');
    const bodyCheck = await this.bufferedBody(ctx);
    if ('reply' in bodyCheck) return bodyCheck.reply;
    if (canned) {
      const grants = grantsFor(canned);
      if (!grants) return errorXml(400, 'InvalidArgument', `Unknown canned ACL ${canned}.`, ctx.resource);
      b.grants = grants;
      return { status: 200 };
    }
    try {
      const x = parseXml(bodyCheck.body.toString('utf8'));
      const acl = x.AccessControlPolicy;
      const grants: Grant[] = list(acl && typeof acl === 'object' && !Array.isArray(acl) ? acl.AccessControlList : undefined, 'Grant').map((g) => {
        const who = g.Grantee;
        const uri = text(who, 'URI');
        return uri ? { type: 'Group', uri, permission: text(g, 'Permission') ?? '' } : { type: 'CanonicalUser', id: text(who, 'ID') ?? '', permission: text(g, 'Permission') ?? '' };
      });
      if (!grants.length || grants.some((g) => !['FULL_CONTROL', 'READ', 'WRITE', 'READ_ACP', 'WRITE_ACP'].includes(g.permission))) throw new Error('bad grants');
      b.grants = grants;
      return { status: 200 };
    } catch {
      return errorXml(400, 'MalformedACLError', 'The XML you provided was not well-formed or did not validate against our published schema.', ctx.resource);
    }
  }

  // ------------------------------------------------------------ listing

  private listObjects(ctx: Ctx, b: StoredBucket): SandboxReply {
    const q = ctx.call.query;
    const prefix = q.get('prefix') ?? '';
    const delimiter = q.get('delimiter') ?? '';
    const marker = q.get('marker') ?? '';
    const maxRaw = q.get('max-keys');
    const maxKeys = maxRaw === null ? 1000 : Number(maxRaw);
    if (!Number.isInteger(maxKeys) || maxKeys < 0) return errorXml(400, 'InvalidArgument', 'Provided max-keys not an integer or within integer range', ctx.resource);
    const limit = Math.min(maxKeys, 1000);
    const keys = this.store.sortedKeys(b);
    let i = lowerBound(keys, prefix > marker ? prefix : marker);
    const contents: StoredObject[] = [];
    const prefixes: string[] = [];
    let truncated = false;
    let last = '';
    while (i < keys.length) {
      const k = keys[i];
      if (!k.startsWith(prefix)) break;
      if (k <= marker) {
        i++;
        continue;
      }
      const d = delimiter ? k.indexOf(delimiter, prefix.length) : -1;
      const cp = d >= 0 ? k.slice(0, d + delimiter.length) : undefined;
      if (contents.length + prefixes.length >= limit) {
        truncated = true;
        break;
      }
      if (cp !== undefined) {
        if (cp > marker) {
          prefixes.push(cp);
          last = cp;
        }
        // Skip every key under this common prefix.
        i = lowerBound(keys, cp + '\uffff');
        continue;
      }
      contents.push(b.objects.get(k)!);
      last = k;
      i++;
    }
    const items = contents
      .map((o) => `<Contents><Key>${esc(o.key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${esc(o.etag)}</ETag><Size>${o.size}</Size><Owner><ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName></Owner><StorageClass>STANDARD</StorageClass></Contents>`)
      .join('');
    const cps = prefixes.map((p) => `<CommonPrefixes><Prefix>${esc(p)}</Prefix></CommonPrefixes>`).join('');
    return xml(
      200,
      `<ListBucketResult xmlns="${S3_NS}"><Name>${esc(b.name)}</Name><Prefix>${esc(prefix)}</Prefix><Marker>${esc(marker)}</Marker>` +
        `${truncated && delimiter ? `<NextMarker>${esc(last)}</NextMarker>` : ''}<MaxKeys>${maxKeys}</MaxKeys>${delimiter ? `<Delimiter>${esc(delimiter)}</Delimiter>` : ''}` +
        `<IsTruncated>${truncated}</IsTruncated>${items}${cps}</ListBucketResult>`,
    );
  }

  private listUploads(ctx: Ctx, b: StoredBucket): SandboxReply {
    const q = ctx.call.query;
    const prefix = q.get('prefix') ?? '';
    const keyMarker = q.get('key-marker') ?? '';
    const idMarker = q.get('upload-id-marker') ?? '';
    const max = Math.min(Number(q.get('max-uploads') ?? 1000) || 1000, 1000);
    const all = [...b.uploads.values()]
      .filter((u) => u.key.startsWith(prefix) && (u.key > keyMarker || (u.key === keyMarker && idMarker && u.id > idMarker)))
      .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.id < y.id ? -1 : 1));
    const page = all.slice(0, max);
    const truncated = all.length > max;
    const lastUp = page[page.length - 1];
    const items = page
      .map((u) => `<Upload><Key>${esc(u.key)}</Key><UploadId>${u.id}</UploadId><Initiator><ID>${OWNER.id}</ID></Initiator><Owner><ID>${OWNER.id}</ID></Owner><StorageClass>STANDARD</StorageClass><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`)
      .join('');
    return xml(
      200,
      `<ListMultipartUploadsResult xmlns="${S3_NS}"><Bucket>${esc(b.name)}</Bucket><KeyMarker>${esc(keyMarker)}</KeyMarker><UploadIdMarker>${esc(idMarker)}</UploadIdMarker>` +
        `${truncated ? `<NextKeyMarker>${esc(lastUp.key)}</NextKeyMarker><NextUploadIdMarker>${lastUp.id}</NextUploadIdMarker>` : ''}<MaxUploads>${max}</MaxUploads><IsTruncated>${truncated}</IsTruncated>${items}</ListMultipartUploadsResult>`,
    );
  }

  private listParts(ctx: Ctx, b: StoredBucket): SandboxReply {
    const up = b.uploads.get(ctx.call.query.get('uploadId') ?? '');
    if (!up || up.key !== ctx.key) return noSuchUpload(ctx.resource);
    const marker = Number(ctx.call.query.get('part-number-marker') ?? 0) || 0;
    const max = Math.min(Number(ctx.call.query.get('max-parts') ?? 1000) || 1000, 1000);
    const all = [...up.parts.values()].filter((p) => p.partNumber > marker).sort((x, y) => x.partNumber - y.partNumber);
    const page = all.slice(0, max);
    const truncated = all.length > max;
    const items = page.map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><LastModified>${p.lastModified.toISOString()}</LastModified><ETag>${esc(p.etag)}</ETag><Size>${p.size}</Size></Part>`).join('');
    return xml(
      200,
      `<ListPartsResult xmlns="${S3_NS}"><Bucket>${esc(b.name)}</Bucket><Key>${esc(up.key)}</Key><UploadId>${up.id}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
        `${truncated ? `<NextPartNumberMarker>${page[page.length - 1].partNumber}</NextPartNumberMarker>` : ''}<MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${items}</ListPartsResult>`,
    );
  }

  // ------------------------------------------------------------ objects

  private async getObject(ctx: Ctx, b: StoredBucket, head: boolean): Promise<SandboxReply> {
    const o = b.objects.get(ctx.key);
    if (!o) return errorXml(404, 'NoSuchKey', 'The specified key does not exist.', ctx.resource, { Key: ctx.key }, head);
    const headers: Record<string, string> = {
      etag: o.etag,
      'last-modified': o.lastModified.toUTCString(),
      'content-type': o.contentType,
      'accept-ranges': 'bytes',
    };
    for (const [k, v] of Object.entries(o.metadata)) headers[`x-amz-meta-${k}`] = v;
    const range = header(ctx.call, 'range');
    let start = 0;
    let end = o.size - 1;
    let status = 200;
    if (range) {
      const r = parseRange(range, o.size);
      if (r === 'invalid') return errorXml(416, 'InvalidRange', 'The requested range is not satisfiable', ctx.resource, { RangeRequested: range, ActualObjectSize: String(o.size) }, head);
      if (r) {
        [start, end] = r;
        status = 206;
        headers['content-range'] = `bytes ${start}-${end}/${o.size}`;
      }
    }
    headers['content-length'] = String(end - start + 1);
    if (head) return { status, headers };
    return { status, headers, body: readBody(o.body, start, end) };
  }

  private async putObjectCall(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
    const stored = await this.receive(ctx);
    if ('reply' in stored) return stored.reply;
    const etag = `"${stored.md5.toString('hex')}"`;
    const lastModified = new Date();
    this.store.setObject(b, { key: ctx.key, size: stored.size, etag, lastModified, contentType: contentTypeOf(ctx.call), metadata: metadataOf(ctx.call), body: stored.body });
    return { status: 200, headers: { etag, 'last-modified': lastModified.toUTCString() } };
  }

  /** Receives a streamed body, checking Content-Length, Content-MD5 and a signed payload hash. */
  private async receive(ctx: Ctx): Promise<{ body: Body; size: number; md5: Buffer } | { reply: SandboxReply }> {
    const declared = header(ctx.call, 'content-length');
    if (declared === undefined) return { reply: errorXml(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.', ctx.resource) };
    const wantSha = /^[0-9a-f]{64}$/.test(ctx.payloadHash);
    const got = await this.store.write(ctx.call.req, wantSha);
    const fail = async (reply: SandboxReply) => {
      await discardBody(got.body);
      return { reply };
    };
    if (got.size !== Number(declared)) return fail(errorXml(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header.', ctx.resource));
    if (wantSha && got.sha256 !== ctx.payloadHash) return fail(errorXml(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", ctx.resource));
    const md5 = header(ctx.call, 'content-md5');
    if (md5 && md5 !== got.md5.toString('base64')) return fail(errorXml(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.', ctx.resource));
    return got;
  }

  /** A small request body (XML), with the signed payload hash checked. */
  private async bufferedBody(ctx: Ctx): Promise<{ body: Buffer } | { reply: SandboxReply }> {
    const body = await ctx.call.body();
    if (body.length > 2 * 1024 * 1024) return { reply: errorXml(400, 'MaxMessageLengthExceeded', 'Your request was too big.', ctx.resource) };
    if (/^[0-9a-f]{64}$/.test(ctx.payloadHash) && createHash('sha256').update(body).digest('hex') !== ctx.payloadHash)
      return { reply: errorXml(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", ctx.resource) };
    const md5 = header(ctx.call, 'content-md5');
    if (md5 && md5 !== createHash('md5').update(body).digest('base64')) return { reply: errorXml(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.', ctx.resource) };
    return { body };
  }

  private source(ctx: Ctx): StoredObject | SandboxReply {
    let src = header(ctx.call, 'x-amz-copy-source') ?? '';
    src = safeDecode(src.split('?')[0]).replace(/^\//, '');
    const slash = src.indexOf('/');
    if (slash <= 0) return errorXml(400, 'InvalidArgument', 'Copy Source must mention the source bucket and key: sourcebucket/sourcekey', ctx.resource);
    const sb = this.store.bucket(ctx.region, src.slice(0, slash));
    if (!sb) return errorXml(404, 'NoSuchBucket', 'The specified bucket does not exist.', ctx.resource, { BucketName: src.slice(0, slash) });
    const o = sb.objects.get(src.slice(slash + 1));
    if (!o) return errorXml(404, 'NoSuchKey', 'The specified key does not exist.', ctx.resource, { Key: src.slice(slash + 1) });
    return o;
  }

  private async copyObject(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
    const src = this.source(ctx);
    if (!('key' in src)) return src;
    const replace = header(ctx.call, 'x-amz-metadata-directive') === 'REPLACE';
    const lastModified = new Date();
    const body = await this.store.clone(src.body);
    this.store.setObject(b, {
      key: ctx.key,
      size: src.size,
      etag: src.etag,
      lastModified,
      contentType: replace ? contentTypeOf(ctx.call) : src.contentType,
      metadata: replace ? metadataOf(ctx.call) : { ...src.metadata },
      body,
    });
    return xml(200, `<CopyObjectResult xmlns="${S3_NS}"><LastModified>${lastModified.toISOString()}</LastModified><ETag>${esc(src.etag)}</ETag></CopyObjectResult>`);
  }

  private async uploadPart(ctx: Ctx, b: StoredBucket, copy: boolean): Promise<SandboxReply> {
    const q = ctx.call.query;
    const up = b.uploads.get(q.get('uploadId') ?? '');
    if (!up || up.key !== ctx.key) return noSuchUpload(ctx.resource);
    const n = Number(q.get('partNumber'));
    if (!Number.isInteger(n) || n < 1 || n > 10000) return errorXml(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive', ctx.resource);
    let part: { body: Body; size: number; md5: Buffer };
    if (copy) {
      const src = this.source(ctx);
      if (!('key' in src)) return src;
      let start = 0;
      let end = src.size - 1;
      const range = header(ctx.call, 'x-amz-copy-source-range');
      if (range) {
        const r = /^bytes=(\d+)-(\d+)$/.exec(range);
        if (!r || +r[1] > +r[2] || +r[2] >= src.size) return errorXml(400, 'InvalidArgument', 'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy', ctx.resource);
        [start, end] = [+r[1], +r[2]];
      }
      part = await this.store.write(readBody(src.body, start, end), false);
    } else {
      const got = await this.receive(ctx);
      if ('reply' in got) return got.reply;
      part = got;
    }
    const old = up.parts.get(n);
    const stored: StoredPart = { partNumber: n, etag: `"${part.md5.toString('hex')}"`, md5: part.md5, size: part.size, lastModified: new Date(), body: part.body };
    up.parts.set(n, stored);
    if (old) await discardBody(old.body);
    if (copy) return xml(200, `<CopyPartResult xmlns="${S3_NS}"><LastModified>${stored.lastModified.toISOString()}</LastModified><ETag>${esc(stored.etag)}</ETag></CopyPartResult>`);
    return { status: 200, headers: { etag: stored.etag } };
  }

  private async complete(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
    const up = b.uploads.get(ctx.call.query.get('uploadId') ?? '');
    if (!up || up.key !== ctx.key) return noSuchUpload(ctx.resource);
    const got = await this.bufferedBody(ctx);
    if ('reply' in got) return got.reply;
    let wanted: Array<{ n: number; etag: string }>;
    try {
      const x = parseXml(got.body.toString('utf8'));
      const root = x.CompleteMultipartUpload;
      wanted = list(root && typeof root === 'object' && !Array.isArray(root) ? root : undefined, 'Part').map((p) => ({ n: Number(text(p, 'PartNumber')), etag: (text(p, 'ETag') ?? '').trim() }));
      if (!wanted.length) throw new Error('no parts');
    } catch {
      return errorXml(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.', ctx.resource);
    }
    const chosen: StoredPart[] = [];
    for (let i = 0; i < wanted.length; i++) {
      const w = wanted[i];
      if (i > 0 && w.n <= wanted[i - 1].n) return errorXml(400, 'InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order by part number.', ctx.resource);
      const p = up.parts.get(w.n);
      const quoted = w.etag.startsWith('"') ? w.etag : `"${w.etag}"`;
      if (!p || p.etag !== quoted) return errorXml(400, 'InvalidPart', 'One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part\'s entity tag.', ctx.resource, { PartNumber: String(w.n) });
      chosen.push(p);
    }
    for (let i = 0; i < chosen.length - 1; i++)
      if (chosen[i].size < MIN_PART) return errorXml(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', ctx.resource, { PartNumber: String(chosen[i].partNumber), ProposedSize: String(chosen[i].size), MinSizeAllowed: String(MIN_PART) });
    // The spec's rule: MD5 of the concatenated binary MD5s of the parts, suffixed with the count.
    const etag = `"${createHash('md5').update(Buffer.concat(chosen.map((p) => p.md5))).digest('hex')}-${chosen.length}"`;
    b.uploads.delete(up.id);
    for (const p of up.parts.values()) if (!chosen.includes(p)) await discardBody(p.body);
    const body: Body = { kind: 'parts', parts: chosen.map((p) => p.body) };
    this.store.setObject(b, { key: up.key, size: sizeOf(body), etag, lastModified: new Date(), contentType: up.contentType, metadata: up.metadata, body });
    return xml(200, `<CompleteMultipartUploadResult xmlns="${S3_NS}"><Location>${esc(ctx.resource)}</Location><Bucket>${esc(b.name)}</Bucket><Key>${esc(up.key)}</Key><ETag>${esc(etag)}</ETag></CompleteMultipartUploadResult>`);
  }

  private async deleteObjects(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
    const got = await this.bufferedBody(ctx);
    if ('reply' in got) return got.reply;
    let keys: string[];
    let quiet: boolean;
    try {
      const x = parseXml(got.body.toString('utf8'));
      const root = x.Delete && typeof x.Delete === 'object' && !Array.isArray(x.Delete) ? x.Delete : undefined;
      if (!root) throw new Error('no Delete');
      keys = list(root, 'Object').map((o) => text(o, 'Key') ?? '');
      quiet = bool(text(root, 'Quiet'));
      if (keys.length === 0 || keys.length > 1000 || keys.some((k) => !k)) throw new Error('bad keys');
    } catch {
      return errorXml(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.', ctx.resource);
    }
    for (const k of keys) this.store.deleteObject(b, k);
    const items = quiet ? '' : keys.map((k) => `<Deleted><Key>${esc(k)}</Key></Deleted>`).join('');
    return xml(200, `<DeleteResult xmlns="${S3_NS}">${items}</DeleteResult>`);
  }
}

// ------------------------------------------------------------ helpers

function xml(status: number, body: string): SandboxReply {
  return { status, headers: { 'content-type': 'application/xml' }, body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}` };
}

function errorXml(status: number, code: string, message: string, resource: string, extra?: Record<string, string>, head = false): SandboxReply {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  if (head) return { status, headers: { 'x-amz-request-id': requestId, 'x-amz-error-code': code } };
  const more = Object.entries(extra ?? {}).map(([k, v]) => `<${k}>${esc(v)}</${k}>`).join('');
  return { status, headers: { 'content-type': 'application/xml', 'x-amz-request-id': requestId }, body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${esc(message)}</Message>${more}<Resource>${esc(resource)}</Resource><RequestId>${requestId}</RequestId></Error>` };
}

const noSuchUpload = (resource: string): SandboxReply =>
  errorXml(404, 'NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', resource);

function aclXml(grants: Grant[]): string {
  const items = grants
    .map((g) =>
      g.type === 'Group'
        ? `<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="Group"><URI>${esc(g.uri ?? '')}</URI></Grantee><Permission>${g.permission}</Permission></Grant>`
        : `<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser"><ID>${esc(g.id ?? '')}</ID><DisplayName>${g.id === OWNER.id ? OWNER.displayName : ''}</DisplayName></Grantee><Permission>${g.permission}</Permission></Grant>`,
    )
    .join('');
  return `<AccessControlPolicy xmlns="${S3_NS}"><Owner><ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName></Owner><AccessControlList>${items}</AccessControlList></AccessControlPolicy>`;
}

function header(call: SandboxCall, name: string): string | undefined {
  const v = call.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

const contentTypeOf = (call: SandboxCall): string => header(call, 'content-type') ?? 'binary/octet-stream';

function metadataOf(call: SandboxCall): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(call.headers)) if (k.startsWith('x-amz-meta-') && typeof v === 'string') out[k.slice(11)] = v;
  return out;
}

function parseRange(h: string, size: number): [number, number] | 'invalid' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(h.trim());
  if (!m) return undefined; // not a single byte range: ignored, the whole object is sent (HTTP rule)
  if (m[1] === '' && m[2] === '') return undefined;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'invalid';
    return [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return [start, end];
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The identity sandbox's EC2 credentials (issued through its API), then the fixed pair. */
function defaultFindSecret(access: string): string | undefined {
  return findEc2Secret(access) ?? (access === SANDBOX_S3_CREDENTIAL.access ? SANDBOX_S3_CREDENTIAL.secret : undefined);
}

// ------------------------------------------------------------ module-level instance

let current: StorageSandbox | undefined;

/** The storage service started last in this process (made on first use when none was started). */
export function storageSandbox(opts?: StorageSandboxOptions): StorageSandbox {
  return (current ??= new StorageSandbox(opts));
}

/**
 * Control hook for the other sandbox services (RDS log and backup exports): delivers into the
 * storage service started last, creating the bucket when missing. For example
 * `sandbox.rds.onExport((o) => putObject(o.region, o.bucket, o.path, o.content))`.
 */
export function putObject(region: string, bucket: string, key: string, content: string | Buffer, contentType?: string): void {
  storageSandbox().putObject(region, bucket, key, content, contentType);
}

/**
 * Registers a storage service on a sandbox server, with control routes for tests in other
 * processes: `POST /_sandbox/storage/signing-region {region, signingRegion}` and
 * `POST /_sandbox/storage/put-object {region, bucket, key, content, base64?}`.
 */
export function registerStorage(server: SandboxServer, service: StorageSandbox = storageSandbox()): StorageSandbox {
  server.register(service);
  server.addControl('storage/signing-region', (body) => {
    const b = body as { region?: string; signingRegion?: string };
    if (!b.region) throw new Error('region is required');
    service.setSigningRegion(b.region, b.signingRegion);
    return { region: b.region.toUpperCase(), signingRegion: service.expectedRegion(b.region) };
  });
  // POST /_sandbox/storage/scale {region?, bucket?, count}: a big bucket for benchmarks.
  server.addControl('storage/scale', (body) => {
    const b = body as { region?: string; bucket?: string; count?: number; prefix?: string };
    return service.scaleBucket(b.region ?? 'KR1', b.bucket ?? 'sandbox-big', Number(b.count ?? 100_000), b.prefix);
  });
  server.addControl('storage/put-object', (body) => {
    const b = body as { region: string; bucket: string; key: string; content: string; base64?: boolean; contentType?: string };
    service.putObject(b.region, b.bucket, b.key, b.base64 ? Buffer.from(b.content, 'base64') : b.content, b.contentType);
    return { ok: true };
  });
  return service;
}


/** The entry of the sandbox's registration list (src/sandbox/index.ts). */
export const storageSandboxModule: SandboxModule = {
  name: 'storage',
  start: ({ server }) => {
    const service = new StorageSandbox();
    current = service;
    registerStorage(server, service);
    const keys = { s3AccessKey: SANDBOX_EC2.access, s3SecretKey: SANDBOX_EC2.secret };
    return {
      api: service,
      credentials: { access: SANDBOX_EC2.access, secret: SANDBOX_EC2.secret, signingRegion: 'gov' },
      secrets: keys,
      viewerSecrets: keys,
      close: () => {
        service.dispose();
        if (current === service) current = undefined;
      },
    };
  },
};
