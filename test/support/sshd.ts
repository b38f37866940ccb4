// A real OpenSSH server for the bastion tests (issue 29): Debian's sshd on a free loopback port,
// with its own host key, configuration and authorized keys in a temporary directory, run in the
// foreground as a child of the test (its own process group, stopped by its pid); never the
// system's sshd on port 22. Signs in the user running the test, with keys made for the test:
// one without a passphrase, one with, and an ssh-agent holding the first on request.
//
//   const sshd = await startSshd();            // sshd.port, sshd.keys.plain / .protected, sshd.hostKey
//   await startSshd({ hostKeyTypes: ['ed25519', 'ecdsa'] }); // host keys of both types (sshd.hostKeys)
//   const agent = await sshd.startAgent();     // agent.socket (SSH_AUTH_SOCK)
//   await sshd.dropSessions();                 // ends every signed-in connection (the listener stays)
//   await sshd.stop();
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '../../src/sandbox/freePort';

export const SSHD = '/usr/sbin/sshd';

/** Why no sshd can be started here (the Debian package to install), or undefined. */
export function sshdMissing(): string | undefined {
  if (!existsSync(SSHD)) return 'OpenSSH server not found (/usr/sbin/sshd): apt-get install openssh-server';
  for (const tool of ['ssh-keygen', 'ssh-agent', 'ssh-add'])
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      return `${tool} not found: apt-get install openssh-client`;
    }
  return undefined;
}

export interface TestKey {
  file: string;
  passphrase?: string;
  /** The public key line (authorized_keys). */
  publicKey: string;
}

export interface TestSshd {
  host: '127.0.0.1';
  port: number;
  user: string;
  dir: string;
  pid: number;
  keys: { plain: TestKey; protected: TestKey; stranger: TestKey };
  /** The server's (first) host key as a known_hosts line would hold it: `ssh-ed25519 AAAA...`. */
  hostKey: string;
  /** Each of its host keys by type (`ed25519`, `ecdsa`, `rsa`), in the same form. */
  hostKeys: Partial<Record<HostKeyType, string>>;
  /** The server's log so far (sshd -e writes it to stderr). */
  log(): string;
  startAgent(): Promise<{ socket: string; stop(): Promise<void> }>;
  /** Ends the per-connection processes of every signed-in client: their SSH connections drop. */
  dropSessions(): Promise<number>;
  stop(): Promise<void>;
}

function makeKey(dir: string, name: string, passphrase = ''): TestKey {
  const file = join(dir, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', passphrase, '-C', name, '-f', file], { stdio: 'ignore' });
  return { file, passphrase: passphrase || undefined, publicKey: readFileSync(`${file}.pub`, 'utf8').trim() };
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(p));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

export type HostKeyType = 'ed25519' | 'ecdsa' | 'rsa';

/** `hostKeyTypes`: the host keys it has (default ed25519 only); a client negotiates one of them. */
export async function startSshd(opts: { hostKeyTypes?: HostKeyType[] } = {}): Promise<TestSshd> {
  const missing = sshdMissing();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'nhncloud-sshd-'));
  const user = userInfo().username;
  const hostKeyTypes = opts.hostKeyTypes ?? ['ed25519'];
  for (const t of hostKeyTypes)
    execFileSync('ssh-keygen', ['-q', '-t', t, '-N', '', '-f', join(dir, `host_${t}`)], { stdio: 'ignore' });
  const hostKeys = Object.fromEntries(
    hostKeyTypes.map((t) => [
      t,
      readFileSync(join(dir, `host_${t}.pub`), 'utf8')
        .trim()
        .split(/\s+/)
        .slice(0, 2)
        .join(' '),
    ]),
  ) as TestSshd['hostKeys'];
  const keys = {
    plain: makeKey(dir, 'id_plain'),
    protected: makeKey(dir, 'id_protected', 'correct horse battery staple'),
    // Not in authorized_keys: the server refuses it.
    stranger: makeKey(dir, 'id_stranger'),
  };
  writeFileSync(join(dir, 'authorized_keys'), `${keys.plain.publicKey}\n${keys.protected.publicKey}\n`, {
    mode: 0o600,
  });
  // As root, sshd separates privileges into /run/sshd, which must exist (a fresh container lacks it).
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freeLoopbackPort();
    writeFileSync(
      join(dir, 'sshd_config'),
      [
        `ListenAddress 127.0.0.1:${port}`,
        ...hostKeyTypes.map((t) => `HostKey ${join(dir, `host_${t}`)}`),
        `PidFile ${join(dir, 'sshd.pid')}`,
        `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
        // The files live in a temporary directory the checks would find too open.
        'StrictModes no',
        'UsePAM no',
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'PubkeyAuthentication yes',
        'PermitRootLogin prohibit-password',
        'AllowTcpForwarding yes',
        'AllowAgentForwarding no',
        'X11Forwarding no',
        'PrintMotd no',
        'LogLevel VERBOSE',
        // The database tests connect many times in a row.
        'MaxStartups 100',
        '',
      ].join('\n'),
    );
    let log = '';
    const child: ChildProcess = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const listening = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      const check = () => {
        if (/Server listening on/.test(log)) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stderr!.on('data', check);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (!listening) {
      lastError = new Error(`sshd did not start on port ${port}:\n${log}`);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
      continue;
    }
    const pid = child.pid!;
    const agents: Array<() => Promise<void>> = [];
    const sshd: TestSshd = {
      host: '127.0.0.1',
      port,
      user,
      dir,
      pid,
      keys,
      hostKey: hostKeys[hostKeyTypes[0]]!,
      hostKeys,
      log: () => log,
      async startAgent() {
        const socket = join(dir, `agent.${agents.length}.sock`);
        const agent = spawn('ssh-agent', ['-D', '-a', socket], { detached: true, stdio: 'ignore' });
        for (let i = 0; i < 100 && !existsSync(socket); i++) await new Promise((r) => setTimeout(r, 20));
        execFileSync('ssh-add', ['-q', keys.plain.file], {
          env: { ...process.env, SSH_AUTH_SOCK: socket },
          stdio: 'ignore',
        });
        const stop = async () => {
          try {
            process.kill(-agent.pid!, 'SIGTERM');
          } catch {
            // Gone.
          }
        };
        agents.push(stop);
        return { socket, stop };
      },
      async dropSessions() {
        const sessions = childrenOf(pid);
        for (const p of sessions)
          try {
            process.kill(p, 'SIGKILL');
          } catch {
            // Gone.
          }
        return sessions.length;
      },
      async stop() {
        for (const a of agents) await a();
        // Each signed-in connection's process started a session of its own (setsid): not in the group.
        await sshd.dropSessions();
        const exited = new Promise<void>((resolve) =>
          child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
        );
        try {
          process.kill(-pid, 'SIGTERM');
        } catch {
          // Gone.
        }
        await exited;
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return sshd;
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError;
}
