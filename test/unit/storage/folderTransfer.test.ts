// The engine of Upload Folder / Download (src/storage/folderTransfer.ts) against both S3 servers
// over loopback HTTP: every byte comes back, the pool keeps to its two limits, and a cancelled
// folder upload leaves no incomplete multipart upload behind.
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { S3Client } from '../../../src/client/storage/client';
import { MiB, partSizeFor, PartSlots } from '../../../src/client/storage/transfer';
import {
  downloadFile,
  folderUploadTasks,
  listPrefix,
  prefixDownloadTasks,
  runPool,
  sharedParts,
  uploadFile,
  walkFiles,
  WHOLE_FILE_CAP,
} from '../../../src/storage/folderTransfer';
import { etagMd5, hashFile, multipartParts } from '../../../src/storage/sync/stamps';
import { TARGETS, type S3Target } from '../../support/s3Servers';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('runPool', () => {
  it('runs small items up to `small` at once and multipart-sized ones up to `large`', async () => {
    // Multipart-sized items first: five workers would take five of them at once without the limit.
    const items = [
      ...Array.from({ length: 6 }, () => ({ size: 9 * MiB })),
      ...Array.from({ length: 30 }, () => ({ size: 1000 })),
    ];
    let running = 0;
    let runningLarge = 0;
    let peak = 0;
    let peakLarge = 0;
    const { done, failure } = await runPool(
      items,
      { small: 5, large: 2 },
      new AbortController().signal,
      async (item) => {
        running++;
        if (item.size > 1000) runningLarge++;
        peak = Math.max(peak, running);
        peakLarge = Math.max(peakLarge, runningLarge);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (item.size > 1000) runningLarge--;
      },
    );
    assert.equal(failure, undefined);
    assert.equal(done, 36);
    assert.equal(peak, 5);
    assert.equal(peakLarge, 2);
  });

  it('answers the first failure after the others finished, and stops taking items once aborted', async () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ size: 1, i }));
    const { done, failure } = await runPool(
      items,
      { small: 3, large: 1 },
      new AbortController().signal,
      async (item) => {
        if (item.i === 4) throw new Error('boom');
      },
    );
    assert.equal(done, 9);
    assert.match(String(failure), /boom/);
    const ac = new AbortController();
    let started = 0;
    const r = await runPool(items, { small: 2, large: 1 }, ac.signal, async () => {
      started++;
      if (started === 3) ac.abort();
    });
    assert.ok(r.done <= 4 && started <= 4, `kept going after the abort: ${started} started`);
  });
});

for (const t of TARGETS) {
  describe(`folder transfers against ${t.name}`, () => {
    let target: S3Target;
    let s3: S3Client;
    let dir: string;
    const bucket = 'folder-bucket';
    const files = new Map<string, string>();

    before(async () => {
      target = await t.start();
      s3 = target.client();
      await s3.createBucket(bucket);
      dir = await mkdtemp(join(tmpdir(), 'folder-transfer-test-'));
      const src = join(dir, 'src');
      for (let i = 0; i < 40; i++) {
        const sub = join(src, `d${i % 3}`);
        await mkdir(sub, { recursive: true });
        const body = randomBytes(100 + i * 997);
        await writeFile(join(sub, `f${i}.bin`), body);
        files.set(`d${i % 3}/f${i}.bin`, md5(body));
      }
      const big = randomBytes(9 * MiB);
      await writeFile(join(src, 'big.bin'), big);
      files.set('big.bin', md5(big));
    });
    after(async () => {
      await target?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('uploads a folder and downloads it back, every byte', async () => {
      const tasks = await folderUploadTasks(join(dir, 'src'), 'up/src');
      assert.equal(tasks.length, files.size);
      const ac = new AbortController();
      const up = await runPool(
        tasks,
        { small: 8, large: 2 },
        ac.signal,
        async (task) => void (await uploadFile(s3, bucket, task, 4, ac.signal, () => undefined)),
      );
      assert.equal(up.failure, undefined);
      assert.equal(up.done, files.size);
      const listed = await listPrefix(s3, bucket, 'up/src/');
      assert.deepEqual(listed.map((o) => o.key.slice('up/src/'.length)).sort(), [...files.keys()].sort());
      const root = join(dir, 'back');
      const { tasks: back, refused } = await prefixDownloadTasks(listed, 'up/src/', root);
      assert.deepEqual(refused, []);
      const down = await runPool(
        back,
        { small: 8, large: 2 },
        ac.signal,
        async (task) => void (await downloadFile(s3, bucket, task, 4, ac.signal, () => undefined)),
      );
      assert.equal(down.failure, undefined);
      const got = await walkFiles(root);
      assert.equal(got.length, files.size);
      for (const f of got) assert.equal(md5(await readFile(f)), files.get(relative(root, f)), f);
    });

    it('downloads a folder of new small files with no temporary name, each folder looked at once (issue 67)', async () => {
      const listed = await listPrefix(s3, bucket, 'up/src/');
      const small = listed.filter((o) => o.size < MiB);
      const root = join(dir, `fresh-${t.name}`);
      const { tasks } = await prefixDownloadTasks(small, 'up/src/', root);
      // The file-system calls of the downloads, counted where download.ts and localPath.ts make them.
      const fsp = require('node:fs/promises') as Record<string, (...a: unknown[]) => Promise<unknown>>;
      const counts: Record<string, number> = { lstat: 0, mkdir: 0, rename: 0 };
      const saved = Object.fromEntries(Object.keys(counts).map((k) => [k, fsp[k]]));
      for (const k of Object.keys(counts))
        fsp[k] = (...a: unknown[]) => {
          counts[k]++;
          return saved[k](...a);
        };
      const ac = new AbortController();
      try {
        const down = await runPool(
          tasks,
          { small: 8, large: 2 },
          ac.signal,
          async (task) => void (await downloadFile(s3, bucket, task, 4, ac.signal, () => undefined)),
        );
        assert.equal(down.failure, undefined);
      } finally {
        Object.assign(fsp, saved);
      }
      for (const f of await walkFiles(root)) assert.equal(md5(await readFile(f)), files.get(relative(root, f)), f);
      assert.equal((await walkFiles(root)).length, small.length);
      // New files are written in place: no temporary file renamed over each.
      assert.equal(counts.rename, 0);
      // Each file looked at once (nothing there); each new folder made once and looked at before
      // and after (the downloads running at once wait for its one check); the chosen folder made.
      // Exact: the bound this replaced let a race through by chance (66 lstat calls for 40 files).
      const folders = new Set<string>();
      for (const task of tasks) for (let d = dirname(task.file); d !== root; d = dirname(d)) folders.add(d);
      assert.equal(counts.lstat, small.length + 2 * folders.size, `lstat calls for ${small.length} files`);
      assert.equal(counts.mkdir, 1 + folders.size, `mkdir calls for ${folders.size} folders`);
      // A second download over them replaces each through a temporary name, as before.
      const again = await runPool(
        tasks,
        { small: 8, large: 2 },
        ac.signal,
        async (task) => void (await downloadFile(s3, bucket, task, 4, ac.signal, () => undefined)),
      );
      assert.equal(again.failure, undefined);
      for (const f of await walkFiles(root)) assert.equal(md5(await readFile(f)), files.get(relative(root, f)), f);
    });

    it('leaves no incomplete multipart upload when cancelled midway', async (ctx) => {
      if (!target.caps.listUploads) return ctx.skip(`${t.name} cannot list multipart uploads`);
      const tasks = await folderUploadTasks(join(dir, 'src'), 'cancel/src');
      const ac = new AbortController();
      const r = await runPool(
        tasks,
        { small: 4, large: 1 },
        ac.signal,
        async (task) =>
          void (await uploadFile(s3, bucket, task, 2, ac.signal, (loaded) => {
            if (task.size >= 8 * MiB && loaded > 0) ac.abort();
          })),
      );
      assert.ok(ac.signal.aborted, 'the multipart file never reported progress');
      assert.ok(r.done < tasks.length);
      const open = await s3.listMultipartUploads(bucket);
      assert.deepEqual(open.uploads, [], 'an incomplete multipart upload was left behind');
    });
  });
}

describe('shared part uploads (issue 67)', () => {
  it('PartSlots grants at most its size, the earliest file (then part) first, and a cancel while waiting takes none', async () => {
    const slots = new PartSlots(2);
    const a = slots.nextFile();
    const b = slots.nextFile();
    const granted: string[] = [];
    const take = (file: number, part: number, signal?: AbortSignal) =>
      slots.take(file, part, signal).then((release) => {
        granted.push(`${file}:${part}`);
        return release;
      });
    const releaseB1 = await take(b, 1);
    const releaseB2 = await take(b, 2);
    const ac = new AbortController();
    const cancelled = take(a, 9, ac.signal);
    const b3 = take(b, 3);
    const a2 = take(a, 2);
    const a1 = take(a, 1);
    ac.abort();
    await assert.rejects(cancelled, (e: Error) => e.name === 'CancelledError');
    releaseB1();
    releaseB1(); // a second call frees nothing
    releaseB2();
    const releaseA1 = await a1;
    await a2;
    // The file started first goes first; b's third part still waits: two slots, not three.
    assert.deepEqual(granted, ['1:1', '1:2', '0:1', '0:2']);
    releaseA1();
    await b3;
    assert.deepEqual(granted, ['1:1', '1:2', '0:1', '0:2', '1:3']);
  });

  describe('a folder of multipart files against the sandbox', () => {
    let target: S3Target;
    let s3: S3Client;
    let dir: string;
    const bucket = 'shared-parts';
    const sums = new Map<string, string>();
    before(async () => {
      target = await TARGETS[0].start();
      s3 = target.client();
      await s3.createBucket(bucket);
      dir = await mkdtemp(join(tmpdir(), 'shared-parts-test-'));
      for (let i = 0; i < 3; i++) {
        const body = randomBytes(9 * MiB);
        await writeFile(join(dir, `f${i}.bin`), body);
        sums.set(`f${i}.bin`, md5(body));
      }
    });
    after(async () => {
      await target?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("sends the next file's parts while a file is completed, never more parts at once than the slots", async () => {
      // A file's completion is held until a part of another file is on its way (the slots it left
      // are used), or, where nothing would send one (one file at a time), for at most 20 s. One
      // completion is held at a time: when both running files had sent all their parts, holding
      // the second too kept the third file out of the pool (two files at once) with nothing left
      // to send, so the check failed by chance on a loaded machine (41.8 s, two 20 s waits).
      const sending = new Map<string, number>();
      let inFlight = 0;
      let peak = 0;
      let completing: string | undefined;
      let release: (() => void) | undefined;
      const overlapped: string[] = [];
      const uploadPart = s3.uploadPart.bind(s3);
      const complete = s3.completeMultipartUpload.bind(s3);
      s3.uploadPart = (async (...args: Parameters<S3Client['uploadPart']>) => {
        if (completing && completing !== args[1]) {
          overlapped.push(`${args[1]} part ${args[3]} while ${completing} completed`);
          release?.();
        }
        peak = Math.max(peak, ++inFlight);
        sending.set(args[1], (sending.get(args[1]) ?? 0) + 1);
        try {
          return await uploadPart(...args);
        } finally {
          inFlight--;
          sending.set(args[1], sending.get(args[1])! - 1);
        }
      }) as S3Client['uploadPart'];
      s3.completeMultipartUpload = (async (...args: Parameters<S3Client['completeMultipartUpload']>) => {
        const other = [...sending].find(([key, n]) => key !== args[1] && n > 0);
        if (other) overlapped.push(`${other[0]} sending while ${args[1]} completed`);
        if (!overlapped.length && !completing) {
          completing = args[1];
          let timer: ReturnType<typeof setTimeout> | undefined;
          await new Promise<void>((resolve) => {
            release = resolve;
            timer = setTimeout(resolve, 20_000);
          });
          clearTimeout(timer);
          completing = undefined;
        }
        return complete(...args);
      }) as S3Client['completeMultipartUpload'];

      const tasks = (await folderUploadTasks(dir, 'up')).sort((x, y) => x.key.localeCompare(y.key));
      // One multipart file at a time, two parts each: the slots of that one file, shared. No file
      // goes as one PUT (a cap of 0): the sharing of parts is what is checked here.
      const shared = sharedParts({ small: 4, large: 1 }, 2, tasks, 0);
      const ac = new AbortController();
      const r = await runPool(
        tasks,
        shared.limits,
        ac.signal,
        async (task) =>
          void (await uploadFile(
            s3,
            bucket,
            task,
            2,
            ac.signal,
            () => undefined,
            undefined,
            undefined,
            undefined,
            shared,
          )),
      );
      assert.equal(r.failure, undefined);
      assert.equal(r.done, 3);
      assert.ok(overlapped.length > 0, 'no part of another file was sent while a file was completed');
      assert.ok(peak <= 2, `${peak} parts at once with two slots`);
      for (const [name, sum] of sums) {
        const got = join(dir, `back-${name}`);
        await downloadFile(s3, bucket, { key: `up/${name}`, file: got, size: 9 * MiB }, 1, ac.signal, () => undefined);
        assert.equal(md5(await readFile(got)), sum, name);
        await rm(got);
      }
    });
  });
});

describe('one PUT per file while many are left (issue 67)', () => {
  const sizes = (n: number, size: number) => Array.from({ length: n }, () => ({ size }));
  const decide = (shared: ReturnType<typeof sharedParts>, files: ReadonlyArray<{ size: number }>) =>
    files.filter((f) => f.size >= 8 * MiB).map((f) => shared.whole(f.size));

  it('sends a file whole while at least its parts at once of files are left to start, then multipart', () => {
    const files = sizes(6, 50 * MiB);
    // Four parts at once: the first three see 6, 5 and 4 files left; the last three go multipart.
    assert.deepEqual(decide(sharedParts({ small: 16, large: 4 }, 4, files), files), [
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    // Files below the multipart threshold are not counted: they go as one PUT anyway.
    const mixed = [...sizes(100, 64 * 1024), ...sizes(4, 9 * MiB)];
    assert.deepEqual(decide(sharedParts({ small: 16, large: 4 }, 4, mixed), mixed), [true, false, false, false]);
  });

  it('splits a lone file, and a file of the cap or more, whatever is left', () => {
    for (const parts of [1, 4]) {
      const lone = sizes(1, 9 * MiB);
      assert.deepEqual(decide(sharedParts({ small: 16, large: 4 }, parts, lone), lone), [false], `${parts} parts`);
    }
    // One part at a time: two files are enough for the first to go whole, never the lone last one.
    const two = sizes(2, 9 * MiB);
    assert.deepEqual(decide(sharedParts({ small: 16, large: 1 }, 1, two), two), [true, false]);
    const big = sizes(20, WHOLE_FILE_CAP);
    assert.ok(decide(sharedParts({ small: 16, large: 4 }, 4, big), big).every((w) => !w));
    assert.equal(WHOLE_FILE_CAP, 64 * MiB);
  });

  describe('against the sandbox', () => {
    let target: S3Target;
    let s3: S3Client;
    let dir: string;
    const bucket = 'whole-files';
    const sums = new Map<string, string>();
    before(async () => {
      target = await TARGETS[0].start();
      s3 = target.client();
      await s3.createBucket(bucket);
      dir = await mkdtemp(join(tmpdir(), 'whole-files-test-'));
      await mkdir(join(dir, 'many'));
      await mkdir(join(dir, 'lone'));
      for (let i = 0; i < 6; i++) {
        const body = randomBytes(9 * MiB + i * 1000);
        await writeFile(join(dir, 'many', `f${i}.bin`), body);
        sums.set(`many/f${i}.bin`, md5(body));
      }
      const body = randomBytes(9 * MiB);
      await writeFile(join(dir, 'lone', 'only.bin'), body);
      sums.set('lone/only.bin', md5(body));
    });
    after(async () => {
      await target?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    /** Uploads the folder `name` as Upload Folder does; answers the keys sent whole and multipart, and the peak of requests in flight. */
    const uploadFolder = async (name: string, limits: { small: number; large: number }, parts: number) => {
      const put = s3.putObject.bind(s3);
      const initiate = s3.initiateMultipartUpload.bind(s3);
      const uploadPart = s3.uploadPart.bind(s3);
      const whole: string[] = [];
      const split: string[] = [];
      let inFlight = 0;
      let peak = 0;
      const counted = async <T>(p: () => Promise<T>) => {
        peak = Math.max(peak, ++inFlight);
        try {
          return await p();
        } finally {
          inFlight--;
        }
      };
      s3.putObject = ((...a: Parameters<S3Client['putObject']>) => {
        whole.push(a[1]);
        return counted(() => put(...a));
      }) as S3Client['putObject'];
      s3.initiateMultipartUpload = ((...a: Parameters<S3Client['initiateMultipartUpload']>) => {
        split.push(a[1]);
        return initiate(...a);
      }) as S3Client['initiateMultipartUpload'];
      s3.uploadPart = ((...a: Parameters<S3Client['uploadPart']>) =>
        counted(() => uploadPart(...a))) as S3Client['uploadPart'];
      try {
        const tasks = (await folderUploadTasks(join(dir, name), name)).sort((x, y) => x.key.localeCompare(y.key));
        const shared = sharedParts(limits, parts, tasks);
        const ac = new AbortController();
        const r = await runPool(
          tasks,
          shared.limits,
          ac.signal,
          async (task) =>
            void (await uploadFile(
              s3,
              bucket,
              task,
              parts,
              ac.signal,
              () => undefined,
              undefined,
              undefined,
              undefined,
              shared,
            )),
        );
        assert.equal(r.failure, undefined);
        assert.equal(r.done, tasks.length);
        return { whole: whole.sort(), split: split.sort(), peak, slots: shared.slots.size };
      } finally {
        Object.assign(s3, { putObject: put, initiateMultipartUpload: initiate, uploadPart });
      }
    };

    it('sends the first files of a folder as one PUT each and the last ones multipart, every byte, ETags as Sync Folder reads them', async () => {
      // Three parts at once: files 1 to 4 of 6 see at least three left to start; 5 and 6 split.
      const r = await uploadFolder('many', { small: 8, large: 2 }, 3);
      assert.deepEqual(r.whole, ['many/f0.bin', 'many/f1.bin', 'many/f2.bin', 'many/f3.bin']);
      assert.deepEqual(r.split, ['many/f4.bin', 'many/f5.bin']);
      // A whole file takes one of the folder's part slots while it goes.
      assert.ok(r.peak <= r.slots, `${r.peak} requests at once with ${r.slots} slots`);
      for (let i = 0; i < 6; i++) {
        const key = `many/f${i}.bin`;
        const file = join(dir, key);
        const info = await s3.headObject(bucket, key);
        // Sync Folder's comparison (../sync/stamps.ts): a one-PUT object's ETag is the file's MD5,
        // a multipart one's the MD5 of its parts' MD5s at this extension's part size.
        if (i < 4) assert.equal(etagMd5(info.etag), sums.get(key), key);
        else {
          assert.equal(multipartParts(info.etag), 2, key);
          const { multipartEtag } = await hashFile(file, partSizeFor(info.size));
          assert.equal(info.etag!.replace(/"/g, ''), multipartEtag, key);
        }
        const back = join(dir, 'back.bin');
        await downloadFile(
          s3,
          bucket,
          { key, file: back, size: info.size },
          2,
          new AbortController().signal,
          () => undefined,
        );
        assert.equal(md5(await readFile(back)), sums.get(key), key);
        await rm(back);
      }
    });

    it('still splits a folder of one file', async () => {
      const r = await uploadFolder('lone', { small: 8, large: 2 }, 4);
      assert.deepEqual(r.whole, []);
      assert.deepEqual(r.split, ['lone/only.bin']);
    });
  });
});
