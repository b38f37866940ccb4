// Proxy and TLS (issue 9, item 6) at client level, every client through one loopback proxy:
//   - the services are addressed by names only the proxy can resolve (`*.sandbox.test` -> the
//     sandbox on 127.0.0.1), so a request that skipped the proxy fails instead of passing quietly;
//     the proxy counts what passed through it;
//   - NO_PROXY (names, `.suffix`, `host:port`) sends matching hosts direct;
//   - https through CONNECT to a server with a self-signed certificate made at test time
//     (openssl): refused by default, accepted only with strictSSL false (VS Code
//     `http.proxyStrictSSL`), and NODE_TLS_REJECT_UNAUTHORIZED=0 does not open that door.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isApiError } from '../../../src/client/errors';
import { Redactor } from '../../../src/client/http/redact';
import { Transport, type ProxySettings } from '../../../src/client/http/transport';
import { IdentityClient } from '../../../src/client/network/identity';
import { NetworkClient } from '../../../src/client/network/client';
import { RdsClient } from '../../../src/client/rds/client';
import { S3Client } from '../../../src/client/storage/client';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { SANDBOX_EC2, SANDBOX_IDENTITY } from '../../../src/sandbox/identity/index';

const unhandled: unknown[] = [];
process.on('unhandledRejection', (r) => void unhandled.push(r));

/** Where the proxy sends a host: `*.test` names are this machine; anything else is refused. */
const resolveTestHost = (host: string) =>
  host.endsWith('.test') || host === '127.0.0.1' || host === 'localhost' ? '127.0.0.1' : undefined;

/** A loopback forward proxy (absolute-form http and CONNECT tunnels), counting requests by host. */
async function startProxy() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '');
    seen.push(`${req.method} ${target.host}${target.pathname}`);
    const address = resolveTestHost(target.hostname);
    if (!address) return void res.writeHead(502).end('unknown host');
    const up = http.request(
      {
        host: address,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = String(req.url).split(':');
    const address = resolveTestHost(host);
    if (!address) return void socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    const up = net.connect(Number(port), address, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('proxy: every client through a loopback proxy', () => {
  let sb: Sandbox;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let port = '';

  before(async () => {
    sb = await startSandbox({ timeScale: 20 });
    proxy = await startProxy();
    port = new URL(sb.url).port;
  });
  after(async () => {
    await proxy.close();
    await sb.close();
    assert.deepEqual(unhandled, []);
  });

  const transportWith = (p: ProxySettings) =>
    new Transport({ userAgent: 'test', proxy: p, retries: { max: 0 }, redactor: new Redactor() });
  const clients = (t: Transport, host: string) => {
    const base = `http://${host}:${port}`;
    const s = sb.sandboxProfile().secrets;
    const identity = new IdentityClient({
      baseUrl: `${base}/identity`,
      tenantId: SANDBOX_IDENTITY.tenantId,
      username: SANDBOX_IDENTITY.username,
      password: SANDBOX_IDENTITY.password,
      transport: t,
    });
    return {
      rds: new RdsClient({
        baseUrl: `${base}/rds/kr1`,
        credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
        transport: t,
      }),
      network: new NetworkClient({ baseUrl: `${base}/network/kr1`, identity }),
      s3: new S3Client({
        baseUrl: `${base}/storage/kr1`,
        accessKey: SANDBOX_EC2.access,
        secretKey: SANDBOX_EC2.secret,
        transport: t,
      }),
    };
  };

  it('RDS, identity, network and signed S3 calls all pass through the proxy, and only through it', async () => {
    proxy.seen.length = 0;
    const t = transportWith({ url: proxy.url });
    try {
      const c = clients(t, 'api.sandbox.test');
      await c.rds.listDbInstances();
      await c.network.listFloatingIps();
      await c.s3.listBuckets();
      await c.s3.putObject('sandbox-docs', 'via proxy.txt', 'through the proxy');
      const host = `api.sandbox.test:${port}`;
      assert.deepEqual(proxy.seen, [
        `GET ${host}/rds/kr1/v3.0/db-instances`,
        `POST ${host}/identity/v2.0/tokens`,
        `GET ${host}/network/kr1/v2.0/floatingips`,
        `GET ${host}/storage/kr1/`,
        `PUT ${host}/storage/kr1/sandbox-docs/via%20proxy.txt`,
      ]);
    } finally {
      await t.close();
    }
  });

  it('without the proxy the same names do not resolve: the calls fail with a clear ApiError', async () => {
    const t = new Transport({ userAgent: 'test', retries: { max: 0 }, timeouts: { connect: 3_000 } });
    try {
      await assert.rejects(
        clients(t, 'api.sandbox.test').rds.listDbInstances(),
        (e) => isApiError(e) && e.operation === 'rds.listDbInstances' && /could not be resolved|failed/.test(e.message),
      );
    } finally {
      await t.close();
    }
  });

  for (const [label, noProxy, host, direct] of [
    ['a host name', ['localhost'], 'localhost', true],
    ['host:port of another port', [`localhost:1`], 'localhost', false],
    ['a name that does not match', ['example.com'], 'localhost', false],
    ['*', ['*'], 'localhost', true],
  ] as const) {
    it(`NO_PROXY with ${label}: ${direct ? 'direct' : 'through the proxy'}`, async () => {
      proxy.seen.length = 0;
      // bypassLoopback off: `localhost` is the sandbox here, and the point is NO_PROXY itself.
      const t = transportWith({ url: proxy.url, noProxy: [...noProxy], bypassLoopback: false });
      try {
        await clients(t, host).rds.listDbInstances();
        assert.equal(proxy.seen.length, direct ? 0 : 1, proxy.seen.join(', '));
      } finally {
        await t.close();
      }
    });
  }

  it('NO_PROXY with a .suffix: a matching name goes direct (and, resolvable only by the proxy, fails to resolve)', async () => {
    proxy.seen.length = 0;
    const t = transportWith({ url: proxy.url, noProxy: ['.sandbox.test'], bypassLoopback: false });
    try {
      await assert.rejects(
        clients(t, 'api.sandbox.test').rds.listDbInstances(),
        (e) => isApiError(e) && /api\.sandbox\.test/.test(e.message),
      );
      assert.deepEqual(proxy.seen, []);
      await clients(t, 'localhost').rds.listDbInstances();
      assert.equal(proxy.seen.length, 1, 'a name outside the suffix still uses the proxy');
    } finally {
      await t.close();
    }
  });

  it('loopback targets skip the proxy unless bypassLoopback is false (the sandbox next to a corporate proxy)', async () => {
    proxy.seen.length = 0;
    let t = transportWith({ url: proxy.url });
    await clients(t, '127.0.0.1').rds.listDbInstances();
    await t.close();
    assert.equal(proxy.seen.length, 0);
    t = transportWith({ url: proxy.url, bypassLoopback: false });
    await clients(t, '127.0.0.1').rds.listDbInstances();
    await t.close();
    assert.equal(proxy.seen.length, 1);
  });
});

describe('TLS: a self-signed certificate is accepted only with strictSSL false', () => {
  let sb: Sandbox;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let front: https.Server;
  let dir: string;
  let httpsPort = 0;

  before(async () => {
    sb = await startSandbox({ timeScale: 20 });
    proxy = await startProxy();
    dir = mkdtempSync(join(tmpdir(), 'reliability-tls-'));
    // A fresh self-signed certificate for secure.test and 127.0.0.1 (openssl is part of every
    // Debian-based CI image; nothing is downloaded).
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        '/CN=secure.test',
        '-addext',
        'subjectAltName=DNS:secure.test,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const sandboxPort = Number(new URL(sb.url).port);
    // TLS in front of the sandbox: same answers, over https with the self-signed certificate.
    front = https.createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (req, res) => {
        const up = http.request(
          { host: '127.0.0.1', port: sandboxPort, path: req.url, method: req.method, headers: req.headers },
          (r) => {
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        up.on('error', () => res.destroy());
        req.pipe(up);
      },
    );
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    httpsPort = (front.address() as AddressInfo).port;
  });
  after(async () => {
    front.closeAllConnections();
    await new Promise<void>((r) => front.close(() => r()));
    await proxy.close();
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rdsVia = (t: Transport, host: string) => {
    const s = sb.sandboxProfile().secrets;
    return new RdsClient({
      baseUrl: `https://${host}:${httpsPort}/rds/kr1`,
      credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
      transport: t,
    });
  };
  const certificateRefused = (e: unknown) =>
    isApiError(e) &&
    e.operation === 'rds.listDbInstances' &&
    /TLS certificate .* was not accepted .*http\.proxyStrictSSL/.test(e.message);

  for (const viaProxy of [true, false]) {
    const where = viaProxy ? 'through a CONNECT proxy' : 'direct';
    const host = viaProxy ? 'secure.test' : '127.0.0.1';
    const proxySettings = (strictSSL?: boolean): ProxySettings | undefined =>
      viaProxy ? { url: proxy.url, strictSSL } : strictSSL === undefined ? undefined : { strictSSL };

    it(`${where}: refused by default, with a message naming the setting`, async () => {
      proxy.seen.length = 0;
      const t = new Transport({ userAgent: 'test', proxy: proxySettings(), retries: { max: 0 } });
      try {
        await assert.rejects(rdsVia(t, host).listDbInstances(), certificateRefused);
        if (viaProxy) assert.deepEqual(proxy.seen, [`CONNECT secure.test:${httpsPort}`]);
      } finally {
        await t.close();
      }
    });

    it(`${where}: NODE_TLS_REJECT_UNAUTHORIZED=0 does not make it accepted`, async () => {
      const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      const savedWarn = process.emitWarning;
      process.emitWarning = () => undefined; // Node warns once about the variable; not this test's concern.
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
      const t = new Transport({ userAgent: 'test', proxy: proxySettings(true), retries: { max: 0 } });
      try {
        await assert.rejects(rdsVia(t, host).listDbInstances(), certificateRefused);
      } finally {
        if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
        else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
        process.emitWarning = savedWarn;
        await t.close();
      }
    });

    it(`${where}: accepted with strictSSL false`, async () => {
      proxy.seen.length = 0;
      const t = new Transport({ userAgent: 'test', proxy: proxySettings(false), retries: { max: 0 } });
      try {
        const { dbInstances } = await rdsVia(t, host).listDbInstances();
        assert.ok(dbInstances.length > 0);
        if (viaProxy) assert.deepEqual(proxy.seen, [`CONNECT secure.test:${httpsPort}`]);
      } finally {
        await t.close();
      }
    });
  }
});
