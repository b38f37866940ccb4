// HEAD requests keep their connection. undici closes the connection after every HEAD unless told
// otherwise (src/client/http/transport.ts passes `reset: false`): Sync Folder asks a HEAD per
// object, and 10,000 HEADs opened 10,000 connections (a TCP and, on the service, a TLS handshake
// each) before this.
import { strict as assert } from 'node:assert';
import { after, before, test } from 'node:test';
import { startSandbox, type S3Target } from '../../support/s3Servers';

let target: S3Target;
before(async () => {
  target = await startSandbox({ seed: false });
});
after(async () => target?.close());

test('fifty HEADs one after the other go over one connection', async () => {
  const s3 = target.client();
  await s3.createBucket('keepalive');
  await s3.putObject('keepalive', 'k', 'hello');
  const server = (target.sandbox!.server as unknown as { server: import('node:http').Server }).server;
  let connections = 0;
  server.on('connection', () => connections++);
  for (let i = 0; i < 50; i++) assert.equal((await s3.headObject('keepalive', 'k')).size, 5);
  assert.ok(connections <= 1, `${connections} connections for 50 HEADs`);
});
