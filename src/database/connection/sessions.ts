// The live database sessions of this window (src/database/connection/session.ts is the contract the
// schema tree and the query console use). A session keeps what a connection needs (endpoint,
// user, password, TLS) in memory only; the password's lasting copy is in SecretStorage
// (src/profiles/secrets.ts). Ending a session closes every connection it handed out, so a query
// still running stops with it, and fires onDidEnd (the allow-my-address rule goes then).
import { connect as netConnect, type Socket } from 'node:net';
import * as vscode from 'vscode';
import type { Connection, ConnectionOptions } from 'mysql2/promise';
import { DbConnectError, describeConnectFailure } from './connectError';
import { loadDriver } from './driver';
import { formatSql } from '../sqlText';
import type { DbSession, DbSessionTarget, DbSessions } from './session';
import { EndedNotices, SessionEndedError } from './endedNotices';
import type { SshTunnel } from './ssh/tunnel';
import { TunnelPool, type TunnelLease } from './ssh/tunnelPool';

/** How long a connection attempt may take before it fails as a timeout. */
export const CONNECT_TIMEOUT_MS = 10_000;

export interface OpenSessionOptions {
  target: DbSessionTarget;
  user: string;
  password: string;
  endpoint: DbSession['endpoint'];
  /** The `ssl` option of mysql2 (./tls.ts), undefined without TLS. */
  ssl?: ConnectionOptions['ssl'];
  production?: boolean;
  schema?: string;
  /**
   * Through an SSH bastion: the tunnel under `key` (bastion and database) is shared by every
   * session that names the same key, opened by `open` when none is.
   */
  tunnel?: { key: string; open(): Promise<SshTunnel> };
}

/**
 * A connection to the tunnel's loopback port that TLS verifies as `host`. mysql2 gives Node's TLS
 * the host's name as `servername` (unless it is an IP address), and Node then checks the
 * certificate against it; for an IP address Node falls back to the name the socket connected to
 * (`_host`), which is set here to the endpoint's address instead of 127.0.0.1.
 */
function tunnelSocket(localPort: number, host: string): Socket {
  const socket = netConnect(localPort, '127.0.0.1');
  socket.setNoDelay(true);
  (socket as Socket & { _host?: string })._host = host;
  return socket;
}

/** Schemas every MySQL server has: never the default schema a person means. */
const SYSTEM_SCHEMAS = new Set(['information_schema', 'mysql', 'performance_schema', 'sys']);

/** The schemas of `SHOW DATABASES` a person works in (the server's own left out). */
export function userSchemas(names: readonly string[]): string[] {
  return names.filter((n) => !SYSTEM_SCHEMAS.has(n.toLowerCase()));
}

export const sessionId = (profileId: string, instanceId: string, user: string): string =>
  `${profileId}/${instanceId}/${user}`;

class Session implements DbSession {
  readonly id: string;
  readonly target: DbSessionTarget;
  readonly user: string;
  readonly endpoint: DbSession['endpoint'];
  readonly production: boolean;
  userSchemas: readonly string[] = [];
  private currentSchema: string | undefined;
  private readonly schemaChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeSchema = this.schemaChanged.event;
  private readonly ended = new vscode.EventEmitter<void>();
  readonly onDidEnd = this.ended.event;
  private readonly objectsChangedEmitter = new vscode.EventEmitter<void>();
  readonly onDidChangeObjects = this.objectsChangedEmitter.event;
  private readonly open = new Set<Connection>();
  private done = false;
  readonly via: DbSession['via'];

  constructor(
    opts: OpenSessionOptions,
    private readonly password: string,
    private readonly ssl: ConnectionOptions['ssl'],
    private readonly connectTimeoutMs: number,
    private readonly onEnd: (s: Session) => void,
    private readonly lease?: TunnelLease,
  ) {
    this.target = opts.target;
    this.user = opts.user;
    this.endpoint = opts.endpoint;
    this.via = lease
      ? { host: '127.0.0.1', port: lease.tunnel.localPort, bastion: lease.tunnel.description }
      : { host: opts.endpoint.host, port: opts.endpoint.port };
    this.production = !!opts.production;
    this.currentSchema = opts.schema;
    this.id = sessionId(opts.target.profileId, opts.target.instanceId, opts.user);
  }

  get schema(): string | undefined {
    return this.currentSchema;
  }

  set schema(name: string | undefined) {
    if (name === this.currentSchema) return;
    this.currentSchema = name;
    this.schemaChanged.fire();
  }

  objectsChanged(): void {
    if (!this.done) this.objectsChangedEmitter.fire();
  }

  get isEnded(): boolean {
    return this.done;
  }

  get usesTls(): boolean {
    return !!this.ssl;
  }

  private endedError(): SessionEndedError {
    return new SessionEndedError(
      vscode.l10n.t('The connection to {0} as {1} has ended. Connect again.', this.target.instanceName, this.user),
      this.id,
    );
  }

  async connect(): Promise<Connection> {
    if (this.done) throw this.endedError();
    const options: ConnectionOptions = {
      // The endpoint's host is the name TLS verifies, also through a tunnel, whose socket goes to
      // 127.0.0.1 (a certificate names the database, never the loopback address).
      host: this.endpoint.host,
      port: this.endpoint.port,
      ...(this.lease ? { stream: () => tunnelSocket(this.via.port, this.endpoint.host) } : {}),
      user: this.user,
      password: this.password,
      database: this.schema || undefined,
      ssl: this.ssl,
      connectTimeout: this.connectTimeoutMs,
      charset: 'UTF8MB4_UNICODE_CI',
      // Exact values for display: DECIMAL and BIGINT as text, dates as the server wrote them.
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      multipleStatements: false,
      // `?` values written by ../sqlText.ts: the driver's own escaping uses a backslash, which
      // NO_BACKSLASH_ESCAPES (a parameter group may set it) reads as a plain character.
      queryFormat: formatSql,
    };
    let conn: Connection;
    try {
      conn = await loadDriver().createConnection(options);
    } catch (err) {
      // Through a tunnel, a connection the bastion could not forward is closed before the server
      // says anything: the bastion's reason is the one to tell.
      const forward = this.lease?.tunnel.lastForwardError;
      if (forward) throw new DbConnectError('tunnel', forward);
      throw describeConnectFailure(err, {
        user: this.user,
        host: this.endpoint.host,
        port: this.endpoint.port,
        schema: this.schema,
        tls: !!this.ssl,
      });
    }
    this.open.add(conn);
    // A connection the caller ended, or one the server dropped, is no longer ours to close.
    conn.once('end', () => this.open.delete(conn));
    conn.once('error', () => this.open.delete(conn));
    if (this.done) {
      conn.destroy();
      throw this.endedError();
    }
    return conn;
  }

  async end(): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const c of this.open) c.destroy();
    this.open.clear();
    await this.lease?.release();
    this.onEnd(this);
    try {
      this.ended.fire();
    } finally {
      this.ended.dispose();
      this.schemaChanged.dispose();
      this.objectsChangedEmitter.dispose();
    }
  }
}

export class DbSessionManager implements DbSessions, vscode.Disposable {
  private readonly sessions = new Map<string, Session>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** SSH tunnels, shared by the sessions that reach one database through one bastion. */
  readonly tunnels = new TunnelPool();
  /** The notices that a session ended: the next session of the same id closes its notice. */
  readonly notices = new EndedNotices(this);

  /** `connectTimeoutMs`: how long a connection attempt may take (a test shortens it). */
  constructor(private readonly connectTimeoutMs = CONNECT_TIMEOUT_MS) {}

  all(): readonly DbSession[] {
    return [...this.sessions.values()];
  }

  get(id: string): DbSession | undefined {
    return this.sessions.get(id);
  }

  /** The sessions of one instance (the schema tree expands when there is one). */
  forInstance(profileId: string, instanceId: string): DbSession[] {
    return [...this.sessions.values()].filter(
      (s) => s.target.profileId === profileId && s.target.instanceId === instanceId,
    );
  }

  /**
   * Connects once to prove the credentials (reading the schemas the user sees on the way), then
   * keeps the session. An existing session of the
   * same profile, instance and user is replaced (ended first). Throws DbConnectError.
   */
  async open(opts: OpenSessionOptions): Promise<DbSession> {
    let lease: TunnelLease | undefined;
    if (opts.tunnel) {
      try {
        lease = await this.tunnels.acquire(opts.tunnel.key, opts.tunnel.open);
      } catch (err) {
        throw err instanceof Error && err.name === 'SshTunnelError'
          ? new DbConnectError('tunnel', err.message, (err as Error & { kind: string }).kind)
          : err;
      }
    }
    const session = new Session(
      opts,
      opts.password,
      opts.ssl,
      this.connectTimeoutMs,
      (s) => {
        if (this.sessions.get(s.id) === s) {
          this.sessions.delete(s.id);
          this.changed.fire();
        }
      },
      lease,
    );
    let probe: Connection;
    try {
      probe = await session.connect();
    } catch (err) {
      await lease?.release();
      throw err;
    }
    try {
      const [rows] = await probe.query({ sql: 'SHOW DATABASES', rowsAsArray: true });
      session.userSchemas = userSchemas((rows as unknown[][]).map((r) => String(r[0])));
    } catch (err) {
      await lease?.release();
      throw describeConnectFailure(err, {
        user: opts.user,
        host: opts.endpoint.host,
        port: opts.endpoint.port,
        schema: opts.schema,
        tls: !!opts.ssl,
      });
    } finally {
      probe.destroy();
    }
    await this.sessions.get(session.id)?.end();
    this.sessions.set(session.id, session);
    this.changed.fire();
    return session;
  }

  async endAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.end()));
    await this.tunnels.closeAll();
  }

  dispose(): void {
    void this.endAll();
    this.notices.dispose();
    this.changed.dispose();
  }
}
