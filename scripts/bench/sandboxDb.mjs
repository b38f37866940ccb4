// Figures of the sandbox's real databases (src/sandbox/rds/mariadb): what the lazy design costs
// and saves. Printed, never asserted. `node scripts/bench/sandboxDb.mjs [--runs N]` (default 3).
//   - sandbox start with a relay port per seeded instance, and its close
//   - first connection to an instance (starts its MariaDB, creates users and schemas) to the
//     result of SELECT 1, against a later connection (server running)
//   - the relay's cost: connect + SELECT 1, and 100,000 rows x 6 columns, through the relay
//     (the instance's dbPort) and straight to the server's own port
//   - resident memory of one instance's server
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';
import { createConnection } from 'mysql2/promise';
import { stats } from './lib.mjs';

const { startSandbox } = tsxRequire('../../src/sandbox/index.ts', import.meta.url);
const { SANDBOX_DB_PASSWORD } = tsxRequire('../../src/sandbox/rds/mariadb/databases.ts', import.meta.url);
const { mariaDbMissing } = tsxRequire('../../src/sandbox/rds/mariadb/server.ts', import.meta.url);

const ROWS_SQL =
  "SELECT seq AS id, seq * 2 AS twice, CONCAT('name-', seq) AS name, seq % 7 AS bucket, NOW() AS at, REPEAT('x', 20) AS pad FROM seq_1_to_100000";

async function timeQuery(opts, sql) {
  const t0 = performance.now();
  const conn = await createConnection(opts);
  const [rows] = await conn.query(sql);
  const ms = performance.now() - t0;
  await conn.end();
  return { ms, rows: rows.length };
}

const rssMb = (pid) =>
  Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;

/** One run: a fresh sandbox, two instances connected cold then warm, relay against direct. */
async function oneRun() {
  const out = {};
  let t0 = performance.now();
  const sb = await startSandbox({ timeScale: 5 });
  out.sandboxStartMs = performance.now() - t0;
  const instances = sb.rds.databases.status().instances;
  out.relayPorts = instances.length;
  const [a, b] = ['staging-api', 'legacy-crm'].map((n) => instances.find((i) => i.dbInstanceName === n));
  const login = (port) => ({
    host: '127.0.0.1',
    port,
    user: 'admin',
    password: SANDBOX_DB_PASSWORD,
    database: 'staging_api',
  });
  out.firstConnectMs = (await timeQuery(login(a.port), 'SELECT 1')).ms;
  out.secondInstanceFirstConnectMs = (await timeQuery({ ...login(b.port), database: 'legacy_crm' }, 'SELECT 1')).ms;
  const warm = [];
  for (let i = 0; i < 5; i++) warm.push((await timeQuery(login(a.port), 'SELECT 1')).ms);
  out.warmConnectMs = stats(warm).median;
  // Straight to the server's own port, as root (admin is the same account on it).
  const server = await sb.rds.databases.serverOf(a.dbInstanceId);
  const direct = [];
  for (let i = 0; i < 5; i++) direct.push((await timeQuery(login(server.port), 'SELECT 1')).ms);
  out.directConnectMs = stats(direct).median;
  out.rows100kRelayMs = (await timeQuery(login(a.port), ROWS_SQL)).ms;
  out.rows100kDirectMs = (await timeQuery(login(server.port), ROWS_SQL)).ms;
  const pid = readFileSync(`${server.dir}/mariadb.pid`, 'utf8').trim();
  out.serverRssMb = rssMb(pid);
  t0 = performance.now();
  await sb.close();
  out.closeMs = performance.now() - t0;
  return out;
}

export async function benchSandboxDatabases({ runs = 3, log = console.error } = {}) {
  const missing = mariaDbMissing({ tls: true });
  if (missing) throw new Error(missing);
  const all = [];
  for (let i = 0; i < runs; i++) {
    all.push(await oneRun());
    log(
      `[bench] sandbox databases run ${i + 1}/${runs}: ${JSON.stringify(all.at(-1), (k, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`,
    );
  }
  return Object.fromEntries(Object.keys(all[0]).map((k) => [k, stats(all.map((r) => r[k]))]));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--runs');
  const figures = await benchSandboxDatabases({ runs: i > 0 ? Number(process.argv[i + 1]) : 3 });
  const f = (x) => (x === null ? 'n/a' : Math.round(x * 10) / 10);
  console.log(['figure'.padEnd(32), 'median'.padStart(9), 'min'.padStart(9), 'max'.padStart(9)].join(' '));
  for (const [k, s] of Object.entries(figures))
    console.log(
      [k.padEnd(32), String(f(s.median)).padStart(9), String(f(s.min)).padStart(9), String(f(s.max)).padStart(9)].join(
        ' ',
      ),
    );
}
