// The save baseline of an object opened in an editor (src/storage/objectFs.ts), against the sandbox
// over loopback: a read by another party (the Markdown extension reads an open README.md) after a
// change made behind the extension's back must not move it, or the next save would overwrite that
// change without asking. The baseline is dropped when the editor's document closes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { closedDocuments, installVscodeStub, messages } from '../../support/vscodeStub';
import { startSandbox, type S3Target } from '../../support/s3Servers';

installVscodeStub();

const BUCKET = 'baseline-test';
const KEY = 'notes/README.md';
let target: S3Target;
let fs: import('../../../src/storage/objectFs').ObjectFileSystem;

/** The editor's URI of an object, as much of vscode.Uri as the provider uses. */
function objectUri(scheme = 'nhncloud-s3'): any {
  const path = `/KR1/${BUCKET}/${KEY}`;
  return {
    scheme,
    authority: 'p1',
    path,
    with: (change: { scheme?: string }) => objectUri(change.scheme ?? scheme),
    toString: () => `${scheme}://p1${path}`,
  };
}

const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const remote = async () =>
  text(await (await target.client().getObject(BUCKET, KEY)).body.toArray().then(Buffer.concat));

before(async () => {
  target = await startSandbox();
  const s3 = target.client();
  await s3.createBucket(BUCKET);
  const { ObjectFileSystem } =
    require('../../../src/storage/objectFs') as typeof import('../../../src/storage/objectFs');
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} };
  fs = new ObjectFileSystem({
    profiles: { active: () => ({ id: 'p1' }), list: () => [{ id: 'p1', name: 'p1' }] },
    clients: { s3: async () => s3 },
    log,
  } as any);
});

after(async () => {
  fs?.dispose();
  await target?.close();
});

test('a read by another party after a remote change does not move the baseline: the save asks, and the remote change stays', async () => {
  const s3 = target.client();
  await s3.putObject(BUCKET, KEY, Buffer.from('version one\n'));
  assert.equal(text(await fs.readFile(objectUri())), 'version one\n', 'the editor loads version one');

  await s3.putObject(BUCKET, KEY, Buffer.from('theirs\n'));
  assert.equal(text(await fs.readFile(objectUri())), 'theirs\n', 'another reader sees the remote change');

  messages.length = 0;
  await assert.rejects(
    fs.writeFile(objectUri(), Buffer.from('mine\n'), { create: true, overwrite: true }),
    /changed remotely and the save was cancelled/,
  );
  assert.ok(
    messages.some(
      (m) => m.level === 'warning' && /README\.md changed in baseline-test since you opened it/.test(m.text),
    ),
    `the conflict question was asked: ${JSON.stringify(messages)}`,
  );
  assert.equal(await remote(), 'theirs\n', 'the remote change is kept');
});

test('closing the document drops the baseline: the next editor loads the current version and saves over it', async () => {
  closedDocuments.fire({ uri: objectUri() });
  assert.equal(text(await fs.readFile(objectUri())), 'theirs\n');
  messages.length = 0;
  await fs.writeFile(objectUri(), Buffer.from('mine, after seeing theirs\n'), { create: true, overwrite: true });
  assert.deepEqual(messages, [], 'no question: nothing changed since this editor loaded it');
  assert.equal(await remote(), 'mine, after seeing theirs\n');
});
