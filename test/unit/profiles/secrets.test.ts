// The SecretStorage layout of profiles: one key per field, namespaced by profile id; edit keeps
// what is left undefined; remove deletes every field. (secrets.ts needs only the vscode types.)
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  ProfileSecretStore,
  SECRET_FIELDS,
  dbPasswordKey,
  sshSecretKey,
  secretKey,
} from '../../../src/profiles/secrets';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    m,
    storage: {
      get: async (k: string) => m.get(k),
      keys: async () => [...m.keys()],
      store: async (k: string, v: string) => void m.set(k, v),
      delete: async (k: string) => void m.delete(k),
      onDidChange: () => ({ dispose() {} }),
    } as any,
  };
}

test('each secret is stored under nhncloud/<profileId>/<field>', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  await s.set('p1', { rdsAppKey: 'app-key-1', s3SecretKey: 's3-secret-1' });
  assert.deepEqual([...m.entries()].sort(), [
    ['nhncloud/p1/rdsAppKey', 'app-key-1'],
    ['nhncloud/p1/s3SecretKey', 's3-secret-1'],
  ]);
  assert.equal(secretKey('p1', 'identityApiPassword'), 'nhncloud/p1/identityApiPassword');
  assert.equal(ProfileSecretStore.profileOf('nhncloud/p1/rdsAppKey'), 'p1');
  assert.equal(ProfileSecretStore.profileOf('other/p1/rdsAppKey'), undefined);
  assert.equal(
    ProfileSecretStore.profileOf('other/nhncloud/p1/rdsAppKey'),
    undefined,
    'only keys that begin with our namespace',
  );
});

test('undefined keeps a stored secret, a value replaces it, an empty string deletes it', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  await s.set('p1', { rdsAppKey: 'old-app-key', rdsAccessKeyId: 'old-id', s3AccessKey: 'old-s3' });
  await s.set('p1', { rdsAccessKeyId: 'new-id', s3AccessKey: '' });
  assert.deepEqual(await s.get('p1'), { rdsAppKey: 'old-app-key', rdsAccessKeyId: 'new-id' });
  // Deleted from SecretStorage, not kept as an empty value.
  assert.ok(!m.has('nhncloud/p1/s3AccessKey'));
});

test('profiles do not see each other, and deleteAll removes every field of one profile', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  const all = Object.fromEntries(SECRET_FIELDS.map((f) => [f, `${f}-value`]));
  await s.set('a', all);
  await s.set('b', { rdsAppKey: 'b-key' });
  assert.equal(m.size, SECRET_FIELDS.length + 1);
  assert.deepEqual(await s.get('b'), { rdsAppKey: 'b-key' });
  await s.deleteAll('a');
  assert.deepEqual([...m.keys()], ['nhncloud/b/rdsAppKey']);
});

test('database passwords live under nhncloud/<profile>/db/<instance>/<user>, are forgotten one by one, and deleteAll removes them with the profile', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  await s.set('a', { rdsAppKey: 'a-key' });
  await s.storeDbPassword('a', 'inst-1', 'app', 'db-pass-1');
  await s.storeDbPassword('a', 'inst-2', 'admin', 'db-pass-2');
  await s.storeDbPassword('b', 'inst-9', 'app', 'db-pass-9');
  // An SSH bastion's passphrase and password are kept the same way (issue 29).
  await s.storeSshSecret('a', 'passphrase:/home/me/.ssh/id_ed25519', 'ssh-passphrase-1');
  await s.storeSshSecret('a', 'password:centos@133.186.1.2:22', 'ssh-password-1');
  assert.equal(
    sshSecretKey('a', 'passphrase:/home/me/.ssh/id_ed25519'),
    'nhncloud/a/db/ssh/passphrase%3A%2Fhome%2Fme%2F.ssh%2Fid_ed25519',
  );
  assert.equal(await s.sshSecret('a', 'password:centos@133.186.1.2:22'), 'ssh-password-1');
  // A passphrase that no longer opens its key is forgotten by itself (the other SSH secret stays).
  assert.equal(await s.forgetSshSecret('a', 'passphrase:/home/me/.ssh/id_ed25519'), true);
  assert.equal(await s.sshSecret('a', 'passphrase:/home/me/.ssh/id_ed25519'), undefined);
  assert.equal(await s.forgetSshSecret('a', 'passphrase:/home/me/.ssh/id_ed25519'), false);
  assert.equal(await s.sshSecret('a', 'password:centos@133.186.1.2:22'), 'ssh-password-1');
  assert.equal(m.get(dbPasswordKey('a', 'inst-1', 'app')), 'db-pass-1');
  assert.equal(dbPasswordKey('a', 'inst-1', 'app'), 'nhncloud/a/db/inst-1/app');
  assert.equal(await s.dbPassword('a', 'inst-2', 'admin'), 'db-pass-2');
  assert.equal(await s.forgetDbPassword('a', 'inst-2', 'admin'), true);
  assert.equal(await s.forgetDbPassword('a', 'inst-2', 'admin'), false);
  assert.equal(await s.dbPassword('a', 'inst-2', 'admin'), undefined);
  await s.deleteAll('a');
  assert.deepEqual(
    [...m.keys()].filter((k) => k.startsWith('nhncloud/a/')),
    [],
    'nothing of profile a is left',
  );
  assert.equal(await s.dbPassword('b', 'inst-9', 'app'), 'db-pass-9', 'another profile keeps its passwords');
});

test('the index of database passwords holds each key once and loses a forgotten one', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  const key = dbPasswordKey('a', 'inst-1', 'app');
  await s.storeDbPassword('a', 'inst-1', 'app', 'first');
  await s.storeDbPassword('a', 'inst-1', 'app', 'second');
  assert.equal(m.get('nhncloud/a/dbIndex'), JSON.stringify([key]), 'stored twice, indexed once');
  assert.equal(m.get(key), 'second');
  await s.storeDbPassword('a', 'inst-2', 'app', 'other');
  await s.forgetDbPassword('a', 'inst-1', 'app');
  assert.equal(m.get('nhncloud/a/dbIndex'), JSON.stringify([dbPasswordKey('a', 'inst-2', 'app')]));
});

test('forgetting a password that was never stored writes nothing', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  assert.equal(await s.forgetDbPassword('a', 'inst-1', 'app'), false);
  assert.deepEqual([...m.keys()], []);
});

test('a damaged or tampered index never deletes what is not a database password of that profile', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  await s.set('b', { rdsAppKey: 'b-key' });
  await s.set('a', { rdsAppKey: 'a-key' });
  // Keys of another profile and of a non-database field: never deleted through the index.
  m.set('nhncloud/a/dbIndex', JSON.stringify(['nhncloud/b/rdsAppKey', 'nhncloud/a/rdsAppKey']));
  await s.deleteAll('a');
  assert.equal(m.get('nhncloud/b/rdsAppKey'), 'b-key', 'the other profile keeps its key');
  assert.ok(!m.has('nhncloud/a/rdsAppKey'), 'the profile itself is removed as a field');
  // Values that are not strings are skipped; the database passwords listed with them still go.
  const dbKey = dbPasswordKey('a', 'inst-3', 'app');
  m.set(dbKey, 'pw-3');
  m.set('nhncloud/a/dbIndex', JSON.stringify([42, null, dbKey]));
  await s.deleteAll('a');
  assert.ok(!m.has(dbKey), 'the listed database password is deleted');
  // Not JSON at all, and JSON that is not a list: read as empty, and rewritten on the next store.
  for (const damaged of ['{', '{"k":"nhncloud/a/db/x/y"}']) {
    m.set('nhncloud/a/dbIndex', damaged);
    await s.storeDbPassword('a', 'inst-1', 'app', 'pw');
    assert.equal(m.get('nhncloud/a/dbIndex'), JSON.stringify([dbPasswordKey('a', 'inst-1', 'app')]));
  }
});
