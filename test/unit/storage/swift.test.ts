// Every S3 operation of the client against OpenStack Swift's own S3 layer (s3api 2.30.1, the
// software behind NHN Cloud Object Storage), and the same assertions against the sandbox, which
// must answer as Swift does. Without Swift installed this file FAILS with what to install.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import aws4 from 'aws4';
import { isApiError, isAuthError } from '../../../src/client/errors';
import type { S3Client } from '../../../src/client/storage/client';
import { safeLocalPath } from '../../../src/client/storage/localPath';
import { download } from '../../../src/client/storage/download';
import { MiB, upload } from '../../../src/client/storage/transfer';
import { keyForUpload, presignGetUrl, relativeDownloadPath } from '../../../src/storage/keys';
import { startSandbox, startSwiftTarget, type S3Target } from '../../support/s3Servers';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();

const readAll = async (s: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

async function rejects(p: Promise<unknown>, check: (e: unknown) => boolean, label: string): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    assert.ok(check(e), `${label}: unexpected error ${String(e)} ${JSON.stringify(e)}`);
    return e;
  }
  return assert.fail(`${label}: expected a failure`);
}

/** A GET signed with SigV4 (region KR1) but sent by plain fetch: requests the client never makes. */
async function signedGet(target: S3Target, pathAndQuery: string): Promise<string> {
  const base = new URL(target.baseUrl);
  const signed = aws4.sign(
    {
      host: base.host,
      path: `${base.pathname.replace(/\/+$/, '')}${pathAndQuery}`,
      method: 'GET',
      service: 's3',
      region: 'KR1',
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { accessKeyId: target.access, secretAccessKey: target.secret },
  );
  const res = await fetch(`${base.origin}${signed.path}`, { headers: signed.headers as Record<string, string> });
  const body = await res.text();
  assert.equal(res.status, 200, body);
  return body;
}

const code = (c: string) => (e: unknown) => isApiError(e) && e.code === c;

/** Keys the service must keep exactly: spaces, unicode, `%`, `+`, `?`, `&`, `=`, `#`. */
const AWKWARD = [
  'with space/a b.txt',
  'unicode/한글 파일 ünï 🚀.txt',
  'percent/100% %2F done.txt',
  'plus/a+b.txt',
  'question/why?.txt',
  'question/?x=1&y=2#z',
];

const TARGETS = [
  { name: 'swift', start: startSwiftTarget },
  // The sandbox expects the region Swift is configured with (`location = KR1`), as the live service does.
  { name: 'sandbox', start: () => startSandbox({ seed: false, signingRegions: { KR1: 'KR1' } }) },
] as const;

for (const t of TARGETS) {
  describe(`S3 client against ${t.name} (as OpenStack Swift s3api answers)`, () => {
    let target: S3Target;
    let s3: S3Client;
    let dir: string;
    const bucket = 'swift-suite';

    before(async () => {
      target = await t.start();
      s3 = target.client();
      dir = await mkdtemp(join(tmpdir(), `s3-${t.name}-`));
      await s3.createBucket(bucket);
    });
    after(async () => {
      await target?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('a save from the editor keeps the Content-Type and metadata; a new object and an upload get the type of their name (issue 25, defect 1)', async () => {
      const { ObjectFileSystem } =
        require('../../../src/storage/objectFs') as typeof import('../../../src/storage/objectFs');
      const { uploadFile } =
        require('../../../src/storage/folderTransfer') as typeof import('../../../src/storage/folderTransfer');
      const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} };
      const fs = new ObjectFileSystem({
        profiles: { active: () => ({ id: 'p1' }), list: () => [{ id: 'p1', name: 'p1' }] },
        clients: { s3: async () => s3 },
        log,
      } as any);
      const uri = (key: string): any => {
        const path = `/KR1/${bucket}/${key}`;
        const u = {
          scheme: 'nhncloud-s3',
          authority: 'p1',
          path,
          with: () => u,
          toString: () => `nhncloud-s3://p1${path}`,
        };
        return u;
      };
      try {
        await s3.putObject(bucket, 'docs/README.md', Buffer.from('# one\n'), {
          contentType: 'text/markdown',
          metadata: { owner: 'docs-team' },
        });
        await fs.readFile(uri('docs/README.md'));
        await fs.writeFile(uri('docs/README.md'), Buffer.from('# two\n'), { create: true, overwrite: true });
        const saved = await s3.headObject(bucket, 'docs/README.md');
        assert.equal(saved.contentType, 'text/markdown', 'the saved object keeps its type');
        assert.equal(saved.metadata.owner, 'docs-team', 'and its metadata');

        await fs.writeFile(uri('docs/new.json'), Buffer.from('{}'), { create: true, overwrite: false });
        assert.equal((await s3.headObject(bucket, 'docs/new.json')).contentType, 'application/json');

        const file = join(dir, 'notes.txt');
        await writeFile(file, 'plain text\n');
        const task = { key: 'up/notes.txt', file, size: 11 };
        await uploadFile(s3, bucket, task, 1, new AbortController().signal, () => undefined);
        assert.equal((await s3.headObject(bucket, 'up/notes.txt')).contentType, 'text/plain; charset=utf-8');
        await uploadFile(s3, bucket, task, 1, new AbortController().signal, () => undefined, { txt: 'text/x-notes' });
        assert.equal((await s3.headObject(bucket, 'up/notes.txt')).contentType, 'text/x-notes', 'the setting wins');
      } finally {
        fs.dispose();
      }
    });

    it('corrects a wrong signing region once, from the error the server sends', async () => {
      const corrected: string[] = [];
      const wrong = target.client({ signingRegion: 'gov', onSigningRegionCorrected: (r) => corrected.push(r) });
      assert.ok((await wrong.listBuckets()).buckets.some((b) => b.name === bucket));
      assert.deepEqual(corrected, ['KR1']);
      assert.equal(wrong.region, 'KR1');
      // A HEAD has no error body: the client asks the bucket list which region is wanted.
      const head = target.client({ signingRegion: 'gov' });
      assert.equal(await head.headBucket(bucket), true);
      assert.equal(head.region, 'KR1');
    });

    it('refuses a wrong secret and an unknown access key as authentication errors', async () => {
      await rejects(
        target.client({ secretKey: 'not-the-secret' }).listBuckets(),
        (e) => isAuthError(e) && e.reason === 'unauthenticated' && /secret key/.test(e.message),
        'wrong secret',
      );
      await rejects(
        target.client({ accessKey: 'nobody:none' }).listBuckets(),
        (e) => isAuthError(e) && e.reason === 'unauthenticated',
        'unknown access key',
      );
    });

    it('creates, heads, lists, locates and deletes buckets; names the failures', async () => {
      await s3.createBucket('life-cycle.bucket');
      assert.equal(await s3.headBucket('life-cycle.bucket'), true);
      assert.equal(await s3.headBucket('no-such-bucket-here'), false);
      const { buckets, owner } = await s3.listBuckets();
      const made = buckets.find((b) => b.name === 'life-cycle.bucket');
      assert.ok(made?.creationDate && !Number.isNaN(Date.parse(made.creationDate)), JSON.stringify(made));
      assert.ok(owner.id, 'the owner has an id');
      assert.equal(await s3.getBucketLocation('life-cycle.bucket'), 'KR1');
      await rejects(s3.createBucket('life-cycle.bucket'), code('BucketAlreadyOwnedByYou'), 'create twice');
      await s3.putObject('life-cycle.bucket', 'x', 'x');
      await rejects(s3.deleteBucket('life-cycle.bucket'), code('BucketNotEmpty'), 'not empty');
      await s3.deleteObject('life-cycle.bucket', 'x');
      await s3.deleteBucket('life-cycle.bucket');
      assert.equal(await s3.headBucket('life-cycle.bucket'), false);
      await rejects(s3.deleteBucket('no-such-bucket-here'), code('NoSuchBucket'), 'delete missing');
      await rejects(s3.listObjectsPage({ bucket: 'no-such-bucket-here' }), code('NoSuchBucket'), 'list missing');
    });

    it('reads and sets bucket ACLs, canned and as a policy', async () => {
      await s3.createBucket('acl-bucket');
      const acl = await s3.getBucketAcl('acl-bucket');
      assert.ok(acl.owner.id);
      assert.deepEqual(
        acl.grants.map((g) => [g.grantee.type, g.grantee.id, g.permission]),
        [['CanonicalUser', acl.owner.id, 'FULL_CONTROL']],
      );
      await s3.putObject('acl-bucket', 'k', 'v');
      // Swift's own (non-S3) address of the object: how an anonymous reader sees the ACL's effect
      // (the account is the part of tempauth's `account:user` key before the colon).
      const account = target.access.split(':')[0];
      const anonymous = () =>
        fetch(`${target.baseUrl}/v1/AUTH_${account}/acl-bucket/k`).then(async (r) => (await r.arrayBuffer(), r.status));
      if (t.name === 'swift') assert.equal(await anonymous(), 401, 'private before');
      await s3.putBucketAcl('acl-bucket', 'public-read');
      const pub = await s3.getBucketAcl('acl-bucket');
      if (t.name === 'swift') {
        // s3api in its default mode (s3_acl = false) maps canned ACLs onto the container's read
        // ACL: the effect is real, but GET ?acl keeps answering the owner's grant alone.
        assert.equal(await anonymous(), 200, 'public-read lets anyone read');
        assert.deepEqual(
          pub.grants.map((g) => g.permission),
          ['FULL_CONTROL'],
        );
      } else {
        assert.ok(
          pub.grants.some(
            (g) => g.grantee.type === 'Group' && /AllUsers$/.test(g.grantee.uri ?? '') && g.permission === 'READ',
          ),
          JSON.stringify(pub.grants),
        );
      }
      await s3.putBucketAcl('acl-bucket', {
        owner: acl.owner,
        grants: [{ grantee: { type: 'CanonicalUser', id: acl.owner.id }, permission: 'FULL_CONTROL' }],
      });
      const back = await s3.getBucketAcl('acl-bucket');
      assert.deepEqual(
        back.grants.map((g) => g.permission),
        ['FULL_CONTROL'],
      );
      await s3.deleteObject('acl-bucket', 'k');
      await s3.deleteBucket('acl-bucket');
    });

    it('keeps awkward keys exactly: put, list, head, get, copy, delete', async () => {
      for (const key of AWKWARD) await s3.putObject(bucket, `awk/${key}`, `content of ${key}`);
      const listed: string[] = [];
      for await (const page of s3.listObjects({ bucket, prefix: 'awk/' }))
        listed.push(...page.contents.map((c) => c.key));
      assert.deepEqual(listed, AWKWARD.map((k) => `awk/${k}`).sort());
      for (const key of AWKWARD) {
        assert.equal((await s3.headObject(bucket, `awk/${key}`)).size, Buffer.byteLength(`content of ${key}`), key);
        assert.equal(
          (await readAll((await s3.getObject(bucket, `awk/${key}`)).body)).toString(),
          `content of ${key}`,
          key,
        );
        await s3.copyObject({ bucket, key: `awk/${key}` }, { bucket, key: `awk-copy/${key}` });
        assert.equal(
          (await readAll((await s3.getObject(bucket, `awk-copy/${key}`)).body)).toString(),
          `content of ${key}`,
          `copy of ${key}`,
        );
      }
      // The prefix itself may hold the awkward characters.
      const q = await s3.listObjectsPage({ bucket, prefix: 'awk/question/why?' });
      assert.deepEqual(
        q.contents.map((c) => c.key),
        ['awk/question/why?.txt'],
      );
      const result = await s3.deleteObjects(bucket, [
        ...AWKWARD.map((k) => `awk/${k}`),
        ...AWKWARD.map((k) => `awk-copy/${k}`),
      ]);
      assert.equal(result.errors.length, 0, JSON.stringify(result.errors));
      assert.equal(result.deleted.length, AWKWARD.length * 2);
      assert.equal((await s3.listObjectsPage({ bucket, prefix: 'awk' })).contents.length, 0);
    });

    it('lists with prefix, delimiter, marker and max-keys; pages end where they should', async () => {
      const keys = ['list/a.txt', 'list/b/1.txt', 'list/b/2.txt', 'list/c.txt', 'list/d/1.txt', 'list/e.txt'];
      for (const k of keys) await s3.putObject(bucket, k, k);
      const top = await s3.listObjectsPage({ bucket, prefix: 'list/', delimiter: '/' });
      assert.deepEqual(
        top.contents.map((c) => c.key),
        ['list/a.txt', 'list/c.txt', 'list/e.txt'],
      );
      assert.deepEqual(top.commonPrefixes, ['list/b/', 'list/d/']);
      assert.equal(top.isTruncated, false);
      assert.equal(top.prefix, 'list/');
      const entry = top.contents[0];
      assert.match(entry.etag ?? '', /^"[0-9a-f]{32}"$/, 'ETags are quoted MD5s');
      assert.equal(entry.etag, `"${createHash('md5').update('list/a.txt').digest('hex')}"`);
      assert.equal(entry.size, 'list/a.txt'.length);
      assert.match(
        entry.lastModified ?? '',
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/,
        'listing times in whole seconds, as Swift writes them',
      );
      // max-keys=0 (the client never sends it; other tools do): an empty page, not truncated.
      const zero = await signedGet(target, `/${bucket}?max-keys=0&prefix=list%2F`);
      assert.match(zero, /<IsTruncated>false<\/IsTruncated>/);
      assert.doesNotMatch(zero, /<Contents>/);

      // Two at a time with the delimiter: a common prefix counts as one entry, NextMarker is sent.
      const seen: string[] = [];
      let pages = 0;
      for await (const page of s3.listObjects({ bucket, prefix: 'list/', delimiter: '/', maxKeys: 2 })) {
        pages++;
        seen.push(...page.contents.map((c) => c.key), ...page.commonPrefixes);
        assert.ok(page.contents.length + page.commonPrefixes.length <= 2);
      }
      assert.deepEqual(seen.sort(), ['list/a.txt', 'list/b/', 'list/c.txt', 'list/d/', 'list/e.txt']);
      assert.equal(pages, 3);
      // Without a delimiter: the last key is the next marker.
      const first = await s3.listObjectsPage({ bucket, prefix: 'list/', maxKeys: 4 });
      assert.equal(first.isTruncated, true);
      assert.deepEqual(
        first.contents.map((c) => c.key),
        keys.slice(0, 4),
      );
      const rest = await s3.listObjectsPage({ bucket, prefix: 'list/', marker: first.nextMarker });
      assert.deepEqual(
        rest.contents.map((c) => c.key),
        keys.slice(4),
      );
      assert.equal(rest.isTruncated, false);
      // A marker past the end, a prefix that matches nothing.
      assert.equal((await s3.listObjectsPage({ bucket, prefix: 'list/', marker: 'list/zzz' })).contents.length, 0);
      assert.equal((await s3.listObjectsPage({ bucket, prefix: 'nothing-here/' })).contents.length, 0);
      await s3.deleteObjects(bucket, keys);
    });

    it('lists with ListObjectsV2 as the AWS CLI and rclone do: continuation tokens, start-after, KeyCount', async () => {
      // The client lists with v1 (the API documents it); the tools people use list with v2, and a
      // v2 request answered as v1 stops after its first page without saying so.
      const keys = ['v2/a.txt', 'v2/b/1.txt', 'v2/c.txt', 'v2/d.txt', 'v2/e.txt'];
      for (const k of keys) await s3.putObject(bucket, k, k);
      const tag = (body: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];
      const keysOf = (body: string) => [...body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]);
      const seen: string[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const body = await signedGet(
          target,
          `/${bucket}?list-type=2&prefix=v2%2F&max-keys=2${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`,
        );
        pages++;
        const page = keysOf(body);
        assert.equal(Number(tag(body, 'KeyCount')), page.length, 'KeyCount counts the entries of the page');
        assert.doesNotMatch(body, /<Owner>/, 'no owner unless fetch-owner=true');
        seen.push(...page);
        token = tag(body, 'IsTruncated') === 'true' ? tag(body, 'NextContinuationToken') : undefined;
        if (tag(body, 'IsTruncated') === 'true') assert.ok(token, 'a truncated v2 page has a NextContinuationToken');
      } while (token && pages < 10);
      assert.deepEqual(seen, keys);
      assert.equal(pages, 3);
      const after = await signedGet(target, `/${bucket}?list-type=2&prefix=v2%2F&start-after=v2%2Fc.txt`);
      assert.deepEqual(keysOf(after), ['v2/d.txt', 'v2/e.txt']);
      assert.equal(tag(after, 'StartAfter'), 'v2/c.txt');
      await s3.deleteObjects(bucket, keys);
    });

    it('stores metadata and content type; head and get return them; ranges are inclusive', async () => {
      const body = Buffer.from('0123456789abcdefghij');
      const put = await s3.putObject(bucket, 'meta/obj.bin', body, {
        contentType: 'text/x-test',
        metadata: { owner: 'team-a', note: '한글 note' },
      });
      assert.equal(put.etag, `"${createHash('md5').update(body).digest('hex')}"`);
      const info = await s3.headObject(bucket, 'meta/obj.bin');
      assert.equal(info.size, 20);
      assert.equal(info.contentType, 'text/x-test');
      assert.equal(info.etag, put.etag);
      assert.deepEqual(info.metadata, { owner: 'team-a', note: '한글 note' });
      assert.ok(info.lastModified && !Number.isNaN(Date.parse(info.lastModified)));

      const part = await s3.getObject(bucket, 'meta/obj.bin', { range: { start: 2, end: 5 } });
      assert.equal(part.status, 206);
      assert.equal(part.contentRange, 'bytes 2-5/20');
      assert.equal(part.size, 20, 'the size of a ranged answer is the whole object');
      assert.equal((await readAll(part.body)).toString(), '2345');
      const tail = await s3.getObject(bucket, 'meta/obj.bin', { range: { start: 15 } });
      assert.equal((await readAll(tail.body)).toString(), 'fghij');
      const past = await s3.getObject(bucket, 'meta/obj.bin', { range: { start: 18, end: 100 } });
      assert.equal((await readAll(past.body)).toString(), 'ij', 'an end past the object is cut to it');
      await rejects(
        s3.getObject(bucket, 'meta/obj.bin', { range: { start: 20 } }),
        code('InvalidRange'),
        'range past the end',
      );
      await rejects(s3.getObject(bucket, 'meta/missing'), code('NoSuchKey'), 'get missing');
      await rejects(s3.headObject(bucket, 'meta/missing'), (e) => isApiError(e) && e.status === 404, 'head missing');

      // Copy keeps metadata (COPY directive) and the ETag of a single-part object.
      const copied = await s3.copyObject({ bucket, key: 'meta/obj.bin' }, { bucket, key: 'meta/copy.bin' });
      assert.equal(copied.etag, put.etag);
      assert.deepEqual((await s3.headObject(bucket, 'meta/copy.bin')).metadata, { owner: 'team-a', note: '한글 note' });
      await rejects(
        s3.copyObject({ bucket, key: 'meta/missing' }, { bucket, key: 'meta/x' }),
        code('NoSuchKey'),
        'copy missing',
      );
      // Deleting a key that is not there is not an error (S3 rule).
      await s3.deleteObject(bucket, 'meta/never-was');
      const multi = await s3.deleteObjects(bucket, ['meta/obj.bin', 'meta/copy.bin', 'meta/never-was']);
      assert.deepEqual(multi.deleted.sort(), ['meta/copy.bin', 'meta/never-was', 'meta/obj.bin']);
    });

    it('multipart: initiate, upload, list parts and uploads, copy a part, complete; the ETag ends in -N', async () => {
      const key = 'mp/big file.bin';
      const a = Buffer.alloc(5 * MiB, 1);
      const b = Buffer.from('the last part may be small');
      const id = await s3.initiateMultipartUpload(bucket, key, {
        contentType: 'application/x-test',
        metadata: { kind: 'multi' },
      });
      const e1 = await s3.uploadPart(bucket, key, id, 1, a);
      assert.equal(e1, `"${createHash('md5').update(a).digest('hex')}"`);
      const e2 = await s3.uploadPart(bucket, key, id, 2, b);
      const parts = await s3.listParts(bucket, key, id);
      assert.deepEqual(
        parts.parts.map((p) => [p.partNumber, p.etag, p.size]),
        [
          [1, e1, a.length],
          [2, e2, b.length],
        ],
      );
      const uploads = await s3.listMultipartUploads(bucket, { prefix: 'mp/' });
      assert.deepEqual(
        uploads.uploads.map((u) => [u.key, u.uploadId]),
        [[key, id]],
      );
      const done = await s3.completeMultipartUpload(bucket, key, id, [
        { partNumber: 1, etag: e1 },
        { partNumber: 2, etag: e2 },
      ]);
      const expected = createHash('md5')
        .update(Buffer.concat([createHash('md5').update(a).digest(), createHash('md5').update(b).digest()]))
        .digest('hex');
      assert.equal(done.etag, `"${expected}-2"`);
      const info = await s3.headObject(bucket, key);
      assert.equal(info.size, a.length + b.length);
      assert.equal(info.etag, done.etag);
      assert.equal(info.contentType, 'application/x-test');
      assert.deepEqual(info.metadata, { kind: 'multi' });
      assert.equal((await s3.listMultipartUploads(bucket, { prefix: 'mp/' })).uploads.length, 0);

      // Upload Part Copy: a range of the object just made, then the rest from a small object.
      const id2 = await s3.initiateMultipartUpload(bucket, 'mp/copied.bin');
      const c1 = await s3.uploadPartCopy(bucket, 'mp/copied.bin', id2, 1, {
        bucket,
        key,
        range: { start: 0, end: 5 * MiB - 1 },
      });
      assert.equal(c1, e1);
      const c2 = await s3.uploadPartCopy(bucket, 'mp/copied.bin', id2, 2, {
        bucket,
        key,
        range: { start: 5 * MiB, end: a.length + b.length - 1 },
      });
      await s3.completeMultipartUpload(bucket, 'mp/copied.bin', id2, [
        { partNumber: 1, etag: c1 },
        { partNumber: 2, etag: c2 },
      ]);
      assert.deepEqual(await readAll((await s3.getObject(bucket, 'mp/copied.bin')).body), Buffer.concat([a, b]));
      await s3.deleteObjects(bucket, [key, 'mp/copied.bin']);
    });

    it('multipart failures: too small a part, a wrong ETag, parts out of order, abort, a gone upload', async () => {
      const key = 'mp/failing.bin';
      const id = await s3.initiateMultipartUpload(bucket, key);
      const small = await s3.uploadPart(bucket, key, id, 1, 'too small to be anything but the last part');
      const last = await s3.uploadPart(bucket, key, id, 2, 'last');
      await rejects(
        s3.completeMultipartUpload(bucket, key, id, [
          { partNumber: 1, etag: small },
          { partNumber: 2, etag: last },
        ]),
        (e) => code('EntityTooSmall')(e) && /5 MiB/.test((e as Error).message),
        'too small',
      );
      await rejects(
        s3.completeMultipartUpload(bucket, key, id, [{ partNumber: 1, etag: '"0123456789abcdef0123456789abcdef"' }]),
        code('InvalidPart'),
        'wrong etag',
      );
      await rejects(
        s3.completeMultipartUpload(bucket, key, id, [{ partNumber: 3, etag: last }]),
        code('InvalidPart'),
        'missing part',
      );
      assert.equal(
        (await s3.listMultipartUploads(bucket, { prefix: key })).uploads.length,
        1,
        'a failed complete keeps the upload',
      );
      await s3.abortMultipartUpload(bucket, key, id);
      assert.equal((await s3.listMultipartUploads(bucket, { prefix: key })).uploads.length, 0);
      await rejects(s3.listParts(bucket, key, id), code('NoSuchUpload'), 'parts of an aborted upload');
      await rejects(s3.uploadPart(bucket, key, id, 1, 'x'), code('NoSuchUpload'), 'part of an aborted upload');
      await rejects(s3.abortMultipartUpload(bucket, key, id), code('NoSuchUpload'), 'abort twice');
      await rejects(s3.headObject(bucket, key), (e) => isApiError(e) && e.status === 404, 'nothing was stored');
    });

    it('presigned URLs work for a plain HTTP client; a changed one is refused', async () => {
      const key = 'presigned/a file+?.txt';
      await s3.putObject(bucket, key, 'presigned body');
      const url = presignGetUrl({
        baseUrl: target.baseUrl,
        bucket,
        key,
        accessKey: target.access,
        secretKey: target.secret,
        region: 'KR1',
        expiresSeconds: 300,
      });
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(await res.text(), 'presigned body');
      const tampered = await fetch(url.replace('presigned/a', 'presigned/b'));
      assert.equal(tampered.status, 403);
      await tampered.body?.cancel();
      const expired = presignGetUrl({
        baseUrl: target.baseUrl,
        bucket,
        key,
        accessKey: target.access,
        secretKey: target.secret,
        region: 'KR1',
        expiresSeconds: 60,
        now: new Date(Date.now() - 3600_000),
      });
      const late = await fetch(expired);
      assert.equal(late.status, 403);
      await late.body?.cancel();
      await s3.deleteObject(bucket, key);
    });

    it('uploads a folder and downloads it back, byte for byte, keys as the Explorer makes them', async () => {
      const local = join(dir, 'my folder');
      const files: Record<string, Buffer> = {
        'a.txt': Buffer.from('top file'),
        'sub dir/b.json': Buffer.from('{"b":1}'),
        'sub dir/deeper/c 한글.bin': Buffer.alloc(9 * MiB, 7), // above the multipart threshold
        'empty.txt': Buffer.alloc(0),
      };
      for (const [rel, data] of Object.entries(files)) {
        await mkdir(join(local, rel, '..'), { recursive: true });
        await writeFile(join(local, rel), data);
      }
      const walk = async (d: string): Promise<string[]> =>
        (await readdir(d, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name));
      const base = keyForUpload('uploads/', 'my folder');
      for (const f of await walk(local))
        await upload(s3, { bucket, key: keyForUpload(base, relative(local, f)), file: f });
      const listed: Array<{ key: string; size: number }> = [];
      for await (const page of s3.listObjects({ bucket, prefix: `${base}/` }))
        listed.push(...page.contents.map((c) => ({ key: c.key, size: c.size })));
      assert.deepEqual(
        listed.map((o) => o.key).sort(),
        Object.keys(files)
          .map((k) => `uploads/my folder/${k}`)
          .sort(),
      );
      const back = join(dir, 'downloaded');
      for (const o of listed) {
        const file = safeLocalPath(back, relativeDownloadPath(`${base}/`, o.key));
        await mkdir(join(file, '..'), { recursive: true });
        await download(s3, { bucket, key: o.key, file });
      }
      for (const [rel, data] of Object.entries(files)) assert.ok((await readFile(join(back, rel))).equals(data), rel);
      await s3.deleteObjects(
        bucket,
        listed.map((o) => o.key),
      );
    });

    if (t.name === 'swift') {
      it('a 200 MB multipart upload and download round-trip with the same SHA-256', async () => {
        const size = 200 * 1000 * 1000;
        const file = join(dir, 'big.bin');
        const h = createHash('sha256');
        // Varied bytes (not zeros): a part sent twice or out of place changes the digest.
        const block = Buffer.alloc(MiB);
        for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
        {
          const { open } = await import('node:fs/promises');
          const fh = await open(file, 'w');
          for (let off = 0, n = 0; off < size; off += MiB, n++) {
            const chunk = block.subarray(0, Math.min(MiB, size - off));
            chunk[0] = n & 0xff; // each MiB differs
            h.update(chunk);
            await fh.write(chunk);
          }
          await fh.close();
        }
        const want = h.digest('hex');
        const up = await upload(s3, { bucket, key: 'big/200MB.bin', file });
        assert.ok(up.parts > 1, `multipart (${up.parts} parts)`);
        assert.match(up.etag ?? '', new RegExp(`-${up.parts}"$`));
        assert.equal((await s3.headObject(bucket, 'big/200MB.bin')).size, size);
        await rm(file);
        const back = join(dir, 'big-back.bin');
        await download(s3, { bucket, key: 'big/200MB.bin', file: back });
        assert.equal((await stat(back)).size, size);
        const g = createHash('sha256');
        const { createReadStream } = await import('node:fs');
        for await (const c of createReadStream(back)) g.update(c as Buffer);
        assert.equal(g.digest('hex'), want);
        await rm(back);
        await s3.deleteObject(bucket, 'big/200MB.bin');
      });
    }
  });
}
