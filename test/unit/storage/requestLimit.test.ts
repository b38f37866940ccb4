// Object storage's request limit (issue 26, item 6): 429 and 503 SlowDown are waited out with
// jittered backoff or Retry-After, watchers hear of each wait, and the request gives up after a
// bounded time with a message that names the limit. Against the sandbox over loopback, with a
// share of its writes answered 429: a 2,000-file folder upload (one file multipart) completes
// with every byte right and no multipart upload left open.
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { isApiError } from '../../../src/client/errors';
import type { S3Client } from '../../../src/client/storage/client';
import {
  DEFAULT_REQUEST_LIMIT_POLICY,
  isRequestLimit,
  requestLimitDelay,
  retryAfterMs,
  type RequestLimitEvent,
} from '../../../src/client/storage/requestLimit';
import { MiB } from '../../../src/client/storage/transfer';
import { folderUploadTasks, listPrefix, runPool, uploadFile } from '../../../src/storage/folderTransfer';
import { startSandbox, type S3Target } from '../../support/s3Servers';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
/** Short waits: the policy's shape is what is tested, not its wall-clock length. */
const FAST = { baseDelayMs: 2, maxDelayMs: 20, giveUpAfterMs: 60_000 };

describe('request-limit policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    assert.equal(retryAfterMs('7'), 7000);
    assert.equal(retryAfterMs('0.25'), 250);
    const now = Date.parse('2026-11-26T10:00:00Z');
    assert.equal(retryAfterMs('Thu, 26 Nov 2026 10:00:05 GMT', now), 5000);
    assert.equal(retryAfterMs('Thu, 26 Nov 2026 09:59:00 GMT', now), 0);
    assert.equal(retryAfterMs(undefined), undefined);
    assert.equal(retryAfterMs('soon'), undefined);
  });

  it('knows 429 and SlowDown as the limit, and nothing else (a bare 503 is an outage)', () => {
    assert.ok(isRequestLimit(429, undefined));
    assert.ok(isRequestLimit(503, 'SlowDown'));
    assert.ok(!isRequestLimit(503, undefined));
    assert.ok(!isRequestLimit(503, 'InternalError'));
    assert.ok(!isRequestLimit(500, undefined));
    assert.ok(!isRequestLimit(403, 'AccessDenied'));
  });

  it('backs off exponentially with jitter, up to the cap, and stops when the time is spent', () => {
    const p = DEFAULT_REQUEST_LIMIT_POLICY;
    // The highest draw of the jitter gives the step itself: 1 s, 2 s, 4 s, … capped at 20 s.
    const top = (attempt: number) => requestLimitDelay(p, attempt, 0, undefined, () => 1);
    assert.deepEqual([1, 2, 3, 4, 5, 6, 10].map(top), [1000, 2000, 4000, 8000, 16000, 20000, 20000]);
    // The lowest draw is a tenth of the step (thousands of files throttled at once spread out).
    assert.equal(
      requestLimitDelay(p, 3, 0, undefined, () => 0),
      400,
    );
    // Retry-After wins over the backoff, up to the cap.
    assert.equal(
      requestLimitDelay(p, 1, 0, 7000, () => 1),
      7000,
    );
    assert.equal(
      requestLimitDelay(p, 1, 0, 600_000, () => 1),
      20_000,
    );
    // Never past the time left, and none when it is spent.
    assert.equal(
      requestLimitDelay(p, 8, p.giveUpAfterMs - 300, undefined, () => 1),
      300,
    );
    assert.equal(
      requestLimitDelay(p, 8, p.giveUpAfterMs, undefined, () => 1),
      undefined,
    );
  });
});

describe('object storage at its request limit (sandbox)', () => {
  let target: S3Target;
  let dir: string;
  const bucket = 'limit-bucket';
  const files = new Map<string, string>();
  const FILES = 2_000;

  const throttle = (fault: Record<string, unknown>) =>
    target.sandbox!.server.injectFault({ service: 'storage', methods: ['PUT', 'POST', 'DELETE'], ...fault });
  const stats = () => target.sandbox!.server.stats;

  before(async () => {
    target = await startSandbox({ seed: false });
    await target.client().createBucket(bucket);
    dir = await mkdtemp(join(tmpdir(), 'request-limit-test-'));
    for (let i = 0; i < FILES; i++) {
      const sub = join(dir, 'src', `d${i % 20}`);
      if (i < 20) await mkdir(sub, { recursive: true });
      const body = randomBytes(16 + (i % 50) * 31);
      await writeFile(join(sub, `f${i}.txt`), body);
      files.set(`d${i % 20}/f${i}.txt`, md5(body));
    }
    // One multipart file: its initiate, parts and complete are writes too.
    const big = randomBytes(9 * MiB);
    await writeFile(join(dir, 'src', 'big.bin'), big);
    files.set('big.bin', md5(big));
  });
  after(async () => {
    await target?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    target.sandbox!.server.clearFaults();
    target.sandbox!.server.resetStats();
  });

  /** Uploads the folder under `prefix` with `s3`; the pool's outcome and every wait watchers heard. */
  async function uploadFolder(s3: S3Client, prefix: string, count = Infinity) {
    const heard: RequestLimitEvent[] = [];
    const unwatch = s3.watchRequestLimit((e) => heard.push(e));
    // The multipart file always, then `count` small ones.
    const tasks = (await folderUploadTasks(join(dir, 'src'), prefix))
      .sort((a, b) => b.size - a.size)
      .slice(0, count + 1);
    const ac = new AbortController();
    const outcome = await runPool(
      tasks,
      { small: 16, large: 2 },
      ac.signal,
      async (task) => void (await uploadFile(s3, bucket, task, 4, ac.signal, () => undefined)),
    ).finally(unwatch);
    return { ...outcome, tasks, heard };
  }

  it('a 2,000-file folder upload with 30 % of its writes answered 429 completes, every byte right', async () => {
    // Each step of the multipart upload is refused once for sure (which requests the share hits
    // depends on how the concurrent ones interleave), then 30 % of all writes.
    for (const operation of [
      'storage.initiateMultipartUpload',
      'storage.uploadPart',
      'storage.completeMultipartUpload',
    ])
      throttle({ operation, status: 429, times: 1 });
    throttle({ status: 429, share: 0.3 });
    const s3 = target.client({ requestLimit: FAST });
    const { done, failure, tasks, heard } = await uploadFolder(s3, 'up/');
    assert.equal(failure, undefined, String(failure));
    assert.equal(done, tasks.length);
    assert.equal(tasks.length, FILES + 1);
    // The server did refuse about 30 % of the writes, and every refusal was waited out.
    const writes = Object.values(stats().byMethod.PUT ?? {}).reduce((a, b) => a + b, 0);
    assert.ok(heard.length >= 0.25 * writes, `${heard.length} waits heard for ${writes} PUTs`);
    assert.ok(
      heard.every((e) => e.status === 429),
      'a wait was for another status',
    );
    for (const operation of [
      'storage.initiateMultipartUpload',
      'storage.uploadPart',
      'storage.completeMultipartUpload',
    ])
      assert.ok(
        heard.some((e) => e.operation === operation),
        `no wait for ${operation}`,
      );
    const listed = await listPrefix(s3, bucket, 'up/');
    assert.equal(listed.length, files.size);
    const page = new Map<string, string>();
    for await (const p of s3.listObjects({ bucket, prefix: 'up/' }))
      for (const e of p.contents) page.set(e.key.slice(3), (e.etag ?? '').replace(/"/g, ''));
    for (const [key, sum] of files) {
      if (key === 'big.bin') continue; // a multipart ETag is not the MD5 of the bytes
      assert.equal(page.get(key), sum, key);
    }
    const big = target.sandbox!.service.store.bucket('KR1', bucket)!.objects.get('up/big.bin');
    assert.equal(big?.size, 9 * MiB);
    const open = await s3.listMultipartUploads(bucket);
    assert.deepEqual(open.uploads, [], 'a multipart upload was left open');
  });

  it('without the waits the same upload (its first 100 files) fails: the limit is what the test exercises', async () => {
    throttle({ status: 429, share: 0.3 });
    const s3 = target.client({ requestLimit: { ...FAST, giveUpAfterMs: 0 } });
    const { failure } = await uploadFolder(s3, 'nowait/', 100);
    assert.ok(isApiError(failure), String(failure));
    assert.equal(failure.code, 'RequestLimit');
    assert.match(
      failure.message,
      /request limit of the storage account \(HTTP 429; 500 writes per second\) and still was after 0 s of retrying/,
    );
    const open = await s3.listMultipartUploads(bucket);
    assert.deepEqual(open.uploads, [], 'a failed multipart upload was left open');
  });

  it('gives up after the bounded time with a message that says what to do', async () => {
    throttle({ status: 503, errorCode: 'SlowDown' });
    const s3 = target.client({ requestLimit: { baseDelayMs: 5, maxDelayMs: 10, giveUpAfterMs: 60 } });
    const heard: RequestLimitEvent[] = [];
    s3.watchRequestLimit((e) => heard.push(e));
    await assert.rejects(s3.putObject(bucket, 'x.txt', 'x'), (err: unknown) => {
      assert.ok(isApiError(err));
      assert.equal(err.code, 'RequestLimit');
      assert.match(
        err.message,
        /HTTP 503 SlowDown.*still was after \d+ s of retrying\. Wait a minute and run it again/,
      );
      return true;
    });
    assert.ok(heard.length >= 3, `${heard.length} waits`);
    const waited = heard.reduce((s, e) => s + e.delayMs, 0);
    assert.ok(waited <= 60, `waited ${waited} ms of a 60 ms budget`);
  });

  it("honours the server's Retry-After", async () => {
    throttle({ status: 429, retryAfterS: 0.05, times: 1 });
    const s3 = target.client({ requestLimit: { ...FAST, maxDelayMs: 1000 } });
    const heard: RequestLimitEvent[] = [];
    s3.watchRequestLimit((e) => heard.push(e));
    await s3.putObject(bucket, 'after.txt', 'after');
    // 50 ms as the server asked, not the policy's 2 ms first step.
    assert.deepEqual(
      heard.map((e) => e.delayMs),
      [50],
    );
  });
});
