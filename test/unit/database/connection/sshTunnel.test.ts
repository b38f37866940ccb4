// Connecting through an SSH bastion (issue 29) against a real OpenSSH server (test/support/sshd.ts,
// its own port, keys and two host keys, ed25519 and ECDSA) and a real MariaDB behind it: the
// tunnel comes up with a key file, a passphrase-protected key and the agent; sessions share it; a
// dropped SSH connection is opened again by the next connection; host keys are checked as `ssh`
// checks them (unknown, accepted, changed, hashed entries), the algorithms held to the key types
// known_hosts records (issue 62); ~/.ssh/config hosts resolve with one ProxyJump. The MariaDB's
// TLS certificate is for orders-db.example and 10.0.0.17 (issue 62): refused as another host's
// directly at 127.0.0.1, accepted through the tunnel for those endpoints and refused for others.
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installVscodeStub } from '../../../support/vscodeStub';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../../../support/mariadb.mjs';
import { startSshd, type TestSshd } from '../../../support/sshd';
import { startSandbox } from '../../../../src/sandbox';
import { SANDBOX_DB_PASSWORD } from '../../../../src/sandbox/rds/mariadb/databases';
import { clientFor, instanceByName } from '../../../support/sandbox';
import { createConnection } from 'mysql2/promise';
import { makeTlsCertificates, type TlsCertificates } from '../../../../src/sandbox/rds/mariadb/tlsCertificates';

installVscodeStub();
/** Every warning dialog with its detail (src/shared/prompts.ts keeps the function it found at load: wrapped first). */
const warnings: Array<{ text: string; detail?: string }> = [];
{
  const { stubVscode } = require('../../../support/vscodeStub') as typeof import('../../../support/vscodeStub');
  const w = stubVscode.window as Record<string, unknown>;
  const show = w.showWarningMessage as (text: string) => Promise<undefined>;
  w.showWarningMessage = (text: string, options?: { detail?: string }) => {
    warnings.push({ text, detail: options?.detail });
    return show(text);
  };
}
const { DbSessionManager } =
  require('../../../../src/database/connection/sessions') as typeof import('../../../../src/database/connection/sessions');
const { SshTunnel, privateKeyState } =
  require('../../../../src/database/connection/ssh/tunnel') as typeof import('../../../../src/database/connection/ssh/tunnel');
const kh =
  require('../../../../src/database/connection/ssh/knownHosts') as typeof import('../../../../src/database/connection/ssh/knownHosts');
const { tlsOptions } =
  require('../../../../src/database/connection/tls') as typeof import('../../../../src/database/connection/tls');
const { sshConfigHosts, resolveSshHost } =
  require('../../../../src/database/connection/ssh/sshConfig') as typeof import('../../../../src/database/connection/ssh/sshConfig');

const PASSWORD = 'Tunnel-Sentinel-Pa55-4c1d';
let db: MariaDb;
let sshd: TestSshd;
/** The CA and the server certificate of the MariaDB: for orders-db.example and 10.0.0.17, not 127.0.0.1. */
let certs: TlsCertificates;
const CERT_HOST = 'orders-db.example';
const CERT_IP = '10.0.0.17';
const certDir = mkdtempSync(join(tmpdir(), 'nhncloud-tls-identity-'));
const target = { profileId: 'p1', region: 'KR1' as const, instanceId: 'inst-private', instanceName: 'private-db' };

before(async () => {
  const missing = mariaDbMissing();
  if (missing) throw new Error(missing);
  certs = await makeTlsCertificates(certDir, { names: [`DNS:${CERT_HOST}`, `IP:${CERT_IP}`] });
  [db, sshd] = await Promise.all([
    startMariaDb({ certificates: certs }),
    startSshd({ hostKeyTypes: ['ed25519', 'ecdsa'] }),
  ]);
  await db.sql(`
    CREATE USER 'app'@'%' IDENTIFIED BY '${PASSWORD}';
    CREATE USER 'report'@'%' IDENTIFIED BY '${PASSWORD}';
    GRANT ALL ON *.* TO 'app'@'%';
    GRANT SELECT, PROCESS ON *.* TO 'report'@'%';
    CREATE DATABASE shop;
  `);
});

after(async () => {
  await Promise.all([db?.stop(), sshd?.stop()]);
  rmSync(certDir, { recursive: true, force: true });
});

const hostKeyBlob = () => Buffer.from(sshd.hostKey.split(' ')[1], 'base64');
const accepted: string[] = [];
/** Accepts the test server's key (and records each decision) as a user who checked it would. */
const trustTestKey = async (host: string, port: number, key: { type: string; blob: Buffer }) => {
  accepted.push(`${host}:${port} ${kh.fingerprint(key.blob)}`);
  return key.blob.equals(hostKeyBlob());
};

const hop = (signIn: import('../../../../src/database/connection/ssh/tunnel').SshSignIn) => ({
  host: sshd.host,
  port: sshd.port,
  user: sshd.user,
  signIn,
});
const keyFile = (k: { file: string }) => readFileSync(k.file);
const signIns = () => (sshd.log().match(/Accepted publickey for /g) ?? []).length;

function tunnelOptions(signIn = { privateKey: keyFile(sshd.keys.plain) }, onDrop?: (why: string) => void) {
  return {
    key: `${sshd.user}@${sshd.host}:${sshd.port}->${db.host}:${db.port}`,
    open: () =>
      SshTunnel.open({
        bastion: hop(signIn),
        target: { host: db.host, port: db.port },
        verifyHostKey: trustTestKey,
        keepaliveMs: 1_000,
        readyTimeoutMs: 10_000,
        onDrop,
      }),
  };
}

const endpoint = () => ({ host: '10.0.0.17', port: db.port, kind: 'private' as const });

test('a session through the bastion connects over the tunnel to a private address this computer cannot reach', async () => {
  const m = new DbSessionManager();
  const before = { signIns: signIns(), accepted: accepted.length };
  // The endpoint's address (10.0.0.17) is one this computer cannot reach: only the tunnel gets there.
  const s = await m.open({ target, user: 'app', password: PASSWORD, endpoint: endpoint(), tunnel: tunnelOptions() });
  assert.equal(s.via.host, '127.0.0.1');
  assert.notEqual(s.via.port, db.port, 'connections go to the tunnel, not the server');
  assert.match(s.via.bastion ?? '', new RegExp(`^${sshd.user}@127\\.0\\.0\\.1:${sshd.port}$`));
  const c = await s.connect();
  const [rows] = await c.query('SELECT 1 + 1 AS two');
  assert.deepEqual(rows, [{ two: 2 }]);
  c.destroy();
  assert.equal(signIns() - before.signIns, 1, 'one SSH sign-in');
  assert.equal(accepted.length - before.accepted, 1, 'the host key was decided once');
  assert.match(accepted.at(-1)!, /^127\.0\.0\.1:\d+ SHA256:[A-Za-z0-9+/]{43}$/);
  await s.end();
  assert.equal(m.tunnels.size, 0, 'the last session closed the tunnel');
});

test('the fingerprint shown is the one ssh-keygen prints for the server key', () => {
  const printed = execFileSync('ssh-keygen', ['-lf', join(sshd.dir, 'host_ed25519.pub')], { encoding: 'utf8' });
  assert.equal(kh.fingerprint(hostKeyBlob()), printed.split(/\s+/)[1]);
  assert.equal(kh.keyTypeOf(hostKeyBlob()), 'ssh-ed25519');
});

test('sessions of one database and bastion share one tunnel; it closes with the last one', async () => {
  const m = new DbSessionManager();
  const before = signIns();
  const [a, b] = await Promise.all([
    m.open({ target, user: 'app', password: PASSWORD, endpoint: endpoint(), tunnel: tunnelOptions() }),
    m.open({ target, user: 'report', password: PASSWORD, endpoint: endpoint(), tunnel: tunnelOptions() }),
  ]);
  assert.equal(m.tunnels.size, 1);
  assert.equal(a.via.port, b.via.port, 'one local port');
  assert.equal(signIns() - before, 1, 'one SSH connection for both');
  await a.end();
  const c = await b.connect();
  await c.query('SELECT 1');
  c.destroy();
  assert.equal(m.tunnels.size, 1, 'still used by the second session');
  await b.end();
  assert.equal(m.tunnels.size, 0);
});

test('a dropped SSH connection is said, and the next database connection opens it again', async () => {
  const m = new DbSessionManager();
  const drops: string[] = [];
  const s = await m.open({
    target,
    user: 'app',
    password: PASSWORD,
    endpoint: endpoint(),
    tunnel: tunnelOptions(undefined, (why) => drops.push(why)),
  });
  const before = signIns();
  assert.ok((await sshd.dropSessions()) >= 1, 'the test server had a session to end');
  for (let waited = 0; !drops.length && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  assert.equal(drops.length, 1, 'the drop was reported once');
  const c = await s.connect();
  const [rows] = await c.query('SELECT 2 AS n');
  assert.deepEqual(rows, [{ n: 2 }]);
  c.destroy();
  assert.equal(signIns() - before, 1, 'signed in again');
  await s.end();
});

test('sign-in with the agent, and with a passphrase-protected key', async () => {
  const agent = await sshd.startAgent();
  try {
    for (const signIn of [
      { agent: agent.socket },
      { privateKey: keyFile(sshd.keys.protected), passphrase: sshd.keys.protected.passphrase },
    ]) {
      const t = await tunnelOptions(signIn as never).open();
      assert.ok(t.isConnected);
      await t.close();
    }
  } finally {
    await agent.stop();
  }
  assert.equal(privateKeyState(keyFile(sshd.keys.plain)), 'ok');
  assert.equal(privateKeyState(keyFile(sshd.keys.protected)), 'needsPassphrase');
  assert.equal(privateKeyState(keyFile(sshd.keys.protected), 'wrong'), 'wrongPassphrase');
  assert.equal(privateKeyState(keyFile(sshd.keys.protected), sshd.keys.protected.passphrase), 'ok');
  assert.equal(privateKeyState(Buffer.from('not a key')), 'invalid');
});

test('a key the bastion does not know, and a refused host key, fail with what to check; the database password is in neither', async () => {
  const m = new DbSessionManager();
  await assert.rejects(
    m.open({
      target,
      user: 'app',
      password: PASSWORD,
      endpoint: endpoint(),
      tunnel: tunnelOptions({ privateKey: keyFile(sshd.keys.stranger) }),
    }),
    (err: Error & { kind?: string; code?: string }) => {
      assert.equal(err.kind, 'tunnel');
      assert.equal(err.code, 'auth');
      assert.match(err.message, new RegExp(`refused ${sshd.user} \\(tried: publickey\\)`));
      assert.ok(!err.message.includes(PASSWORD));
      return true;
    },
  );
  assert.equal(m.tunnels.size, 0, 'a failed tunnel is not kept');
  await assert.rejects(
    SshTunnel.open({
      bastion: hop({ privateKey: keyFile(sshd.keys.plain) }),
      target: { host: db.host, port: db.port },
      verifyHostKey: async () => false,
    }),
    (err: Error & { kind?: string }) =>
      err.kind === 'hostKey' && /host key of 127\.0\.0\.1 was not accepted/.test(err.message),
  );
});

test('one jump host (ProxyJump): the bastion is reached through it, each host key checked', async () => {
  const decided = accepted.length;
  const t = await SshTunnel.open({
    jump: hop({ privateKey: keyFile(sshd.keys.plain) }),
    bastion: hop({ privateKey: keyFile(sshd.keys.plain) }),
    target: { host: db.host, port: db.port },
    verifyHostKey: trustTestKey,
  });
  assert.equal(accepted.length - decided, 2, 'the jump host and the bastion');
  assert.match(t.description, / via /);
  const m = new DbSessionManager();
  const s = await m.open({
    target,
    user: 'app',
    password: PASSWORD,
    endpoint: endpoint(),
    tunnel: { key: 'jump', open: async () => t },
  });
  const c = await s.connect();
  await c.query('SELECT 1');
  c.destroy();
  await s.end();
  assert.equal(t.isConnected, false, 'closed with its last session');
});

test('a private sandbox instance answers only through the bastion: a direct connection is refused, the tunnel is served', async () => {
  const sb = await startSandbox({ timeScale: 5 });
  try {
    const kr1 = clientFor(sb) as any;
    const inst = await instanceByName(kr1, 'staging-api');
    const res = await fetch(`${sb.url}/_sandbox/rds/private`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'staging-api' }),
    });
    assert.equal(res.status, 200, await res.text());
    const net: any = await kr1.getNetworkInfo({ dbInstanceId: inst.dbInstanceId });
    assert.deepEqual(
      net.endPoints.map((e: any) => e.endPointType),
      ['INTERNAL'],
      'no public endpoint once private',
    );
    const ep = {
      host: net.endPoints[0].ipAddress as string,
      port: (await kr1.getDbInstance({ dbInstanceId: inst.dbInstanceId })).dbPort as number,
    };
    // Bypassing the tunnel: refused, naming this very process as the one that tried.
    await assert.rejects(
      createConnection({ ...ep, user: 'admin', password: SANDBOX_DB_PASSWORD, connectTimeout: 60_000 }),
      (err: Error) =>
        /is private: its database is reachable only through an SSH bastion/.test(err.message) &&
        err.message.includes(process.execPath.split('/').pop()!),
    );
    const m = new DbSessionManager(60_000);
    const s = await m.open({
      target: { ...target, instanceId: inst.dbInstanceId, instanceName: 'staging-api' },
      user: 'admin',
      password: SANDBOX_DB_PASSWORD,
      endpoint: { ...ep, kind: 'private' },
      tunnel: {
        key: 'sandbox',
        open: () =>
          SshTunnel.open({
            bastion: hop({ privateKey: keyFile(sshd.keys.plain) }),
            target: ep,
            verifyHostKey: trustTestKey,
          }),
      },
    });
    const c = await s.connect();
    const [rows] = await c.query('SELECT CURRENT_USER() AS me');
    assert.match((rows as any[])[0].me, /^admin@/);
    c.destroy();
    await s.end();
  } finally {
    await sb.close();
  }
});

test('known_hosts: plain, [host]:port, hashed (ssh-keygen -H), wildcard and negated patterns, changed and revoked keys', () => {
  const blob = hostKeyBlob();
  const key = { type: 'ssh-ed25519', blob };
  const other = 'AAAAC3NzaC1lZDI1NTE5AAAAIO4P3cVzbgw9oXdTDGU9hGH1lNDkzfF7wAKP8iHp2rVY';
  const line = `ssh-ed25519 ${blob.toString('base64')}`;
  assert.deepEqual(kh.checkHostKey(`bastion.example ${line}\n`, 'bastion.example', 22, key), { kind: 'known' });
  assert.deepEqual(kh.checkHostKey(`bastion.example ${line}\n`, 'bastion.example', 2222, key), { kind: 'unknown' });
  assert.deepEqual(kh.checkHostKey(`[bastion.example]:2222 ${line}\n`, 'bastion.example', 2222, key), {
    kind: 'known',
  });
  assert.deepEqual(kh.checkHostKey(`*.example,!evil.example ${line}\n`, 'bastion.example', 22, key), { kind: 'known' });
  assert.deepEqual(kh.checkHostKey(`*.example,!evil.example ${line}\n`, 'evil.example', 22, key), { kind: 'unknown' });
  assert.deepEqual(kh.checkHostKey(`# comment\n\nbastion.example ssh-ed25519 ${other}\n`, 'bastion.example', 22, key), {
    kind: 'changed',
    lines: [3],
  });
  // Another key type for the host is not a change (ssh asks, as for a new host).
  assert.deepEqual(kh.checkHostKey(`bastion.example ssh-rsa ${other}\n`, 'bastion.example', 22, key), {
    kind: 'unknown',
  });
  assert.deepEqual(kh.checkHostKey(`@revoked * ${line}\nbastion.example ${line}\n`, 'bastion.example', 22, key), {
    kind: 'revoked',
    line: 1,
  });
  // Hashed by OpenSSH itself, then checked here; and a line written here, hashed, found by ssh-keygen -F.
  const file = join(sshd.dir, 'known_hosts_test');
  writeFileSync(file, `[bastion.example]:2222 ${line}\n`);
  execFileSync('ssh-keygen', ['-q', '-H', '-f', file], { stdio: 'ignore' });
  const hashed = readFileSync(file, 'utf8');
  assert.ok(kh.usesHashedNames(hashed) && !hashed.includes('bastion.example'));
  assert.deepEqual(kh.checkHostKey(hashed, 'bastion.example', 2222, key), { kind: 'known' });
  assert.deepEqual(kh.checkHostKey(hashed, 'bastion.example', 22, key), { kind: 'unknown' });
  writeFileSync(file, `${kh.knownHostsLine('db-bastion.example', 2200, key, true)}\n`);
  const found = execFileSync('ssh-keygen', ['-F', '[db-bastion.example]:2200', '-f', file], { encoding: 'utf8' });
  assert.match(found, /Host \[db-bastion\.example\]:2200 found/);
  assert.equal(kh.knownHostsLine('b.example', 22, key, false), `b.example ${line}`);
});

test('~/.ssh/config: hosts offered by name, values as ssh computes them, one ProxyJump followed, two refused', () => {
  const config = [
    'Host bastion-kr1',
    '  HostName 133.186.1.2',
    '  User centos',
    '  Port 2222',
    '  IdentityFile ~/.ssh/kr1.pem',
    'Host private-* !private-skip',
    '  ProxyJump bastion-kr1',
    'Host inner',
    '  HostName 10.0.0.5',
    '  ProxyJump ops@bastion-kr1:2200',
    'Host twice',
    '  ProxyJump a,b',
    'Host *',
    '  User fallback',
    '',
  ].join('\n');
  assert.deepEqual(sshConfigHosts(config), ['bastion-kr1', 'inner', 'twice']);
  const b = resolveSshHost(config, 'bastion-kr1');
  assert.equal(b.host, '133.186.1.2');
  assert.equal(b.port, 2222);
  assert.equal(b.user, 'centos');
  assert.match(b.identityFiles[0], /\/\.ssh\/kr1\.pem$/);
  assert.ok(!b.identityFiles[0].startsWith('~'));
  assert.equal(b.jump, undefined);
  const inner = resolveSshHost(config, 'inner');
  assert.equal(inner.host, '10.0.0.5');
  assert.equal(inner.user, 'fallback');
  assert.deepEqual(
    { host: inner.jump?.host, port: inner.jump?.port, user: inner.jump?.user },
    { host: '133.186.1.2', port: 2200, user: 'ops' },
  );
  assert.throws(() => resolveSshHost(config, 'twice'), /jumps through 2 hosts/);
});

test("Connect...'s bastion sign-in: the key's passphrase is asked once, kept only after the bastion accepted it, and in no log line or error", async () => {
  const { stubVscode, messages } =
    require('../../../support/vscodeStub') as typeof import('../../../support/vscodeStub');
  const { tunnelOptions } =
    require('../../../../src/database/connection/ssh/bastions') as typeof import('../../../../src/database/connection/ssh/bastions');
  const knownHosts = join(sshd.dir, 'known_hosts_connect');
  writeFileSync(knownHosts, `[${sshd.host}]:${sshd.port} ${sshd.hostKey}\n`);
  const w = stubVscode.window as Record<string, unknown>;
  const ws = stubVscode.workspace as Record<string, unknown>;
  const saved = { showInputBox: w.showInputBox, getConfiguration: ws.getConfiguration };
  const passphrase = sshd.keys.protected.passphrase!;
  let asked = 0;
  w.showInputBox = async () => {
    asked++;
    return passphrase;
  };
  ws.getConfiguration = () => ({
    inspect: (k: string) => ({ key: k, globalValue: k === 'knownHostsFile' ? knownHosts : undefined }),
  });
  const stored = new Map<string, string>();
  const logged: string[] = [];
  const services = {
    profiles: {
      sshSecret: async (_p: string, s: string) => stored.get(s),
      storeSshSecret: async (_p: string, s: string, v: string) => void stored.set(s, v),
      forgetSshSecret: async (_p: string, s: string) => stored.delete(s),
    },
    log: { info: (l: string) => logged.push(l), warn: (l: string) => logged.push(l) },
  } as never;
  try {
    const setting = {
      host: sshd.host,
      port: sshd.port,
      user: sshd.user,
      signIn: 'key' as const,
      keyFile: sshd.keys.protected.file,
    };
    // A user the bastion does not know: refused, and nothing is kept.
    const refused = await tunnelOptions(
      { ...setting, user: 'nobody-here' },
      { host: db.host, port: db.port },
      { profileId: 'p1', title: 't', services },
    );
    await assert.rejects(
      refused.open(),
      (e: Error) => !e.message.includes(passphrase) && /refused nobody-here/.test(e.message),
    );
    assert.equal(stored.size, 0, 'a passphrase is kept only after the bastion accepted it');
    const ok = await tunnelOptions(
      setting,
      { host: db.host, port: db.port },
      { profileId: 'p1', title: 't', services },
    );
    const t = await ok.open();
    assert.equal(stored.get(`passphrase:${sshd.keys.protected.file}`), passphrase);
    await t.close();
    // The next Connect... reads it from SecretStorage: not asked again.
    await (
      await tunnelOptions(setting, { host: db.host, port: db.port }, { profileId: 'p1', title: 't', services })
    )
      .open()
      .then((x) => x.close());
    assert.equal(asked, 2, 'asked for the refused attempt and the first accepted one, not after');
    for (const line of [...logged, ...messages.map((m) => m.text)])
      assert.ok(!line.includes(passphrase), `leaked: ${line}`);
    assert.ok(logged.some((l) => /SSH tunnel open/.test(l)));
  } finally {
    Object.assign(w, { showInputBox: saved.showInputBox });
    Object.assign(ws, { getConfiguration: saved.getConfiguration });
  }
});

test('a stored SSH password the bastion refuses is forgotten, so the next Connect... asks again', async () => {
  const { tunnelOptions } =
    require('../../../../src/database/connection/ssh/bastions') as typeof import('../../../../src/database/connection/ssh/bastions');
  const knownHosts = join(sshd.dir, 'known_hosts_password');
  writeFileSync(knownHosts, `[${sshd.host}]:${sshd.port} ${sshd.hostKey}\n`);
  const { stubVscode } = require('../../../support/vscodeStub') as typeof import('../../../support/vscodeStub');
  const ws = stubVscode.workspace as Record<string, unknown>;
  const saved = ws.getConfiguration;
  ws.getConfiguration = () => ({
    inspect: (k: string) => ({ key: k, globalValue: k === 'knownHostsFile' ? knownHosts : undefined }),
  });
  const subject = `password:${sshd.user}@${sshd.host}:${sshd.port}`;
  const stored = new Map([[subject, 'Stale-Ssh-Pa55']]);
  const services = {
    profiles: {
      sshSecret: async (_p: string, s: string) => stored.get(s),
      storeSshSecret: async (_p: string, s: string, v: string) => void stored.set(s, v),
      forgetSshSecret: async (_p: string, s: string) => stored.delete(s),
    },
    log: { info: () => undefined, warn: () => undefined },
  } as never;
  try {
    // The test sshd takes keys only: the stored password is refused.
    const t = await tunnelOptions(
      { host: sshd.host, port: sshd.port, user: sshd.user, signIn: 'password' },
      { host: db.host, port: db.port },
      { profileId: 'p1', title: 't', services },
    );
    await assert.rejects(
      t.open(),
      (e: Error & { kind?: string }) => e.kind === 'auth' && !e.message.includes('Stale-Ssh-Pa55'),
    );
    assert.equal(stored.has(subject), false);
  } finally {
    ws.getConfiguration = saved;
  }
});

/**
 * Runs `fn` with nhncloud.database.knownHostsFile set (in the user settings) to a file holding
 * `lines`; `dialogs`: the warning dialogs shown meanwhile (each answered with Escape).
 */
async function withKnownHosts(
  lines: string[],
  fn: (dialogs: { length: number; at(i: number): { text: string; detail?: string } | undefined }) => Promise<void>,
): Promise<void> {
  const { stubVscode } = require('../../../support/vscodeStub') as typeof import('../../../support/vscodeStub');
  const file = join(sshd.dir, `known_hosts_${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
  const ws = stubVscode.workspace as Record<string, unknown>;
  const saved = ws.getConfiguration;
  const before = warnings.length;
  ws.getConfiguration = () => ({
    inspect: (k: string) => ({ key: k, globalValue: k === 'knownHostsFile' ? file : undefined }),
  });
  try {
    await fn({
      get length() {
        return warnings.length - before;
      },
      at: (i: number) => warnings.slice(before).at(i),
    });
  } finally {
    ws.getConfiguration = saved;
  }
}

/** Opens a tunnel as Connect... does (bastions.ts: known_hosts decides, the algorithms pinned). */
async function connectTunnel() {
  const { tunnelOptions: connectOptions } =
    require('../../../../src/database/connection/ssh/bastions') as typeof import('../../../../src/database/connection/ssh/bastions');
  const services = {
    profiles: {
      sshSecret: async () => undefined,
      storeSshSecret: async () => undefined,
      forgetSshSecret: async () => undefined,
    },
    log: { info: () => undefined, warn: () => undefined },
  } as never;
  const t = await connectOptions(
    { host: sshd.host, port: sshd.port, user: sshd.user, signIn: 'key', keyFile: sshd.keys.plain.file },
    { host: db.host, port: db.port },
    { profileId: 'p1', title: 't', services },
  );
  return t.open();
}

test('host key types: known_hosts types of the host, held to in OpenSSH order; none ssh2 can check is no pin', () => {
  const text = [
    `[h.example]:2222 ssh-rsa AAAArsa`,
    `# [h.example]:2222 ssh-dss AAAAcomment`,
    `[h.example]:2222,h2 ecdsa-sha2-nistp256 AAAAecdsa`,
    `[h.example]:2222 ssh-rsa AAAArsa2`,
    `h.example ssh-ed25519 AAAAport22`,
    `@revoked [h.example]:2222 ssh-ed25519 AAAArevoked`,
    `@cert-authority [h.example]:2222 ssh-ed25519 AAAAca`,
    `[h.example]:2222`,
    '',
  ].join('\r\n');
  assert.deepEqual(kh.knownKeyTypes(text, 'h.example', 2222), ['ssh-rsa', 'ecdsa-sha2-nistp256']);
  assert.deepEqual(kh.knownKeyTypes(text, 'h.example', 22), ['ssh-ed25519']);
  assert.deepEqual(kh.knownKeyTypes(text, 'other.example', 22), []);
  assert.deepEqual(kh.hostKeyAlgorithms(['ssh-rsa', 'ecdsa-sha2-nistp256']), [
    'ecdsa-sha2-nistp256',
    'rsa-sha2-512',
    'rsa-sha2-256',
    'ssh-rsa',
  ]);
  assert.deepEqual(kh.hostKeyAlgorithms(['ecdsa-sha2-nistp521', 'ssh-ed25519', 'ecdsa-sha2-nistp384']), [
    'ssh-ed25519',
    'ecdsa-sha2-nistp384',
    'ecdsa-sha2-nistp521',
  ]);
  assert.deepEqual(kh.hostKeyAlgorithms(['sk-ssh-ed25519@openssh.com', 'ssh-dss']), []);
});

test('a host known by its ECDSA key is held to ECDSA: the server (ed25519 and ECDSA) connects without a question', async () => {
  await withKnownHosts([`[${sshd.host}]:${sshd.port} ${sshd.hostKeys.ecdsa}`], async (dialogs) => {
    // Unpinned, ssh2 would take ed25519 (first in its list), unknown here: the Trust question.
    const t = await connectTunnel();
    assert.ok(t.isConnected);
    await t.close();
    assert.equal(dialogs.length, 0, 'nothing asked');
  });
});

test('a server that offers only key types known_hosts does not record for it is refused as CHANGED, not offered Trust', async () => {
  // Recorded: an RSA key only. The server has ed25519 and ECDSA keys, no RSA one.
  await withKnownHosts(
    [`[${sshd.host}]:${sshd.port} ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQCrecorded`],
    async (dialogs) => {
      await assert.rejects(connectTunnel(), (e: Error & { kind?: string }) => {
        assert.equal(e.kind, 'hostKey');
        assert.match(e.message, /has CHANGED/);
        assert.match(e.message, new RegExp(`\\[127\\.0\\.0\\.1\\]:${sshd.port}`));
        assert.match(e.message, /records only keys of type ssh-rsa for it/);
        assert.match(e.message, /it offers [^)]*ssh-ed25519/);
        assert.match(e.message, /ssh-keygen -R \[127\.0\.0\.1\]:\d+/);
        return true;
      });
      assert.equal(dialogs.length, 0, 'no Trust and Connect');
    },
  );
});

test('when only key types ssh2 cannot check are recorded, the Trust question warns that other types are known', async () => {
  await withKnownHosts(
    [`[${sshd.host}]:${sshd.port} sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5`],
    async (dialogs) => {
      await assert.rejects(connectTunnel(), (e: Error & { kind?: string }) => e.kind === 'hostKey');
      assert.equal(dialogs.length, 1);
      assert.match(dialogs.at(0)!.text, /cannot be established/);
      assert.match(
        dialogs.at(0)!.detail ?? '',
        /^Warning: .* records keys of other types for \[127\.0\.0\.1\]:\d+ \(sk-ssh-ed25519@openssh\.com\), but not of this one\./,
      );
    },
  );
  // A host with no key recorded: the question without the warning.
  await withKnownHosts([], async (dialogs) => {
    await assert.rejects(connectTunnel());
    assert.equal(dialogs.length, 1);
    assert.match(dialogs.at(0)!.detail ?? '', /^ssh-ed25519 key fingerprint: SHA256:/);
  });
});

test("TLS checks the server's name: another host's certificate is refused before the password is sent; through the tunnel the endpoint's name is checked, not 127.0.0.1", async () => {
  const m = new DbSessionManager();
  const ssl = await tlsOptions('SSL', { caFile: certs.ca });
  const refusedAs = (where: string) => (e: Error & { kind?: string; code?: string }) => {
    assert.equal(e.kind, 'tls');
    assert.equal(e.code, 'ERR_TLS_CERT_ALTNAME_INVALID');
    assert.ok(
      e.message.startsWith(`The TLS certificate of ${where} names another host (${CERT_HOST}, ${CERT_IP})`),
      e.message,
    );
    assert.match(e.message, /the password was not sent/);
    assert.ok(!e.message.includes(PASSWORD));
    return true;
  };
  // Directly at 127.0.0.1: the certificate (of a trusted CA) is for orders-db.example.
  await assert.rejects(
    m.open({
      target,
      user: 'app',
      password: PASSWORD,
      endpoint: { host: db.host, port: db.port, kind: 'public' },
      ssl,
    }),
    refusedAs(`${db.host}:${db.port}`),
  );
  // Through the tunnel (a socket to 127.0.0.1) as orders-db.example, and as 10.0.0.17: what it was made for.
  for (const host of [CERT_HOST, CERT_IP]) {
    const s = await m.open({
      target,
      user: 'app',
      password: PASSWORD,
      endpoint: { host, port: db.port, kind: 'private' },
      ssl,
      tunnel: tunnelOptions(),
    });
    const c = await s.connect();
    const [rows] = await c.query("SHOW SESSION STATUS LIKE 'Ssl_version'");
    assert.match(String((rows as any)[0].Value), /^TLSv1\.[23]$/, host);
    c.destroy();
    await s.end();
  }
  // Through the tunnel as another name, or another address: refused, naming the certificate's hosts.
  for (const host of ['billing-db.example', '10.0.0.18'])
    await assert.rejects(
      m.open({
        target,
        user: 'app',
        password: PASSWORD,
        endpoint: { host, port: db.port, kind: 'private' },
        ssl,
        tunnel: tunnelOptions(),
      }),
      refusedAs(`${host}:${db.port}`),
    );
  assert.equal(m.tunnels.size, 0);
});
