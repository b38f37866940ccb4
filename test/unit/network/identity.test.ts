// IdentityClient against the identity sandbox over loopback: caching, expiry, the one re-issue
// on 401, wrong password, the service catalog and endpoint preference, redaction.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/networkFixture';
import { isAuthError, isCancelledError } from '../../../src/client/errors';
import { catalogUrl, IdentityClient, WRONG_PASSWORD_MESSAGE } from '../../../src/client/network/identity';
import { IDENTITY_OPERATIONS, OS_EC2 } from '../../../src/client/network/identityOperations';
import { describeOperation } from '../../../src/client/operation';
import { SANDBOX_IDENTITY } from '../../../src/sandbox/identity/index';

describe('identity: token cache', () => {
  let fx: Fixture;
  before(async () => (fx = await startFixture()));
  after(() => fx.close());

  it('issues one token for many concurrent and sequential calls', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, () => fx.identity.token()));
    for (let i = 0; i < 5; i++) await fx.client.listFloatingIps();
    assert.equal(new Set(tokens).size, 1);
    assert.equal(fx.state.issuedCount, 1);
    assert.equal(fx.identity.issued, 1);
    assert.equal(fx.server.stats.byOperation['network.listFloatingIps'], 5);
  });

  it('a 401 mid-operation (token revoked) re-issues exactly once and succeeds', async () => {
    const before = fx.state.issuedCount;
    fx.server.resetStats();
    fx.state.expireAll();
    const ips = await fx.client.listFloatingIps();
    assert.ok(ips.length > 0);
    assert.equal(fx.state.issuedCount, before + 1);
    assert.equal(
      fx.server.stats.byOperation['network.listFloatingIps'],
      2,
      'the call is sent again once with the new token',
    );
  });

  it('many concurrent calls that all meet a 401 share one re-issue', async () => {
    await fx.identity.token();
    const before = fx.state.issuedCount;
    fx.state.expireAll();
    await Promise.all(Array.from({ length: 8 }, () => fx.client.listTransitHubs()));
    assert.equal(fx.state.issuedCount, before + 1);
  });

  it('a second 401 after the re-issue is passed on as AuthError (no loop)', async () => {
    const before = fx.state.issuedCount;
    fx.server.resetStats();
    fx.server.injectFault({ service: 'network', operation: 'network.getTransitHub', status: 401, times: 2 });
    await assert.rejects(
      fx.client.getTransitHub({ transitHubId: '00000000-0000-4000-8000-000000000101' }),
      (e) => isAuthError(e) && e.status === 401,
    );
    fx.server.clearFaults();
    assert.equal(fx.state.issuedCount, before + 1, 'exactly one re-issue');
    assert.equal(fx.server.stats.byOperation['network.getTransitHub'], 2);
  });

  it('a token for another tenant (object storage) is issued and cached separately', async () => {
    const a = await fx.identity.token();
    const b = await fx.identity.token({ tenantId: SANDBOX_IDENTITY.storageTenantId });
    const b2 = await fx.identity.token({ tenantId: SANDBOX_IDENTITY.storageTenantId });
    assert.notEqual(a, b);
    assert.equal(b, b2);
  });

  it('never logs the API password or the token', async () => {
    const token = await fx.identity.token();
    await fx.client.listFloatingIps();
    const all = fx.logs.join('\n');
    assert.ok(fx.logs.length > 0);
    assert.ok(!all.includes(SANDBOX_IDENTITY.password), 'password leaked into the log');
    assert.ok(!all.includes(token), 'token leaked into the log');
  });

  it('an aborted signal cancels the wait for a token', async () => {
    fx.identity.invalidate();
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(fx.identity.token({ signal: ac.signal }), (e) => isCancelledError(e));
  });
});

describe('identity: expiry', () => {
  it('re-issues the token once the cached one is close to expires (half the lifetime for short tokens)', async () => {
    let clock = Date.now();
    const fx = await startFixture({ tokenTtlMs: 4_000, now: () => clock });
    try {
      const first = await fx.identity.token();
      const session = await fx.identity.session();
      // 4 s lifetime: the margin is half of it, so the token is reused for about 2 s.
      assert.ok(
        session.refreshAt - clock <= 2_100 && session.refreshAt - clock >= 1_900,
        `refreshAt in ${session.refreshAt - clock} ms`,
      );
      clock += 1_000;
      assert.equal(await fx.identity.token(), first);
      clock += 1_500;
      const second = await fx.identity.token();
      assert.notEqual(second, first);
      assert.equal(fx.state.issuedCount, 2);
    } finally {
      await fx.close();
    }
  });

  it('long tokens are reused until 5 minutes before expires', async () => {
    let clock = Date.now();
    const fx = await startFixture({ tokenTtlMs: 60 * 60_000, now: () => clock });
    try {
      const first = await fx.identity.token();
      clock += 54 * 60_000;
      assert.equal(await fx.identity.token(), first);
      clock += 2 * 60_000;
      assert.notEqual(await fx.identity.token(), first);
    } finally {
      await fx.close();
    }
  });

  it('a token the server already expired is replaced on the next call (short server lifetime)', async () => {
    // The server's clock runs; the client's is frozen, so only the 401 can tell it.
    const frozen = Date.now();
    const fx = await startFixture({ tokenTtlMs: 1_000, now: () => frozen });
    try {
      await fx.client.listFloatingIps();
      // Expire server-side without waiting: same effect as the lifetime running out.
      fx.state.expireAll();
      const hubs = await fx.client.listTransitHubs();
      assert.ok(hubs.length >= 1);
      assert.equal(fx.state.issuedCount, 2);
    } finally {
      await fx.close();
    }
  });
});

describe('identity: rejection and catalog', () => {
  let fx: Fixture;
  before(async () => (fx = await startFixture({ password: 'the-login-password' })));
  after(() => fx.close());

  it('a wrong password is an AuthError that says which password is meant', async () => {
    await assert.rejects(fx.identity.token(), (e) => {
      assert.ok(isAuthError(e));
      assert.equal(e.reason, 'unauthenticated');
      assert.ok(e.message.startsWith(WRONG_PASSWORD_MESSAGE), e.message);
      assert.ok(!e.message.includes('the-login-password'));
      return true;
    });
  });

  it('a network call with a wrong password fails with the same AuthError, without a loop', async () => {
    fx.server.resetStats();
    await assert.rejects(
      fx.client.listFloatingIps(),
      (e) => isAuthError(e) && e.message.startsWith(WRONG_PASSWORD_MESSAGE),
    );
    assert.equal(fx.server.stats.byOperation['identity.issueToken'], 1);
    assert.equal(fx.server.stats.byOperation['network.listFloatingIps'], undefined);
  });

  it('endpointFor: override > serviceCatalog > default', async () => {
    const good = await startFixture();
    try {
      assert.equal(await good.identity.endpointFor('network', 'KR2'), `${good.url}/network/kr2`);
      assert.equal(await good.identity.endpointFor('object-store', 'JP1'), `${good.url}/storage/jp1`);
      const overridden = new IdentityClient({
        baseUrl: `${good.url}/identity`,
        tenantId: SANDBOX_IDENTITY.tenantId,
        username: SANDBOX_IDENTITY.username,
        password: SANDBOX_IDENTITY.password,
        transport: good.transport,
        overrides: { network: 'https://net.example/{region}/' },
      });
      assert.equal(await overridden.endpointFor('network', 'KR1'), 'https://net.example/kr1');
      assert.equal(overridden.issued, 0, 'an override needs no token');
      // No catalog entry for a region: the cloud's default.
      assert.equal(
        catalogUrl([{ type: 'network', endpoints: [{ region: 'KR1', publicURL: 'x' }] }], 'network', 'KR2'),
        undefined,
      );
      const session = await good.identity.session();
      session.catalog.splice(0, session.catalog.length);
      assert.equal(
        await good.identity.endpointFor('network', 'KR2'),
        'https://kr2-api-network-infrastructure.nhncloudservice.com',
      );
    } finally {
      await good.close();
    }
  });
});

describe('identity: operations table', () => {
  it('declares token issuance and the three credential operations with the OS-EC2 segment', () => {
    assert.deepEqual(IDENTITY_OPERATIONS.map(describeOperation), [
      'identity POST /v2.0/tokens',
      'identity POST /v2.0/users/{userId}/credentials/OS-EC2',
      'identity GET /v2.0/users/{userId}/credentials/OS-EC2',
      'identity DELETE /v2.0/users/{userId}/credentials/OS-EC2/{access}',
    ]);
    assert.equal(OS_EC2, 'OS-EC2');
  });
});
