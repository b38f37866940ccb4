// A one-node OpenStack Swift with its S3 layer (s3api + tempauth + memcache), on loopback, from
// the Debian packages: the software behind NHN Cloud Object Storage, for unit tests, end-to-end
// scenarios and benchmarks. Plain ESM JavaScript with JSDoc types, so .ts tests (through tsx),
// .mjs scenarios and scripts/bench all import it.
//
//   const swift = await startSwift();           // { endpoint, accessKey, secretKey, region, stop }
//   ...
//   await swift.stop();                          // kills exactly the processes it started
//
// Why each setting (learned the hard way, see CHANGELOG 'Swift'): one device that is a plain
// folder, rings of one replica, mount_check off and fallocate off (no real disks); `cache`
// in the pipeline with a memcached next to it (without it every S3 call is InternalError
// "swift.cache could not be found in env"); servers run with -v so their logs go to DIR/log
// (they go to syslog otherwise, and there is none here).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';

/** The executables a Swift test server needs, with the Debian package of each. */
const NEEDED = [
  ['swift-ring-builder', 'swift'],
  ['swift-proxy-server', 'swift-proxy'],
  ['swift-account-server', 'swift-account'],
  ['swift-container-server', 'swift-container'],
  ['swift-object-server', 'swift-object'],
  ['memcached', 'memcached'],
];

const SEARCH_PATH = ['/usr/bin', '/usr/local/bin', '/usr/sbin', ...(process.env.PATH ?? '').split(':')].filter(Boolean);

/** @param {string} name @param {string[]} [searchPath] */
function which(name, searchPath = SEARCH_PATH) {
  for (const dir of searchPath) if (existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

/**
 * What to install for a Swift test server, or undefined when everything is there.
 * @param {string[]} [searchPath]  where to look (default: /usr/bin, /usr/local/bin, /usr/sbin, PATH)
 * @returns {string | undefined}
 */
export function swiftMissing(searchPath = SEARCH_PATH) {
  const packages = NEEDED.filter(([bin]) => !which(bin, searchPath)).map(([, pkg]) => pkg);
  if (!packages.length) return undefined;
  return (
    `OpenStack Swift is not installed (missing: ${packages.join(', ')}). The object storage tests run against it: ` +
    'install it with `sudo apt-get install -y swift swift-proxy swift-account swift-container swift-object memcached` (`npm test` does this itself: scripts/system-packages.sh).'
  );
}

/**
 * A free loopback port below the ephemeral range (src/sandbox/freePort.ts says why; written again
 * here because this module runs in plain Node): one the OS picks with listen(0) may be taken by any
 * outgoing connection in the seconds before Swift binds it (a CI run: "Could not bind to
 * 127.0.0.1:43199 after trying for 30 seconds").
 */
async function freePort() {
  let top = 32768;
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 4096) top = low;
  } catch {
    /* not Linux: 32768 is below Windows' and macOS' ephemeral ranges */
  }
  const low = Math.min(10_000, top - 1000);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (top - low));
    const free = await new Promise((done) => {
      const srv = createServer();
      srv.once('error', () => done(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free loopback port between ${low} and ${top}`);
}

/**
 * The three rings (one device, one replica) in one Python process: nine swift-ring-builder runs
 * start Python nine times, about a second each on a busy machine.
 * @param {string} etc @param {Record<string, number>} ports
 */
function buildRings(etc, ports) {
  const builder = which('swift-ring-builder') ?? 'swift-ring-builder';
  // The interpreter Swift is installed for (its scripts' #! line), not whichever python3 is first on PATH.
  const python = /^#!\s*(\S+)/.exec(readFileSync(builder, 'utf8').split('\n', 1)[0])?.[1] ?? '/usr/bin/python3';
  const script = [
    'import json, sys',
    'from swift.common.ring import RingBuilder',
    'for kind, port in json.loads(sys.argv[1]).items():',
    '    b = RingBuilder(8, 1, 1)',
    "    b.add_dev({'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': port, 'device': 'd1', 'weight': 1})",
    '    b.rebalance()',
    "    b.get_ring().save(kind + '.ring.gz')",
  ].join('\n');
  execFileSync(python, ['-c', script, JSON.stringify(ports)], { cwd: etc, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** True when something accepts connections on the loopback port. @param {number} port */
function listening(port) {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @typedef {object} SwiftServer
 * @property {string} endpoint   The S3 endpoint, path-style: `http://127.0.0.1:PORT`.
 * @property {string} accessKey  tempauth's `account:user` (`test:tester`: with a colon).
 * @property {string} secretKey
 * @property {string} region     The s3api `location` (the SigV4 region it expects): `KR1`.
 * @property {string} dir        Its folder: etc/, srv/ (the objects), log/ (each server's log).
 * @property {number[]} pids     The processes it started (memcached and the four servers).
 * @property {() => Promise<void>} stop  Kills exactly those processes and waits for them to end.
 */

/** Processes started by this module and not yet stopped: killed when this process exits. */
const running = new Set();
let exitHookInstalled = false;
function killRunning() {
  for (const child of running) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
/** A test run that ends, is interrupted or is killed by its runner's timeout leaves no Swift behind. */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killRunning);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.once(signal, () => {
      killRunning();
      // Nobody else handles it: end as the signal would have without this hook.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

/**
 * Starts a Swift with s3api on loopback (about 2 s and 5 core-seconds on this machine).
 * @param {{ dir?: string, port?: number, region?: string, accounts?: number }} [opts]  dir: where
 *   its files go (default a new temporary folder, removed by stop()); port: the S3 port (default a
 *   free one); accounts: how many more tempauth accounts (`lease1:tester` ...) it has for
 *   leaseSwift (default none).
 * @returns {Promise<SwiftServer>}
 */
export async function startSwift(opts = {}) {
  const missing = swiftMissing();
  if (missing) throw new Error(missing);
  const ownDir = !opts.dir;
  const dir = resolve(opts.dir ?? mkdtempSync(join(tmpdir(), 'nhncloud-swift-')));
  const region = opts.region ?? 'KR1';
  rmSync(join(dir, 'etc'), { recursive: true, force: true });
  rmSync(join(dir, 'srv'), { recursive: true, force: true });
  for (const sub of ['etc', 'srv/d1', 'log']) mkdirSync(join(dir, sub), { recursive: true });
  const port = opts.port ?? (await freePort());
  const memcachePort = await freePort();
  const user = userInfo().username;

  writeFileSync(
    join(dir, 'etc/swift.conf'),
    '[swift-hash]\nswift_hash_path_suffix = local\nswift_hash_path_prefix = local\n[storage-policy:0]\nname = gold\ndefault = yes\n',
  );
  /** @type {Record<string, number>} */
  const backendPorts = {};
  for (const kind of ['object', 'container', 'account']) {
    const p = (backendPorts[kind] = await freePort());
    writeFileSync(
      join(dir, `etc/${kind}-server.conf`),
      [
        '[DEFAULT]',
        `devices = ${join(dir, 'srv')}`,
        'mount_check = false',
        'disable_fallocate = true',
        'bind_ip = 127.0.0.1',
        `bind_port = ${p}`,
        'workers = 0', // no forked worker: the process started is the one that serves, and the one stop() ends
        `swift_dir = ${join(dir, 'etc')}`,
        `user = ${user}`,
        '[pipeline:main]',
        `pipeline = ${kind}-server`,
        `[app:${kind}-server]`,
        `use = egg:swift#${kind}`,
        '',
      ].join('\n'),
    );
  }
  buildRings(join(dir, 'etc'), backendPorts);
  writeFileSync(
    join(dir, 'etc/proxy-server.conf'),
    [
      '[DEFAULT]',
      'bind_ip = 127.0.0.1',
      `bind_port = ${port}`,
      'workers = 0', // no forked worker: the process started is the one that serves, and the one stop() ends
      `swift_dir = ${join(dir, 'etc')}`,
      `user = ${user}`,
      '[pipeline:main]',
      'pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server',
      '[app:proxy-server]',
      'use = egg:swift#proxy',
      'account_autocreate = true',
      '[filter:tempauth]',
      'use = egg:swift#tempauth',
      'user_test_tester = testing .admin',
      ...Array.from({ length: opts.accounts ?? 0 }, (_, i) => `user_lease${i + 1}_tester = testing .admin`),
      '[filter:s3api]',
      'use = egg:swift#s3api',
      `location = ${region}`,
      '[filter:cache]',
      'use = egg:swift#memcache',
      `memcache_servers = 127.0.0.1:${memcachePort}`,
      ...[
        'catch_errors',
        'gatekeeper',
        'healthcheck',
        'proxy-logging',
        'listing_formats',
        'copy',
        'slo',
        'dlo',
      ].flatMap((f) => [`[filter:${f}]`, `use = egg:swift#${f.replace('-', '_')}`]),
      '',
    ].join('\n'),
  );

  installExitHook();
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** @param {string} name @param {string[]} args */
  const launch = (name, args) => {
    const log = openSync(join(dir, 'log', `${name}.log`), 'w');
    const child = spawn(which(name === 'memcached' ? 'memcached' : `swift-${name}-server`) ?? name, args, {
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    // Not keeping this process alive: a run whose stop() was never reached still ends (and the
    // exit hook then kills what is left) instead of hanging.
    child.unref();
    children.push(child);
    running.add(child);
    child.once('exit', () => running.delete(child));
  };
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done(undefined);
            const force = setTimeout(() => child.kill('SIGKILL'), 3000);
            child.once('exit', () => {
              clearTimeout(force);
              done(undefined);
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };

  try {
    launch('memcached', ['-u', user, '-l', '127.0.0.1', '-p', String(memcachePort), '-m', '64']);
    for (const kind of ['object', 'container', 'account', 'proxy'])
      launch(kind, [join(dir, `etc/${kind}-server.conf`), '-v']);
    const endpoint = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 180_000;
    for (;;) {
      const dead = children.find((c) => c.exitCode !== null || c.signalCode !== null);
      if (dead)
        throw new Error(
          `a Swift server ended while starting (${dead.spawnfile}, exit ${dead.exitCode ?? dead.signalCode})`,
        );
      // The backends first: a request the proxy cannot pass on marks that server as failing, and
      // the proxy then answers 503 ("Please reduce your request rate") for a minute.
      const backends = await Promise.all(Object.values(backendPorts).map(listening));
      const ok =
        backends.every(Boolean) &&
        (await fetch(`${endpoint}/healthcheck`).then(
          (r) => r.ok,
          () => false,
        ));
      if (ok) break;
      if (Date.now() > deadline)
        throw new Error('Swift did not answer its health check within 180 s; the end of each log follows');
      await sleep(100);
    }
    return {
      endpoint,
      accessKey: 'test:tester',
      secretKey: 'testing',
      region,
      dir,
      pids: children.map((c) => c.pid ?? 0),
      stop,
    };
  } catch (err) {
    const logs = ['proxy', 'object', 'container', 'account', 'memcached']
      .map((n) => {
        try {
          return `--- ${n}.log\n${readFileSync(join(dir, 'log', `${n}.log`), 'utf8').slice(-2000)}`;
        } catch {
          return '';
        }
      })
      .join('\n');
    await stop();
    throw new Error(`${/** @type {Error} */ (err).message}\n${logs}`);
  }
}

/**
 * The environment variable through which `npm run test:unit` hands its test files one Swift
 * (scripts/unit-tests.mjs): JSON `{ endpoint, region, dir, accounts }`.
 */
export const SHARED_SWIFT_ENV = 'NHNCLOUD_TEST_SWIFT';

/**
 * Starts one Swift with `accounts` accounts to lease and hands it to the test files of a run
 * through SHARED_SWIFT_ENV: leaseSwift() in this process, or in a process it starts after this.
 * @param {number} accounts
 * @returns {Promise<SwiftServer>}
 */
export async function startSharedSwift(accounts) {
  const swift = await startSwift({ accounts });
  process.env[SHARED_SWIFT_ENV] = JSON.stringify({
    endpoint: swift.endpoint,
    region: swift.region,
    dir: swift.dir,
    accounts,
  });
  return swift;
}

/**
 * A Swift for one test file. When the run shares one (SHARED_SWIFT_ENV), an account of it that no
 * other file has had: a Swift account is its own namespace of buckets and objects, so a file sees
 * nothing another left, as with a server of its own, for none of the 5 core-seconds a start
 * costs. An account is leased once per run (a folder created under the server's `leases/`, which
 * only one process can create) and never given back, so nothing has to be cleaned between files.
 * Without a shared server, or with every account taken, the file starts its own.
 * @returns {Promise<SwiftServer>}
 */
export async function leaseSwift() {
  const shared = process.env[SHARED_SWIFT_ENV];
  if (shared) {
    const { endpoint, region, dir, accounts } = JSON.parse(shared);
    mkdirSync(join(dir, 'leases'), { recursive: true });
    for (let i = 1; i <= accounts; i++) {
      try {
        mkdirSync(join(dir, 'leases', String(i)));
      } catch {
        continue; // another file has it
      }
      return {
        endpoint,
        accessKey: `lease${i}:tester`,
        secretKey: 'testing',
        region,
        dir,
        pids: [],
        stop: async () => {},
      };
    }
  }
  return startSwift();
}
