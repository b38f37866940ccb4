// The sandbox's real databases (src/sandbox/rds/mariadb/databases.ts): DB users and schemas made
// through the RDS API exist on a real MariaDB reachable at the endpoint the API reports, with
// their password, authority and TLS requirement; two instances never share accounts or data;
// closing the sandbox leaves no server or directory. Needs Debian's mariadb-server,
// mariadb-client and openssl: without them these tests fail and say so.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createConnection, type Connection, type ConnectionOptions } from 'mysql2/promise';
import type { RdsClient } from '../../../src/client/rds/client';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { SANDBOX_DB_PASSWORD } from '../../../src/sandbox/rds/mariadb/databases';
import { mariaDbMissing } from '../../support/mariadb.mjs';
import { clientFor, instanceByName, waitJob } from '../../support/sandbox';

let sb: Sandbox;
let kr1: RdsClient & Record<string, (input?: any) => Promise<any>>;

/** Where the API says the instance answers: its endpoint's address and its dbPort. */
async function endpointOf(dbInstanceId: string): Promise<{ host: string; port: number }> {
  const net: any = await kr1.getNetworkInfo({ dbInstanceId });
  const inst: any = await kr1.getDbInstance({ dbInstanceId });
  return { host: net.endPoints.find((e: any) => e.endPointType === 'INTERNAL').ipAddress, port: inst.dbPort };
}

async function connectAs(
  dbInstanceId: string,
  user: string,
  password: string,
  extra: Partial<ConnectionOptions> = {},
): Promise<Connection> {
  // The first connection to an instance starts its MariaDB (a few seconds alone, more while other
  // test files load the machine: one CI-like run took over mysql2's default 10 s): the handshake
  // waits for the server, so the connection is given a minute, as a person's first connect is.
  return createConnection({ ...(await endpointOf(dbInstanceId)), user, password, connectTimeout: 60_000, ...extra });
}

async function query(conn: Connection, sql: string): Promise<any[]> {
  const [rows] = await conn.query(sql);
  return rows as any[];
}

describe('the sandbox backs its DB instances with real MariaDB servers', () => {
  before(async () => {
    const missing = mariaDbMissing({ tls: true });
    assert.equal(missing, undefined, missing);
    sb = await startSandbox({ timeScale: 5 });
    kr1 = clientFor(sb) as any;
  });
  let closed = false;
  after(() => (closed ? undefined : sb?.close()));

  test('a seeded instance: endpoint 127.0.0.1 and a port of its own; admin sees the seeded schemas', async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    const ep = await endpointOf(inst.dbInstanceId);
    assert.equal(ep.host, '127.0.0.1');
    assert.notEqual(ep.port, 3306);
    // Every instance's port is a dbPort the API accepts: the restore and replicate forms start from it.
    const { dbInstances } = await kr1.listDbInstances();
    for (const i of dbInstances) {
      const { dbPort } = await kr1.getDbInstance({ dbInstanceId: i.dbInstanceId });
      assert.ok(
        dbPort != null && dbPort >= 3306 && dbPort <= 43306,
        `${i.dbInstanceName}: dbPort ${dbPort} outside 3306 to 43306`,
      );
    }
    const net: any = await kr1.getNetworkInfo({ dbInstanceId: inst.dbInstanceId });
    assert.deepEqual(net.endPoints.map((e: any) => [e.endPointType, e.ipAddress]).sort(), [
      ['EXTERNAL', '127.0.0.1'],
      ['INTERNAL', '127.0.0.1'],
    ]);
    const conn = await connectAs(inst.dbInstanceId, 'admin', SANDBOX_DB_PASSWORD);
    const names = (await query(conn, 'SHOW DATABASES')).map((r) => r.Database);
    await conn.end();
    assert.ok(names.includes('staging_api') && names.includes('staging_api_archive'), names.join(', '));
  });

  test('a DB user and schema made through the API: its password connects, its authority is enforced', async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    const id = inst.dbInstanceId;
    await waitJob(kr1, (await kr1.createDbSchema({ dbInstanceId: id, body: { dbSchemaName: 'shop' } })).jobId);
    await waitJob(
      kr1,
      (
        await kr1.createDbUser({
          dbInstanceId: id,
          body: { dbUserName: 'reader', dbPassword: 'reader-pw-1', host: '%', authorityType: 'READ' },
        })
      ).jobId,
    );
    await waitJob(
      kr1,
      (
        await kr1.createDbUser({
          dbInstanceId: id,
          body: { dbUserName: 'writer', dbPassword: 'writer-pw-1', host: '%', authorityType: 'CRUD' },
        })
      ).jobId,
    );

    const admin = await connectAs(id, 'admin', SANDBOX_DB_PASSWORD, { database: 'shop' });
    await admin.query('CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(40))');
    await admin.end();

    const writer = await connectAs(id, 'writer', 'writer-pw-1', { database: 'shop' });
    await writer.query("INSERT INTO items VALUES (1, 'pen')");
    await assert.rejects(
      writer.query('CREATE TABLE nope (id INT)'),
      (e: any) => e.code === 'ER_TABLEACCESS_DENIED_ERROR',
    );
    await writer.end();

    const reader = await connectAs(id, 'reader', 'reader-pw-1', { database: 'shop' });
    assert.deepEqual(await query(reader, 'SELECT name FROM items'), [{ name: 'pen' }]);
    await assert.rejects(
      reader.query("INSERT INTO items VALUES (2, 'ink')"),
      (e: any) => e.code === 'ER_TABLEACCESS_DENIED_ERROR',
    );
    await reader.end();
    await assert.rejects(connectAs(id, 'reader', 'wrong-password'), (e: any) => e.code === 'ER_ACCESS_DENIED_ERROR');
  });

  test('modify changes the password and the authority; delete removes the user and the schema', async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    const id = inst.dbInstanceId;
    const { dbUsers }: any = await kr1.listDbUsers({ dbInstanceId: id });
    const reader = dbUsers.find((u: any) => u.dbUserName === 'reader');
    await waitJob(
      kr1,
      (
        await kr1.modifyDbUser({
          dbInstanceId: id,
          dbUserId: reader.dbUserId,
          body: { dbPassword: 'reader-pw-2', authorityType: 'CRUD' },
        })
      ).jobId,
    );
    await assert.rejects(connectAs(id, 'reader', 'reader-pw-1'), (e: any) => e.code === 'ER_ACCESS_DENIED_ERROR');
    const conn = await connectAs(id, 'reader', 'reader-pw-2', { database: 'shop' });
    await conn.query("INSERT INTO items VALUES (2, 'ink')");
    await conn.end();

    // The password alone (nothing else changes).
    const writer = dbUsers.find((u: any) => u.dbUserName === 'writer');
    await waitJob(
      kr1,
      (await kr1.modifyDbUser({ dbInstanceId: id, dbUserId: writer.dbUserId, body: { dbPassword: 'writer-pw-2' } }))
        .jobId,
    );
    await assert.rejects(connectAs(id, 'writer', 'writer-pw-1'), (e: any) => e.code === 'ER_ACCESS_DENIED_ERROR');
    await (await connectAs(id, 'writer', 'writer-pw-2')).end();

    await waitJob(kr1, (await kr1.deleteDbUser({ dbInstanceId: id, dbUserId: reader.dbUserId })).jobId);
    await assert.rejects(connectAs(id, 'reader', 'reader-pw-2'), (e: any) => e.code === 'ER_ACCESS_DENIED_ERROR');
    const shop = ((await kr1.listDbSchemas({ dbInstanceId: id })) as any).dbSchemas.find(
      (s: any) => s.dbSchemaName === 'shop',
    );
    await waitJob(kr1, (await kr1.deleteDbSchema({ dbInstanceId: id, dbSchemaId: shop.dbSchemaId })).jobId);
    const admin = await connectAs(id, 'admin', SANDBOX_DB_PASSWORD);
    assert.ok(!(await query(admin, 'SHOW DATABASES')).some((r) => r.Database === 'shop'));
    await admin.end();
  });

  test('a user with tlsOption SSL is refused without TLS and accepted with TLS verified against the sandbox CA', async () => {
    const inst = await instanceByName(kr1, 'staging-api');
    const id = inst.dbInstanceId;
    await waitJob(
      kr1,
      (
        await kr1.createDbUser({
          dbInstanceId: id,
          body: { dbUserName: 'secure', dbPassword: 'secure-pw-1', host: '%', authorityType: 'READ', tlsOption: 'SSL' },
        })
      ).jobId,
    );
    await assert.rejects(connectAs(id, 'secure', 'secure-pw-1'), (e: any) => e.code === 'ER_ACCESS_DENIED_ERROR');
    const { caFile } = sb.rds.databases.status();
    assert.ok(caFile && existsSync(caFile), 'the sandbox reports its CA file');
    const conn = await connectAs(id, 'secure', 'secure-pw-1', {
      ssl: { ca: readFileSync(caFile!, 'utf8'), rejectUnauthorized: true },
    });
    const [cipher] = await query(conn, "SHOW SESSION STATUS LIKE 'Ssl_cipher'");
    await conn.end();
    assert.notEqual(cipher.Value, '');
    // Verification on and the CA not given: refused by the client.
    await assert.rejects(
      connectAs(id, 'secure', 'secure-pw-1', { ssl: { rejectUnauthorized: true } }),
      /self[- ]signed|unable to verify|certificate/i,
    );
    // Control route rds/mariadb-certificate (issue 62): the server restarts with a certificate of
    // the same CA for another name; a client checking the name refuses it, the users stay.
    const ca = readFileSync(caFile!, 'utf8');
    const control = async (host: string | null) => {
      const res = await fetch(`${sb.url}/_sandbox/rds/mariadb-certificate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'staging-api', host }),
      });
      const text = await res.text();
      assert.equal(res.status, 200, text);
      return JSON.parse(text).instances.find((i: any) => i.dbInstanceId === id);
    };
    const changed = await control('db.other.example');
    assert.deepEqual(changed.certificateNames, ['DNS:db.other.example']);
    assert.equal(changed.running, false, 'the running server stopped');
    await assert.rejects(
      connectAs(id, 'secure', 'secure-pw-1', { ssl: { ca, rejectUnauthorized: true, verifyIdentity: true } }),
      /altnames: DNS:db\.other\.example/,
    );
    // Without the name check the chain is still the sandbox CA's, and the users were made again.
    await (await connectAs(id, 'secure', 'secure-pw-1', { ssl: { ca, rejectUnauthorized: true } })).end();
    assert.equal((await control(null)).certificateNames, undefined);
  });

  test('two instances with the same user name are separate servers with separate data', async () => {
    const a = (await instanceByName(kr1, 'staging-api')).dbInstanceId;
    const b = (await instanceByName(kr1, 'legacy-crm')).dbInstanceId;
    const [pa, pb] = [(await endpointOf(a)).port, (await endpointOf(b)).port];
    assert.notEqual(pa, pb);
    const ca = await connectAs(a, 'admin', SANDBOX_DB_PASSWORD, { database: 'staging_api' });
    await ca.query('CREATE TABLE only_on_a (id INT)');
    await ca.end();
    const cb = await connectAs(b, 'admin', SANDBOX_DB_PASSWORD);
    const names = (await query(cb, 'SHOW DATABASES')).map((r) => r.Database);
    assert.ok(names.includes('legacy_crm') && !names.includes('staging_api'), names.join(', '));
    const [count] = await query(
      cb,
      "SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_NAME = 'only_on_a'",
    );
    await cb.end();
    assert.equal(Number(count.n), 0);
    // 'app' is 'app'@'10.0.%' as seeded: from 127.0.0.1 the host pattern refuses it, as on the service.
    await assert.rejects(connectAs(a, 'app', SANDBOX_DB_PASSWORD), (e: any) => e.code === 'ER_ACCESS_DENIED_ERROR');
  });

  test('closing the sandbox stops every server and removes its directories', async () => {
    const running = sb.rds.databases.status().instances.filter((i) => i.running);
    assert.ok(running.length >= 2, 'the earlier tests started servers');
    const dirs = await Promise.all(running.map(async (i) => (await sb.rds.databases.serverOf(i.dbInstanceId)).dir));
    const { caFile } = sb.rds.databases.status();
    await sb.close();
    closed = true;
    const ps = execFileSync('ps', ['-eo', 'comm=,args='], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => /^(mariadbd|mysqld)\s/.test(l));
    for (const d of dirs) {
      assert.equal(existsSync(d), false, `${d} removed`);
      assert.ok(!ps.some((l) => l.includes(d)), `no server left for ${d}`);
    }
    assert.equal(existsSync(caFile!), false, 'the CA directory is removed');
  });
});

describe('without MariaDB the sandbox still answers, and a connection says what to install', () => {
  test('the relay sends a MySQL error naming the packages', async () => {
    const other = await startSandbox({ timeScale: 5 });
    try {
      // As on a machine without MariaDB: the manager's finding, set by hand here.
      (other.rds.databases as any).missing =
        'MariaDB is not available (mariadbd not found): install the Debian packages mariadb-server mariadb-client.';
      const { port } = other.rds.databases.status().instances[0];
      await assert.rejects(
        createConnection({ host: '127.0.0.1', port, user: 'admin', password: SANDBOX_DB_PASSWORD }),
        /install the Debian packages mariadb-server mariadb-client/,
      );
      assert.equal(
        other.rds.databases.status().instances.some((i) => i.running),
        false,
      );
    } finally {
      await other.close();
    }
  });
});
