// The one door to the disk rule by rule (src/client/storage/localPath.ts): where an object lands
// on disk (safeLocalPath), which keys are placed and which refused, and why (placeKeys: names,
// collisions, lengths, links), the check right before a file is written (prepareLocalFile), the
// temporary name and the case probe. awkwardKeys.test.ts property-tests the mapping and
// downloads real keys, localWrites.test.ts runs Download Folder and Sync through it against the
// sandbox; this file pins each rule with one exact case, so removing a rule fails here
// (npm run test:mutation proves it). Only `test` (the mutation step maps it onto Mocha's `it`):
// each test makes and removes its own folder.
import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isValidationError } from '../../../src/client/errors';
import {
  caseInsensitiveAt,
  localIdentity,
  placeKeys,
  prepareLocalFile,
  type CheckedFolders,
  safeLocalPath,
  temporaryName,
  type KeyToPlace,
} from '../../../src/client/storage/localPath';

const posixPath = (key: string) => safeLocalPath('/d', key, 'linux');
const winPath = (key: string) => safeLocalPath('C:\\d', key, 'win32');

test('ordinary keys map to the same path below the folder, empty and "." segments dropped', () => {
  assert.equal(posixPath('logs/2026/app log+1%.txt'), '/d/logs/2026/app log+1%.txt');
  assert.equal(posixPath('a//./b/'), '/d/a/b');
  assert.equal(safeLocalPath('/d/x/..', 'k', 'linux'), '/d/k', 'the folder itself is resolved');
  assert.equal(winPath('a/b.txt'), 'C:\\d\\a\\b.txt');
});

test('".." becomes a plain name on both platforms', () => {
  assert.equal(posixPath('../../etc/passwd'), '/d/%2E%2E/%2E%2E/etc/passwd');
  assert.equal(winPath('../x'), 'C:\\d\\%2E%2E\\x');
  assert.equal(posixPath('..a/...'), '/d/..a/...', 'only a whole ".." segment');
});

test('POSIX: NUL becomes "_", everything else a POSIX name may hold is kept', () => {
  assert.equal(posixPath('a\0b\0c'), '/d/a_b_c');
  assert.equal(posixPath('why?<>:"|*\\.txt '), '/d/why?<>:"|*\\.txt ');
  assert.equal(posixPath('NUL.txt'), '/d/NUL.txt');
});

test('Windows: each character Windows cannot store becomes "_"', () => {
  assert.equal(winPath('a<b>c:d"e|f?g*h\\i\u0001j\u001fk'), 'C:\\d\\a_b_c_d_e_f_g_h_i_j_k');
  assert.equal(winPath('C:evil'), 'C:\\d\\C_evil');
  assert.equal(winPath('a\u0020b'), 'C:\\d\\a b', 'a space inside a name is fine');
});

test('Windows: trailing dots and spaces become "_" one for one (else "..  " would turn back into "..")', () => {
  assert.equal(winPath('..  '), 'C:\\d\\____');
  assert.equal(winPath('name. .'), 'C:\\d\\name___');
  assert.equal(winPath('a.b'), 'C:\\d\\a.b');
});

test('Windows: device names, with or without an extension and in any case, get a "_" in front', () => {
  for (const name of ['CON', 'prn', 'Aux', 'nul', 'NUL.txt', 'com1', 'COM9.log', 'com¹', 'lpt0', 'LPT3.x.y', 'lpt²'])
    assert.equal(winPath(name), `C:\\d\\_${name}`, name);
  for (const name of ['CONSOLE', 'nullish', 'com', 'com10', 'lpt', 'xcon', 'auxiliary.txt'])
    assert.equal(winPath(name), `C:\\d\\${name}`, name);
});

test('a key that names no file is refused with a ValidationError', () => {
  for (const key of ['', '/', './', '/./', '.']) {
    assert.throws(
      () => posixPath(key),
      (e: unknown) =>
        isValidationError(e) &&
        e.operation === 'storage.download' &&
        e.message === `key: the object key "${key}" names no file` &&
        e.issues[0].path === 'key' &&
        // The rule a person reads it by (src/shared/ruleText.ts), with the key.
        JSON.stringify(e.issues[0].rule) === JSON.stringify({ id: 'keyNamesNoFile', key }),
      JSON.stringify(key),
    );
  }
});

test('a folder at the root of the file system keeps the key below it', () => {
  assert.equal(safeLocalPath('/', 'etc', 'linux'), '/etc');
  assert.equal(safeLocalPath('C:\\', 'x', 'win32'), 'C:\\x');
});

/** A folder of its own for `fn`, removed afterwards. */
async function inFolder(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'nhncloud-localpath-'));
  try {
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const item = (key: string, rel = key, size = 1): KeyToPlace => ({ key, rel, size });
/** A folder no test creates: nothing on disk is in the way there. */
const NOWHERE = join(tmpdir(), 'nhncloud-localpath-nowhere', 'd');

/** placeKeys on POSIX names, as `[key, file below root]` and the refusals. */
async function place(keys: Array<string | KeyToPlace>, opts: { caseInsensitive?: boolean; exact?: boolean } = {}) {
  const r = await placeKeys(
    NOWHERE,
    keys.map((k) => (typeof k === 'string' ? item(k) : k)),
    { caseInsensitive: false, platform: 'linux', ...opts },
  );
  return { placed: r.placed.map((p) => [p.key, p.file.slice(NOWHERE.length + 1)]), refused: r.refused };
}

test('localIdentity: Unicode NFC always, and lower case where the file system ignores case', () => {
  assert.equal(localIdentity('Cafe\u0301/X.txt', false), 'Caf\u00e9/X.txt');
  assert.equal(localIdentity('Cafe\u0301/X.txt', true), 'caf\u00e9/x.txt');
  assert.equal(localIdentity('\u1112\u1161\u11ab', false), '\ud55c', 'a Hangul syllable macOS writes in NFD');
});

test('temporaryName: beside the file, ".<name>.<tag>.download"', () => {
  assert.equal(temporaryName('/d/sub/a.txt', 'linux', 'abcd1234'), '/d/sub/.a.txt.abcd1234.download');
  assert.equal(temporaryName('C:\\d\\a.txt', 'win32', 'abcd1234'), 'C:\\d\\.a.txt.abcd1234.download');
  const a = temporaryName('/d/a.txt');
  assert.match(a, /^\/d\/\.a\.txt\.[0-9a-f]{8}\.download$/);
  assert.notEqual(temporaryName('/d/a.txt'), a, 'a new tag each time');
});

test('temporaryName: a long name is cut so that the temporary one fits in 255 bytes, never inside a character', () => {
  const tail = '.abcd1234.download';
  const fits = 'a'.repeat(236);
  assert.equal(temporaryName(`/d/${fits}`, 'linux', 'abcd1234'), `/d/.${fits}${tail}`, '255 bytes exactly: kept');
  const long = 'b'.repeat(250);
  const tmp = temporaryName(`/d/${long}`, 'linux', 'abcd1234');
  assert.equal(tmp, `/d/.${'b'.repeat(236)}${tail}`);
  assert.equal(Buffer.byteLength(tmp.slice(3)), 255);
  // The first character that does not fit ends the name, even when a shorter one after it would.
  assert.equal(temporaryName(`/d/${'a'.repeat(235)}\uac00b`, 'linux', 'abcd1234'), `/d/.${'a'.repeat(235)}${tail}`);
  assert.equal(temporaryName(`/d/${'\uac00'.repeat(250)}`, 'linux', 'abcd1234'), `/d/.${'\uac00'.repeat(78)}${tail}`);
  // Windows counts UTF-16 units.
  assert.equal(
    temporaryName(`C:\\d\\${'\uac00'.repeat(250)}`, 'win32', 'abcd1234'),
    `C:\\d\\.${'\uac00'.repeat(236)}${tail}`,
  );
});

test('caseInsensitiveAt: a probe file says, and is removed; the platform answers where none can be made', async () => {
  await inFolder(async (dir) => {
    assert.equal(await caseInsensitiveAt(dir, 'darwin', 'tag1'), false, 'this file system keeps case');
    assert.equal(await caseInsensitiveAt(dir), false);
    // The upper-case name leading to the probe: as a case-insensitive file system answers.
    symlinkSync('.nhncloud-case-tag2', join(dir, '.NHNCLOUD-CASE-TAG2'));
    assert.equal(await caseInsensitiveAt(dir, 'linux', 'tag2'), true);
    assert.deepEqual(readdirSync(dir), ['.NHNCLOUD-CASE-TAG2'], 'the probe is removed');
  });
  assert.equal(await caseInsensitiveAt(NOWHERE, 'darwin'), true);
  assert.equal(await caseInsensitiveAt(NOWHERE, 'win32'), true);
  assert.equal(await caseInsensitiveAt(NOWHERE, 'linux'), false);
});

test('placeKeys: every key gets its file below the folder, the item kept as it came', async () => {
  const r = await placeKeys(NOWHERE, [{ key: 'p/a//./b', rel: 'a//./b', size: 7, extra: 1 }], {
    caseInsensitive: false,
  });
  assert.deepEqual(r, {
    placed: [{ key: 'p/a//./b', rel: 'a//./b', size: 7, extra: 1, file: join(NOWHERE, 'a/b') }],
    refused: [],
  });
  assert.deepEqual(await place(['../x', 'p/../x']), {
    placed: [
      ['../x', '%2E%2E/x'],
      ['p/../x', 'p/%2E%2E/x'],
    ],
    refused: [],
  });
  const win = await placeKeys('C:\\d', [item('a/b:c')], { platform: 'win32', caseInsensitive: false });
  assert.deepEqual(
    win.placed.map((p) => p.file),
    ['C:\\d\\a\\b_c'],
  );
});

test('placeKeys: keys that are one file after dot and empty segments are all refused, each naming another', async () => {
  const r = await place(['p/x', 'p/./x', 'p//x', 'p/x/.', 'q']);
  assert.deepEqual(r.placed, [['q', 'q']]);
  assert.deepEqual(
    r.refused.map((x) => x.key),
    ['p/x', 'p/./x', 'p//x', 'p/x/.'],
  );
  for (const x of r.refused) {
    assert.equal(x.reason, 'collision');
    assert.ok('other' in x && x.other !== x.key && x.other.startsWith('p/'), JSON.stringify(x));
  }
});

test('placeKeys: NFC and NFD of a name collide; case collides only where the file system ignores it', async () => {
  assert.deepEqual((await place(['caf\u00e9', 'cafe\u0301'])).refused, [
    { key: 'caf\u00e9', reason: 'collision', other: 'cafe\u0301' },
    { key: 'cafe\u0301', reason: 'collision', other: 'caf\u00e9' },
  ]);
  assert.equal((await place(['README', 'Readme'])).placed.length, 2);
  assert.deepEqual((await place(['README', 'Readme'], { caseInsensitive: true })).refused, [
    { key: 'README', reason: 'collision', other: 'Readme' },
    { key: 'Readme', reason: 'collision', other: 'README' },
  ]);
});

test('placeKeys: a key whose file would be the folder of another key is refused', async () => {
  const r = await place(['a', 'a/b/c', 'b/c', 'b', 'd/e']);
  assert.deepEqual(r.refused, [
    { key: 'a', reason: 'file-and-folder', other: 'a/b/c' },
    { key: 'b', reason: 'file-and-folder', other: 'b/c' },
  ]);
  assert.deepEqual(r.placed, [
    ['a/b/c', 'a/b/c'],
    ['b/c', 'b/c'],
    ['d/e', 'd/e'],
  ]);
  assert.deepEqual((await place(['a/b/c', 'A/B'], { caseInsensitive: true })).refused, [
    { key: 'A/B', reason: 'file-and-folder', other: 'a/b/c' },
  ]);
});

test('placeKeys: an empty folder marker is nothing to write; one that holds bytes is refused', async () => {
  assert.deepEqual(await place([item('m/', 'm/', 0), item('n/', 'n/', 3), item('o/', 'o', 0)]), {
    placed: [],
    refused: [{ key: 'n/', reason: 'folder-marker', size: 3 }],
  });
});

test('placeKeys: a key that names no file is refused', async () => {
  assert.deepEqual((await place(['.', item('p/.', './')])).refused, [
    { key: '.', reason: 'no-name' },
    { key: 'p/.', reason: 'no-name' },
  ]);
});

test('placeKeys exact (Sync): a key whose names would change as files is refused, not mapped', async () => {
  const r = await place(['a//b', '..', 'a/./b', 'a\0b', 'ok/b'], { exact: true });
  assert.deepEqual(r.placed, [['ok/b', 'ok/b']]);
  assert.deepEqual(
    r.refused,
    ['a//b', '..', 'a/./b', 'a\0b'].map((key) => ({ key, reason: 'not-exact' })),
  );
  const win = await placeKeys('C:\\d', [item('a:b'), item('ok')], {
    platform: 'win32',
    exact: true,
    caseInsensitive: false,
  });
  assert.deepEqual(win.refused, [{ key: 'a:b', reason: 'not-exact' }]);
});

test('placeKeys: a name over 255 bytes (255 UTF-16 units on Windows) is refused; 255 fits', async () => {
  const r = await place([`a/${'x'.repeat(255)}`, `b/${'x'.repeat(256)}`, `${'y'.repeat(256)}/c`]);
  assert.deepEqual(r.placed, [[`a/${'x'.repeat(255)}`, `a/${'x'.repeat(255)}`]]);
  assert.deepEqual(r.refused, [
    { key: `b/${'x'.repeat(256)}`, reason: 'too-long' },
    { key: `${'y'.repeat(256)}/c`, reason: 'too-long' },
  ]);
  const hangul = '\uac00'.repeat(255);
  assert.deepEqual((await place([hangul])).refused, [{ key: hangul, reason: 'too-long' }]);
  const win = await placeKeys('C:\\d', [item(hangul), item('\uac00'.repeat(256))], {
    platform: 'win32',
    caseInsensitive: false,
  });
  assert.equal(win.placed.length, 1);
  assert.deepEqual(win.refused, [{ key: '\uac00'.repeat(256), reason: 'too-long' }]);
});

test('placeKeys on disk: links anywhere below the folder, and files or folders in the way, refuse the key', async () => {
  await inFolder(async (dir) => {
    const root = join(dir, 'chosen');
    const outside = join(dir, 'outside');
    mkdirSync(join(root, 'dir/sub'), { recursive: true });
    mkdirSync(join(root, 'empty'));
    mkdirSync(outside);
    writeFileSync(join(root, 'file'), 'x');
    writeFileSync(join(root, 'dir/f'), 'x');
    symlinkSync(outside, join(root, 'linkdir'));
    symlinkSync(outside, join(root, 'dir/sub/deeplink'));
    symlinkSync(join(outside, 'f'), join(root, 'linkfile'));
    symlinkSync(join(outside, 'gone'), join(root, 'dangling'));
    const r = await placeKeys(
      root,
      [
        'linkdir/x',
        'linkdir/y/z',
        'dir/sub/deeplink/x',
        'linkfile',
        'dangling',
        'file/x',
        'empty',
        'dir/f',
        'dir/new/deep',
        'new/x',
      ].map((k) => item(k)),
      { caseInsensitive: false },
    );
    assert.deepEqual(
      r.placed.map((p) => p.file),
      ['dir/f', 'dir/new/deep', 'new/x'].map((f) => join(root, f)),
    );
    assert.deepEqual(r.refused, [
      { key: 'linkdir/x', reason: 'link', path: join(root, 'linkdir') },
      { key: 'linkdir/y/z', reason: 'link', path: join(root, 'linkdir') },
      { key: 'dir/sub/deeplink/x', reason: 'link', path: join(root, 'dir/sub/deeplink') },
      { key: 'linkfile', reason: 'link', path: join(root, 'linkfile') },
      { key: 'dangling', reason: 'link', path: join(root, 'dangling') },
      { key: 'file/x', reason: 'file-in-the-way', path: join(root, 'file') },
      { key: 'empty', reason: 'folder-in-the-way', path: join(root, 'empty') },
    ]);
    // The chosen folder itself may be a link: it is the user's choice.
    symlinkSync(root, join(dir, 'chosen-link'));
    const via = await placeKeys(join(dir, 'chosen-link'), [item('dir/f')], { caseInsensitive: false });
    assert.deepEqual(
      via.placed.map((p) => p.file),
      [join(dir, 'chosen-link/dir/f')],
    );
    assert.deepEqual(readdirSync(outside), [], 'nothing was written anywhere');
  });
});

test('placeKeys probes the folder for case when not told: here case is kept; where no probe can be made, the platform answers', async () => {
  await inFolder(async (dir) => {
    const r = await placeKeys(dir, [item('A'), item('a')]);
    assert.equal(r.placed.length, 2);
    assert.deepEqual(readdirSync(dir), []);
  });
  const mac = await placeKeys(NOWHERE, [item('A'), item('a')], { platform: 'darwin' });
  assert.deepEqual(
    mac.refused.map((x) => x.reason),
    ['collision', 'collision'],
  );
});

test('prepareLocalFile: creates the folders below the root one by one, the file not', async () => {
  await inFolder(async (dir) => {
    mkdirSync(join(dir, 'a'));
    await prepareLocalFile(dir, join(dir, 'a/b/c/f.txt'));
    assert.ok(lstatSync(join(dir, 'a/b/c')).isDirectory());
    assert.deepEqual(readdirSync(join(dir, 'a/b/c')), []);
    await prepareLocalFile(dir, join(dir, 'a/b/c/f.txt'), 'linux');
    writeFileSync(join(dir, 'a/b/c/f.txt'), 'x');
    await prepareLocalFile(dir, join(dir, 'a/b/c/f.txt'));
    // A chosen folder not there yet is made with the folders above it.
    await prepareLocalFile(join(dir, 'new/root'), join(dir, 'new/root/d/f.txt'));
    assert.ok(lstatSync(join(dir, 'new/root/d')).isDirectory());
  });
});

test('prepareLocalFile: a link, a file where a folder goes or a folder where the file goes stops the write', async () => {
  await inFolder(async (dir) => {
    const outside = join(dir, 'outside');
    const root = join(dir, 'root');
    mkdirSync(outside);
    mkdirSync(join(root, 'd'), { recursive: true });
    writeFileSync(join(root, 'f'), 'x');
    symlinkSync(outside, join(root, 'l'));
    symlinkSync(join(outside, 'x'), join(root, 'd/lf'));
    const refused = async (file: string, message: string, rule: object) =>
      assert.rejects(
        prepareLocalFile(root, join(root, file)),
        (e: unknown) =>
          isValidationError(e) &&
          e.operation === 'storage.download' &&
          e.issues[0].path === 'file' &&
          e.issues[0].message === message &&
          JSON.stringify(e.issues[0].rule) === JSON.stringify(rule),
        file,
      );
    const link = (at: string) => ({ id: 'throughLink', path: join(root, at) });
    const inTheWay = (at: string, file: string) => ({ id: 'inTheWay', path: join(root, at), file: join(root, file) });
    await refused('l/new/x', `${join(root, 'l')} is a symbolic link; nothing is written through a link`, link('l'));
    await refused('d/lf', `${join(root, 'd/lf')} is a symbolic link; nothing is written through a link`, link('d/lf'));
    await refused('f/x', `${join(root, 'f')} is in the way of ${join(root, 'f/x')}`, inTheWay('f', 'f/x'));
    await refused('d', `${join(root, 'd')} is in the way of ${join(root, 'd')}`, inTheWay('d', 'd'));
    assert.deepEqual(readdirSync(outside), [], 'nothing was created through the link');
  });
});

test('prepareLocalFile: says whether the file is there; the folders of a checked set are not looked at again', async () => {
  await inFolder(async (dir) => {
    const root = join(dir, 'root');
    const checked: CheckedFolders = new Map();
    assert.deepEqual(await prepareLocalFile(root, join(root, 'a/b/new.txt'), 'linux', checked), { exists: false });
    // The chosen folder and each folder below it are in the set once made or looked at.
    assert.deepEqual([...checked.keys()].sort(), [root, join(root, 'a'), join(root, 'a/b')].sort());
    writeFileSync(join(root, 'a/b/old.txt'), 'x');
    assert.deepEqual(await prepareLocalFile(root, join(root, 'a/b/old.txt'), 'linux', checked), { exists: true });
    // A checked folder replaced by a link meanwhile: the same download does not look again (its
    // files were placed when it was checked); a download without the set refuses the link.
    rmSync(join(root, 'a/b'), { recursive: true });
    mkdirSync(join(dir, 'elsewhere'));
    symlinkSync(join(dir, 'elsewhere'), join(root, 'a/b'));
    assert.deepEqual(await prepareLocalFile(root, join(root, 'a/b/f.txt'), 'linux', checked), { exists: false });
    await assert.rejects(prepareLocalFile(root, join(root, 'a/b/f.txt'), 'linux'), (e: unknown) =>
      isValidationError(e),
    );
    // The chosen folder itself, once in the set, is not made again (it was removed meanwhile).
    const other = join(dir, 'other');
    const set: CheckedFolders = new Map([[other, Promise.resolve()]]);
    await prepareLocalFile(other, join(other, 'f.txt'), 'linux', set);
    assert.equal(existsSync(other), false, 'a checked chosen folder is not made again');
    assert.deepEqual(await prepareLocalFile(other, join(other, 'f.txt'), 'linux', new Map()), { exists: false });
    assert.ok(lstatSync(other).isDirectory());
  });
});

test('prepareLocalFile: files downloaded at once below a new folder make and look at it once, and share a refusal', async () => {
  await inFolder(async (dir) => {
    const root = join(dir, 'root');
    const checked: CheckedFolders = new Map();
    const files = Array.from({ length: 8 }, (_, i) => join(root, 'a/b', `f${i}.txt`));
    const answers = await Promise.all(files.map((f) => prepareLocalFile(root, f, 'linux', checked)));
    assert.deepEqual(
      answers,
      files.map(() => ({ exists: false })),
    );
    assert.equal(checked.size, 3, 'the chosen folder, a and a/b, each once');
    // A folder that is a link refuses every file below it, each with the same refusal.
    const linked: CheckedFolders = new Map();
    mkdirSync(join(dir, 'elsewhere'));
    symlinkSync(join(dir, 'elsewhere'), join(root, 'l'));
    const below = Array.from({ length: 4 }, (_, i) => join(root, 'l', `g${i}.txt`));
    const results = await Promise.allSettled(below.map((f) => prepareLocalFile(root, f, 'linux', linked)));
    for (const r of results)
      assert.ok(
        r.status === 'rejected' && isValidationError(r.reason) && r.reason.issues[0].rule?.id === 'throughLink',
      );
    assert.deepEqual(readdirSync(join(dir, 'elsewhere')), []);
  });
});
