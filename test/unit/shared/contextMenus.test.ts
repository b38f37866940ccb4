// Context menus show a command only where it can apply (issue 63: "commands that cannot apply are
// hidden"). Every `when` clause of view/item/context and of its submenus is read
// (test/support/whenClause.ts, test/support/menus.ts) against the contextValues the real node
// classes produce, in each state that matters; every command on a row kind with states must say
// here where it applies, so a new one cannot be added to every state unread. The clauses are
// exact matches (issue 65): no regular expression runs for a drawn row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';
import { holds } from '../../support/whenClause';
import { itemEntries, menuShows, menus, rowContext } from '../../support/menus';

installVscodeStub();
const { profileContextValue } =
  require('../../../src/shared/tree/explorer') as typeof import('../../../src/shared/tree/explorer');
const { floatingIpContext } =
  require('../../../src/network/tree/floatingIps') as typeof import('../../../src/network/tree/floatingIps');

const entries = itemEntries;
const shows = menuShows;

/** The states of each row kind with states, as the node classes write them. */
const PROFILE_ROWS = {
  active: profileContextValue({}, true),
  inactive: profileContextValue({}, false),
  activeSandbox: profileContextValue({ sandbox: true }, true),
  inactiveSandbox: profileContextValue({ sandbox: true }, false),
};
const fip = (over: { port_id?: string | null; delete_protection?: boolean }) =>
  floatingIpContext({ id: 'f', floating_ip_address: '1.2.3.4', floating_network_id: 'n', status: 'ACTIVE', ...over });
const FIP_ROWS = {
  attached: fip({ port_id: 'p' }),
  detached: fip({ port_id: null }),
  attachedProtected: fip({ port_id: 'p', delete_protection: true }),
  detachedProtected: fip({ port_id: null, delete_protection: true }),
};

const { instanceContextValue } = require('../../../src/rds/tree/state') as typeof import('../../../src/rds/tree/state');
const instance = (bastion: boolean, over: Record<string, unknown> = {}, connected = false) =>
  instanceContextValue(
    {
      dbInstanceId: 'i',
      dbInstanceName: 'db',
      dbInstanceStatus: 'AVAILABLE',
      dbInstanceType: 'MASTER',
      ...over,
    } as never,
    { groupSize: 1, ha: false, bastion, connected },
  );
/** DB instances with and without an SSH bastion (only the bastion commands are checked on them here). */
const INSTANCE_ROWS = {
  direct: instance(false),
  bastion: instance(true),
  busyBastion: instance(true, { progressStatus: 'BACKING_UP', useDeletionProtection: true }),
  stoppedDirect: instance(false, { dbInstanceStatus: 'SHUTDOWN' }),
  stoppedBastion: instance(true, { dbInstanceStatus: 'SHUTDOWN' }),
  startingDirect: instance(false, { dbInstanceStatus: 'SHUTDOWN', progressStatus: 'STARTING' }),
  connected: instance(false, {}, true),
  connectedBastion: instance(true, {}, true),
};
/** The commands on a session of the instance (issue 63): on a connected row only, whatever else is connected. */
const ON_SESSION = ['connected', 'connectedBastion'];

/** Per command on those rows: the states it applies to (every other state of the kind must hide it). */
const APPLIES: Record<string, { rows: Record<string, string>; in: string[] }> = {
  'nhncloud.rds.connection.clearBastion': {
    rows: INSTANCE_ROWS,
    in: ['bastion', 'busyBastion', 'stoppedBastion', 'connectedBastion'],
  },
  'nhncloud.rds.connection.disconnect': { rows: INSTANCE_ROWS, in: ON_SESSION },
  'nhncloud.rds.connection.copyUrl': { rows: INSTANCE_ROWS, in: ON_SESSION },
  'nhncloud.rds.connection.openTerminal': { rows: INSTANCE_ROWS, in: ON_SESSION },
  'nhncloud.rds.start': { rows: INSTANCE_ROWS, in: ['stoppedDirect', 'stoppedBastion'] },
  'nhncloud.rds.stop': { rows: INSTANCE_ROWS, in: ['direct', 'bastion', 'connected', 'connectedBastion'] },
  'nhncloud.rds.forceRestart': { rows: INSTANCE_ROWS, in: Object.keys(INSTANCE_ROWS) },
  'nhncloud.rds.connection.setBastion': { rows: INSTANCE_ROWS, in: Object.keys(INSTANCE_ROWS) },
  'nhncloud.profile.switch': { rows: PROFILE_ROWS, in: ['inactive', 'inactiveSandbox'] },
  'nhncloud.profile.edit': { rows: PROFILE_ROWS, in: Object.keys(PROFILE_ROWS) },
  'nhncloud.profile.remove': { rows: PROFILE_ROWS, in: Object.keys(PROFILE_ROWS) },
  'nhncloud.profile.testConnection': { rows: PROFILE_ROWS, in: Object.keys(PROFILE_ROWS) },
  'nhncloud.tree.filter': { rows: PROFILE_ROWS, in: Object.keys(PROFILE_ROWS) },
  'nhncloud.tree.refresh': { rows: { ...PROFILE_ROWS, ...FIP_ROWS }, in: Object.keys(FIP_ROWS) },
  'nhncloud.network.attachFloatingIp': { rows: FIP_ROWS, in: ['detached', 'detachedProtected'] },
  'nhncloud.network.detachFloatingIp': { rows: FIP_ROWS, in: ['attached', 'attachedProtected'] },
  'nhncloud.network.releaseFloatingIp': { rows: FIP_ROWS, in: ['attached', 'detached'] },
  'nhncloud.network.setFloatingIpLabel': { rows: FIP_ROWS, in: Object.keys(FIP_ROWS) },
  'nhncloud.network.setFloatingIpDeleteProtection': { rows: FIP_ROWS, in: Object.keys(FIP_ROWS) },
  'nhncloud.network.copyId': { rows: FIP_ROWS, in: Object.keys(FIP_ROWS) },
  'nhncloud.network.showDetails': { rows: FIP_ROWS, in: Object.keys(FIP_ROWS) },
};

test('every context-menu clause is one the reader understands (none passes unread), and none is a regular expression', () => {
  assert.ok(entries.length > 100);
  const all = [
    ...entries,
    ...Object.entries(menus)
      .filter(([k]) => k.startsWith('nhncloud.'))
      .flatMap(([, e]) => e),
  ];
  for (const e of all) {
    assert.doesNotThrow(() => holds(e.when, rowContext('x')), `${e.command ?? e.submenu}: ${e.when}`);
    assert.doesNotMatch(e.when, /viewItem\s*=~/, `${e.command ?? e.submenu}: a row matched by a regular expression`);
  }
});

test('each command only where it applies: Switch on a profile that is not active, Stop Using SSH Bastion on an instance that uses one, Attach on a detached floating IP', () => {
  for (const [command, { rows, in: states }] of Object.entries(APPLIES))
    for (const [state, viewItem] of Object.entries(rows))
      assert.equal(
        // Another instance connected sets the window-wide nhncloud.db.connected: it decides nothing here.
        shows(command, viewItem, { 'nhncloud.db.connected': true }),
        states.includes(state),
        `${command} on a ${state} row (${viewItem}) ${states.includes(state) ? 'is missing' : 'cannot apply but is shown'}`,
      );
  // None of the profile commands on a region or a service's rows.
  for (const command of Object.keys(APPLIES).filter((c) => c.startsWith('nhncloud.profile.')))
    for (const other of ['region', 'rds.root', 'network.root', FIP_ROWS.attached])
      assert.equal(shows(command, other), false, `${command} on ${other}`);
});

test('every command shown on a row kind with states says here where it applies', () => {
  const stateful = [...Object.values(PROFILE_ROWS), ...Object.values(FIP_ROWS)];
  const onThem = new Set(
    entries
      .filter((e) => !e.group?.startsWith('inline'))
      .filter((e) => e.command && stateful.some((v) => holds(e.when, rowContext(v))))
      .map((e) => e.command!),
  );
  const unsaid = [...onThem].filter((c) => !APPLIES[c]);
  assert.deepEqual(unsaid, [], 'add each to APPLIES with the states it applies to');
});
