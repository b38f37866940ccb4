// The sandbox's SSH bastion (issue 63): a real SSH server (ssh2's `Server`, the library the
// extension already ships for its tunnels) on 127.0.0.1, so a new user can try Connect through a
// bastion with no sshd of their own. It signs in one user with a generated password and forwards
// `direct-tcpip` only to the sandbox's databases (an instance's dbPort on 127.0.0.1; a private
// instance too, as a bastion in its VPC reaches it); it offers no shell and no other channel.
//
// Its host key is generated once per data folder (with none, once per start) and its SHA-256
// fingerprint is printed, so the user's first connect can pin it; the port and password are kept
// there as well, so a restarted sandbox is the same host to known_hosts and to the profile.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import type { Connection, Server } from 'ssh2';

type Ssh2 = Pick<typeof import('ssh2'), 'Server' | 'utils'>;

/**
 * ssh2: in the extension, dist/sshDriver.js beside dist/sandbox.js (no second copy; esbuild.mjs
 * leaves both requires alone); from source, or a bundle of the sandbox alone (the e2e runner's,
 * `npm run sandbox`), the package.
 */
function loadSsh2(): Ssh2 {
  if (!__filename.endsWith('.ts'))
    try {
      return require('./sshDriver.js') as Ssh2;
    } catch {
      // Not beside it: a bundle of the sandbox alone.
    }
  return require('ssh2') as Ssh2;
}

export const BASTION_USER = 'sandbox';

/** What a client needs to use the bastion (the password is a secret: SecretStorage on the extension side). */
export interface BastionInfo {
  host: string;
  port: number;
  user: string;
  password: string;
  /** `ssh-ed25519`, and its `SHA256:...` fingerprint as `ssh-keygen -lf` prints it. */
  hostKeyType: string;
  hostKeyFingerprint: string;
}

export interface SandboxBastion {
  info: BastionInfo;
  /** Forwards in progress and done (tests and stats). */
  readonly forwards: { opened: number; refused: number };
  close(): Promise<void>;
}

interface Kept {
  hostKey: string;
  password: string;
  port?: number;
}

type ParseKey = (key: string) => { getPublicSSH(): Buffer; type: string } | Error;

/**
 * A new host key that parses. ssh2's `generateKeyPairSync('ed25519')` writes a public key whose
 * first byte is zero as 31 bytes (about one key in 256), and that key does not parse ("Malformed
 * OpenSSH private key"): a sandbox that kept one could never start again. Drawn again until one
 * parses; the draws are independent, so sixteen failing in a row means the library is broken.
 */
export function newHostKey(generate: () => string, parse: ParseKey): string {
  for (let draw = 0; draw < 16; draw++) {
    const key = generate();
    if (!(parse(key) instanceof Error)) return key;
  }
  throw new Error('The sandbox bastion cannot make a host key: sixteen generated keys did not parse.');
}

/**
 * The host key, password and last port of the data folder (made now when it has none). A kept key
 * that does not parse (one an earlier version kept, see newHostKey) is replaced, the password and
 * port kept: the user is asked to trust the new key, which beats a sandbox that never starts.
 */
function keptIn(
  dir: string | undefined,
  generate: () => string,
  parse: ParseKey,
  log: (message: string) => void = () => {},
): Kept {
  const file = dir && join(dir, 'bastion.json');
  let kept: Kept | undefined = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Kept) : undefined;
  if (kept && !(parse(kept.hostKey) instanceof Error)) return kept;
  if (kept) log(`Sandbox bastion: the kept host key cannot be read; a new one is made (${file}).`);
  kept = {
    ...kept,
    hostKey: newHostKey(generate, parse),
    password: kept?.password ?? randomBytes(18).toString('base64url'),
  };
  if (file) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify(kept), { mode: 0o600 });
  }
  return kept;
}

function samePassword(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `port` is free on 127.0.0.1 (the port kept from last time may be taken meanwhile). */
function freeOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Starts the bastion. `targetOf(port)`: where a forward to 127.0.0.1:`port` goes (the database
 * server behind an instance's dbPort), or undefined when the port is no database of the sandbox.
 */
export async function startBastion(opts: {
  dataDir?: string;
  log?: (message: string) => void;
  targetOf: (port: number) => Promise<{ host: string; port: number } | undefined>;
}): Promise<SandboxBastion> {
  const ssh = loadSsh2();
  const parse: ParseKey = (key) => ssh.utils.parseKey(key) as ReturnType<ParseKey>;
  const kept = keptIn(opts.dataDir, () => ssh.utils.generateKeyPairSync('ed25519').private, parse, opts.log);
  const parsed = parse(kept.hostKey) as Exclude<ReturnType<ParseKey>, Error>;
  const blob = parsed.getPublicSSH();
  const forwards = { opened: 0, refused: 0 };
  const clients = new Set<Connection>();
  const server: Server = new ssh.Server({ hostKeys: [kept.hostKey] }, (client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => client.end());
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === BASTION_USER && samePassword(ctx.password, kept.password))
        ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('ready', () => {
      client.on('session', (_accept, reject) => reject());
      client.on('tcpip', (accept, reject, info) => {
        const loopback = info.destIP === '127.0.0.1' || info.destIP === 'localhost';
        void (loopback ? opts.targetOf(info.destPort) : Promise.resolve(undefined)).then(
          (target) => {
            if (!target) {
              forwards.refused++;
              return reject();
            }
            const upstream = createConnection({ host: target.host, port: target.port, noDelay: true });
            upstream.once('error', () => reject());
            upstream.once('connect', () => {
              forwards.opened++;
              const channel = accept();
              upstream.removeAllListeners('error');
              upstream.on('error', () => channel.destroy());
              channel.on('error', () => upstream.destroy());
              channel.on('close', () => upstream.destroy());
              upstream.on('close', () => channel.destroy());
              channel.pipe(upstream).pipe(channel);
            });
          },
          () => {
            forwards.refused++;
            reject();
          },
        );
      });
    });
  });
  const wanted = kept.port && (await freeOn(kept.port)) ? kept.port : 0;
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
  if (opts.dataDir && port !== kept.port)
    writeFileSync(join(opts.dataDir, 'bastion.json'), JSON.stringify({ ...kept, port }), { mode: 0o600 });
  return {
    info: {
      host: '127.0.0.1',
      port,
      user: BASTION_USER,
      password: kept.password,
      hostKeyType: parsed.type,
      hostKeyFingerprint: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
    },
    forwards,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of clients) c.end();
        server.close(() => resolve());
      }),
  };
}
