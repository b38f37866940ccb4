// The query console's Speed figures (issue 17), against a real MariaDB started here
// (test/support/mariadb.mjs) and beside the `mariadb` command-line client in the same run:
//   - 100,000 rows x 6 columns fetched whole by the console's runner (src/rds/connection/
//     queryRunner.ts, batches serialized as postMessage would) vs `mariadb --batch` to /dev/null;
//   - the first batch out of the runner after Run;
//   - memory growth of the process that runs the runner while the whole result streams through;
//   - connect with a known password to the first result of `SELECT 1` (mysql2, loopback).
// The figures a person sees in the grid (first rows drawn, a scroll frame) need the code-server
// harness of ui.mjs and are reported as not measured here.
//
// usage: node scripts/bench/sql.mjs [--runs N]   (or through run.mjs: --only sql)
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';
import { mariaDbMissing, startMariaDb } from '../../test/support/mariadb.mjs';
import { fmt, stats } from './lib.mjs';

const ROWS = 100_000;
const QUERY = 'SELECT id, name, email, amount, created, note FROM bench.rows100k';

/** @param {{ runs?: number, log?: (...a: unknown[]) => void }} [opts] */
export async function benchSql({ runs = 5, log = console.error } = {}) {
  const missing = mariaDbMissing();
  if (missing) throw new Error(missing);
  const { runStatement, killQuery } = tsxRequire('../../src/rds/connection/queryRunner.ts', import.meta.url);
  const mysql = tsxRequire('mysql2/promise', import.meta.url);
  const db = await startMariaDb();
  try {
    const options = { host: db.host, port: db.port, user: db.rootUser, password: db.rootPassword };
    const setup = await mysql.createConnection(options);
    await setup.query('CREATE DATABASE bench');
    await setup.query('USE bench');
    await setup.query(
      'CREATE TABLE bench.rows100k (id INT PRIMARY KEY, name VARCHAR(40), email VARCHAR(80), amount DECIMAL(12,2), created DATETIME, note VARCHAR(100))',
    );
    await setup.query(
      `INSERT INTO bench.rows100k SELECT seq, CONCAT('name ', seq), CONCAT('user', seq, '@example.com'), seq * 1.25, '2026-01-01 00:00:00' + INTERVAL seq SECOND, REPEAT('n', 1 + seq % 60) FROM seq_1_to_${ROWS}`,
    );
    await setup.end();
    log('[bench] sql: table of 100,000 rows ready');

    const cli = [];
    const runner = [];
    const firstBatch = [];
    const growth = [];
    const connectFirst = [];
    for (let i = 0; i < runs; i++) {
      // The command-line client, writing the result to /dev/null.
      const t0 = performance.now();
      const r = spawnSync(
        'mariadb',
        ['--no-defaults', `--host=${db.host}`, `--port=${db.port}`, `--user=${db.rootUser}`, '--batch', '-e', QUERY],
        {
          env: { ...process.env, MYSQL_PWD: db.rootPassword },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      if (r.status !== 0) throw new Error(`mariadb --batch failed: ${String(r.stderr).trim()}`);
      cli.push(performance.now() - t0);
      log(`[bench] sql: run ${i + 1}: mariadb --batch ${fmt(cli[i], 0)} ms`);

      // The console's runner, each batch serialized as VS Code's postMessage does (JSON).
      const conn = await mysql.createConnection({ ...options, database: 'bench' });
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      let first;
      let rows = 0;
      const t1 = performance.now();
      await runStatement(
        conn,
        QUERY,
        {
          columns: () => undefined,
          rows: (batch) => {
            first ??= performance.now() - t1;
            rows += batch.length;
            JSON.stringify(batch);
            peak = Math.max(peak, process.memoryUsage().rss);
            return new Promise((res) => setImmediate(res));
          },
        },
        { kill: (id) => killQuery(() => mysql.createConnection(options), id) },
      );
      runner.push(performance.now() - t1);
      if (rows !== ROWS) throw new Error(`the runner returned ${rows} rows, not ${ROWS}`);
      firstBatch.push(first);
      growth.push((peak - rssBefore) / 2 ** 20);
      await conn.end();

      // Connect with a known password to the first result of SELECT 1.
      const t2 = performance.now();
      const c = await mysql.createConnection(options);
      await c.query('SELECT 1');
      connectFirst.push(performance.now() - t2);
      await c.end();
    }
    const ratio = runner.map((v, i) => v / cli[i]);
    const out = {
      rows: ROWS,
      columns: 6,
      mariadbBatchMs: stats(cli),
      runnerWholeResultMs: stats(runner),
      runnerVsMariadb: stats(ratio),
      runnerFirstBatchMs: stats(firstBatch),
      runnerRssGrowthMB: stats(growth),
      connectToSelect1Ms: stats(connectFirst),
      notMeasuredHere: [
        'first rows drawn in the grid after Run',
        'a scroll frame in the grid',
        'extension-host memory growth (the figure above is the runner process)',
      ],
    };
    log(
      `[bench] sql: ${ROWS} rows x 6: mariadb --batch ${fmt(out.mariadbBatchMs.median, 0)} ms, runner ${fmt(out.runnerWholeResultMs.median, 0)} ms (x${fmt(out.runnerVsMariadb.median, 2)}), first batch ${fmt(out.runnerFirstBatchMs.median, 1)} ms, RSS +${fmt(out.runnerRssGrowthMB.median, 1)} MB; connect to SELECT 1 ${fmt(out.connectToSelect1Ms.median, 1)} ms`,
    );
    return out;
  } finally {
    await db.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--runs');
  const result = await benchSql({ runs: i >= 0 ? Number(process.argv[i + 1]) : 5 });
  console.log(JSON.stringify(result, null, 2));
}
