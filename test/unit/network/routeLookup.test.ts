// "Where does this address route?" (src/network/routeLookup.ts): parsing of the target, the
// longest-prefix match with CIDR targets, STATIC over PROPAGATED at equal length, and the
// answer of every seeded routing table of the network sandbox, read over loopback HTTP.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/networkFixture';
import {
  describeAnswer,
  lookupInTable,
  lookupRoute,
  parsePrefix,
  prefixContains,
  type LookupTable,
  type Prefix,
} from '../../../src/network/routeLookup';
import { SEED } from '../../../src/sandbox/network/index';

const p = (t: string): Prefix => {
  const r = parsePrefix(t);
  if ('error' in r) throw new Error(r.error);
  return r;
};

describe('route lookup: parsing', () => {
  it('reads an address as a /32 and a range as given', () => {
    assert.deepEqual(p('10.1.2.3'), { base: 0x0a010203, length: 32, text: '10.1.2.3/32' });
    assert.equal(p('10.1.0.0/16').length, 16);
    assert.equal(p(' 0.0.0.0/0 ').text, '0.0.0.0/0');
  });
  it('refuses host bits, bad lengths and words with a reason', () => {
    const host = parsePrefix('10.1.2.3/16');
    assert.ok('error' in host && /host bits.*10\.1\.0\.0\/16/.test(host.error), JSON.stringify(host));
    assert.ok('error' in parsePrefix('10.1.0.0/33'));
    assert.ok('error' in parsePrefix('hello'));
    assert.ok('error' in parsePrefix('256.1.1.1'));
  });
  it('contains: a range contains itself and narrower ranges only', () => {
    assert.ok(prefixContains(p('10.0.0.0/8'), p('10.20.0.0/16')));
    assert.ok(prefixContains(p('10.20.0.0/16'), p('10.20.0.0/16')));
    assert.ok(!prefixContains(p('10.20.0.0/16'), p('10.0.0.0/8')));
    assert.ok(!prefixContains(p('10.20.0.0/16'), p('10.21.0.1')));
    assert.ok(prefixContains(p('0.0.0.0/0'), p('203.0.113.9')));
  });
});

describe('route lookup: matching', () => {
  const table: LookupTable = {
    id: 't1',
    name: 'prod',
    rules: [
      { id: 'default', cidr: '0.0.0.0/0', action: 'FORWARD', rule_type: 'STATIC', attachment_id: 'egress' },
      { id: 'vpc-prop', cidr: '10.20.0.0/16', action: 'FORWARD', rule_type: 'PROPAGATED', attachment_id: 'db' },
      { id: 'vpc-static', cidr: '10.20.0.0/16', action: 'FORWARD', rule_type: 'STATIC', attachment_id: 'db-override' },
      { id: 'hole', cidr: '10.20.9.0/24', action: 'BLACKHOLE', rule_type: 'STATIC', attachment_id: 'db' },
      { id: 'broken', cidr: 'garbage', action: 'FORWARD', rule_type: 'STATIC' },
    ],
  };
  it('the longest prefix wins; STATIC beats PROPAGATED at equal length', () => {
    assert.equal(lookupInTable(table, p('10.20.1.5')).match?.id, 'vpc-static');
    assert.equal(lookupInTable(table, p('10.20.9.7')).match?.id, 'hole');
    assert.deepEqual(
      lookupInTable(table, p('10.20.9.7')).candidates.map((r) => r.id),
      ['hole', 'vpc-static', 'vpc-prop', 'default'],
    );
    assert.equal(lookupInTable(table, p('8.8.8.8')).match?.id, 'default');
  });
  it('a CIDR target matches only rules that contain all of it', () => {
    // 10.20.0.0/20 is inside 10.20.0.0/16 but not inside 10.20.9.0/24.
    assert.equal(lookupInTable(table, p('10.20.0.0/20')).match?.id, 'vpc-static');
    assert.equal(lookupInTable(table, p('10.0.0.0/8')).match?.id, 'default');
  });
  it('no rule: no match, described as dropped; tables with a match come first', () => {
    const empty: LookupTable = { id: 't0', name: 'aaa-empty', rules: [] };
    const answers = lookupRoute([empty, table], p('10.20.1.5'));
    assert.deepEqual(
      answers.map((a) => a.table.id),
      ['t1', 't0'],
    );
    assert.match(
      describeAnswer(answers[1], (id) => id ?? ''),
      /no rule matches/,
    );
    assert.equal(
      describeAnswer(answers[0], (id) => `<${id}>`),
      'prod: 10.20.0.0/16 FORWARD to <db-override> (STATIC)',
    );
    assert.match(
      describeAnswer(lookupInTable(table, p('10.20.9.1')), (id) => id ?? ''),
      /dropped \(BLACKHOLE\)/,
    );
  });
});

describe('route lookup: the seeded hub of the network sandbox', () => {
  let fx: Fixture;
  before(async () => (fx = await startFixture()));
  after(() => fx.close());

  async function hubTables(): Promise<LookupTable[]> {
    const tables = await fx.client.listRoutingTables({ query: { transithub_id: SEED.hubId } });
    return Promise.all(
      tables.map(async (t) => ({
        id: t.id,
        name: t.name,
        default_table: t.default_table,
        rules: await fx.client.listRoutingRules({ query: { routing_table_id: t.id } }),
      })),
    );
  }

  it('answers for a known CIDR in every table of the hub', async () => {
    const tables = await hubTables();
    assert.equal(tables.length, 2);
    const answers = lookupRoute(tables, p('10.20.1.0/24'));
    const prod = answers.find((a) => a.table.id === SEED.prodTableId)!;
    const def = answers.find((a) => a.table.id === SEED.defaultTableId)!;
    assert.equal(def.match?.attachment_id, SEED.dbAttachmentId);
    assert.ok(prod.match, 'the prod table routes the db subnet');
    assert.equal(
      lookupRoute(tables, p('10.99.3.4')).find((a) => a.table.id === SEED.prodTableId)?.match?.action,
      'BLACKHOLE',
    );
  });

  it('a rule created through the client changes the answer', async () => {
    const before = lookupRoute(await hubTables(), p('10.30.1.0/24')).find((a) => a.table.id === SEED.prodTableId)!;
    const rule = await fx.client.createRoutingRule({
      body: {
        cidr: '10.30.1.0/24',
        action: 'BLACKHOLE',
        attachment_id: SEED.appAttachmentId,
        routing_table_id: SEED.prodTableId,
      },
    });
    const after = lookupRoute(await hubTables(), p('10.30.1.0/24')).find((a) => a.table.id === SEED.prodTableId)!;
    assert.notEqual(before.match?.id, rule.id);
    assert.equal(after.match?.id, rule.id);
    assert.equal(after.match?.action, 'BLACKHOLE');
  });
});
