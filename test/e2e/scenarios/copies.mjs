// Copies of large objects end to end (issue 19, item 1), against a sandbox in its own process
// with the multipart copy threshold lowered to 5 MB: Rename of a 24 MB object goes through
// Upload Part Copy and keeps every byte, its content type and metadata; a Copy + Paste of
// another one, slowed by the sandbox and cancelled from its notification, leaves neither an
// object nor an incomplete multipart upload behind, and the original in place.
import { connectSandboxProfile, startSandboxProcess } from '../../../scripts/e2e/sandboxProcess.mjs';

export const options = { userSettings: { 'nhncloud.storage.multipartCopyThresholdMB': 5 } };

const BUCKET = 'sandbox-docs';
const SIZE = 24 * 1024 * 1024 + 5;
let sandbox;

async function control(route, body, method = 'POST') {
  const res = await fetch(`${sandbox.url}/_sandbox/${route}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
  return res.json();
}
const digest = (key) => control('storage/object-digest', { region: 'KR1', bucket: BUCKET, key });

async function until(what, check, timeout = 60_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'Rename of a large object copies it multipart and keeps every byte, its type and metadata',
    async run(t) {
      sandbox = await startSandboxProcess({ timeScaleMs: 300 });
      for (const key of ['big/archive.bin', 'big/second.bin'])
        await control('storage/generate-object', {
          region: 'KR1',
          bucket: BUCKET,
          key,
          size: SIZE,
          contentType: 'application/x-e2e',
          metadata: { owner: 'e2e' },
        });
      const before = await digest('big/archive.bin');
      await t.openView('NHN Cloud');
      await connectSandboxProfile(t, 'e2e-copies', sandbox.url);
      await t.expandRow('KR1');
      await t.expandRow('Object Storage');
      await t.expandRow(BUCKET);
      await t.expandRow('big');
      await control('stats', undefined, 'DELETE');
      await t.menu('archive.bin', 'Rename...');
      await t.quick.answer('renamed.bin', t.lpart('New name in {0}/{1} (a/b moves it into a subfolder)'));
      await t.treeRow('renamed.bin').waitFor({ timeout: 120_000 });
      const after = await until('the renamed object', async () => {
        const d = await digest('big/renamed.bin');
        return d.missing ? undefined : d;
      });
      if (after.sha256 !== before.sha256 || after.size !== SIZE)
        throw new Error(`the renamed object differs: ${JSON.stringify(after)} vs ${JSON.stringify(before)}`);
      if (after.contentType !== 'application/x-e2e' || after.metadata.owner !== 'e2e')
        throw new Error(`type or metadata lost: ${JSON.stringify(after)}`);
      await until('the original to go', async () => (await digest('big/archive.bin')).missing);
      const stats = await control('stats', undefined, 'GET');
      if (!(stats.byOperation['storage.uploadPartCopy'] >= 2) || stats.byOperation['storage.copyObject'])
        throw new Error(`not a multipart copy: ${JSON.stringify(stats.byOperation)}`);
      if (after.uploads.length) throw new Error(`uploads left: ${JSON.stringify(after.uploads)}`);
    },
  },
  {
    name: 'a Copy + Paste cancelled midway leaves no object and no incomplete upload',
    async run(t) {
      try {
        // Every part copy takes 2 s: the copy is surely midway when Cancel is pressed.
        await control('faults', { service: 'storage', operation: 'storage.uploadPartCopy', latencyMs: 2_000 });
        await t.menu('second.bin', 'Copy');
        await t.menu(BUCKET, 'Paste');
        const toast = await t.notification(t.l('Copying {0} object to {1}/{2}', 1, BUCKET, ''), 30_000);
        await until('a part copy in flight', async () => (await digest('second.bin')).uploads.length > 0, 30_000);
        await toast.hover();
        await toast.getByRole('button', { name: /^(Cancel|취소|キャンセル)$/ }).click();
        await toast.waitFor({ state: 'detached', timeout: 30_000 });
        const left = await until('the upload to be aborted', async () => {
          const d = await digest('second.bin');
          return d.uploads.length === 0 ? d : undefined;
        });
        if (!left.missing) throw new Error(`a copy was left behind: ${JSON.stringify(left)}`);
        const source = await digest('big/second.bin');
        if (source.missing || source.size !== SIZE) throw new Error('the original of the cancelled copy is gone');
      } finally {
        await control('faults', undefined, 'DELETE').catch(() => {});
        sandbox?.stop();
      }
    },
  },
];
