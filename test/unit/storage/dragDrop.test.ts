// Drag and drop in the explorer (src/storage/commands/dragDrop.ts; issue 30, item 3), against the
// sandbox over loopback with the storage tree's own nodes: files and folders dropped as
// `text/uri-list` (file: and vscode-remote: URIs) or as file items upload into the folder dropped
// on (an object: its folder) with Upload's engine; a drop above 100 files asks once with the count
// and size; objects and folders dragged in the tree are copied or moved after one question (Copy
// first), with Paste's questions about existing objects; onto itself, into its own subfolder or
// into another region: an error and no request; a drop anywhere else does nothing.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, afterEach, before, test } from 'node:test';
import { startSandbox } from '../../support/s3Servers';
import { installVscodeStub, messages } from '../../support/vscodeStub';

installVscodeStub();
const vscode = require('vscode') as any;

/** Uri.parse as VS Code's: scheme, authority and the decoded path (the stand-in only keeps the text). */
vscode.Uri.parse = (text: string) => {
  const u = new URL(text);
  return vscode.Uri.from({ scheme: u.protocol.slice(0, -1), authority: u.host, path: decodeURIComponent(u.pathname) });
};

/** vscode.DataTransferItem and DataTransfer: values by MIME type (lower case), as the API keeps them. */
class DataTransferItem {
  constructor(
    readonly value: unknown,
    private readonly file?: { uri?: unknown },
  ) {}
  async asString() {
    return typeof this.value === 'string' ? this.value : JSON.stringify(this.value);
  }
  asFile() {
    return this.file;
  }
}
class DataTransfer {
  private readonly items = new Map<string, DataTransferItem>();
  get(mime: string) {
    return this.items.get(mime.toLowerCase());
  }
  set(mime: string, item: DataTransferItem) {
    this.items.set(mime.toLowerCase(), item);
  }
  forEach(f: (item: DataTransferItem, mime: string, data: DataTransfer) => void) {
    for (const [mime, item] of this.items) f(item, mime, this);
  }
}
vscode.DataTransferItem = DataTransferItem;

/** runTransfers listens to the notification's cancel token. */
vscode.window.withProgress = async (_o: unknown, task: (p: unknown, t: unknown) => Promise<unknown>) =>
  task({ report() {} }, { onCancellationRequested: () => ({ dispose() {} }) });

/** The questions asked (modal warnings) and the answers given, by the id of the button. */
const asked: Array<{ text: string; modal?: boolean; detail?: string; buttons: string[] }> = [];
let answers: Array<string | undefined> = [];
vscode.window.showWarningMessage = async (
  text: string,
  options?: { modal?: boolean; detail?: string },
  ...items: Array<{ id: string }>
) => {
  asked.push({ text, modal: options?.modal, detail: options?.detail, buttons: items.map((i) => i.id) });
  const answer = answers.shift();
  return items.find((i) => i.id === answer);
};

const { StorageRootNode, BucketNode, PrefixNode, ObjectNode } =
  require('../../../src/storage/tree/nodes') as typeof import('../../../src/storage/tree/nodes');
const { storageDragAndDrop, EXPLORER_TREE_MIME } =
  require('../../../src/storage/commands/dragDrop') as typeof import('../../../src/storage/commands/dragDrop');
const { PendingUploads } =
  require('../../../src/storage/pendingUploads') as typeof import('../../../src/storage/pendingUploads');
const { isCancelledError } = require('../../../src/client/errors') as typeof import('../../../src/client/errors');

const BUCKET = 'dnd';
const dir = mkdtempSync(join(tmpdir(), 'nhncloud-dnd-'));
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const refreshed: string[] = [];
let dnd: ReturnType<typeof storageDragAndDrop>;
let root: InstanceType<typeof StorageRootNode>;
let bucket: InstanceType<typeof BucketNode>;

const stats = () => sandbox.sandbox!.server.stats;
const s3 = () => sandbox.client();

async function text(key: string): Promise<string | undefined> {
  try {
    const chunks: Buffer[] = [];
    for await (const c of (await s3().getObject(BUCKET, key)).body) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString();
  } catch {
    return undefined;
  }
}

async function keys(prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const page of s3().listObjects({ bucket: BUCKET, prefix })) out.push(...page.contents.map((e) => e.key));
  return out.sort();
}

const put = (key: string, body: string) => s3().putObject(BUCKET, key, body);
const folder = (parent: InstanceType<typeof BucketNode | typeof PrefixNode>, prefix: string) =>
  new PrefixNode(parent, prefix);
const object = (parent: InstanceType<typeof BucketNode | typeof PrefixNode>, key: string, size = 1) =>
  new ObjectNode(parent, { key, size });

/** A drop of URIs, as `text/uri-list` carries them (CRLF between lines). */
function uriList(...uris: string[]) {
  const data = new DataTransfer();
  data.set('text/uri-list', new DataTransferItem(uris.join('\r\n')));
  return data;
}

/**
 * A drag that began in the tree: handleDrag fills the transfer, VS Code sends each item to the
 * workbench as its asString() (the nodes' parents make a cycle: JSON of the nodes themselves
 * throws), and a drop in the same tree gets the very items back.
 */
async function dragged(...nodes: unknown[]) {
  const data = new DataTransfer();
  dnd.handleDrag(nodes, data as never, undefined as never);
  const sent: Array<Promise<string>> = [];
  data.forEach((item) => sent.push(item.asString()));
  await Promise.all(sent);
  return data;
}

const drop = (target: unknown, data: DataTransfer) => dnd.handleDrop(target, data as never, undefined as never);

before(async () => {
  sandbox = await startSandbox({ seed: false });
  await s3().createBucket(BUCKET);
  const memento = new Map<string, unknown>();
  const deps: any = {
    // The tree view holds the nodes it shows (its selection): a cycle through every node, as in VS Code.
    services: { clients: { s3: async () => s3() }, explorerView: { selection: [] } },
    explorer: { refreshId: (id: string) => refreshed.push(id) },
  };
  const pending = new PendingUploads({
    keys: () => [...memento.keys()],
    get: (k: string, d?: unknown) => (memento.has(k) ? memento.get(k) : d),
    update: async (k: string, v: unknown) => void (v === undefined ? memento.delete(k) : memento.set(k, v)),
  } as never);
  dnd = storageDragAndDrop(deps, pending);
  const profile = { id: 'p1', name: 'p1', cloud: 'public', regions: ['KR1', 'KR2'] } as any;
  root = new StorageRootNode(profile, 'KR1', deps, new Map());
  bucket = new BucketNode(root, { name: BUCKET });
  deps.services.explorerView.selection.push(root, bucket);
});
afterEach(() => {
  asked.length = 0;
  answers = [];
  messages.length = 0;
  refreshed.length = 0;
});
after(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('files and a folder dropped as file: and vscode-remote: URIs upload into the folder dropped on, as Upload does', async () => {
  const src = join(dir, 'upload');
  mkdirSync(join(src, 'docs', 'sub'), { recursive: true });
  writeFileSync(join(src, 'a.txt'), 'file a');
  writeFileSync(join(src, 'docs', 'x.md'), '# x');
  writeFileSync(join(src, 'docs', 'sub', 'y.bin'), 'y bytes');
  const into = folder(bucket, 'in/');
  const n = await drop(
    into,
    uriList(
      pathToFileURL(join(src, 'a.txt')).href,
      '# a comment line of text/uri-list',
      // A browser window (code-server) names the extension host's files so.
      `vscode-remote://localhost:8080${pathToFileURL(join(src, 'docs')).pathname}`,
      // An object (another window's tree): no file of this machine, left out.
      'nhncloud-s3://p1/KR1/dnd/elsewhere.txt',
    ),
  );
  assert.equal(n, 3);
  assert.deepEqual(await keys('in/'), ['in/a.txt', 'in/docs/sub/y.bin', 'in/docs/x.md']);
  assert.equal(await text('in/a.txt'), 'file a');
  assert.equal(await text('in/docs/sub/y.bin'), 'y bytes');
  assert.deepEqual(asked, [], 'three files: nothing asked');
  assert.deepEqual(refreshed, [into.id]);
  assert.deepEqual(messages, [{ level: 'info', text: 'Uploaded 3 files to dnd/in/.' }]);
});

test('dropped on an object, a file goes into its folder; a file item’s URI counts as the uri-list does', async () => {
  const file = join(dir, 'b.txt');
  writeFileSync(file, 'file b');
  const data = new DataTransfer();
  data.set('application/octet-stream', new DataTransferItem('', { uri: vscode.Uri.file(file) }));
  const onObject = object(folder(bucket, 'in/'), 'in/a.txt');
  assert.equal(await drop(onObject, data), 1);
  assert.equal(await text('in/b.txt'), 'file b');
  // A drop of nothing but an object's URI uploads nothing and says why.
  messages.length = 0;
  sandbox.sandbox!.server.resetStats();
  assert.equal(await drop(bucket, uriList('nhncloud-s3://p1/KR1/dnd/in/a.txt')), undefined);
  assert.equal(stats().total, 0);
  assert.match(messages[0]?.text ?? '', /^Nothing to upload: .* is not a file or folder on the machine/);
});

test('a drop of more than 100 files asks once, naming the count and the total size; declined, nothing is sent', async () => {
  const many = join(dir, 'many');
  mkdirSync(many);
  for (let i = 0; i < 101; i++) writeFileSync(join(many, `f${i}.txt`), 'x'.repeat(10));
  const into = folder(bucket, 'many-in/');
  sandbox.sandbox!.server.resetStats();
  await assert.rejects(drop(into, uriList(pathToFileURL(many).href)), (e: unknown) => isCancelledError(e));
  assert.deepEqual(asked, [
    { text: 'Upload 101 files (1010 B) to dnd/many-in/?', modal: true, detail: undefined, buttons: ['confirm'] },
  ]);
  assert.equal(stats().byOperation['storage.putObject'] ?? 0, 0);
  asked.length = 0;
  answers = ['confirm'];
  assert.equal(await drop(into, uriList(pathToFileURL(many).href)), 101);
  assert.equal(asked.length, 1, 'asked once');
  assert.equal((await keys('many-in/many/')).length, 101);
  // 100 files: not asked.
  rmSync(join(many, 'f100.txt'));
  asked.length = 0;
  assert.equal(await drop(folder(bucket, 'hundred/'), uriList(pathToFileURL(many).href)), 100);
  assert.deepEqual(asked, []);
});

test('objects and a folder dragged onto another folder: one question, Copy first; Copy keeps the originals', async () => {
  await put('src/one.txt', 'one');
  await put('src/dir/two.txt', 'two');
  await put('src/dir/deep/three.txt', 'three');
  const src = folder(bucket, 'src/');
  const one = object(src, 'src/one.txt', 3);
  const sub = folder(src, 'src/dir/');
  const data = await dragged(one, sub, root);
  // The nodes for this tree; the object's URI for an editor (a folder and the root are left out).
  assert.deepEqual(data.get(EXPLORER_TREE_MIME)!.value, [one, sub]);
  assert.equal(await data.get(EXPLORER_TREE_MIME)!.asString(), JSON.stringify([one.id, sub.id]));
  assert.equal(await data.get('text/uri-list')!.asString(), 'nhncloud-s3://p1/KR1/dnd/src/one.txt');
  const dst = folder(bucket, 'dst/');
  answers = ['copy'];
  assert.equal(await drop(dst, data), 3);
  assert.deepEqual(asked, [
    {
      text: 'Copy or move 3 objects (11 B) to dnd/dst/?',
      modal: true,
      detail: 'Move deletes each original once its copy exists.',
      buttons: ['copy', 'move'],
    },
  ]);
  assert.deepEqual(await keys('dst/'), ['dst/dir/deep/three.txt', 'dst/dir/two.txt', 'dst/one.txt']);
  assert.equal(await text('dst/dir/deep/three.txt'), 'three');
  assert.deepEqual(await keys('src/'), ['src/dir/deep/three.txt', 'src/dir/two.txt', 'src/one.txt']);
  assert.deepEqual(refreshed, [dst.id], 'a copy refreshes the destination only');
  // Dismissed: nothing copied.
  asked.length = 0;
  sandbox.sandbox!.server.resetStats();
  await assert.rejects(drop(folder(bucket, 'dst-none/'), await dragged(one)), (e: unknown) => isCancelledError(e));
  assert.equal(asked.length, 1);
  assert.equal(stats().byOperation['storage.copyObject'] ?? 0, 0);
});

test('Move: Replace / Skip Existing asked as Paste asks; skipped originals stay, moved ones are gone', async () => {
  await put('m/one.txt', 'one');
  await put('m/dir/two.txt', 'two');
  await put('to/one.txt', 'already there');
  const src = folder(bucket, 'm/');
  const data = await dragged(object(src, 'm/one.txt', 3), folder(src, 'm/dir/'));
  const to = object(folder(bucket, 'to/'), 'to/one.txt');
  answers = ['move', 'skip'];
  assert.equal(await drop(to, data), 1);
  assert.equal(asked.length, 2);
  assert.match(asked[0].text, /^Copy or move 2 objects \(6 B\) to dnd\/to\/\?$/);
  assert.deepEqual(asked[1], {
    text: 'to/one.txt already exists.',
    modal: true,
    detail: 'to/one.txt',
    buttons: ['replace', 'skip'],
  });
  assert.equal(await text('to/one.txt'), 'already there');
  assert.equal(await text('to/dir/two.txt'), 'two');
  assert.deepEqual(await keys('m/'), ['m/one.txt'], 'the skipped one stays, the moved one is gone');
  assert.deepEqual(refreshed, ['p1/KR1/storage/bucket/dnd/to/', src.id]);
});

test('onto itself, into its own subfolder or into its own folder: a clear error, nothing asked or sent', async () => {
  await put('self/dir/deep/x.txt', 'x');
  const self = folder(bucket, 'self/');
  const sub = folder(self, 'self/dir/');
  sandbox.sandbox!.server.resetStats();
  await assert.rejects(drop(sub, await dragged(sub)), /^Error: self\/dir\/ cannot be moved or copied into itself\.$/);
  await assert.rejects(
    drop(folder(sub, 'self/dir/deep/'), await dragged(sub)),
    /^Error: self\/dir\/ cannot be moved or copied into itself\.$/,
  );
  await assert.rejects(drop(self, await dragged(sub)), /dir is already in this folder/);
  const x = object(folder(sub, 'self/dir/deep/'), 'self/dir/deep/x.txt');
  await assert.rejects(drop(x, await dragged(x)), /x\.txt is already in this folder/);
  assert.deepEqual(asked, []);
  assert.equal(stats().total, 0);
});

test('onto a bucket of another region: says a server-side copy needs the same region and profile, sends nothing', async () => {
  const kr2 = new StorageRootNode(root.profile, 'KR2', root.deps, new Map());
  const other = new BucketNode(kr2, { name: BUCKET });
  await put('r/one.txt', 'one');
  sandbox.sandbox!.server.resetStats();
  await assert.rejects(
    drop(other, await dragged(object(folder(bucket, 'r/'), 'r/one.txt'))),
    /Objects can be copied within one region and profile only/,
  );
  assert.deepEqual(asked, []);
  assert.equal(stats().total, 0);
});

test('a drop on what is not a bucket, folder or object, or of no object of this tree, does nothing', async () => {
  const file = join(dir, 'c.txt');
  writeFileSync(file, 'c');
  sandbox.sandbox!.server.resetStats();
  assert.equal(await drop(root, uriList(pathToFileURL(file).href)), undefined);
  assert.equal(await drop(undefined, uriList(pathToFileURL(file).href)), undefined);
  // A drag of other nodes of the tree (its type holds their handles, not storage nodes).
  const handles = new DataTransfer();
  handles.set(EXPLORER_TREE_MIME, new DataTransferItem('{"id":"nhncloud.explorer","itemHandles":["0/1"]}'));
  handles.set('text/uri-list', new DataTransferItem(pathToFileURL(file).href));
  assert.equal(await drop(bucket, handles), undefined);
  assert.equal(await drop(bucket, await dragged(root)), undefined);
  assert.deepEqual(asked, []);
  assert.deepEqual(messages, []);
  assert.equal(stats().total, 0);
});
