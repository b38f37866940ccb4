// Hostile answers to the response parsers (issue 9, item 4), property-based with fast-check,
// through the real clients over loopback HTTP: whatever a server (or a proxy in the way)
// answers, a call resolves with a parsed value or rejects with ApiError / AuthError, never with
// a TypeError, a RangeError or a raw parser error.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { isApiError, isAuthError } from '../../../src/client/errors';
import { Transport } from '../../../src/client/http/transport';
import { IdentityClient } from '../../../src/client/network/identity';
import { NetworkClient } from '../../../src/client/network/client';
import { checkResponse, errorBodyMessage, httpError } from '../../../src/client/network/http';
import { NETWORK_OPERATIONS } from '../../../src/client/network/operations';
import { RdsClient } from '../../../src/client/rds/client';
import { S3Client } from '../../../src/client/storage/client';
import { parseXml } from '../../../src/client/storage/xml';

interface Answer {
  status: number;
  body: string;
  contentType?: string;
}

let next: (path: string) => Answer = () => ({ status: 200, body: '' });
let server: http.Server;
let base = '';
let transport: Transport;

before(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const a = next(req.url ?? '/');
      res.writeHead(a.status, { 'content-type': a.contentType ?? 'application/json', etag: '"e"' });
      res.end(req.method === 'HEAD' ? undefined : a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  transport = new Transport({ userAgent: 'fuzz', retries: { max: 0 } });
});
after(async () => {
  await transport.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

/** Resolves, or rejects with one of the extension's error types: anything else fails the property. */
async function settlesTyped(p: Promise<unknown>, what: string): Promise<void> {
  try {
    await p;
  } catch (err) {
    if (isApiError(err) || isAuthError(err)) {
      assert.ok(
        err.message.length > 0 && err.message.length < 2_000,
        `${what}: message of ${err.message.length} characters`,
      );
      return;
    }
    throw new Error(`${what}: rejected with ${(err as Error)?.name}: ${String(err).slice(0, 300)}`);
  }
}

const statuses = fc.oneof(fc.constant(200), fc.constant(200), fc.integer({ min: 200, max: 599 }));
/** JSON that looks almost right: the expected envelope with random content. */
const rdsLike = fc.record(
  {
    header: fc.oneof(
      fc.record(
        {
          isSuccessful: fc.oneof(fc.boolean(), fc.anything()),
          resultCode: fc.oneof(fc.integer(), fc.constantFrom(0, 80401, 80403, 4005, -1), fc.string()),
          resultMessage: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    ),
    dbInstances: fc.anything(),
    dbInstance: fc.anything(),
    jobId: fc.anything(),
    jobStatus: fc.anything(),
    resourceRelations: fc.anything(),
  },
  { requiredKeys: [] },
);
const jsonBodies = fc.oneof(
  rdsLike.map((v) => JSON.stringify(v) ?? ''),
  fc.json(),
  fc.string(),
  fc.constantFrom('', 'null', '[]', '{}', '{"header":null}', '<html>Bad gateway</html>', '\u0000\uffff', '{"a":1'),
);

describe('fuzz: RDS answers', () => {
  const rds = () =>
    new RdsClient({
      baseUrl: base,
      credentials: { appKey: 'app-key-fuzz', accessKeyId: 'access-fuzz', secretAccessKey: 'secret-fuzz' },
      transport,
    });
  const calls: Array<[string, (c: RdsClient) => Promise<unknown>]> = [
    ['listDbInstances', (c) => c.listDbInstances()],
    ['getDbInstance', (c) => c.getDbInstance({ dbInstanceId: 'i-1' })],
    ['getJob', (c) => c.getJob({ jobId: 'j-1' })],
    ['restartDbInstance', (c) => c.restartDbInstance({ dbInstanceId: 'i-1' })],
    ['listBackups', (c) => c.listBackups({ query: { page: 1, size: 20 } })],
  ];
  for (const [name, call] of calls) {
    it(`${name}: any answer resolves or rejects with ApiError/AuthError`, async () => {
      await fc.assert(
        fc.asyncProperty(statuses, jsonBodies, async (status, body) => {
          next = () => ({ status, body });
          await settlesTyped(call(rds()), `${name} HTTP ${status} ${body.slice(0, 80)}`);
        }),
        { numRuns: 120 },
      );
    });
  }
});

describe('fuzz: identity and network answers', () => {
  const tokenBody = (catalog: unknown) =>
    JSON.stringify({
      access: {
        token: { id: 'tok', expires: '2099-01-01T00:00:00Z', tenant: { id: 't' } },
        user: { id: 'u' },
        serviceCatalog: catalog,
      },
    });

  it('token issuance: any answer resolves or rejects with ApiError/AuthError', async () => {
    await fc.assert(
      fc.asyncProperty(
        statuses,
        fc.oneof(
          jsonBodies,
          fc.anything().map(tokenBody),
          fc.anything().map((v) => JSON.stringify({ access: v }) ?? ''),
        ),
        async (status, body) => {
          next = () => ({ status, body });
          const id = new IdentityClient({ baseUrl: base, tenantId: 't', username: 'u', password: 'p', transport });
          await settlesTyped(id.token(), `issueToken HTTP ${status} ${body.slice(0, 80)}`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('floating IPs (list and one): any answer resolves or rejects with ApiError/AuthError', async () => {
    const fip = fc.record(
      {
        id: fc.anything(),
        floating_ip_address: fc.anything(),
        floating_network_id: fc.anything(),
        status: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const bodies = fc.oneof(
      jsonBodies,
      fc.array(fip).map((l) => JSON.stringify({ floatingips: l })),
      fip.map((f) => JSON.stringify({ floatingip: f }) ?? ''),
    );
    await fc.assert(
      fc.asyncProperty(statuses, bodies, fc.boolean(), async (status, body, one) => {
        next = (path) => (path.includes('/tokens') ? { status: 200, body: tokenBody([]) } : { status, body });
        const id = new IdentityClient({ baseUrl: base, tenantId: 't', username: 'u', password: 'p', transport });
        const n = new NetworkClient({ baseUrl: base, identity: id });
        await settlesTyped(
          one ? n.getFloatingIp({ floatingIpId: '00000000-0000-4000-8000-000000000001' }) : n.listFloatingIps(),
          `floating IPs HTTP ${status} ${body.slice(0, 80)}`,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('every network response schema: checkResponse returns or throws ApiError', () => {
    for (const op of NETWORK_OPERATIONS as readonly { id: string; response?: never }[]) {
      fc.assert(
        fc.property(fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true }), (v) => {
          try {
            checkResponse('network', op.id, op.response, v);
          } catch (err) {
            assert.ok(isApiError(err), `${op.id}: ${String(err)}`);
          }
        }),
        { numRuns: 60 },
      );
    }
  });

  it('error bodies: any text maps to an ApiError or AuthError with a bounded message', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.oneof(
          fc.string({ maxLength: 5000 }),
          fc.json(),
          fc.anything().map((v) => JSON.stringify({ NeutronError: v }) ?? ''),
        ),
        (status, text) => {
          errorBodyMessage(text);
          const e = httpError('network', 'network.fuzz', status, text);
          return (isApiError(e) || isAuthError(e)) && e.message.length < 1_000;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('fuzz: S3 answers', () => {
  /** XML built from S3's element names with random text: close to real answers, and broken ones. */
  const names = fc.constantFrom(
    'ListBucketResult',
    'Contents',
    'Key',
    'Size',
    'ETag',
    'IsTruncated',
    'NextMarker',
    'CommonPrefixes',
    'Prefix',
    'Error',
    'Code',
    'Message',
    'Region',
    'Name',
    'Buckets',
    'Bucket',
    'Upload',
    'UploadId',
  );
  const { node } = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      fc.string({ maxLength: 20 }).map((s) => s.replace(/[<&]/g, '')),
      fc.constantFrom(
        '&amp;',
        '&#x41;',
        '&#0;',
        '&#xFFFFFFF;',
        '&bogus;',
        '<![CDATA[x]]>',
        '<!-- c -->',
        '</Unopened>',
        '<Unclosed>',
      ),
      fc.tuple(names, fc.array(tie('node'), { maxLength: 4 })).map(([n, kids]) => `<${n}>${kids.join('')}</${n}>`),
    ),
  }));
  const xmlBodies = fc.oneof(
    node.map((n) => `<?xml version="1.0" encoding="UTF-8"?>${n}`),
    node.map((n) => `<ListBucketResult>${n}</ListBucketResult>`),
    node.map((n) => `<Error>${n}</Error>`),
    fc.string(),
  );

  it('parseXml throws nothing but Error, and returns an object', () => {
    fc.assert(
      fc.property(xmlBodies, (text) => {
        try {
          const x = parseXml(text);
          return typeof x === 'object' && x !== null;
        } catch (err) {
          return (
            err instanceof Error &&
            !(err instanceof TypeError) &&
            !(err instanceof RangeError) &&
            err.message.length <= 200
          );
        }
      }),
      { numRuns: 1000 },
    );
  });

  // The request-limit waits kept short: a drawn 429 (or SlowDown body) still goes through them,
  // then ends in the RequestLimit error, without the real policy's minutes.
  const s3 = () =>
    new S3Client({
      baseUrl: base,
      accessKey: 'AK',
      secretKey: 'SK',
      transport,
      requestLimit: { baseDelayMs: 1, maxDelayMs: 1, giveUpAfterMs: 3 },
    });
  const calls: Array<[string, (c: S3Client) => Promise<unknown>]> = [
    ['listObjects', (c) => c.listObjectsPage({ bucket: 'fuzz-bucket', prefix: 'a/' })],
    ['listBuckets', (c) => c.listBuckets()],
    ['listMultipartUploads', (c) => c.listMultipartUploads('fuzz-bucket')],
    ['getBucketAcl', (c) => c.getBucketAcl('fuzz-bucket')],
    ['headObject', (c) => c.headObject('fuzz-bucket', 'k')],
    ['deleteObjects', (c) => c.deleteObjects('fuzz-bucket', ['a', 'b'])],
    [
      'completeMultipartUpload',
      (c) => c.completeMultipartUpload('fuzz-bucket', 'k', 'u', [{ partNumber: 1, etag: '"e"' }]),
    ],
  ];
  for (const [name, call] of calls) {
    it(`${name}: any answer resolves or rejects with ApiError/AuthError`, async () => {
      await fc.assert(
        fc.asyncProperty(statuses, xmlBodies, async (status, body) => {
          next = () => ({ status, body, contentType: 'application/xml' });
          await settlesTyped(call(s3()), `${name} HTTP ${status} ${body.slice(0, 80)}`);
        }),
        { numRuns: 100 },
      );
    });
  }
});
