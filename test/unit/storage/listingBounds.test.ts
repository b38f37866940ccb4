// Bounded listings (issue 62, item 4): a server that pages in circles, pages nothing forever or
// never stops cannot keep a listing going. Each loop of the client that reads page after page
// (S3 objects, multipart uploads, parts, RDS pages) ends with an error that says what the server
// did, and a listing stops at its ceiling with a message that names the setting which raises it.
// The servers are loopback ones that lie (test/support/hostileServer.ts); a test asserts the
// error and the number of requests, never the time.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, describe, test } from 'node:test';
import { isApiError, type ApiError } from '../../../src/client/errors';
import { DEFAULT_MAX_LISTED, ListingGuard, MAX_EMPTY_PAGES } from '../../../src/client/listing';
import { listAllBackups } from '../../../src/client/rds/jobs';
import { S3Client, type S3ClientOptions } from '../../../src/client/storage/client';
import { escapeXml } from '../../../src/client/storage/xml';
import { listPrefix } from '../../../src/storage/folderTransfer';
import { startHostile, type HostileServer } from '../../support/hostileServer';
import { makeClient, makeTransport } from '../../support/rdsServer';

const HANG = { timeout: 20_000 };
const servers: HostileServer[] = [];
const transport = makeTransport();
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await transport.close();
});

async function hostile(handler: Parameters<typeof startHostile>[0]): Promise<HostileServer> {
  const s = await startHostile(handler);
  servers.push(s);
  return s;
}
const xml = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
};
/** One ListObjects v1 page: `keys`, truncated with `next` as NextMarker when given. */
const objectsPage = (keys: string[], next?: string) =>
  `<ListBucketResult><Name>bkt</Name><IsTruncated>${next !== undefined}</IsTruncated>` +
  (next ? `<NextMarker>${escapeXml(next)}</NextMarker>` : '') +
  keys.map((k) => `<Contents><Key>${escapeXml(k)}</Key><Size>1</Size></Contents>`).join('') +
  '</ListBucketResult>';
const s3 = (url: string, over: Partial<S3ClientOptions> = {}) =>
  new S3Client({ baseUrl: url, accessKey: 'a', secretKey: 's', transport, ...over });
const code = (c: string, message?: RegExp) => (e: unknown) => {
  assert.ok(isApiError(e) && (e as ApiError).code === c, String(e));
  if (message) assert.match((e as Error).message, message);
  return true;
};
async function drain<T>(pages: AsyncIterable<T>): Promise<number> {
  let n = 0;
  for await (const _ of pages) n++;
  return n;
}

describe('S3 object listings', () => {
  test('markers that alternate (A, B, A, B...) end at the first one given twice', HANG, async () => {
    const server = await hostile((_url, res, i) => xml(res, objectsPage([`k${i}`], i % 2 ? 'B' : 'A')));
    await assert.rejects(
      drain(s3(server.url).listObjects({ bucket: 'bkt', delimiter: '/' })),
      code(
        'MarkerRepeated',
        /^storage\.listObjects: the server returned the same continuation marker twice: "A" \(page 3, 3 entries read\)/,
      ),
    );
    assert.equal(server.requests.length, 3);
    assert.deepEqual(
      server.requests.map((u) => u.searchParams.get('marker')),
      [null, 'A', 'B'],
    );
  });

  test('a next marker equal to the one asked for (the same page again) ends at once', HANG, async () => {
    const server = await hostile((url, res) => xml(res, objectsPage(['x'], url.searchParams.get('marker') ?? 'm')));
    await assert.rejects(drain(s3(server.url).listObjects({ bucket: 'bkt', marker: 'm' })), code('MarkerRepeated'));
    assert.equal(server.requests.length, 1);
  });

  test('without NextMarker, the last key of a page that repeats ends it the same way', HANG, async () => {
    const server = await hostile((_url, res) => {
      res.writeHead(200);
      res.end(
        `<ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>same</Key></Contents></ListBucketResult>`,
      );
    });
    await assert.rejects(drain(s3(server.url).listObjects({ bucket: 'bkt' })), code('MarkerRepeated', /"same"/));
    assert.equal(server.requests.length, 2);
  });

  test(`empty pages that each point to a new one end after ${MAX_EMPTY_PAGES}`, HANG, async () => {
    const server = await hostile((_url, res, i) => xml(res, objectsPage([], `m${i}`)));
    await assert.rejects(
      drain(s3(server.url).listObjects({ bucket: 'bkt', delimiter: '/' })),
      code('NoProgress', /returned 100 pages in a row with nothing in them/),
    );
    assert.equal(server.requests.length, MAX_EMPTY_PAGES);
  });

  test('a truncated page with nothing to go on from ends the listing with an error, not silently', HANG, async () => {
    const server = await hostile((_url, res) =>
      xml(res, '<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>'),
    );
    await assert.rejects(
      drain(s3(server.url).listObjects({ bucket: 'bkt' })),
      code('NoProgress', /said the listing goes on after page 1 but named no marker/),
    );
  });

  test('a listing that never ends stops at the ceiling, and the message names the setting', HANG, async () => {
    const keys = (i: number) =>
      Array.from({ length: 1000 }, (_, j) => `p${String(i).padStart(6, '0')}/${String(j).padStart(4, '0')}`);
    const server = await hostile((_url, res, i) => xml(res, objectsPage(keys(i), keys(i).at(-1))));
    let ceiling = 2500;
    const client = s3(server.url, { maxListed: () => ceiling });
    await assert.rejects(
      drain(client.listObjects({ bucket: 'bkt' })),
      code(
        'ListingCeiling',
        /passed 2,500 entries, the most one listing reads \(nhncloud\.storage\.maxListedKeys\).*raise the setting nhncloud\.storage\.maxListedKeys/,
      ),
    );
    assert.equal(server.requests.length, 3);
    // The setting is read at each listing: raised, the next listing goes further.
    ceiling = 4000;
    await assert.rejects(drain(client.listObjects({ bucket: 'bkt' })), code('ListingCeiling', /passed 4,000 entries/));
    assert.equal(server.requests.length, 3 + 5);
  });

  test("Download Folder's listing stops when cancelled, after the page it was reading", HANG, async () => {
    const ac = new AbortController();
    const server = await hostile((_url, res, i) => {
      if (i === 2) ac.abort();
      xml(res, objectsPage([`k${String(i).padStart(6, '0')}`], `k${String(i).padStart(6, '0')}`));
    });
    const seen: number[] = [];
    await assert.rejects(
      listPrefix(s3(server.url), 'bkt', '', ac.signal, (n) => seen.push(n)),
      (e: unknown) => (e as Error).name === 'CancelledError',
    );
    assert.ok(server.requests.length <= 3, `${server.requests.length} requests after the cancel`);
    assert.deepEqual(seen.slice(0, 2), [1, 2]);
  });
});

describe('multipart listings', () => {
  test('uploads whose key and upload-id markers alternate end at the first pair given twice', HANG, async () => {
    const server = await hostile((_url, res, i) =>
      xml(
        res,
        `<ListMultipartUploadsResult><IsTruncated>true</IsTruncated><NextKeyMarker>k</NextKeyMarker>` +
          `<NextUploadIdMarker>${i % 2 ? 'u2' : 'u1'}</NextUploadIdMarker>` +
          `<Upload><Key>k</Key><UploadId>u${i}</UploadId></Upload></ListMultipartUploadsResult>`,
      ),
    );
    await assert.rejects(
      drain(s3(server.url).listAllMultipartUploads('bkt')),
      code(
        'MarkerRepeated',
        /^storage\.listMultipartUploads: the server returned the same continuation marker twice: "k u1"/,
      ),
    );
    assert.equal(server.requests.length, 3);
  });

  test('parts whose marker goes back end at the first number given twice', HANG, async () => {
    const server = await hostile((_url, res, i) =>
      xml(
        res,
        `<ListPartsResult><IsTruncated>true</IsTruncated><NextPartNumberMarker>${i % 2 ? 2 : 1}</NextPartNumberMarker>` +
          `<Part><PartNumber>${i + 1}</PartNumber><ETag>"e"</ETag><Size>5</Size></Part></ListPartsResult>`,
      ),
    );
    await assert.rejects(
      s3(server.url).allParts('bkt', 'key', 'up'),
      code('MarkerRepeated', /storage\.listParts: .* "1"/),
    );
    assert.equal(server.requests.length, 3);
  });
});

describe('RDS pages whose totalCounts lies', () => {
  const page = (ids: number[], totalCounts: number) => ({
    header: { resultCode: 0, resultMessage: 'SUCCESS', isSuccessful: true },
    totalCounts,
    backups: ids.map((i) => ({ backupId: `b${i}`, backupType: 'AUTO' })),
  });
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  test('the same full page again ends the list', HANG, async () => {
    const server = await hostile((_url, res) => json(res, page([1, 2, 3], 1_000_000)));
    const rds = makeClient(server.url);
    try {
      await assert.rejects(
        drain(listAllBackups(rds, {}, { pageSize: 3 })),
        code('NoProgress', /rds\.listBackups: RDS answered page 2 with the same items as page 1/),
      );
      assert.equal(server.requests.length, 2);
    } finally {
      await rds.transport.close();
    }
  });

  test('full pages past the count the first answer gave end the list', HANG, async () => {
    // New items on every page, and a totalCounts that grows ahead of them.
    const server = await hostile((url, res, i) => {
      const p = Number(url.searchParams.get('page'));
      json(res, page([3 * p - 2, 3 * p - 1, 3 * p], 7 + 10 * i));
    });
    const rds = makeClient(server.url);
    try {
      await assert.rejects(
        drain(listAllBackups(rds, {}, { pageSize: 3 })),
        code('NoProgress', /kept answering full pages past the 7 items it reported at first \(page 4, 12 items/),
      );
      assert.equal(server.requests.length, 4);
    } finally {
      await rds.transport.close();
    }
  });
});

describe('ListingGuard', () => {
  test('a listing of exactly the ceiling passes; one entry more does not', () => {
    assert.equal(DEFAULT_MAX_LISTED, 1_000_000);
    const g = new ListingGuard('storage', 'storage.listObjects', { maxListed: 10 });
    g.page(5, true, 'a');
    g.page(5, false);
    assert.equal(g.count, 10);
    const h = new ListingGuard('storage', 'storage.listObjects', { maxListed: 10 });
    h.page(10, true, 'a');
    assert.throws(() => h.page(1, false), code('ListingCeiling', /List a narrower part\./));
  });

  test('an empty page resets nothing but the run: pages with entries between empty ones go on', () => {
    const g = new ListingGuard('storage', 'storage.listObjects');
    for (let i = 0; i < 3 * MAX_EMPTY_PAGES; i++) g.page(i % MAX_EMPTY_PAGES === 0 ? 1 : 0, true, `m${i}`);
    assert.equal(g.count, 3);
  });

  test('a long marker is shown short, with its control characters escaped', () => {
    const g = new ListingGuard('storage', 'storage.listObjects', {}, `${'x'.repeat(300)}\n`);
    assert.throws(
      () => g.page(1, true, `${'x'.repeat(300)}\n`),
      (e: unknown) => /twice: "x{99}…" \(page 1/.test((e as Error).message),
    );
  });
});
