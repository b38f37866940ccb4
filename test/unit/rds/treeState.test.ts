// The pure half of the RDS tree: contextValue per kind and state (what the menus' regexes
// match), instance grouping, status text, labels; Markdown escaping and the name filter.
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

const inst = (over: Partial<DbInstance>): DbInstance => ({
  dbInstanceId: over.dbInstanceId ?? 'i-1',
  dbInstanceName: 'db01',
  dbVersion: 'MYSQL_V8032',
  dbInstanceStatus: 'AVAILABLE',
  progressStatus: 'NONE',
  ...over,
});

test('contextValue: status, role and flags in a fixed order', () => {
  assert.equal(instanceContextValue(inst({}), { groupSize: 1, ha: false }), 'rds.instance.available.single');
  assert.equal(
    instanceContextValue(inst({ dbInstanceStatus: 'SHUTDOWN' }), { groupSize: 1, ha: false }),
    'rds.instance.shutdown.single',
  );
  assert.equal(
    instanceContextValue(
      inst({ dbInstanceType: 'MASTER', useDeletionProtection: true, supportDbVersionUpgrade: true }),
      { groupSize: 2, ha: true },
    ),
    'rds.instance.available.master.ha.protected.upgradable',
  );
  assert.equal(
    instanceContextValue(inst({ dbInstanceType: 'READ_ONLY_SLAVE', progressStatus: 'BACKING_UP' }), {
      groupSize: 3,
      ha: false,
    }),
    'rds.instance.available.replica.busy',
  );
  assert.equal(
    instanceContextValue(inst({ dbInstanceType: 'CANDIDATE_MASTER' }), { groupSize: 2, ha: true }),
    'rds.instance.available.candidate.ha',
  );
  assert.equal(
    instanceContextValue(inst({ dbInstanceType: 'FAILED_MASTER', dbInstanceStatus: 'FAIL_TO_CONNECT' }), {
      groupSize: 2,
      ha: true,
    }),
    'rds.instance.fail_to_connect.failed',
  );
});

/** The `when` regexes of package.json, read back and run against contextValues. */
function menuRegex(command: string, group?: string): RegExp {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const entry = pkg.contributes.menus['view/item/context'].find(
    (m: any) => m.command === command && (!group || m.group.startsWith(group)),
  );
  assert.ok(entry, `${command} has a context-menu entry`);
  const m = /viewItem =~ \/(.+)\/$/.exec(entry.when);
  assert.ok(m, `${command}: ${entry.when}`);
  return new RegExp(m[1]);
}

test('menus offer only valid actions: start when stopped, promote on replicas, HA on HA masters, upgrade when upgradable', () => {
  const cv = (over: Partial<DbInstance>, groupSize = 1, ha = false) =>
    instanceContextValue(inst(over), { groupSize, ha });
  const start = menuRegex('nhncloud.rds.start', '1_');
  assert.ok(start.test(cv({ dbInstanceStatus: 'SHUTDOWN' })));
  assert.ok(!start.test(cv({})));
  assert.ok(!start.test(cv({ dbInstanceStatus: 'SHUTDOWN', progressStatus: 'STARTING' })), 'not while busy');
  const stop = menuRegex('nhncloud.rds.stop', '1_');
  assert.ok(stop.test(cv({})) && !stop.test(cv({ dbInstanceStatus: 'SHUTDOWN' })));
  const promote = menuRegex('nhncloud.rds.promote');
  assert.ok(promote.test(cv({ dbInstanceType: 'READ_ONLY_SLAVE' }, 2)));
  assert.ok(!promote.test(cv({ dbInstanceType: 'MASTER' }, 2)));
  const pause = menuRegex('nhncloud.rds.pauseHa');
  assert.ok(pause.test(cv({ dbInstanceType: 'MASTER' }, 2, true)));
  assert.ok(!pause.test(cv({ dbInstanceType: 'MASTER' }, 2, false)), 'master with replicas only');
  assert.ok(!pause.test(cv({})), 'single instance');
  const enable = menuRegex('nhncloud.rds.enableHa');
  assert.ok(enable.test(cv({})) && !enable.test(cv({ dbInstanceType: 'MASTER' }, 2, true)));
  const upgrade = menuRegex('nhncloud.rds.upgradeEngine');
  assert.ok(upgrade.test(cv({ supportDbVersionUpgrade: true })) && !upgrade.test(cv({})));
  const clear = menuRegex('nhncloud.tree.clearFilter', 'z_');
  assert.ok(clear.test('rds.folder.events.filtered') && !clear.test('rds.folder.events'));
});

test('every command of a menu is declared, and every declared command has the category', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const declared = new Set(pkg.contributes.commands.map((c: any) => c.command));
  for (const [menu, entries] of Object.entries(pkg.contributes.menus) as Array<[string, any[]]>) {
    for (const e of entries) assert.ok(declared.has(e.command), `${menu}: ${e.command} is declared`);
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
