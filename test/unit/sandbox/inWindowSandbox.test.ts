// The in-window sandbox across a window reload (src/exploreSandbox/controller.ts, issue 63): a
// reload ends the extension host and the next one restarts the sandbox on first load. The profile
// the person made active stays active (it was "Sandbox" after every reload), the objects and
// multipart uploads are still there (a data folder in the extension's storage: they were lost, and
// Resume found nothing), and the sandbox's bastion is the same host with its password kept in
// SecretStorage. Two controllers over one storage folder stand for the two extension hosts.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();
const { SandboxController, SANDBOX_PROFILE_ID } =
  require('../../../src/exploreSandbox/controller') as typeof import('../../../src/exploreSandbox/controller');

const dir = mkdtempSync(join(tmpdir(), 'nhncloud-inwindow-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The profile store's contract in memory (what globalState and SecretStorage keep across a reload). */
function profileStore() {
  const profiles: any[] = [{ id: 'mine', name: 'My project', cloud: 'public', regions: ['KR1'] }];
  let activeId = 'mine';
  const sshSecrets = new Map<string, string>();
  return {
    sshSecrets,
    list: () => profiles,
    active: () => profiles.find((p) => p.id === activeId) ?? profiles[0],
    setActive: async (id: string) => void (activeId = id),
    save: async (p: any) => {
      const i = profiles.findIndex((x) => x.id === p.id);
      if (i >= 0) profiles[i] = p;
      else profiles.push(p);
    },
    remove: async (id: string) =>
      void profiles.splice(
        profiles.findIndex((p) => p.id === id),
        1,
      ),
    storeSshSecret: async (profileId: string, subject: string, value: string) =>
      void sshSecrets.set(`${profileId}/${subject}`, value),
  };
}

test('a reload restarts the in-window sandbox with the active profile, the objects, the uploads and the bastion of before', async () => {
  const profiles = profileStore();
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const services: any = { profiles, log, context: { globalStorageUri: { fsPath: dir } } };

  // First window: Explore the Sandbox (its profile made active), an object and an upload begun.
  const first = new SandboxController(services, () => ({}) as any);
  let info: { port: number; password: string } | undefined;
  try {
    const sb = await first.start();
    assert.equal(profiles.active().id, SANDBOX_PROFILE_ID);
    info = sb.bastion?.info;
    const storage = sb.modules.storage as any;
    storage.putObject('KR1', 'sandbox-docs', 'kept.txt', 'written before the reload');
    storage.store.bucket('KR1', 'sandbox-docs').uploads.set('u-1', {
      id: 'u-1',
      key: 'big.bin',
      initiated: new Date(),
      contentType: 'application/octet-stream',
      metadata: {},
      served: {},
      parts: new Map(),
    });
    storage.store.changed?.();
    // The person goes back to their own profile, then reloads the window.
    await profiles.setActive('mine');
  } finally {
    await first.feature().dispose!();
  }
  const bastion = profiles.list().find((p) => p.id === SANDBOX_PROFILE_ID).sandboxBastion;
  assert.equal(bastion?.port, info?.port, 'the Sandbox profile names its bastion');
  const subject = `${SANDBOX_PROFILE_ID}/password:${bastion.user}@${bastion.host}:${bastion.port}`;
  assert.equal(profiles.sshSecrets.get(subject), info?.password, "the bastion's password in SecretStorage");

  const second = new SandboxController(services, () => ({}) as any);
  await second.autoStart();
  try {
    assert.ok(second.running, 'restarted on first load (its profile was left)');
    assert.equal(profiles.active().id, 'mine', 'the active profile survives the reload');
    const again = second['sandbox']!;
    const kept = (again.modules.storage as any).store.bucket('KR1', 'sandbox-docs');
    assert.equal(kept.objects.get('kept.txt')?.size, 'written before the reload'.length, 'the object is kept');
    assert.ok(kept.uploads.has('u-1'), 'the multipart upload is kept');
    assert.deepEqual(
      profiles.list().find((p) => p.id === SANDBOX_PROFILE_ID).sandboxBastion,
      bastion,
      'the same bastion: host key and port',
    );
  } finally {
    await second.feature().dispose!();
  }
});

test('a reload keeps what the person made in RDS and the network; Reset the Sandbox starts it again from the sample data, with the same bastion', async () => {
  const own = mkdtempSync(join(tmpdir(), 'nhncloud-inwindow-reset-'));
  after(() => rmSync(own, { recursive: true, force: true }));
  const profiles = profileStore();
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const services: any = { profiles, log, context: { globalStorageUri: { fsPath: own } } };
  const first = new SandboxController(services, () => ({}) as any);
  let renamedId: string;
  let fips: number;
  try {
    const sb = await first.start();
    // Changed in process, as the handlers do, then announced as they are (a write is due).
    const inst = [...sb.rds.state.regions.KR1.instances.values()][0];
    renamedId = inst.dbInstanceId;
    inst.dbInstanceName = 'renamed-before-reload';
    sb.rds.state.changed();
    const network = (sb.modules.network as any).network;
    const kr1 = network.region('KR1');
    fips = kr1.floatingIps.size;
    kr1.floatingIps.set('kept-fip', { ...[...kr1.floatingIps.values()][0], id: 'kept-fip' });
    network.changed();
  } finally {
    await first.feature().dispose!();
  }
  const second = new SandboxController(services, () => ({}) as any);
  await second.autoStart();
  try {
    const again = second['sandbox']!;
    assert.equal(again.rds.state.regions.KR1.instances.get(renamedId)?.dbInstanceName, 'renamed-before-reload');
    const network = (again.modules.network as any).network;
    assert.ok(network.region('KR1').floatingIps.has('kept-fip'), 'the floating IP is kept');
    const bastion = profiles.list().find((p) => p.id === SANDBOX_PROFILE_ID).sandboxBastion;

    await second.reset();
    const fresh = second['sandbox']!;
    assert.ok(fresh && fresh !== again, 'running again');
    assert.notEqual(fresh.rds.state.regions.KR1.instances.get(renamedId)?.dbInstanceName, 'renamed-before-reload');
    assert.equal((fresh.modules.network as any).network.region('KR1').floatingIps.size, fips, 'the seeded addresses');
    assert.equal(
      profiles.list().find((p) => p.id === SANDBOX_PROFILE_ID).sandboxBastion.hostKeyFingerprint,
      bastion.hostKeyFingerprint,
      'the bastion is the host the person trusted',
    );
  } finally {
    await second.feature().dispose!();
  }
});
