// Connect to a Running Sandbox (src/exploreSandbox/connect.ts) against a whole sandbox over
// loopback: the profile the sandbox describes reaches it by the address the person typed, each
// role gets its own keys, and an address with no sandbox behind it is answered with what to do.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';
import { captureLogger, makeTransport } from '../../support/rdsServer';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';
import { RdsClient } from '../../../src/client/rds/client';
import { resolveEndpoint } from '../../../src/client/endpoints';
import type { Transport } from '../../../src/client/http/transport';

installVscodeStub();
const { profileOfSandbox, readSandboxProfile, sandboxBase } =
  require('../../../src/exploreSandbox/connect') as typeof import('../../../src/exploreSandbox/connect');

/** A plain HTTP server answering every request with `status` and `body`. */
async function answering(status: number, body: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('Connect to a Running Sandbox', () => {
  let sb: Sandbox;
  let transport: Transport;
  const log = captureLogger();
  before(async () => {
    sb = await startSandbox({ timeScale: 3_600_000 });
    transport = makeTransport({ logger: log });
  });
  after(async () => {
    await transport.close();
    await sb.close();
  });

  test('the profile read from the sandbox reaches it by the typed address and signs as the chosen role', async () => {
    // "localhost" where the sandbox calls itself 127.0.0.1: the endpoints follow what was typed
    // (a proxy's name, a container's published port), not the sandbox's own idea of its address.
    const typed = sb.url.replace('127.0.0.1', 'localhost');
    for (const role of ['ADMIN', 'VIEWER'] as const) {
      const sp = await readSandboxProfile(transport, typed, role, 'public');
      const { profile, secrets } = profileOfSandbox(sp, { id: 'p1', name: `connected ${role}`, base: typed });
      assert.equal(profile.sandbox, true);
      assert.equal(profile.name, `connected ${role}`);
      assert.deepEqual(profile.endpoints, sb.sandboxProfile({ role, base: typed }).endpoints);
      assert.deepEqual(secrets, sb.sandboxProfile({ role }).secrets, `${role}: the sandbox's own keys`);
      const rds = new RdsClient({
        baseUrl: resolveEndpoint({ cloud: profile.cloud, service: 'rds', region: 'KR1', overrides: profile.endpoints }),
        credentials: {
          appKey: secrets.rdsAppKey!,
          accessKeyId: secrets.rdsAccessKeyId!,
          secretAccessKey: secrets.rdsSecretAccessKey!,
        },
        transport,
      });
      assert.ok(
        (await rds.listDbInstances()).dbInstances.length > 0,
        `${role} lists the DB instances through ${typed}`,
      );
    }
    const viewer = await readSandboxProfile(transport, sb.url, 'VIEWER', 'public');
    const admin = await readSandboxProfile(transport, sb.url, 'ADMIN', 'public');
    assert.notEqual(viewer.secrets.rdsAccessKeyId, admin.secrets.rdsAccessKeyId, 'each role has its own key pair');
    // The keys travel in the answer's body, which the transport does not log.
    const logged = log.lines.join('\n');
    assert.ok(logged.includes('sandbox.profile'), 'the call is logged');
    for (const secret of [admin.secrets.rdsSecretAccessKey!, admin.secrets.identityApiPassword!])
      assert.ok(!logged.includes(secret), 'no key of the answer reaches the log');
  });

  test('the site decides the regions; a site or role the sandbox does not know is refused', async () => {
    const gov = await readSandboxProfile(transport, sb.url, 'ADMIN', 'ngsc');
    assert.equal(gov.cloud, 'ngsc');
    assert.deepEqual(gov.regions, ['KR4']);
    const res = await fetch(`${sb.url}/_sandbox/profile`, { method: 'POST', body: JSON.stringify({ role: 'ROOT' }) });
    assert.equal(res.status, 500);
    assert.match(await res.text(), /role must be ADMIN or VIEWER/);
  });

  test('no sandbox at the address: the error names it, the reason and what to do', async () => {
    const closed = await answering(200, '');
    await closed.close(); // a port that was just free: nothing listens there now
    await assert.rejects(readSandboxProfile(transport, closed.url, 'ADMIN', 'public'), (err: Error) => {
      assert.match(
        err.message,
        new RegExp(`No sandbox answers at ${closed.url.replace(/\./g, '\\.')} \\(ECONNREFUSED\\)`),
      );
      assert.match(err.message, /npm run sandbox/);
      return true;
    });
  });

  test('a server that is not a sandbox is told apart: by its status, then by its answer', async () => {
    const web = await answering(404, '<html>not here</html>');
    const other = await answering(200, '<html>hello</html>');
    const shaped = await answering(
      200,
      JSON.stringify({ name: 'x', cloud: 'mars', regions: [], endpoints: {}, secrets: {} }),
    );
    try {
      await assert.rejects(
        readSandboxProfile(transport, web.url, 'ADMIN', 'public'),
        /is not an NHN Cloud sandbox: it answered HTTP 404 to \/_sandbox\/profile/,
      );
      for (const s of [other, shaped])
        await assert.rejects(
          readSandboxProfile(transport, s.url, 'ADMIN', 'public'),
          /is not an NHN Cloud sandbox: its answer to \/_sandbox\/profile is not a sandbox profile/,
        );
    } finally {
      await Promise.all([web.close(), other.close(), shaped.close()]);
    }
  });
});

test('the address: http(s) only, a trailing slash dropped, a path kept, a query or credentials refused', () => {
  assert.equal(sandboxBase(' http://127.0.0.1:8484/ '), 'http://127.0.0.1:8484');
  assert.equal(sandboxBase('https://sandbox.example.com/team-a/'), 'https://sandbox.example.com/team-a');
  assert.equal(sandboxBase('ftp://127.0.0.1'), undefined);
  assert.equal(sandboxBase('127.0.0.1:8484'), undefined);
  assert.equal(sandboxBase('http://127.0.0.1:8484/?x=1'), undefined);
  assert.equal(sandboxBase('http://admin:hunter2@127.0.0.1:8484'), undefined, 'no credentials in the address');
  assert.equal(sandboxBase(''), undefined);
});
