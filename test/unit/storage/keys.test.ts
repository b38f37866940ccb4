// Keys, prefixes, object URIs, sizes, binary sniffing, export paths and presigned URLs
// (src/storage/keys.ts). The presigned URL is checked against an independent SigV4
// computation with node:crypto, so a change of aws4 or of our encoding shows.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import {
  asPrefix,
  baseName,
  defaultLogPath,
  exportedKey,
  formatRate,
  formatSize,
  keyForUpload,
  keyProblem,
  looksBinary,
  objectPath,
  objectUrl,
  parentPrefix,
  parseObjectPath,
  presignGetUrl,
  relativeDownloadPath,
} from '../../../src/storage/keys';

describe('storage keys', () => {
  it('object URIs: path round trip, keys with spaces and deep folders', () => {
    const a = { region: 'KR1', bucket: 'logs', key: 'a b/c/d.txt' };
    assert.equal(objectPath(a), '/KR1/logs/a b/c/d.txt');
    assert.deepEqual(parseObjectPath('p1', objectPath(a)), { profileId: 'p1', ...a });
    assert.deepEqual(parseObjectPath('p1', '/KR1/logs'), { profileId: 'p1', region: 'KR1', bucket: 'logs', key: '' });
    assert.deepEqual(parseObjectPath('p1', '/KR1/logs/dir/'), {
      profileId: 'p1',
      region: 'KR1',
      bucket: 'logs',
      key: 'dir/',
    });
    assert.equal(parseObjectPath('p1', '/KR1'), undefined);
    assert.equal(parseObjectPath('', '/KR1/b/k'), undefined);
  });
  it('prefixes and names', () => {
    assert.equal(parentPrefix('a/b/c.txt'), 'a/b/');
    assert.equal(parentPrefix('a/b/'), 'a/');
    assert.equal(parentPrefix('c.txt'), '');
    assert.equal(baseName('a/b/'), 'b');
    assert.equal(baseName('a/b.txt'), 'b.txt');
    assert.equal(asPrefix(''), '');
    assert.equal(asPrefix('/logs'), 'logs/');
    assert.equal(asPrefix('logs/'), 'logs/');
  });
  it('upload keys keep the folder structure with / on every platform', () => {
    assert.equal(keyForUpload('in/', 'sub\\x\\y.txt'), 'in/sub/x/y.txt');
    assert.equal(keyForUpload('', 'y.txt'), 'y.txt');
    assert.equal(keyForUpload('in', 'a//b'), 'in/a/b');
  });
  it('download paths never leave the chosen folder', () => {
    assert.equal(relativeDownloadPath('logs/', 'logs/2024/a.txt'), '2024/a.txt');
    assert.equal(relativeDownloadPath('logs/', 'logs/../../etc/passwd'), 'etc/passwd');
    assert.equal(relativeDownloadPath('x/', 'other/b.txt'), 'b.txt');
  });
  it('key problems', () => {
    assert.equal(keyProblem('a/b.txt'), undefined);
    assert.match(keyProblem('')!, /Enter/);
    assert.match(keyProblem('/a')!, /start/);
    assert.match(keyProblem('a/../b')!, /\.\./);
    assert.match(keyProblem('a\u0001b')!, /control/);
    assert.match(keyProblem('é'.repeat(600))!, /1024 bytes/);
  });
  it('sizes and rates', () => {
    assert.equal(formatSize(0), '0 B');
    assert.equal(formatSize(1023), '1023 B');
    assert.equal(formatSize(1024), '1.0 KB');
    assert.equal(formatSize(20 * 1024 * 1024), '20.0 MB');
    assert.equal(formatSize(150 * 1024 * 1024), '150 MB');
    assert.equal(formatSize(-1), '?');
    assert.equal(formatRate(10 * 1024 * 1024, 2000), '5.0 MB/s');
    assert.equal(formatRate(1, 0), '');
  });
  it('binary sniffing', () => {
    assert.equal(looksBinary(Buffer.from('hello\nworld\t\r\n')), false);
    assert.equal(looksBinary(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00])), true);
    assert.equal(looksBinary(Buffer.from('한국어 텍스트')), false);
    assert.equal(looksBinary(Buffer.alloc(0)), false);
    assert.equal(looksBinary(Buffer.from(Array.from({ length: 100 }, (_, i) => (i % 3 ? 65 : 2)))), true);
  });
  it('export paths', () => {
    assert.equal(defaultLogPath('db-1', new Date(2024, 1, 3, 23, 0)), 'rds-logs/db-1/2024-02-03/');
    assert.equal(
      exportedKey('rds-logs/db-1/2024-02-03/', 'mysql-error.log'),
      'rds-logs/db-1/2024-02-03/mysql-error.log',
    );
    assert.equal(exportedKey('/x/', 'a'), 'x/a');
    assert.equal(exportedKey('', 'a'), 'a');
  });
});

describe('presigned URLs', () => {
  const opts = {
    baseUrl: 'https://kr1-api-object-storage.nhncloudservice.com',
    bucket: 'b1',
    key: 'dir/a b+c.txt',
    accessKey: 'AK',
    secretKey: 'SECRET',
    region: 'KR1',
    expiresSeconds: 3600,
    now: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
  };

  function expectedSignature(url: URL): string {
    const q = [...url.searchParams.entries()].filter(([k]) => k !== 'X-Amz-Signature');
    const enc = (s: string) =>
      encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const canonicalQuery = q
      .map(([k, v]) => [enc(k), enc(v)])
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonical = ['GET', url.pathname, canonicalQuery, `host:${url.host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join(
      '\n',
    );
    const scope = `20240102/KR1/s3/aws4_request`;
    const toSign = [
      'AWS4-HMAC-SHA256',
      '20240102T030405Z',
      scope,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    let k: Buffer = createHmac('sha256', 'AWS4SECRET').update('20240102').digest();
    for (const part of ['KR1', 's3', 'aws4_request']) k = createHmac('sha256', k).update(part).digest();
    return createHmac('sha256', k).update(toSign).digest('hex');
  }

  it('signs the query with SigV4 (service s3, the given region and expiry)', () => {
    const url = new URL(presignGetUrl(opts));
    assert.equal(url.pathname, '/b1/dir/a%20b%2Bc.txt');
    assert.equal(url.searchParams.get('X-Amz-Algorithm'), 'AWS4-HMAC-SHA256');
    assert.equal(url.searchParams.get('X-Amz-Credential'), 'AK/20240102/KR1/s3/aws4_request');
    assert.equal(url.searchParams.get('X-Amz-Expires'), '3600');
    assert.equal(url.searchParams.get('X-Amz-Date'), '20240102T030405Z');
    assert.equal(url.searchParams.get('X-Amz-Signature'), expectedSignature(url));
    assert.ok(!url.toString().includes('SECRET'));
  });
  it('another expiry or region gives another signature; bounds are enforced', () => {
    const a = new URL(presignGetUrl(opts)).searchParams.get('X-Amz-Signature');
    assert.notEqual(new URL(presignGetUrl({ ...opts, expiresSeconds: 60 })).searchParams.get('X-Amz-Signature'), a);
    assert.notEqual(new URL(presignGetUrl({ ...opts, region: 'gov' })).searchParams.get('X-Amz-Signature'), a);
    assert.throws(() => presignGetUrl({ ...opts, expiresSeconds: 7 * 86400 + 1 }), RangeError);
    assert.throws(() => presignGetUrl({ ...opts, expiresSeconds: 0 }), RangeError);
  });
  it('keeps a base path (a proxy or the sandbox) in front of the bucket', () => {
    const url = new URL(presignGetUrl({ ...opts, baseUrl: 'http://127.0.0.1:9/storage/kr1' }));
    assert.equal(url.pathname, '/storage/kr1/b1/dir/a%20b%2Bc.txt');
    assert.equal(url.searchParams.get('X-Amz-Signature'), expectedSignature(url));
    assert.equal(objectUrl('http://h/base/', 'b', 'a b'), 'http://h/base/b/a%20b');
  });
});
