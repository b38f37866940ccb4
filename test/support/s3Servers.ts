// Test harness (not a test file): the S3 servers the storage tests run against, all on loopback:
// the project's sandbox, @20minutes/s3rver 5.0.0 (patched, see patches/), which checks signatures
// with code nobody here wrote, and OpenStack Swift's own S3 layer (the software the service runs,
// test/support/swift.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client, type S3ClientOptions } from '../../src/client/storage/client';
import { Transport } from '../../src/client/http/transport';
import { SandboxServer } from '../../src/sandbox/server';
import { registerStorage, SANDBOX_S3_CREDENTIAL, StorageSandbox } from '../../src/sandbox/storage/index';
import { leaseSwift, swiftMissing } from './swift.mjs';

export interface S3Target {
  name: 'sandbox' | 's3rver' | 'swift';
  baseUrl: string;
  access: string;
  secret: string;
  transport: Transport;
  client(over?: Partial<S3ClientOptions>): S3Client;
  /** What the server implements beyond the common set (copyIfMatch: x-amz-copy-source-if-match). */
  caps: {
    acl: boolean;
    listUploads: boolean;
    abort: boolean;
    listParts: boolean;
    location: boolean;
    copyIfMatch: boolean;
  };
  sandbox?: { server: SandboxServer; service: StorageSandbox };
  close(): Promise<void>;
}

function makeTransport(): Transport {
  return new Transport({ userAgent: 'nhncloud-explorer-tests', retries: { max: 1, baseDelayMs: 20 } });
}

export async function startSandbox(
  opts: { seed?: boolean; signingRegions?: Record<string, string>; dataDir?: string } = {},
): Promise<S3Target> {
  const server = new SandboxServer();
  const service = registerStorage(
    server,
    new StorageSandbox({ seed: opts.seed, signingRegions: opts.signingRegions, dataDir: opts.dataDir }),
  );
  const url = await server.listen();
  const transport = makeTransport();
  const baseUrl = `${url}/storage/kr1`;
  return {
    name: 'sandbox',
    baseUrl,
    access: SANDBOX_S3_CREDENTIAL.access,
    secret: SANDBOX_S3_CREDENTIAL.secret,
    transport,
    client: (over = {}) =>
      new S3Client({
        baseUrl,
        accessKey: SANDBOX_S3_CREDENTIAL.access,
        secretKey: SANDBOX_S3_CREDENTIAL.secret,
        transport,
        ...over,
      }),
    caps: { acl: true, listUploads: true, abort: true, listParts: true, location: true, copyIfMatch: true },
    sandbox: { server, service },
    close: async () => {
      await transport.close();
      await server.close();
      service.dispose();
    },
  };
}

export async function startS3rver(): Promise<S3Target> {
  const S3rver = require('@20minutes/s3rver') as new (o: object) => {
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  };
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: 'demo-bucket', configs: [] }],
  });
  const { port } = await s3.run();
  const transport = makeTransport();
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    name: 's3rver',
    baseUrl,
    access: 'S3RVER',
    secret: 'S3RVER',
    transport,
    client: (over = {}) => new S3Client({ baseUrl, accessKey: 'S3RVER', secretKey: 'S3RVER', transport, ...over }),
    caps: { acl: false, listUploads: false, abort: false, listParts: false, location: true, copyIfMatch: false },
    close: async () => {
      await transport.close();
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * OpenStack Swift with s3api: a fresh account of the run's shared Swift, or one node started for
 * the caller and stopped by close() (test/support/swift.mjs, leaseSwift). Fails, never skips,
 * when Swift is not installed: the message says what to install.
 */
export async function startSwiftTarget(): Promise<S3Target> {
  const missing = swiftMissing();
  if (missing) throw new Error(missing);
  const swift = await leaseSwift();
  const transport = makeTransport();
  return {
    name: 'swift',
    baseUrl: swift.endpoint,
    access: swift.accessKey,
    secret: swift.secretKey,
    transport,
    client: (over = {}) =>
      new S3Client({
        baseUrl: swift.endpoint,
        accessKey: swift.accessKey,
        secretKey: swift.secretKey,
        signingRegion: swift.region,
        transport,
        ...over,
      }),
    caps: { acl: true, listUploads: true, abort: true, listParts: true, location: true, copyIfMatch: true },
    close: async () => {
      await transport.close();
      await swift.stop();
    },
  };
}

export const TARGETS = [
  { name: 'sandbox', start: () => startSandbox({ seed: false }) },
  { name: 's3rver', start: startS3rver },
] as const;
