// A small file (one read chunk or less) is uploaded from bytes read whole (transfer.ts,
// readUnchanged): the bytes sent are the ones read, and a file that changes while it is read is
// refused before anything is sent, as the streamed path refuses it by holding back its last chunk.
// The change is made at the one moment that matters, right after the read, by wrapping
// fs/promises' readFile (the module transfer.ts reads through).
import { strict as assert } from 'node:assert';
import fsPromises from 'node:fs/promises';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { isSourceChanged, upload } from '../../../src/client/storage/transfer';
import { startSandbox, type S3Target } from '../../support/s3Servers';

describe('a small file uploaded from bytes read whole', () => {
  let target: S3Target;
  let dir: string;
  const bucket = 'small-upload';
  const realReadFile = fsPromises.readFile;
  before(async () => {
    target = await startSandbox({ seed: false });
    await target.client().createBucket(bucket);
    dir = await mkdtemp(join(tmpdir(), 'small-upload-'));
  });
  afterEach(() => {
    fsPromises.readFile = realReadFile;
  });
  after(async () => {
    await target?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Runs `change` on the file right after transfer.ts has read it. */
  function changeAfterRead(file: string, change: () => Promise<void>) {
    fsPromises.readFile = (async (...args: Parameters<typeof realReadFile>) => {
      const bytes = await realReadFile(...args);
      if (String(args[0]) === file) await change();
      return bytes;
    }) as typeof realReadFile;
  }

  const stored = async (key: string) => {
    const s3 = target.client();
    for await (const page of s3.listObjects({ bucket, prefix: key })) if (page.contents.length) return true;
    return false;
  };

  it('sends the bytes read, in one PUT', async () => {
    const file = join(dir, 'plain.txt');
    await writeFile(file, 'small and whole\n');
    const done = await upload(target.client(), { bucket, key: 'plain.txt', file });
    assert.equal(done.parts, 0);
    const chunks: Buffer[] = [];
    for await (const chunk of (await target.client().getObject(bucket, 'plain.txt')).body) chunks.push(chunk as Buffer);
    assert.equal(Buffer.concat(chunks).toString(), 'small and whole\n');
  });

  it('refuses a file modified right after its read (same size, new time): nothing stored', async () => {
    const file = join(dir, 'touched.txt');
    await writeFile(file, 'first text\n');
    await utimes(file, 1_000_000_000, 1_000_000_000);
    changeAfterRead(file, async () => {
      await writeFile(file, 'other text\n');
      await utimes(file, 1_000_000_100, 1_000_000_100);
    });
    await assert.rejects(upload(target.client(), { bucket, key: 'touched.txt', file }), (e: unknown) =>
      isSourceChanged(e),
    );
    assert.equal(await stored('touched.txt'), false, 'an object was stored');
  });

  it('refuses a file that grew between its stat and its read: nothing stored', async () => {
    const file = join(dir, 'grown.txt');
    await writeFile(file, 'short\n');
    fsPromises.readFile = (async (...args: Parameters<typeof realReadFile>) => {
      if (String(args[0]) === file) await writeFile(file, 'short, then longer\n');
      return realReadFile(...args);
    }) as typeof realReadFile;
    await assert.rejects(upload(target.client(), { bucket, key: 'grown.txt', file }), (e: unknown) =>
      isSourceChanged(e),
    );
    assert.equal(await stored('grown.txt'), false, 'an object was stored');
  });
});
