// The throwaway MariaDB of test/support/mariadb.mjs (src/sandbox/rds/mariadb/server.ts): it
// starts on loopback with a random root password, speaks TLS with a certificate its own CA
// signed, and stop() leaves neither a process nor a directory behind. Without MariaDB installed
// these tests fail and say what to install.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createConnection } from 'mysql2/promise';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../../support/mariadb.mjs';

/** Pids of running mariadbd processes whose command line names `dir` (only ours). */
function serverPids(dir: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,comm=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, comm, ...args]) => /^(mariadbd|mysqld)$/.test(comm ?? '') && args.join(' ').includes(dir))
    .map(([pid]) => pid);
}

describe('test/support/mariadb.mjs', () => {
  let db: MariaDb;
  before(async () => {
    const missing = mariaDbMissing({ tls: true });
    assert.equal(missing, undefined, missing);
    db = await startMariaDb({ tls: true });
  });
  after(() => db?.stop());

  test('listens on 127.0.0.1 only, root needs the random password', async () => {
    assert.equal(db.host, '127.0.0.1');
    assert.match(db.rootPassword, /^[\w-]{20,}$/);
    const conn = await createConnection({ host: db.host, port: db.port, user: db.rootUser, password: db.rootPassword });
    const [rows] = await conn.query<any[]>('SELECT @@bind_address AS bind, @@port AS port');
    await conn.end();
    assert.deepEqual(rows[0], { bind: '127.0.0.1', port: db.port });
    await assert.rejects(
      createConnection({ host: db.host, port: db.port, user: 'root', password: '' }),
      /Access denied/,
    );
    await assert.rejects(
      createConnection({ host: db.host, port: db.port, user: 'root', password: 'wrong' }),
      /Access denied/,
    );
  });

  test('TLS with the server certificate its CA signed: verified against caFile, refused without it', async () => {
    assert.ok(db.caFile && existsSync(db.caFile));
    const ca = readFileSync(db.caFile!, 'utf8');
    const conn = await createConnection({
      host: db.host,
      port: db.port,
      user: db.rootUser,
      password: db.rootPassword,
      ssl: { ca, rejectUnauthorized: true },
    });
    const [rows] = await conn.query<any[]>("SHOW SESSION STATUS LIKE 'Ssl_version'");
    await conn.end();
    assert.match(rows[0].Value, /^TLSv1\.[23]$/);
    await assert.rejects(
      createConnection({
        host: db.host,
        port: db.port,
        user: db.rootUser,
        password: db.rootPassword,
        ssl: { rejectUnauthorized: true },
      }),
      /self[- ]signed|unable to verify|certificate/i,
    );
  });

  test('sql() runs statements as root through the client', async () => {
    assert.equal(
      (
        await db.sql(
          "CREATE DATABASE t1; SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 't1';",
        )
      ).trim(),
      't1',
    );
    await assert.rejects(db.sql('SELEC 1'), /SQL syntax/);
  });

  test('stop() ends exactly its own process and removes its directory; a second stop is harmless', async () => {
    const other = await startMariaDb();
    const pids = serverPids(other.dir);
    assert.equal(pids.length, 1, `one mariadbd for ${other.dir}`);
    await other.stop();
    assert.deepEqual(serverPids(other.dir), []);
    assert.equal(existsSync(other.dir), false);
    await other.stop();
    // The first server is untouched.
    assert.equal(serverPids(db.dir).length, 1);
    assert.equal((await db.sql('SELECT 1')).trim(), '1');
  });

  test('a server (and a watched directory) whose parent process dies is stopped and removed by its watchdog', async () => {
    // A child node process starts a server and a watched directory (the sandbox's CA lives in
    // one), prints both, and is then killed with SIGKILL.
    const script = `import { startMariaDb } from ${JSON.stringify(pathToFileURL(join(__dirname, '..', '..', 'support', 'mariadb.mjs')).href)};
      import { require as tsxRequire } from 'tsx/cjs/api';
      const { watchedTempDir } = tsxRequire(${JSON.stringify(join(__dirname, '..', '..', '..', 'src', 'sandbox', 'rds', 'mariadb', 'server.ts'))}, import.meta.url);
      const db = await startMariaDb(); const w = watchedTempDir('nhncloud-test-'); console.log(db.dir + ' ' + w.dir); setInterval(() => {}, 1000);`;
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const dirs = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.trim());
      });
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) before starting a server`)));
    });
    const [dir, watched] = dirs.split(' ');
    try {
      assert.equal(serverPids(dir).length, 1);
      assert.ok(existsSync(watched));
    } finally {
      child.kill('SIGKILL');
    }
    const deadline = Date.now() + 20_000;
    while ((serverPids(dir).length || existsSync(dir) || existsSync(watched)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(serverPids(dir), [], 'mariadbd outlived its parent');
    assert.equal(existsSync(dir), false, 'the directory outlived its parent');
    assert.equal(existsSync(watched), false, 'the watched directory outlived its parent');
  });
});
