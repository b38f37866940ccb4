// Back Up Now (issue 63, rough edges: "Back Up Now's toast reveals the new backup, and an
// incremental backup says so with its base"), against the sandbox on RDS API v4.0 with the
// explorer, the job tracker and the RDS feature: the finished job's toast names the base of an
// incremental backup, and its Reveal in Tree selects the new backup's row in the instance's
// Backups folder (it selected the instance before).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { installVscodeStub, stubVscode } from '../../support/vscodeStub';
import type { Sandbox } from '../../../src/sandbox/index';
import type { RdsExplorer } from '../../support/rdsExplorer';

installVscodeStub();
const window = stubVscode.window as Record<string, unknown>;
const saved = { ...window };
/** What answers the notifications (src/shared/prompts.ts keeps the function it found at its load). */
let answer: (text: string, items: Array<{ id: string }>) => unknown = () => undefined;
window.showInformationMessage = async (text: string, _o: unknown, ...items: Array<{ id: string }>) =>
  answer(text, items);
const { startSandbox } = require('../../../src/sandbox/index') as typeof import('../../../src/sandbox/index');
const { rdsExplorer } = require('../../support/rdsExplorer') as typeof import('../../support/rdsExplorer');
const { clientFor } = require('../../support/sandbox') as typeof import('../../support/sandbox');
const { waitForJob } = require('../../../src/client/rds/jobs') as typeof import('../../../src/client/rds/jobs');

let sb: Sandbox;
let x: RdsExplorer;

before(async () => {
  sb = await startSandbox({ timeScale: 10 });
  x = await rdsExplorer(sb, 'v4.0');
});

after(async () => {
  Object.assign(window, saved);
  await x?.dispose();
  await sb?.close();
});

test('an incremental Back Up Now: the toast names its base, and Reveal in Tree selects the new backup row', async () => {
  const rds = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0');
  const { dbInstances } = await rds.listDbInstances();
  const source = dbInstances.find((i) => i.dbInstanceName === 'dev-playground')!;
  // A full backup to build on, finished.
  const base = `dev-playground-base-${process.pid}`;
  const { jobId } = await rds.createBackup({
    body: { backupName: base, backupMethodType: 'FULL', dbInstanceId: source.dbInstanceId },
  });
  await waitForJob(rds, jobId, { initialDelayMs: 5, maxDelayMs: 20 });
  await rds.transport.close();

  const [profileRow] = (await x.provider.getChildren(undefined))!;
  const rdsRoot = await x.child(await x.child(profileRow, 'KR1'), 'RDS for MySQL');
  const instance = await x.child(await x.child(rdsRoot, 'DB Instances'), 'dev-playground');

  // The questions: Incremental, the base made above, the name proposed.
  const name = `dev-playground-incr-${process.pid}`;
  window.showQuickPick = async (
    items: Array<{ type?: string; id?: string; label: string }>,
    o: { placeHolder?: string },
  ) =>
    o.placeHolder === 'Backup method'
      ? items.find((i) => i.type === 'INCREMENTAL')
      : items.find((i) => i.label === base);
  window.showInputBox = async () => name;
  let toast = '';
  const done = new Promise<void>((resolve) => {
    answer = (text, items) => {
      if (!/done in/.test(text)) return undefined;
      toast = text;
      resolve();
      return items.find((i) => i.id === 'reveal');
    };
  });
  const revealed = x.nextReveal();
  await x.feature.commands['nhncloud.rds.backup'](instance);
  await done;
  assert.match(
    toast,
    new RegExp(`^Back up dev-playground as ${name}, incrementally on the base backup ${base}: done in `),
  );
  const row = await revealed;
  const backups = `${instance.id}/backups`;
  assert.ok(row.id.startsWith(`${backups}/`), `the new backup's row is selected, not ${row.id}`);
  const item = await x.provider.getTreeItem(row as never);
  assert.equal(item.label, name);
});
