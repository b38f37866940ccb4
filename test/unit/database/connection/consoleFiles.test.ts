// Query consoles as files of their own scheme (issue 25, rough edge 13): a console is saved
// quietly as it is edited (so closing it asks nothing) unless the user's save participants would
// then rewrite the text under the cursor; its backing file goes with its last tab; a backing file
// of a window long gone is swept. Against the real disk, through a workspace.fs stand-in.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, test } from 'node:test';
import { changedDocuments, changedTabs, installVscodeStub, stubVscode } from '../../../support/vscodeStub';

installVscodeStub();
const vscode = require('vscode') as typeof import('vscode');
const { ConsoleFileSystem, CONSOLE_SCHEME, backingName, consolePath } =
  require('../../../../src/database/connection/consoleFiles') as typeof import('../../../../src/database/connection/consoleFiles');

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
// Each test's documents only (workspace.save finds a document by its URI).
afterEach(() => void (stubVscode.workspace.textDocuments.length = 0));

function fixture() {
  const dir = mkdtempSync(join(tmpdir(), 'consoles-'));
  dirs.push(dir);
  const files = new ConsoleFileSystem(vscode.Uri.file(dir));
  return { dir, files };
}

/** A console document as the console sees it: dirty after an edit, `saves` counts save() (which workspace.save runs). */
function doc(uri: import('vscode').Uri) {
  const d = {
    uri,
    languageId: 'sql',
    isDirty: true,
    isClosed: false,
    saves: 0,
    save: async () => {
      d.saves++;
      return true;
    },
  };
  stubVscode.workspace.textDocuments.push(d);
  return d;
}

test('a console is named after its instance with the first free number; a slash stays in the name', () => {
  assert.equal(consolePath('staging-api', new Set()), '/staging-api 1.sql');
  assert.equal(consolePath('staging-api', new Set(['/staging-api 1.sql', '/staging-api 3.sql'])), '/staging-api 2.sql');
  assert.equal(consolePath('a/b\\c', new Set()), '/a\u2215b\u2215c 1.sql');
  // One flat folder on disk, whatever the name holds.
  assert.equal(backingName('/db <1> 한 2.sql'), encodeURIComponent('db <1> 한 2.sql'));
});

test('create writes the text to global storage; read, stat and list give it back under the console path', async () => {
  const { dir, files } = fixture();
  const first = await files.create('prod-db', 'SELECT 1;');
  const second = await files.create('prod-db', '');
  assert.equal(first.scheme, CONSOLE_SCHEME);
  assert.equal(first.path, '/prod-db 1.sql');
  assert.equal(second.path, '/prod-db 2.sql', 'a backing file on disk keeps its number taken');
  assert.equal(new TextDecoder().decode(await files.readFile(first)), 'SELECT 1;');
  assert.equal((await files.stat(first)).size, 9);
  assert.deepEqual(
    (await files.readDirectory(vscode.Uri.from({ scheme: CONSOLE_SCHEME, path: '/' }))).map(([n]) => n).sort(),
    ['prod-db 1.sql', 'prod-db 2.sql'],
  );
  assert.deepEqual(readdirSync(dir).sort(), [backingName(first.path), backingName(second.path)].sort());
  await assert.rejects(
    files.readFile(vscode.Uri.from({ scheme: CONSOLE_SCHEME, path: '/gone 1.sql' })),
    (e: { code?: string }) => e.code === 'FileNotFound',
  );
  await assert.rejects(
    files.writeFile(first, new Uint8Array(), { create: false, overwrite: false }),
    (e: { code?: string }) => e.code === 'FileExists',
  );
  files.dispose();
});

test('an edited console is saved once after the typing pauses, and not when saving would rewrite its text', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { files } = fixture();
  const console1 = doc(vscode.Uri.from({ scheme: CONSOLE_SCHEME, path: '/db 1.sql' }));
  const other = doc(vscode.Uri.file('/work/notes.sql'));
  for (let i = 0; i < 5; i++) {
    changedDocuments.fire({ document: console1 });
    changedDocuments.fire({ document: other });
    t.mock.timers.tick(100);
  }
  assert.equal(console1.saves, 0, 'no save while the user types');
  t.mock.timers.tick(300);
  assert.equal(console1.saves, 1);
  assert.equal(other.saves, 0, "a user's own file is never saved by the console");

  // With format on save (or trimming, a final newline, code actions), a quiet save would change
  // the text being typed: the console is then left dirty, and closing it asks as a file does.
  const getConfiguration = stubVscode.workspace.getConfiguration;
  for (const [key, value] of [
    ['editor.formatOnSave', true],
    ['files.trimTrailingWhitespace', true],
    ['editor.codeActionsOnSave', { 'source.fixAll': 'explicit' }],
  ] as const) {
    stubVscode.workspace.getConfiguration = () => ({
      get: (k: string, d?: unknown) => (k === key ? value : d),
      inspect: () => undefined,
    });
    changedDocuments.fire({ document: console1 });
    t.mock.timers.tick(400);
    assert.equal(console1.saves, 1, `saved with ${key} on`);
  }
  stubVscode.workspace.getConfiguration = getConfiguration;
  files.dispose();
});

test('a quiet save VS Code did not carry out is logged and tried again, a few times, while the console stays dirty', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const dir = mkdtempSync(join(tmpdir(), 'consoles-'));
  dirs.push(dir);
  const warned: string[] = [];
  const files = new ConsoleFileSystem(vscode.Uri.file(dir), (line) => warned.push(line));
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  // Refused twice (as save() answers false), then saved.
  const refusing = doc(vscode.Uri.from({ scheme: CONSOLE_SCHEME, path: '/db 1.sql' }));
  let refusals = 2;
  refusing.save = async () => {
    refusing.saves++;
    if (refusals-- > 0) return false;
    refusing.isDirty = false;
    return true;
  };
  changedDocuments.fire({ document: refusing });
  t.mock.timers.tick(300);
  await settle();
  assert.equal(refusing.saves, 1);
  assert.match(warned.join('\n'), /did not save \/db 1\.sql \(try 1 of 4\)/);
  t.mock.timers.tick(1000);
  await settle();
  t.mock.timers.tick(2000);
  await settle();
  assert.equal(refusing.saves, 3, 'tried again until it saved');
  t.mock.timers.tick(10_000);
  await settle();
  assert.equal(refusing.saves, 3, 'nothing more once saved');

  // A save that always fails stops after the retries, each failure logged with its reason.
  const failing = doc(vscode.Uri.from({ scheme: CONSOLE_SCHEME, path: '/db 2.sql' }));
  failing.save = async () => {
    failing.saves++;
    throw new Error('disk full');
  };
  warned.length = 0;
  changedDocuments.fire({ document: failing });
  for (let i = 0; i < 10; i++) {
    t.mock.timers.tick(5_000);
    await settle();
  }
  assert.equal(failing.saves, 4, 'the first save and three more');
  assert.equal(warned.filter((l) => /saving \/db 2\.sql failed: disk full/.test(l)).length, 4);
  files.dispose();
});

test('a console tab that turns dirty is saved even when its document never said it changed', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { files } = fixture();
  const uri = vscode.Uri.from({ scheme: CONSOLE_SCHEME, path: '/db 3.sql' });
  const silent = doc(uri);
  const tab = { input: new stubVscode.TabInputText(uri as never), isDirty: true };
  stubVscode.window.tabGroups.all.push({ tabs: [tab] });
  try {
    // No change event of the document: only the tab's.
    changedTabs.fire({ opened: [], closed: [], changed: [tab] });
    t.mock.timers.tick(300);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(silent.saves, 1);
  } finally {
    stubVscode.window.tabGroups.all.length = 0;
    files.dispose();
  }
});

test("the backing file goes with the console's last tab; a week-old file no tab shows is swept", async () => {
  const { dir, files } = fixture();
  const a = await files.create('db', 'a');
  const b = await files.create('db', 'b');
  const tabOf = (uri: import('vscode').Uri) => ({ input: new stubVscode.TabInputText(uri as never) });
  // `a` is shown in two groups: closing one of its tabs keeps the file.
  stubVscode.window.tabGroups.all = [{ tabs: [tabOf(a)] }, { tabs: [tabOf(b)] }];
  await files.tabsClosed([tabOf(a) as never]);
  assert.equal(readdirSync(dir).length, 2);
  // Its last tab closes (VS Code's event, as the window fires it).
  stubVscode.window.tabGroups.all = [{ tabs: [tabOf(b)] }];
  changedTabs.fire({ opened: [], changed: [], closed: [tabOf(a)] });
  await until(() => readdirSync(dir).length === 1);
  assert.deepEqual(readdirSync(dir), [backingName(b.path)]);

  // Sweep: an orphan (no tab) older than a week goes; a fresh orphan and a shown file stay.
  writeFileSync(join(dir, backingName('/old 1.sql')), 'x');
  writeFileSync(join(dir, backingName('/new 1.sql')), 'x');
  const weekAgo = (Date.now() - 8 * 24 * 3600_000) / 1000;
  utimesSync(join(dir, backingName('/old 1.sql')), weekAgo, weekAgo);
  utimesSync(join(dir, backingName(b.path)), weekAgo, weekAgo);
  await files.sweep();
  assert.deepEqual(readdirSync(dir).sort(), [backingName('/new 1.sql'), backingName(b.path)].sort());
  stubVscode.window.tabGroups.all = [];
  files.dispose();
});

/** Waits for a file-system effect that a listener started without awaiting (a delete). */
async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(done(), 'the effect did not happen');
}
