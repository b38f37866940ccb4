// What only the sandbox can show: signature verification in detail (wrong region with the
// one-time correction, altered requests), seeded content, cancellation and fault knobs.
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import aws4 from 'aws4';
import { isApiError, isAuthError, isCancelledError } from '../../../src/client/errors';
import { S3Client } from '../../../src/client/storage/client';
import { Transport } from '../../../src/client/http/transport';
import { startSandbox as startAll } from '../../../src/sandbox/index';
import { STORAGE_OPERATIONS } from '../../../src/client/storage/operations';
import { describeOperation } from '../../../src/client/operation';
import { download } from '../../../src/client/storage/download';
import { MiB, partSizeFor, upload } from '../../../src/client/storage/transfer';
import { putObject, storageSandbox } from '../../../src/sandbox/storage/index';
import { SEEDED_ARCHIVE_COUNT } from '../../../src/sandbox/storage/seed';
import { startSandbox, type S3Target } from '../../support/s3Servers';

function raw(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    // The path is passed as is (no URL normalisation), like the client's rawPath.
    const path = url.slice(u.origin.length);
    const r = request({ host: u.hostname, port: u.port, method, path, headers }, (res) => {
      let d = '';
      res.on('data', (c) => (d += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: d }));
    });
    r.on('error', reject);
    r.end(body);
  });
}

function sign(
  target: S3Target,
  method: string,
  path: string,
  opts: { region?: string; secret?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const u = new URL(target.baseUrl);
  const headers: Record<string, string> = {
    'x-amz-content-sha256': createHash('sha256')
      .update(opts.body ?? '')
      .digest('hex'),
    ...opts.headers,
  };
  const s = aws4.sign(
    {
      host: u.host,
      path: u.pathname + path,
      method,
      service: 's3',
      region: opts.region ?? 'KR1', // the sandbox expects the region code, as the public cloud's guide says
      headers,
      body: opts.body,
    },
    { accessKeyId: target.access, secretAccessKey: opts.secret ?? target.secret },
  );
  return s.headers as Record<string, string>;
}

describe('storage operations table', () => {
  it('has the 21 S3 operations, each with a distinct list-operations line', () => {
    assert.equal(STORAGE_OPERATIONS.length, 21);
    const lines = STORAGE_OPERATIONS.map(describeOperation);
    assert.equal(new Set(lines).size, 21);
    assert.ok(lines.includes('storage PUT /{bucket}/{obj}'));
    assert.ok(lines.includes('storage PUT /{bucket}/{obj}?partNumber&uploadId'));
    assert.ok(lines.includes('storage PUT /{bucket}/{obj}[x-amz-copy-source]'));
    assert.ok(lines.includes('storage GET /'));
    for (const op of STORAGE_OPERATIONS) assert.match(op.id, /^storage\.[a-z][A-Za-z]+$/);
  });

  it('sizes parts at 8 MiB by default, at least 5 MiB, and never more than 1,000 parts', () => {
    assert.equal(partSizeFor(100 * MiB), 8 * MiB);
    assert.equal(partSizeFor(100 * MiB, 1), 5 * MiB);
    const big = 20 * 1024 * MiB; // 20 GiB
    assert.ok(Math.ceil(big / partSizeFor(big)) <= 1000);
    assert.equal(partSizeFor(big) % MiB, 0);
  });
});

describe('storage sandbox', () => {
  let target: S3Target;
  let s3: S3Client;
  let dir: string;

  before(async () => {
    target = await startSandbox();
    s3 = target.client();
    dir = await mkdtemp(join(tmpdir(), 'storage-sandbox-test-'));
  });
  after(async () => {
    await target.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    target.sandbox!.server.clearFaults();
    target.sandbox!.service.setSigningRegion('KR1', undefined);
  });

  it('corrects a wrong signing region once, reports it, and signs the next call right first time', async () => {
    target.sandbox!.service.setSigningRegion('KR1', 'KR1');
    const corrected: string[] = [];
    // Configured with the object-storage document's value; the server wants the guide's.
    const client = target.client({ signingRegion: 'gov', onSigningRegionCorrected: (r) => corrected.push(r) });
    assert.equal(client.region, 'gov');
    target.sandbox!.server.resetStats();
    const { buckets } = await client.listBuckets();
    assert.ok(buckets.some((b) => b.name === 'sandbox-docs'));
    assert.deepEqual(corrected, ['KR1']);
    assert.equal(client.region, 'KR1');
    assert.equal(target.sandbox!.server.stats.byOperation['storage.listBuckets'], 2, 'one refused attempt, one retry');
    await client.listObjectsPage({ bucket: 'sandbox-docs' });
    assert.equal(
      target.sandbox!.server.stats.byOperation['storage.listObjects'],
      1,
      'no failed attempt after the correction',
    );
    assert.deepEqual(corrected, ['KR1']);
  });

  it('corrects the region also when the first call is a HEAD (whose answer has no body)', async () => {
    target.sandbox!.service.setSigningRegion('KR1', 'KR1');
    const corrected: string[] = [];
    // Configured with the object-storage document's value; the server wants the guide's.
    const client = target.client({ signingRegion: 'gov', onSigningRegionCorrected: (r) => corrected.push(r) });
    assert.equal(await client.headBucket('sandbox-docs'), true);
    assert.equal((await client.headObject('sandbox-docs', 'README.md')).contentType, 'text/markdown');
    assert.deepEqual(corrected, ['KR1']);
  });

  it('answers a wrong region with 400 AuthorizationHeaderMalformed naming the expected one', async () => {
    target.sandbox!.service.setSigningRegion('KR1', 'KR1');
    const res = await raw(
      `${target.baseUrl}/sandbox-docs`,
      'GET',
      sign(target, 'GET', '/sandbox-docs', { region: 'gov' }),
    );
    assert.equal(res.status, 400);
    assert.match(res.body, /<Code>AuthorizationHeaderMalformed<\/Code>/);
    assert.match(res.body, /expecting 'KR1'/);
    assert.match(res.body, /<Region>KR1<\/Region>/);
  });

  it('rejects a wrong secret, an altered path, query, header or body, and anonymous calls', async () => {
    const ok = await raw(
      `${target.baseUrl}/sandbox-docs/README.md`,
      'GET',
      sign(target, 'GET', '/sandbox-docs/README.md'),
    );
    assert.equal(ok.status, 200);
    const wrong = await raw(
      `${target.baseUrl}/sandbox-docs/README.md`,
      'GET',
      sign(target, 'GET', '/sandbox-docs/README.md', { secret: 'nope' }),
    );
    assert.equal(wrong.status, 403);
    assert.match(wrong.body, /<Code>SignatureDoesNotMatch<\/Code>/);
    const h = sign(target, 'GET', '/sandbox-docs/README.md');
    const path = await raw(`${target.baseUrl}/sandbox-docs/config.json`, 'GET', h);
    assert.equal(path.status, 403);
    const query = await raw(
      `${target.baseUrl}/sandbox-docs?prefix=logs`,
      'GET',
      sign(target, 'GET', '/sandbox-docs?prefix=docs'),
    );
    assert.equal(query.status, 403);
    const hdr = sign(target, 'GET', '/sandbox-docs/README.md', { headers: { 'x-amz-meta-note': 'a' } });
    assert.equal(
      (await raw(`${target.baseUrl}/sandbox-docs/README.md`, 'GET', { ...hdr, 'x-amz-meta-note': 'b' })).status,
      403,
    );
    const body = '<Delete><Object><Key>README.md</Key></Object></Delete>';
    const signedBody = sign(target, 'POST', '/sandbox-docs?delete=', {
      body,
      headers: { 'content-type': 'application/xml' },
    });
    const tampered = await raw(
      `${target.baseUrl}/sandbox-docs?delete=`,
      'POST',
      signedBody,
      body.replace('README', 'CONFIG'),
    );
    assert.equal(tampered.status, 400);
    assert.match(tampered.body, /XAmzContentSHA256Mismatch/);
    const anon = await raw(`${target.baseUrl}/sandbox-docs/README.md`, 'GET', {});
    assert.equal(anon.status, 403);
    assert.match(anon.body, /AccessDenied/);
    assert.equal((await s3.headObject('sandbox-docs', 'README.md')).size > 0, true, 'nothing was deleted');
  });

  it('serves the seeded buckets: 10,080 archived objects in pages of 1,000, nested prefixes', async () => {
    let pages = 0;
    let count = 0;
    let last = '';
    for await (const p of s3.listObjects({ bucket: 'sandbox-archive' })) {
      pages++;
      for (const c of p.contents) {
        assert.ok(c.key > last, 'keys come sorted');
        last = c.key;
        count++;
      }
    }
    assert.equal(count, SEEDED_ARCHIVE_COUNT);
    assert.ok(count > 10_000);
    assert.equal(pages, Math.ceil(SEEDED_ARCHIVE_COUNT / 1000));
    const months = await s3.listObjectsPage({ bucket: 'sandbox-archive', prefix: 'logs/2026/', delimiter: '/' });
    assert.equal(months.commonPrefixes.length, 12);
    const days = await s3.listObjectsPage({
      bucket: 'sandbox-archive',
      prefix: 'logs/2026/03/',
      delimiter: '/',
      maxKeys: 10,
    });
    assert.equal(days.commonPrefixes.length, 10);
    assert.equal(days.isTruncated, true);
    assert.equal(days.nextMarker, 'logs/2026/03/10/');
    const one = await s3.getObject('sandbox-archive', 'logs/2026/03/10/part-007.json');
    const chunks: Buffer[] = [];
    for await (const c of one.body) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks);
    assert.equal(text.length, one.size);
    assert.equal(`"${createHash('md5').update(text).digest('hex')}"`, one.etag);
  });

  it('downloads a generated object over 8 MB whose ETag is its MD5', async () => {
    const { contents } = await s3.listObjectsPage({ bucket: 'sandbox-media' });
    const big = contents.filter((c) => c.size > 8 * 1000 * 1000);
    assert.ok(big.length >= 3);
    const item = big.find((c) => c.key.includes('9mib'))!;
    const file = join(dir, 'nine.bin');
    const res = await download(s3, { bucket: 'sandbox-media', key: item.key, file });
    assert.equal(res.size, item.size);
    const h = createHash('md5');
    for await (const c of createReadStream(file)) h.update(c as Buffer);
    assert.equal(`"${h.digest('hex')}"`, item.etag);
  });

  it('a cancelled download leaves neither the file nor its temporary behind', async () => {
    const sub = await mkdtemp(join(dir, 'cancel-dl-'));
    const ac = new AbortController();
    const e = await download(s3, {
      bucket: 'sandbox-media',
      key: 'images/atlas-24mib.bin',
      file: join(sub, 'atlas.bin'),
      signal: ac.signal,
      onProgress: (p) => p.loaded > 4 * MiB && ac.abort(),
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    assert.ok(isCancelledError(e), String(e));
    assert.deepEqual(await readdir(sub), []);
  });

  it('cancelled half-way, an upload leaves no multipart upload behind', async () => {
    await s3.createBucket('cancel-bucket');
    const file = join(dir, 'forty.bin');
    await writeFile(file, randomBytes(40 * MiB));
    const ac = new AbortController();
    let maxSeen = 0;
    const e = await upload(s3, {
      bucket: 'cancel-bucket',
      key: 'half.bin',
      file,
      partSize: 5 * MiB,
      concurrency: 2,
      signal: ac.signal,
      onProgress: (p) => {
        maxSeen = Math.max(maxSeen, p.loaded);
        if (p.loaded >= p.total / 2) ac.abort();
      },
    }).then(
      () => undefined,
      (err: unknown) => err,
    );
    assert.ok(isCancelledError(e), `expected a cancellation, got ${String(e)}`);
    assert.ok(maxSeen >= 20 * MiB && maxSeen < 40 * MiB);
    assert.deepEqual((await s3.listMultipartUploads('cancel-bucket')).uploads, []);
    assert.equal((await s3.listObjectsPage({ bucket: 'cancel-bucket' })).contents.length, 0);
  });

  it('retries a failed part, and aborts the upload when parts keep failing', async () => {
    await s3.createBucket('fault-bucket');
    const file = join(dir, 'twelve.bin');
    await writeFile(file, randomBytes(12 * MiB));
    target.sandbox!.server.injectFault({ service: 'storage', operation: 'storage.uploadPart', status: 500, times: 1 });
    const ok = await upload(s3, { bucket: 'fault-bucket', key: 'retried.bin', file, partSize: 5 * MiB });
    assert.equal(ok.parts, 3);
    assert.equal((await s3.headObject('fault-bucket', 'retried.bin')).size, 12 * MiB);
    target.sandbox!.server.injectFault({ service: 'storage', operation: 'storage.uploadPart', status: 503 });
    const e = await upload(s3, { bucket: 'fault-bucket', key: 'failed.bin', file, partSize: 5 * MiB }).then(
      () => undefined,
      (err: unknown) => err,
    );
    assert.ok(isApiError(e) && e.status === 503, String(e));
    target.sandbox!.server.clearFaults();
    assert.deepEqual((await s3.listMultipartUploads('fault-bucket')).uploads, []);
  });

  it('turns a broken XML answer into a clear error', async () => {
    target.sandbox!.server.injectFault({
      service: 'storage',
      operation: 'storage.listObjects',
      malformed: true,
      times: 1,
    });
    const e = await s3.listObjectsPage({ bucket: 'sandbox-docs' }).then(
      () => undefined,
      (err: unknown) => err,
    );
    assert.ok(isApiError(e) && /not valid XML/.test(e.message), String(e));
  });

  it('answers 416 for a range outside the object and 403 for an unknown access key', async () => {
    const e = await s3.getObject('sandbox-docs', 'README.md', { range: { start: 10_000 } }).then(
      () => undefined,
      (err: unknown) => err,
    );
    assert.ok(isApiError(e) && e.code === 'InvalidRange', String(e));
    const u = await target
      .client({ accessKey: 'UNKNOWN' })
      .listBuckets()
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    assert.ok(isAuthError(u) && u.code === 'InvalidAccessKeyId');
  });

  it('lets other sandbox services deliver objects into a bucket', async () => {
    target.sandbox!.service.putObject('KR1', 'rds-exports', 'logs/db1/error.log', 'exported log line\n', 'text/plain');
    const head = await s3.headObject('rds-exports', 'logs/db1/error.log');
    assert.equal(head.size, 18);
    // The module-level hook writes into the shared instance.
    putObject('KR1', 'rds-backups', 'db1/backup-1.sql', 'CREATE TABLE t (id int);');
    assert.equal(storageSandbox().store.bucket('KR1', 'rds-backups')?.objects.size, 1);
  });
});

describe('storage in the whole sandbox (startSandbox)', () => {
  it('is registered, signs with the identity sandbox EC2 credential, and takes delivered objects', async () => {
    const sb = await startAll({ timeScale: 10 });
    const transport = new Transport({ userAgent: 'test' });
    try {
      const profile = sb.sandboxProfile();
      assert.ok(profile.secrets.s3AccessKey && profile.secrets.s3SecretKey);
      const s3 = new S3Client({
        baseUrl: profile.endpoints.storage.replace('{region}', 'kr1'),
        accessKey: profile.secrets.s3AccessKey!,
        secretKey: profile.secrets.s3SecretKey!,
        transport,
      });
      const { buckets } = await s3.listBuckets();
      assert.deepEqual(
        buckets.map((b) => b.name),
        ['sandbox-archive', 'sandbox-docs', 'sandbox-media'],
      );
      sb.rds.onExport((o) => putObject(o.region, o.bucket, o.path, o.content));
      putObject('KR1', 'rds-logs', 'db-1/slow.log', 'slow query\n');
      assert.equal((await s3.headObject('rds-logs', 'db-1/slow.log')).size, 11);
    } finally {
      await transport.close();
      await sb.close();
    }
  });
});
