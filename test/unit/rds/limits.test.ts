// Input checks of the RDS commands: the documented limits, before anything is sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  isCidr,
  normaliseTime,
  parseLocalDate,
  pluginsFor,
  ruleIssue,
  validate,
} from '../../../src/rds/commands/limits';

test('ports, passwords, user names and hosts follow the documented limits', () => {
  assert.equal(validate.dbPort('3306'), undefined);
  assert.equal(validate.dbPort('43306'), undefined);
  assert.ok(validate.dbPort('3305'));
  assert.ok(validate.dbPort('43307'));
  assert.ok(validate.dbPort('33o6'));
  assert.ok(validate.dbPassword('abc'));
  assert.equal(validate.dbPassword('abcd'), undefined);
  assert.ok(validate.dbPassword('x'.repeat(257)));
  assert.ok(validate.dbUserName(''));
  assert.ok(validate.dbUserName('x'.repeat(33)));
  assert.ok(validate.dbUserName("bob'"));
  assert.equal(validate.dbUserName('app_user'), undefined);
  assert.equal(validate.host('%'), undefined);
  assert.equal(validate.host('10.0.0.%'), undefined);
  assert.ok(validate.host('a b'));
});

test('an input box names its own field, never the API field the schema checks', () => {
  // Issue 25: "dbPassword must be 4 to 256 characters long" under a box asking for a password.
  assert.equal(validate.dbPassword('abc'), 'The password must be 4 to 256 characters long.');
  assert.equal(validate.dbPort('3305'), 'The port must be between 3306 and 43306.');
  for (const message of [validate.dbUserName(''), validate.host('x'.repeat(256)), validate.dbPort('1')])
    assert.match(String(message), /^The (user name|host|port) /);
});

test('storage cannot shrink and stays within 20 to 2048 GB; backup settings within their ranges', () => {
  assert.ok(validate.storageSize(100)('99'));
  assert.equal(validate.storageSize(100)('100'), undefined);
  assert.ok(validate.storageSize(100)('2049'));
  assert.ok(validate.storageSize(10)('19'));
  // Storage autoscale (RDS API v4.0): the guide's ranges; the ceiling not below the storage's size.
  assert.equal(validate.autoscaleThreshold('50'), undefined);
  assert.ok(validate.autoscaleThreshold('96'));
  assert.ok(validate.autoscaleThreshold('8O'));
  assert.equal(validate.autoscaleMaxSize(100)('100'), undefined);
  assert.ok(validate.autoscaleMaxSize(100)('99'));
  assert.ok(validate.autoscaleMaxSize(20)('4097'));
  assert.equal(validate.autoscaleCooldown('1440'), undefined);
  assert.ok(validate.autoscaleCooldown('9'));
  assert.equal(validate.backupPeriod('730'), undefined);
  assert.ok(validate.backupPeriod('731'));
  assert.ok(validate.ftwrlWaitTimeout('21601'));
  assert.ok(validate.backupRetryCount('11'));
  assert.ok(validate.pingInterval('0'));
  assert.equal(validate.backupStart('03:00'), undefined);
  assert.ok(validate.backupStart('24:00'));
  assert.equal(normaliseTime('3:05'), '03:05:00');
});

test('security rules: CIDRs, ports and the RuleSpec rules', () => {
  assert.ok(isCidr('10.0.0.0/24') && isCidr('0.0.0.0/0') && isCidr('2001:db8::/32'));
  assert.ok(!isCidr('10.0.0.0') && !isCidr('300.0.0.0/8') && !isCidr('10.0.0.0/33'));
  assert.ok(ruleIssue({ direction: 'EGRESS', port: { portType: 'DB_PORT' } }));
  assert.equal(ruleIssue({ direction: 'INGRESS', port: { portType: 'DB_PORT' } }), undefined);
  assert.ok(ruleIssue({ direction: 'INGRESS', port: { portType: 'PORT', minPort: 1, maxPort: 2 } }));
  assert.ok(ruleIssue({ direction: 'INGRESS', port: { portType: 'PORT_RANGE', minPort: 9, maxPort: 2 } }));
  assert.equal(validate.portRange('3306-3310'), undefined);
  assert.ok(validate.portRange('0-10'));
  assert.ok(validate.bucket('My_Bucket'));
  assert.equal(validate.bucket('db-backups'), undefined);
});

test('authentication plugins by engine version', () => {
  assert.deepEqual(pluginsFor('MYSQL_V8405'), ['CACHING_SHA2']);
  assert.deepEqual(pluginsFor('MYSQL_V8032'), ['NATIVE', 'CACHING_SHA2']);
  assert.deepEqual(pluginsFor('MYSQL_V5737'), ['NATIVE', 'SHA256']);
  assert.deepEqual(pluginsFor('MYSQL_V5726'), ['NATIVE']);
});

test('event time range: local dates become the documented DateTime form', () => {
  const from = parseLocalDate('2026-05-01 13:00');
  assert.match(from ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
  assert.equal(parseLocalDate('2026-5-1'), undefined);
  assert.ok(parseLocalDate('2026-05-01')! < parseLocalDate('2026-05-02')!);
});
