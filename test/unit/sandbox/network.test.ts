// The identity + network module inside the whole sandbox (startSandbox): a profile made from
// sandboxProfile() reaches network through the catalog, and the control routes work.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';
import { IdentityClient } from '../../../src/client/network/identity';
import { NetworkClient } from '../../../src/client/network/client';
import { Transport } from '../../../src/client/http/transport';
import { resolveEndpoint } from '../../../src/client/endpoints';
import { findEc2Secret, SANDBOX_EC2 } from '../../../src/sandbox/identity/index';
import type { NetworkSandboxService } from '../../../src/sandbox/network/index';

describe('network sandbox module in startSandbox', () => {
  let sb: Sandbox;
  let transport: Transport;
  before(async () => {
    sb = await startSandbox({ timeScale: 3_600_000 });
    transport = new Transport({ userAgent: 'test', retries: { baseDelayMs: 1 } });
  });
  after(async () => {
    await transport.close();
    await sb.close();
  });

  it('a sandbox profile signs in and finds network through the catalog', async () => {
    const p = sb.sandboxProfile();
    const identity = new IdentityClient({
      baseUrl: resolveEndpoint({ cloud: 'public', service: 'identity', overrides: p.endpoints }),
      tenantId: p.secrets.identityTenantId!,
      username: p.secrets.identityUsername!,
      password: p.secrets.identityApiPassword!,
      transport,
    });
    const baseUrl = await identity.endpointFor('network', 'KR2');
    assert.equal(baseUrl, `${sb.url}/network/kr2`);
    const client = new NetworkClient({ baseUrl, identity });
    assert.equal((await client.listExternalNetworks()).length, 1);
    assert.equal((await client.listFloatingIps()).length, 3);

    const hub = await client.createTransitHub({
      body: { multicast_enable: true, default_association_enable: false, default_propagation_enable: false },
    });
    const t = await client.createRoutingTable({ body: { transithub_id: hub.id } });
    assert.equal(t.status, 'BUILD');
    assert.equal((await fetch(`${sb.url}/_sandbox/network/settle`, { method: 'POST' })).status, 200);
    assert.equal((await client.getRoutingTable({ routingTableId: t.id })).status, 'ACTIVE');

    const before = identity.issued;
    assert.equal((await fetch(`${sb.url}/_sandbox/identity/expire-tokens`, { method: 'POST' })).status, 200);
    await client.listTransitHubs();
    assert.equal(identity.issued, before + 1, 'one re-issue after the tokens expired');
    (sb.modules.network as { network: NetworkSandboxService }).network.reset();
  });

  it('the seeded EC2 pair is in the shared registry the storage sandbox reads', () => {
    assert.equal(findEc2Secret(SANDBOX_EC2.access), SANDBOX_EC2.secret);
    assert.equal(findEc2Secret('unknown'), undefined);
  });

  it('faults reach network operations through the generic knobs', async () => {
    const p = sb.sandboxProfile();
    const identity = new IdentityClient({
      baseUrl: `${sb.url}/identity`,
      tenantId: p.secrets.identityTenantId!,
      username: p.secrets.identityUsername!,
      password: p.secrets.identityApiPassword!,
      transport,
    });
    const client = new NetworkClient({ baseUrl: `${sb.url}/network/kr1`, identity });
    sb.faults.httpStatus(503, 'network.listTransitHubs', 1);
    assert.equal((await client.listTransitHubs()).length, 1);
    sb.faults.httpStatus(503, 'identity.issueToken', 1);
    identity.invalidate();
    assert.ok(await identity.token());
    sb.faults.clear();
  });
});
