// Every network operation through NetworkClient against the network sandbox, one named case per
// row of NETWORK_OPERATIONS (a final test fails if a row has no case or a case never reached
// the server with its operation). References, BUILD -> ACTIVE and conflicts are checked here too.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/networkFixture';
import { NETWORK_OPERATIONS, type NetworkOperationName } from '../../../src/client/network/operations';
import { parseNetworkTime } from '../../../src/client/network/schemas';
import { isApiError, isValidationError } from '../../../src/client/errors';
import { SEED } from '../../../src/sandbox/network/index';
import { SANDBOX_IDENTITY } from '../../../src/sandbox/identity/index';

let fx: Fixture;
const n = () => fx.client;

const apiStatus = (status: number, text?: RegExp) => (e: unknown) => {
  assert.ok(isApiError(e), `expected ApiError, got ${String(e)}`);
  assert.equal(e.status, status, e.message);
  if (text) assert.match(e.message, text);
  return true;
};

/** A fresh hub with multicast on; transit-hub cases build on their own hub so they stay independent. */
async function newHub(name = 'test-hub') {
  return n().createTransitHub({
    body: { name, multicast_enable: true, default_association_enable: false, default_propagation_enable: false },
  });
}
async function newHubWithAttachment() {
  const hub = await newHub();
  const att = await n().createAttachment({
    body: { name: 'spare', resource_id: SEED.spareVpcId, subnet_id: SEED.spareSubnetId, transithub_id: hub.id },
  });
  return { hub, att };
}
async function newTable(hubId: string) {
  return n().createRoutingTable({ body: { name: 'tbl', transithub_id: hubId } });
}
async function newDomainAssociation() {
  const { hub, att } = await newHubWithAttachment();
  const domain = await n().createMulticastDomain({ body: { name: 'dom', transithub_id: hub.id } });
  const assoc = await n().createMulticastAssociation({ body: { attachment_id: att.id, domain_id: domain.id } });
  return { hub, att, domain, assoc };
}

const CASES: Record<NetworkOperationName, () => Promise<void>> = {
  // ---- floating IPs ----
  async listFloatingIps() {
    const all = await n().listFloatingIps();
    assert.equal(all.length, 3);
    const down = await n().listFloatingIps({ query: { status: 'DOWN' } });
    assert.ok(down.length >= 2 && down.every((f) => f.status === 'DOWN'));
    const byPort = await n().listFloatingIps({ query: { port_id: SEED.webPortId } });
    assert.deepEqual(
      byPort.map((f) => f.id),
      [SEED.activeFloatingIpId],
    );
    // Every documented filter at once is accepted and combined.
    const one = await n().listFloatingIps({
      query: {
        id: SEED.activeFloatingIpId,
        status: 'ACTIVE',
        tenant_id: SANDBOX_IDENTITY.tenantId,
        floating_network_id: SEED.externalNetworkId,
        fixed_ip_address: '10.10.1.10',
        floating_ip_address: all.find((f) => f.id === SEED.activeFloatingIpId)!.floating_ip_address,
        port_id: SEED.webPortId,
        sort_key: 'floating_ip_address',
        sort_dir: 'asc',
        fields: ['id', 'status', 'floating_ip_address', 'floating_network_id'],
      },
    });
    assert.equal(one.length, 1);
    assert.deepEqual(Object.keys(one[0]).sort(), ['floating_ip_address', 'floating_network_id', 'id', 'status']);
    // Only the fields asked for come back, and that is not a broken answer.
    const slim = await n().listFloatingIps({ query: { fields: ['id', 'status'] } });
    assert.equal(slim.length, 3);
    assert.ok(slim.every((f) => Object.keys(f).sort().join() === 'id,status'));
    const desc = await n().listFloatingIps({ query: { sort_key: 'floating_ip_address', sort_dir: 'desc' } });
    const addrs = desc.map((f) => f.floating_ip_address);
    assert.deepEqual(
      addrs,
      [...addrs].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })),
    );
  },
  async getFloatingIp() {
    const f = await n().getFloatingIp({ floatingIpId: SEED.activeFloatingIpId });
    assert.equal(f.status, 'ACTIVE');
    assert.equal(f.fixed_ip_address, '10.10.1.10');
    assert.equal(f.router_id, SEED.routerId);
    // Undocumented fields pass through.
    assert.equal(f.label, 'web');
    assert.equal(f.delete_protection, false);
    await assert.rejects(
      n().getFloatingIp({ floatingIpId: '00000000-0000-4000-8000-999999999999' }),
      apiStatus(404, /not found/),
    );
  },
  async createFloatingIp() {
    const [ext] = await n().listExternalNetworks();
    const f = await n().createFloatingIp({ body: { floating_network_id: ext.id } });
    assert.equal(f.status, 'DOWN');
    assert.equal(f.port_id, null);
    assert.match(f.floating_ip_address, /^133\.186\./);
    const attached = await n().createFloatingIp({ body: { floating_network_id: ext.id, port_id: SEED.sparePortId } });
    assert.equal(attached.status, 'ACTIVE');
    assert.equal(attached.fixed_ip_address, '10.30.1.10');
    await assert.rejects(
      n().createFloatingIp({ body: { floating_network_id: SEED.appVpcId } }),
      apiStatus(400, /not external/),
    );
    await n().deleteFloatingIp({ floatingIpId: f.id });
    await n().deleteFloatingIp({ floatingIpId: attached.id });
  },
  async updateFloatingIp() {
    const id = SEED.downFloatingIpId;
    await assert.rejects(
      n().updateFloatingIp({ floatingIpId: id, body: { port_id: SEED.multiIpPortId } }),
      apiStatus(400, /multiple fixed IPv4/),
    );
    const on = await n().updateFloatingIp({
      floatingIpId: id,
      body: { port_id: SEED.multiIpPortId, fixed_ip_address: '10.10.1.21' },
    });
    assert.equal(on.status, 'ACTIVE');
    assert.equal(on.fixed_ip_address, '10.10.1.21');
    // The same fixed IP cannot take a second floating IP.
    await assert.rejects(
      n().updateFloatingIp({
        floatingIpId: SEED.protectedFloatingIpId,
        body: { port_id: SEED.multiIpPortId, fixed_ip_address: '10.10.1.21' },
      }),
      apiStatus(409, /in use \/ conflict/),
    );
    const off = await n().updateFloatingIp({ floatingIpId: id, body: { port_id: null } });
    assert.equal(off.status, 'DOWN');
    assert.equal(off.port_id, null);
    assert.equal(off.fixed_ip_address, null);
  },
  async deleteFloatingIp() {
    const [ext] = await n().listExternalNetworks();
    const f = await n().createFloatingIp({ body: { floating_network_id: ext.id } });
    assert.equal(await n().deleteFloatingIp({ floatingIpId: f.id }), undefined);
    await assert.rejects(n().getFloatingIp({ floatingIpId: f.id }), apiStatus(404));
    await assert.rejects(
      n().deleteFloatingIp({ floatingIpId: SEED.protectedFloatingIpId }),
      apiStatus(409, /delete protection/),
    );
  },

  // ---- transit hubs ----
  async listTransitHubs() {
    const hubs = await n().listTransitHubs({ query: { name: 'core-hub' } });
    assert.deepEqual(
      hubs.map((h) => h.id),
      [SEED.hubId],
    );
    assert.deepEqual(await n().listTransitHubs({ query: { id: '00000000-0000-4000-8000-999999999999' } }), []);
  },
  async getTransitHub() {
    const hub = await n().getTransitHub({ transitHubId: SEED.hubId });
    assert.equal(hub.multicast_enable, true);
    assert.equal(hub.status, 'ACTIVE');
    assert.equal(hub.created_at, '2024-02-12 22:19:05');
    assert.equal(parseNetworkTime(hub.created_at)?.getTime(), Date.UTC(2024, 1, 12, 22, 19, 5));
    assert.equal(hub.project_id, SANDBOX_IDENTITY.tenantId);
  },
  async createTransitHub() {
    const hub = await newHub('created');
    assert.equal(hub.name, 'created');
    assert.match(String(hub.created_at), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const tables = await n().listRoutingTables({ query: { transithub_id: hub.id } });
    assert.equal(tables.length, 1, 'a hub comes with its default routing table');
    assert.equal(tables[0].default_table, true);
  },
  async updateTransitHub() {
    const hub = await newHub();
    const renamed = await n().updateTransitHub({
      transitHubId: hub.id,
      body: { name: 'renamed', description: 'now described' },
    });
    assert.equal(renamed.name, 'renamed');
    assert.equal((await n().getTransitHub({ transitHubId: hub.id })).description, 'now described');
  },
  async deleteTransitHub() {
    await assert.rejects(n().deleteTransitHub({ transitHubId: SEED.hubId }), apiStatus(409, /in use/));
    const hub = await newHub();
    await n().deleteTransitHub({ transitHubId: hub.id });
    await assert.rejects(n().getTransitHub({ transitHubId: hub.id }), apiStatus(404));
    assert.deepEqual(
      await n().listRoutingTables({ query: { transithub_id: hub.id } }),
      [],
      'the default table goes with its hub',
    );
  },

  // ---- attachments ----
  async listAttachments() {
    const atts = await n().listAttachments({ query: { transithub_id: SEED.hubId } });
    assert.deepEqual(atts.map((a) => a.id).sort(), [SEED.appAttachmentId, SEED.dbAttachmentId]);
    assert.equal(
      (await n().listAttachments({ query: { resource_id: SEED.dbVpcId, name: 'db-attachment' } })).length,
      1,
    );
    assert.equal((await n().listAttachments({ query: { subnet_id: SEED.appSubnetId } }))[0].id, SEED.appAttachmentId);
  },
  async getAttachment() {
    const a = await n().getAttachment({ attachmentId: SEED.appAttachmentId });
    assert.equal(a.resource_id, SEED.appVpcId);
    assert.equal(a.resource_cidr, '10.10.0.0/16', 'undocumented resource_cidr passes');
  },
  async createAttachment() {
    const hub = await newHub();
    const att = await n().createAttachment({
      body: { name: 'spare', resource_id: SEED.spareVpcId, subnet_id: SEED.spareSubnetId, transithub_id: hub.id },
    });
    assert.equal(att.transithub_id, hub.id);
    await assert.rejects(
      n().createAttachment({
        body: {
          resource_id: SEED.spareVpcId,
          subnet_id: SEED.spareSubnetId,
          transithub_id: '00000000-0000-4000-8000-999999999999',
        },
      }),
      apiStatus(404, /Transit hub .* could not be found/),
      'an attachment needs its hub',
    );
    await assert.rejects(
      n().createAttachment({
        body: { resource_id: SEED.spareVpcId, subnet_id: SEED.appSubnetId, transithub_id: hub.id },
      }),
      apiStatus(400, /does not belong/),
    );
    await assert.rejects(
      n().createAttachment({
        body: { resource_id: SEED.spareVpcId, subnet_id: SEED.spareSubnetId, transithub_id: hub.id },
      }),
      apiStatus(409, /already attached/),
    );
  },
  async updateAttachment() {
    const { att } = await newHubWithAttachment();
    assert.equal((await n().updateAttachment({ attachmentId: att.id, body: { name: 'new-name' } })).name, 'new-name');
  },
  async deleteAttachment() {
    await assert.rejects(
      n().deleteAttachment({ attachmentId: SEED.appAttachmentId }),
      apiStatus(409, /in use by .*routing association/),
    );
    const { att } = await newHubWithAttachment();
    await n().deleteAttachment({ attachmentId: att.id });
    await assert.rejects(n().getAttachment({ attachmentId: att.id }), apiStatus(404));
  },

  // ---- routing tables ----
  async listRoutingTables() {
    const t = await n().listRoutingTables({ query: { transithub_id: SEED.hubId } });
    assert.deepEqual(t.map((x) => x.id).sort(), [SEED.defaultTableId, SEED.prodTableId]);
    assert.equal((await n().listRoutingTables({ query: { name: 'prod-table' } }))[0].id, SEED.prodTableId);
  },
  async getRoutingTable() {
    const t = await n().getRoutingTable({ routingTableId: SEED.defaultTableId });
    assert.equal(t.default_table, true);
  },
  async createRoutingTable() {
    const hub = await newHub();
    const t = await newTable(hub.id);
    assert.equal(t.status, 'BUILD', 'new routing tables start in BUILD');
    assert.equal(t.default_table, false);
    await assert.rejects(
      n().createRoutingTable({ body: { transithub_id: '00000000-0000-4000-8000-999999999999' } }),
      apiStatus(404),
    );
  },
  async updateRoutingTable() {
    assert.equal(
      (await n().updateRoutingTable({ routingTableId: SEED.prodTableId, body: { description: 'production' } }))
        .description,
      'production',
    );
  },
  async deleteRoutingTable() {
    await assert.rejects(
      n().deleteRoutingTable({ routingTableId: SEED.defaultTableId }),
      apiStatus(409, /default table/),
    );
    await assert.rejects(n().deleteRoutingTable({ routingTableId: SEED.prodTableId }), apiStatus(409, /in use/));
    const hub = await newHub();
    const t = await newTable(hub.id);
    await n().deleteRoutingTable({ routingTableId: t.id });
    await assert.rejects(n().getRoutingTable({ routingTableId: t.id }), apiStatus(404));
  },

  // ---- routing associations ----
  async listRoutingAssociations() {
    const a = await n().listRoutingAssociations({ query: { attachment_id: SEED.appAttachmentId } });
    assert.deepEqual(
      a.map((x) => x.routing_table_id),
      [SEED.defaultTableId],
    );
    assert.equal(
      (await n().listRoutingAssociations({ query: { routing_table_id: SEED.prodTableId } }))[0].id,
      SEED.dbAssociationId,
    );
  },
  async getRoutingAssociation() {
    assert.equal(
      (await n().getRoutingAssociation({ routingAssociationId: SEED.appAssociationId })).attachment_id,
      SEED.appAttachmentId,
    );
  },
  async createRoutingAssociation() {
    const { hub, att } = await newHubWithAttachment();
    const t = await newTable(hub.id);
    const a = await n().createRoutingAssociation({ body: { attachment_id: att.id, routing_table_id: t.id } });
    assert.equal(a.routing_table_id, t.id);
    await assert.rejects(
      n().createRoutingAssociation({ body: { attachment_id: att.id, routing_table_id: t.id } }),
      apiStatus(409, /already associated/),
    );
    const t2 = await newTable(hub.id);
    await assert.rejects(
      n().createRoutingAssociation({ body: { attachment_id: att.id, routing_table_id: t2.id } }),
      apiStatus(409, /already associated/),
      'one association per attachment',
    );
    await assert.rejects(
      n().createRoutingAssociation({ body: { attachment_id: att.id, routing_table_id: SEED.prodTableId } }),
      apiStatus(400, /different transit hubs/),
    );
    await assert.rejects(
      n().createRoutingAssociation({
        body: { attachment_id: '00000000-0000-4000-8000-999999999999', routing_table_id: t.id },
      }),
      apiStatus(404, /attachment .* could not be found/),
    );
  },
  async deleteRoutingAssociation() {
    const { hub, att } = await newHubWithAttachment();
    const t = await newTable(hub.id);
    const a = await n().createRoutingAssociation({ body: { attachment_id: att.id, routing_table_id: t.id } });
    await n().deleteRoutingAssociation({ routingAssociationId: a.id });
    assert.deepEqual(await n().listRoutingAssociations({ query: { attachment_id: att.id } }), []);
  },

  // ---- routing propagations ----
  async listRoutingPropagations() {
    const p = await n().listRoutingPropagations({ query: { routing_table_id: SEED.prodTableId } });
    assert.deepEqual(
      p.map((x) => x.id),
      [SEED.appPropagationId],
    );
  },
  async getRoutingPropagation() {
    assert.equal(
      (await n().getRoutingPropagation({ routingPropagationId: SEED.dbPropagationId })).routing_table_id,
      SEED.defaultTableId,
    );
  },
  async createRoutingPropagation() {
    const { hub, att } = await newHubWithAttachment();
    const t = await newTable(hub.id);
    const p = await n().createRoutingPropagation({
      body: { attachment_id: att.id, routing_table_id: t.id, description: 'spare routes' },
    });
    const rules = await n().listRoutingRules({ query: { routing_table_id: t.id, rule_type: 'PROPAGATED' } });
    assert.equal(rules.length, 1);
    assert.equal(rules[0].cidr, '10.30.0.0/16');
    assert.equal(rules[0].propagation_id, p.id);
    await assert.rejects(
      n().createRoutingPropagation({ body: { attachment_id: att.id, routing_table_id: t.id } }),
      apiStatus(409),
    );
  },
  async deleteRoutingPropagation() {
    const { hub, att } = await newHubWithAttachment();
    const t = await newTable(hub.id);
    const p = await n().createRoutingPropagation({ body: { attachment_id: att.id, routing_table_id: t.id } });
    await n().deleteRoutingPropagation({ routingPropagationId: p.id });
    assert.deepEqual(
      await n().listRoutingRules({ query: { routing_table_id: t.id } }),
      [],
      'its propagated rule goes with it',
    );
  },

  // ---- routing rules ----
  async listRoutingRules() {
    const blackhole = await n().listRoutingRules({ query: { action: 'BLACKHOLE' } });
    assert.deepEqual(
      blackhole.map((r) => r.id),
      [SEED.blackholeRuleId],
    );
    const propagated = await n().listRoutingRules({
      query: { rule_type: 'PROPAGATED', routing_table_id: SEED.prodTableId },
    });
    assert.deepEqual(
      propagated.map((r) => r.cidr),
      ['10.10.0.0/16'],
    );
    assert.equal(
      (
        await n().listRoutingRules({
          query: { attachment_id: SEED.dbAttachmentId, routing_table_id: SEED.defaultTableId, rule_type: 'STATIC' },
        })
      )[0].id,
      SEED.privateRuleId,
    );
  },
  async getRoutingRule() {
    const r = await n().getRoutingRule({ routingRuleId: SEED.defaultRouteRuleId });
    assert.equal(r.cidr, '0.0.0.0/0');
    assert.equal(r.rule_type, 'STATIC');
    assert.equal(r.propagation_id, null);
  },
  async createRoutingRule() {
    const { hub, att } = await newHubWithAttachment();
    const t = await newTable(hub.id);
    const r = await n().createRoutingRule({
      body: { cidr: '192.168.100.0/24', attachment_id: att.id, routing_table_id: t.id },
    });
    assert.equal(r.action, 'FORWARD', 'action defaults to FORWARD');
    assert.equal(r.rule_type, 'STATIC');
    const b = await n().createRoutingRule({
      body: { cidr: '192.168.200.0/24', action: 'BLACKHOLE', attachment_id: att.id, routing_table_id: t.id },
    });
    assert.equal(b.action, 'BLACKHOLE');
    await assert.rejects(
      n().createRoutingRule({ body: { cidr: '192.168.100.0/24', attachment_id: att.id, routing_table_id: t.id } }),
      apiStatus(409),
    );
    await assert.rejects(
      n().createRoutingRule({
        body: { cidr: '10.1.0.0/16', attachment_id: att.id, routing_table_id: '00000000-0000-4000-8000-999999999999' },
      }),
      apiStatus(404, /Routing table/),
      'a rule needs its table',
    );
    await assert.rejects(
      n().createRoutingRule({
        body: { cidr: '10.1.0.0/16', attachment_id: '00000000-0000-4000-8000-999999999999', routing_table_id: t.id },
      }),
      apiStatus(404, /attachment/i),
      'a rule needs its attachment',
    );
  },
  async deleteRoutingRule() {
    const { hub, att } = await newHubWithAttachment();
    const t = await newTable(hub.id);
    const r = await n().createRoutingRule({
      body: { cidr: '172.20.0.0/16', attachment_id: att.id, routing_table_id: t.id },
    });
    await n().deleteRoutingRule({ routingRuleId: r.id });
    await assert.rejects(n().getRoutingRule({ routingRuleId: r.id }), apiStatus(404));
    const [propagated] = await n().listRoutingRules({
      query: { rule_type: 'PROPAGATED', routing_table_id: SEED.prodTableId },
    });
    await assert.rejects(n().deleteRoutingRule({ routingRuleId: propagated.id }), apiStatus(409, /propagation/));
  },

  // ---- multicast domains ----
  async listMulticastDomains() {
    assert.deepEqual(
      (await n().listMulticastDomains({ query: { transithub_id: SEED.hubId, name: 'media' } })).map((d) => d.id),
      [SEED.multicastDomainId],
    );
  },
  async getMulticastDomain() {
    assert.equal((await n().getMulticastDomain({ multicastDomainId: SEED.multicastDomainId })).status, 'ACTIVE');
  },
  async createMulticastDomain() {
    const hub = await newHub();
    const d = await n().createMulticastDomain({ body: { name: 'd', transithub_id: hub.id } });
    assert.equal(d.status, 'BUILD', 'new multicast domains start in BUILD');
    const off = await n().createTransitHub({
      body: { multicast_enable: false, default_association_enable: false, default_propagation_enable: false },
    });
    await assert.rejects(n().createMulticastDomain({ body: { transithub_id: off.id } }), apiStatus(400, /multicast/));
  },
  async updateMulticastDomain() {
    const hub = await newHub();
    const d = await n().createMulticastDomain({ body: { name: 'd', transithub_id: hub.id } });
    assert.equal((await n().updateMulticastDomain({ multicastDomainId: d.id, body: { name: 'd2' } })).name, 'd2');
  },
  async deleteMulticastDomain() {
    await assert.rejects(
      n().deleteMulticastDomain({ multicastDomainId: SEED.multicastDomainId }),
      apiStatus(409, /multicast association/),
    );
    const hub = await newHub();
    const d = await n().createMulticastDomain({ body: { transithub_id: hub.id } });
    await n().deleteMulticastDomain({ multicastDomainId: d.id });
    await assert.rejects(n().getMulticastDomain({ multicastDomainId: d.id }), apiStatus(404));
  },

  // ---- multicast associations ----
  async listMulticastAssociations() {
    assert.deepEqual(
      (await n().listMulticastAssociations({ query: { domain_id: SEED.multicastDomainId } })).map((a) => a.id),
      [SEED.multicastAssociationId],
    );
  },
  async getMulticastAssociation() {
    assert.equal(
      (await n().getMulticastAssociation({ multicastAssociationId: SEED.multicastAssociationId })).subnet_id,
      SEED.appSubnetId,
    );
  },
  async createMulticastAssociation() {
    const { att, assoc } = await newDomainAssociation();
    assert.equal(assoc.subnet_id, att.subnet_id, 'subnet_id is set by the service');
    await assert.rejects(
      n().createMulticastAssociation({
        body: { attachment_id: att.id, domain_id: '00000000-0000-4000-8000-999999999999' },
      }),
      apiStatus(404, /Multicast domain/),
    );
  },
  async deleteMulticastAssociation() {
    await assert.rejects(
      n().deleteMulticastAssociation({ multicastAssociationId: SEED.multicastAssociationId }),
      apiStatus(409, /multicast group/),
    );
    const { assoc } = await newDomainAssociation();
    await n().deleteMulticastAssociation({ multicastAssociationId: assoc.id });
    await assert.rejects(n().getMulticastAssociation({ multicastAssociationId: assoc.id }), apiStatus(404));
  },

  // ---- multicast groups ----
  async listMulticastGroups() {
    const g = await n().listMulticastGroups({ query: { domain_id: SEED.multicastDomainId } });
    assert.deepEqual(g.map((x) => x.id).sort(), [SEED.memberGroupId, SEED.sourceGroupId]);
    assert.deepEqual(
      await n().listMulticastGroups({ query: { domain_id: '00000000-0000-4000-8000-999999999999' } }),
      [],
    );
  },
  async getMulticastGroup() {
    const g = await n().getMulticastGroup({ multicastGroupId: SEED.sourceGroupId });
    assert.equal(g.source_type, 'STATIC');
    assert.equal(g.ipaddress, '239.1.1.1');
  },
  async createMulticastGroup() {
    const { assoc } = await newDomainAssociation();
    const g = await n().createMulticastGroup({
      body: { association_id: assoc.id, ipaddress: '239.2.2.2', port_id: SEED.sparePortId, member_type: 'STATIC' },
    });
    assert.equal(g.member_type, 'STATIC');
    assert.equal(g.source_type, null);
    // Refused before sending now (the sandbox would answer 400 "not a multicast address").
    await assert.rejects(
      n().createMulticastGroup({
        body: { association_id: assoc.id, ipaddress: '10.0.0.1', port_id: SEED.sparePortId, source_type: 'STATIC' },
      }),
      (e) => isValidationError(e) && /multicast/.test(String(e)),
    );
    await assert.rejects(
      n().createMulticastGroup({
        body: {
          association_id: assoc.id,
          ipaddress: '239.2.2.3',
          port_id: '00000000-0000-4000-8000-999999999999',
          source_type: 'STATIC',
        },
      }),
      apiStatus(404, /Port/),
    );
  },
  async deleteMulticastGroup() {
    const { assoc } = await newDomainAssociation();
    const g = await n().createMulticastGroup({
      body: {
        association_id: assoc.id,
        ipaddress: '239.3.3.3',
        port_id: SEED.sparePortId,
        source_type: 'STATIC',
        member_type: 'STATIC',
      },
    });
    await n().deleteMulticastGroup({ multicastGroupId: g.id });
    await assert.rejects(n().getMulticastGroup({ multicastGroupId: g.id }), apiStatus(404));
  },

  // ---- sharing ----
  async listTransitHubAllowProjects() {
    const a = await n().listTransitHubAllowProjects({ query: { transithub_id: SEED.hubId } });
    assert.deepEqual(
      a.map((x) => x.target_project_id),
      [SEED.partnerProjectId],
    );
    assert.equal(a[0].transithub_name, 'core-hub');
  },
  async getTransitHubAllowProject() {
    assert.equal(
      (await n().getTransitHubAllowProject({ allowProjectId: SEED.hubAllowProjectId })).transithub_id,
      SEED.hubId,
    );
  },
  async createTransitHubAllowProject() {
    const hub = await newHub('shared-hub');
    const a = await n().createTransitHubAllowProject({
      body: { transithub_id: hub.id, target_project_id: SEED.partnerProjectId },
    });
    assert.equal(a.transithub_name, 'shared-hub');
    await assert.rejects(
      n().createTransitHubAllowProject({ body: { transithub_id: hub.id, target_project_id: SEED.partnerProjectId } }),
      apiStatus(409),
    );
    await assert.rejects(
      n().createTransitHubAllowProject({
        body: { transithub_id: hub.id, target_project_id: SANDBOX_IDENTITY.tenantId },
      }),
      apiStatus(400, /own project/),
    );
  },
  async deleteTransitHubAllowProject() {
    const hub = await newHub();
    const a = await n().createTransitHubAllowProject({
      body: { transithub_id: hub.id, target_project_id: SEED.partnerProjectId },
    });
    await assert.rejects(n().deleteTransitHub({ transitHubId: hub.id }), apiStatus(409, /share permission/));
    await n().deleteTransitHubAllowProject({ allowProjectId: a.id });
    await n().deleteTransitHub({ transitHubId: hub.id });
  },
  async listSharedTransitHubs() {
    const s = await n().listSharedTransitHubs();
    assert.deepEqual(
      s.map((x) => [x.transithub_id, x.transithub_name, x.transithub_project_id]),
      [[SEED.sharedHubId, 'partner-hub', SEED.partnerProjectId]],
    );
    assert.equal((await n().listSharedTransitHubs({ query: { transithub_id: SEED.sharedHubId } })).length, 1);
  },
  async listMulticastDomainAllowProjects() {
    const a = await n().listMulticastDomainAllowProjects({ query: { domain_id: SEED.multicastDomainId } });
    assert.deepEqual(
      a.map((x) => x.domain_name),
      ['media'],
    );
  },
  async getMulticastDomainAllowProject() {
    assert.equal(
      (await n().getMulticastDomainAllowProject({ allowProjectId: SEED.domainAllowProjectId })).target_project_id,
      SEED.partnerProjectId,
    );
  },
  async createMulticastDomainAllowProject() {
    const { domain } = await newDomainAssociation();
    const a = await n().createMulticastDomainAllowProject({
      body: { domain_id: domain.id, target_project_id: SEED.partnerProjectId },
    });
    assert.equal(a.domain_name, 'dom');
    await assert.rejects(
      n().createMulticastDomainAllowProject({
        body: { domain_id: '00000000-0000-4000-8000-999999999999', target_project_id: SEED.partnerProjectId },
      }),
      apiStatus(404),
    );
  },
  async deleteMulticastDomainAllowProject() {
    const { domain } = await newDomainAssociation();
    const a = await n().createMulticastDomainAllowProject({
      body: { domain_id: domain.id, target_project_id: SEED.partnerProjectId },
    });
    await n().deleteMulticastDomainAllowProject({ allowProjectId: a.id });
    await assert.rejects(n().getMulticastDomainAllowProject({ allowProjectId: a.id }), apiStatus(404));
  },
  async listSharedMulticastDomains() {
    const s = await n().listSharedMulticastDomains({ query: { domain_id: SEED.sharedDomainId } });
    assert.deepEqual(
      s.map((x) => [x.domain_name, x.domain_project_id]),
      [['partner-media', SEED.partnerProjectId]],
    );
  },

  // ---- external networks ----
  async listExternalNetworks() {
    const nets = await n().listExternalNetworks();
    assert.deepEqual(
      nets.map((v) => v.id),
      [SEED.externalNetworkId],
      'only router:external networks (the client always sends the filter)',
    );
    assert.equal(nets[0]['router:external'], true);
  },

  // ---- ports (the VPC guide's OpenStack-compatible API) ----
  async listPorts() {
    const all = await n().listPorts();
    assert.deepEqual(
      all.map((p) => [p.name, p.device_id, p.fixed_ips?.map((i) => i.ip_address)]),
      [
        ['web-1', SEED.webInstanceId, ['10.10.1.10']],
        ['web-2 (two addresses)', SEED.webInstanceId, ['10.10.1.20', '10.10.1.21']],
        ['db-1', SEED.dbInstanceId, ['10.20.1.10']],
        ['spare-1', SEED.spareInstanceId, ['10.30.1.10']],
      ],
    );
    assert.ok(all.every((p) => p.device_owner?.startsWith('compute:') && p.fixed_ips?.every((i) => i.subnet_id)));
    // The guide's filters: device_id, network_id and fixed_ips (every fixed_ips given must hold).
    const byDevice = await n().listPorts({ query: { device_id: SEED.webInstanceId } });
    assert.deepEqual(
      byDevice.map((p) => p.id),
      [SEED.webPortId, SEED.multiIpPortId],
    );
    const byNetwork = await n().listPorts({ query: { network_id: SEED.dbVpcId } });
    assert.deepEqual(
      byNetwork.map((p) => p.id),
      [SEED.dbPortId],
    );
    const byIp = await n().listPorts({ query: { fixed_ips: 'ip_address=10.10.1.21' } });
    assert.deepEqual(
      byIp.map((p) => p.id),
      [SEED.multiIpPortId],
    );
    const bySubstr = await n().listPorts({ query: { fixed_ips: 'ip_address_substr=10.10.' } });
    assert.deepEqual(
      bySubstr.map((p) => p.id),
      [SEED.webPortId, SEED.multiIpPortId],
    );
    const both = await n().listPorts({
      query: { fixed_ips: [`subnet_id=${SEED.appSubnetId}`, 'ip_address=10.10.1.10'], fields: ['id', 'name'] },
    });
    assert.deepEqual(both, [{ id: SEED.webPortId, name: 'web-1' }]);
    // A malformed filter is refused before sending, naming the forms it takes.
    await assert.rejects(
      n().listPorts({ query: { fixed_ips: '10.10.1.10' } }),
      (e: unknown) => isValidationError(e) && /ip_address=/.test(e.message),
    );
  },
};

describe('network: every operation through NetworkClient', () => {
  before(async () => (fx = await startFixture()));
  after(() => fx.close());

  for (const op of NETWORK_OPERATIONS) {
    it(`${op.id}: ${op.method} ${op.path}`, async () => {
      const run = CASES[op.name];
      assert.ok(run, `no case for ${op.name}`);
      const before = fx.server.stats.byOperation[op.id] ?? 0;
      await run();
      assert.ok((fx.server.stats.byOperation[op.id] ?? 0) > before, `the case for ${op.name} never sent ${op.id}`);
    });
  }

  it('the table has 57 rows: 5 floating-IP, 50 transit-hub, 1 external-network, 1 port; every row has a case', () => {
    assert.equal(NETWORK_OPERATIONS.length, 57);
    assert.equal(NETWORK_OPERATIONS.filter((o) => o.path.startsWith('/v2.0/floatingips')).length, 5);
    assert.equal(NETWORK_OPERATIONS.filter((o) => o.path.startsWith('/v2.0/gateways/')).length, 50);
    assert.deepEqual(Object.keys(CASES).sort(), NETWORK_OPERATIONS.map((o) => o.name).sort());
    assert.equal(new Set(NETWORK_OPERATIONS.map((o) => o.id)).size, 57, 'ids are unique');
  });
});

describe('network: BUILD -> ACTIVE', () => {
  it('new routing tables and multicast domains stay BUILD until the delay passes (settled on demand)', async () => {
    const f = await startFixture({ buildDelayMs: 3_600_000 });
    try {
      const hub = await f.client.createTransitHub({
        body: { multicast_enable: true, default_association_enable: true, default_propagation_enable: true },
      });
      const t = await f.client.createRoutingTable({ body: { transithub_id: hub.id } });
      const d = await f.client.createMulticastDomain({ body: { transithub_id: hub.id } });
      assert.equal((await f.client.getRoutingTable({ routingTableId: t.id })).status, 'BUILD');
      assert.equal((await f.client.getMulticastDomain({ multicastDomainId: d.id })).status, 'BUILD');
      assert.equal(
        (await f.client.getTransitHub({ transitHubId: hub.id })).status,
        'ACTIVE',
        'hubs are ACTIVE at once',
      );
      f.network.settle();
      assert.equal((await f.client.getRoutingTable({ routingTableId: t.id })).status, 'ACTIVE');
      assert.equal((await f.client.getMulticastDomain({ multicastDomainId: d.id })).status, 'ACTIVE');
    } finally {
      await f.close();
    }
  });

  it('waitUntilActive polls until the table is ACTIVE', async () => {
    const f = await startFixture({ buildDelayMs: 30 });
    try {
      const hub = await f.client.createTransitHub({
        body: { multicast_enable: false, default_association_enable: false, default_propagation_enable: false },
      });
      const t = await f.client.createRoutingTable({ body: { transithub_id: hub.id } });
      f.server.resetStats();
      const active = await f.client.waitUntilActive((o) => f.client.getRoutingTable({ routingTableId: t.id }, o), {
        intervalMs: 10,
      });
      assert.equal(active.status, 'ACTIVE');
      assert.ok(f.server.stats.byOperation['network.getRoutingTable'] >= 1);
    } finally {
      await f.close();
    }
  });
});

describe('network: validation before sending', () => {
  before(async () => (fx = await startFixture()));
  after(() => fx.close());

  const cases: Array<[string, () => Promise<unknown>, RegExp]> = [
    [
      'CIDR syntax',
      () =>
        n().createRoutingRule({
          body: { cidr: '10.0.0/8', attachment_id: SEED.appAttachmentId, routing_table_id: SEED.prodTableId },
        }),
      /body\.cidr/,
    ],
    [
      'CIDR host bits',
      () =>
        n().createRoutingRule({
          body: { cidr: '10.0.0.1/8', attachment_id: SEED.appAttachmentId, routing_table_id: SEED.prodTableId },
        }),
      /body\.cidr/,
    ],
    [
      'action FORWARD|BLACKHOLE',
      () =>
        n().createRoutingRule({
          body: {
            cidr: '10.0.0.0/8',
            action: 'DROP' as 'FORWARD',
            attachment_id: SEED.appAttachmentId,
            routing_table_id: SEED.prodTableId,
          },
        }),
      /body\.action/,
    ],
    [
      'member_type or source_type',
      () =>
        n().createMulticastGroup({
          body: { association_id: SEED.multicastAssociationId, ipaddress: '239.9.9.9', port_id: SEED.webPortId },
        }),
      /member_type or source_type/,
    ],
    [
      'required id',
      () => n().createAttachment({ body: { resource_id: SEED.spareVpcId, subnet_id: SEED.spareSubnetId } as never }),
      /body\.transithub_id: is required/,
    ],
    ['id must be a UUID', () => n().createFloatingIp({ body: { floating_network_id: 'public' } }), /UUID/],
    ['path parameter required', () => n().getTransitHub({ transitHubId: '' }), /transitHubId: is required/],
    ['path parameter a UUID', () => n().getFloatingIp({ floatingIpId: '../tokens' }), /floatingIpId: must be a UUID/],
    ['unknown filter', () => n().listFloatingIps({ query: { colour: 'red' } as never }), /unknown field colour/],
    ['filter enum', () => n().listRoutingRules({ query: { rule_type: 'DYNAMIC' as 'STATIC' } }), /query\.rule_type/],
    [
      'unknown body field',
      () => n().updateTransitHub({ transitHubId: SEED.hubId, body: { name: 'x', multicast_enable: true } as never }),
      /unknown field multicast_enable/,
    ],
    ['missing body', () => n().createTransitHub(undefined as never), /body: is required/],
    [
      'fixed IP an IPv4 address',
      () =>
        n().updateFloatingIp({
          floatingIpId: SEED.downFloatingIpId,
          body: { port_id: SEED.webPortId, fixed_ip_address: 'ten' },
        }),
      /fixed_ip_address/,
    ],
  ];
  for (const [name, call, message] of cases) {
    it(`${name}: ValidationError, nothing sent`, async () => {
      fx.server.resetStats();
      await assert.rejects(call(), (e) => {
        assert.ok(isValidationError(e), String(e));
        assert.match(e.message, message);
        return true;
      });
      assert.equal(fx.server.stats.total, 0);
    });
  }
});
