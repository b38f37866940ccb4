// The real databases behind the sandbox's DB instances (issue 17, item 6).
//
// Design: one MariaDB server per DB instance, started when the first client connects to it.
// Every instance gets its own loopback port at once (a small TCP relay owned by this module),
// which is its `dbPort` and the port of its endpoints; the first connection to that port starts
// the instance's server (~1-2 s: system tables in /dev/shm, see server.ts), creates its DB users
// and schemas, then relays bytes both ways (TLS included: the relay never looks inside).
// Why one server per instance and not one shared server: the same user name ("admin") exists on
// many instances with different passwords and rights, and MariaDB accounts are global to a
// server; separate servers keep instances apart without renaming anyone. Why on first connect:
// a server costs ~85 MB of memory and most instances are only looked at, never connected to.
//
// The servers follow the API: after every RDS request, sync() applies what the finished jobs
// changed (DB users with their password, authority as GRANTs, host pattern, TLS requirement;
// DB schemas) to every running server, before the answer leaves, so a client that saw a job
// COMPLETED can use its result at once.
//
// Without MariaDB installed the sandbox works as before: ports and endpoints are still reported,
// and a connection gets a MySQL error packet saying what to install (the driver shows it as
// the connection error). `missing` and the control route /_sandbox/rds/mariadb say the same.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { nativePasswordHash, type RdsState } from '../state';
import type { DbUser, Instance } from '../types';
import { mariaDbMissing, type MariaDbServer, sqlIdent, sqlString, startMariaDb, watchedTempDir } from './server';
import { makeTlsCertificates, serverCertificate, type TlsCertificates } from './tlsCertificates';
import { isSshServer, peerExecutable } from './peerProcess';

/** The dbPort range of the API (RDS spec: 3306 to 43306). */
const DB_PORT_MIN = 3306;
const DB_PORT_MAX = 43306;

/** The password of the seeded DB users (admin, app, readonly): fixed so the README and `npm run sandbox` can show it. */
export const SANDBOX_DB_PASSWORD = 'sandbox-db-password';
const SANDBOX_DB_PASSWORD_HASH = nativePasswordHash(SANDBOX_DB_PASSWORD);

/** Global privileges of each authorityType (spec: READ = SELECT queries, CRUD = DML, DDL = DDL, ALL = all). */
export const AUTHORITY_PRIVILEGES: Record<DbUser['authorityType'], string> = {
  READ: 'SELECT, SHOW VIEW, PROCESS, REPLICATION CLIENT',
  CRUD: 'SELECT, SHOW VIEW, PROCESS, REPLICATION CLIENT, INSERT, UPDATE, DELETE, CREATE TEMPORARY TABLES, LOCK TABLES, EXECUTE',
  DDL:
    'SELECT, SHOW VIEW, PROCESS, REPLICATION CLIENT, INSERT, UPDATE, DELETE, CREATE TEMPORARY TABLES, LOCK TABLES, EXECUTE, ' +
    'CREATE, DROP, ALTER, INDEX, REFERENCES, CREATE VIEW, CREATE ROUTINE, ALTER ROUTINE, EVENT, TRIGGER',
  // CUSTOM: privileges granted outside the service (the console's own grants); the sandbox gives
  // what READ gives. ALL: every privilege of the server's users.
  CUSTOM: 'SELECT, SHOW VIEW, PROCESS, REPLICATION CLIENT',
  ALL: 'ALL PRIVILEGES',
};

const REQUIRE: Record<DbUser['tlsOption'], string> = { NONE: 'NONE', SSL: 'SSL', X509: 'X509' };

/** What /_sandbox/rds/mariadb answers. */
export interface SandboxDatabasesStatus {
  /** Undefined when MariaDB can run here; else what to install. */
  missing?: string;
  /** The CA that signed every server's certificate (once the first server started). */
  caFile?: string;
  /** `port`: the instance's dbPort (the relay); `server`: its MariaDB's own port and directory, once started. */
  instances: {
    dbInstanceId: string;
    dbInstanceName: string;
    port: number;
    running: boolean;
    /** Reachable only through an SSH bastion (setPrivate). */
    private: boolean;
    /** The names its server's certificate is for, when not the shared one's (setCertificateNames). */
    certificateNames?: string[];
    server?: { port: number; dir: string };
  }[];
}

interface Attached {
  inst: Instance;
  listener: Server;
  port: number;
  server?: Promise<MariaDbServer>;
  /** The server once started. */
  running?: MariaDbServer;
  /** What the running server has: `user:<name>@<host>` / `schema:<name>` -> fingerprint. */
  applied: Map<string, string>;
  clients: Set<Socket>;
}

export class SandboxDatabases {
  /** Undefined when MariaDB (with the client and openssl) is installed; else what to install. */
  readonly missing = mariaDbMissing({ tls: true });
  private readonly attached = new Map<string, Attached>();
  private syncing: Promise<void> = Promise.resolve();
  private certDir?: ReturnType<typeof watchedTempDir>;
  private certificates?: Promise<TlsCertificates>;
  /** Instances whose server presents a certificate for other names (setCertificateNames). */
  private readonly certificateNames = new Map<string, string[]>();
  private closed = false;

  constructor(private readonly state: RdsState) {}

  /** Ports for new instances, none for deleted ones, and every running server in step with the API. Serialized. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.syncNow()).catch(() => undefined);
    return this.syncing;
  }

  /** The server of an instance, started if needed (the relay calls this on the first connection). */
  serverOf(dbInstanceId: string): Promise<MariaDbServer> {
    const a = this.attached.get(dbInstanceId);
    if (!a) return Promise.reject(new Error(`The sandbox has no database for DB instance ${dbInstanceId}.`));
    return this.start(a);
  }

  /**
   * Where the sandbox's SSH bastion (../../bastion.ts) forwards a connection to 127.0.0.1:`port`:
   * the database server of the instance whose dbPort that is (started if needed), reached as a
   * bastion in the instance's VPC reaches it, private or not; undefined for any other port.
   */
  async bastionTarget(port: number): Promise<{ host: string; port: number } | undefined> {
    const a = [...this.attached.values()].find((x) => x.port === port);
    if (!a) return undefined;
    const server = await this.start(a);
    return { host: server.host, port: server.port };
  }

  status(): SandboxDatabasesStatus {
    return {
      missing: this.missing,
      caFile: this.certDir && this.certificates ? join(this.certDir.dir, 'ca.pem') : undefined,
      instances: [...this.attached.values()].map((a) => ({
        dbInstanceId: a.inst.dbInstanceId,
        dbInstanceName: a.inst.dbInstanceName,
        port: a.port,
        running: !!a.running,
        private: this.state.privateDatabases.has(a.inst.dbInstanceId),
        certificateNames: this.certificateNames.get(a.inst.dbInstanceId),
        server: a.running ? { port: a.running.port, dir: a.running.dir } : undefined,
      })),
    };
  }

  /**
   * Makes an instance's database private, as one without public access is in a VPC: its relay
   * then answers only connections that an SSH server (a bastion's tunnel) opened, and refuses
   * any other with a MySQL error saying so. Linux only (the kernel says who connected).
   */
  setPrivate(dbInstanceId: string, isPrivate: boolean): void {
    if (isPrivate) this.state.privateDatabases.add(dbInstanceId);
    else this.state.privateDatabases.delete(dbInstanceId);
  }

  /**
   * Makes an instance's server present a certificate for other names (subjectAltName entries such
   * as `DNS:db.other.example`), signed by the sandbox's CA: a client that trusts the CA and checks
   * the name must refuse it. `undefined`: the shared certificate (127.0.0.1) again. A running
   * server stops (its connections end); the next connection starts it with that certificate.
   */
  async setCertificateNames(dbInstanceId: string, names: string[] | undefined): Promise<void> {
    const a = this.attached.get(dbInstanceId);
    if (!a) throw new Error(`The sandbox has no database for DB instance ${dbInstanceId}.`);
    if (names?.length) this.certificateNames.set(dbInstanceId, names);
    else this.certificateNames.delete(dbInstanceId);
    const starting = a.server;
    if (!starting) return;
    a.server = undefined;
    a.running = undefined;
    a.applied = new Map();
    for (const c of a.clients) c.destroy();
    await (await starting.catch(() => undefined))?.stop();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.syncing;
    await Promise.all([...this.attached.values()].map((a) => this.detach(a)));
    await this.certDir?.remove();
  }

  private async syncNow(): Promise<void> {
    if (this.closed) return;
    const live = new Set<string>();
    const opening: Promise<void>[] = [];
    for (const region of Object.values(this.state.regions)) {
      for (const inst of region.instances.values()) {
        if (this.state.withoutDatabase.has(inst)) continue;
        live.add(inst.dbInstanceId);
        const a = this.attached.get(inst.dbInstanceId);
        if (!a) opening.push(this.attach(inst));
        else if (inst.dbPort !== a.port) opening.push(this.move(a, inst.dbPort));
      }
    }
    await Promise.all(opening);
    for (const [id, a] of this.attached) if (!live.has(id)) await this.detach(a);
    await Promise.all(
      [...this.attached.values()].filter((a) => a.server).map(async (a) => this.apply(a, await a.server!)),
    );
  }

  private async attach(inst: Instance): Promise<void> {
    const a: Attached = {
      inst,
      listener: undefined as unknown as Server,
      port: 0,
      applied: new Map(),
      clients: new Set(),
    };
    // A state kept in a data folder: the port the instance had before, when it is free (a saved
    // connection of the person still points there).
    [a.listener, a.port] = await this.listenInDbPortRange(a, this.state.restored ? inst.dbPort : undefined);
    inst.dbPort = a.port;
    this.attached.set(inst.dbInstanceId, a);
  }

  /**
   * modifyDbInstance changed dbPort: the relay moves there when that port is free on 127.0.0.1
   * (connections already open stay); when it is not, dbPort goes back to the port that answers.
   */
  private async move(a: Attached, port: number): Promise<void> {
    try {
      const [listener] = await this.listen(a, port);
      a.listener.close();
      a.listener = listener;
      a.port = port;
    } catch {
      a.inst.dbPort = a.port;
    }
  }

  /**
   * A free loopback port that is also a valid dbPort: the API allows 3306 to 43306, and the forms
   * (restore, replicate) start from the source instance's port, so a port outside that range
   * would make them refuse their own defaults. Random tries above 4306 (3306 and its neighbours
   * may belong to a MariaDB of the machine).
   */
  private async listenInDbPortRange(a: Attached, first?: number): Promise<[Server, number]> {
    if (first !== undefined && first >= DB_PORT_MIN + 1000 && first <= DB_PORT_MAX) {
      try {
        return await this.listen(a, first);
      } catch {
        // Taken by now: another one.
      }
    }
    for (let attempt = 0; attempt < 100; attempt++) {
      const port = DB_PORT_MIN + 1000 + Math.floor(Math.random() * (DB_PORT_MAX - DB_PORT_MIN - 1000));
      try {
        return await this.listen(a, port);
      } catch {
        // Taken: try another.
      }
    }
    throw new Error(
      `No free port between ${DB_PORT_MIN} and ${DB_PORT_MAX} on 127.0.0.1 for ${a.inst.dbInstanceName}.`,
    );
  }

  private listen(a: Attached, port: number): Promise<[Server, number]> {
    const listener = createServer((client) => this.relay(a, client));
    return new Promise((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => resolve([listener, (listener.address() as { port: number }).port]));
    });
  }

  private async detach(a: Attached): Promise<void> {
    this.attached.delete(a.inst.dbInstanceId);
    for (const c of a.clients) c.destroy();
    await new Promise<void>((resolve) => a.listener.close(() => resolve()));
    const server = await a.server?.catch(() => undefined);
    await server?.stop();
  }

  private start(a: Attached): Promise<MariaDbServer> {
    if (this.missing) return Promise.reject(new Error(`The sandbox cannot serve this database: ${this.missing}`));
    a.server ??= (async () => {
      const certificates = await this.certificatesOf(a.inst.dbInstanceId);
      const server = await startMariaDb({ certificates });
      // Deleted while starting, or the sandbox closed: stop it again.
      if (this.closed || this.attached.get(a.inst.dbInstanceId) !== a) {
        await server.stop();
        throw new Error(`DB instance ${a.inst.dbInstanceName} no longer exists in the sandbox.`);
      }
      await this.apply(a, server);
      a.running = server;
      return server;
    })();
    // A failed start may be retried by the next connection.
    a.server.catch(() => {
      if (this.attached.get(a.inst.dbInstanceId) === a) a.server = undefined;
    });
    return a.server;
  }

  private sharedCertificates(): Promise<TlsCertificates> {
    this.certificates ??= (async () => {
      // Removed by close(), or by its watchdog if this process dies without closing.
      this.certDir = watchedTempDir('nhncloud-sandbox-tls-');
      // The CA's key stays (in that directory) to sign certificates for other names.
      return makeTlsCertificates(this.certDir.dir, { keepCaKey: true });
    })();
    return this.certificates;
  }

  /** The certificate an instance's server starts with: the shared one, or one for its own names. */
  private async certificatesOf(dbInstanceId: string): Promise<TlsCertificates> {
    const shared = await this.sharedCertificates();
    const names = this.certificateNames.get(dbInstanceId);
    if (!names) return shared;
    const base = `server-${dbInstanceId.replace(/[^A-Za-z0-9-]/g, '_')}-${names.length}-${Date.now()}`;
    return serverCertificate(this.certDir!.dir, base, names);
  }

  /** Brings a running server to the instance's users and schemas as the API shows them. */
  private async apply(a: Attached, server: MariaDbServer): Promise<void> {
    const want = new Map<string, { fingerprint: string; create: string; change: string }>();
    for (const s of a.inst.schemas) {
      if (s.dbSchemaStatus === 'CREATING' || s.dbSchemaStatus === 'DELETED') continue;
      const name = sqlIdent(s.dbSchemaName);
      want.set(`schema:${s.dbSchemaName}`, {
        fingerprint: '',
        create: `CREATE DATABASE IF NOT EXISTS ${name};`,
        change: '',
      });
    }
    for (const u of a.inst.users) {
      if (u.dbUserStatus === 'CREATING' || u.dbUserStatus === 'DELETED') continue;
      const account = `${sqlString(u.dbUserName)}@${sqlString(u.host)}`;
      const password = this.state.dbPasswordHashes.get(u.dbUserId) ?? SANDBOX_DB_PASSWORD_HASH;
      const identified = `IDENTIFIED BY PASSWORD ${sqlString(password)} REQUIRE ${REQUIRE[u.tlsOption]}`;
      const grant = `GRANT ${AUTHORITY_PRIVILEGES[u.authorityType]} ON *.* TO ${account};`;
      want.set(`user:${u.dbUserName}@${u.host}`, {
        fingerprint: `${u.authorityType}|${u.tlsOption}|${password}`,
        create: `CREATE OR REPLACE USER ${account} ${identified}; ${grant}`,
        change: `ALTER USER ${account} ${identified}; REVOKE ALL PRIVILEGES, GRANT OPTION FROM ${account}; ${grant}`,
      });
    }
    const statements: string[] = [];
    for (const key of a.applied.keys()) if (!want.has(key)) statements.push(dropFor(key));
    for (const [key, w] of want) {
      const had = a.applied.get(key);
      if (had === undefined) statements.push(w.create);
      else if (had !== w.fingerprint) statements.push(w.change);
    }
    if (!statements.length) return;
    await server.sql(statements.join('\n'));
    a.applied = new Map([...want].map(([k, w]) => [k, w.fingerprint]));
  }

  /** Relays one client connection to the instance's server (started on first use). */
  private relay(a: Attached, client: Socket): void {
    a.clients.add(client);
    client.setNoDelay(true);
    client.pause();
    client.on('close', () => a.clients.delete(client));
    client.on('error', () => client.destroy());
    if (this.state.privateDatabases.has(a.inst.dbInstanceId)) {
      const peer = peerExecutable(client.remotePort ?? 0, client.localPort ?? 0);
      if (!isSshServer(peer)) {
        client.end(
          errorPacket(
            1105,
            `DB instance ${a.inst.dbInstanceName} is private: its database is reachable only through an SSH bastion in its VPC (this connection came from ${peer ?? 'a process the sandbox cannot name'}). Use Set SSH Bastion... on the instance.`,
          ),
        );
        return;
      }
    }
    this.start(a).then(
      (server) => {
        if (client.destroyed) return;
        const upstream = createConnection({ host: server.host, port: server.port, noDelay: true });
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      },
      (err: Error) => client.end(errorPacket(1105, err.message)),
    );
  }
}

/** Undoes a key applied earlier: a user or schema the API no longer shows. */
function dropFor(key: string): string {
  if (key.startsWith('schema:')) return `DROP DATABASE IF EXISTS ${sqlIdent(key.slice('schema:'.length))};`;
  const at = key.lastIndexOf('@');
  return `DROP USER IF EXISTS ${sqlString(key.slice('user:'.length, at))}@${sqlString(key.slice(at + 1))};`;
}

/**
 * A MySQL protocol ERR packet sent instead of the server greeting (as a server does for "Too
 * many connections"): sequence 0, 0xff, the error code, the message; drivers report the message.
 */
export function errorPacket(code: number, message: string): Buffer {
  const payload = Buffer.concat([Buffer.from([0xff, code & 0xff, (code >> 8) & 0xff]), Buffer.from(message, 'utf8')]);
  const header = Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, (payload.length >> 16) & 0xff, 0]);
  return Buffer.concat([header, payload]);
}
