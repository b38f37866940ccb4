// Local writes stay where the user pointed (issue 62, item 2), against the sandbox over loopback:
// Download Folder (listPrefix, prefixDownloadTasks, downloadFile: the engine of the command) and
// Sync Folder (planSync, syncItems) with a symbolic link in the chosen folder write nothing
// outside it and name the key they refused; keys that are one file on this computer are listed,
// none written over another; a name macOS wrote in NFD syncs as the same file as its NFC key;
// a 250-byte name downloads (the temporary name is shortened, not the user's). The rule-by-rule
// cases of the decision itself are in localPath.test.ts.
import { strict as assert } from 'node:assert';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isValidationError } from '../../../src/client/errors';
import type { S3Client } from '../../../src/client/storage/client';
import { download } from '../../../src/client/storage/download';
import {
  downloadFile,
  listPrefix,
  prefixDownloadTasks,
  runPool,
  type FileTask,
} from '../../../src/storage/folderTransfer';
import { syncItems } from '../../../src/storage/sync/apply';
import { planSync, type SyncPlan, type SyncSpec } from '../../../src/storage/sync/plan';
import { startSandbox, type S3Target } from '../../support/s3Servers';

/** A name of exactly 250 bytes (a Hangul syllable is 3): the temporary name adds 19 more. */
const LONG_NAME = `${'\uD55C'.repeat(80)}-25000.txt`;
assert.equal(Buffer.byteLength(LONG_NAME), 250);

describe('local writes stay where the user pointed', () => {
  let target: S3Target;
  let s3: S3Client;
  const bucket = 'local-writes';
  const base = mkdtempSync(join(tmpdir(), 'nhncloud-local-writes-'));

  before(async () => {
    target = await startSandbox({ seed: false });
    s3 = target.client();
    await s3.createBucket(bucket);
  });
  after(async () => {
    await target?.close();
    rmSync(base, { recursive: true, force: true });
  });

  /** A chosen folder holding `linked`, a link to a folder outside it (empty, and checked to stay so). */
  const folderWithLink = (name: string) => {
    const chosen = join(base, name, 'chosen');
    const outside = join(base, name, 'outside');
    mkdirSync(chosen, { recursive: true });
    mkdirSync(outside);
    symlinkSync(outside, join(chosen, 'linked'));
    return { chosen, outside };
  };

  const downloadAll = async (tasks: FileTask[]) => {
    const ac = new AbortController();
    const r = await runPool(tasks, { small: 4, large: 1 }, ac.signal, async (t) => {
      await downloadFile(s3, bucket, t, 2, ac.signal, () => undefined);
    });
    if (r.failure) throw r.failure;
  };

  it('Download Folder: a key under a link is refused and named, nothing lands outside; the rest arrives', async () => {
    const { chosen, outside } = folderWithLink('folder');
    await s3.putObject(bucket, 'dl/linked/evil.txt', 'from the bucket');
    await s3.putObject(bucket, 'dl/ok.txt', 'ok');
    const { tasks, refused } = await prefixDownloadTasks(await listPrefix(s3, bucket, 'dl/'), 'dl/', chosen);
    assert.deepEqual(
      refused.sort((a, b) => a.key.localeCompare(b.key)),
      [{ key: 'dl/linked/evil.txt', reason: 'link', path: join(chosen, 'linked') }],
    );
    await downloadAll(tasks);
    assert.deepEqual(readdirSync(outside), [], 'nothing was written through the link');
    assert.equal(readFileSync(join(chosen, 'ok.txt'), 'utf8'), 'ok');
    assert.deepEqual(readdirSync(chosen).sort(), ['linked', 'ok.txt']);
  });

  it('Download Folder: a link made after the keys were placed still stops the write (checked again as it writes)', async () => {
    const { chosen, outside } = folderWithLink('late');
    await s3.putObject(bucket, 'late/sub/x.txt', 'late');
    const { tasks } = await prefixDownloadTasks(await listPrefix(s3, bucket, 'late/'), 'late/', chosen);
    assert.equal(tasks.length, 1);
    symlinkSync(outside, join(chosen, 'sub'));
    await assert.rejects(
      downloadAll(tasks),
      (e: unknown) => isValidationError(e) && /sub is a symbolic link/.test(e.message),
    );
    assert.deepEqual(readdirSync(outside), []);
  });

  it('Download Folder: keys that are one file here are all listed and none written; a marker with bytes is named', async () => {
    const chosen = join(base, 'collide');
    const keys = ['co/p/x', 'co/p/./x', 'co/p//x', 'co/p/x/.', 'co/caf\u00e9.txt', 'co/cafe\u0301.txt'];
    for (const key of keys) await s3.putObject(bucket, key, `content of ${key}`);
    await s3.putObject(bucket, 'co/p/../x', 'a plain name');
    await s3.putObject(bucket, 'co/empty/', '');
    await s3.putObject(bucket, 'co/marker/', 'bytes in a folder marker');
    const { tasks, refused } = await prefixDownloadTasks(await listPrefix(s3, bucket, 'co/'), 'co/', chosen);
    assert.deepEqual(refused.map((r) => r.key).sort(), [...keys, 'co/marker/'].sort());
    for (const r of refused)
      if (r.key === 'co/marker/') assert.deepEqual(r, { key: 'co/marker/', reason: 'folder-marker', size: 24 });
      else assert.equal(r.reason, 'collision', r.key);
    await downloadAll(tasks);
    assert.deepEqual(readdirSync(chosen, { recursive: true }).sort(), ['p', 'p/%2E%2E', 'p/%2E%2E/x']);
    assert.equal(readFileSync(join(chosen, 'p/%2E%2E/x'), 'utf8'), 'a plain name');
  });

  it('a 250-byte name downloads, through Download Folder and alone, under a shortened temporary name', async () => {
    const key = `long/${LONG_NAME}`;
    await s3.putObject(bucket, key, 'long name');
    const chosen = join(base, 'long');
    const { tasks, refused } = await prefixDownloadTasks(await listPrefix(s3, bucket, 'long/'), 'long/', chosen);
    assert.deepEqual(refused, []);
    await downloadAll(tasks);
    assert.deepEqual(readdirSync(chosen), [LONG_NAME]);
    assert.equal(readFileSync(join(chosen, LONG_NAME), 'utf8'), 'long name');
    const alone = join(base, 'long-alone');
    mkdirSync(alone);
    await download(s3, { bucket, key, file: join(alone, LONG_NAME) });
    assert.deepEqual(readdirSync(alone), [LONG_NAME]);
  });

  describe('Sync Folder', () => {
    const spec = (folder: string, prefix: string, direction: SyncSpec['direction']): SyncSpec => ({
      folder,
      bucket,
      prefix,
      direction,
      detection: 'size-time',
    });
    const ops = (plan: SyncPlan) => plan.actions.map((a) => `${a.op} ${a.rel}`).sort();
    const apply = async (plan: SyncPlan) => {
      const items = syncItems(s3, plan.spec, plan.actions, { partConcurrency: 2, onChanged: () => undefined });
      const ac = new AbortController();
      const r = await runPool(items, { small: 4, large: 1 }, ac.signal, (i) => i.run(ac.signal, () => undefined));
      if (r.failure) throw r.failure;
    };

    it('a folder holding a link: the key under it is refused and named, nothing lands outside, in every direction', async () => {
      const { chosen, outside } = folderWithLink('sync-link');
      await s3.putObject(bucket, 'sl/linked/evil.txt', 'from the bucket');
      await s3.putObject(bucket, 'sl/a.txt', 'a');
      for (const direction of ['download', 'mirror-down', 'both', 'mirror-up', 'upload'] as const) {
        const plan = await planSync(s3, spec(chosen, 'sl/', direction));
        assert.deepEqual(
          plan.refused,
          [{ key: 'sl/linked/evil.txt', reason: 'link', path: join(chosen, 'linked') }],
          direction,
        );
        assert.ok(!ops(plan).some((o) => o.includes('linked')), `${direction}: ${ops(plan).join(', ')}`);
      }
      const plan = await planSync(s3, spec(chosen, 'sl/', 'mirror-down'));
      assert.deepEqual(ops(plan), ['download a.txt']);
      await apply(plan);
      assert.deepEqual(readdirSync(outside), [], 'nothing was written through the link');
      assert.equal(readFileSync(join(chosen, 'a.txt'), 'utf8'), 'a');
      // The object under the link's name stays in the bucket (a mirror up does not delete it).
      assert.equal((await s3.headObject(bucket, 'sl/linked/evil.txt')).size, 15);
    });

    it('a name macOS wrote in NFD is the same file as its NFC key: no second copy, nothing deleted, either way', async () => {
      const folder = join(base, 'nfd');
      mkdirSync(folder);
      const nfc = '\uD55C\uAE00 \uBA54\uBAA8.txt';
      const nfd = nfc.normalize('NFD');
      assert.notEqual(nfd, nfc);
      writeFileSync(join(folder, nfc), 'hangul\n');
      const first = await planSync(s3, spec(folder, 'nfd/', 'mirror-up'));
      assert.deepEqual(ops(first), [`upload ${nfc}`]);
      await apply(first);
      // The same file, renamed as macOS would write its name (its time kept).
      renameSync(join(folder, nfc), join(folder, nfd));
      for (const direction of ['mirror-up', 'mirror-down', 'both'] as const) {
        const plan = await planSync(s3, spec(folder, 'nfd/', direction));
        assert.deepEqual(ops(plan), [], direction);
        assert.equal(plan.unchanged, 1, direction);
        assert.deepEqual(plan.refused, [], direction);
      }
      // Changed in the folder: sent to the NFC key, not as a second object.
      writeFileSync(join(folder, nfd), 'hangul, longer\n');
      const changed = await planSync(s3, spec(folder, 'nfd/', 'mirror-up'));
      assert.deepEqual(ops(changed), [`upload ${nfd}`]);
      await apply(changed);
      const keys: string[] = [];
      for await (const page of s3.listObjects({ bucket, prefix: 'nfd/' }))
        keys.push(...page.contents.map((c) => c.key));
      assert.deepEqual(keys, [`nfd/${nfc}`]);
    });

    it('two files of the folder with one name in NFC, and keys that collide, are left alone on both sides and listed', async () => {
      const folder = join(base, 'sync-collide');
      mkdirSync(folder);
      const nfc = 'caf\u00e9.txt';
      writeFileSync(join(folder, nfc), 'nfc');
      writeFileSync(join(folder, nfc.normalize('NFD')), 'nfd');
      await s3.putObject(bucket, 'sc/dup.txt', 'one');
      await s3.putObject(bucket, 'sc/DUP.txt', 'two');
      writeFileSync(join(folder, 'dup.txt'), 'local');
      const mirrorUp = await planSync(s3, spec(folder, 'sc/', 'mirror-up'), { caseInsensitive: true });
      assert.deepEqual(ops(mirrorUp), []);
      assert.deepEqual(
        mirrorUp.refused.map((r) => `${r.reason} ${r.key}`).sort(),
        [
          'collision sc/DUP.txt',
          `collision sc/${nfc}`,
          `collision sc/${nfc.normalize('NFD')}`,
          'collision sc/dup.txt',
        ].sort(),
      );
      const mirrorDown = await planSync(s3, spec(folder, 'sc/', 'mirror-down'), { caseInsensitive: true });
      assert.deepEqual(ops(mirrorDown), [], 'no local file deleted, no object written over another');
      // Where case counts, the two keys are two files: dup.txt compared, DUP.txt new.
      const sensitive = await planSync(s3, spec(folder, 'sc/', 'download'), { caseInsensitive: false });
      assert.deepEqual(ops(sensitive), ['download DUP.txt', 'download dup.txt']);
    });

    it('a 250-byte name syncs down', async () => {
      const folder = join(base, 'sync-long');
      await s3.putObject(bucket, `syl/${LONG_NAME}`, 'long name');
      const plan = await planSync(s3, spec(folder, 'syl/', 'download'));
      assert.deepEqual(ops(plan), [`download ${LONG_NAME}`]);
      await apply(plan);
      assert.ok(existsSync(join(folder, LONG_NAME)));
      assert.deepEqual(readdirSync(folder), [LONG_NAME]);
    });
  });
});
