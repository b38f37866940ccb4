// Completion's Speed figures (issue 28), against a real MariaDB started here with a schema of
// 2,000 tables x 30 columns (each with a primary key and one more index):
//   - its metadata read by src/database/sqlAssist/metadata.ts (four queries on one loopback
//     connection, opened inside the timing as the console's completion does);
//   - completion lists (src/database/sqlAssist/assist.ts) for a list of caret positions in real
//     statements against that metadata, each list checked for the item its caret must offer.
// Measured in Node, with the code the extension host runs; VS Code's own drawing of the list is
// not in it.
//
// usage: node scripts/bench/completion.mjs [--runs N]   (or through run.mjs: --only completion)
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { require as tsxRequire } from 'tsx/cjs/api';
import { mariaDbMissing, startMariaDb } from '../../test/support/mariadb.mjs';
import { fmt, stats } from './lib.mjs';

const TABLES = 2_000;
const COLUMNS = 30;

/** Statements with a caret (`|`) and an item the list there must hold. */
const CARETS = [
  ['SELECT * FROM t0|', 't0999'],
  ['SELECT * FROM t0042 a JOIN t1042 b ON b.c01 = a.| WHERE a.c02 > 10', 'c29'],
  ['SELECT | FROM t0042 a JOIN t1042 b ON b.c01 = a.c01', 'a.c01'],
  ['SELECT a.c01, COUNT(*) FROM t0042 a WHERE a.c03 = 5 GROUP BY |', 'c05'],
  ['WITH x AS (SELECT c01, c02 FROM t0500) SELECT x.| FROM x JOIN t0501 y ON y.c01 = x.c01', 'c02'],
  ['SELECT * FROM t0007 WHERE c01 IN (SELECT c01 FROM t0008 WHERE |)', 'c30'],
  ['UPDATE t1999 SET | WHERE c01 = 1', 'c15'],
  ['INSERT INTO t0123 (c01, |) VALUES (1, 2)', 'c02'],
  ['SELECT s.| FROM (SELECT t.*, 1 AS one FROM t0300 t) s', 'one'],
  ['SELECT * FROM t0001 JOIN |', 't1500'],
];

/** @param {{ runs?: number, log?: (...a: unknown[]) => void }} [opts] */
export async function benchCompletion({ runs = 5, log = console.error } = {}) {
  const missing = mariaDbMissing();
  if (missing) throw new Error(missing);
  const { loadSchemaMetadata } = tsxRequire('../../src/database/sqlAssist/metadata.ts', import.meta.url);
  const { completionItems } = tsxRequire('../../src/database/sqlAssist/assist.ts', import.meta.url);
  const { functionsOf, serverFlavor } = tsxRequire('../../src/database/sqlAssist/builtins.ts', import.meta.url);
  const mysql = tsxRequire('mysql2/promise', import.meta.url);
  const db = await startMariaDb();
  try {
    const options = { host: db.host, port: db.port, user: db.rootUser, password: db.rootPassword };
    const setup = await mysql.createConnection({ ...options, multipleStatements: true });
    await setup.query('CREATE DATABASE bench');
    const columns = Array.from({ length: COLUMNS }, (_, i) => `c${String(i + 1).padStart(2, '0')} INT NOT NULL`);
    for (let from = 0; from < TABLES; from += 200) {
      const ddl = [];
      for (let t = from; t < from + 200; t++)
        ddl.push(
          `CREATE TABLE bench.t${String(t).padStart(4, '0')} (${columns.join(', ')}, PRIMARY KEY (c01), KEY k_c02 (c02, c03)) COMMENT 'bench table ${t}'`,
        );
      await setup.query(ddl.join(';'));
    }
    await setup.end();
    log(`[bench] completion: ${TABLES} tables x ${COLUMNS} columns ready`);

    const loadMs = [];
    let meta;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const c = await mysql.createConnection(options);
      meta = await loadSchemaMetadata(c, 'bench');
      loadMs.push(performance.now() - t0);
      await c.end();
      const cols = [...meta.tables.values()].reduce((n, t) => n + t.columns.length, 0);
      if (meta.tables.size !== TABLES || cols !== TABLES * COLUMNS)
        throw new Error(`metadata: ${meta.tables.size} tables, ${cols} columns`);
      log(`[bench] completion: metadata load ${i + 1}: ${fmt(loadMs[i], 0)} ms`);
    }

    const env = {
      schema: 'bench',
      metadata: (s) => (s === 'bench' ? meta : undefined),
      schemas: ['bench'],
      functions: functionsOf(serverFlavor(meta.serverVersion)),
    };
    const listMs = [];
    for (let round = 0; round < runs * 4; round++)
      for (const [marked, want] of CARETS) {
        const caret = marked.indexOf('|');
        const sql = marked.replace('|', '');
        const t0 = performance.now();
        const items = completionItems(sql, caret, env);
        listMs.push(performance.now() - t0);
        if (!items.some((i) => i.label === want))
          throw new Error(`"${marked}": no ${want} among ${items.length} items`);
      }
    const out = {
      tables: TABLES,
      columns: COLUMNS,
      metadataLoadMs: stats(loadMs),
      // Every list's time is not kept: 40 per caret would crowd results.json.
      completionListMs: { ...stats(listMs), runs: undefined, p95: percentile(listMs, 0.95) },
      carets: CARETS.length,
    };
    log(
      `[bench] completion: metadata ${fmt(out.metadataLoadMs.median, 0)} ms; a list ${fmt(out.completionListMs.median, 2)} ms median, ${fmt(out.completionListMs.p95, 2)} ms p95 (${listMs.length} lists)`,
    );
    return out;
  } finally {
    await db.stop();
  }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Statements with a caret (`|`) for the figure taken in VS Code, each with an item the drawn list
 * must show near its top (the suggest list draws only the rows in view, so each caret has typed
 * enough of a name for its item to be among them).
 */
const EDITOR_CARETS = [
  ['SELECT * FROM t099|', 't0990'],
  ['SELECT * FROM t0042 a JOIN t1042 b ON b.c01 = a.c2| WHERE a.c02 > 10', 'c20'],
  ['SELECT a.| FROM t0042 a JOIN t1042 b ON b.c01 = a.c01', 'c01'],
  ['SELECT a.c01, COUNT(*) FROM t0042 a WHERE a.c03 = 5 GROUP BY c0|', 'c01'],
  ['WITH x AS (SELECT c01, c02 FROM t0500) SELECT x.| FROM x JOIN t0501 y ON y.c01 = x.c01', 'c01'],
  ['SELECT * FROM t0007 WHERE c01 IN (SELECT c01 FROM t0008 WHERE c3|)', 'c30'],
  ['UPDATE t1999 SET c1| WHERE c01 = 1', 'c10'],
  ['INSERT INTO t0123 (c01, c0|) VALUES (1, 2)', 'c01'],
  ['SELECT s.| FROM (SELECT t.*, 1 AS one FROM t0300 t) s', 'c01'],
  ['SELECT * FROM t0001 JOIN t150|', 't1500'],
];

/**
 * Completion as the user gets it, in VS Code (code-server + Chromium, a console connected as
 * `connection`; called by sql.mjs's grid figure, which has one): a schema of 2,000 tables x 30
 * columns made on the sandbox's MariaDB by a procedure the console calls, then for each caret
 * of EDITOR_CARETS, `runs` times, the time from the Ctrl+Space keydown to the frame in which the
 * suggest list shows the caret's item (both stamps in the workbench page, one clock). The first
 * list after `USE` includes reading the schema's metadata: reported apart.
 */
export async function completionInEditor(t, connection, { runs = 3, log = console.error } = {}) {
  const { runInConsole, typeInConsole } = await import('../e2e/dbConsole.mjs');
  const schema = 'bench_completion';
  const columns = Array.from({ length: COLUMNS }, (_, i) => `c${String(i + 1).padStart(2, '0')} INT NOT NULL`);
  const ddl = `CREATE TABLE IF NOT EXISTS ${schema}.t', LPAD(i, 4, '0'), ' (${columns.join(', ')}, PRIMARY KEY (c01), KEY k_c02 (c02, c03))`;
  await runInConsole(
    t,
    [
      `CREATE DATABASE IF NOT EXISTS ${schema};`,
      `DROP PROCEDURE IF EXISTS ${schema}.make_tables;`,
      'DELIMITER //',
      `CREATE PROCEDURE ${schema}.make_tables() BEGIN DECLARE i INT DEFAULT 0; WHILE i < ${TABLES} DO SET @s = CONCAT('${ddl}'); PREPARE st FROM @s; EXECUTE st; DEALLOCATE PREPARE st; SET i = i + 1; END WHILE; END //`,
      'DELIMITER ;',
      `CALL ${schema}.make_tables();`,
      `USE ${schema};`,
    ].join('\n'),
    { ...connection },
  );
  // The run ends with USE: the console's status item then names the schema.
  await t.page
    .locator('.statusbar-item')
    .filter({ hasText: t.lre('$(database) {0} · {1} · {2}', connection.instance, connection.user, schema) })
    .first()
    .waitFor({ timeout: 600_000 });
  log(`[bench] completion in VS Code: ${TABLES} tables x ${COLUMNS} columns ready in ${schema}`);

  // One keydown listener for the whole figure: each Ctrl+Space stamps the time.
  await t.page.evaluate(() =>
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.code === 'Space' && e.ctrlKey) window.__completionAsked = performance.now();
      },
      { capture: true },
    ),
  );
  /** Puts the caret of `marked` in the console, asks for completion, returns the ms until `want` shows. */
  const listFor = async (marked, want) => {
    const caret = marked.indexOf('|');
    await typeInConsole(t, marked.replace('|', ''));
    await t.page.keyboard.press('Escape');
    await t.page.keyboard.press('Control+End');
    for (let k = caret; k < marked.length - 1; k++) await t.page.keyboard.press('ArrowLeft');
    await t.page.evaluate((item) => {
      window.__completionShown = undefined;
      const seen = () =>
        [...document.querySelectorAll('.suggest-widget .monaco-list-row .label-name')].some(
          (el) => el.textContent?.trim() === item,
        );
      const obs = new MutationObserver(() => {
        if (!seen()) return;
        window.__completionShown = performance.now();
        obs.disconnect();
      });
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, want);
    await t.page.keyboard.press('Control+Space');
    await t.page
      .waitForFunction(() => window.__completionShown !== undefined, null, { timeout: 60_000 })
      .catch(async () => {
        const shown = await t.page
          .locator('.suggest-widget')
          .innerText()
          .catch(() => '(no list)');
        throw new Error(`"${marked}": the list does not show ${want}; it shows: ${shown.slice(0, 300)}`);
      });
    const ms = await t.page.evaluate(() => window.__completionShown - window.__completionAsked);
    await t.page.keyboard.press('Escape');
    return ms;
  };

  const firstAfterUse = await listFor(...EDITOR_CARETS[0]);
  log(`[bench] completion in VS Code: first list after USE (the schema's metadata read) ${fmt(firstAfterUse, 0)} ms`);
  const lists = [];
  /** Each caret's times, for the log: which statements cost most. */
  const byCaret = new Map(EDITOR_CARETS.map(([marked]) => [marked, []]));
  for (let round = 0; round < runs; round++)
    for (const [marked, want] of EDITOR_CARETS) {
      const ms = await listFor(marked, want);
      lists.push(ms);
      byCaret.get(marked).push(ms);
    }
  for (const [marked, times] of byCaret)
    log(`[bench] completion in VS Code:   ${times.map((v) => fmt(v, 0)).join(' / ')} ms  ${marked}`);
  const out = {
    tables: TABLES,
    columns: COLUMNS,
    firstListAfterUseMs: +firstAfterUse.toFixed(1),
    listMs: { ...stats(lists), runs: undefined, p95: percentile(lists, 0.95) },
    carets: EDITOR_CARETS.length,
  };
  log(
    `[bench] completion in VS Code: a list ${fmt(out.listMs.median, 1)} ms median, ${fmt(out.listMs.p95, 1)} ms p95 (${lists.length} lists)`,
  );
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--runs');
  console.log(JSON.stringify(await benchCompletion({ runs: i > 0 ? Number(process.argv[i + 1]) : 5 }), null, 2));
}
