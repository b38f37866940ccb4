// The zones the Create, Restore and Replicate forms offer (issue 61, item 3): the available ones
// the service lists where the profile's RDS API version has List Availability Zones (v4.0), the
// site's table where it has not (v3.0), where the call fails, or where no zone is available.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';
import { clientFor } from '../../support/sandbox';

installVscodeStub();

let sb: Awaited<ReturnType<typeof import('../../../src/sandbox/index').startSandbox>>;
let zonesOf: typeof import('../../../src/panels/wizardSupport').availabilityZones;

before(async () => {
  zonesOf = (require('../../../src/panels/wizardSupport') as typeof import('../../../src/panels/wizardSupport'))
    .availabilityZones;
  sb = await (require('../../../src/sandbox/index') as typeof import('../../../src/sandbox/index')).startSandbox({
    timeScale: 10,
  });
});
after(() => sb?.close());

const calls = () => sb.server.stats.byOperation['rds.v4.listAvailabilityZones'] ?? 0;

test('v4.0: the zones the service lists, without the unavailable ones', async () => {
  const kr1 = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0');
  assert.deepEqual(await zonesOf(kr1, { cloud: 'public', region: 'KR1' }), ['kr-pub-a', 'kr-pub-b']);
  // KR4 has no row in the public cloud's table: what shows is the service's.
  const kr4 = clientFor(sb, 'KR4', 'ADMIN', 0, 'v4.0');
  assert.deepEqual(await zonesOf(kr4, { cloud: 'public', region: 'KR4' }), ['kr4-pub-a', 'kr4-pub-b']);
  sb.rds.state.regions.KR4.unavailableZones.add('kr4-pub-a');
  try {
    assert.deepEqual(await zonesOf(kr4, { cloud: 'public', region: 'KR4' }), ['kr4-pub-b']);
    // None available: the table (here: none, so the form takes free text).
    sb.rds.state.regions.KR4.unavailableZones.add('kr4-pub-b');
    assert.deepEqual(await zonesOf(kr4, { cloud: 'public', region: 'KR4' }), []);
  } finally {
    sb.rds.state.regions.KR4.unavailableZones.clear();
  }
});

test('the table where the call fails, and where the version has no such call (nothing is sent)', async () => {
  const kr4 = clientFor(sb, 'KR4', 'ADMIN', 0, 'v4.0');
  sb.faults.resultCode(-1, 'rds.v4.listAvailabilityZones', 1);
  assert.deepEqual(await zonesOf(kr4, { cloud: 'public', region: 'KR4' }), []);
  const kr1 = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0');
  sb.faults.resultCode(-1, 'rds.v4.listAvailabilityZones', 1);
  assert.deepEqual(await zonesOf(kr1, { cloud: 'public', region: 'KR1' }), ['kr-pub-a', 'kr-pub-b']);
  const before = calls();
  const v3 = clientFor(sb, 'KR2', 'ADMIN', 0, 'v3.0');
  assert.deepEqual(await zonesOf(v3, { cloud: 'public', region: 'KR2' }), ['kr2-pub-a', 'kr2-pub-b']);
  assert.equal(calls(), before, 'v3.0 sends no List Availability Zones');
});
