// Object storage end to end against OpenStack Swift's own S3 layer (the software behind NHN
// Cloud Object Storage; test/support/swift.mjs), not the sandbox: a profile whose object-storage
// endpoint is the local Swift (Add Profile's Advanced endpoint override, the default signing
// region corrected from Swift's answer), then browse, open, edit and save an object, a save
// conflict with a change made behind the extension's back, upload a folder and download one.
// Each result is read back from Swift itself. Swift is stopped by its own process ids at the end.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import aws4 from 'aws4';
import { leaseSwift, swiftMissing } from '../../support/swift.mjs';
import { chooseInDialog } from '../../../scripts/e2e/fileDialog.mjs';

const BUCKET = 'swift-e2e';
/** Objects there before the profile is added: a text file and a folder with a nested one. */
const SEED = {
  'notes.txt': 'Swift notes.\n',
  'folder/inner.txt': 'inner file\n',
  'folder/deep/leaf.txt': 'leaf file\n',
};
/** The local folder uploaded by the scenario (its name becomes the prefix). */
const LOCAL = { 'a.txt': 'local a\n', 'sub/b.txt': 'local b\n' };

let swift;

/** One request to Swift, signed as any S3 client would (another user of the bucket). */
async function swiftS3(method, path, body) {
  const base = new URL(swift.endpoint);
  const headers = { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const signed = aws4.sign(
    { host: base.host, path, method, service: 's3', region: swift.region, headers },
    { accessKeyId: swift.accessKey, secretAccessKey: swift.secretKey },
  );
  const res = await fetch(`${swift.endpoint}${signed.path}`, {
    method,
    headers: /** @type {Record<string, string>} */ (signed.headers),
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Swift answered ${method} ${path} with ${res.status}: ${text.slice(0, 300)}`);
  return text;
}
const objectPath = (key) => `/${BUCKET}/${key.split('/').map(encodeURIComponent).join('/')}`;
const remotePut = (key, content) => swiftS3('PUT', objectPath(key), content);
const remoteGet = (key) => swiftS3('GET', objectPath(key));
const remoteKeys = async (prefix) =>
  [...(await swiftS3('GET', `/${BUCKET}?prefix=${encodeURIComponent(prefix)}`)).matchAll(/<Key>([^<]*)<\/Key>/g)]
    .map((m) => m[1])
    .sort();

const editorText = (t) => t.page.locator('.editor-group-container.active .monaco-editor .view-lines').first();

async function waitEditorHas(t, text, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const got = (
      await editorText(t)
        .innerText()
        .catch(() => '')
    ).replace(/\u00a0/g, ' ');
    if (got.includes(text)) return got;
    if (Date.now() > deadline) throw new Error(`the editor does not show "${text}"; it shows:\n${got.slice(0, 300)}`);
    await t.page.waitForTimeout(250);
  }
}

async function waitFor(what, check, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const last = await check();
    if (last === true) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${last}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Picks a QuickPick item by typing its label (the Advanced list is long). */
async function pickTyped(t, label, expect) {
  await t.quick.waitFor(expect);
  const input = t.page.locator('.quick-input-widget input[type="text"]').first();
  await input.fill(label);
  await t.page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row')
    .filter({ hasText: label })
    .first()
    .waitFor({ timeout: 15_000 });
  await t.page.keyboard.press('Enter');
}

/** @type {import('../../../scripts/e2e/browser.mjs').Scenario[]} */
export const scenarios = [
  {
    name: 'a profile whose object storage is the local OpenStack Swift',
    async run(t) {
      const missing = swiftMissing();
      if (missing) throw new Error(missing);
      // An account of its own on the run's Swift (scripts/e2e/run.mjs starts one), else its own Swift.
      swift = await leaseSwift();
      await swiftS3('PUT', `/${BUCKET}`);
      for (const [key, content] of Object.entries(SEED)) await remotePut(key, content);

      await t.openView('NHN Cloud');
      const advanced =
        'Advanced (optional): endpoint overrides and S3 signing regions. Enter on "Save profile" to finish.';
      await t.runCommand('NHN Cloud: Add Profile');
      await t.quick.answer('e2e-swift', 'Profile name');
      await t.quick.pick('Public cloud', 'Which cloud is the project in?');
      await t.quick.waitFor('Regions to show in the explorer (Space toggles, Enter confirms)');
      await t.quick.enter();
      // Only the S3 key pair: every other service stays unconfigured.
      for (const hint of [
        'RDS for MySQL: the app key (console: URL & Appkey).',
        'RDS for MariaDB: its app key (console: URL & Appkey), if you use it; the user access key below serves both.',
        'RDS for MySQL: the user access key ID (console: API Security Settings).',
        'RDS for MySQL: the secret access key of that user access key.',
        'Network (floating IPs, transit hub): the tenant ID of the project.',
        'Network: the account e-mail or IAM ID used for API tokens.',
        'Network: the API password set in the console (not the login password).',
        'Object storage: its tenant ID (it can differ from the network one).',
      ])
        await t.quick.answer('', t.lpart(hint));
      await t.quick.answer(
        swift.accessKey,
        t.lpart('Object storage, optional: an S3 API credential access key (one can also be made later).'),
      );
      await t.quick.answer(swift.secretKey, t.lpart('Object storage, optional: the secret key of that S3 credential.'));
      await pickTyped(t, t.l('Endpoint: {0}', t.l('Object storage (S3)')), advanced);
      await t.quick.answer(
        swift.endpoint,
        t.l(
          'Address of {0} for this profile; {region} is replaced by the region (e.g. kr1). Empty restores the default.',
          'storage',
        ),
      );
      await pickTyped(t, t.l('$(check) Save profile'), advanced);
      await t.quick.waitClosed();
      await t.notification(t.l('Profile "{0}" added and active.', 'e2e-swift'));
    },
  },
  {
    name: 'browse the bucket: objects and folders as Swift lists them',
    async run(t) {
      await t.expandRow('KR1');
      await t.expandRow('Object Storage');
      // The first call is signed for the default region and Swift names KR1: corrected, no error.
      await t.expandRow(BUCKET);
      await t.treeRow('notes.txt').waitFor({ timeout: 30_000 });
      await t.expandRow('folder');
      await t.treeRow('inner.txt').waitFor({ timeout: 30_000 });
      await t.treeRow('deep').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'open, edit and save an object; Swift has the new content',
    async run(t) {
      await t.openRow('notes.txt');
      await waitEditorHas(t, 'Swift notes.');
      await editorText(t).click();
      await t.page.keyboard.press('Control+End');
      await t.page.keyboard.type('Saved from VS Code.');
      await t.page.keyboard.press('Control+S');
      await t.page
        .locator('.tabs-container .tab.active:not(.dirty)')
        .filter({ hasText: 'notes.txt' })
        .waitFor({ timeout: 30_000 });
      await waitFor('Swift keeps the saved text', async () =>
        (await remoteGet('notes.txt')) === 'Swift notes.\nSaved from VS Code.'
          ? true
          : JSON.stringify(await remoteGet('notes.txt')),
      );
    },
  },
  {
    name: 'a save conflict: a change made behind the extension is caught, Overwrite keeps mine',
    async run(t) {
      await editorText(t).click();
      await t.page.keyboard.press('Control+Home');
      await t.page.keyboard.type('Mine. ');
      await remotePut('notes.txt', 'Theirs.\n');
      await t.page.keyboard.press('Control+S');
      const conflict = t.lre('{0} changed in {1} since you opened it (modified {2}).', 'notes.txt', BUCKET);
      await t.dialogButton(conflict, 'Overwrite');
      await t.page
        .locator('.tabs-container .tab.active:not(.dirty)')
        .filter({ hasText: 'notes.txt' })
        .waitFor({ timeout: 30_000 });
      await waitFor('Swift keeps my version', async () =>
        (await remoteGet('notes.txt')).startsWith('Mine. Swift notes.')
          ? true
          : JSON.stringify(await remoteGet('notes.txt')),
      );
      await t.page.keyboard.press('Control+W');
    },
  },
  {
    name: 'upload a folder: every file lands under its name in Swift',
    async run(t) {
      const local = join(t.server.ws, 'local-folder');
      for (const [rel, content] of Object.entries(LOCAL)) {
        mkdirSync(join(local, rel, '..'), { recursive: true });
        writeFileSync(join(local, rel), content);
      }
      await t.menu(BUCKET, 'Upload Folder...');
      await chooseInDialog(t, local, t.lre('Upload a folder to {0}/{1}', BUCKET));
      await t.notification(t.lre('Uploaded {0} files to {1}.', 2), 120_000);
      await t.treeRow('local-folder').waitFor({ timeout: 30_000 });
      const keys = await remoteKeys('local-folder/');
      if (JSON.stringify(keys) !== JSON.stringify(['local-folder/a.txt', 'local-folder/sub/b.txt']))
        throw new Error(`Swift lists ${JSON.stringify(keys)}`);
      for (const [rel, content] of Object.entries(LOCAL))
        if ((await remoteGet(`local-folder/${rel}`)) !== content)
          throw new Error(`local-folder/${rel} differs in Swift`);
    },
  },
  {
    name: 'download a folder: its files, nested, byte for byte',
    async run(t) {
      await t.menu('folder', 'Download...');
      await chooseInDialog(t, t.server.ws, t.lre('Download {0} objects from {1}/{2}', 2, BUCKET));
      await t.notification(t.lre('Downloaded {0} files to {1}.', 2), 60_000);
      for (const key of ['folder/inner.txt', 'folder/deep/leaf.txt']) {
        const file = join(t.server.ws, key);
        if (!existsSync(file)) throw new Error(`${key} was not downloaded to ${file}`);
        if (readFileSync(file, 'utf8') !== SEED[key]) throw new Error(`${file} differs from the object in Swift`);
      }
      await swift?.stop();
      swift = undefined;
    },
  },
];

// A failed scenario still stops Swift (swift.mjs also kills its processes when this one exits).
process.on('exit', () => void swift?.stop());
