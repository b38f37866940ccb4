// Awkward object keys (issue 9, item 4): keys with spaces, unicode, `..`, `%`, `+` and `?`
// round-trip through put, list, get, copy and download against the sandbox, and a folder
// download never writes outside the folder the user chose, whatever the keys
// (safeLocalPath; property-tested for POSIX and Windows path rules).
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, relative, resolve, sep, win32 } from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { isValidationError } from '../../../src/client/errors';
import { S3Client } from '../../../src/client/storage/client';
import { safeLocalPath } from '../../../src/client/storage/localPath';
import { download } from '../../../src/client/storage/download';
import { startSandbox as startS3Sandbox, type S3Target } from '../../support/s3Servers';

const KEYS = [
  'with space/and more spaces .txt',
  'unicode/한글 파일 — ünïcödé 🚀.txt',
  'dots/../../escape.txt',
  '../../../../tmp/evil.txt',
  'a/./b/./c.txt',
  'percent/100% done %2F %zz.txt',
  'plus/a+b+c.txt',
  'question/why?.txt',
  'question/?x=1&y=2',
  'mixed/ ..  /.. /x.txt',
  'back\\slash\\..\\..\\win.txt',
  'double//slash.txt',
];

describe('awkward keys round-trip through put, list, get, copy and download', () => {
  let t: S3Target;
  let s3: S3Client;
  let root: string;
  let outside: string;
  const bucket = 'awkward-keys';

  before(async () => {
    t = await startS3Sandbox({ seed: false });
    s3 = t.client();
    await s3.createBucket(bucket);
    const base = await mkdtemp(join(tmpdir(), 'reliability-keys-'));
    root = join(base, 'chosen folder');
    outside = base;
  });
  after(async () => {
    await t.close();
    await rm(outside, { recursive: true, force: true });
  });

  it('every key is stored, listed and read back exactly', async () => {
    for (const key of KEYS) await s3.putObject(bucket, key, `content of ${key}`);
    const listed: string[] = [];
    for await (const page of s3.listObjects({ bucket })) listed.push(...page.contents.map((c) => c.key));
    assert.deepEqual([...listed].sort(), [...KEYS].sort());
    for (const key of KEYS) {
      const got = await s3.getObject(bucket, key);
      const chunks: Buffer[] = [];
      for await (const c of got.body) chunks.push(c as Buffer);
      assert.equal(Buffer.concat(chunks).toString(), `content of ${key}`, key);
    }
  });

  it('every key is copied server-side to another awkward key', async () => {
    for (const key of KEYS) await s3.copyObject({ bucket, key }, { bucket, key: `copies/${key}` });
    for (const key of KEYS)
      assert.equal((await s3.headObject(bucket, `copies/${key}`)).size, Buffer.byteLength(`content of ${key}`), key);
  });

  it('a folder download writes every object inside the chosen folder, nothing outside', async () => {
    const before = new Set(await readdir(outside));
    const written = new Map<string, string>();
    for (const key of KEYS) {
      const file = safeLocalPath(root, key);
      assert.ok(!relative(root, file).startsWith('..'), `${key} -> ${file}`);
      assert.ok(!written.has(file), `two keys land on ${file}`);
      written.set(file, key);
      await import('node:fs/promises').then((fs) => fs.mkdir(resolve(file, '..'), { recursive: true }));
      await download(s3, { bucket, key, file });
    }
    for (const [file, key] of written) assert.equal(await readFile(file, 'utf8'), `content of ${key}`);
    // Outside the chosen folder: exactly what was there before (the folder itself).
    assert.deepEqual(new Set(await readdir(outside)), new Set([...before, 'chosen folder']));
    const all = await readdir(root, { recursive: true });
    assert.ok(all.every((f) => !f.split(sep).includes('..')));
  });
});

describe('safeLocalPath: any key stays inside the folder (POSIX and Windows rules)', () => {
  const unit = fc.constantFrom(
    'a',
    'b',
    '.',
    '..',
    '/',
    '\\',
    ' ',
    '%',
    '+',
    '?',
    ':',
    '*',
    '"',
    '<',
    '>',
    '|',
    '\0',
    '\u0001',
    'é',
    '🚀',
    'C',
    'N',
    'U',
    'L',
  );
  const keys = fc.oneof(
    fc.string({ unit, maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc
      .array(fc.constantFrom('..', '.', '', 'x', 'CON', 'nul.txt', 'C:', '..\\..'), { maxLength: 8 })
      .map((p) => p.join('/')),
  );

  for (const [platform, path, rootDir] of [
    ['linux', posix, '/home/user/Downloads/bucket'],
    ['win32', win32, 'C:\\Users\\user\\Downloads\\bucket'],
  ] as const) {
    it(`${platform}: inside the folder, or a ValidationError`, () => {
      fc.assert(
        fc.property(keys, (key) => {
          let target: string;
          try {
            target = safeLocalPath(rootDir, key, platform);
          } catch (err) {
            return isValidationError(err);
          }
          const rel = path.relative(rootDir, target);
          const segments = rel.split(path.sep);
          const ok = rel !== '' && !path.isAbsolute(rel) && !segments.includes('..') && !segments.includes('.');
          if (platform === 'win32') {
            const bad = segments.some(
              (s) =>
                // eslint-disable-next-line no-control-regex -- control characters are what Windows refuses in names
                /[<>:"|?*\u0000-\u001f]/.test(s) ||
                /[. ]$/.test(s) ||
                /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(s),
            );
            return ok && !bad;
          }
          return ok && !target.includes('\0');
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('ordinary keys keep their names', () => {
    assert.equal(safeLocalPath('/d', 'logs/2026/app log+1%.txt', 'linux'), '/d/logs/2026/app log+1%.txt');
    assert.equal(safeLocalPath('/d', 'why?.txt', 'linux'), '/d/why?.txt');
    assert.equal(safeLocalPath('C:\\d', 'why?.txt', 'win32'), 'C:\\d\\why_.txt');
    assert.equal(safeLocalPath('/d', '../../etc/passwd', 'linux'), '/d/%2E%2E/%2E%2E/etc/passwd');
    assert.throws(() => safeLocalPath('/d', '/./', 'linux'), isValidationError);
  });
});
