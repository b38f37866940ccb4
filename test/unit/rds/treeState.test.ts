// The pure half of the RDS tree: contextValue per kind and state (what the menus match
// exactly), instance grouping, status text, labels; Markdown escaping and the name filter.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { applyFilter, matchesFilter } from '../../../src/shared/tree/filter';
import { md, mdFields } from '../../../src/shared/tree/markdown';
import {
  formatBytes,
  groupInstances,
  instanceContextValue,
  instanceStatusView,
  versionLabel,
} from '../../../src/rds/tree/state';
import type { DbInstance } from '../../../src/rds/tree/types';
import { progressText } from '../../../src/shared/apiWords';
import { menuShows } from '../../support/menus';

const inst = (over: Partial<DbInstance>): DbInstance => ({
  dbInstanceId: over.dbInstanceId ?? 'i-1',
  dbInstanceName: 'db01',
  dbVersion: 'MYSQL_V8032',
  dbInstanceStatus: 'AVAILABLE',
  progressStatus: 'NONE',
  ...over,
});

test('contextValue: state, role and bastion, each a value of the node-kind table', () => {
  const { ALL_VALUES } =
    require('../../../src/shared/menus/nodeKinds') as typeof import('../../../src/shared/menus/nodeKinds');
  const cases: Array<[Partial<DbInstance>, number, boolean, string]> = [
    [{}, 1, false, 'rds.instance.available.primary'],
    [{ dbInstanceStatus: 'SHUTDOWN' }, 1, false, 'rds.instance.stopped.primary'],
    [{ dbInstanceStatus: 'SHUTDOWN', progressStatus: 'STARTING' }, 1, false, 'rds.instance.working.primary'],
    [
      { dbInstanceType: 'MASTER', useDeletionProtection: true, supportDbVersionUpgrade: true },
      2,
      true,
      'rds.instance.available.ha',
    ],
    [{ dbInstanceType: 'READ_ONLY_SLAVE', progressStatus: 'BACKING_UP' }, 3, false, 'rds.instance.busy.replica'],
    [{ dbInstanceType: 'CANDIDATE_MASTER' }, 2, true, 'rds.instance.available.member'],
    [{ dbInstanceType: 'FAILED_MASTER', dbInstanceStatus: 'FAIL_TO_CONNECT' }, 2, true, 'rds.instance.other.member'],
  ];
  for (const [over, groupSize, ha, want] of cases) {
    assert.equal(instanceContextValue(inst(over), { groupSize, ha }), want);
    assert.ok(ALL_VALUES.has(want), want);
  }
  assert.equal(
    instanceContextValue(inst({}), { groupSize: 1, ha: false, bastion: true }),
    'rds.instance.available.primary.bastion',
  );
});

test('menus offer only valid actions: start when stopped, promote on replicas, HA on HA primaries, upgrade where not busy', () => {
  const cv = (over: Partial<DbInstance>, groupSize = 1, ha = false) =>
    instanceContextValue(inst(over), { groupSize, ha });
  const on = (command: string) => (viewItem: string) => menuShows(command, viewItem);
  const start = on('nhncloud.rds.start');
  assert.ok(start(cv({ dbInstanceStatus: 'SHUTDOWN' })));
  assert.ok(!start(cv({})));
  assert.ok(!start(cv({ dbInstanceStatus: 'SHUTDOWN', progressStatus: 'STARTING' })), 'not while busy');
  const stop = on('nhncloud.rds.stop');
  assert.ok(stop(cv({})) && !stop(cv({ dbInstanceStatus: 'SHUTDOWN' })));
  const promote = on('nhncloud.rds.promote');
  assert.ok(promote(cv({ dbInstanceType: 'READ_ONLY_SLAVE' }, 2)));
  assert.ok(!promote(cv({ dbInstanceType: 'MASTER' }, 2)));
  const pause = on('nhncloud.rds.pauseHa');
  assert.ok(pause(cv({ dbInstanceType: 'MASTER' }, 2, true)));
  assert.ok(!pause(cv({ dbInstanceType: 'MASTER' }, 2, false)), 'master with replicas only');
  assert.ok(!pause(cv({})), 'single instance');
  const enable = on('nhncloud.rds.enableHa');
  assert.ok(enable(cv({})) && !enable(cv({ dbInstanceType: 'MASTER' }, 2, true)));
  // Whether the engine can be upgraded is no part of the row: the command says so when it cannot.
  const upgrade = on('nhncloud.rds.upgradeEngine');
  assert.ok(upgrade(cv({ supportDbVersionUpgrade: true })) && !upgrade(cv({ progressStatus: 'BACKING_UP' })));
  const clear = on('nhncloud.tree.clearFilter');
  assert.ok(clear('rds.folder.events.filtered') && !clear('rds.folder.events'));
});

test('every command of a menu is declared, and every declared command has the category', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const declared = new Set(pkg.contributes.commands.map((c: any) => c.command));
  const submenus = new Set((pkg.contributes.submenus ?? []).map((s: any) => s.id));
  for (const [menu, entries] of Object.entries(pkg.contributes.menus) as Array<[string, any[]]>) {
    for (const e of entries)
      assert.ok(
        e.submenu ? submenus.has(e.submenu) : declared.has(e.command),
        `${menu}: ${e.command ?? e.submenu} is declared`,
      );
  }
  for (const c of pkg.contributes.commands) assert.equal(c.category, 'NHN Cloud', c.command);
});

test('status: spinner and "Backing up..." while progressStatus is not NONE; colours by status', () => {
  assert.deepEqual(instanceStatusView(inst({ progressStatus: 'BACKING_UP' })), {
    spinning: true,
    colour: 'blue',
    text: 'Backing up...',
  });
  assert.deepEqual(instanceStatusView(inst({})), { spinning: false, colour: 'green', text: 'Available' });
  assert.equal(instanceStatusView(inst({ dbInstanceStatus: 'SHUTDOWN' })).colour, 'grey');
  assert.equal(instanceStatusView(inst({ dbInstanceStatus: 'FAIL_TO_CONNECT' })).colour, 'red');
  assert.equal(progressText('RESTARTING_FORCIBLY'), 'Restarting forcibly...');
  // A state the extension does not know yet is shown as the service wrote it.
  assert.equal(instanceStatusView(inst({ dbInstanceStatus: 'HIBERNATING' })).text, 'HIBERNATING');
});

test('grouping: a group with more than one member becomes a group, master first; singletons stay flat', () => {
  const entries = groupInstances(
    [
      inst({
        dbInstanceId: 'r',
        dbInstanceName: 'b-replica',
        dbInstanceGroupId: 'g1',
        dbInstanceType: 'READ_ONLY_SLAVE',
      }),
      inst({ dbInstanceId: 'm', dbInstanceName: 'b-master', dbInstanceGroupId: 'g1', dbInstanceType: 'MASTER' }),
      inst({
        dbInstanceId: 'c',
        dbInstanceName: 'b-candidate',
        dbInstanceGroupId: 'g1',
        dbInstanceType: 'CANDIDATE_MASTER',
      }),
      inst({ dbInstanceId: 's', dbInstanceName: 'a-single', dbInstanceGroupId: 'g2', dbInstanceType: 'MASTER' }),
    ],
    new Set(['g1']),
  );
  assert.equal(entries.length, 2);
  assert.equal(entries[0].kind, 'instance');
  assert.equal(entries[0].kind === 'instance' && entries[0].instance.dbInstanceName, 'a-single');
  assert.equal(entries[1].kind, 'group');
  if (entries[1].kind === 'group') {
    assert.deepEqual(
      entries[1].members.map((m) => m.dbInstanceId),
      ['m', 'c', 'r'],
    );
    assert.equal(entries[1].ha, true);
  }
});

test('labels: engine versions, sizes', () => {
  assert.equal(versionLabel('MYSQL_V8032'), 'MySQL 8.0.32');
  assert.equal(versionLabel('MYSQL_V8405'), 'MySQL 8.4.5');
  assert.equal(versionLabel('MYSQL_V5731'), 'MySQL 5.7.31');
  // RDS for MariaDB's codes: two digits of major, the patch always two.
  assert.equal(versionLabel('MARIADB_V101108'), 'MariaDB 10.11.8');
  assert.equal(versionLabel('MARIADB_V11407'), 'MariaDB 11.4.7');
  assert.equal(versionLabel('MARIADB_V10330'), 'MariaDB 10.3.30');
  assert.equal(versionLabel('MARIADB_V12303'), 'MariaDB 12.3.3');
  assert.equal(versionLabel('POSTGRES_V1601'), 'POSTGRES_V1601');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(0), '0 B');
});

test('Markdown escaping: names cannot inject HTML, links or emphasis into tooltips', () => {
  const hostile = '<img src=x onerror=alert(1)> **bold** [x](command:nhncloud.rds.deleteInstance)';
  const out = md(hostile);
  assert.ok(!out.includes('<img'), out);
  assert.ok(!/\[x\]\(command:/.test(out), out);
  assert.ok(!out.includes('**'), out);
  const fields = mdFields('<b>db</b>', [
    ['Description', '<script>x</script>'],
    ['Empty', undefined],
  ]);
  assert.ok(!fields.includes('<script>') && !fields.includes('<b>') && !fields.includes('Empty'));
});

test('name filter: every term, case-insensitive, -term excludes; unlabelled rows stay', () => {
  assert.ok(matchesFilter('Prod-DB-01', 'prod db'));
  assert.ok(!matchesFilter('Prod-DB-01', 'prod -db'));
  assert.ok(matchesFilter('anything', ''));
  const rows = [{ l: 'prod-1' }, { l: 'test-1' }, { l: undefined }];
  assert.deepEqual(
    applyFilter(rows, (r) => r.l, 'prod').map((r) => r.l),
    ['prod-1', undefined],
  );
  assert.deepEqual(applyFilter(rows, (r) => r.l, '  ').length, 3);
});
