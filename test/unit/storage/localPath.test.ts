// safeLocalPath rule by rule (src/client/storage/localPath.ts): where an object of a downloaded
// folder lands on disk. awkwardKeys.test.ts property-tests the same function and downloads real
// keys; this file pins each rule with one exact case, so removing a rule fails here
// (npm run test:mutation proves it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isValidationError } from '../../../src/client/errors';
import { safeLocalPath } from '../../../src/client/storage/localPath';

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
        e.issues[0].path === 'key',
      JSON.stringify(key),
    );
  }
});

test('a folder at the root of the file system keeps the key below it', () => {
  assert.equal(safeLocalPath('/', 'etc', 'linux'), '/etc');
  assert.equal(safeLocalPath('C:\\', 'x', 'win32'), 'C:\\x');
});
