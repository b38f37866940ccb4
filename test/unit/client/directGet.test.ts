// The ranges of a large download are read on connections of their own into reused memory
// (src/client/http/directGet.ts): every byte in place over plain HTTP and TLS, the certificate
// checked, an answer in chunks asked again through undici, an error's body read as XML, a body
// cut short or stalled or cancelled reported as such, and a slow disk pausing the socket without
// losing a byte.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DirectBody, directGet, type DirectGetRequest } from '../../../src/client/http/directGet';
import { Redactor, silentLogger } from '../../../src/client/http/redact';
import { Transport } from '../../../src/client/http/transport';
import { S3Client } from '../../../src/client/storage/client';
import { download } from '../../../src/client/storage/download';
import { startSandbox } from '../../../src/sandbox/index';
import { makeTlsCertificates } from '../../../src/sandbox/rds/mariadb/tlsCertificates';

const MiB = 1024 * 1024;
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('a large download against the sandbox', () => {
  let sb: Awaited<ReturnType<typeof startSandbox>>;
  let transport: Transport;
  let s3: S3Client;
  let dir: string;
  before(async () => {
    sb = await startSandbox({ timeScale: 10 });
    const sp = sb.sandboxProfile();
    transport = new Transport({ userAgent: 'direct-test', logger: silentLogger, redactor: new Redactor() });
    s3 = new S3Client({
      baseUrl: sp.endpoints.storage.replace('{region}', 'kr1'),
      accessKey: sp.secrets.s3AccessKey!,
      secretKey: sp.secrets.s3SecretKey!,
      transport,
    });
    dir = mkdtempSync(join(tmpdir(), 'direct-get-'));
  });
  after(async () => {
    await transport.close();
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('its ranges come as direct bodies and every byte lands in place', async () => {
    await s3.createBucket('direct');
    const data = randomBytes(9 * MiB + 12345);
    await s3.putObject('direct', 'big.bin', data);
    // Which answers were direct: the first (a plain GET, pooled) is not, the ranges are.
    const kinds: string[] = [];
    const get = s3.getObject.bind(s3);
    s3.getObject = async (...args) => {
      const r = await get(...args);
      kinds.push(r.body instanceof DirectBody ? 'direct' : 'undici');
      return r;
    };
    const out = join(dir, 'big.bin');
    try {
      await download(s3, { bucket: 'direct', key: 'big.bin', file: out, rangedThreshold: MiB, rangePartSize: 2 * MiB });
    } finally {
      s3.getObject = get;
    }
    assert.equal(md5(readFileSync(out)), md5(data));
    assert.equal(kinds[0], 'undici');
    assert.deepEqual(kinds.slice(1), Array(4).fill('direct'));
  });

  test("an error's body is read as a stream: the service's code reaches the caller", async () => {
    const res = await transport.request({
      service: 'storage',
      operation: 'storage.getObject',
      method: 'GET',
      url: `${sb.url}/_sandbox/no-such-route`,
      idempotent: true,
      directBody: true,
    });
    assert.ok(res.body instanceof DirectBody);
    assert.equal(res.status, 404);
    assert.ok((await res.text()).length > 0);
  });
});

/** A server whose answers the tests write by hand. */
function rawServer(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.closeAllConnections();
          return new Promise<void>((r) => server.close(() => r()));
        },
      }),
    ),
  );
}

const request = (url: string, extra: Partial<DirectGetRequest> = {}): DirectGetRequest => ({
  origin: new URL(url).origin,
  path: '/x',
  headers: {},
  rejectUnauthorized: true,
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 5_000,
  bodyTimeoutMs: 5_000,
  signal: new AbortController().signal,
  ...extra,
});

describe('direct GET against a hand-written server', () => {
  const data = randomBytes(8 * MiB + 777);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'direct-raw-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a slow disk pauses the socket and loses nothing (every slab busy, no fourth)', async () => {
    const srv = await rawServer((_req, res) => {
      res.writeHead(200, { 'content-length': data.length });
      res.end(data);
    });
    try {
      const res = (await directGet(request(srv.url)))!;
      const file = join(dir, 'slow.bin');
      const fh = await open(file, 'w');
      let inFlight = 0;
      let most = 0;
      // A disk that holds the writes until three are waiting, and 100 ms more: the three slabs
      // are then all busy while the bytes keep coming, and the socket must wait for them.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const slow = {
        write: async (buf: Buffer, off: number, len: number, pos: number) => {
          most = Math.max(most, ++inFlight);
          if (inFlight === 3) setTimeout(release, 100);
          await held;
          await fh.write(buf, off, len, pos);
          inFlight--;
          return { bytesWritten: len, buffer: buf };
        },
      };
      let told = 0;
      const n = await res.body.writeTo(slow as never, 0, data.length, (k) => (told += k));
      await fh.close();
      assert.equal(n, data.length);
      assert.equal(told, data.length);
      assert.equal(most, 3, 'three slabs written at once, no more');
      assert.equal(md5(readFileSync(file)), md5(data));
    } finally {
      await srv.close();
    }
  });

  test('writeTo stops at its length and writes at its position', async () => {
    const srv = await rawServer((_req, res) => {
      res.writeHead(200, { 'content-length': data.length });
      res.end(data);
    });
    try {
      const res = (await directGet(request(srv.url)))!;
      const file = join(dir, 'part.bin');
      const fh = await open(file, 'w');
      const n = await res.body.writeTo(fh, 100, 3 * MiB + 5, () => undefined);
      await fh.close();
      assert.equal(n, 3 * MiB + 5);
      const got = readFileSync(file);
      assert.equal(got.length, 100 + 3 * MiB + 5);
      assert.ok(got.subarray(100).equals(data.subarray(0, 3 * MiB + 5)));
    } finally {
      await srv.close();
    }
  });

  test('a body cut short answers the bytes written (the download names the shortfall)', async () => {
    const srv = await rawServer((_req, res) => {
      res.writeHead(200, { 'content-length': 10 * MiB });
      res.write(data.subarray(0, 3 * MiB), () => res.destroy());
    });
    try {
      const res = (await directGet(request(srv.url)))!;
      const fh = await open(join(dir, 'short.bin'), 'w');
      const n = await res.body.writeTo(fh, 0, 10 * MiB, () => undefined);
      await fh.close();
      assert.ok(n <= 3 * MiB && n > 0, `${n}`);
      assert.equal(statSync(join(dir, 'short.bin')).size, n);
    } finally {
      await srv.close();
    }
  });

  test('a body read as a stream arrives whole, and fails when cut short of its length', async () => {
    let cut = false;
    const srv = await rawServer((_req, res) => {
      res.writeHead(200, { 'content-length': 2 * MiB });
      if (cut) res.write(data.subarray(0, MiB), () => res.destroy());
      else res.end(data.subarray(0, 2 * MiB));
    });
    const collect = async (body: AsyncIterable<Buffer>) => {
      const chunks: Buffer[] = [];
      for await (const c of body) chunks.push(c);
      return Buffer.concat(chunks);
    };
    try {
      const whole = (await directGet(request(srv.url)))!;
      assert.ok((await collect(whole.body)).equals(data.subarray(0, 2 * MiB)));
      cut = true;
      const short = (await directGet(request(srv.url)))!;
      await assert.rejects(collect(short.body), { code: 'UND_ERR_SOCKET' });
    } finally {
      await srv.close();
    }
  });

  test('an answer sent in chunks is left to undici: directGet answers undefined, the transport asks again', async () => {
    let asked = 0;
    const srv = await rawServer((_req, res) => {
      asked++;
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(data.subarray(0, MiB));
      res.end(data.subarray(MiB, 2 * MiB));
    });
    const transport = new Transport({ userAgent: 't', logger: silentLogger, redactor: new Redactor() });
    try {
      assert.equal(await directGet(request(srv.url)), undefined);
      const res = await transport.request({
        service: 'storage',
        operation: 'storage.getObject',
        method: 'GET',
        url: `${srv.url}/x`,
        idempotent: true,
        directBody: true,
      });
      assert.ok(!(res.body instanceof DirectBody));
      assert.ok((await res.buffer()).equals(data.subarray(0, 2 * MiB)));
      assert.equal(asked, 3);
    } finally {
      await transport.close();
      await srv.close();
    }
  });

  test('a stalled body fails with the body timeout; a cancel fails as a cancel', async () => {
    const srv = await rawServer((_req, res) => {
      res.writeHead(200, { 'content-length': data.length });
      res.write(data.subarray(0, 100));
    });
    try {
      const stalled = (await directGet(request(srv.url, { bodyTimeoutMs: 200 })))!;
      const fh = await open(join(dir, 'stall.bin'), 'w');
      await assert.rejects(
        stalled.body.writeTo(fh, 0, data.length, () => undefined),
        {
          code: 'UND_ERR_BODY_TIMEOUT',
        },
      );
      const ac = new AbortController();
      const cancelled = (await directGet(request(srv.url, { signal: ac.signal })))!;
      const writing = cancelled.body.writeTo(fh, 0, data.length, () => undefined);
      setTimeout(() => ac.abort(), 50);
      await assert.rejects(writing, { name: 'AbortError' });
      await fh.close();
    } finally {
      await srv.close();
    }
  });

  test('headers with a line break are refused before anything is sent', async () => {
    assert.throws(() => directGet(request('http://127.0.0.1:9', { headers: { 'x-a': 'b\r\nx-evil: 1' } })), TypeError);
  });
});

describe('direct GET over TLS', () => {
  let dir: string;
  let server: https.Server;
  let url = '';
  const data = randomBytes(5 * MiB + 3);
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'direct-tls-'));
    // A certificate for another host, from a CA nobody here trusts.
    const certs = await makeTlsCertificates(dir, { names: ['DNS:other.test'] });
    server = https.createServer({ key: readFileSync(certs.key), cert: readFileSync(certs.cert) }, (_req, res) => {
      res.writeHead(200, { 'content-length': data.length });
      res.end(data);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  test('a certificate for another host is refused', async () => {
    await assert.rejects(directGet(request(url)), (e: Error & { code?: string }) =>
      /CERT|certificate/i.test(`${e.code} ${e.message}`),
    );
  });

  test('with the check turned off (http.proxyStrictSSL false) the body arrives whole through one read buffer', async () => {
    const res = (await directGet(request(url, { rejectUnauthorized: false })))!;
    const file = join(dir, 'tls.bin');
    const fh = await open(file, 'w');
    const n = await res.body.writeTo(fh, 0, data.length, () => undefined);
    await fh.close();
    assert.equal(n, data.length);
    assert.equal(md5(readFileSync(file)), md5(data));
  });
});
