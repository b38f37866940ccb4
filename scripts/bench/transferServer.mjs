// One S3 server in its own process (so the client process measured is the client alone):
// `sandbox` (the project's storage sandbox), `s3rver` (@20minutes/s3rver 5.0.0, patched) or
// `swift` (OpenStack Swift with s3api from the Debian packages: test/support/swift.mjs, the
// software behind NHN Cloud Object Storage).
// Prints {baseUrl, access, secret, bucket} when listening; stops on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const [kind, libPath] = process.argv.slice(2);
const BUCKET = 'bench-bucket';
let close;
let info;
if (kind === 'sandbox') {
  const lib = require(libPath);
  const server = new lib.SandboxServer();
  const service = lib.registerStorage(server, new lib.StorageSandbox({ seed: false }));
  const url = await server.listen();
  const { access, secret } = lib.SANDBOX_S3_CREDENTIAL;
  const transport = new lib.Transport({ userAgent: 'bench' });
  await new lib.S3Client({
    baseUrl: `${url}/storage/kr1`,
    accessKey: access,
    secretKey: secret,
    transport,
  }).createBucket(BUCKET);
  await transport.close();
  info = { baseUrl: `${url}/storage/kr1`, access, secret, bucket: BUCKET, region: 'KR1' };
  close = async () => {
    await server.close();
    service.dispose();
  };
} else if (kind === 'swift') {
  const { startSwift } = await import('../../test/support/swift.mjs');
  const swift = await startSwift();
  const lib = require(libPath);
  const transport = new lib.Transport({ userAgent: 'bench' });
  await new lib.S3Client({
    baseUrl: swift.endpoint,
    accessKey: swift.accessKey,
    secretKey: swift.secretKey,
    signingRegion: swift.region,
    transport,
  }).createBucket(BUCKET);
  await transport.close();
  info = {
    baseUrl: swift.endpoint,
    access: swift.accessKey,
    secret: swift.secretKey,
    bucket: BUCKET,
    region: swift.region,
  };
  close = () => swift.stop();
} else {
  const S3rver = require('@20minutes/s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'bench-s3rver-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  info = { baseUrl: `http://127.0.0.1:${port}`, access: 'S3RVER', secret: 'S3RVER', bucket: BUCKET, region: 'gov' };
  close = async () => {
    await s3.close();
    rmSync(directory, { recursive: true, force: true });
  };
}
const shutDown = () => close().finally(() => process.exit(0));
process.on('SIGTERM', shutDown);
// The open stdin (a pipe from the bench) keeps this process alive, and its end (the bench gone)
// stops the server. Swift needs it: its processes are unreferenced children, so nothing else
// kept this process alive, it exited after printing its address, and its exit hook stopped Swift
// (every Swift transfer and folder figure failed with ECONNREFUSED).
process.stdin.on('end', shutDown);
process.stdin.resume();
console.log(JSON.stringify({ ...info, pid: process.pid }));
