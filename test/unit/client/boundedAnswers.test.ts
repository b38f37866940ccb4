// Bounded answers (issue 62, item 4), at the transport: a server that lies cannot hold the
// extension host. An endless JSON answer is cut at the cap (and a declared length over it is
// refused before reading); a server that drips a byte at a time is stopped by the total deadline,
// before its headers or in its body; a transfer's deadline grows with the bytes it moves, so a
// download that keeps moving past the fixed deadline still completes. Every server here is a real
// loopback one (test/support/hostileServer.ts); the bounds are small through the transport's
// options, and each test asserts the error's kind, never the time it took (the test timeouts are
// there only so that a test whose protection is gone fails instead of hanging).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isApiError, isCancelledError, type ApiError } from '../../../src/client/errors';
import {
  DEFAULT_DEADLINE_MS,
  MAX_ANSWER_BYTES,
  TRANSFER_MIN_BYTES_PER_SECOND,
} from '../../../src/client/http/transport';
import { requestJson } from '../../../src/client/network/http';
import { S3Client } from '../../../src/client/storage/client';
import { download } from '../../../src/client/storage/download';
import { drip, startHostile, type HostileServer } from '../../support/hostileServer';
import { makeClient, makeTransport } from '../../support/rdsServer';

const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => void unhandled.push(reason));

/** Far past any bound of these tests: only a test whose protection is gone runs into it. */
const HANG = { timeout: 20_000 };
const servers: HostileServer[] = [];
async function hostile(...args: Parameters<typeof startHostile>): Promise<HostileServer> {
  const s = await startHostile(...args);
  servers.push(s);
  return s;
}
// After every test, also those that timed out: their connections end, so the process can exit.
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
  assert.deepEqual(unhandled, []);
});

const code = (c: string) => (e: unknown) => isApiError(e) && (e as ApiError).code === c;
const get = (url: string, extra: Record<string, unknown> = {}) => ({
  service: 'rds' as const,
  operation: 'rds.test',
  method: 'GET',
  url,
  idempotent: true,
  ...extra,
});

/** JSON that never ends: the start of a list, then 64 KiB of items every 5 ms for as long as the client reads. */
const endlessJson = (res: import('node:http').ServerResponse) =>
  drip(res, {
    headers: { 'content-type': 'application/json' },
    chunk: '{"header":{"resultCode":0,"isSuccessful":true},"dbInstances":[' + '{"dbInstanceId":"x"},'.repeat(3000),
    everyMs: 5,
  });

describe('JSON answers are capped', () => {
  test('the default cap is 64 MiB, the default deadline 2 minutes, the slowest transfer 4 KiB/s', () => {
    assert.equal(MAX_ANSWER_BYTES, 64 * 1024 * 1024);
    assert.equal(DEFAULT_DEADLINE_MS, 120_000);
    assert.equal(TRANSFER_MIN_BYTES_PER_SECOND, 4096);
  });

  test('an endless JSON answer to an RDS call ends at the cap with an error that says so', HANG, async () => {
    const server = await hostile((_url, res) => endlessJson(res));
    const rds = makeClient(server.url, { maxAnswerBytes: 256 * 1024 });
    try {
      await assert.rejects(rds.listDbInstances(), (e: unknown) => {
        assert.ok(code('AnswerTooLarge')(e), String(e));
        assert.match(
          (e as Error).message,
          /rds\.listDbInstances: 127\.0\.0\.1:\d+ sent an answer larger than 262144 bytes/,
        );
        return true;
      });
      assert.equal(server.requests.length, 1, 'an answer too large is not asked again');
    } finally {
      await rds.transport.close();
    }
  });

  test('an endless JSON answer to a network call ends at the cap too', HANG, async () => {
    const server = await hostile((_url, res) => endlessJson(res));
    const transport = makeTransport({ maxAnswerBytes: 256 * 1024 });
    try {
      await assert.rejects(
        requestJson({
          transport,
          service: 'network',
          operation: 'network.test',
          method: 'GET',
          url: server.url,
          idempotent: true,
        }),
        code('AnswerTooLarge'),
      );
    } finally {
      await transport.close();
    }
  });

  test('a declared length over the cap is refused before the body is read', HANG, async () => {
    // It declares 1 GiB, sends ten bytes and then nothing: only the declared length can end it.
    const server = await hostile((_url, res) =>
      drip(res, { headers: { 'content-length': String(1024 ** 3) }, chunk: '[', everyMs: 1000, times: 10 }),
    );
    const t = makeTransport({ maxAnswerBytes: 1024 });
    try {
      const res = await t.request(get(server.url));
      await assert.rejects(res.text(), code('AnswerTooLarge'));
    } finally {
      await t.close();
    }
  });

  test('an answer of exactly the cap is read whole', async () => {
    const server = await hostile((_url, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`"${'x'.repeat(1022)}"`);
    });
    const t = makeTransport({ maxAnswerBytes: 1024 });
    try {
      const res = await t.request(get(server.url));
      assert.equal((await res.text()).length, 1024);
    } finally {
      await t.close();
    }
  });
});

describe('every call has a total deadline', () => {
  test('a byte a second in the body of a call ends with "too slowly"', HANG, async () => {
    // The per-chunk body timeout (60 s) never trips: a byte comes every 100 ms.
    const server = await hostile((_url, res) => drip(res, { chunk: '{', everyMs: 100 }));
    const t = makeTransport({ deadline: { ms: 500 } });
    try {
      const res = await t.request(get(server.url));
      await assert.rejects(res.text(), (e: unknown) => {
        assert.ok(code('TooSlow')(e), String(e));
        assert.match(
          (e as Error).message,
          /^rds\.test: 127\.0\.0\.1:\d+ sent its answer too slowly \(\d+ bytes in \d+ s\)/,
        );
        return true;
      });
      assert.equal(server.requests.length, 1);
    } finally {
      await t.close();
    }
  });

  test('headers that never come end at the deadline too, before the headers timeout', HANG, async () => {
    const server = await hostile(() => undefined);
    const t = makeTransport({ deadline: { ms: 300 }, timeouts: { headers: 60_000 } });
    try {
      await assert.rejects(t.request(get(server.url)), code('TooSlow'));
      assert.equal(server.requests.length, 1, 'a call that took too long is not sent again');
    } finally {
      await t.close();
    }
  });

  test("the caller's cancel stays a cancel", HANG, async () => {
    const server = await hostile((_url, res) => drip(res, { chunk: '{', everyMs: 100 }));
    const t = makeTransport({ deadline: { ms: 60_000 } });
    const ac = new AbortController();
    try {
      const res = await t.request(get(server.url, { signal: ac.signal }));
      setTimeout(() => ac.abort(), 200);
      await assert.rejects(res.text(), (e: unknown) => isCancelledError(e));
    } finally {
      await t.close();
    }
  });
});

describe('a transfer has a deadline that grows with its bytes', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nhncloud-bounded-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const s3 = (url: string, deadline: { ms: number; transferBytesPerSecond: number }) =>
    new S3Client({ baseUrl: url, accessKey: 'a', secretKey: 's', transport: makeTransport({ deadline }) });

  test('a download that drips a byte at a time ends with "too slowly", and leaves no file', HANG, async () => {
    const server = await hostile((_url, res) =>
      drip(res, { headers: { 'content-length': String(1_000_000), etag: '"e"' }, chunk: 'x', everyMs: 100 }),
    );
    const client = s3(server.url, { ms: 300, transferBytesPerSecond: 1024 });
    const file = join(dir, 'dripped.bin');
    try {
      await assert.rejects(download(client, { bucket: 'bkt', key: 'k', file }), (e: unknown) => {
        assert.ok(code('TooSlow')(e), String(e));
        assert.match((e as Error).message, /storage\.getObject: .* too slowly .*at least 1 KiB\/s on average/);
        return true;
      });
      assert.equal(existsSync(file), false);
      assert.deepEqual(
        (await readdir(dir)).filter((f) => f.includes('dripped')),
        [],
      );
    } finally {
      await client['opts'].transport.close();
    }
  });

  test('a download that keeps moving is not cut at the fixed deadline', HANG, async () => {
    // 40 chunks of 8 KiB every 100 ms: about 4 s, twice the 2 s deadline of a call, at twenty
    // times the slowest rate a transfer may keep.
    const chunk = Buffer.alloc(8 * 1024, 7);
    const server = await hostile((_url, res) =>
      drip(res, {
        headers: { 'content-length': String(40 * chunk.length), etag: '"e"' },
        chunk,
        everyMs: 100,
        times: 40,
      }),
    );
    const client = s3(server.url, { ms: 2000, transferBytesPerSecond: 4096 });
    const file = join(dir, 'moving.bin');
    try {
      const r = await download(client, { bucket: 'bkt', key: 'k', file });
      assert.equal(r.size, 40 * chunk.length);
      assert.equal((await readFile(file)).length, 40 * chunk.length);
    } finally {
      await client['opts'].transport.close();
    }
  });
});
