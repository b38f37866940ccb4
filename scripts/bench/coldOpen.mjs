// Cold open: what a user waits for in a fresh window, `dist/main.js` included (the extension
// activates lazily and the view's first getChildren loads main.js).
//  (a) from the click on the NHN Cloud activity-bar icon to the profile and all its regions drawn;
//  (b) then, in the same fresh window, region -> RDS for MySQL expanded, and the click on
//      "DB Instances" timed to its rows drawn (the first RDS request of that extension host).
// The sandbox runs in its own process (scripts/e2e/sandboxProcess.mjs, as a real service would:
// it outlives the window) with 1,000 more DB instances in KR1, and a profile made by the Add
// Profile wizard points at it. Each run reloads the page with the Explorer view shown: a new
// extension host (checked in code-server's log), so nothing of the extension is loaded when the
// icon is clicked. Every run checks what was drawn (the profile, exactly its regions, the
// instance count the sandbox answers, no error or "nothing here" row); a run that draws anything
// else is reported as failed with its text, never dropped.
import { readFileSync } from 'node:fs';
import { control, timeExpand, timeOpenView, withWorkbench } from './ui.mjs';
import { stats } from './lib.mjs';

const PROFILE = 'bench-cold';
// The wizard's default: every region of the public cloud (src/profiles/wizard.ts).
const REGIONS = ['KR1', 'KR2', 'KR3', 'JP1'];

const extensionHosts = (server) =>
  [...readFileSync(server.logFile, 'utf8').matchAll(/<(\d+)> Launched Extension Host Process/g)].length;

/**
 * DB instances the sandbox lists in KR1, asked with the profile's own keys over its RDS API, and
 * the rows "DB Instances" must hold for them: one per replication group, one per loose instance
 * (src/rds/tree/state.ts groupInstances).
 */
async function expectedInstances(url, RDS) {
  const r = await fetch(`${url}/rds/kr1/v3.0/db-instances`, {
    headers: {
      'X-TC-APP-KEY': RDS.appKey,
      'X-TC-AUTHENTICATION-ID': RDS.id,
      'X-TC-AUTHENTICATION-SECRET': RDS.secret,
    },
  });
  const body = await r.json();
  if (!r.ok || !Array.isArray(body?.dbInstances))
    throw new Error(`listing the sandbox's DB instances: HTTP ${r.status}`);
  const rows = new Set(body.dbInstances.map((i) => i.dbInstanceGroupId || `loose:${i.dbInstanceId}`)).size;
  return { instances: body.dbInstances.length, rows };
}

/** Whether an activity-bar tab is the one shown (VS Code marks it checked). */
const shown = (tab) =>
  tab.evaluate(
    (el) =>
      el.getAttribute('aria-selected') === 'true' ||
      el.getAttribute('aria-pressed') === 'true' ||
      el.classList.contains('checked'),
  );

/** Shows another view container (the Explorer) when the NHN Cloud one is shown. */
async function leaveView(t) {
  const bar = t.page.locator('#workbench\\.parts\\.activitybar');
  const ours = bar.getByRole('tab', { name: 'NHN Cloud' });
  for (let i = 0; i < 5 && (await shown(ours)); i++) {
    await bar.getByRole('tab', { name: /^Explorer/ }).click();
    await t.page.waitForTimeout(500);
  }
  if (await shown(ours)) throw new Error('the NHN Cloud view stays shown');
}

/** Collapses the row when it is shown expanded (the next window restores what stays expanded). */
async function collapse(t, text) {
  const row = t.treeRow(text);
  if ((await row.count()) && (await row.getAttribute('aria-expanded')) === 'true') await row.click();
}

export async function benchColdOpen({ vsix, runs = 5, log = console.error, instances = 1000 }) {
  const { startSandboxProcess, addSandboxProfile, RDS } = await import('../e2e/sandboxProcess.mjs');
  const sandbox = await startSandboxProcess({ timeScaleMs: 200 });
  try {
    await control(sandbox.url, 'rds/scale', { n: instances, region: 'KR1' });
    const expected = await expectedInstances(sandbox.url, RDS);
    return await withWorkbench(vsix, {}, async (t, server) => {
      await t.openView('NHN Cloud');
      await addSandboxProfile(t, PROFILE, sandbox.url);
      const openMs = [];
      const instancesMs = [];
      const failures = [];
      for (let run = 1; run <= runs; run++) {
        try {
          // Leave the window as a user would before closing it: another view shown, the tree
          // collapsed to its regions (VS Code restores the expanded rows of a view).
          await collapse(t, 'DB Instances');
          await collapse(t, 'RDS for MySQL');
          await collapse(t, 'KR1');
          await leaveView(t);
          const hosts = extensionHosts(server);
          await t.reload();
          const tab = t.page.locator('#workbench\\.parts\\.activitybar').getByRole('tab', { name: 'NHN Cloud' });
          await tab.waitFor({ timeout: 60_000 });
          if (await shown(tab))
            throw new Error('the reloaded window shows the NHN Cloud view already: the click would hide it');
          // The new window's extension host is up before the click (else its start would be timed).
          const deadline = Date.now() + 60_000;
          while (extensionHosts(server) <= hosts) {
            if (Date.now() > deadline) throw new Error('the reloaded window started no new extension host');
            await t.page.waitForTimeout(100);
          }
          await t.page.waitForTimeout(1000);
          const a = await timeOpenView(t, tab, { parent: PROFILE, children: REGIONS });
          await t.expandRow('KR1');
          await t.expandRow('RDS for MySQL');
          const folder = t.treeRow('DB Instances');
          await folder.waitFor({ timeout: 60_000 });
          // Its rows: at least 5 in view, and exactly the expected count in all (aria-setsize).
          const b = await timeExpand(t, folder, { minRows: 5, minCount: expected.rows });
          if (b.count !== expected.rows)
            throw new Error(
              `"DB Instances" holds ${b.count} rows; the sandbox's ${expected.instances} instances make ${expected.rows}`,
            );
          openMs.push(a);
          instancesMs.push(b.ms);
          log(
            `  cold open run ${run}: regions drawn ${a.toFixed(0)} ms; ${expected.instances} DB instances drawn ${b.ms.toFixed(0)} ms (${b.rows} rows in view)`,
          );
        } catch (err) {
          failures.push({
            run,
            error: String(err?.message ?? err)
              .split('\n')[0]
              .slice(0, 300),
          });
          log(`  cold open run ${run} FAILED: ${failures.at(-1).error}`);
        }
      }
      return {
        instances: expected.instances,
        regions: REGIONS,
        runsTried: runs,
        failedRuns: failures,
        regionsDrawnMs: stats(openMs),
        instancesDrawnMs: stats(instancesMs),
      };
    });
  } finally {
    sandbox.stop();
  }
}
