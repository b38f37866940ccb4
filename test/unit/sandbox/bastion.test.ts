// The sandbox's SSH bastion (src/sandbox/bastion.ts, issue 63): a real SSH server that signs in
// its user with the generated password (and no one else), forwards to the sandbox's databases
// (a query runs through it, a private instance's included) and to nothing else, and keeps its
// host key, password and port in the data folder across restarts, so known_hosts and the
// profile's kept password stay right. Over loopback with ssh2's client and mysql2, against the
// real MariaDB of the sandbox (Debian's mariadb-server).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createConnection } from 'mysql2/promise';
import { Client, utils, type ClientChannel } from 'ssh2';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { newHostKey } from '../../../src/sandbox/bastion';
import { SANDBOX_DB_PASSWORD } from '../../../src/sandbox/rds/mariadb/databases';
import { mariaDbMissing } from '../../support/mariadb.mjs';
import { clientFor, instanceByName } from '../../support/sandbox';

const dir = mkdtempSync(join(tmpdir(), 'nhncloud-bastion-'));
const opened: Sandbox[] = [];
after(async () => {
  for (const sb of opened) await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Signs in; answers the host key the server showed, or the error. */
function signIn(
  info: { host: string; port: number },
  user: string,
  password: string,
): Promise<{ client: Client; hostKey: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let hostKey: Buffer = Buffer.alloc(0);
    client.once('ready', () => resolve({ client, hostKey }));
    client.once('error', reject);
    client.connect({
      host: info.host,
      port: info.port,
      username: user,
      password,
      hostVerifier: (key: Buffer) => ((hostKey = key), true),
    });
  });
}

function forward(client: Client, port: number): Promise<ClientChannel> {
  return new Promise((resolve, reject) =>
    client.forwardOut('127.0.0.1', 0, '127.0.0.1', port, (err, ch) => (err ? reject(err) : resolve(ch))),
  );
}

const fingerprintOf = (blob: Buffer) =>
  `SHA256:${require('node:crypto').createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;

test('the bastion signs in its user, forwards to a private instance database and nothing else, and keeps its host key and port', async () => {
  const missing = mariaDbMissing({ tls: true });
  assert.equal(missing, undefined, missing);
  const sb = await startSandbox({ timeScale: 5, dataDir: dir, bastion: true });
  opened.push(sb);
  const info = sb.bastion!.info;
  assert.equal(sb.sandboxProfile().bastion?.port, info.port, 'the profile names it');
  await assert.rejects(signIn(info, info.user, 'wrong'), /authentication/i);
  await assert.rejects(signIn(info, 'root', info.password), /authentication/i);
  const { client, hostKey } = await signIn(info, info.user, info.password);
  try {
    assert.equal(fingerprintOf(hostKey), info.hostKeyFingerprint, 'the fingerprint printed is the key shown');
    // Not a database of the sandbox: the sandbox's own HTTP port.
    await assert.rejects(forward(client, Number(new URL(sb.url).port)));
    const kr1 = clientFor(sb) as any;
    const inst = await instanceByName(kr1, 'staging-api');
    // Private, as one without public access is in a VPC: direct connections are refused, the
    // bastion's go through.
    sb.rds.databases.setPrivate(inst.dbInstanceId, true);
    const dbPort = (await kr1.getDbInstance({ dbInstanceId: inst.dbInstanceId })).dbPort;
    const conn = await createConnection({
      stream: await forward(client, dbPort),
      user: 'admin',
      password: SANDBOX_DB_PASSWORD,
      connectTimeout: 60_000,
    });
    try {
      const [rows] = await conn.query('SELECT 1 + 1 AS two');
      assert.deepEqual(rows, [{ two: 2 }]);
    } finally {
      await conn.end();
    }
    assert.equal(sb.bastion!.forwards.opened, 1);
  } finally {
    client.end();
  }
  await sb.close();
  opened.pop();

  const again = await startSandbox({ timeScale: 5, dataDir: dir, bastion: true });
  opened.push(again);
  assert.deepEqual(again.bastion!.info, info, 'same host key, password and port from the data folder');
});

// ssh2's generateKeyPairSync('ed25519') writes a public key whose first byte is zero as 31 bytes
// (about one key in 256), and parseKey refuses it: this is one it made. A sandbox that kept such a
// key failed to start from then on ("Malformed OpenSSH private key"; an e2e run met it).
const MALFORMED_KEY = `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMgAAAAtz
c2gtZWQyNTUxOQAAAB8eeBqtveLT7TrGihWkYDxOIUxSElOkLjSNXUallsvdAAAA
iH7dPm1+3T5tAAAAC3NzaC1lZDI1NTE5AAAAHx54Gq294tPtOsaKFaRgPE4hTFIS
U6QuNI1dRqWWy90AAAA/P2yMIDpaHDzfN70JN4uDoJOqWA36MpjH4YtEENPkkOAe
eBqtveLT7TrGihWkYDxOIUxSElOkLjSNXUallsvdAAAAAAECAwQFBgc=
-----END OPENSSH PRIVATE KEY-----
`;

test('a generated host key that does not parse is drawn again, and a kept one that does not parse is replaced', async () => {
  const parse = (key: string) => utils.parseKey(key) as any;
  assert.ok(parse(MALFORMED_KEY) instanceof Error, 'the sample is one ssh2 cannot read');
  const good = utils.generateKeyPairSync('ed25519').private;
  const draws = [MALFORMED_KEY, good];
  assert.equal(
    newHostKey(() => draws.shift()!, parse),
    good,
  );
  assert.throws(() => newHostKey(() => MALFORMED_KEY, parse), /cannot make a host key/);

  const kept = mkdtempSync(join(tmpdir(), 'nhncloud-bastion-kept-'));
  try {
    mkdirSync(join(kept, 'bastion'));
    writeFileSync(
      join(kept, 'bastion', 'bastion.json'),
      JSON.stringify({ hostKey: MALFORMED_KEY, password: 'kept-pass' }),
    );
    const logged: string[] = [];
    const sb = await startSandbox({ timeScale: 5, dataDir: kept, bastion: true, log: (m) => logged.push(m) });
    try {
      assert.equal(sb.bastion!.info.password, 'kept-pass', 'the password is kept');
      assert.match(sb.bastion!.info.hostKeyFingerprint, /^SHA256:/);
      assert.ok(
        logged.some((m) => /host key cannot be read/.test(m)),
        logged.join('\n'),
      );
      const stored = JSON.parse(readFileSync(join(kept, 'bastion', 'bastion.json'), 'utf8'));
      assert.ok(!(parse(stored.hostKey) instanceof Error), 'the new key is written');
    } finally {
      await sb.close();
    }
  } finally {
    rmSync(kept, { recursive: true, force: true });
  }
});
