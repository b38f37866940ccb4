// The S3 XML reader under hostile answers (issue 9, item 4): entity expansion, very deep and very
// large documents stay within bounded time and memory. Memory is bounded by V8 itself: each
// document is parsed in a child process with a fixed heap (--max-old-space-size); going over
// kills the child. Time bounds are generous correctness bounds on the parse's CPU time (an
// expansion or a quadratic blow-up costs minutes of it), not benchmarks; CPU time, not wall
// time, so a busy machine does not fail them.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { isApiError } from '../../../src/client/errors';
import { Transport } from '../../../src/client/http/transport';
import { S3Client } from '../../../src/client/storage/client';
import { MAX_XML_BYTES } from '../../../src/client/storage/xml';

const run = promisify(execFile);
const HELPER = join(__dirname, '..', '..', 'fixtures', 'xmlHostile.ts');

async function parseInChild(kind: string, heapMb: number): Promise<{ cpuMs: number; outcome: string; bytes: number }> {
  try {
    const { stdout } = await run(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, '--import', 'tsx', HELPER, kind],
      { timeout: 60_000, maxBuffer: 1024 * 1024 },
    );
    return JSON.parse(stdout);
  } catch (err) {
    const e = err as { code?: number; signal?: string; stderr?: string };
    assert.fail(
      `parsing "${kind}" within a ${heapMb} MB heap failed (exit ${e.code ?? e.signal}): ${String(e.stderr ?? err).slice(-400)}`,
    );
  }
}

describe('XML reader: hostile documents within bounded time and memory', () => {
  const refused: Array<[string, RegExp]> = [
    ['billion-laughs', /document type declaration refused/],
    ['deep', /nested deeper than 32/],
    ['unclosed', /nested deeper than 32/],
    ['over-limit', /larger than/],
  ];
  for (const [kind, why] of refused) {
    it(`${kind}: refused in < 2 s of CPU within a 100 MB heap`, async () => {
      const r = await parseInChild(kind, 100);
      assert.match(r.outcome, why);
      assert.ok(r.cpuMs < 2_000, `${r.cpuMs} ms of CPU`);
    });
  }

  it('entities used without a declaration stay text: nothing expands', async () => {
    const r = await parseInChild('billion-laughs-no-doctype', 100);
    assert.match(r.outcome, /^parsed/);
    assert.ok(r.cpuMs < 2_000, `${r.cpuMs} ms of CPU`);
  });

  it(`the largest accepted answer (${MAX_XML_BYTES / 1024 / 1024} MiB listing) parses in < 10 s of CPU within a 160 MB heap`, async () => {
    const r = await parseInChild('largest-accepted', 160);
    assert.match(r.outcome, /^parsed/);
    assert.ok(r.bytes > MAX_XML_BYTES * 0.99);
    assert.ok(r.cpuMs < 10_000, `${r.cpuMs} ms of CPU`);
  });

  it('a 2.4 MB answer made of character references parses in < 10 s of CPU within a 160 MB heap', async () => {
    const r = await parseInChild('entity-dense', 160);
    assert.match(r.outcome, /^parsed/);
    assert.ok(r.cpuMs < 10_000, `${r.cpuMs} ms of CPU`);
  });
});

describe('XML reader: hostile answers through the S3 client', () => {
  let server: http.Server;
  let url = '';
  let mode: 'endless' | 'laughs' | 'deep' = 'endless';
  let sentBytes = 0;
  let transport: Transport;

  before(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      if (mode === 'laughs') {
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><ListBucketResult><Name>&b;</Name></ListBucketResult>',
        );
      }
      if (mode === 'deep') {
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end('<ListBucketResult>' + '<Contents>'.repeat(100_000));
      }
      // An answer that never ends, without a length: the client must stop reading by itself.
      sentBytes = 0;
      res.writeHead(200, { 'content-type': 'application/xml' });
      const chunk = Buffer.from('<Contents><Key>' + 'x'.repeat(64 * 1024) + '</Key></Contents>');
      const pump = () => {
        while (!res.destroyed && sentBytes < 20 * MAX_XML_BYTES) {
          sentBytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.destroy());
      res.write('<ListBucketResult>');
      pump();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    transport = new Transport({ userAgent: 'test', retries: { max: 0 } });
  });
  after(async () => {
    await transport.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  const s3 = () => new S3Client({ baseUrl: url, accessKey: 'AK', secretKey: 'SK', transport });

  it('an endless listing is cut off at the size limit: ApiError naming the operation, the connection closed', async () => {
    mode = 'endless';
    await assert.rejects(
      s3().listObjectsPage({ bucket: 'endless' }),
      (e) => isApiError(e) && e.operation === 'storage.listObjects' && /larger than/.test(e.message),
    );
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(sentBytes < 3 * MAX_XML_BYTES, `the server could send ${sentBytes} bytes`);
  });

  it('an answer with entity declarations is refused, not expanded', async () => {
    mode = 'laughs';
    await assert.rejects(
      s3().listObjectsPage({ bucket: 'laughs' }),
      (e) => isApiError(e) && /not valid XML .*document type/.test(e.message),
    );
  });

  it('an answer nested 100,000 deep is refused with a short message', async () => {
    mode = 'deep';
    await assert.rejects(
      s3().listObjectsPage({ bucket: 'deep' }),
      (e) => isApiError(e) && /nested deeper/.test(e.message) && e.message.length < 400,
    );
  });
});
