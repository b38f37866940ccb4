// An SSH tunnel to a database through a bastion (issue 29): a listener on a loopback port of
// this computer whose every connection is carried over one SSH connection to the bastion
// (`direct-tcpip`, what `ssh -L` does) and on to the database's host and port as the bastion
// sees them. The query console, the schema tree, completion and the mysql client of Open in
// Terminal all connect to that local port, so they share one SSH connection (./tunnelPool.ts).
//
// The SSH connection is opened when the tunnel opens (a refused key or host key fails Connect...
// at once), kept alive with keepalives, and opened again by the next connection after it dropped.
// One jump host (ProxyJump) is followed: the bastion is reached through a channel of the jump
// host's connection, each host key checked in turn.
import { createServer, type Server, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { ServerHostKeyAlgorithm } from 'ssh2';
import * as vscode from 'vscode';
import { loadSshDriver, type SshDriverModule } from '../driver';
import { keyTypeOf, type HostKey } from './knownHosts';

type Client = InstanceType<SshDriverModule['Client']>;

/** How a user signs in to an SSH server: any of these, tried in ssh2's order (agent, key, password). */
export interface SshSignIn {
  /** The SSH agent's socket (SSH_AUTH_SOCK) or, on Windows, 'pageant'. */
  agent?: string;
  privateKey?: Buffer;
  passphrase?: string;
  password?: string;
}

export interface SshHop {
  host: string;
  port: number;
  user: string;
  signIn: SshSignIn;
}

export interface TunnelSpec {
  bastion: SshHop;
  /** ProxyJump: the host the bastion is reached through. */
  jump?: SshHop;
  /** The database as the bastion reaches it. */
  target: { host: string; port: number };
  /** Decides on a host key: true to go on, false (or a throw) to refuse the connection. */
  verifyHostKey(host: string, port: number, key: HostKey): Promise<boolean>;
  /**
   * The host key algorithms a host is held to (those of the key types known_hosts records for it),
   * or undefined to offer ssh2's own list (a host with no known key).
   */
  pinnedHostKeys?(host: string, port: number): Promise<PinnedHostKeys | undefined>;
  /** Keepalive interval; three unanswered ones drop the connection. */
  keepaliveMs?: number;
  /** How long the SSH handshake and sign-in may take. */
  readyTimeoutMs?: number;
  /** Told when the SSH connection drops (the next database connection opens it again). */
  onDrop?(reason: string): void;
}

/** The host key algorithms offered to a host whose key types are known, and where they are recorded. */
export interface PinnedHostKeys {
  /** Offered to the server, best first (never empty). */
  algorithms: string[];
  /** The key types recorded for the host. */
  knownTypes: string[];
  /** The host's name in the known hosts file (`[host]:port` off port 22), and the file. */
  name: string;
  file: string;
}

/** A failure to reach or sign in to an SSH server, said for the person who configured it. */
export class SshTunnelError extends Error {
  constructor(
    message: string,
    readonly kind: 'hostKey' | 'auth' | 'unreachable' | 'timeout' | 'forward' | 'other',
  ) {
    super(message);
    this.name = 'SshTunnelError';
  }
}

/** Whether a private key file can be used as it is: 'ok', 'needsPassphrase', 'wrongPassphrase' or 'invalid'. */
export function privateKeyState(
  key: Buffer,
  passphrase?: string,
): 'ok' | 'needsPassphrase' | 'wrongPassphrase' | 'invalid' {
  const parsed = loadSshDriver().utils.parseKey(key, passphrase);
  if (!(parsed instanceof Error)) return 'ok';
  if (/no passphrase given/i.test(parsed.message)) return 'needsPassphrase';
  if (/bad passphrase|integrity check failed|decrypt/i.test(parsed.message)) return 'wrongPassphrase';
  return passphrase === undefined ? 'invalid' : 'wrongPassphrase';
}

export class SshTunnel {
  private client?: Client;
  private jumpClient?: Client;
  private connecting?: Promise<Client>;
  private closed = false;
  private readonly sockets = new Set<Socket>();
  /** The last reason a forwarded connection failed (said with the database's connection error). */
  lastForwardError?: string;

  private constructor(
    private readonly spec: TunnelSpec,
    private readonly server: Server,
    readonly localPort: number,
  ) {}

  /** Signs in to the bastion (through the jump host, if any), then listens on a loopback port. */
  static async open(spec: TunnelSpec): Promise<SshTunnel> {
    const server = createServer();
    const localPort = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
    const tunnel = new SshTunnel(spec, server, localPort);
    try {
      await tunnel.ready();
    } catch (err) {
      server.close();
      throw err;
    }
    server.on('connection', (socket) => tunnel.forward(socket));
    return tunnel;
  }

  /** Whether the SSH connection is up now (false after a drop until the next connection reopens it). */
  get isConnected(): boolean {
    return !!this.client;
  }

  /** `user@bastion:port` (and the jump host), for logs and the status of a session. */
  get description(): string {
    const { bastion, jump } = this.spec;
    const hop = (h: SshHop) => `${h.user}@${h.host}${h.port === 22 ? '' : `:${h.port}`}`;
    return jump ? `${hop(bastion)} via ${hop(jump)}` : hop(bastion);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.client?.end();
    this.jumpClient?.end();
    this.client = this.jumpClient = undefined;
  }

  private forward(socket: Socket): void {
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.pause();
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const { host, port } = this.spec.target;
    this.ready().then(
      (client) => {
        if (socket.destroyed) return;
        client.forwardOut('127.0.0.1', socket.remotePort ?? 0, host, port, (err, channel) => {
          if (err) {
            this.lastForwardError = vscode.l10n.t(
              'The bastion {0} could not open a connection to {1}:{2}: {3}',
              this.spec.bastion.host,
              host,
              port,
              err.message,
            );
            socket.destroy();
            return;
          }
          this.lastForwardError = undefined;
          if (socket.destroyed) {
            channel.close();
            return;
          }
          channel.on('error', () => socket.destroy());
          channel.on('close', () => socket.destroy());
          socket.on('close', () => channel.close());
          socket.pipe(channel).pipe(socket);
          socket.resume();
        });
      },
      (err: Error) => {
        this.lastForwardError = err.message;
        socket.destroy();
      },
    );
  }

  /** The SSH connection, opened (again) when there is none. Concurrent callers share one attempt. */
  private ready(): Promise<Client> {
    if (this.closed) return Promise.reject(new SshTunnelError(vscode.l10n.t('The SSH tunnel is closed.'), 'other'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<Client> {
    const { bastion, jump } = this.spec;
    let sock: Readable | undefined;
    let jumpClient: Client | undefined;
    if (jump) {
      jumpClient = await this.signIn(jump);
      const viaJump = jumpClient;
      sock = await new Promise<Readable>((resolve, reject) =>
        viaJump.forwardOut('127.0.0.1', 0, bastion.host, bastion.port, (err, channel) =>
          err
            ? reject(
                new SshTunnelError(
                  vscode.l10n.t(
                    'The jump host {0} could not reach the bastion {1}:{2}: {3}',
                    jump.host,
                    bastion.host,
                    bastion.port,
                    err.message,
                  ),
                  'unreachable',
                ),
              )
            : resolve(channel),
        ),
      ).catch((err: unknown) => {
        viaJump.end();
        throw err;
      });
    }
    const client = await this.signIn(bastion, sock).catch((err: unknown) => {
      jumpClient?.end();
      throw err;
    });
    if (this.closed) {
      client.end();
      jumpClient?.end();
      throw new SshTunnelError(vscode.l10n.t('The SSH tunnel is closed.'), 'other');
    }
    const dropped = (reason: string) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.jumpClient?.end();
      this.jumpClient = undefined;
      if (!this.closed) this.spec.onDrop?.(reason);
    };
    // For the log (English, as every log line).
    client.on('close', () => dropped('the SSH connection closed'));
    client.on('error', (err: Error) => dropped(err.message));
    jumpClient?.on('close', () => {
      if (this.client === client) client.end();
    });
    this.client = client;
    this.jumpClient = jumpClient;
    return client;
  }

  /**
   * One SSH sign-in, the host key checked first (its algorithms held to the known key types of
   * the host, if any); errors said for the host and user.
   */
  private async signIn(hop: SshHop, sock?: Readable): Promise<Client> {
    const pinned = await this.spec.pinnedHostKeys?.(hop.host, hop.port);
    const { Client } = loadSshDriver();
    const client = new Client();
    let hostKeyRefusal: SshTunnelError | undefined;
    /** The host key algorithms the server offered (ssh2 says them only in its debug lines). */
    let offered: string | undefined;
    let handshaking = true;
    return new Promise<Client>((resolve, reject) => {
      const fail = (err: Error & { level?: string; code?: string }) => {
        client.removeAllListeners('ready');
        // The first error ends the sign-in; the socket may still report its reset (ECONNRESET as
        // the server hangs up after a refused handshake): listened to, or it is an uncaught error.
        client.on('error', () => undefined);
        client.end();
        if (pinned && /no matching host key format/i.test(err.message))
          hostKeyRefusal ??= new SshTunnelError(
            vscode.l10n.t(
              'The host key of {0} has CHANGED: {1} records only keys of type {2} for it, and the server offers none of them (it offers {3}). The server may have been reinstalled, or someone may be intercepting the connection: not connected. If you know why it changed, remove the old keys with "ssh-keygen -R {0}" and connect again.',
              pinned.name,
              pinned.file,
              pinned.knownTypes.join(', '),
              offered ?? '?',
            ),
            'hostKey',
          );
        reject(hostKeyRefusal ?? describeSshFailure(err, hop));
      };
      client.once('ready', () => {
        handshaking = false;
        client.removeListener('error', fail);
        // Later errors are the tunnel's to handle (a drop); one must still be listened to.
        client.on('error', () => undefined);
        resolve(client);
      });
      client.once('error', fail);
      client.on('keyboard-interactive', (_name, _instructions, _lang, prompts, finish) => {
        // A bastion that asks for its password this way (PAM) gets the stored one, nothing else.
        finish(prompts.map((p) => (/password/i.test(p.prompt) && hop.signIn.password ? hop.signIn.password : '')));
      });
      client.connect({
        host: hop.host,
        port: hop.port,
        username: hop.user,
        sock,
        agent: hop.signIn.agent,
        privateKey: hop.signIn.privateKey,
        passphrase: hop.signIn.passphrase,
        password: hop.signIn.password,
        tryKeyboard: !!hop.signIn.password,
        // Held to the known key types: a server that offers only others fails the handshake (above).
        algorithms: pinned ? { serverHostKey: pinned.algorithms as ServerHostKeyAlgorithm[] } : undefined,
        debug: pinned
          ? (line: string) => {
              if (handshaking && line.startsWith(REMOTE_HOST_KEYS)) offered = line.slice(REMOTE_HOST_KEYS.length);
            }
          : undefined,
        readyTimeout: this.spec.readyTimeoutMs ?? 15_000,
        keepaliveInterval: this.spec.keepaliveMs ?? 15_000,
        keepaliveCountMax: 3,
        hostVerifier: (blob: Buffer, verify: (ok: boolean) => void) => {
          const key = { type: keyTypeOf(blob), blob };
          this.spec.verifyHostKey(hop.host, hop.port, key).then(
            (ok) => {
              if (!ok)
                hostKeyRefusal = new SshTunnelError(
                  vscode.l10n.t('The host key of {0} was not accepted: not connected.', hop.host),
                  'hostKey',
                );
              verify(ok);
            },
            (err: Error) => {
              hostKeyRefusal = new SshTunnelError(err.message, 'hostKey');
              verify(false);
            },
          );
        },
      });
      // Nagle's algorithm off for the bastion's connection (a jump's channel has no such option):
      // the handshake's back-to-back small writes otherwise each waited for the peer's delayed
      // ACK. Against a loopback sshd, signed in 78 ms with it, 38 ms without; docs/performance.md.
      client.setNoDelay(true);
    });
  }
}

/** ssh2's debug line that lists the host key algorithms the server offers. */
const REMOTE_HOST_KEYS = 'Handshake: (remote) Host key format: ';

/** ssh2's error said for the host and user, with what to check. */
export function describeSshFailure(err: Error & { level?: string; code?: string }, hop: SshHop): SshTunnelError {
  const where = `${hop.host}:${hop.port}`;
  if (err.level === 'client-authentication') {
    // SSH's own names of the methods tried (what `ssh -v` and the server's log say).
    const tried = [
      hop.signIn.agent ? 'agent' : '',
      hop.signIn.privateKey ? 'publickey' : '',
      hop.signIn.password ? 'password' : '',
    ].filter(Boolean);
    return new SshTunnelError(
      vscode.l10n.t(
        'The bastion {0} refused {1} (tried: {2}). Check the user name and that its authorized_keys has this key.',
        where,
        hop.user,
        tried.join(', ') || 'none',
      ),
      'auth',
    );
  }
  if (err.level === 'client-timeout' || /timed out/i.test(err.message))
    return new SshTunnelError(
      vscode.l10n.t(
        'The bastion {0} did not answer in time. Check its address and that port {1} is open to you.',
        where,
        hop.port,
      ),
      'timeout',
    );
  if (
    err.code === 'ECONNREFUSED' ||
    err.code === 'ENOTFOUND' ||
    err.code === 'EHOSTUNREACH' ||
    err.code === 'ENETUNREACH'
  )
    return new SshTunnelError(
      vscode.l10n.t('The bastion {0} cannot be reached ({1}). Check its address and port.', where, err.code),
      'unreachable',
    );
  return new SshTunnelError(vscode.l10n.t('The SSH connection to {0} failed: {1}', where, err.message), 'other');
}
