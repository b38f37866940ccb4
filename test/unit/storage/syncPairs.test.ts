// Sync pairs remembered per workspace (src/storage/sync/pairs.ts): one per folder and prefix (a
// run again replaces it, keeping its id and so its stamps), forgotten with its stamps file; and
// the stamps a pass keeps come back as they were written.
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { SyncPairs } from '../../../src/storage/sync/pairs';

const dir = mkdtempSync(join(tmpdir(), 'nhncloud-syncpairs-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function memento() {
  const data = new Map<string, unknown>();
  return {
    get: (k: string, d?: unknown) => (data.has(k) ? data.get(k) : d),
    update: async (k: string, v: unknown) => void (v === undefined ? data.delete(k) : data.set(k, v)),
    keys: () => [...data.keys()],
  };
}

const pair = {
  profileId: 'p1',
  region: 'KR1',
  folder: '/work/site',
  bucket: 'web',
  prefix: 'site/',
  direction: 'mirror-up' as const,
  detection: 'size-time' as const,
};

test('a pair is remembered once per place; its stamps are kept beside it and go with it', async () => {
  const store = new SyncPairs(memento() as never, dir);
  const first = await store.save(pair);
  const again = await store.save({
    ...pair,
    direction: 'upload',
    lastRun: { at: '2026-11-27T00:00:00Z', sent: 3, deleted: 0 },
  });
  assert.equal(again.id, first.id, 'the same folder and prefix: the same pair');
  assert.equal(store.list().length, 1);
  assert.equal(store.get(first.id)?.direction, 'upload');
  const other = await store.save({ ...pair, prefix: 'other/' });
  assert.notEqual(other.id, first.id);
  assert.deepEqual(
    store
      .forRoot('p1', 'KR1')
      .map((p) => p.prefix)
      .sort(),
    ['other/', 'site/'],
  );
  assert.deepEqual(store.forRoot('p1', 'KR2'), []);

  const stamps = new Map([['site/a.txt', { etag: '"e"', lastModified: 'x', size: 3, mtime: '1.000000000' }]]);
  await store.saveStamps(first.id, stamps);
  assert.deepEqual(await store.stamps(first.id), stamps);
  assert.deepEqual(await store.stamps(other.id), new Map(), 'none kept yet');
  await store.remove(first.id);
  assert.equal(store.get(first.id), undefined);
  assert.ok(!existsSync(join(dir, 'sync', `${first.id}.json`)), 'its stamps file is deleted');
  assert.deepEqual(readdirSync(join(dir, 'sync')), []);
});
