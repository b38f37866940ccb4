// Object bodies stream with a 1 MiB high-water mark (undici's default of 64 KiB paused and
// resumed the socket every 64 KiB: a third of a download's CPU), other responses keep the default.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { S3Client } from '../../../src/client/storage/client';
import { Transport } from '../../../src/client/http/transport';
import { Redactor, silentLogger } from '../../../src/client/http/redact';
import { startSandbox } from '../../../src/sandbox/index';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let transport: Transport;
let s3: S3Client;

before(async () => {
  sb = await startSandbox({ timeScale: 10 });
  const sp = sb.sandboxProfile();
  transport = new Transport({ userAgent: 'hwm-test', logger: silentLogger, redactor: new Redactor() });
  s3 = new S3Client({
    baseUrl: sp.endpoints.storage.replace('{region}', 'kr1'),
    accessKey: sp.secrets.s3AccessKey!,
    secretKey: sp.secrets.s3SecretKey!,
    transport,
  });
});

after(async () => {
  await transport?.close();
  await sb?.close();
});

test('getObject streams its body with a 1 MiB high-water mark', async () => {
  await s3.createBucket('hwm-test');
  await s3.putObject('hwm-test', 'a.bin', new Uint8Array(3 * 1024 * 1024));
  const got = await s3.getObject('hwm-test', 'a.bin');
  assert.equal((got.body as unknown as { readableHighWaterMark: number }).readableHighWaterMark, 1024 * 1024);
  let n = 0;
  for await (const chunk of got.body as AsyncIterable<Uint8Array>) n += chunk.length;
  assert.equal(n, 3 * 1024 * 1024);
});

test("a request without bodyHighWaterMark keeps undici's default", async () => {
  const res = await transport.request({
    service: 'storage',
    operation: 't',
    method: 'GET',
    url: `${sb.url}/_sandbox/stats`,
    idempotent: true,
  });
  assert.equal((res.body as unknown as { readableHighWaterMark: number }).readableHighWaterMark, 64 * 1024);
  await res.text();
});
