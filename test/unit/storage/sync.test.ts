// Sync Folder (issue 30, item 1) against the sandbox and OpenStack Swift's S3 layer: the change
// rules (size, time, checksum, a multipart ETag recomputed), the stamps kept between passes, the
// transfers (a file changed under an upload is never stored), and agreement with rclone itself:
// on the same folder and bucket after the same changes, the files `rclone sync --dry-run`
// would copy, delete or only re-time are exactly the ones the plan says.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, test } from 'node:test';
import type { S3Client } from '../../../src/client/storage/client';
import { isSourceChanged, MiB, upload } from '../../../src/client/storage/transfer';
import { runPool } from '../../../src/storage/folderTransfer';
import { setFileTime, syncItems } from '../../../src/storage/sync/apply';
import {
  MODIFY_WINDOW_NS,
  planSync,
  stampsAfter,
  type SyncAction,
  type SyncPlan,
  type SyncSpec,
} from '../../../src/storage/sync/plan';
import {
  candidatePartSizes,
  formatMtime,
  hashFile,
  MTIME_METADATA,
  multipartParts,
  parseMtime,
} from '../../../src/storage/sync/stamps';
import { startSandbox, startSwiftTarget, type S3Target } from '../../support/s3Servers';

const RCLONE = '/usr/bin/rclone';

describe('rclone time format', () => {
  it('writes seconds.nanoseconds and reads it back exactly, as rclone (swift.TimeToFloatString)', () => {
    assert.equal(formatMtime(1732712345123456789n), '1732712345.123456789');
    assert.equal(formatMtime(5n), '0.000000005');
    assert.equal(parseMtime('1732712345.123456789'), 1732712345123456789n);
    assert.equal(parseMtime('1732712345.5'), 1732712345500000000n);
    assert.equal(parseMtime('1732712345'), 1732712345000000000n);
    assert.equal(parseMtime('not a time'), undefined);
    assert.equal(parseMtime(formatMtime(-1500000000n)), -1500000000n);
  });
  it('names the part sizes that could have made a multipart ETag', () => {
    assert.deepEqual(candidatePartSizes(12 * MiB, 2), [8 * MiB], 'ours (and the AWS CLI)');
    assert.deepEqual(candidatePartSizes(12 * MiB, 3), [5 * MiB], "rclone's chunk");
    assert.deepEqual(candidatePartSizes(12 * MiB, 7), [], 'no likely part size');
    assert.equal(multipartParts('"0123456789abcdef0123456789abcdef-3"'), 3);
    assert.equal(multipartParts('"0123456789abcdef0123456789abcdef"'), undefined);
  });
});

/** Runs the plan's uploads, downloads and time fixes as the command does, deletions after. */
async function apply(s3: S3Client, plan: SyncPlan, actions = plan.actions): Promise<SyncAction[]> {
  const changed: SyncAction[] = [];
  const items = syncItems(s3, plan.spec, actions, { partConcurrency: 2, onChanged: (a) => changed.push(a) });
  const { failure } = await runPool(items, { small: 8, large: 2 }, new AbortController().signal, (item) =>
    item.run(new AbortController().signal, () => undefined),
  );
  if (failure) throw failure;
  const remoteDeletes = actions.filter((a) => a.op === 'delete-remote').map((a) => a.remote!.key);
  if (remoteDeletes.length) await s3.deleteObjects(plan.spec.bucket, remoteDeletes);
  for (const a of actions.filter((x) => x.op === 'delete-local')) rmSync(a.local!.file);
  return changed;
}

/** `op rel` of each action, sorted: what the assertions compare. */
const ops = (plan: SyncPlan) => plan.actions.map((a) => `${a.op} ${a.rel}`).sort();

/** Whole-second times: a time a test sets back is then exactly the one the object keeps. */
function setTime(file: string, seconds: number) {
  utimesSync(file, seconds, seconds);
}

/**
 * What `rclone sync --dry-run <from> <to>` would do, as `op rel` lines in the plan's terms
 * (copy: upload or download by direction; delete; touch: "update modification time").
 */
async function rcloneDryRun(target: S3Target, from: string, to: string, up: boolean): Promise<string[]> {
  const { stderr } = await rclone(target, 'sync', '--dry-run', '--use-json-log', '--log-level', 'NOTICE', from, to);
  const out: string[] = [];
  for (const line of stderr.split('\n').filter(Boolean)) {
    const j = JSON.parse(line) as { msg: string; object?: string };
    if (!j.object) continue;
    if (/^Skipped copy as --dry-run/.test(j.msg)) out.push(`${up ? 'upload' : 'download'} ${j.object}`);
    else if (/^Skipped delete as --dry-run/.test(j.msg))
      out.push(`${up ? 'delete-remote' : 'delete-local'} ${j.object}`);
    else if (/^Skipped update modification time as --dry-run/.test(j.msg))
      out.push(`${up ? 'touch-remote' : 'touch-local'} ${j.object}`);
    else assert.fail(`an rclone notice this test does not know: ${line}`);
  }
  return out.sort();
}

for (const t of [
  { name: 'sandbox', start: () => startSandbox({ seed: false }) },
  { name: 'swift', start: startSwiftTarget },
]) {
  describe(`Sync Folder against ${t.name}`, () => {
    let target: S3Target;
    let s3: S3Client;
    const bucket = 'sync-bucket';
    const root = mkdtempSync(join(tmpdir(), 'nhncloud-sync-'));
    before(async () => {
      target = await t.start();
      s3 = target.client();
      await s3.createBucket(bucket);
    });
    after(async () => {
      await target?.close();
      rmSync(root, { recursive: true, force: true });
    });
    const spec = (folder: string, prefix: string, over: Partial<SyncSpec> = {}): SyncSpec => ({
      folder,
      bucket,
      prefix,
      direction: 'mirror-up',
      detection: 'size-time',
      ...over,
    });

    it('decides as rclone does after the same changes, both ways, and then both find nothing to do', async () => {
      const folder = join(root, 'agree');
      const prefix = 'agree/';
      mkdirSync(join(folder, 'sub/dir'), { recursive: true });
      const files: Record<string, Buffer> = {
        'same.txt': Buffer.from('unchanged\n'),
        'grown.txt': Buffer.from('short\n'),
        'touched.txt': Buffer.from('only its time changes\n'),
        'edited.txt': Buffer.from('AAAA\n'),
        'sneaky.txt': Buffer.from('BBBB\n'),
        'gone.txt': Buffer.from('deleted here\n'),
        'big.bin': randomBytes(12 * MiB + 5),
      };
      for (const [name, data] of Object.entries(files)) {
        writeFileSync(join(folder, name), data);
        setTime(join(folder, name), 1_700_000_000);
      }
      // First pass: everything is new, and sent.
      const first = await planSync(s3, spec(folder, prefix));
      assert.deepEqual(
        ops(first),
        Object.keys(files)
          .map((n) => `upload ${n}`)
          .sort(),
      );
      await apply(s3, first);
      const head = await s3.headObject(bucket, `${prefix}same.txt`);
      assert.equal(head.metadata[MTIME_METADATA], '1700000000.000000000', 'the time is kept as rclone keeps it');
      assert.deepEqual(ops(await planSync(s3, spec(folder, prefix))), [], 'nothing to do right after a sync');
      assert.deepEqual(await rcloneDryRun(target, folder, `t:${bucket}/${prefix}`, true), [], 'rclone agrees: in step');

      // Objects written by others: rclone itself (its own metadata) and a plain PUT (none).
      writeFileSync(join(folder, 'by-rclone.txt'), 'rclone wrote me\n');
      await rclone(target, 'copyto', join(folder, 'by-rclone.txt'), `t:${bucket}/${prefix}by-rclone.txt`);
      writeFileSync(join(folder, 'foreign.txt'), 'same bytes, no time kept\n');
      await s3.putObject(bucket, `${prefix}foreign.txt`, 'same bytes, no time kept\n');
      writeFileSync(join(folder, 'foreign-diff.txt'), 'mine\n');
      await s3.putObject(bucket, `${prefix}foreign-diff.txt`, 'them\n');

      // The changes.
      appendFileSync(join(folder, 'grown.txt'), 'and longer\n');
      setTime(join(folder, 'touched.txt'), 1_700_000_100);
      writeFileSync(join(folder, 'edited.txt'), 'CCCC\n');
      setTime(join(folder, 'edited.txt'), 1_700_000_200);
      writeFileSync(join(folder, 'sneaky.txt'), 'DDDD\n');
      setTime(join(folder, 'sneaky.txt'), 1_700_000_000);
      setTime(join(folder, 'big.bin'), 1_700_000_300);
      rmSync(join(folder, 'gone.txt'));
      writeFileSync(join(folder, 'new.txt'), 'new\n');
      writeFileSync(join(folder, 'sub/dir/nested.txt'), 'nested\n');

      const plan = await planSync(s3, spec(folder, prefix));
      const expected = [
        'upload grown.txt',
        'upload edited.txt',
        'upload foreign-diff.txt',
        // Multipart, no MD5 to compare: a time that differs means a copy (rclone's rule too).
        'upload big.bin',
        'upload new.txt',
        'upload sub/dir/nested.txt',
        'delete-remote gone.txt',
        // Same bytes at another time: only the object's time is set.
        'touch-remote touched.txt',
        'touch-remote foreign.txt',
      ].sort();
      assert.deepEqual(ops(plan), expected);
      assert.equal(plan.actions.find((a) => a.rel === 'grown.txt')!.why, 'size');
      assert.equal(plan.actions.find((a) => a.rel === 'edited.txt')!.why, 'content');
      assert.equal(plan.actions.find((a) => a.rel === 'big.bin')!.why, 'time');
      assert.deepEqual(
        await rcloneDryRun(target, folder, `t:${bucket}/${prefix}`, true),
        expected,
        'rclone decides alike',
      );

      // Applied: in step for both tools, and the stamps of this pass spare the next one its HEADs.
      assert.deepEqual(await apply(s3, plan), []);
      const again = await planSync(s3, spec(folder, prefix), { known: stampsAfter(plan, plan.actions) });
      assert.deepEqual(ops(again), []);
      assert.deepEqual(await rcloneDryRun(target, folder, `t:${bucket}/${prefix}`, true), []);
      const third = await planSync(s3, spec(folder, prefix), { known: again.stamps });
      assert.equal(third.counts.heads, 0, 'an unchanged listing needs no HEAD');
      assert.equal(third.unchanged, third.counts.remote);

      // The other way, into an empty folder: all new; after it, rclone finds nothing to copy.
      const down = join(root, 'agree-down');
      const downPlan = await planSync(s3, spec(down, prefix, { direction: 'mirror-down' }));
      assert.equal(downPlan.actions.length, third.counts.remote);
      assert.ok(downPlan.actions.every((a) => a.op === 'download' && a.why === 'new'));
      await apply(s3, downPlan);
      assert.deepEqual(readFileSync(join(down, 'sub/dir/nested.txt'), 'utf8'), 'nested\n');
      assert.equal(statSync(join(down, 'same.txt')).mtimeMs, 1_700_000_000_000, 'a download takes the object time');
      const downAgain = await planSync(s3, spec(down, prefix, { direction: 'mirror-down' }));
      assert.deepEqual(
        ops(downAgain),
        [],
        JSON.stringify(
          await Promise.all(
            downAgain.actions.map(async (a) => ({
              rel: a.rel,
              localNs: String(a.local?.mtimeNs),
              setTo: String(a.mtimeNs),
              listed: a.remote,
              head: (await s3.headObject(bucket, a.remote!.key)).metadata,
              downloaded: downPlan.actions.find((d) => d.rel === a.rel),
            })),
          ),
          (_k, v) => (typeof v === 'bigint' ? String(v) : v),
        ),
      );
      // Nothing to copy for rclone either. It would set some times again: Node cannot set a file's
      // time to the nanosecond (MODIFY_WINDOW_NS), and rclone's window here is 1 ns.
      const rcloneDown = await rcloneDryRun(target, `t:${bucket}/${prefix}`, down, false);
      assert.deepEqual(
        rcloneDown.filter((l) => !l.startsWith('touch-local ')),
        [],
      );
    });

    it('checksum mode: MD5s decide, and a multipart ETag is recomputed from the file', async () => {
      const folder = join(root, 'sums');
      const prefix = 'sums/';
      mkdirSync(folder, { recursive: true });
      const big = randomBytes(11 * MiB);
      writeFileSync(join(folder, 'big.bin'), big);
      writeFileSync(join(folder, 'small.txt'), 'EEEE\n');
      // Uploaded elsewhere with 5 MiB parts (rclone's chunk): three parts, no stored checksum.
      await upload(s3, { bucket, key: `${prefix}big.bin`, file: join(folder, 'big.bin'), partSize: 5 * MiB });
      await s3.putObject(bucket, `${prefix}small.txt`, 'EEEE\n');
      const etag = (await s3.headObject(bucket, `${prefix}big.bin`)).etag;
      assert.equal(multipartParts(etag), 3);
      assert.equal((await hashFile(join(folder, 'big.bin'), 5 * MiB)).multipartEtag, etag!.replace(/"/g, ''));
      const checksum = spec(folder, prefix, { direction: 'upload', detection: 'checksum' });
      assert.deepEqual(ops(await planSync(s3, checksum)), [], 'same bytes: unchanged whatever the times');
      // Same size, other bytes, in both.
      big[7 * MiB] ^= 0xff;
      writeFileSync(join(folder, 'big.bin'), big);
      writeFileSync(join(folder, 'small.txt'), 'FFFF\n');
      const plan = await planSync(s3, checksum);
      assert.deepEqual(ops(plan), ['upload big.bin', 'upload small.txt']);
      assert.ok(plan.actions.every((a) => a.why === 'content'));
    });

    it('a file that changes after the plan, or while it is read, is not stored and is named', async () => {
      const folder = join(root, 'moving');
      const prefix = 'moving/';
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'before.txt'), 'one\n');
      writeFileSync(join(folder, 'during.bin'), randomBytes(3 * MiB));
      writeFileSync(join(folder, 'during-big.bin'), randomBytes(10 * MiB));
      const plan = await planSync(s3, spec(folder, prefix, { direction: 'upload' }));
      assert.equal(plan.actions.length, 3);
      // Changed between the preview and the run.
      writeFileSync(join(folder, 'before.txt'), 'two\n');
      const changed: string[] = [];
      const items = syncItems(s3, plan.spec, plan.actions, {
        partConcurrency: 1,
        onChanged: (a) => changed.push(a.rel),
      });
      // Changed while being read: the first bytes sent move the file's time.
      for (const item of items)
        await item.run(new AbortController().signal, (n) => {
          if (n > 0 && item.label.startsWith('during')) setTime(join(folder, item.label), 1_600_000_000 + n);
        });
      assert.deepEqual(changed.sort(), ['before.txt', 'during-big.bin', 'during.bin']);
      const listed = await s3.listObjectsPage({ bucket, prefix });
      assert.deepEqual(listed.contents, [], 'none of them was stored');
      if (target.caps.listUploads)
        assert.deepEqual((await s3.listMultipartUploads(bucket)).uploads, [], 'the multipart upload was aborted');
      // The client's own refusal is the one the sync reports.
      await assert.rejects(
        upload(s3, {
          bucket,
          key: `${prefix}x`,
          file: join(folder, 'before.txt'),
          expect: { size: 4, mtimeNs: 1n },
        }),
        (e: unknown) => isSourceChanged(e),
      );
    });

    it('both ways: each side gets what it lacks, the later modified copy wins, nothing is deleted', async () => {
      const folder = join(root, 'both');
      const prefix = 'both/';
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'local-only.txt'), 'l\n');
      writeFileSync(join(folder, 'newer-here.txt'), 'here, newer\n');
      setTime(join(folder, 'newer-here.txt'), 2_000_000_000);
      writeFileSync(join(folder, 'newer-there.txt'), 'here, older\n');
      setTime(join(folder, 'newer-there.txt'), 1_000_000_000);
      await s3.putObject(bucket, `${prefix}remote-only.txt`, 'r\n');
      await s3.putObject(bucket, `${prefix}newer-here.txt`, 'there\n');
      await s3.putObject(bucket, `${prefix}newer-there.txt`, 'there, newer\n');
      const plan = await planSync(s3, spec(folder, prefix, { direction: 'both' }));
      assert.deepEqual(ops(plan), [
        'download newer-there.txt',
        'download remote-only.txt',
        'upload local-only.txt',
        'upload newer-here.txt',
      ]);
      await apply(s3, plan);
      assert.equal(readFileSync(join(folder, 'newer-there.txt'), 'utf8'), 'there, newer\n');
      const body = await s3.getObject(bucket, `${prefix}newer-here.txt`);
      const h = createHash('md5');
      for await (const c of body.body) h.update(c as Buffer);
      assert.equal(h.digest('hex'), createHash('md5').update('here, newer\n').digest('hex'));
    });
  });
}

/**
 * rclone with a remote `t:` for the target, configured by environment only. Asynchronous: the
 * sandbox answers from this very process.
 */
function rclone(target: S3Target, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(RCLONE, args, {
    env: { PATH: process.env.PATH, HOME: tmpdir(), ...rcloneEnv(target) },
    encoding: 'utf8',
  });
}

function rcloneEnv(target: S3Target): Record<string, string> {
  return {
    RCLONE_CONFIG: '/dev/null',
    RCLONE_CONFIG_T_TYPE: 's3',
    RCLONE_CONFIG_T_PROVIDER: 'Other',
    RCLONE_CONFIG_T_ACCESS_KEY_ID: target.access,
    RCLONE_CONFIG_T_SECRET_ACCESS_KEY: target.secret,
    RCLONE_CONFIG_T_ENDPOINT: target.baseUrl,
    RCLONE_CONFIG_T_REGION: 'KR1',
    RCLONE_CONFIG_T_FORCE_PATH_STYLE: 'true',
  };
}

test("the extension sets a file's time only through setFileTime (the one place that reads it back)", () => {
  const root = join(__dirname, '../../../src');
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith(join('storage', 'sync', 'apply.ts')))
        if (/\b(?:l|f)?utimes(?:Sync)?\b/.test(readFileSync(p, 'utf8'))) offenders.push(p);
    }
  };
  walk(root);
  assert.deepEqual(offenders, []);
});

test('a time set on a file comes back within the window, whatever its nanoseconds, and whole seconds exactly (libuv 1.46 keeps microseconds, 1.52 the nanoseconds of a double)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nhncloud-sync-times-'));
  try {
    const file = join(dir, 'f');
    writeFileSync(file, 'x');
    for (const base of [1_795_790_538_000_000_000n, 1_764_255_050_000_000_000n, 1_700_000_000_000_000_000n])
      for (const sub of [0n, 1n, 499n, 500n, 998n, 999n, 123_456_999n, 999_999_999n]) {
        const ns = base + sub;
        await setFileTime(file, ns);
        const back = statSync(file, { bigint: true }).mtimeNs;
        assert.ok(ns - back >= 0n && ns - back < MODIFY_WINDOW_NS, `${ns} came back as ${back}`);
        if (sub === 0n) assert.equal(back, ns, 'a whole second comes back exactly');
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
