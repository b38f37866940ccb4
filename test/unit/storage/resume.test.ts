// Resumable uploads (issue 30, item 2), the client's part (src/client/storage/transfer.ts): an
// upload that fails midway with `keepOnFailure` keeps its multipart upload and the parts sent;
// `resume` asks the server which parts it holds (List Parts), sends only the others and
// completes, every byte in place; a part of another size is sent again; a cancel still aborts.
// Against the sandbox (the failure injected) and OpenStack Swift's S3 layer (parts sent first by
// hand, as a window closed midway leaves them).
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isCancelledError } from '../../../src/client/errors';
import type { S3Client } from '../../../src/client/storage/client';
import { MiB, upload } from '../../../src/client/storage/transfer';
import { startSandbox, startSwiftTarget, type S3Target } from '../../support/s3Servers';

const dir = mkdtempSync(join(tmpdir(), 'nhncloud-resume-'));
const data = randomBytes(23 * MiB + 11);
const file = join(dir, 'big.bin');
writeFileSync(file, data);
after(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
async function sha256Of(s3: S3Client, bucket: string, key: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of (await s3.getObject(bucket, key)).body) h.update(c as Buffer);
  return h.digest('hex');
}
const uploadsOf = async (s3: S3Client, bucket: string) => (await s3.listMultipartUploads(bucket)).uploads;

for (const t of [
  { name: 'sandbox', start: () => startSandbox({ seed: false }) },
  { name: 'swift', start: startSwiftTarget },
]) {
  describe(`resumable uploads against ${t.name}`, () => {
    let target: S3Target;
    let s3: S3Client;
    const bucket = 'resume-bucket';
    before(async () => {
      target = await t.start();
      s3 = target.client();
      await s3.createBucket(bucket);
    });
    after(async () => target?.close());

    it('a resumed upload sends only the parts the server lacks, then completes with every byte', async () => {
      const key = 'resumed.bin';
      let uploadId = '';
      const kept = target.sandbox;
      if (kept) {
        // Cut off after two parts: every later part's connection dropped (retries included).
        await assert.rejects(
          upload(s3, {
            bucket,
            key,
            file,
            partSize: 5 * MiB,
            concurrency: 1,
            keepOnFailure: true,
            onMultipart: (m) => void (uploadId = m.uploadId),
            onPartsDone: (n) => {
              if (n === 2) kept.server.injectFault({ service: 'storage', operation: 'storage.uploadPart', drop: true });
            },
          }),
          (e: unknown) => !isCancelledError(e),
        );
        kept.server.clearFaults();
      } else {
        // A window closed midway: the upload begun and two parts sent, never completed.
        uploadId = await s3.initiateMultipartUpload(bucket, key, { contentType: 'application/x-resumed' });
        for (const n of [1, 2])
          await s3.uploadPart(bucket, key, uploadId, n, data.subarray((n - 1) * 5 * MiB, n * 5 * MiB));
      }
      assert.ok(uploadId, 'the upload has an id');
      assert.deepEqual(
        (await uploadsOf(s3, bucket)).map((u) => [u.key, u.uploadId]),
        [[key, uploadId]],
        'the multipart upload is kept',
      );
      assert.equal((await s3.listParts(bucket, key, uploadId)).parts.length, 2, 'with the two parts sent');
      const reported: number[] = [];
      let sent = 0;
      target.sandbox?.server.resetStats();
      const res = await upload(s3, {
        bucket,
        key,
        file,
        partSize: 5 * MiB,
        resume: { uploadId },
        onPartsDone: (n) => reported.push(n),
        onProgress: (p) => (sent = p.loaded),
      });
      assert.equal(res.parts, 5);
      assert.deepEqual(reported, [2, 3, 4, 5], 'two found on the server, three sent');
      assert.equal(sent, data.length, 'progress counts the parts found too');
      if (target.sandbox)
        assert.equal(target.sandbox.server.stats.byOperation['storage.uploadPart'], 3, 'only the missing parts');
      assert.equal(await sha256Of(s3, bucket, key), sha256(data));
      assert.deepEqual(await uploadsOf(s3, bucket), [], 'nothing left open');
    });

    it('a part the server holds at another size (another part size) is sent again', async () => {
      const key = 'resized.bin';
      const uploadId = await s3.initiateMultipartUpload(bucket, key);
      await s3.uploadPart(bucket, key, uploadId, 1, data.subarray(0, 5 * MiB));
      const reported: number[] = [];
      await upload(s3, {
        bucket,
        key,
        file,
        partSize: 6 * MiB,
        resume: { uploadId },
        onPartsDone: (n) => reported.push(n),
      });
      assert.equal(reported[0], 0, 'the 5 MiB part 1 is not a 6 MiB part 1: none kept');
      assert.equal(await sha256Of(s3, bucket, key), sha256(data));
    });

    it('with keepOnFailure, a cancel still aborts the upload and leaves nothing', async () => {
      const ac = new AbortController();
      await assert.rejects(
        upload(s3, {
          bucket,
          key: 'cancelled.bin',
          file,
          partSize: 5 * MiB,
          concurrency: 1,
          keepOnFailure: true,
          signal: ac.signal,
          onPartsDone: (n) => n === 1 && ac.abort(),
        }),
        (e: unknown) => isCancelledError(e),
      );
      assert.deepEqual(await uploadsOf(s3, bucket), []);
    });
  });
}
