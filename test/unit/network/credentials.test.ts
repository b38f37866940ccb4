// EC2 (S3) credentials through the identity API against the identity sandbox: create, list,
// delete, the limit of 3, and the registry the storage sandbox reads (findEc2Secret).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/networkFixture';
import { Ec2CredentialsClient, CREDENTIAL_LIMIT_MESSAGE } from '../../../src/client/network/credentials';
import { isApiError, isValidationError } from '../../../src/client/errors';
import { findEc2Secret, identityState, SANDBOX_EC2, SANDBOX_IDENTITY } from '../../../src/sandbox/identity/index';

describe('credentials (OS-EC2)', () => {
  let fx: Fixture;
  let creds: Ec2CredentialsClient;
  before(async () => {
    fx = await startFixture();
    creds = new Ec2CredentialsClient({ identity: fx.identity });
  });
  after(() => fx.close());

  it('lists the seeded pair the storage sandbox accepts', async () => {
    const list = await creds.list();
    assert.deepEqual(
      list.map((c) => [c.access, c.secret, c.tenant_id, c.user_id]),
      [[SANDBOX_EC2.access, SANDBOX_EC2.secret, SANDBOX_IDENTITY.storageTenantId, SANDBOX_IDENTITY.userId]],
    );
    assert.equal(findEc2Secret(SANDBOX_EC2.access), SANDBOX_EC2.secret, 'the shared registry holds the seeded pair');
  });

  it('creates up to 3 per project, then refuses with a clear error; deleting one makes room', async () => {
    const tenantId = SANDBOX_IDENTITY.storageTenantId;
    const a = await creds.create({ tenantId });
    const b = await creds.create({ tenantId });
    assert.equal(a.tenant_id, tenantId);
    assert.equal(a.user_id, SANDBOX_IDENTITY.userId);
    assert.equal(a.trust_id, null);
    assert.notEqual(a.access, b.access);
    assert.equal((await creds.list()).length, 3);
    await assert.rejects(creds.create({ tenantId }), (e) => {
      assert.ok(isApiError(e));
      assert.equal(e.code, 'CredentialLimitExceeded');
      assert.equal(e.message, CREDENTIAL_LIMIT_MESSAGE);
      assert.equal(e.message, 'You already have 3 S3 credentials, the maximum: delete one first');
      return true;
    });
    await creds.delete({ access: a.access });
    assert.equal((await creds.list()).length, 2);
    const c = await creds.create({ tenantId });
    assert.equal((await creds.list()).length, 3);
    // The limit is per project: the network tenant still has room.
    const other = await creds.create();
    assert.equal(other.tenant_id, SANDBOX_IDENTITY.tenantId);
    await creds.delete({ access: c.access });
    await creds.delete({ access: other.access });
    await creds.delete({ access: b.access });
  });

  it('the fixture keeps its own registry; the default one backs findEc2Secret for the storage sandbox', async () => {
    const created = await creds.create({ tenantId: SANDBOX_IDENTITY.storageTenantId });
    assert.equal(fx.state.credentials.get(created.access)?.secret, created.secret);
    assert.equal(findEc2Secret(created.access), undefined, 'a private state does not leak into the shared registry');
    assert.ok(identityState.credentials.has(SANDBOX_EC2.access));
    await creds.delete({ access: created.access });
    assert.equal(fx.state.credentials.has(created.access), false);
  });

  it('deleting an unknown access key is an ApiError saying not found', async () => {
    await assert.rejects(
      creds.delete({ access: 'ffffffffffffffffffffffffffffffff' }),
      (e) => isApiError(e) && e.status === 404 && /not found/.test(e.message),
    );
  });

  it('an empty access key is a ValidationError, nothing is sent', async () => {
    fx.server.resetStats();
    await assert.rejects(creds.delete({ access: '' }), (e) => isValidationError(e) && e.issues[0].path === 'access');
    assert.equal(fx.server.stats.total, 0);
  });

  it('an unknown project is a clear ApiError', async () => {
    await assert.rejects(
      creds.create({ tenantId: 'nope' }),
      (e) => isApiError(e) && e.status === 404 && /project/.test(e.message),
    );
  });

  it('created secrets never reach the log', async () => {
    const c = await creds.create({ tenantId: SANDBOX_IDENTITY.storageTenantId });
    await creds.list();
    assert.ok(!fx.logs.join('\n').includes(c.secret));
    await creds.delete({ access: c.access });
  });

  it('a revoked token mid-way is re-issued once', async () => {
    fx.state.expireAll();
    const before = fx.state.issuedCount;
    assert.equal((await creds.list()).length, 1);
    assert.equal(fx.state.issuedCount, before + 1);
  });
});
