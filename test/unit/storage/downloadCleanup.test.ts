// A failed download removes its temporary file for good: download() settles its failure only
// once the file's writer is closed. Node's pipeline() rejects with the first error before the
// last stream has even opened its file ("rejected, open, close" on Node 20 when the source fails
// at once); a removal right after it could run before that open (both wait on libuv's thread
// pool, busy with the other transfers), and the open then created the file for good: CI run 65
// left `.get me.txt.<hex>.download` behind in the fault matrix.
//
// Made certain here: the writer's open() (fs.open, which file streams call through the `fs`
// module) is held back until download() has settled, or 300 ms at most. A download that removes
// its file before the writer closed leaves the file behind every time; one that waits for the
// writer is not hurried by the hold and leaves nothing.
import { strict as assert } from 'node:assert';
import fs from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { isApiError } from '../../../src/client/errors';
import type { S3Client } from '../../../src/client/storage/client';
import { download } from '../../../src/client/storage/download';

/**
 * An S3 client whose answer has headers for `size` bytes and then breaks off before its first
 * byte. Objects above 1 MiB stream into a write stream (the path this file is about); smaller
 * ones are gathered and written at once.
 */
const cutClient = (size: number) =>
  ({
    getObject: async () => ({
      status: 200,
      size,
      etag: '"cut"',
      metadata: {},
      body: new Readable({
        read() {
          this.destroy(new Error('the connection broke'));
        },
      }),
    }),
  }) as unknown as S3Client;

describe('a failed download and its temporary file', () => {
  let dir: string;
  const realOpen = fs.open;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'download-cleanup-'));
  });
  after(async () => {
    fs.open = realOpen;
    await rm(dir, { recursive: true, force: true });
  });

  it('is gone once the download has failed, even when the file opens late', async () => {
    let settled = () => {};
    const settledOrLate = new Promise<void>((resolve) => {
      settled = resolve;
      setTimeout(resolve, 300);
    });
    let heldOpens = 0;
    let opened = () => {};
    const heldOpenDone = new Promise<void>((resolve) => (opened = resolve));
    fs.open = ((...args: unknown[]) => {
      if (!String(args[0]).endsWith('.download')) return (realOpen as (...a: unknown[]) => void)(...args);
      heldOpens++;
      const callback = args.pop() as (err: unknown, fd?: number) => void;
      void settledOrLate.then(() =>
        (realOpen as (...a: unknown[]) => void)(...args, (err: unknown, fd?: number) => {
          callback(err, fd);
          opened();
        }),
      );
    }) as typeof realOpen;
    const failure = await download(cutClient(2 * 1024 * 1024), {
      bucket: 'b',
      key: 'cut.txt',
      file: join(dir, 'cut.txt'),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    settled();
    assert.equal(heldOpens, 1, 'the temporary file was opened through fs.open once');
    assert.ok(isApiError(failure), `the download fails with an API error: ${String(failure)}`);
    assert.match((failure as Error).message, /The download of "cut\.txt" failed: the connection broke/);
    // The held open has run (before the failure when the download waits for its writer).
    await heldOpenDone;
    assert.deepEqual(await readdir(dir), [], 'nothing left in the folder');
  });

  it('a small object cut off writes no file at all (it is written only once whole)', async () => {
    fs.open = realOpen;
    const failure = await download(cutClient(10), { bucket: 'b', key: 'small.txt', file: join(dir, 'small.txt') }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(isApiError(failure), `the download fails with an API error: ${String(failure)}`);
    assert.match((failure as Error).message, /The download of "small\.txt" failed: the connection broke/);
    assert.deepEqual(await readdir(dir), [], 'nothing left in the folder');
  });
});
