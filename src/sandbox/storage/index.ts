// The sandbox's object storage, S3 protocol, path-style under `/storage/{region}/...`.
// Every request's Signature V4 is verified (wrong secret: 403 SignatureDoesNotMatch; wrong
// signing region: 400 AuthorizationHeaderMalformed naming the expected one; changed request:
// 403). Routing reads STORAGE_OPERATIONS. Copy operations differ from PUT Object / Upload Part
// only by the x-amz-copy-source header, which the router reads: stats and faults name them
// storage.copyObject / storage.uploadPartCopy.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxCall, SandboxReply, SandboxServer, SandboxService } from '../server';
import {
  STORAGE_OPERATIONS,
  s3HeaderMarker,
  s3PathOf,
  s3QueryMarkers,
  type StorageOperationName,
} from '../../client/storage/operations';
import { escapeXml as esc, S3_NS } from '../../client/storage/xml';
import { addStorageControls } from './controls';
import { verifySigV4 } from './sigv4';
import { ObjectStore } from './store';
import { seedStorage } from './seed';
import { findEc2Secret, SANDBOX_EC2 } from '../identity/index';
import type { SandboxModule } from '../index';
import { aclXml, createBucket, listBuckets, putBucketAcl } from './handlers/buckets';
import { type Ctx, errorXml, safeDecode, xml } from './handlers/context';
import { listObjects, listParts, listUploads } from './handlers/listing';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  initiateMultipartUpload,
  uploadPart,
} from './handlers/multipart';
import { copyObject, deleteObjects, getObject, putObject as putObjectHandler } from './handlers/objects';

/** A key pair the storage sandbox always accepts, besides the identity sandbox's EC2 credentials. */
export const SANDBOX_S3_CREDENTIAL = {
  access: 'SANDBOX0ACCESS0KEY0000',
  secret: 'sandbox-s3-secret-key-0000000000000000',
} as const;

export interface StorageSandboxOptions {
  /** Looks up the secret of an access key (the identity sandbox's EC2 credentials). */
  findSecret?: (access: string) => string | undefined;
  /** Expected SigV4 region per region code; default `gov` for every region (the spec). */
  signingRegions?: Record<string, string>;
  /** Seed the demo buckets (default true). */
  seed?: boolean;
  /** Keep the buckets, objects and multipart uploads in this folder, across restarts (./persist.ts). */
  dataDir?: string;
  /** Where a kept file set aside is said (default console.warn). */
  log?: (message: string) => void;
}

const ROUTES = STORAGE_OPERATIONS.map((op) => ({
  op,
  name: op.id.slice('storage.'.length) as StorageOperationName,
  level: levelOf(s3PathOf(op)),
  markers: s3QueryMarkers(op),
  header: s3HeaderMarker(op),
}))
  // Most specific first: the rows that require a header (copies), then more query subresources.
  .sort((a, b) => Number(!!b.header) - Number(!!a.header) || b.markers.length - a.markers.length);

function levelOf(template: string): 0 | 1 | 2 {
  return template === '/' ? 0 : template.includes('{obj}') ? 2 : 1;
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
    this.store = new ObjectStore(opts.seed === false ? undefined : seedStorage, opts.dataDir, opts.log);
  }

  /** Plugs in a credential registry (e.g. the identity sandbox's EC2 credentials). */
  setSecretLookup(fn: (access: string) => string | undefined): void {
    this.findSecret = fn;
  }

  /**
   * The signing region the service expects for a region code: the region code itself, as the
   * public cloud's storage guide says (src/client/sites.ts), unless a test set another.
   */
  setSigningRegion(region: string, signingRegion: string | undefined): void {
    if (signingRegion) this.signingRegions[region.toUpperCase()] = signingRegion;
    else delete this.signingRegions[region.toUpperCase()];
  }

  expectedRegion(region: string): string {
    return this.signingRegions[region.toUpperCase()] ?? region.toUpperCase();
  }

  /** Delivers an object (RDS log and backup exports); creates the bucket when missing. */
  putObject(
    region: string,
    bucket: string,
    key: string,
    content: string | Buffer,
    contentType = 'application/octet-stream',
  ): void {
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
    this.store.changed();
  }

  /**
   * The scale knob of object storage: a bucket of `count` small generated objects (metadata
   * only, content made on read), flat under `prefix` with keys that sort in creation order.
   * For benchmarks and paging tests (100,000 objects take about 40 MB and half a second).
   */
  scaleBucket(region: string, bucket: string, count: number, prefix = 'objects/'): { bucket: string; objects: number } {
    if (!Number.isInteger(count) || count < 0 || count > 1_000_000)
      throw new Error('count must be a whole number from 0 to 1,000,000');
    const r = region.toUpperCase();
    const b = this.store.bucket(r, bucket) ?? this.store.createBucket(r, bucket);
    const width = String(Math.max(count - 1, 1)).length;
    const at = new Date('2026-11-01T09:00:00Z');
    for (let i = 0; i < count; i++) {
      const key = `${prefix}object-${String(i).padStart(width, '0')}.json`;
      const size = 200 + (i % 800);
      // A stable fake ETag: computing MD5 of generated content for 100,000 objects would cost seconds.
      const etag = `"${createHash('md5').update(key).digest('hex')}"`;
      this.store.setObject(b, {
        key,
        size,
        etag,
        lastModified: at,
        contentType: 'application/json',
        metadata: {},
        body: { kind: 'gen', seed: key, size, text: true },
      });
    }
    // Build the sorted key index now, as a real service has it: built lazily, the first listing
    // after scaling (the big-bucket benchmark's first page) timed the sandbox sorting 100,000 keys.
    this.store.sortedKeys(b);
    return { bucket, objects: b.objects.size };
  }

  dispose(): void {
    this.store.dispose();
  }

  route(
    method: string,
    path: string,
    query: URLSearchParams,
    headers: IncomingHttpHeaders,
  ): { operation: string; params: Record<string, string> } | undefined {
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

  errorReply(status: number, code: string, message: string): SandboxReply {
    return errorXml(status, code, message, '/');
  }

  notFound(method: string, path: string): SandboxReply {
    return errorXml(
      405,
      'MethodNotAllowed',
      `The specified method is not allowed against this resource: ${method} ${path}`,
      path,
    );
  }

  async handle(call: SandboxCall): Promise<SandboxReply> {
    const reply = await this.answer(call);
    // A write of any kind (the reads are GET and HEAD): saved when the store is kept in a folder.
    if (call.method !== 'GET' && call.method !== 'HEAD') this.store.changed();
    return reply;
  }

  private async answer(call: SandboxCall): Promise<SandboxReply> {
    const region = (call.region ?? 'KR1').toUpperCase();
    // The raw target: `call.path` went through URL normalisation, which folds `..` in keys.
    const raw = call.req.url ?? '/';
    const rawPath = raw.split('?')[0];
    const below = rawPath.split('/').slice(3); // ['', 'storage', '{region}', ...]
    const bucketName = safeDecode(below[0] ?? '');
    const key = below.length > 1 ? safeDecode(below.slice(1).join('/')) : '';

    const auth = verifySigV4(
      { method: call.method, url: raw, headers: call.headers },
      { expectedRegion: this.expectedRegion(region), findSecret: this.findSecret },
    );
    if (!auth.ok)
      return errorXml(auth.status, auth.code, auth.message, rawPath, auth.region ? { Region: auth.region } : undefined);

    const ctx: Ctx = {
      call,
      store: this.store,
      region,
      bucketName,
      key,
      payloadHash: auth.payloadHash,
      resource: rawPath,
    };
    const name = call.operation.slice('storage.'.length) as StorageOperationName;
    if (name === 'listBuckets') return listBuckets(ctx);
    if (name === 'createBucket') return createBucket(ctx);
    const b = this.store.bucket(region, bucketName);
    if (!b)
      return errorXml(
        404,
        'NoSuchBucket',
        'The specified bucket does not exist.',
        rawPath,
        { BucketName: bucketName },
        call.method === 'HEAD',
      );
    switch (name) {
      case 'headBucket':
        return { status: 200, headers: { 'x-amz-bucket-region': region } };
      case 'deleteBucket':
        if (b.objects.size > 0 || b.uploads.size > 0)
          return errorXml(409, 'BucketNotEmpty', 'The bucket you tried to delete is not empty.', rawPath, {
            BucketName: bucketName,
          });
        this.store.buckets(region).delete(bucketName);
        return { status: 204 };
      case 'getBucketAcl':
        return xml(200, aclXml(b.grants));
      case 'putBucketAcl':
        return putBucketAcl(ctx, b);
      case 'getBucketLocation':
        return xml(200, `<LocationConstraint xmlns="${S3_NS}">${esc(region)}</LocationConstraint>`);
      case 'listObjects':
        return listObjects(ctx, b);
      case 'deleteObjects':
        return deleteObjects(ctx, b);
      case 'listMultipartUploads':
        return listUploads(ctx, b);
      case 'getObject':
      case 'headObject':
        return getObject(ctx, b, name === 'headObject');
      case 'putObject':
        return putObjectHandler(ctx, b);
      case 'copyObject':
        return copyObject(ctx, b);
      case 'deleteObject':
        this.store.deleteObject(b, key);
        return { status: 204 };
      case 'initiateMultipartUpload':
        return initiateMultipartUpload(ctx, b);
      case 'uploadPart':
      case 'uploadPartCopy':
        return uploadPart(ctx, b, name === 'uploadPartCopy');
      case 'completeMultipartUpload':
        return completeMultipartUpload(ctx, b);
      case 'abortMultipartUpload':
        return abortMultipartUpload(ctx, b);
      case 'listParts':
        return listParts(ctx, b);
      default:
        return this.notFound(call.method, call.path);
    }
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
export function putObject(
  region: string,
  bucket: string,
  key: string,
  content: string | Buffer,
  contentType?: string,
): void {
  storageSandbox().putObject(region, bucket, key, content, contentType);
}

/**
 * Registers a storage service on a sandbox server, with the control routes of ./controls.ts for
 * tests in other processes (`POST /_sandbox/storage/signing-region {region, signingRegion}`,
 * `POST /_sandbox/storage/put-object {region, bucket, key, content, base64?}` and others).
 */
export function registerStorage(server: SandboxServer, service: StorageSandbox = storageSandbox()): StorageSandbox {
  server.register(service);
  addStorageControls(server, service);
  return service;
}

/** The entry of the sandbox's registration list (src/sandbox/index.ts). */
export const storageSandboxModule: SandboxModule = {
  name: 'storage',
  start: ({ server, options }) => {
    const service = new StorageSandbox(
      options.dataDir ? { dataDir: join(options.dataDir, 'storage'), log: options.log } : {},
    );
    current = service;
    registerStorage(server, service);
    const keys = { s3AccessKey: SANDBOX_EC2.access, s3SecretKey: SANDBOX_EC2.secret };
    return {
      api: service,
      credentials: { access: SANDBOX_EC2.access, secret: SANDBOX_EC2.secret, signingRegion: 'KR1' },
      secrets: keys,
      viewerSecrets: keys,
      flush: () => service.store.flush(),
      close: () => {
        service.dispose();
        if (current === service) current = undefined;
      },
    };
  },
};
