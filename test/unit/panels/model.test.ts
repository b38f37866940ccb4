import { test } from 'node:test';
import { compareVersions, engineOf, newestFirst } from '../../../src/panels/model/versions';
import { offeredDbVersions } from '../../../src/client/rds/engines';
import { dbVersion } from '../../../src/client/rds/schemas';
import assert from 'node:assert/strict';
import {
  checkParameterValue,
  compareNumbers,
  parseAllowedValue,
  readOnlyReason,
} from '../../../src/panels/model/allowedValue';
import {
  compareGroups,
  diffRows,
  filterParameters,
  needsRestart,
  resetToDefaults,
  searchKeys,
  setPending,
  type Parameter,
} from '../../../src/panels/model/parameters';
import {
  confirmIssues,
  createBody,
  normalizeTime,
  prefillFromSource,
  replicateBody,
  restoreBody,
  restoreFromObsBody,
  summarize,
  withoutSecrets,
  DEFAULT_VALUES,
  WIZARD_OPERATIONS,
} from '../../../src/panels/model/instanceForm';
import { RDS_CLIENT_API_VERSIONS, rdsOperationIn } from '../../../src/client/rds/versions';
import { fieldIssues, RestoreFromObsBody } from '../../../src/client/rds/schemas';
import { ruleBody, emptyRule } from '../../../src/panels/model/rules';

test('allowedValue: ranges, lists, on/off and empty', () => {
  assert.deepEqual(parseAllowedValue('1-65535'), { kind: 'range', min: '1', max: '65535', decimal: false });
  assert.deepEqual(parseAllowedValue('[0-18446744073709551615]'), {
    kind: 'range',
    min: '0',
    max: '18446744073709551615',
    decimal: false,
  });
  assert.deepEqual(parseAllowedValue('0.0-1.5'), { kind: 'range', min: '0.0', max: '1.5', decimal: true });
  assert.deepEqual(parseAllowedValue('OFF|ON'), { kind: 'toggle', on: 'ON', off: 'OFF' });
  assert.deepEqual(parseAllowedValue('{on,off}'), { kind: 'toggle', on: 'on', off: 'off' });
  assert.deepEqual(parseAllowedValue('READ-COMMITTED|REPEATABLE-READ|SERIALIZABLE'), {
    kind: 'select',
    options: ['READ-COMMITTED', 'REPEATABLE-READ', 'SERIALIZABLE'],
  });
  assert.deepEqual(parseAllowedValue(''), { kind: 'text' });
  assert.deepEqual(parseAllowedValue(null), { kind: 'text' });
});

test('allowedValue: values are checked against the control, 64-bit bounds exactly', () => {
  const big = parseAllowedValue('0-18446744073709551615');
  assert.equal(checkParameterValue(big, '18446744073709551615'), undefined);
  assert.match(checkParameterValue(big, '18446744073709551616') ?? '', /between/);
  assert.match(checkParameterValue(big, '1.5') ?? '', /whole number/);
  assert.match(checkParameterValue(parseAllowedValue('1-10'), '0') ?? '', /between 1 and 10/);
  assert.equal(checkParameterValue(parseAllowedValue('0.0-1.5'), '1.25'), undefined);
  assert.match(checkParameterValue(parseAllowedValue('a|b|c'), 'd') ?? '', /one of a, b, c/);
  assert.equal(compareNumbers('-1.5', '-1'), -1);
  assert.ok(readOnlyReason('CONSTANT'));
  assert.ok(readOnlyReason('INIT_VARIABLE'));
  assert.equal(readOnlyReason('VARIABLE'), undefined);
});

function params(n: number): Parameter[] {
  return Array.from({ length: n }, (_, i) => ({
    parameterId: `p${i}`,
    parameterName: `param_${i}`,
    parameterFileGroup: 'mysqld',
    value: i % 3 === 0 ? 'ON' : String(i),
    defaultValue: String(i),
    allowedValue: '',
    updateType: i % 10 === 0 ? 'CONSTANT' : 'VARIABLE',
    applyType: i % 2 ? 'SESSION' : 'FILE',
  }));
}

test('parameters: filter by text, modified only and differs from default', () => {
  const ps = params(600);
  const keys = searchKeys(ps);
  let pending = setPending({}, ps[1], 'x');
  pending = setPending(pending, ps[2], 'y');
  pending = setPending(pending, ps[2], ps[2].value); // edited back: no longer pending
  assert.deepEqual(Object.keys(pending), ['p1']);
  assert.deepEqual(
    filterParameters(ps, keys, pending, { text: 'PARAM_59', modifiedOnly: false, differsFromDefault: false }),
    [59, 590, 591, 592, 593, 594, 595, 596, 597, 598, 599],
  );
  assert.deepEqual(
    filterParameters(ps, keys, pending, { text: '', modifiedOnly: true, differsFromDefault: false }),
    [1],
  );
  const differs = filterParameters(ps, keys, pending, { text: '', modifiedOnly: false, differsFromDefault: true });
  assert.equal(differs.length, 201); // every third parameter plus the pending one
});

test('parameters: diff, restart warning, reset and compare', () => {
  const ps = params(6);
  const pending = { p1: 'a', p2: 'b' };
  const rows = diffRows(ps, pending);
  assert.deepEqual(
    rows.map((r) => [r.parameterName, r.from, r.to]),
    [
      ['param_1', '1', 'a'],
      ['param_2', '2', 'b'],
    ],
  );
  assert.equal(needsRestart(rows), true);
  assert.equal(needsRestart(rows.filter((r) => r.applyType === 'SESSION')), false);
  assert.deepEqual(
    resetToDefaults(ps, (p) => p.updateType === 'VARIABLE'),
    { p3: '3' },
  );
  const other = ps.map((p) => ({ ...p, value: p.parameterName === 'param_4' ? 'Z' : p.value }));
  other.push({ ...ps[0], parameterName: 'only_right', value: '1' });
  assert.deepEqual(compareGroups(ps, other), [
    { parameterName: 'only_right', right: '1' },
    { parameterName: 'param_4', left: '4', right: 'Z' },
  ]);
});

const schedules = [{ backupWndBgnTime: '3:0', backupWndDuration: 'ONE_HOUR' }];

test('instance form: create body nests paths, converts numbers, drops HA fields when HA is off', () => {
  const body = createBody(
    {
      ...DEFAULT_VALUES,
      dbVersion: 'MYSQL_V8045',
      dbInstanceName: ' db1 ',
      dbFlavorId: 'f',
      parameterGroupId: 'pg',
      'network.subnetId': 's',
      'network.availabilityZone': 'kr-pub-a',
      'storage.storageType': 'General SSD',
      dbUserName: 'admin',
      dbPassword: ' secret ',
      dbInstanceCandidateName: 'cand',
      dbPort: 'abc',
    },
    schedules,
  );
  assert.equal(body.dbInstanceName, 'db1');
  assert.equal(body.dbPassword, ' secret ', 'passwords are sent as typed');
  assert.equal(body.dbPort, 'abc', 'a non-number stays as typed so the schema names the problem');
  assert.equal(body.dbInstanceCandidateName, undefined);
  assert.equal(body.pingInterval, undefined);
  assert.deepEqual(body.network, { subnetId: 's', availabilityZone: 'kr-pub-a', usePublicAccess: false });
  assert.deepEqual(body.storage, { storageType: 'General SSD', storageSize: 20 });
  assert.deepEqual(body.backup, {
    backupPeriod: 1,
    ftwrlWaitTimeout: 1800,
    backupRetryCount: 0,
    useBackupLock: true,
    backupSchedules: [{ backupWndBgnTime: '03:00:00', backupWndDuration: 'ONE_HOUR' }],
  });
  assert.equal(normalizeTime('25:00'), '25:00:00');
  assert.equal(normalizeTime('later'), 'later');
});

test('instance form: restore, replicate inheritance, password confirmation, masked summary', () => {
  const src = prefillFromSource(
    {
      instance: {
        dbInstanceName: 'db1',
        dbVersion: 'MYSQL_V8045',
        dbFlavorId: 'f',
        dbPort: 3307,
        parameterGroupId: 'pg',
        dbSecurityGroupIds: ['sg'],
      },
      storage: { storageType: 'General SSD', storageSize: 100 },
      backup: { backupPeriod: 7, backupSchedules: [{ backupWndBgnTime: '01:00:00', backupWndDuration: 'TWO_HOURS' }] },
      network: { availabilityZone: 'kr-pub-b', subnet: { subnetId: 's' } },
    },
    '-restored',
  );
  assert.equal(src.values.dbInstanceName, 'db1-restored');
  assert.equal(src.values.dbPort, '3307');
  const r = restoreBody(src.values, src.schedules, {
    restoreType: 'BINLOG',
    backupId: 'b',
    binLogFileName: 'mysql-bin.000001',
    binLogPosition: '42',
  });
  assert.deepEqual(r.restore, {
    restoreType: 'BINLOG',
    backupId: 'b',
    binLog: { binLogFileName: 'mysql-bin.000001', binLogPosition: 42 },
  });
  assert.equal((r.storage as any).storageSize, 100);

  const rep = replicateBody(
    {
      dbInstanceName: 'replica',
      dbFlavorId: '',
      dbPort: '',
      dbSecurityGroupIds: [],
      'network.availabilityZone': 'kr-pub-a',
      'storage.storageSize': '',
      useDeletionProtection: false,
    },
    [],
  );
  assert.deepEqual(rep, {
    dbInstanceName: 'replica',
    useDeletionProtection: false,
    network: { availabilityZone: 'kr-pub-a' },
  });

  assert.deepEqual(
    confirmIssues({ dbPassword: 'abcd', dbPasswordConfirm: 'abce' }).map((i) => i.path),
    ['dbPasswordConfirm'],
  );
  assert.deepEqual(confirmIssues({ dbPassword: 'abcd', dbPasswordConfirm: 'abcd' }), []);
  const lines = summarize({
    dbPassword: 'hunter2',
    restore: { password: 'p' },
    backup: { backupSchedules: [{ backupWndBgnTime: '01:00:00' }] },
    dbSecurityGroupIds: ['a', 'b'],
  });
  assert.ok(!JSON.stringify(lines).includes('hunter2'));
  assert.deepEqual(lines.find(([k]) => k === 'restore.password')?.[1], '••••••••');
  assert.deepEqual(lines.find(([k]) => k === 'dbSecurityGroupIds')?.[1], 'a, b');
  assert.deepEqual(Object.keys(withoutSecrets({ dbPassword: 'x', dbPasswordConfirm: 'x', a: '1' })), ['a']);
});

test('instance form on RDS API v4.0: autoscale and slow query analysis sent there only, prefilled from a v4.0 source (issue 27)', () => {
  const src = prefillFromSource(
    {
      instance: { dbInstanceName: 'db1', dbVersion: 'MYSQL_V8045', useSlowQueryAnalysis: true },
      storage: {
        storageType: 'General SSD',
        storageSize: 100,
        storageAutoscale: { useStorageAutoscale: true, threshold: 90, maxStorageSize: 500, cooldownTime: 60 },
      },
    },
    '-restored',
  );
  // The forms check with the body schema of the profile's version: every form request has one in both.
  for (const version of RDS_CLIENT_API_VERSIONS)
    for (const op of WIZARD_OPERATIONS) assert.ok(rdsOperationIn(version, op)?.body, `${op} in ${version}`);
  const choice = { restoreType: 'BACKUP', backupId: 'b' } as const;
  const v4 = restoreBody(src.values, src.schedules, choice, 'v4.0');
  assert.equal(v4.useSlowQueryAnalysis, true);
  assert.deepEqual((v4.storage as any).storageAutoscale, {
    useStorageAutoscale: true,
    threshold: 90,
    maxStorageSize: 500,
    cooldownTime: 60,
  });
  // The same values on a v3.0 profile: neither field, which v3.0's strict schema would refuse.
  const v3 = restoreBody(src.values, src.schedules, choice, 'v3.0');
  assert.equal(v3.useSlowQueryAnalysis, undefined);
  assert.deepEqual(v3.storage, { storageType: 'General SSD', storageSize: 100 });
  // Autoscale off: the switch is sent, its settings are not.
  const off = createBody({ ...DEFAULT_VALUES, 'storage.storageAutoscale.useStorageAutoscale': false }, [], 'v4.0');
  assert.deepEqual((off.storage as any).storageAutoscale, { useStorageAutoscale: false });
  // A replica's autoscale is sent only when turned on (off: the service's default, like other empty fields).
  const replica = { dbInstanceName: 'r', ...DEFAULT_VALUES, 'storage.storageSize': '' };
  assert.equal(replicateBody(replica, [], 'v4.0').storage, undefined);
  assert.deepEqual(
    (replicateBody({ ...replica, 'storage.storageAutoscale.useStorageAutoscale': true }, [], 'v4.0').storage as any)
      .storageAutoscale,
    { useStorageAutoscale: true, threshold: 80, maxStorageSize: 100, cooldownTime: 10 },
  );
});

test('rules: RuleSpec body per port type', () => {
  assert.deepEqual(ruleBody(emptyRule()), {
    direction: 'INGRESS',
    etherType: 'IPV4',
    cidr: '0.0.0.0/0',
    port: { portType: 'DB_PORT' },
  });
  assert.deepEqual(ruleBody({ ...emptyRule(), portType: 'PORT', minPort: '443', maxPort: '9' }).port, {
    portType: 'PORT',
    minPort: 443,
    maxPort: 443,
  });
  assert.deepEqual(
    ruleBody({ ...emptyRule(), portType: 'PORT_RANGE', minPort: '10', maxPort: 'x', description: ' web ' }),
    {
      direction: 'INGRESS',
      etherType: 'IPV4',
      cidr: '0.0.0.0/0',
      port: { portType: 'PORT_RANGE', minPort: 10, maxPort: 'x' },
      description: 'web',
    },
  );
});

test('restore from object storage: an empty form names each missing storage field', () => {
  const body = restoreFromObsBody({ ...DEFAULT_VALUES }, []);
  assert.equal(body.useDeletionProtection, undefined, 'restore-from-obs takes no deletion protection');
  const paths = fieldIssues(RestoreFromObsBody, body).map((i) => i.path);
  for (const f of ['tenantId', 'username', 'password', 'targetContainer', 'objectPath'])
    assert.ok(paths.includes(`restore.${f}`), `restore.${f} in ${paths.join(', ')}`);
});

test('requiredPaths: the fields a request schema requires, in the form paths fieldIssues uses (issue 25, defect 5)', () => {
  const { requiredPaths, CreateDbInstanceBody, ReplicateBody } =
    require('../../../src/client/rds/schemas') as typeof import('../../../src/client/rds/schemas');
  const create = requiredPaths(CreateDbInstanceBody);
  for (const p of [
    'parameterGroupId',
    'dbFlavorId',
    'dbPort',
    'network.subnetId',
    'network.availabilityZone',
    'dbUserName',
  ])
    assert.ok(create.has(p), `${p} is required by the create schema`);
  for (const p of ['description', 'dbSecurityGroupIds', 'useHighAvailability'])
    assert.ok(!create.has(p), `${p} is optional`);
  assert.ok(!requiredPaths(ReplicateBody).has('dbFlavorId'), 'a replica takes the source flavor when none is chosen');
});

test("engine versions are offered newest first, by the name's number or else the code's", () => {
  const sorted = newestFirst([
    { dbVersion: 'MYSQL_V5737', dbVersionName: 'MySQL 5.7.37' },
    { dbVersion: 'MYSQL_V8045', dbVersionName: 'MySQL 8.0.45' },
    { dbVersion: 'MYSQL_V8406' },
    { dbVersion: 'MYSQL_V8028', dbVersionName: 'MySQL 8.0.28' },
    { dbVersion: 'MYSQL_V8405', dbVersionName: 'MySQL 8.4.5' },
  ]);
  assert.deepEqual(
    sorted.map((v) => v.dbVersion),
    ['MYSQL_V8406', 'MYSQL_V8405', 'MYSQL_V8045', 'MYSQL_V8028', 'MYSQL_V5737'],
  );
  // RDS for MariaDB's codes without names: 11.4.7 is newer than 10.11.8 (read as 1.0.1108 before).
  assert.deepEqual(
    newestFirst([
      { dbVersion: 'MARIADB_V101108' },
      { dbVersion: 'MARIADB_V11407' },
      { dbVersion: 'MARIADB_V10330' },
    ]).map((v) => v.dbVersion),
    ['MARIADB_V11407', 'MARIADB_V101108', 'MARIADB_V10330'],
  );
});

// Issue 61: the service's list is the truth; the guides' table decides only a flag the service left out.
test('the form offers what the service lists as creatable, newest first, an engine the code never heard of included', () => {
  const listed = newestFirst([
    { dbVersion: 'MYSQL_V8018', dbVersionName: 'MySQL 8.0.18', canCreate: false, restorableFromObs: false },
    { dbVersion: 'MYSQL_V8411', dbVersionName: 'MySQL 8.4.11', canCreate: true, restorableFromObs: true },
    { dbVersion: 'MYSQL_V9001', dbVersionName: 'MySQL 9.0.1', canCreate: true, restorableFromObs: false },
    { dbVersion: 'MYSQL_V8046', dbVersionName: 'MySQL 8.0.46', canCreate: true, restorableFromObs: true },
    // The service's word beats the table: the table says 5.7.15 is creatable.
    { dbVersion: 'MYSQL_V5715', dbVersionName: 'MySQL 5.7.15', canCreate: false },
  ]);
  assert.deepEqual(
    offeredDbVersions(listed, 'create').map((v) => v.dbVersion),
    ['MYSQL_V9001', 'MYSQL_V8411', 'MYSQL_V8046'],
  );
  assert.deepEqual(
    offeredDbVersions(listed, 'obs').map((v) => v.dbVersion),
    ['MYSQL_V8411', 'MYSQL_V8046', 'MYSQL_V5715'],
  );
});

test('without the flags (an older answer) the guides table decides, and an unknown engine is still offered', () => {
  const listed = [{ dbVersion: 'MYSQL_V8033' }, { dbVersion: 'MYSQL_V8040' }, { dbVersion: 'MYSQL_V9999' }];
  assert.deepEqual(
    offeredDbVersions(listed, 'create').map((v) => v.dbVersion),
    ['MYSQL_V8040', 'MYSQL_V9999'],
  );
  assert.deepEqual(
    offeredDbVersions([{ dbVersion: 'MYSQL_V5733' }, { dbVersion: 'MYSQL_V5737' }], 'obs').map((v) => v.dbVersion),
    ['MYSQL_V5737'],
  );
});

test('a request names any engine version of the documented shape; anything else is refused with a clear message', () => {
  const version = dbVersion();
  for (const ok of ['MYSQL_V8046', 'MYSQL_V8411', 'MYSQL_V9001', 'MARIADB_V101108'])
    assert.ok(version.safeParse(ok).success, ok);
  for (const bad of ['8.0.46', 'mysql_v8046', '', 'MYSQL_8046']) {
    const r = version.safeParse(bad);
    assert.ok(!r.success, bad);
    assert.match(r.error.issues[0].message, /dbVersion must be an engine version such as MYSQL_V8046/);
  }
});

test('upgrade candidates: newer versions of the same engine by number, not by text', () => {
  const current = { dbVersion: 'MYSQL_V8046' };
  assert.ok(compareVersions({ dbVersion: 'MYSQL_V8411' }, current) > 0);
  assert.ok(compareVersions({ dbVersion: 'MYSQL_V8045' }, current) < 0);
  assert.ok(compareVersions({ dbVersion: 'MYSQL_V8409' }, { dbVersion: 'MYSQL_V8411' }) < 0, '8.4.9 < 8.4.11');
  assert.equal(engineOf('MYSQL_V8411'), 'MYSQL');
  assert.equal(engineOf('MARIADB_V101108'), 'MARIADB');
});
