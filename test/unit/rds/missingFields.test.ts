// The live service may leave out (or send null for) any field the schemas call optional. The tree
// must still draw such a payload: no "undefined", "null" or "NaN" a person would read, and no throw.
// One test per kind of gap the typed payloads (src/rds/tree/types.ts) brought to light.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();

type Resources = typeof import('../../../src/rds/tree/backupsEvents') &
  typeof import('../../../src/rds/tree/groups') &
  typeof import('../../../src/rds/tree/catalog');
type Instance = typeof import('../../../src/rds/tree/instanceParts');
type Nodes = typeof import('../../../src/shared/tree/nodes');
type State = typeof import('../../../src/rds/tree/state');
let resources: Resources;
let instance: Instance;
let nodes: Nodes;
let state: State;
before(() => {
  resources = {
    ...require('../../../src/rds/tree/backupsEvents'),
    ...require('../../../src/rds/tree/groups'),
    ...require('../../../src/rds/tree/catalog'),
  };
  instance = require('../../../src/rds/tree/instanceParts');
  nodes = require('../../../src/shared/tree/nodes');
  state = require('../../../src/rds/tree/state');
});

/** Everything a person reads on a tree item, as one string. */
function shown(item: { label?: unknown; description?: unknown; tooltip?: unknown; contextValue?: string }): string {
  const tip =
    item.tooltip && typeof item.tooltip === 'object' && 'value' in item.tooltip ? item.tooltip.value : item.tooltip;
  return [item.label, item.description, tip, item.contextValue].map((x) => String(x ?? '')).join('\n');
}
const NO_PLACEHOLDER = /undefined|null|NaN/;
/** A folder to hang the nodes under (their ids start from it). */
const parent = () =>
  new (class extends nodes.TreeNode {
    readonly id = 'p';
    readonly label = 'p';
    getTreeItem(): never {
      throw new Error('the folder itself is not drawn here');
    }
  })();

test('a backup without name, status, type or size: labelled by its id, menus see "other", nothing undefined', () => {
  const node = new resources.BackupNode(parent(), { backupId: 'b-1' }, false);
  const item = node.getTreeItem();
  assert.equal(item.label, 'b-1');
  assert.equal(item.contextValue, 'rds.backup.other');
  // Where the product and version give a backup's details, the row says so (its menu offers them).
  assert.equal(
    new resources.BackupNode(parent(), { backupId: 'b-1' }, true).getTreeItem().contextValue,
    'rds.backup.other.details',
  );
  assert.doesNotMatch(shown(item), NO_PLACEHOLDER);
  assert.equal(state.backupLabel({ backupId: 'b-1', backupName: null }), 'b-1');
});

test('a security rule without port block or CIDR: a label with dashes, no throw', () => {
  const rule = { ruleId: 'r-1', direction: 'INGRESS', port: null, cidr: null };
  assert.doesNotMatch(resources.ruleLabel(rule), NO_PLACEHOLDER);
  const ranged = {
    ruleId: 'r-2',
    direction: 'EGRESS',
    port: { portType: 'PORT_RANGE', minPort: null },
    cidr: '10.0.0.0/8',
  };
  assert.equal(resources.ruleLabel(ranged), 'out 10.0.0.0/8 : ports ---');
  const node = new resources.SecurityRuleNode(parent(), { ruleId: 'r-3' }, 'g-1');
  const item = node.getTreeItem();
  assert.equal(item.contextValue, 'rds.securityRule.other');
  assert.doesNotMatch(shown(item), NO_PLACEHOLDER);
});

test('a DB user without host or status: no "@undefined", not a spinner forever', () => {
  const user = new instance.DbUserNode(parent(), { dbUserId: 'u-1', dbUserName: 'app', host: null });
  const u = user.getTreeItem();
  assert.equal(u.label, 'app');
  assert.equal(u.contextValue, 'rds.dbUser.other');
  assert.notEqual((u.iconPath as { id?: string }).id, 'loading~spin');
  assert.doesNotMatch(shown(u), NO_PLACEHOLDER);
});

test('figures the service left out read as a dash (flavor, instance status, parameter file)', () => {
  assert.equal(resources.flavorDescription({ vcpus: 2 }), '2 vCPU · - GB RAM');
  assert.equal(resources.flavorDescription({ vcpus: null, ram: 4096 }), '- vCPU · 4 GB RAM');
  assert.equal(state.instanceStatusView({}).text, '-');
  assert.equal(
    resources.parameterFileLine({ parameterFileGroup: null, fileParameterName: 'max_connections' }),
    'max_connections',
  );
  assert.equal(resources.parameterFileLine({ parameterFileGroup: 'MYSQLD', fileParameterName: null }), undefined);
  assert.equal(state.orDash(0), '0');
});

test('metrics: a trailing null sample is not "the latest value"', () => {
  assert.deepEqual(
    instance.latestValue([
      [1, '5'],
      [2, null],
    ]),
    [1, '5'],
  );
  assert.equal(instance.latestValue([[1, null]]), undefined);
});
