// A throwaway MariaDB server on loopback: temporary data directory, free port, random root
// password, optionally TLS with a self-signed CA (./tlsCertificates.ts). Used by the RDS sandbox
// (one server per DB instance, see ./instances.ts) and by the tests and benchmarks through
// test/support/mariadb.mjs. Plain Node, no driver: SQL goes through the `mariadb` client over the
// server's Unix socket, so the sandbox bundle carries no MySQL driver.
//
// No system file is touched: `--no-defaults` everywhere (no /etc/mysql/*.cnf), every path under
// the temporary directory. No process is left behind: mariadbd runs under a small shell
// watchdog that stops it and removes the directory when its stdin closes, which happens when
// stop() is called and also when this Node process dies in any way (even SIGKILL).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '../../freePort';
import { findProgram, run } from './programs';
import { makeTlsCertificates, type TlsCertificates } from './tlsCertificates';

export interface MariaDbOptions {
  /** Run with TLS: a CA of its own and a server certificate for 127.0.0.1 it signed (needs openssl). */
  tls?: boolean;
  /** Parent of the temporary directory; default /dev/shm when writable (bootstrap ~4x faster), else the OS temp dir. */
  dir?: string;
  /** TCP port on 127.0.0.1; default a free one. */
  port?: number;
  /** TLS with these files (made by makeTlsCertificates) instead of a CA of its own: servers can share one CA. */
  certificates?: TlsCertificates;
}

export interface MariaDbServer {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly rootUser: 'root';
  readonly rootPassword: string;
  /** The server's Unix socket (root may use it too). */
  readonly socket: string;
  /** With `tls`: the PEM of the CA that signed the server certificate (trust it to verify the server). */
  readonly caFile?: string;
  /** The temporary directory (data, socket, certificates); removed by stop(). */
  readonly dir: string;
  /** Runs statements as root through the `mariadb` client; resolves with its tab-separated output. */
  sql(statements: string): Promise<string>;
  /** Stops exactly this server's process and removes its directory. Safe to call twice. */
  stop(): Promise<void>;
}

const SQL_DIRS = ['/usr/share/mysql', '/usr/share/mariadb', '/usr/local/share/mysql', '/usr/local/mysql/share'];
const BOOTSTRAP_FILES = ['mysql_system_tables.sql', 'mysql_performance_tables.sql', 'mysql_system_tables_data.sql'];

/** The Debian packages to install, named in every "missing" message (tests, sandbox, CI). */
export const MARIADB_PACKAGES = 'mariadb-server mariadb-client';

interface Tools {
  mariadbd: string;
  client: string;
  sqlDir: string;
}

function locateTools(tls: boolean): Tools | string {
  const mariadbd = findProgram(['mariadbd', 'mysqld']);
  const client = findProgram(['mariadb', 'mysql']);
  const sqlDir = SQL_DIRS.find((d) => BOOTSTRAP_FILES.every((f) => existsSync(join(d, f))));
  const missing: string[] = [];
  if (!mariadbd) missing.push('mariadbd');
  if (mariadbd && !sqlDir) missing.push(`the system tables scripts (${BOOTSTRAP_FILES[0]})`);
  if (!client) missing.push('the mariadb client');
  const openssl = tls ? findProgram(['openssl']) : undefined;
  if (tls && !openssl) missing.push('openssl');
  if (missing.length) {
    const pkgs = tls && !openssl ? `${MARIADB_PACKAGES} openssl` : MARIADB_PACKAGES;
    return `MariaDB is not available (${missing.join(', ')} not found): install the Debian packages ${pkgs} (sudo apt-get install ${pkgs}).`;
  }
  return { mariadbd: mariadbd!, client: client!, sqlDir: sqlDir! };
}

/** Why a MariaDB cannot be started here (what to install), or undefined when it can. */
export function mariaDbMissing(opts: { tls?: boolean } = {}): string | undefined {
  const t = locateTools(opts.tls ?? false);
  return typeof t === 'string' ? t : undefined;
}

/** Where temporary directories go: /dev/shm when writable (bootstrap ~4x faster than on disk), else the OS temp dir. */
export function defaultParent(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/** Options shared by bootstrap and server: small, fast, nothing from /etc. */
function commonArgs(dir: string): string[] {
  const args = [
    '--no-defaults',
    `--datadir=${join(dir, 'data')}`,
    `--tmpdir=${dir}`,
    '--skip-name-resolve',
    '--innodb-buffer-pool-size=16M',
    '--innodb-log-file-size=4M',
    '--innodb-doublewrite=0',
    '--innodb-flush-log-at-trx-commit=0',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_general_ci',
  ];
  // mariadbd refuses to run as root unless told which user to run as.
  if (process.getuid?.() === 0) args.push('--user=root');
  return args;
}

/** Creates the system tables the way mariadb-install-db does, minus the help tables and sys schema (~1 s instead of ~10 s). */
async function bootstrap(tools: Tools, dir: string): Promise<void> {
  const sql = [
    'create database if not exists mysql;',
    'use mysql;',
    // root@localhost with a password (set by the init file), not unix_socket authentication.
    'SET @auth_root_socket=NULL;',
    'SET @skip_auth_anonymous=1;',
    ...BOOTSTRAP_FILES.map((f) => readFileSync(join(tools.sqlDir, f), 'utf8')),
  ].join('\n');
  const log = join(dir, 'bootstrap.log');
  mkdirSync(join(dir, 'data'));
  try {
    await run(
      tools.mariadbd,
      [
        ...commonArgs(dir),
        '--bootstrap',
        `--log-error=${log}`,
        '--log-warnings=0',
        '--enforce-storage-engine=',
        '--max-allowed-packet=8M',
      ],
      sql,
      120_000,
    );
  } catch (err) {
    const tail = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((l) => /ERROR/.test(l))
          .slice(-3)
          .join(' ')
      : '';
    throw new Error(`MariaDB could not create its system tables: ${tail || (err as Error).message}`);
  }
}

// The watchdog: starts mariadbd, prints its pid, and when stdin reaches EOF (stop(), or the
// Node process gone) sends it SIGTERM; when mariadbd ends, removes the directory and exits
// with mariadbd's status.
// (A background job's stdin is /dev/null in a non-interactive shell: the watcher reads fd 3.)
const WATCHDOG = `dir=$1; shift
exec 3<&0
"$@" </dev/null 3<&- &
pid=$!
( read -r _unused <&3; kill -TERM "$pid" 2>/dev/null ) &
watcher=$!
wait "$pid"; code=$?
kill "$watcher" 2>/dev/null
rm -rf "$dir"
exit "$code"`;

/**
 * A temporary directory removed by remove(), or by a watchdog shell when this process dies in
 * any way (its stdin closes): for files that outlive no server, such as the sandbox's shared CA.
 */
export function watchedTempDir(prefix: string): { dir: string; remove(): Promise<void> } {
  const dir = mkdtempSync(join(defaultParent(), prefix));
  const child = spawn('/bin/sh', ['-c', 'read -r _unused; rm -rf "$1"', 'dir-watchdog', dir], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  // Its stdin is only ever closed, but a watchdog already gone makes that an EPIPE to ignore.
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let removed: Promise<void> | undefined;
  return {
    dir,
    remove: () =>
      (removed ??= (async () => {
        child.stdin?.end();
        await exited;
        rmSync(dir, { recursive: true, force: true });
      })()),
  };
}

/** Starts a MariaDB on 127.0.0.1 and resolves once it accepts connections (root password set). */
export async function startMariaDb(opts: MariaDbOptions = {}): Promise<MariaDbServer> {
  const tools = locateTools((opts.tls ?? false) && !opts.certificates);
  if (typeof tools === 'string') throw new Error(tools);
  const dir = mkdtempSync(join(opts.dir ?? defaultParent(), 'nhncloud-mariadb-'));
  try {
    return await startIn(tools, dir, opts);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function startIn(tools: Tools, dir: string, opts: MariaDbOptions): Promise<MariaDbServer> {
  const rootPassword = randomBytes(18).toString('base64url');
  const socket = join(dir, 'mariadb.sock');
  const certs = opts.certificates ?? (opts.tls ? await makeTlsCertificates(dir) : undefined);
  await bootstrap(tools, dir);
  // Read once at start and deleted once the server is up: it holds the root password.
  const initFile = join(dir, 'init.sql');
  writeFileSync(
    initFile,
    [
      // The system tables come with password-less root@127.0.0.1, root@::1 and root@<hostname>: only
      // root@localhost (socket) and root@127.0.0.1 remain, both with the random password.
      "DELETE FROM mysql.global_priv WHERE User IN ('root', '') AND Host <> 'localhost';",
      'FLUSH PRIVILEGES;',
      `ALTER USER 'root'@'localhost' IDENTIFIED BY ${sqlString(rootPassword)};`,
      `CREATE USER 'root'@'127.0.0.1' IDENTIFIED BY ${sqlString(rootPassword)};`,
      `GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;`,
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const clientConf = join(dir, 'client.cnf');
  writeFileSync(clientConf, `[client]\nuser=root\npassword=${rootPassword}\nsocket=${socket}\nprotocol=socket\n`, {
    mode: 0o600,
  });

  let lastError: Error | undefined;
  // A free port can be taken between finding it and binding it: try another (only when none was asked for).
  for (let attempt = 0; attempt < (opts.port ? 1 : 3); attempt++) {
    const port = opts.port ?? (await freeLoopbackPort());
    const log = join(dir, `error-${attempt}.log`);
    const args = [
      ...commonArgs(dir),
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${socket}`,
      `--pid-file=${join(dir, 'mariadb.pid')}`,
      `--log-error=${log}`,
      `--init-file=${initFile}`,
      '--performance-schema=OFF',
      '--skip-log-bin',
      `--secure-file-priv=${dir}`,
      '--max-connections=200',
      '--local-infile=0',
      ...(certs ? [`--ssl-ca=${certs.ca}`, `--ssl-cert=${certs.cert}`, `--ssl-key=${certs.key}`] : []),
    ];
    // detached: a signal sent to this process's group (Ctrl-C, the e2e runner) reaches the
    // watchdog only through this process, which then stops the server in order.
    const child = spawn('/bin/sh', ['-c', WATCHDOG, 'mariadb-watchdog', dir, tools.mariadbd, ...args], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    });
    // Its stdin is only ever closed, but a watchdog already gone makes that an EPIPE to ignore.
    child.stdin?.on('error', () => undefined);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitReady(child, exited, log);
    } catch (err) {
      lastError = err as Error;
      child.stdin?.end();
      await exited;
      if (!existsSync(dir)) break; // the watchdog removed the directory: nothing to retry with
      if (!/already in use|bind on TCP\/IP port/i.test(lastError.message)) break;
      continue;
    }
    rmSync(initFile, { force: true });
    let stopped: Promise<void> | undefined;
    const server: MariaDbServer = {
      host: '127.0.0.1',
      port,
      rootUser: 'root',
      rootPassword,
      socket,
      caFile: certs?.ca,
      dir,
      sql: (statements) =>
        run(tools.client, [`--defaults-file=${clientConf}`, '--batch', '--skip-column-names'], statements),
      stop: () =>
        (stopped ??= (async () => {
          child.stdin?.end();
          const timer = setTimeout(() => killGroup(child), 20_000);
          await exited;
          clearTimeout(timer);
          rmSync(dir, { recursive: true, force: true });
        })()),
    };
    return server;
  }
  throw lastError ?? new Error('MariaDB did not start.');
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function waitReady(child: ChildProcess, exited: Promise<number | null>, log: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let gone = false;
  void exited.then(() => (gone = true));
  const readLog = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
  for (;;) {
    const text = readLog();
    if (/ready for connections/.test(text)) return;
    if (gone || Date.now() > deadline) {
      const errors = text
        .split('\n')
        .filter((l) => /\[ERROR\]/.test(l))
        .slice(-3)
        .map((l) => l.replace(/^.*\[ERROR\]\s*/, ''))
        .join(' ');
      if (!gone) killGroup(child);
      throw new Error(`MariaDB did not start${gone ? '' : ' within 60 s'}: ${errors || 'no error in its log'}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Quotes a string literal for SQL (the sandbox builds statements from API input). */
export function sqlString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Quotes an identifier (schema names from the API). */
export function sqlIdent(s: string): string {
  return `\`${s.replace(/`/g, '``')}\``;
}
