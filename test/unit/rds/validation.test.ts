// Every documented limit is refused before anything is sent, with a message that names the
// field and the rule. The server counts requests: it must see none for a refused call.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isValidationError, type ValidationError } from '../../../src/client/errors';
import type { RdsClient } from '../../../src/client/rds/client';
import type { RdsOperationName } from '../../../src/client/rds/api';
import { dbUserHost } from '../../../src/client/rds/schemas';
import { makeClient, ok, startServer, type TestServer } from '../../support/rdsServer';

const ID = '3b1c7d4e-0000-4000-8000-000000000001';
const instanceSpec = () => ({
  dbInstanceName: 'db1',
  dbFlavorId: ID,
  dbPort: 3306,
  parameterGroupId: ID,
  network: { subnetId: ID, availabilityZone: 'kr-pub-a' },
  storage: { storageType: 'General SSD', storageSize: 20 },
  backup: {
    backupPeriod: 1,
    backupSchedules: [{ backupWndBgnTime: '03:00:00', backupWndDuration: 'ONE_HOUR' as const }],
  },
});
const createBody = () => ({ ...instanceSpec(), dbVersion: 'MYSQL_V8032', dbUserName: 'admin', dbPassword: 'secret1' });
const target = () => ({ tenantId: 't', username: 'u', password: 'p', targetContainer: 'c', objectPath: 'o/' });
const rule = (over: Record<string, unknown> = {}, port: Record<string, unknown> = { portType: 'DB_PORT' }) => ({
  direction: 'INGRESS',
  etherType: 'IPV4',
  cidr: '10.0.0.0/24',
  port,
  ...over,
});
const events = (over: Record<string, unknown> = {}) => ({
  page: 1,
  size: 10,
  from: '2024-01-01T00:00:00+09:00',
  to: '2024-01-02T00:00:00+09:00',
  eventCategoryType: 'ALL',
  ...over,
});

interface Case {
  title: string;
  op: RdsOperationName;
  input: Record<string, unknown>;
  opts?: Record<string, unknown>;
  path: string;
  message: RegExp;
}
const inst = { dbInstanceId: ID };
const sg = { dbSecurityGroupId: ID };
const cases: Case[] = [
  {
    title: 'dbPort below 3306 (create)',
    op: 'createDbInstance',
    input: { body: { ...createBody(), dbPort: 3305 } },
    path: 'dbPort',
    message: /dbPort must be between 3306 and 43306/,
  },
  {
    title: 'dbPort above 43306 (modify)',
    op: 'modifyDbInstance',
    input: { ...inst, body: { dbPort: 43307 } },
    path: 'dbPort',
    message: /dbPort must be between 3306 and 43306/,
  },
  {
    title: 'dbPort not a whole number (replicate)',
    op: 'replicateDbInstance',
    input: { ...inst, body: { dbInstanceName: 'r', dbPort: 3306.5, network: { availabilityZone: 'kr-pub-a' } } },
    path: 'dbPort',
    message: /dbPort must be between 3306 and 43306/,
  },
  {
    title: 'dbPort of restore-from-backup',
    op: 'restoreFromBackup',
    input: { backupId: ID, body: { ...instanceSpec(), dbPort: 1 } },
    path: 'dbPort',
    message: /dbPort must be between/,
  },
  {
    title: 'storageSize below 20',
    op: 'createDbInstance',
    input: { body: { ...createBody(), storage: { storageType: 'General SSD', storageSize: 19 } } },
    path: 'storage.storageSize',
    message: /storageSize must be between 20 and 2048/,
  },
  {
    title: 'storageSize above 2048 (resize)',
    op: 'modifyStorageInfo',
    input: { ...inst, body: { storageSize: 2049 } },
    path: 'storageSize',
    message: /storageSize must be between 20 and 2048/,
  },
  {
    title: 'storageSize below the current size',
    op: 'modifyStorageInfo',
    input: { ...inst, body: { storageSize: 50 } },
    opts: { currentStorageSize: 100 },
    path: 'storageSize',
    message: /at least the current size \(100 GB\)/,
  },
  {
    title: 'storageSize of a replica',
    op: 'replicateDbInstance',
    input: {
      ...inst,
      body: { dbInstanceName: 'r', network: { availabilityZone: 'a' }, storage: { storageSize: 4096 } },
    },
    path: 'storage.storageSize',
    message: /storageSize must be between 20 and 2048/,
  },
  {
    title: 'instance password too short',
    op: 'createDbInstance',
    input: { body: { ...createBody(), dbPassword: 'abc' } },
    path: 'dbPassword',
    message: /dbPassword must be 4 to 256 characters long/,
  },
  {
    title: 'DB user password too long',
    op: 'createDbUser',
    input: { ...inst, body: { dbUserName: 'u', dbPassword: 'x'.repeat(257), host: '%', authorityType: 'READ' } },
    path: 'dbPassword',
    message: /dbPassword must be 4 to 256/,
  },
  {
    title: 'modified password too short',
    op: 'modifyDbUser',
    input: { ...inst, dbUserId: ID, body: { dbPassword: 'abc' } },
    path: 'dbPassword',
    message: /dbPassword must be 4 to 256/,
  },
  {
    title: 'user name empty',
    op: 'createDbUser',
    input: { ...inst, body: { dbUserName: '', dbPassword: 'abcd', host: '%', authorityType: 'READ' } },
    path: 'dbUserName',
    message: /dbUserName must be 1 to 32 characters long/,
  },
  {
    title: 'user name too long',
    op: 'createDbUser',
    input: { ...inst, body: { dbUserName: 'u'.repeat(33), dbPassword: 'abcd', host: '%', authorityType: 'READ' } },
    path: 'dbUserName',
    message: /dbUserName must be 1 to 32/,
  },
  {
    title: 'host pattern with a space',
    op: 'createDbUser',
    input: { ...inst, body: { dbUserName: 'u', dbPassword: 'abcd', host: '10.0 .0.1', authorityType: 'READ' } },
    path: 'host',
    message: /host must be a host pattern/,
  },
  {
    title: 'backupPeriod above 730',
    op: 'modifyBackupInfo',
    input: { ...inst, body: { backupPeriod: 731 } },
    path: 'backupPeriod',
    message: /backupPeriod must be between 0 and 730/,
  },
  {
    title: 'ftwrlWaitTimeout above 21600',
    op: 'modifyBackupInfo',
    input: { ...inst, body: { ftwrlWaitTimeout: 21601 } },
    path: 'ftwrlWaitTimeout',
    message: /ftwrlWaitTimeout must be between 0 and 21600/,
  },
  {
    title: 'backupRetryCount above 10',
    op: 'modifyBackupInfo',
    input: { ...inst, body: { backupRetryCount: 11 } },
    path: 'backupRetryCount',
    message: /backupRetryCount must be between 0 and 10/,
  },
  {
    title: 'backupWndBgnTime not hh:mm:ss',
    op: 'modifyBackupInfo',
    input: { ...inst, body: { backupSchedules: [{ backupWndBgnTime: '24:00:00', backupWndDuration: 'ONE_HOUR' }] } },
    path: 'backupSchedules[0].backupWndBgnTime',
    message: /backupWndBgnTime must be a time of day in hh:mm:ss form/,
  },
  {
    title: 'backup schedule without a duration',
    op: 'modifyBackupInfo',
    input: { ...inst, body: { backupSchedules: [{ backupWndBgnTime: '01:00:00' }] } },
    path: 'backupSchedules[0].backupWndDuration',
    message: /backupWndDuration is required/,
  },
  {
    title: 'backup block without backupPeriod (create)',
    op: 'createDbInstance',
    input: { body: { ...createBody(), backup: { backupSchedules: [] } } },
    path: 'backup.backupPeriod',
    message: /backupPeriod is required/,
  },
  {
    title: 'pingInterval 0',
    op: 'setHighAvailability',
    input: { ...inst, body: { useHighAvailability: true, pingInterval: 0 } },
    path: 'pingInterval',
    message: /pingInterval must be between 1 and 600/,
  },
  {
    title: 'pingInterval 601 (create)',
    op: 'createDbInstance',
    input: { body: { ...createBody(), pingInterval: 601 } },
    path: 'pingInterval',
    message: /pingInterval must be between 1 and 600/,
  },
  {
    title: 'backups page 0',
    op: 'listBackups',
    input: { query: { page: 0, size: 10 } },
    path: 'page',
    message: /page must be at least 1/,
  },
  {
    title: 'backups size 101',
    op: 'listBackups',
    input: { query: { page: 1, size: 101 } },
    path: 'size',
    message: /size must be between 1 and 100/,
  },
  {
    title: 'events size 0',
    op: 'listEvents',
    input: { query: events({ size: 0 }) },
    path: 'size',
    message: /size must be between 1 and 100/,
  },
  {
    title: 'events without from',
    op: 'listEvents',
    input: { query: events({ from: undefined }) },
    path: 'from',
    message: /from is required/,
  },
  {
    title: 'DB_PORT rule with ports',
    op: 'createDbSecurityGroupRule',
    input: { ...sg, body: rule({}, { portType: 'DB_PORT', minPort: 3306, maxPort: 3306 }) },
    path: 'port',
    message: /must be empty when port.portType is DB_PORT/,
  },
  {
    title: 'DB_PORT rule for EGRESS',
    op: 'createDbSecurityGroupRule',
    input: { ...sg, body: rule({ direction: 'EGRESS' }) },
    path: 'port.portType',
    message: /DB_PORT cannot be used with direction EGRESS/,
  },
  {
    title: 'PORT rule with min != max',
    op: 'modifyDbSecurityGroupRule',
    input: { ...sg, ruleId: ID, body: rule({}, { portType: 'PORT', minPort: 80, maxPort: 81 }) },
    path: 'port.maxPort',
    message: /maxPort must equal port.minPort/,
  },
  {
    title: 'PORT_RANGE with min > max',
    op: 'createDbSecurityGroupRule',
    input: { ...sg, body: rule({}, { portType: 'PORT_RANGE', minPort: 90, maxPort: 80 }) },
    path: 'port.maxPort',
    message: /maxPort must not be below port.minPort/,
  },
  {
    title: 'minPort 0',
    op: 'createDbSecurityGroupRule',
    input: { ...sg, body: rule({}, { portType: 'PORT_RANGE', minPort: 0, maxPort: 80 }) },
    path: 'port.minPort',
    message: /port.minPort must be between 1 and 65535/,
  },
  {
    title: 'maxPort 65536',
    op: 'createDbSecurityGroupRule',
    input: { ...sg, body: rule({}, { portType: 'PORT_RANGE', minPort: 1, maxPort: 65536 }) },
    path: 'port.maxPort',
    message: /port.maxPort must be between 1 and 65535/,
  },
  {
    title: 'cidr not a CIDR',
    op: 'createDbSecurityGroupRule',
    input: { ...sg, body: rule({ cidr: '10.0.0.300/24' }) },
    path: 'cidr',
    message: /cidr must be an IPv4 CIDR/,
  },
  {
    title: 'IPv6 cidr with etherType IPV4',
    op: 'createDbSecurityGroup',
    input: { body: { dbSecurityGroupName: 'g', rules: [rule({ cidr: '::/0' })] } },
    path: 'rules[0].cidr',
    message: /matching etherType IPV4/,
  },
  {
    title: 'authenticationPlugin without dbPassword',
    op: 'modifyDbUser',
    input: { ...inst, dbUserId: ID, body: { authenticationPlugin: 'CACHING_SHA2' } },
    path: 'dbPassword',
    message: /dbPassword is required when authenticationPlugin changes/,
  },
  {
    title: 'plugin the engine lacks',
    op: 'createDbInstance',
    input: { body: { ...createBody(), dbVersion: 'MYSQL_V8405', authenticationPlugin: 'NATIVE' } },
    path: 'authenticationPlugin',
    message: /authenticationPlugin must be one of CACHING_SHA2 for MYSQL_V8405/,
  },
  {
    // Without a restoreYmdt a TIMESTAMP restore goes to the latest point (the guide makes it optional).
    title: 'TIMESTAMP restore to a time that is no date and time',
    op: 'restoreDbInstance',
    input: { ...inst, body: { ...instanceSpec(), restore: { restoreType: 'TIMESTAMP', restoreYmdt: 'yesterday' } } },
    path: 'restore.restoreYmdt',
    message: /restoreYmdt must be a date and time/,
  },
  {
    title: 'BINLOG restore without binLog',
    op: 'restoreDbInstance',
    input: { ...inst, body: { ...instanceSpec(), restore: { restoreType: 'BINLOG', backupId: ID } } },
    path: 'restore.binLog',
    message: /restore.binLog is required when restoreType is BINLOG/,
  },
  {
    title: 'BACKUP restore without backupId',
    op: 'restoreDbInstance',
    input: { ...inst, body: { ...instanceSpec(), restore: { restoreType: 'BACKUP' } } },
    path: 'restore.backupId',
    message: /restore.backupId is required when restoreType is BACKUP/,
  },
  {
    title: 'last query TIMESTAMP without restoreYmdt',
    op: 'getLastQuery',
    input: { ...inst, query: { restoreType: 'TIMESTAMP' } },
    path: 'restoreYmdt',
    message: /restoreYmdt is required when restoreType is TIMESTAMP/,
  },
  {
    title: 'last query BINLOG without position',
    op: 'getLastQuery',
    input: { ...inst, query: { restoreType: 'BINLOG', backupId: ID, binLogFileName: 'mysql-bin.000001' } },
    path: 'binLogPosition',
    message: /binLogPosition is required when restoreType is BINLOG/,
  },
  {
    title: 'no log file names',
    op: 'exportLogFiles',
    input: { ...inst, body: { logFileNames: [], ...target() } },
    path: 'logFileNames',
    message: /logFileNames must name at least one log file/,
  },
  {
    title: 'no measure names',
    op: 'getMetricStatistics',
    input: { query: { dbInstanceId: ID, measureNames: [], from: '2024-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z' } },
    path: 'measureNames',
    message: /measureNames must name at least one metric/,
  },
  {
    title: 'InstanceSpec without dbInstanceName',
    op: 'restoreFromBackup',
    input: { backupId: ID, body: { ...instanceSpec(), dbInstanceName: undefined } },
    path: 'dbInstanceName',
    message: /dbInstanceName is required/,
  },
  {
    title: 'InstanceSpec without network.subnetId',
    op: 'createDbInstance',
    input: { body: { ...createBody(), network: { availabilityZone: 'kr-pub-a' } } },
    path: 'network.subnetId',
    message: /network.subnetId is required/,
  },
  {
    title: 'object storage target without password',
    op: 'exportBackup',
    input: { backupId: ID, body: { ...target(), password: undefined } },
    path: 'password',
    message: /password is required/,
  },
  {
    title: 'empty object path',
    op: 'backupDbInstanceToObjectStorage',
    input: { ...inst, body: { ...target(), objectPath: '' } },
    path: 'objectPath',
    message: /objectPath must not be empty/,
  },
  {
    title: 'restore-from-obs without a target container',
    op: 'restoreFromObjectStorage',
    input: { body: { ...instanceSpec(), dbVersion: 'MYSQL_V8032', restore: { ...target(), targetContainer: '' } } },
    path: 'restore.targetContainer',
    message: /targetContainer must not be empty/,
  },
  {
    title: 'no rule ids',
    op: 'deleteDbSecurityGroupRules',
    input: { ...sg, query: { ruleIds: [] } },
    path: 'ruleIds',
    message: /ruleIds must name at least one rule/,
  },
  { title: 'missing body', op: 'backupDbInstance', input: { ...inst }, path: 'body', message: /the body is required/ },
  { title: 'missing query', op: 'listBackups', input: {}, path: 'query', message: /the query is required/ },
  {
    title: 'missing path parameter',
    op: 'getDbInstance',
    input: {},
    path: 'dbInstanceId',
    message: /dbInstanceId is required/,
  },
  {
    title: 'a misspelt field is refused, not dropped',
    op: 'createDbSchema',
    input: { ...inst, body: { dbSchemaName: 'app', dbSchemaNmae: 'app' } },
    path: 'dbSchemaNmae',
    message: /dbSchemaNmae is not a field of this request \(misspelt\?\)/,
  },
  {
    title: 'a misspelt nested field is refused',
    op: 'createDbInstance',
    input: { body: { ...createBody(), network: { subnetId: ID, availabilityZone: 'kr-pub-a', subnetID: ID } } },
    path: 'network.subnetID',
    message: /network\.subnetID is not a field of this request/,
  },
  {
    title: 'memberIds left out without selectAllYN',
    op: 'createUserGroup',
    input: { body: { userGroupName: 'ops' } },
    path: 'memberIds',
    message: /memberIds is required unless selectAllYN is true/,
  },
];

describe('RDS limits are refused before sending', () => {
  let server: TestServer;
  let rds: RdsClient;
  before(async () => {
    server = await startServer(() => ok({ jobId: ID }));
    rds = makeClient(server.url);
  });
  after(async () => {
    await rds.transport.close();
    await server.close();
  });

  for (const c of cases) {
    test(c.title, async () => {
      const sent = server.requests.length;
      const err = await (rds.call(c.op, c.input as never, c.opts) as Promise<unknown>).then(
        () => assert.fail('the call was not refused'),
        (e: unknown) => e,
      );
      assert.ok(isValidationError(err), `expected a ValidationError, got ${String(err)}`);
      const issue = (err as ValidationError).issues.find((i) => i.path === c.path);
      assert.ok(issue, `no issue at ${c.path}: ${JSON.stringify((err as ValidationError).issues)}`);
      assert.match(issue.message, c.message);
      assert.equal((err as ValidationError).operation, `rds.${c.op}`);
      assert.equal(server.requests.length, sent, 'nothing may be sent');
    });
  }

  test('valid input within every limit is sent (the same bodies at their edges)', async () => {
    const sent = server.requests.length;
    const edge = {
      ...createBody(),
      dbPort: 43306,
      pingInterval: 600,
      dbPassword: 'x'.repeat(256),
      storage: { storageType: 'General SSD', storageSize: 2048 },
    };
    await rds.createDbInstance({ body: edge });
    await rds.createDbUser({
      dbInstanceId: ID,
      body: { dbUserName: 'u'.repeat(32), dbPassword: 'abcd', host: '10.0.%', authorityType: 'DDL' },
    });
    await rds.modifyBackupInfo({
      dbInstanceId: ID,
      body: { backupPeriod: 730, ftwrlWaitTimeout: 21600, backupRetryCount: 10 },
    });
    await rds.createDbSecurityGroupRule({
      dbSecurityGroupId: ID,
      body: {
        direction: 'INGRESS',
        etherType: 'IPV6',
        cidr: '2001:db8::/32',
        port: { portType: 'PORT', minPort: 443, maxPort: 443 },
      },
    });
    await rds.modifyStorageInfo({ dbInstanceId: ID, body: { storageSize: 100 } }, { currentStorageSize: 100 });
    await rds.restoreDbInstance({
      dbInstanceId: ID,
      body: {
        ...instanceSpec(),
        restore: {
          restoreType: 'BINLOG',
          backupId: ID,
          binLog: { binLogFileName: 'mysql-bin.000003', binLogPosition: 1234 },
        },
      },
    });
    assert.equal(server.requests.length - sent, 6);
    assert.equal(JSON.parse(server.requests[sent].body).dbPort, 43306);
  });

  test('host patterns: what is accepted', () => {
    for (const h of [
      '%',
      '10.0.0.1',
      '10.0.%',
      '192.168.0._',
      '%.example.com',
      'db-1.example.com',
      '10.0.0.0/255.255.0.0',
      '2001:db8::1',
    ])
      assert.ok(dbUserHost.safeParse(h).success, h);
    for (const h of ['', 'a b', "x'y", 'u@h', 'a\\b', 'h'.repeat(256)])
      assert.ok(!dbUserHost.safeParse(h).success, JSON.stringify(h));
  });
});
