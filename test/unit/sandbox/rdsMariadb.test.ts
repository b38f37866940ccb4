// RDS for MariaDB in the sandbox through the real client (issue 65): its own host (`/rdsMariadb`)
// and app key, its engines and seeded instances, a create with a MariaDB engine and the ED25519
// plugin, and v4.0 with the product's release (no binary logs) and permissions (RDSforMariaDB).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { resolveEndpoint } from '../../../src/client/endpoints';
import { AuthError } from '../../../src/client/errors';
import { Redactor } from '../../../src/client/http/redact';
import { Transport } from '../../../src/client/http/transport';
import { productV4Release, RDS_PRODUCTS, type RdsProductId } from '../../../src/client/products';
import { RdsClient } from '../../../src/client/rds/client';
import { jobResourceId } from '../../../src/client/rds/jobs';
import { OAuthTokenClient, oauthBaseUrl } from '../../../src/client/rds/oauthToken';
import type { RdsClientApiVersion } from '../../../src/client/rds/versions';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { waitJob } from '../../support/sandbox';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox({ timeScale: 5 });
});
after(async () => {
  await sb?.close();
});

/** A client as the extension builds one (src/shared/clients.ts) from the sandbox's profile. */
function client(product: RdsProductId, apiVersion: RdsClientApiVersion = 'v3.0', role: 'ADMIN' | 'VIEWER' = 'ADMIN') {
  const profile = sb.sandboxProfile({ role });
  const s = profile.secrets;
  const transport = new Transport({ userAgent: 'test', redactor: new Redactor() });
  return new RdsClient({
    baseUrl: resolveEndpoint({
      cloud: 'public',
      service: RDS_PRODUCTS[product].service,
      region: 'KR1',
      overrides: profile.endpoints,
    }),
    credentials: {
      appKey: s[RDS_PRODUCTS[product].appKeyField]!,
      accessKeyId: s.rdsAccessKeyId!,
      secretAccessKey: s.rdsSecretAccessKey!,
    },
    transport,
    apiVersion,
    product,
    v4Release: productV4Release(product, 'public'),
    tokens:
      apiVersion === 'v4.0'
        ? new OAuthTokenClient({
            baseUrl: oauthBaseUrl('public', profile.endpoints),
            accessKeyId: s.rdsAccessKeyId!,
            secretAccessKey: s.rdsSecretAccessKey!,
            transport,
          })
        : undefined,
  });
}

test('the sandbox profile names MariaDB’s host and app key; its instances and engines are MariaDB’s', async () => {
  const profile = sb.sandboxProfile();
  assert.match(profile.endpoints.rdsMariadb, /\/rdsMariadb\/\{region\}$/);
  assert.ok(profile.secrets.rdsMariadbAppKey && profile.secrets.rdsMariadbAppKey !== profile.secrets.rdsAppKey);
  const rds = client('mariadb');
  const { dbInstances } = await rds.listDbInstances();
  assert.deepEqual(dbInstances.map((i) => i.dbInstanceName).sort(), ['maria-analytics', 'maria-shop']);
  assert.ok(dbInstances.every((i) => i.dbVersion?.startsWith('MARIADB_V')));
  const { dbVersions } = await rds.listDbVersions();
  assert.ok(dbVersions.length > 0 && dbVersions.every((v) => v.dbVersion.startsWith('MARIADB_V')));
  // MySQL's service still lists MySQL's.
  const mysql = await client('mysql').listDbInstances();
  assert.ok(mysql.dbInstances.every((i) => !i.dbVersion?.startsWith('MARIADB_V')));
});

test('MySQL’s app key does not open MariaDB’s service', async () => {
  const s = sb.sandboxProfile().secrets;
  const wrong = new RdsClient({
    baseUrl: `${sb.url}/rdsMariadb/kr1`,
    credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
    transport: new Transport({ userAgent: 'test', redactor: new Redactor() }),
  });
  await assert.rejects(wrong.listDbInstances(), (e: unknown) => e instanceof AuthError);
});

test('a MariaDB instance is created with a MariaDB engine and the ED25519 plugin', async () => {
  const rds = client('mariadb');
  const [{ dbFlavors }, { subnets }, { parameterGroups }] = await Promise.all([
    rds.listDbFlavors(),
    rds.listSubnets(),
    rds.listParameterGroups({ query: { dbVersion: 'MARIADB_V101108' } }),
  ]);
  const { jobId } = await rds.createDbInstance({
    body: {
      dbInstanceName: 'maria-new',
      dbFlavorId: dbFlavors[1].dbFlavorId,
      dbVersion: 'MARIADB_V101108',
      dbUserName: 'admin',
      dbPassword: 'secret-123',
      dbPort: 3306,
      parameterGroupId: parameterGroups[0].parameterGroupId,
      authenticationPlugin: 'ED25519',
      network: { subnetId: subnets[1].subnetId, availabilityZone: 'kr-pub-a' },
      storage: { storageType: 'General SSD', storageSize: 50 },
      backup: { backupPeriod: 1, backupSchedules: [{ backupWndBgnTime: '02:00:00', backupWndDuration: 'ONE_HOUR' }] },
    },
  });
  const id = jobResourceId(await waitJob(rds, jobId))!;
  const made = await rds.getDbInstance({ dbInstanceId: id });
  assert.equal(made.dbVersion, 'MARIADB_V101108');
  const { dbUsers } = await rds.listDbUsers({ dbInstanceId: id });
  assert.equal(dbUsers[0].authenticationPlugin, 'ED25519');
  // A MySQL engine is not MariaDB's to create.
  await assert.rejects(
    rds.createDbInstance({
      body: {
        dbInstanceName: 'maria-mysql',
        dbFlavorId: dbFlavors[1].dbFlavorId,
        dbVersion: 'MYSQL_V8036',
        dbUserName: 'admin',
        dbPassword: 'secret-123',
        dbPort: 3306,
        parameterGroupId: parameterGroups[0].parameterGroupId,
        network: { subnetId: subnets[1].subnetId, availabilityZone: 'kr-pub-a' },
        storage: { storageType: 'General SSD', storageSize: 50 },
        backup: { backupPeriod: 1, backupSchedules: [{ backupWndBgnTime: '02:00:00', backupWndDuration: 'ONE_HOUR' }] },
      },
    }),
    /dbVersion/,
  );
});

test('v4.0: MariaDB’s client offers its guide’s release, and a refusal names RDSforMariaDB’s permission', async () => {
  const rds = client('mariadb', 'v4.0');
  assert.equal(rds.has('listBinLogs'), false);
  assert.equal(rds.has('listEventSubscriptions'), false);
  assert.equal(rds.has('rebuildDbInstance'), true);
  assert.equal(client('mysql', 'v4.0').has('listBinLogs'), true);
  assert.ok((await rds.listDbInstances()).dbInstances.length >= 2);
  const viewer = client('mariadb', 'v4.0', 'VIEWER');
  const [shop] = (await viewer.listDbInstances()).dbInstances.filter((i) => i.dbInstanceName === 'maria-shop');
  await assert.rejects(viewer.restartDbInstance({ dbInstanceId: shop.dbInstanceId, body: {} }), (e: unknown) => {
    assert.ok(e instanceof AuthError);
    assert.equal(e.permission, 'RDSforMariaDB:DbInstance.Restart');
    return true;
  });
});
