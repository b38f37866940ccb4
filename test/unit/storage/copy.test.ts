// Copy of any size (src/client/storage/copy.ts) against both S3 servers, with the multipart
// threshold lowered to a few MiB: every byte kept (checksums), content type and metadata kept,
// and nothing left behind after a cancel or a failed part.
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { isApiError, isCancelledError, isValidationError } from '../../../src/client/errors';
import type { S3Client } from '../../../src/client/storage/client';
import { copyObjectAnySize, copyPartSizeFor, SINGLE_COPY_LIMIT } from '../../../src/client/storage/copy';
import { MiB } from '../../../src/client/storage/transfer';
import { changedHeaders, type MetadataChanges } from '../../../src/storage/objectMetadata';
import { startSwiftTarget, TARGETS, type S3Target } from '../../support/s3Servers';

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

async function sha256Of(s3: S3Client, bucket: string, key: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of (await s3.getObject(bucket, key)).body) h.update(c as Buffer);
  return h.digest('hex');
}

const exists = (s3: S3Client, bucket: string, key: string): Promise<boolean> =>
  s3.headObject(bucket, key).then(
    () => true,
    (e: unknown) => (isApiError(e) && e.status === 404 ? false : Promise.reject(e)),
  );

describe('copy part size', () => {
  it('aims at 16 parts within 5 MiB..512 MiB and never more than 1,000 parts', () => {
    assert.equal(copyPartSizeFor(SINGLE_COPY_LIMIT), 320 * MiB);
    assert.equal(copyPartSizeFor(20 * MiB), 5 * MiB);
    assert.equal(copyPartSizeFor(100 * 1024 * MiB), 512 * MiB);
    const huge = 2 * 1024 * 1024 * MiB;
    assert.ok(Math.ceil(huge / copyPartSizeFor(huge)) <= 1000);
    assert.equal(copyPartSizeFor(SINGLE_COPY_LIMIT, 64 * MiB), 64 * MiB);
  });
});

// OpenStack Swift's S3 layer (the software behind the service) too; without Swift installed its case fails with what to install.
for (const t of [...TARGETS, { name: 'swift', start: startSwiftTarget }]) {
  describe(`copy of any size against ${t.name}`, () => {
    let target: S3Target;
    let s3: S3Client;
    const bucket = 'copy-bucket';
    const big = randomBytes(23 * MiB + 7);
    const meta = { owner: 'kim', note: 'été 2024' };

    before(async () => {
      target = await t.start();
      s3 = target.client();
      await s3.createBucket(bucket);
      await s3.putObject(bucket, 'src/big.bin', big, { contentType: 'application/x-big', metadata: meta });
      await s3.putObject(bucket, 'src/small.txt', 'small body', { contentType: 'text/x-small', metadata: meta });
    });
    after(async () => target.close());

    const noUploadsLeft = async () => {
      if (!target.caps.listUploads) return;
      assert.deepEqual((await s3.listMultipartUploads(bucket)).uploads, [], 'ListMultipartUploads is empty');
    };

    it('copies below the threshold with one PUT Object Copy, keeping type and metadata', async () => {
      const res = await copyObjectAnySize(s3, {
        from: { bucket, key: 'src/small.txt' },
        to: { bucket, key: 'dst/small.txt' },
        multipartThreshold: 8 * MiB,
      });
      assert.equal(res.parts, 0);
      const head = await s3.headObject(bucket, 'dst/small.txt');
      assert.equal(head.contentType, 'text/x-small');
      assert.deepEqual(head.metadata, meta);
      assert.equal(await sha256Of(s3, bucket, 'dst/small.txt'), sha256(Buffer.from('small body')));
    });

    it('copies at or above the threshold with parallel part copies: every byte, type and metadata kept', async () => {
      const seen: number[] = [];
      target.sandbox?.server.resetStats();
      const res = await copyObjectAnySize(s3, {
        from: { bucket, key: 'src/big.bin' },
        to: { bucket, key: 'dst/big.bin' },
        multipartThreshold: 8 * MiB,
        partSize: 5 * MiB,
        concurrency: 3,
        onProgress: (p) => seen.push(p.loaded),
      });
      assert.equal(res.parts, 5);
      assert.equal(res.size, big.length);
      // The sandbox names a part copy by its header (faults and stats aim at it, not at uploadPart).
      if (target.sandbox)
        assert.deepEqual(
          [
            target.sandbox.server.stats.byOperation['storage.uploadPartCopy'],
            target.sandbox.server.stats.byOperation['storage.uploadPart'],
          ],
          [5, undefined],
        );
      assert.deepEqual(
        seen,
        [...seen].sort((a, b) => a - b),
        'progress only grows',
      );
      assert.equal(seen.at(-1), big.length);
      assert.equal(await sha256Of(s3, bucket, 'dst/big.bin'), sha256(big));
      const head = await s3.headObject(bucket, 'dst/big.bin');
      assert.equal(head.size, big.length);
      assert.equal(head.contentType, 'application/x-big');
      assert.deepEqual(head.metadata, meta);
      await noUploadsLeft();
    });

    it('copies across buckets with the default part size', async () => {
      await s3.createBucket('copy-other');
      const res = await copyObjectAnySize(s3, {
        from: { bucket, key: 'src/big.bin' },
        to: { bucket: 'copy-other', key: 'big.bin' },
        multipartThreshold: 8 * MiB,
      });
      assert.equal(res.parts, 5, 'about 16 parts wanted, 5 MiB the least: 5 parts');
      assert.equal(await sha256Of(s3, 'copy-other', 'big.bin'), sha256(big));
    });

    it('edits the metadata in place (a copy onto itself with REPLACE): the bytes kept, every served header replaced, a stale ETag refused', async () => {
      const key = 'meta/small.txt';
      await s3.putObject(bucket, key, 'small body', { contentType: 'text/plain', metadata: { owner: 'kim' } });
      const before = await s3.headObject(bucket, key);
      const changes: MetadataChanges = {
        fields: {
          contentType: 'text/markdown; charset=utf-8',
          cacheControl: 'max-age=60',
          contentDisposition: 'attachment; filename="a.md"',
        },
        metadata: { owner: null, reviewed: 'été 2026' },
      };
      const res = await copyObjectAnySize(s3, {
        from: { bucket, key },
        to: { bucket, key },
        source: before,
        ifMatch: before.etag,
        replace: changedHeaders(before, changes),
      });
      assert.equal(res.parts, 0);
      const after = await s3.headObject(bucket, key);
      assert.equal(after.contentType, 'text/markdown; charset=utf-8');
      assert.equal(after.cacheControl, 'max-age=60');
      assert.equal(after.contentDisposition, 'attachment; filename="a.md"');
      assert.deepEqual(after.metadata, { reviewed: 'été 2026' }, 'the removed key is gone, the new one there');
      assert.equal(await sha256Of(s3, bucket, key), sha256(Buffer.from('small body')), 'the bytes are untouched');
      // Onto itself without new headers: refused before sending (S3 refuses it too).
      await assert.rejects(copyObjectAnySize(s3, { from: { bucket, key }, to: { bucket, key } }), (e: unknown) =>
        isValidationError(e),
      );
      // The object read before was replaced since: its old ETag no longer matches, nothing is
      // written (the sandbox and Swift honour the condition; s3rver ignores it).
      if (!target.caps.copyIfMatch) return;
      await s3.putObject(bucket, key, 'new body', { contentType: 'text/plain' });
      await assert.rejects(
        copyObjectAnySize(s3, {
          from: { bucket, key },
          to: { bucket, key },
          ifMatch: before.etag,
          replace: { contentType: 'text/x-stale', metadata: {} },
        }),
        (e: unknown) => isApiError(e) && e.status === 412,
      );
      assert.equal((await s3.headObject(bucket, key)).contentType, 'text/plain');
    });

    it('edits the metadata of an object above the copy threshold by a multipart copy onto itself: every byte kept', async () => {
      const key = 'meta/big.bin';
      await s3.putObject(bucket, key, big, { contentType: 'application/x-big', metadata: meta });
      const before = await s3.headObject(bucket, key);
      const res = await copyObjectAnySize(s3, {
        from: { bucket, key },
        to: { bucket, key },
        source: before,
        ifMatch: before.etag,
        multipartThreshold: 8 * MiB,
        partSize: 5 * MiB,
        replace: changedHeaders(before, { fields: { cacheControl: 'no-cache' }, metadata: { owner: 'lee' } }),
      });
      assert.equal(res.parts, 5);
      const after = await s3.headObject(bucket, key);
      assert.equal(after.size, big.length);
      assert.equal(after.contentType, 'application/x-big', 'an unchanged header is kept');
      assert.equal(after.cacheControl, 'no-cache');
      assert.deepEqual(after.metadata, { ...meta, owner: 'lee' });
      assert.equal(await sha256Of(s3, bucket, key), sha256(big));
      await noUploadsLeft();
    });

    it('a cancel midway aborts the multipart upload: no object, no upload left', async () => {
      const ac = new AbortController();
      // Cancel once the first part is done; on the sandbox the parts are slowed so others are in flight.
      if (target.sandbox)
        target.sandbox.server.injectFault({ service: 'storage', operation: 'storage.uploadPartCopy', latencyMs: 150 });
      try {
        let firstPart = 0;
        await assert.rejects(
          copyObjectAnySize(s3, {
            from: { bucket, key: 'src/big.bin' },
            to: { bucket, key: 'dst/cancelled.bin' },
            multipartThreshold: 8 * MiB,
            partSize: 5 * MiB,
            concurrency: target.sandbox ? 2 : 1,
            signal: ac.signal,
            onProgress: (p) => {
              if (p.loaded > 0 && !firstPart++) ac.abort();
            },
          }),
          (e: unknown) => isCancelledError(e),
        );
        assert.equal(firstPart > 0, true, 'the copy was midway when cancelled');
      } finally {
        target.sandbox?.server.clearFaults();
      }
      assert.equal(await exists(s3, bucket, 'dst/cancelled.bin'), false);
      await noUploadsLeft();
    });

    it('a failed part aborts the upload and says why', async () => {
      if (!target.sandbox) return; // faults are injected through the sandbox only
      target.sandbox.server.injectFault({
        service: 'storage',
        operation: 'storage.uploadPartCopy',
        status: 400,
        times: 1,
      });
      try {
        await assert.rejects(
          copyObjectAnySize(s3, {
            from: { bucket, key: 'src/big.bin' },
            to: { bucket, key: 'dst/failed.bin' },
            multipartThreshold: 8 * MiB,
            partSize: 5 * MiB,
          }),
          (e: unknown) => isApiError(e) && e.status === 400,
        );
      } finally {
        target.sandbox.server.clearFaults();
      }
      assert.equal(await exists(s3, bucket, 'dst/failed.bin'), false);
      await noUploadsLeft();
    });

    it('refuses a copy onto itself and a too small part, before any request', async () => {
      await assert.rejects(
        copyObjectAnySize(s3, { from: { bucket, key: 'src/big.bin' }, to: { bucket, key: 'src/big.bin' } }),
        (e: unknown) => isValidationError(e),
      );
      await assert.rejects(
        copyObjectAnySize(s3, { from: { bucket, key: 'src/big.bin' }, to: { bucket, key: 'x.bin' }, partSize: MiB }),
        (e: unknown) => isValidationError(e),
      );
      assert.equal(await exists(s3, bucket, 'x.bin'), false);
    });
  });
}
