// The key test of Add Profile and Test Connection, against the sandbox over loopback: each
// service's cheap call is sent, a wrong key fails its own service only (with the status the
// service answered), and a storage-only site tests object storage alone.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';
import { Transport } from '../../../src/client/http/transport';
import { keyTestSummary, siteServices, testKeys, testable } from '../../../src/profiles/keyTest';

describe('profile key test (one cheap call per service)', () => {
  let sb: Sandbox;
  let transport: Transport;
  before(async () => {
    sb = await startSandbox({ timeScale: 3_600_000 });
    transport = new Transport({ userAgent: 'test', retries: { max: 0, baseDelayMs: 1 } });
  });
  after(async () => {
    await transport.close();
    await sb.close();
  });
  const sent = (op: string) => sb.server.stats.byOperation[op] ?? 0;

  for (const rdsApiVersion of ['v3.0', 'v4.0'] as const) {
    it(`the sandbox's keys pass each service with one call (RDS ${rdsApiVersion})`, async () => {
      const p = sb.sandboxProfile();
      const ops = [
        rdsApiVersion === 'v4.0' ? 'rds.v4.listRegions' : 'rds.listRegions',
        'network.listFloatingIps',
        'storage.listBuckets',
      ];
      const before = ops.map(sent);
      const results = await testKeys({ ...p, rdsApiVersion }, p.secrets, transport);
      assert.equal(
        keyTestSummary(results),
        'RDS ✓, RDS for MariaDB ✓, Network ✓, Object storage ✓',
        JSON.stringify(results),
      );
      const after = ops.map(sent);
      assert.deepEqual(
        after.map((n, i) => n - before[i]),
        // RDS's operation ids are the same for both products: one call each.
        [2, 1, 1],
        'one cheap call per service',
      );
      assert.deepEqual(
        results.map((r) => r.region),
        ['KR1', 'KR1', 'KR1', 'KR1'],
      );
    });
  }

  it('a wrong key fails its own service only, with the status the service answered', async () => {
    const p = sb.sandboxProfile();
    const wrongS3 = await testKeys(p, { ...p.secrets, s3SecretKey: 'not-the-secret' }, transport);
    assert.equal(keyTestSummary(wrongS3), 'RDS ✓, RDS for MariaDB ✓, Network ✓, Object storage ✗ 403');
    assert.match(wrongS3.find((r) => r.service === 'storage')!.message!, /signature|SignatureDoesNotMatch/i);
    const wrongPassword = await testKeys(p, { ...p.secrets, identityApiPassword: 'wrong-password' }, transport);
    assert.equal(keyTestSummary(wrongPassword), 'RDS ✓, RDS for MariaDB ✓, Network ✗ 401, Object storage ✓');
    const wrongApp = await testKeys(p, { ...p.secrets, rdsAppKey: 'WrongAppKey0000' }, transport);
    assert.match(keyTestSummary(wrongApp), /^RDS ✗ \S+, RDS for MariaDB ✓, Network ✓, Object storage ✓$/);
    // The secret typed is never in what the summary or the messages say.
    for (const r of [...wrongS3, ...wrongPassword, ...wrongApp])
      assert.ok(!/not-the-secret|wrong-password/.test(r.message ?? ''), r.message);
  });

  it('services without keys are not tested; a storage-only site tests object storage alone', async () => {
    const p = sb.sandboxProfile();
    const { s3AccessKey: _a, s3SecretKey: _b, ...noS3 } = p.secrets;
    assert.deepEqual(
      testable(p, noS3).map((t) => t.service),
      ['rds', 'rdsMariadb', 'network'],
    );
    assert.deepEqual(siteServices('ngcc'), ['storage']);
    assert.deepEqual(siteServices('public'), ['rds', 'rdsMariadb', 'network', 'storage']);
    assert.deepEqual(siteServices('ngsc'), ['rds', 'network', 'storage']);
    const ngcc = sb.sandboxProfile({ site: 'ngcc' });
    const before = sent('rds.listRegions');
    const results = await testKeys(ngcc, ngcc.secrets, transport);
    assert.equal(keyTestSummary(results), 'Object storage ✓');
    assert.equal(sent('rds.listRegions'), before, 'no RDS call on a site without RDS');
  });

  it('an address nothing answers on is a failure naming the connection error, not an exception', async () => {
    const p = sb.sandboxProfile();
    const results = await testKeys(
      { ...p, endpoints: { ...p.endpoints, rds: 'http://127.0.0.1:9/rds/{region}' } },
      p.secrets,
      transport,
    );
    assert.equal(keyTestSummary(results), 'RDS ✗ ECONNREFUSED, RDS for MariaDB ✓, Network ✓, Object storage ✓');
  });
});
