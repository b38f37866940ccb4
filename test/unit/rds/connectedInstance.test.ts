// A DB instance with a live database session (issue 63, rough edges: "Connect offers to open a
// console and marks the instance as connected"; "a reconnect clears the 'connection has ended'
// toast"), with the explorer and the RDS feature over the sandbox and a real MariaDB behind the
// session: the row says "connected", its hover names the user, its menu offers Disconnect only
// then; Connect... run by the console on its way says so (no second console offered); every
// "has ended" goes through the notices that the next session of the same id closes.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { installVscodeStub, messages, stubVscode } from '../../support/vscodeStub';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../../support/mariadb.mjs';
import { menuShows } from '../../support/menus';
import type { Sandbox } from '../../../src/sandbox/index';
import type { RdsExplorer } from '../../support/rdsExplorer';

installVscodeStub();
const { startSandbox } = require('../../../src/sandbox/index') as typeof import('../../../src/sandbox/index');
const { rdsExplorer } = require('../../support/rdsExplorer') as typeof import('../../support/rdsExplorer');
const { wrapCommand } = require('../../../src/shared/commands') as typeof import('../../../src/shared/commands');
const { Redactor } = require('../../../src/client/http/redact') as typeof import('../../../src/client/http/redact');
// Required in the tests that use them, so that each test fails on its own on code without them.
const endedNotices = () =>
  require('../../../src/database/connection/endedNotices') as typeof import('../../../src/database/connection/endedNotices');
const connectChoices = () =>
  require('../../../src/database/connection/connectChoices') as typeof import('../../../src/database/connection/connectChoices');

const PASSWORD = 'Sentinel-Connected-5b1e';
let db: MariaDb;
let sb: Sandbox;
let x: RdsExplorer;
let instance: any;

before(async () => {
  const missing = mariaDbMissing();
  if (missing) throw new Error(missing);
  [db, sb] = await Promise.all([startMariaDb(), startSandbox({ timeScale: 10 })]);
  await db.sql(`CREATE USER 'app'@'%' IDENTIFIED BY '${PASSWORD}'; GRANT ALL ON *.* TO 'app'@'%';`);
  x = await rdsExplorer(sb, 'v3.0');
  const [profileRow] = (await x.provider.getChildren(undefined))!;
  const rdsRoot = await x.child(await x.child(profileRow, 'KR1'), 'RDS for MySQL');
  instance = await x.child(await x.child(rdsRoot, 'DB Instances'), 'dev-playground');
});

after(async () => {
  await x?.dispose();
  await Promise.all([sb?.close(), db?.stop()]);
});

/** A session of dev-playground as `app`, on the MariaDB (as Connect... opens it). */
const open = () =>
  x.feature.sessions.open({
    target: {
      profileId: x.profileId,
      region: 'KR1',
      instanceId: instance.data.dbInstanceId,
      instanceName: 'dev-playground',
      instanceNodeId: instance.id,
    },
    user: 'app',
    password: PASSWORD,
    endpoint: { host: db.host, port: db.port, kind: 'public' },
  });

const hover = async () => String((await instance.resolveTooltip()).value);

test('the instance row says "connected" while a session of it lives: description, hover, Disconnect; redrawn at its start and end', async () => {
  const before = await x.provider.getTreeItem(instance);
  assert.doesNotMatch(String(before.description), /connected/);
  assert.equal((before.iconPath as { id?: string }).id, 'database');
  assert.doesNotMatch(await hover(), /Connected as/);
  // Another instance's session made the old menu offer Disconnect here (the window-wide key).
  assert.equal(
    menuShows('nhncloud.rds.connection.disconnect', before.contextValue!, { 'nhncloud.db.connected': true }),
    false,
  );

  const redrawnBefore = x.redrawn.length;
  const session = await open();
  assert.ok(x.redrawn.slice(redrawnBefore).includes(instance), 'the row is redrawn when its session opens');
  const item = await x.provider.getTreeItem(instance);
  assert.match(String(item.description), /^Available · connected · /);
  // Seen at any width: the description's "connected" is cut at the default sidebar width.
  assert.equal((item.iconPath as { id?: string }).id, 'plug');
  assert.match(item.contextValue!, /\.connected$/);
  for (const command of ['disconnect', 'copyUrl', 'openTerminal'])
    assert.equal(menuShows(`nhncloud.rds.connection.${command}`, item.contextValue!), true, command);
  assert.match(await hover(), /Connected as: app/);

  const redrawnOpen = x.redrawn.length;
  await session.end();
  assert.ok(x.redrawn.slice(redrawnOpen).includes(instance), 'the row is redrawn when its last session ends');
  const after = await x.provider.getTreeItem(instance);
  assert.doesNotMatch(String(after.description), /connected/);
  assert.equal((after.iconPath as { id?: string }).id, 'database');
  assert.equal(menuShows('nhncloud.rds.connection.disconnect', after.contextValue!), false);
});

test('"has ended" from a command is a notice, not an error, and the next Connect of that session closes it', async () => {
  const session = await open();
  await session.end();
  const redactor = new Redactor();
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} } as never;
  const shownBefore = messages.length;
  const ended = await session.connect().catch((e: unknown) => e);
  assert.ok(endedNotices().isSessionEndedError(ended), 'an ended session says so with its id');
  await wrapCommand('test.useEndedSession', () => session.connect(), { log, redactor })();
  assert.deepEqual(messages.slice(shownBefore), [], 'no error toast that no Connect can take back');
  assert.deepEqual(x.feature.sessions.notices.showing(), [session.id]);
  // One notice per session, however many commands meet its end.
  await wrapCommand('test.useEndedSession', () => session.connect(), { log, redactor })();
  assert.deepEqual(x.feature.sessions.notices.showing(), [session.id]);

  const again = await open();
  assert.deepEqual(x.feature.sessions.notices.showing(), [], 'connecting again as the same user closed it');
  await again.end();
});

test('Open Console with nothing connected runs Connect... as part of itself (no console offered twice); the tree and palette do not', async () => {
  const commands = stubVscode.commands as Record<string, unknown>;
  const saved = commands.executeCommand;
  const calls: unknown[][] = [];
  commands.executeCommand = async (...args: unknown[]) => void calls.push(args);
  try {
    await x.feature.commands['nhncloud.rds.query.openConsole'](instance);
  } finally {
    commands.executeCommand = saved;
  }
  const { isConnectForCommand, CONNECT_FOR_COMMAND } = connectChoices();
  const connects = calls.filter((c) => c[0] === 'nhncloud.rds.connection.connect');
  assert.equal(connects.length, 1);
  assert.equal(connects[0][1], instance);
  assert.equal(isConnectForCommand(connects[0][2]), true);
  assert.equal(isConnectForCommand(CONNECT_FOR_COMMAND), true);
  // A context menu hands the row and the selected rows; the palette nothing.
  assert.equal(isConnectForCommand([instance]), false);
  assert.equal(isConnectForCommand(undefined), false);
});

/**
 * Where the text that a database connection ended is written in src: each must go to the notices
 * (sessions.notices.show, or a SessionEndedError the command wrapper hands them), never straight
 * to a message VS Code cannot take back.
 */
const ENDED = /['"`][^'"`\n]*\bhas ended\b[^'"`\n]*['"`]/g;
/** Said elsewhere than in a notification, with the reason. */
const NOT_NOTIFICATIONS: Record<string, string> = {
  'src/database/sqlAssist/provider.ts': "a content provider's failure: the editor shows it in place of the CREATE text",
};
/** The calls that may carry it, and the ones that show a notification of their own. */
const NOTICE = /(new SessionEndedError\(|notices\.show\()/g;
const DIRECT = /(show(Information|Warning|Error)Message\(|askAction\(|new Error\(|setStatusBarMessage\()/g;

test('every "has ended" of a database connection in src goes through the ended notices', () => {
  const root = join(__dirname, '..', '..', '..');
  const src = join(root, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .filter((f) => !relative(src, f).startsWith('sandbox'));
  const found: string[] = [];
  const wrong: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const name = relative(root, file);
    for (const m of text.matchAll(ENDED)) {
      const line = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index).trim();
      if (!/connection/i.test(m[0]) || /^(\/\/|\*|\/\*)/.test(line)) continue; // a comment
      found.push(name);
      if (NOT_NOTIFICATIONS[name]) continue;
      // The nearest call before the text that would carry it must be a notice.
      const before = text.slice(Math.max(0, m.index! - 400), m.index);
      const direct = [...before.matchAll(DIRECT)].at(-1)?.index ?? -1;
      const notice = [...before.matchAll(NOTICE)].at(-1)?.index ?? -1;
      if (notice < 0 || direct > notice) wrong.push(`${name}: ${m[0]}`);
    }
  }
  assert.ok(
    found.includes('src/database/connection/console.ts') && found.includes('src/database/connection/sessions.ts'),
  );
  assert.deepEqual(wrong, [], 'show these through sessions.notices (src/database/connection/endedNotices.ts)');
});
