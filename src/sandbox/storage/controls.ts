// The storage sandbox's control routes under /_sandbox/storage/, for tests and benchmarks in
// other processes: the expected signing region, big buckets, generated large objects, an
// object's digest and uploads in progress, and objects put directly.
import { createHash } from 'node:crypto';
import type { SandboxServer } from '../server';
import type { StorageSandbox } from './index';
import { readBody } from './store';

/** Adds the control routes of `service` to `server` (registerStorage, ./index.ts). */
export function addStorageControls(server: SandboxServer, service: StorageSandbox): void {
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
  // POST /_sandbox/storage/generate-object {region, bucket, key, size, contentType?, metadata?}:
  // a large object whose content is made on read (tests of copies of large objects).
  server.addControl('storage/generate-object', (body) => {
    const b = body as {
      region: string;
      bucket: string;
      key: string;
      size: number;
      contentType?: string;
      metadata?: Record<string, string>;
    };
    if (!Number.isInteger(b.size) || b.size < 0) throw new Error('size must be a whole number of bytes');
    const r = b.region.toUpperCase();
    const bucket = service.store.bucket(r, b.bucket) ?? service.store.createBucket(r, b.bucket);
    service.store.setObject(bucket, {
      key: b.key,
      size: b.size,
      etag: `"${createHash('md5').update(`${b.key}:${b.size}`).digest('hex')}"`,
      lastModified: new Date(),
      contentType: b.contentType ?? 'application/octet-stream',
      metadata: b.metadata ?? {},
      body: { kind: 'gen', seed: b.key, size: b.size, text: false },
    });
    return { ok: true };
  });
  // POST /_sandbox/storage/object-digest {region, bucket, key}: size, SHA-256, type, served
  // headers and metadata of an object, or {missing: true}; and the multipart uploads in progress
  // in its bucket.
  server.addControl('storage/object-digest', async (body) => {
    const b = body as { region: string; bucket: string; key: string };
    const bucket = service.store.bucket(b.region.toUpperCase(), b.bucket);
    const uploads = [...(bucket?.uploads.values() ?? [])].map((u) => ({
      key: u.key,
      uploadId: u.id,
      parts: u.parts.size,
    }));
    const obj = bucket?.objects.get(b.key);
    if (!obj) return { missing: true, uploads };
    const hash = createHash('sha256');
    for await (const chunk of readBody(obj.body)) hash.update(chunk as Buffer);
    return {
      size: obj.size,
      sha256: hash.digest('hex'),
      contentType: obj.contentType,
      served: obj.served ?? {},
      metadata: obj.metadata,
      uploads,
    };
  });
  server.addControl('storage/put-object', (body) => {
    const b = body as {
      region: string;
      bucket: string;
      key: string;
      content: string;
      base64?: boolean;
      contentType?: string;
    };
    service.putObject(
      b.region,
      b.bucket,
      b.key,
      b.base64 ? Buffer.from(b.content, 'base64') : b.content,
      b.contentType,
    );
    return { ok: true };
  });
}
