// Find in Bucket (src/storage/findKeys.ts): what a typed pattern matches (a part of a key with
// smart case, or a glob), the matches kept as pages arrive and re-made at once for a new
// pattern, and the whole listing below a prefix read from the sandbox page by page.
import { strict as assert } from 'node:assert';
import { after, before, test } from 'node:test';
import type { ObjectEntry, S3Client } from '../../../src/client/storage/client';
import { KeySearch, keyMatcher, listAllKeys } from '../../../src/storage/findKeys';
import { startSandbox, type S3Target } from '../../support/s3Servers';

test('a part of a key ignores case unless it has a capital; a glob without a slash matches the last part, with one the whole key', () => {
  const m = keyMatcher('report');
  assert.equal(m('2026/Q1/Report-final.csv'), true);
  assert.equal(keyMatcher('Report')('2026/q1/report.csv'), false, 'a capital letter: case counts');
  assert.equal(keyMatcher('*.log')('app/2026/11/server.log'), true);
  assert.equal(keyMatcher('*.log')('app/server.log.gz'), false);
  assert.equal(keyMatcher('2026/**/report-*.csv')('2026/11/27/report-a.csv'), true);
  assert.equal(keyMatcher('2026/**/report-*.csv')('2025/11/report-a.csv'), false);
  assert.equal(keyMatcher('.env')('config/.env'), true, 'a dot file is found');
  assert.equal(keyMatcher('  ')('anything'), true, 'nothing typed: everything');
});

test('matches grow with each page; a new pattern is matched against every key listed so far; folder markers are not results', () => {
  const entry = (key: string): ObjectEntry => ({ key, size: 1 });
  const search = new KeySearch('logs/');
  search.setPattern('*.gz');
  search.add(['logs/a.gz', 'logs/b.txt', 'logs/old/'].map(entry));
  assert.deepEqual(
    search.matches.map((e) => e.key),
    ['logs/a.gz'],
  );
  search.add(['logs/old/c.gz'].map(entry));
  assert.deepEqual(
    search.matches.map((e) => e.key),
    ['logs/a.gz', 'logs/old/c.gz'],
  );
  search.setPattern('old');
  assert.deepEqual(
    search.matches.map((e) => e.key),
    ['logs/old/c.gz'],
    'matched below the prefix: "logs/" itself is not searched',
  );
  assert.equal(search.listedCount, 4);
  // 100,000 keys: every one is matched again when the pattern changes (nothing dropped or doubled).
  const big = new KeySearch('');
  for (let p = 0; p < 100; p++) big.add(Array.from({ length: 1000 }, (_, i) => entry(`d${p}/k${p * 1000 + i}.bin`)));
  big.setPattern('k9999');
  assert.deepEqual(
    big.matches.map((e) => e.key),
    [
      'd9/k9999.bin',
      'd99/k99990.bin',
      'd99/k99991.bin',
      'd99/k99992.bin',
      'd99/k99993.bin',
      'd99/k99994.bin',
      'd99/k99995.bin',
      'd99/k99996.bin',
      'd99/k99997.bin',
      'd99/k99998.bin',
      'd99/k99999.bin',
    ],
  );
});

let sandbox: S3Target;
let s3: S3Client;
before(async () => {
  sandbox = await startSandbox({ seed: false });
  s3 = sandbox.client();
  await s3.createBucket('find-bucket');
  await Promise.all(
    Array.from({ length: 2_300 }, (_, i) => s3.putObject('find-bucket', `data/${String(i).padStart(4, '0')}.txt`, 'x')),
  );
  await s3.putObject('find-bucket', 'other/0001.txt', 'x');
});
after(async () => sandbox?.close());

test('the whole listing below a prefix, a page of 1,000 at a time, and no key outside it', async () => {
  const pages: number[] = [];
  for await (const page of listAllKeys(s3, 'find-bucket', 'data/')) pages.push(page.length);
  assert.deepEqual(pages, [1000, 1000, 300]);
  // Stopped: no page after the abort.
  const ac = new AbortController();
  const seen: number[] = [];
  for await (const page of listAllKeys(s3, 'find-bucket', '', ac.signal)) {
    seen.push(page.length);
    ac.abort();
  }
  assert.deepEqual(seen, [1000]);
});
