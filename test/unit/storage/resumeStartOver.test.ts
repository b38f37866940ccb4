// Resume Uploads... on a cut-off upload whose file changed since (issue 30: "a resume against a
// changed local file refuses and offers to start over"): the old multipart upload is aborted and
// struck out, never completed; Upload Again sends the file as it is now, from its start; without
// the answer nothing is sent.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import { MiB } from '../../../src/client/storage/transfer';
import { startSandbox } from '../../support/s3Servers';
import { installVscodeStub, messages } from '../../support/vscodeStub';

installVscodeStub();
const vscode = require('vscode') as any;
vscode.window.withProgress = async (_o: unknown, task: (p: unknown, t: unknown) => Promise<unknown>) =>
  task({ report() {} }, { onCancellationRequested: () => ({ dispose() {} }) });
/** Resume Uploads' list: every upload picked (they come picked). */
vscode.window.showQuickPick = async (items: unknown[]) => items;
const asked: Array<{ text: string; buttons: string[] }> = [];
let answer: string | undefined;
vscode.window.showWarningMessage = async (text: string, _o: unknown, ...items: Array<{ id: string }>) => {
  asked.push({ text, buttons: items.map((i) => i.id) });
  return items.find((i) => i.id === answer);
};

const { transferCommands } =
  require('../../../src/storage/commands/transfers') as typeof import('../../../src/storage/commands/transfers');
const { PendingUploads } =
  require('../../../src/storage/pendingUploads') as typeof import('../../../src/storage/pendingUploads');

const BUCKET = 'startover';
const dir = mkdtempSync(join(tmpdir(), 'nhncloud-startover-'));
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let pending: InstanceType<typeof PendingUploads>;
let resume: () => Promise<unknown>;
/** The active profile's id (Resume Uploads switches it when told to). */
let activeId = 'p1';
const s3 = () => sandbox.client();

before(async () => {
  sandbox = await startSandbox({ seed: false });
  await s3().createBucket(BUCKET);
  const memento = new Map<string, unknown>();
  pending = new PendingUploads({
    keys: () => [...memento.keys()],
    get: (k: string, d?: unknown) => (memento.has(k) ? memento.get(k) : d),
    update: async (k: string, v: unknown) => void (v === undefined ? memento.delete(k) : memento.set(k, v)),
  } as never);
  const deps: any = {
    services: {
      clients: { s3: async () => s3() },
      profiles: {
        active: () => ({ id: activeId }),
        list: () => [
          { id: 'p1', name: 'p1' },
          { id: 'p2', name: 'Other' },
        ],
        setActive: async (id: string) => void (activeId = id),
      },
    },
    explorer: { refreshId: () => undefined },
  };
  resume = transferCommands(deps, pending)['nhncloud.storage.resumeUploads'] as () => Promise<unknown>;
});
afterEach(() => {
  asked.length = 0;
  messages.length = 0;
  answer = undefined;
  activeId = 'p1';
});
after(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A multipart upload begun on the server and written down, as one cut off by a reload is. */
async function cutOff(key: string, file: string, profileId = 'p1') {
  const uploadId = await s3().initiateMultipartUpload(BUCKET, key);
  const journal = await pending.journal({ profileId, region: 'KR1', bucket: BUCKET, key, file });
  journal.options.onMultipart!({ uploadId, partSize: 8 * MiB, parts: 2 });
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(pending.list().length, 1);
  return uploadId;
}

const openUploads = async () => (await s3().listMultipartUploads(BUCKET)).uploads;

test('a changed file: its old upload is aborted, and Upload Again sends it as it is now', async () => {
  const file = join(dir, 'grown.bin');
  writeFileSync(file, Buffer.alloc(9 * MiB, 1));
  await cutOff('grown.bin', file);
  appendFileSync(file, 'more');
  answer = 'again';
  await resume();
  assert.match(asked[0].text, /changed since its upload began/);
  assert.deepEqual(asked[0].buttons, ['again']);
  assert.deepEqual(await openUploads(), [], 'the old upload was aborted (the new one completed)');
  assert.deepEqual(pending.list(), []);
  const got: Buffer[] = [];
  for await (const c of (await s3().getObject(BUCKET, 'grown.bin')).body) got.push(c as Buffer);
  assert.ok(Buffer.concat(got).equals(readFileSync(file)), 'the object is the file as it is now');
  assert.ok(messages.some((m) => m.text.includes('Uploaded grown.bin to startover.')));
});

test('a changed file left alone: nothing is sent; a vanished file is not offered again', async () => {
  const file = join(dir, 'edited.bin');
  writeFileSync(file, Buffer.alloc(9 * MiB, 2));
  await cutOff('edited.bin', file);
  appendFileSync(file, 'x');
  await resume();
  assert.deepEqual(await openUploads(), []);
  await assert.rejects(s3().headObject(BUCKET, 'edited.bin'), 'nothing was stored');

  const gone = join(dir, 'gone.bin');
  writeFileSync(gone, 'soon gone');
  await cutOff('gone.bin', gone);
  rmSync(gone);
  await resume();
  assert.deepEqual(pending.list(), []);
  assert.deepEqual(asked.at(-1)?.buttons ?? [], [], 'no Upload Again for a file that is not there');
});

test('an upload made with another profile: Resume offers to make that profile active, and resumes it when told to', async () => {
  // Issue 63: the warning said to make the profile active and offered nothing.
  const file = join(dir, 'other.bin');
  writeFileSync(file, Buffer.alloc(9 * MiB, 3));
  await cutOff('other.bin', file, 'p2');
  await resume();
  assert.deepEqual(asked[0].buttons, ['switch'], 'offered');
  assert.match(asked[0].text, /Other/);
  assert.equal(activeId, 'p1', 'not answered: the active profile stays');
  assert.equal(pending.list().length, 1, 'still written down');
  answer = 'switch';
  await resume();
  assert.equal(activeId, 'p2');
  assert.deepEqual(pending.list(), []);
  assert.deepEqual(await openUploads(), []);
  assert.equal((await s3().headObject(BUCKET, 'other.bin')).size, 9 * MiB, 'resumed to the end');
});

test('an upload the server no longer holds (a sandbox restarted, an upload aborted elsewhere): Upload Again sends the file from its start', async () => {
  const file = join(dir, 'lost.bin');
  writeFileSync(file, Buffer.alloc(9 * MiB, 4));
  const uploadId = await cutOff('lost.bin', file);
  await s3().abortMultipartUpload(BUCKET, 'lost.bin', uploadId);
  answer = 'again';
  await resume();
  assert.match(asked[0].text, /no longer holds the upload of lost\.bin/);
  assert.deepEqual(asked[0].buttons, ['again']);
  assert.deepEqual(pending.list(), []);
  assert.equal((await s3().headObject(BUCKET, 'lost.bin')).size, 9 * MiB, 'sent again');
  assert.deepEqual(await openUploads(), []);
});
