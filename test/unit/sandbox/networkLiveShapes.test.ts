// The network sandbox accepts what the live service accepts, as the service owners' guides show
// it, sent as raw JSON (not through the client, whose schemas the sandbox shares): optional
// fields as null, floating-IP label and delete protection (create, the change-only PUT, list
// filters), and it refuses a field the service does not know instead of dropping it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { resolveEndpoint } from '../../../src/client/endpoints';
import { Transport } from '../../../src/client/http/transport';
import { IdentityClient } from '../../../src/client/network/identity';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';

describe('network sandbox: the shapes of the service owners guides', () => {
  let sb: Sandbox;
  let transport: Transport;
  let base: string;
  let token: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-auth-token': token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, any>) : {} };
  };

  before(async () => {
    sb = await startSandbox({ timeScale: 3_600_000 });
    transport = new Transport({ userAgent: 'test', retries: { baseDelayMs: 1 } });
    const p = sb.sandboxProfile();
    const identity = new IdentityClient({
      baseUrl: resolveEndpoint({ cloud: 'public', service: 'identity', overrides: p.endpoints }),
      tenantId: p.secrets.identityTenantId!,
      username: p.secrets.identityUsername!,
      password: p.secrets.identityApiPassword!,
      transport,
    });
    base = await identity.endpointFor('network', 'KR1');
    token = await identity.token();
  });
  after(async () => {
    await transport.close();
    await sb.close();
  });

  it('floating IP: label and delete_protection at allocation, port_id null meaning not given', async () => {
    const ext = (await call('GET', '/v2.0/vpcs?router:external=true')).json.vpcs[0];
    const made = await call('POST', '/v2.0/floatingips', {
      floatingip: { floating_network_id: ext.id, port_id: null, label: 'batch', delete_protection: true },
    });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    assert.equal(made.json.floatingip.label, 'batch');
    assert.equal(made.json.floatingip.delete_protection, true);
    assert.equal(made.json.floatingip.port_id, null);
    const byLabel = await call('GET', '/v2.0/floatingips?label=batch');
    assert.deepEqual(
      byLabel.json.floatingips.map((f: { id: string }) => f.id),
      [made.json.floatingip.id],
    );
    const protectedOnes = await call('GET', '/v2.0/floatingips?delete_protection=true');
    assert.ok(protectedOnes.json.floatingips.some((f: { id: string }) => f.id === made.json.floatingip.id));
    assert.equal(
      (await call('DELETE', `/v2.0/floatingips/${made.json.floatingip.id}`)).status,
      409,
      'protected: not released',
    );
  });

  it('floating IP: a PUT of label and delete_protection alone leaves the port association alone', async () => {
    const attached = (await call('GET', '/v2.0/floatingips?status=ACTIVE')).json.floatingips[0];
    assert.ok(attached.port_id);
    const put = await call('PUT', `/v2.0/floatingips/${attached.id}`, {
      floatingip: { label: 'front door', delete_protection: false },
    });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    assert.equal(put.json.floatingip.label, 'front door');
    assert.equal(put.json.floatingip.port_id, attached.port_id);
    assert.equal(put.json.floatingip.fixed_ip_address, attached.fixed_ip_address);
    assert.equal(put.json.floatingip.status, 'ACTIVE');
    const empty = await call('PUT', `/v2.0/floatingips/${attached.id}`, { floatingip: {} });
    assert.equal(empty.status, 400, 'an empty change is refused');
  });

  it('transit hub bodies: optional fields sent as null are taken as not given', async () => {
    const hub = await call('POST', '/v2.0/gateways/transithubs', {
      transithub: {
        name: null,
        description: null,
        multicast_enable: false,
        default_association_enable: false,
        default_propagation_enable: false,
      },
    });
    assert.equal(hub.status, 201, JSON.stringify(hub.json));
    assert.equal(hub.json.transithub.description, '');
    const table = await call('POST', '/v2.0/gateways/transithub_routing_tables', {
      transithub_routing_table: { name: 'rt', description: null, transithub_id: hub.json.transithub.id },
    });
    assert.equal(table.status, 201, JSON.stringify(table.json));
    assert.equal(table.json.transithub_routing_table.description, '');
    const renamed = await call(
      'PUT',
      `/v2.0/gateways/transithub_routing_tables/${table.json.transithub_routing_table.id}`,
      { transithub_routing_table: { name: 'rt2', description: null } },
    );
    assert.equal(renamed.status, 200, JSON.stringify(renamed.json));
    assert.equal(renamed.json.transithub_routing_table.name, 'rt2');
    assert.equal(renamed.json.transithub_routing_table.description, '');
  });

  it('a field the service does not know is refused, not dropped', async () => {
    const ext = (await call('GET', '/v2.0/vpcs?router:external=true')).json.vpcs[0];
    const r = await call('POST', '/v2.0/floatingips', { floatingip: { floating_network_id: ext.id, lable: 'typo' } });
    assert.equal(r.status, 400);
    assert.match(JSON.stringify(r.json), /lable/);
  });
});
