// Resumable uploads, the extension's part (src/storage/pendingUploads.ts with uploadFile): a
// multipart upload is written down (upload id, part size, the file's size and time, parts done)
// while it runs; cut off by a failure it stays written down with its parts on the server; resumed
// from what was written, it completes and is struck out; a cancel strikes it out and leaves
// nothing on the server; a changed file is not resumed. Against the sandbox over loopback.
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { isCancelledError } from '../../../src/client/errors';
import { MiB } from '../../../src/client/storage/transfer';
import { uploadFile } from '../../../src/storage/folderTransfer';
import { startSandbox } from '../../support/s3Servers';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();
// Required after the stub: the module reads `vscode` when it loads.
const { PendingUploads, resumeProblem } =
  require('../../../src/storage/pendingUploads') as typeof import('../../../src/storage/pendingUploads');

/** A Memento in memory (globalState's contract: get with a default, update with undefined deletes). */
function memento() {
  const m = new Map<string, unknown>();
  return {
    keys: () => [...m.keys()],
    get: <T>(k: string, d?: T) => (m.has(k) ? (m.get(k) as T) : d),
    update: async (k: string, v: unknown) => void (v === undefined ? m.delete(k) : m.set(k, v)),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'nhncloud-pending-'));
const data = randomBytes(17 * MiB + 5);
const file = join(dir, 'big.bin');
writeFileSync(file, data);
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
before(async () => {
  sandbox = await startSandbox({ seed: false });
  await sandbox.client().createBucket('pending');
});
after(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const target = { profileId: 'p1', region: 'KR1', bucket: 'pending', key: 'big.bin', file };
const task = { key: 'big.bin', file, size: data.length };

test('cut off, an upload stays written down with its parts on the server; resumed from what was written, it completes and is struck out', async () => {
  const s3 = sandbox.client();
  const store = new PendingUploads(memento() as never);
  const journal = await store.journal(target);
  let parts = 0;
  const options = journal.options;
  // The second part and every one after it: the connection dropped (a network lost midway).
  const onPartsDone = options.onPartsDone!;
  options.onPartsDone = (n) => {
    onPartsDone(n);
    parts = n;
    if (n === 1)
      sandbox.sandbox!.server.injectFault({ service: 'storage', operation: 'storage.uploadPart', drop: true });
  };
  await assert.rejects(
    uploadFile(s3, 'pending', task, 1, new AbortController().signal, () => undefined, {}, journal),
    (e: unknown) => !isCancelledError(e),
  );
  sandbox.sandbox!.server.clearFaults();
  assert.equal(parts, 1);
  const [written] = store.list();
  assert.deepEqual(
    {
      ...written,
      uploadId: typeof written.uploadId,
      startedAt: typeof written.startedAt,
      mtimeMs: typeof written.mtimeMs,
    },
    {
      ...target,
      uploadId: 'string',
      partSize: 8 * MiB,
      parts: 3,
      partsDone: 1,
      size: data.length,
      mtimeMs: 'number',
      startedAt: 'string',
    },
  );
  assert.equal(
    (await s3.listParts('pending', 'big.bin', written.uploadId)).parts.length,
    1,
    'its part is on the server',
  );
  assert.equal(await resumeProblem(written), undefined, 'the file is unchanged');

  sandbox.sandbox!.server.resetStats();
  await uploadFile(
    s3,
    'pending',
    task,
    2,
    new AbortController().signal,
    () => undefined,
    {},
    await store.journal(target, written),
  );
  assert.equal(sandbox.sandbox!.server.stats.byOperation['storage.uploadPart'], 2, 'only the two missing parts');
  assert.deepEqual(store.list(), [], 'struck out');
  const h = createHash('sha256');
  for await (const c of (await s3.getObject('pending', 'big.bin')).body) h.update(c as Buffer);
  assert.equal(h.digest('hex'), createHash('sha256').update(data).digest('hex'));
  assert.deepEqual((await s3.listMultipartUploads('pending')).uploads, []);
});

test('a cancel strikes the upload out and leaves nothing on the server; a changed file is not resumed', async () => {
  const s3 = sandbox.client();
  const store = new PendingUploads(memento() as never);
  const journal = await store.journal({ ...target, key: 'cancelled.bin' });
  const ac = new AbortController();
  const onPartsDone = journal.options.onPartsDone!;
  journal.options.onPartsDone = (n) => {
    onPartsDone(n);
    ac.abort();
  };
  await assert.rejects(
    uploadFile(s3, 'pending', { ...task, key: 'cancelled.bin' }, 1, ac.signal, () => undefined, {}, journal),
    (e: unknown) => isCancelledError(e),
  );
  assert.deepEqual(store.list(), []);
  assert.deepEqual((await s3.listMultipartUploads('pending')).uploads, []);
  // A file changed since its upload began (its time), or gone: said, never resumed.
  const entry = {
    ...target,
    uploadId: 'x',
    partSize: 8 * MiB,
    parts: 3,
    partsDone: 1,
    size: data.length,
    mtimeMs: 1,
    startedAt: '',
  };
  assert.match((await resumeProblem(entry)) ?? '', /changed since its upload began/);
  utimesSync(file, new Date(), new Date(1_000));
  assert.match((await resumeProblem({ ...entry, mtimeMs: 1_000, size: 5 })) ?? '', /changed since its upload began/);
  assert.match((await resumeProblem({ ...entry, file: join(dir, 'gone.bin') })) ?? '', /no longer there/);
});

test('an upload cut off before its first part is written down before any part is sent: a reloaded window (a new store over the same file) lists it', async () => {
  // Issue 63: a reload 1.7 s in (the multipart upload begun, no part yet) left no record, while
  // Incomplete Uploads listed the upload on the server.
  const s3 = sandbox.client();
  const file = join(dir, 'state', 'pendingUploads.json');
  const store = new PendingUploads(memento() as never, file);
  const journal = await store.journal({ ...target, key: 'early.bin' });
  let listedAtFirstPart: unknown[] | undefined;
  // Every part refused: the upload ends with none sent. What a new window would read is taken at
  // the moment the first part is about to go out.
  sandbox.sandbox!.server.injectFault({ service: 'storage', operation: 'storage.uploadPart', status: 500 });
  const onMultipart = journal.options.onMultipart!;
  journal.options.onMultipart = async (m) => {
    await onMultipart(m);
    listedAtFirstPart = new PendingUploads(memento() as never, file).list();
  };
  try {
    await assert.rejects(
      uploadFile(
        s3,
        'pending',
        { ...task, key: 'early.bin' },
        1,
        new AbortController().signal,
        () => undefined,
        {},
        journal,
      ),
    );
  } finally {
    sandbox.sandbox!.server.clearFaults();
  }
  const reloaded = new PendingUploads(memento() as never, file);
  assert.deepEqual(
    listedAtFirstPart?.map((p) => (p as { key: string }).key),
    ['early.bin'],
    'written down before the first part',
  );
  const [written] = reloaded.list();
  assert.equal(written?.partsDone, 0);
  const open = (await s3.listMultipartUploads('pending')).uploads.map((u) => u.uploadId);
  assert.ok(open.includes(written.uploadId), 'the server holds the upload the record names');
  await s3.abortMultipartUpload('pending', 'early.bin', written.uploadId);
  await reloaded.remove(written.uploadId);
});

test('uploads written down by an earlier version (in global state) are moved to the file', async () => {
  const m = memento();
  const entry = {
    ...target,
    uploadId: 'old-1',
    partSize: 8 * MiB,
    parts: 3,
    partsDone: 1,
    size: 1,
    mtimeMs: 1,
    startedAt: '',
  };
  await m.update('nhncloud.storage.pendingUploads', [entry]);
  const file = join(dir, 'moved', 'pendingUploads.json');
  assert.deepEqual(new PendingUploads(m as never, file).list(), [entry]);
  assert.deepEqual(new PendingUploads(memento() as never, file).list(), [entry], 'on disk');
  assert.equal(m.get('nhncloud.storage.pendingUploads'), undefined, 'no longer in global state');
});
