// Attach Floating IP's choices over the sandbox's ports and floating IPs: instances' ports by
// name, device and fixed IPs; a fixed IP that already has a floating IP shown with it and not
// offered; the network's own ports left out.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/networkFixture';
import { portChoices } from '../../../src/network/ports';
import { SEED } from '../../../src/sandbox/network/index';
import { Port } from '../../../src/client/network/schemas';

describe('Attach Floating IP: port choices', () => {
  let fx: Fixture;
  before(async () => (fx = await startFixture()));
  after(() => fx.close());

  it('lists the sandbox instances’ ports with their fixed IPs; the one with a floating IP is not usable', async () => {
    const choices = portChoices(await fx.client.listPorts(), await fx.client.listFloatingIps());
    const fip = (await fx.client.getFloatingIp({ floatingIpId: SEED.activeFloatingIpId })).floating_ip_address;
    assert.deepEqual(
      choices.map((c) => [c.label, c.description, c.usable]),
      [
        ['db-1', '10.20.1.10', true],
        ['spare-1', '10.30.1.10', true],
        ['web-1', `10.10.1.10 → ${fip}`, false],
        ['web-2 (two addresses)', '10.10.1.20, 10.10.1.21', true],
      ],
    );
    const web2 = choices.find((c) => c.port.id === SEED.multiIpPortId)!;
    assert.match(web2.detail, new RegExp(`device ${SEED.webInstanceId} \\(compute:kr-pub-a\\)`));
    assert.ok(web2.detail.endsWith(SEED.multiIpPortId));
    assert.deepEqual(
      web2.fixedIps.map((f) => f.ip),
      ['10.10.1.20', '10.10.1.21'],
    );
  });

  it('a fixed IP taken after the listing is shown as taken; router and DHCP ports are left out', async () => {
    const ports = await fx.client.listPorts();
    const [ext] = await fx.client.listExternalNetworks();
    const unattached = await fx.client.createFloatingIp({ body: { floating_network_id: ext.id } });
    const added = await fx.client.updateFloatingIp({
      floatingIpId: unattached.id,
      body: { port_id: SEED.multiIpPortId, fixed_ip_address: '10.10.1.21' },
    });
    const routerPort = { ...ports[0], id: 'router-port', name: 'router', device_owner: 'network:router_interface' };
    const choices = portChoices([...ports, routerPort], await fx.client.listFloatingIps());
    assert.ok(!choices.some((c) => c.port.id === 'router-port'));
    const web2 = choices.find((c) => c.port.id === SEED.multiIpPortId)!;
    assert.deepEqual(
      web2.fixedIps.map((f) => [f.ip, f.takenBy]),
      [
        ['10.10.1.20', undefined],
        ['10.10.1.21', added.floating_ip_address],
      ],
    );
    assert.equal(web2.usable, true, 'one of its two fixed IPs is still free');
    await fx.client.deleteFloatingIp({ floatingIpId: added.id });
  });

  it('the sandbox route over plain HTTP: the guide’s shape (checked by the client schema), filters, and refusals in Neutron’s form', async () => {
    const token = await fx.identity.token();
    const get = async (query: string) => {
      const res = await fetch(`${fx.url}/network/kr1/v2.0/ports${query}`, { headers: { 'x-auth-token': token } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const all = await get('');
    assert.equal(all.status, 200);
    const ports = all.body.ports as unknown[];
    assert.equal(ports.length, 4);
    for (const p of ports) assert.ok(Port.safeParse(p).success, JSON.stringify(p));
    assert.deepEqual(Object.keys(ports[0] as object).sort(), [
      'admin_state_up',
      'allowed_address_pairs',
      'binding:vnic_type',
      'device_id',
      'device_owner',
      'extra_dhcp_opts',
      'fixed_ips',
      'id',
      'mac_address',
      'name',
      'network_id',
      'port_security_enabled',
      'security_groups',
      'status',
      'tenant_id',
    ]);
    const two = await get(`?device_id=${SEED.webInstanceId}&fixed_ips=ip_address%3D10.10.1.20&fields=id`);
    assert.deepEqual(two.body, { ports: [{ id: SEED.multiIpPortId }] });
    const bad = await get('?fixed_ips=10.10.1.10');
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body.NeutronError), /fixed_ips/);
    const unknown = await get('?flavor=m1');
    assert.equal(unknown.status, 400);
    const noToken = await fetch(`${fx.url}/network/kr1/v2.0/ports`);
    assert.equal(noToken.status, 401);
  });
});
