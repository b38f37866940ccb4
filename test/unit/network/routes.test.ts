// "Where does this address route?" (src/network/routeLookup.ts) over the seeded routing tables of
// the network sandbox, read through NetworkClient: longest prefix, STATIC over PROPAGATED at
// equal length, BLACKHOLE, no match.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/networkFixture';
import { lookupInTable, parsePrefix, type LookupRule, type Prefix } from '../../../src/network/routeLookup';
import { SEED } from '../../../src/sandbox/network/index';

const prefix = (text: string): Prefix => {
  const p = parsePrefix(text);
  assert.ok(!('error' in p), `${text} parses`);
  return p as Prefix;
};
const decide = (rules: LookupRule[], ip: string) => lookupInTable({ id: 't', rules }, prefix(ip)).match;

describe('network: route lookup over the sandbox seed', () => {
  let fx: Fixture;
  before(async () => (fx = await startFixture()));
  after(() => fx.close());

  it('decides with the seeded prod table', async () => {
    const rules = await fx.client.listRoutingRules({ query: { routing_table_id: SEED.prodTableId } });
    assert.equal(decide(rules, '10.99.3.4')?.action, 'BLACKHOLE');
    const vpc = decide(rules, '10.10.1.10');
    assert.equal(vpc?.rule_type, 'PROPAGATED');
    assert.equal(vpc?.attachment_id, SEED.appAttachmentId);
    assert.equal(decide(rules, '8.8.8.8')?.id, SEED.defaultRouteRuleId);
    assert.ok('error' in parsePrefix('not-an-ip'));
  });

  it('no match in the default table for an address outside its rules', async () => {
    const rules = await fx.client.listRoutingRules({ query: { routing_table_id: SEED.defaultTableId } });
    assert.equal(decide(rules, '172.20.1.1')?.id, SEED.privateRuleId);
    assert.equal(decide(rules, '10.20.1.10')?.rule_type, 'PROPAGATED');
    assert.equal(decide(rules, '8.8.8.8'), undefined);
  });

  it('STATIC wins over PROPAGATED at equal length, in either order; broken CIDRs are skipped', () => {
    const rule = (id: string, cidr: string, rule_type: string, action = 'FORWARD'): LookupRule => ({
      id,
      cidr,
      rule_type,
      action,
    });
    const rules = [
      rule('p', '10.0.0.0/16', 'PROPAGATED'),
      rule('s', '10.0.0.0/16', 'STATIC', 'BLACKHOLE'),
      rule('x', 'garbage', 'STATIC'),
    ];
    assert.equal(decide(rules, '10.0.1.1')?.id, 's');
    assert.equal(decide([...rules].reverse(), '10.0.1.1')?.id, 's');
  });
});
