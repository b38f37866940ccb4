// The transport over real loopback sockets: retries only where safe, timeouts and aborts
// as typed errors, no unhandled rejection, the proxy and NO_PROXY, and redacted logs.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { isApiError, isCancelledError, type ApiError } from '../../../src/client/errors';
import { Redactor } from '../../../src/client/http/redact';
import { bypassesProxy, resolveProxySettings } from '../../../src/client/http/transport';
import { RdsClient } from '../../../src/client/rds/client';
import {
  CREDENTIALS,
  captureLogger,
  fail,
  makeTransport,
  ok,
  startServer,
  type Answer,
  type TestServer,
} from '../../support/rdsServer';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
process.on('unhandledRejection', onUnhandled);

/** A server whose answer per request index comes from a list (the last one repeats). */
async function scripted(answers: Answer[]): Promise<TestServer> {
  return startServer((_req, i) => answers[Math.min(i, answers.length - 1)]);
}
const get = (url: string, extra: Partial<Parameters<ReturnType<typeof makeTransport>['request']>[0]> = {}) => ({
  service: 'rds' as const,
  operation: 'rds.test',
  method: 'GET',
  url,
  idempotent: true,
  ...extra,
});

describe('transport: retries', () => {
  test('GET is retried on 503 and succeeds', async () => {
    const server = await scripted([{ raw: 'busy', status: 503 }, { raw: 'busy', status: 503 }, ok()]);
    const t = makeTransport();
    try {
      const res = await t.request(get(server.url));
      assert.equal(res.status, 200);
      assert.equal(server.requests.length, 3);
    } finally {
      await t.close();
      await server.close();
    }
  });

  test('POST is not retried on 503', async () => {
    const server = await scripted([{ raw: 'busy', status: 503 }, ok()]);
    const t = makeTransport();
    try {
      const res = await t.request(get(server.url, { method: 'POST', idempotent: false, body: '{}' }));
      assert.equal(res.status, 503);
      await res.text();
      assert.equal(server.requests.length, 1);
    } finally {
      await t.close();
      await server.close();
    }
  });

  test('a dropped connection is retried for an idempotent call', async () => {
    const server = await scripted([{ drop: true }, ok()]);
    const t = makeTransport();
    try {
      const res = await t.request(get(server.url, { method: 'PUT', body: '{}' }));
      assert.equal(res.status, 200);
      assert.equal(server.requests.length, 2);
    } finally {
      await t.close();
      await server.close();
    }
  });

  test('a dropped connection is not retried for POST: a clear ApiError', async () => {
    const server = await scripted([{ drop: true }, ok()]);
    const t = makeTransport();
    try {
      const err = (await t.request(get(server.url, { method: 'POST', idempotent: false, body: '{}' })).then(
        () => assert.fail('resolved'),
        (e: unknown) => e,
      )) as ApiError;
      assert.ok(isApiError(err), String(err));
      assert.match(err.message, /connection to 127\.0\.0\.1:\d+ was dropped/);
      assert.equal(err.retryable, true);
      assert.equal(server.requests.length, 1);
    } finally {
      await t.close();
      await server.close();
    }
  });

  test('the RDS client keeps its typed error after retries run out', async () => {
    const server = await scripted([{ raw: 'busy', status: 502 }]);
    const rds = new RdsClient({ baseUrl: server.url, credentials: CREDENTIALS, transport: makeTransport() });
    try {
      const err = (await rds.listDbInstances().then(
        () => assert.fail('resolved'),
        (e: unknown) => e,
      )) as ApiError;
      assert.ok(isApiError(err));
      assert.equal(err.status, 502);
      assert.equal(server.requests.length, 3, 'one call and two retries');
    } finally {
      await rds.transport.close();
      await server.close();
    }
  });
});

describe('transport: timeouts and cancellation', () => {
  test('a server that does not answer in time: ApiError saying so', async () => {
    const server = await scripted([{ hang: true }]);
    const t = makeTransport({ timeouts: { headers: 150 }, retries: { max: 0 } });
    try {
      const err = (await t.request(get(server.url)).then(
        () => assert.fail('resolved'),
        (e: unknown) => e,
      )) as ApiError;
      assert.ok(isApiError(err), String(err));
      assert.equal(err.code, 'UND_ERR_HEADERS_TIMEOUT');
      assert.match(err.message, /127\.0\.0\.1:\d+ did not answer in time\. Check the network/);
    } finally {
      await t.close();
      await server.close();
    }
  });

  test('aborting a call in flight: CancelledError', async () => {
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const server = await startServer(() => {
      arrived();
      return { hang: true };
    });
    const t = makeTransport();
    const controller = new AbortController();
    try {
      const call = t.request(get(server.url, { signal: controller.signal }));
      await inFlight;
      controller.abort();
      await assert.rejects(call, (e: unknown) => isCancelledError(e));
      assert.equal(server.requests.length, 1);
    } finally {
      await t.close();
      await server.close();
    }
  });

  test('aborting during a retry delay: CancelledError, no further attempt', async () => {
    const server = await scripted([{ raw: 'busy', status: 503 }]);
    const t = makeTransport({ retries: { max: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    const controller = new AbortController();
    try {
      const call = t.request(get(server.url, { signal: controller.signal }));
      while (server.requests.length === 0) await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 20));
      controller.abort();
      await assert.rejects(call, (e: unknown) => isCancelledError(e));
      assert.equal(server.requests.length, 1);
    } finally {
      await t.close();
      await server.close();
    }
  });
});

/** A minimal HTTP proxy: absolute-form requests are forwarded, CONNECT is tunnelled; both counted. */
async function startProxy() {
  const seen: string[] = [];
  const proxy = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const up = http.request(req.url!, { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  proxy.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = String(req.url).split(':');
    const up = net.connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

describe('transport: proxy', () => {
  let target: TestServer;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  before(async () => {
    target = await startServer(() => ok({ regions: [] }));
    proxy = await startProxy();
  });
  after(async () => {
    await target.close();
    await proxy.close();
  });

  test('requests go through the proxy (absolute-form for http:// targets)', async () => {
    const t = makeTransport({ proxy: { url: proxy.url, bypassLoopback: false } });
    try {
      const res = await t.request(get(`${target.url}/v3.0/project/regions`));
      assert.equal(res.status, 200);
      await res.text();
      assert.deepEqual(proxy.seen, [`GET ${target.url}/v3.0/project/regions`]);
      assert.equal(target.requests.length, 1);
    } finally {
      await t.close();
    }
  });

  test('NO_PROXY bypasses the proxy', async () => {
    proxy.seen.length = 0;
    const t = makeTransport({
      proxy: { url: proxy.url, bypassLoopback: false, noProxy: ['example.com', '127.0.0.1'] },
    });
    try {
      const res = await t.request(get(`${target.url}/v3.0/project/regions`));
      await res.text();
      assert.equal(res.status, 200);
      assert.deepEqual(proxy.seen, []);
    } finally {
      await t.close();
    }
  });

  test('loopback addresses (the sandbox) bypass the proxy by default', async () => {
    proxy.seen.length = 0;
    const t = makeTransport({ proxy: { url: proxy.url } });
    try {
      const res = await t.request(get(`${target.url}/v3.0/project/regions`));
      await res.text();
      assert.deepEqual(proxy.seen, []);
    } finally {
      await t.close();
    }
  });
});

describe('transport: redaction', () => {
  test('secrets never appear in the debug logs, whatever the path', async () => {
    const DB_PASSWORD = 'Db-Passw0rd-93kq';
    const OBS_PASSWORD = 'Obs-Api-Passw0rd-71';
    let n = 0;
    const server = await startServer((req) => {
      n++;
      if (n === 1) return { raw: 'busy', status: 503 };
      if (req.url.pathname.endsWith('/export')) return fail(80401, `Unauthorized key ${CREDENTIALS.appKey}`);
      // A service that echoes what it was sent must not leak it into the log either.
      return ok({
        jobId: 'j1',
        echo: { appKey: CREDENTIALS.appKey, note: `secret ${CREDENTIALS.secretAccessKey} and ${DB_PASSWORD}` },
      });
    });
    const logger = captureLogger();
    const redactor = new Redactor();
    const transport = makeTransport({ logger, redactor });
    const rds = new RdsClient({ baseUrl: server.url, credentials: CREDENTIALS, transport });
    redactor.addSecret(DB_PASSWORD); // as the command that collected it does
    try {
      await rds.modifyDbUser({
        dbInstanceId: 'i1',
        dbUserId: 'u1',
        body: { dbPassword: DB_PASSWORD, authenticationPlugin: 'NATIVE' },
      });
      await assert.rejects(
        rds.exportBackup({
          backupId: 'b1',
          body: { tenantId: 't', username: 'u', password: OBS_PASSWORD, targetContainer: 'c', objectPath: 'p' },
        }),
        (e: Error) => !e.message.includes(CREDENTIALS.appKey),
      );
      const log = logger.lines.join('\n');
      assert.ok(logger.lines.length >= 4, log);
      assert.match(log, /\*\*\*/);
      for (const secret of [...Object.values(CREDENTIALS), DB_PASSWORD, OBS_PASSWORD])
        assert.ok(!log.includes(secret), `${secret} leaked:\n${log}`);
      assert.equal(server.requests.length, 3);
    } finally {
      await transport.close();
      await server.close();
    }
  });
});

describe('transport: proxy settings', () => {
  test('http.proxy wins over the environment; NO_PROXY is split; strictSSL defaults to true', () => {
    assert.equal(resolveProxySettings({ env: {} }), undefined);
    assert.deepEqual(
      resolveProxySettings({
        httpProxy: 'http://setting:3128',
        env: { HTTPS_PROXY: 'http://env:8080', NO_PROXY: 'localhost, .internal example.com:8443' },
      }),
      {
        url: 'http://setting:3128',
        strictSSL: true,
        noProxy: ['localhost', '.internal', 'example.com:8443'],
      },
    );
    assert.equal(resolveProxySettings({ env: { https_proxy: 'http://env:8080' }, strictSSL: false })?.strictSSL, false);
    assert.equal(resolveProxySettings({ env: { https_proxy: 'http://env:8080' } })?.url, 'http://env:8080');
    const noProxy = ['.internal', 'example.com:8443'];
    assert.ok(bypassesProxy(new URL('https://api.internal/x'), noProxy));
    assert.ok(bypassesProxy(new URL('https://example.com:8443/'), noProxy));
    assert.ok(!bypassesProxy(new URL('https://example.com/'), noProxy));
    assert.ok(!bypassesProxy(new URL('https://kr1-rds-mysql.api.nhncloudservice.com/'), noProxy));
  });
});

describe('transport: no unhandled rejection', () => {
  test('none was seen by the end of the file', async () => {
    await new Promise((r) => setImmediate(r));
    process.off('unhandledRejection', onUnhandled);
    assert.deepEqual(unhandled, []);
  });
});
