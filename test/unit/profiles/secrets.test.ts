// The SecretStorage layout of profiles: one value per profile (`nhncloud/<id>/secrets`) holding
// its fields and database secrets; edit keeps what is left undefined; remove deletes it all; the
// per-field layout before it is read and moved over. (secrets.ts needs only the vscode types.)
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ProfileSecretStore, SECRET_FIELDS, legacyKey, secretsKey } from '../../../src/profiles/secrets';

function memoryStorage() {
  const m = new Map<string, string>();
  const writes: string[] = [];
  const reads: string[] = [];
  return {
    m,
    writes,
    reads,
    storage: {
      get: async (k: string) => (reads.push(k), m.get(k)),
      keys: async () => [...m.keys()],
      store: async (k: string, v: string) => void (writes.push(k), m.set(k, v)),
      delete: async (k: string) => void (writes.push(`-${k}`), m.delete(k)),
      onDidChange: () => ({ dispose() {} }),
    } as any,
  };
}

const recordOf = (m: Map<string, string>, id: string): Record<string, string> =>
  JSON.parse(m.get(secretsKey(id)) ?? 'null');

/**
 * code-server's browser-side SecretStorage (its LocalStorageSecretStorageProvider): the window
 * answers from memory, and every write starts an unawaited rewrite of the WHOLE store into
 * localStorage, sealed with a key fetched from the server. Those rewrites can land in any order;
 * this model lands them newest first, so what a reloaded window reads is the snapshot taken at the
 * first write of the batch.
 */
function codeServerStorage() {
  const memory = new Map<string, string>();
  const rewrites: Array<Map<string, string>> = [];
  let persisted = new Map<string, string>();
  return {
    storage: {
      get: async (k: string) => memory.get(k),
      store: async (k: string, v: string) => void (memory.set(k, v), rewrites.push(new Map(memory))),
      delete: async (k: string) => void (memory.delete(k), rewrites.push(new Map(memory))),
      onDidChange: () => ({ dispose() {} }),
    } as any,
    /** The rewrites land, newest first (the oldest lands last and is what stays). */
    land(): void {
      for (const snapshot of rewrites.reverse()) persisted = snapshot;
      rewrites.length = 0;
    },
    /** A window reload: memory is what localStorage holds. */
    reload() {
      memory.clear();
      for (const [k, v] of persisted) memory.set(k, v);
    },
  };
}

test("a profile's secrets are one SecretStorage value under nhncloud/<profileId>/secrets, written once per save", async () => {
  const { m, writes, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  const all = Object.fromEntries(SECRET_FIELDS.map((f) => [f, `${f}-value`]));
  await s.set('p1', all);
  assert.deepEqual(writes, ['nhncloud/p1/secrets'], 'nine fields, one write');
  assert.deepEqual(recordOf(m, 'p1'), all);
  assert.deepEqual([...m.keys()], ['nhncloud/p1/secrets']);
  assert.equal(ProfileSecretStore.profileOf('nhncloud/p1/secrets'), 'p1');
  assert.equal(ProfileSecretStore.profileOf('nhncloud/p1/rdsAppKey'), 'p1', 'the layout before it too');
  assert.equal(ProfileSecretStore.profileOf('other/p1/rdsAppKey'), undefined);
  assert.equal(
    ProfileSecretStore.profileOf('other/nhncloud/p1/rdsAppKey'),
    undefined,
    'only keys that begin with our namespace',
  );
});

test('a reloaded code-server window still has every field after rewrites of the store landed out of order', async () => {
  const cs = codeServerStorage();
  const all = Object.fromEntries(SECRET_FIELDS.map((f) => [f, `${f}-value`]));
  // Each action's rewrites land before the next action (a person's actions are seconds apart),
  // and the window reloads before any later write could rewrite the store from memory again.
  await new ProfileSecretStore(cs.storage).set('p1', all);
  cs.land();
  cs.reload();
  assert.deepEqual(await new ProfileSecretStore(cs.storage).get('p1'), all, 'the S3 keys, written last, too');
  await new ProfileSecretStore(cs.storage).storeDbPassword('p1', 'inst-1', 'app', 'db-pass-1');
  cs.land();
  cs.reload();
  const after = new ProfileSecretStore(cs.storage);
  assert.equal(await after.dbPassword('p1', 'inst-1', 'app'), 'db-pass-1');
  assert.deepEqual(await after.get('p1'), all);
});

test('undefined keeps a stored secret, a value replaces it, an empty string deletes it', async () => {
  const { m, writes, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  await s.set('p1', { rdsAppKey: 'old-app-key', rdsAccessKeyId: 'old-id', s3AccessKey: 'old-s3' });
  await s.set('p1', { rdsAccessKeyId: 'new-id', s3AccessKey: '' });
  assert.deepEqual(await s.get('p1'), { rdsAppKey: 'old-app-key', rdsAccessKeyId: 'new-id' });
  // Deleted from the record, not kept as an empty value.
  assert.deepEqual(recordOf(m, 'p1'), { rdsAppKey: 'old-app-key', rdsAccessKeyId: 'new-id' });
  // A save that changes no secret (Edit Profile of a name only) writes nothing.
  writes.length = 0;
  await s.set('p1', { rdsAppKey: 'old-app-key' });
  await s.set('p1', {});
  // Nor does emptying a field that is not there.
  await s.set('p1', { s3SecretKey: '' });
  assert.deepEqual(writes, []);
});

test('profiles do not see each other, and deleteAll removes one profile with one delete', async () => {
  const { m, writes, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  const all = Object.fromEntries(SECRET_FIELDS.map((f) => [f, `${f}-value`]));
  await s.set('a', all);
  await s.set('b', { rdsAppKey: 'b-key' });
  assert.deepEqual(await s.get('b'), { rdsAppKey: 'b-key' });
  writes.length = 0;
  await s.deleteAll('a');
  assert.deepEqual(writes, ['-nhncloud/a/secrets']);
  assert.deepEqual([...m.keys()], ['nhncloud/b/secrets']);
});

test('database passwords and SSH secrets are entries of the record, forgotten one by one, and deleteAll removes them with the profile', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  await s.set('a', { rdsAppKey: 'a-key' });
  await s.storeDbPassword('a', 'inst-1', 'app', 'db-pass-1');
  await s.storeDbPassword('a', 'inst-2', 'admin', 'db-pass-2');
  await s.storeDbPassword('b', 'inst-9', 'app', 'db-pass-9');
  // An SSH bastion's passphrase and password are kept the same way (issue 29).
  await s.storeSshSecret('a', 'passphrase:/home/me/.ssh/id_ed25519', 'ssh-passphrase-1');
  await s.storeSshSecret('a', 'password:centos@133.186.1.2:22', 'ssh-password-1');
  assert.deepEqual(recordOf(m, 'a'), {
    rdsAppKey: 'a-key',
    'db/inst-1/app': 'db-pass-1',
    'db/inst-2/admin': 'db-pass-2',
    'db/ssh/passphrase%3A%2Fhome%2Fme%2F.ssh%2Fid_ed25519': 'ssh-passphrase-1',
    'db/ssh/password%3Acentos%40133.186.1.2%3A22': 'ssh-password-1',
  });
  assert.equal(await s.sshSecret('a', 'password:centos@133.186.1.2:22'), 'ssh-password-1');
  // A passphrase that no longer opens its key is forgotten by itself (the other SSH secret stays).
  assert.equal(await s.forgetSshSecret('a', 'passphrase:/home/me/.ssh/id_ed25519'), true);
  assert.equal(await s.sshSecret('a', 'passphrase:/home/me/.ssh/id_ed25519'), undefined);
  assert.equal(await s.forgetSshSecret('a', 'passphrase:/home/me/.ssh/id_ed25519'), false);
  assert.equal(await s.sshSecret('a', 'password:centos@133.186.1.2:22'), 'ssh-password-1');
  assert.equal(await s.dbPassword('a', 'inst-2', 'admin'), 'db-pass-2');
  assert.equal(await s.forgetDbPassword('a', 'inst-2', 'admin'), true);
  assert.equal(await s.forgetDbPassword('a', 'inst-2', 'admin'), false);
  assert.equal(await s.dbPassword('a', 'inst-2', 'admin'), undefined);
  assert.deepEqual(await s.get('a'), { rdsAppKey: 'a-key' }, 'database entries are not profile fields');
  await s.deleteAll('a');
  assert.deepEqual(
    [...m.keys()].filter((k) => k.startsWith('nhncloud/a/')),
    [],
    'nothing of profile a is left',
  );
  assert.equal(await s.dbPassword('b', 'inst-9', 'app'), 'db-pass-9', 'another profile keeps its passwords');
});

test('changes of one profile made at once are applied one after another: none is lost', async () => {
  const { storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  await Promise.all([
    s.set('a', { rdsAppKey: 'a-key' }),
    s.storeDbPassword('a', 'inst-1', 'app', 'pw-1'),
    s.storeDbPassword('a', 'inst-2', 'app', 'pw-2'),
    s.storeSshSecret('a', 'password:u@h:22', 'ssh-pw'),
  ]);
  assert.deepEqual(await s.get('a'), { rdsAppKey: 'a-key' });
  assert.equal(await s.dbPassword('a', 'inst-1', 'app'), 'pw-1');
  assert.equal(await s.dbPassword('a', 'inst-2', 'app'), 'pw-2');
  assert.equal(await s.sshSecret('a', 'password:u@h:22'), 'ssh-pw');
  // A failed write does not stop the next change of that profile.
  let fail = true;
  const flaky = {
    ...storage,
    store: async (k: string, v: string) => {
      if (fail) {
        fail = false;
        throw new Error('keychain locked');
      }
      return storage.store(k, v);
    },
  };
  const f = new ProfileSecretStore(flaky);
  await assert.rejects(f.storeDbPassword('a', 'inst-3', 'app', 'pw-3'), /keychain locked/);
  await f.storeDbPassword('a', 'inst-4', 'app', 'pw-4');
  assert.equal(await f.dbPassword('a', 'inst-4', 'app'), 'pw-4');
  assert.equal(await f.dbPassword('a', 'inst-3', 'app'), undefined);
});

test('forgetting a password that was never stored, or storing the same one again, writes nothing', async () => {
  const { m, writes, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  assert.equal(await s.forgetDbPassword('a', 'inst-1', 'app'), false);
  assert.deepEqual([...m.keys()], []);
  assert.deepEqual(writes, []);
  await s.storeDbPassword('a', 'inst-1', 'app', 'pw');
  await s.storeDbPassword('a', 'inst-1', 'app', 'pw');
  await s.storeSshSecret('a', 'password:u@h:22', 'ssh');
  await s.storeSshSecret('a', 'password:u@h:22', 'ssh');
  assert.deepEqual(writes, ['nhncloud/a/secrets', 'nhncloud/a/secrets']);
});

test('an unreadable record reads as empty and is replaced by the next write', async () => {
  const { m, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  for (const damaged of ['{', '["x"]', '"text"', 'null', '7']) {
    m.set(secretsKey('a'), damaged);
    assert.deepEqual(await s.get('a'), {}, damaged);
    await s.set('a', { rdsAppKey: 'new' });
    assert.deepEqual(recordOf(m, 'a'), { rdsAppKey: 'new' }, `nothing of ${damaged} is kept`);
  }
  // Entries that are not strings are dropped, the others kept.
  m.set(secretsKey('a'), '{"rdsAppKey":42,"s3AccessKey":"kept"}');
  assert.deepEqual(await s.get('a'), { s3AccessKey: 'kept' });
  await s.set('a', { rdsAppKey: 'new' });
  assert.deepEqual(recordOf(m, 'a'), { s3AccessKey: 'kept', rdsAppKey: 'new' });
});

/** A profile saved by 0.1.0: one key per field, database secrets listed in `dbIndex`. */
function legacyProfile(m: Map<string, string>, id: string): void {
  m.set(legacyKey(id, 'rdsAppKey'), 'old-app-key');
  m.set(legacyKey(id, 's3AccessKey'), 'old-s3');
  m.set(legacyKey(id, 'db/inst-1/app'), 'old-db-pass');
  m.set(legacyKey(id, 'db/ssh/password%3Au%40h%3A22'), 'old-ssh');
  m.set(
    `nhncloud/${id}/dbIndex`,
    JSON.stringify([legacyKey(id, 'db/inst-1/app'), legacyKey(id, 'db/ssh/password%3Au%40h%3A22')]),
  );
}

test('a profile stored one key per field is read as it was, and moved into the record on its first change', async () => {
  const { m, writes, storage } = memoryStorage();
  legacyProfile(m, 'a');
  m.set(legacyKey('b', 'rdsAppKey'), 'b-key');
  const s = new ProfileSecretStore(storage);
  assert.deepEqual(await s.get('a'), { rdsAppKey: 'old-app-key', s3AccessKey: 'old-s3' });
  assert.equal(await s.dbPassword('a', 'inst-1', 'app'), 'old-db-pass');
  assert.equal(await s.sshSecret('a', 'password:u@h:22'), 'old-ssh');
  assert.deepEqual(writes, [], 'reading moves nothing');
  // Nor does a change that changes nothing.
  assert.equal(await s.forgetDbPassword('a', 'inst-7', 'app'), false);
  await s.set('a', { rdsAppKey: 'old-app-key' });
  assert.deepEqual(writes, []);
  await s.set('a', { s3SecretKey: 'new-s3-secret' });
  assert.equal(writes[0], 'nhncloud/a/secrets', 'the record is written before any old key is deleted');
  assert.deepEqual(recordOf(m, 'a'), {
    rdsAppKey: 'old-app-key',
    s3AccessKey: 'old-s3',
    s3SecretKey: 'new-s3-secret',
    'db/inst-1/app': 'old-db-pass',
    'db/ssh/password%3Au%40h%3A22': 'old-ssh',
  });
  assert.deepEqual(
    [...m.keys()].sort(),
    ['nhncloud/a/secrets', 'nhncloud/b/rdsAppKey'],
    'the old keys of a are gone, b is untouched',
  );
  // Once moved, the old keys are never read again, even if a late rewrite brought one back.
  m.set(legacyKey('a', 'rdsAppKey'), 'stale');
  assert.equal((await s.get('a')).rdsAppKey, 'old-app-key');
  // ... and Remove Profile deletes such a leftover too.
  await s.deleteAll('a');
  assert.deepEqual([...m.keys()], ['nhncloud/b/rdsAppKey']);
});

test('a profile of the old layout removed before any change loses every old key, and only those are deleted', async () => {
  const { m, writes, storage } = memoryStorage();
  legacyProfile(m, 'a');
  const before = [...m.keys()];
  await new ProfileSecretStore(storage).deleteAll('a');
  assert.deepEqual([...m.keys()], []);
  assert.deepEqual(writes.sort(), before.map((k) => `-${k}`).sort(), 'no delete of a key that is not there');
});

test('a damaged or tampered old index never reaches what is not a database secret of that profile', async () => {
  const { m, reads, storage } = memoryStorage();
  const s = new ProfileSecretStore(storage);
  m.set(legacyKey('b', 'rdsAppKey'), 'b-key');
  m.set(legacyKey('a', 'rdsAppKey'), 'a-key');
  // Keys of another profile and of a non-database field: never read or deleted through the index.
  m.set('nhncloud/a/dbIndex', JSON.stringify(['nhncloud/b/rdsAppKey', 'nhncloud/a/rdsAppKey']));
  await s.deleteAll('a');
  assert.equal(m.get('nhncloud/b/rdsAppKey'), 'b-key', 'the other profile keeps its key');
  assert.ok(!m.has('nhncloud/a/rdsAppKey'), 'the profile itself is removed as a field');
  assert.ok(!m.has('nhncloud/a/dbIndex'));
  // Values that are not strings are skipped; the database passwords listed with them still go.
  const dbKey = legacyKey('a', 'db/inst-3/app');
  m.set(dbKey, 'pw-3');
  m.set('nhncloud/a/dbIndex', JSON.stringify([42, null, dbKey]));
  assert.equal(await s.dbPassword('a', 'inst-3', 'app'), 'pw-3');
  await s.deleteAll('a');
  assert.ok(!m.has(dbKey), 'the listed database password is deleted');
  // Not JSON at all, and JSON that is not a list: read as no database secrets.
  for (const damaged of ['{', '{"k":"nhncloud/a/db/x/y"}']) {
    m.set('nhncloud/a/dbIndex', damaged);
    m.set(legacyKey('a', 'db/x/y'), 'unlisted');
    assert.equal(await s.dbPassword('a', 'x', 'y'), undefined);
    await s.storeDbPassword('a', 'inst-1', 'app', 'pw');
    assert.deepEqual(recordOf(m, 'a'), { 'db/inst-1/app': 'pw' });
    assert.ok(!m.has('nhncloud/a/dbIndex'), 'the damaged index is deleted with the move');
    m.delete(secretsKey('a'));
    m.delete(legacyKey('a', 'db/x/y'));
  }
  assert.deepEqual(
    reads.filter((k) => !k.startsWith('nhncloud/a/')),
    [],
    'nothing outside the profile is even read',
  );
});
