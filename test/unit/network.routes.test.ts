// routeFor over the seeded routing tables of the network sandbox: longest prefix, STATIC over
// PROPAGATED at equal length, BLACKHOLE, no match.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, type Fixture } from './network.fixture';
import { routeFor } from '../../src/client/network/routes';
import type { RoutingRule } from '../../src/client/network/schemas';
import { SEED } from '../../src/sandbox/network/index';

describe('network: routeFor', () => {
  let fx: Fixture;
  before(async () => (fx = await startFixture()));
  after(() => fx.close());

  it('decides with the seeded prod table', async () => {
    const rules = await fx.client.listRoutingRules({ query: { routing_table_id: SEED.prodTableId } });
    assert.equal(routeFor(rules, '10.99.3.4')?.action, 'BLACKHOLE');
    const vpc = routeFor(rules, '10.10.1.10');
    assert.equal(vpc?.rule.rule_type, 'PROPAGATED');
    assert.equal(vpc?.rule.attachment_id, SEED.appAttachmentId);
    assert.equal(routeFor(rules, '8.8.8.8')?.rule.id, SEED.defaultRouteRuleId);
    assert.equal(routeFor(rules, 'not-an-ip'), undefined);
  });

  it('no match in the default table for an address outside its rules', async () => {
    const rules = await fx.client.listRoutingRules({ query: { routing_table_id: SEED.defaultTableId } });
    assert.equal(routeFor(rules, '172.20.1.1')?.rule.id, SEED.privateRuleId);
    assert.equal(routeFor(rules, '10.20.1.10')?.rule.rule_type, 'PROPAGATED');
    assert.equal(routeFor(rules, '8.8.8.8'), undefined);
  });

  it('STATIC wins over PROPAGATED at equal length; broken CIDRs are skipped', () => {
    const rule = (id: string, cidr: string, rule_type: string, action = 'FORWARD') => ({ id, cidr, rule_type, action }) as RoutingRule;
    const rules = [rule('p', '10.0.0.0/16', 'PROPAGATED'), rule('s', '10.0.0.0/16', 'STATIC', 'BLACKHOLE'), rule('x', 'garbage', 'STATIC')];
    assert.equal(routeFor(rules, '10.0.1.1')?.rule.id, 's');
    assert.equal(routeFor([...rules].reverse(), '10.0.1.1')?.rule.id, 's');
  });
});
