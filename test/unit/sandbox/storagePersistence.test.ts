// The sandbox's object storage kept in a data folder (issue 63): a sandbox restarted over the same
// folder (a window reload restarts the in-window one; `npm run sandbox -- --data DIR`) still holds
// its buckets, objects (small and large) and multipart uploads with their parts, so an upload cut
// off by the reload can be resumed and completed. Over loopback, through the extension's client.
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { S3Client } from '../../../src/client/storage/client';
import { startSandbox } from '../../support/s3Servers';

const dir = mkdtempSync(join(tmpdir(), 'nhncloud-sbdata-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function bytesOf(s3: S3Client, bucket: string, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of (await s3.getObject(bucket, key)).body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

test('restarted over its data folder, the sandbox holds its buckets, objects and multipart uploads; the upload completes', async () => {
  const small = Buffer.from('kept across a restart\n');
  const large = randomBytes(600 * 1024);
  const part1 = randomBytes(5 * 1024 * 1024);
  const part2 = randomBytes(1234);
  const first = await startSandbox({ dataDir: dir });
  let uploadId: string;
  let seededReadme: Buffer;
  try {
    const s3 = first.client();
    seededReadme = await bytesOf(s3, 'sandbox-docs', 'README.md');
    await s3.createBucket('kept');
    await s3.putObject('kept', 'small.txt', small);
    await s3.putObject('kept', 'large.bin', large);
    await s3.deleteObject('sandbox-docs', 'README.md');
    uploadId = await s3.initiateMultipartUpload('kept', 'cut.bin');
    await s3.uploadPart('kept', 'cut.bin', uploadId, 1, part1);
  } finally {
    await first.close();
  }

  const second = await startSandbox({ dataDir: dir });
  try {
    const s3 = second.client();
    assert.ok((await s3.listBuckets()).buckets.some((b) => b.name === 'kept'));
    assert.ok((await bytesOf(s3, 'kept', 'small.txt')).equals(small));
    assert.ok((await bytesOf(s3, 'kept', 'large.bin')).equals(large));
    await assert.rejects(s3.headObject('sandbox-docs', 'README.md'), 'a deletion is kept too (no seeding again)');
    assert.ok(seededReadme.length > 0);
    assert.deepEqual(
      (await s3.listMultipartUploads('kept')).uploads.map((u) => u.uploadId),
      [uploadId],
    );
    const parts = (await s3.listParts('kept', 'cut.bin', uploadId)).parts;
    assert.deepEqual(
      parts.map((p) => [p.partNumber, p.size]),
      [[1, part1.length]],
    );
    const etag2 = await s3.uploadPart('kept', 'cut.bin', uploadId, 2, part2);
    await s3.completeMultipartUpload('kept', 'cut.bin', uploadId, [
      { partNumber: 1, etag: parts[0].etag },
      { partNumber: 2, etag: etag2 },
    ]);
    const whole = await bytesOf(s3, 'kept', 'cut.bin');
    assert.equal(
      createHash('sha256').update(whole).digest('hex'),
      createHash('sha256')
        .update(Buffer.concat([part1, part2]))
        .digest('hex'),
    );
  } finally {
    await second.close();
  }
});

test('without a data folder nothing is kept: a new sandbox starts from the seed', async () => {
  const first = await startSandbox();
  try {
    await first.client().createBucket('gone');
  } finally {
    await first.close();
  }
  const second = await startSandbox();
  try {
    assert.ok(!(await second.client().listBuckets()).buckets.some((b) => b.name === 'gone'));
  } finally {
    await second.close();
  }
});
