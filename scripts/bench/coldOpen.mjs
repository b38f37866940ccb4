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
// Beside the floor, the floor with our tree menus (issue 67 item 3: the same number of
// view/item/context entries as ours, copied from ours, lib.mjs floorWithMenus) opens the same
// rows: floor to menus floor is what the menus cost, menus floor to ours the rest of ours.
import {
  collapse,
  control,
  freshWindow,
  profileBoth,
  quietOrThrow,
  timeExpand,
  timeOpenView,
  withWorkbench,
} from './ui.mjs';
import { buildFloorVsix, FLOOR, FLOOR_MENUS, ROOT, stats } from './lib.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findLogFile } from '../e2e/extensionLog.mjs';

const PROFILE = 'bench-cold';
// The wizard's default: every region of the public cloud where any service runs
// (src/client/sites.ts: US1 has floating IPs).
const REGIONS = ['KR1', 'KR2', 'KR3', 'JP1', 'US1'];

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

/**
 * How this window's extension host loaded main.js, from its NHN Cloud log's "ready" line: the
 * code cache's state (none, used, rejected) and the require's milliseconds. A cold open that
 * compiled main.js costs some 40 ms more than one that took it from the cache, so each run says
 * which it was.
 */
function mainLoadOf(server) {
  const file = findLogFile(join(server.userData, 'logs'));
  const m = file && /main\.js loaded in ([\d.]+) ms, code cache (\w+)/.exec(readFileSync(file, 'utf8'));
  return m ? { cache: m[2], ms: Number(m[1]) } : { cache: 'not logged', ms: NaN };
}

export async function benchColdOpen({ vsix, runs = 5, log = console.error, instances = 1000, profileDir }) {
  const { startSandboxProcess, addSandboxProfile, RDS } = await import('../e2e/sandboxProcess.mjs');
  const sandbox = await startSandboxProcess({ timeScaleMs: 200 });
  try {
    await control(sandbox.url, 'rds/scale', { n: instances, region: 'KR1' });
    const expected = await expectedInstances(sandbox.url, RDS);
    const menuEntries = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).contributes.menus[
      'view/item/context'
    ].length;
    // The floor draws what ours does: as many rows below its parent as the profile has regions, and
    // in its folder as many as ours draws for the instances.
    return await withWorkbench(
      [vsix, buildFloorVsix(), buildFloorVsix({ menusOf: join(ROOT, 'package.json') })],
      { 'benchFloor.rows': expected.rows, 'benchFloor.children': REGIONS.length },
      async (t, server) => {
        await t.openView('NHN Cloud');
        await addSandboxProfile(t, PROFILE, sandbox.url);
        const openMs = [];
        const instancesMs = [];
        const floorOpenMs = [];
        const floorFolderMs = [];
        const menusFloorOpenMs = [];
        const menusFloorFolderMs = [];
        const mainLoads = [];
        const failures = [];
        // Leave each window as a user would before closing it: the tree collapsed to its regions
        // (VS Code restores the expanded rows of a view in the next window).
        const collapseOurs = async () => {
          await collapse(t, 'DB Instances');
          await collapse(t, 'RDS for MySQL');
          await collapse(t, 'KR1');
        };
        await collapseOurs();
        for (let run = 1; run <= runs; run++) {
          try {
            // Ours, then the floor, each in a fresh window of the same code-server: the pair of
            // figures of a run is taken under the same conditions.
            const tab = await freshWindow(t, server, 'NHN Cloud');
            const a = await timeOpenView(t, tab, { parent: PROFILE, children: REGIONS });
            const mainLoad = mainLoadOf(server);
            await t.expandRow('KR1');
            await t.expandRow('RDS for MySQL');
            const folder = t.treeRow('DB Instances');
            await folder.waitFor({ timeout: 60_000 });
            await quietOrThrow('RDS for MySQL expanded');
            // Its rows: at least 5 in view, and exactly the expected count in all (aria-setsize).
            const b = await timeExpand(t, folder, { minRows: 5, minCount: expected.rows });
            if (b.count !== expected.rows)
              throw new Error(
                `"DB Instances" holds ${b.count} rows; the sandbox's ${expected.instances} instances make ${expected.rows}`,
              );
            await collapseOurs();
            const floorTab = await freshWindow(t, server, FLOOR.view);
            const fa = await timeOpenView(t, floorTab, {
              parent: FLOOR.parent,
              children: REGIONS.map((_, i) => `F${i + 1}`),
            });
            await quietOrThrow('the floor opened');
            const fb = await timeExpand(t, t.treeRow(FLOOR.folder), { minRows: 5, minCount: expected.rows });
            if (fb.count !== expected.rows)
              throw new Error(`the floor's "${FLOOR.folder}" holds ${fb.count} rows, not ${expected.rows}`);
            await collapse(t, FLOOR.folder);
            const menusTab = await freshWindow(t, server, FLOOR_MENUS.view);
            const ma = await timeOpenView(t, menusTab, {
              parent: FLOOR_MENUS.parent,
              children: REGIONS.map((_, i) => `F${i + 1}`),
            });
            await quietOrThrow('the floor with our menus opened');
            const mb = await timeExpand(t, t.treeRow(FLOOR_MENUS.folder), { minRows: 5, minCount: expected.rows });
            if (mb.count !== expected.rows)
              throw new Error(`the menus floor's "${FLOOR_MENUS.folder}" holds ${mb.count} rows, not ${expected.rows}`);
            await collapse(t, FLOOR_MENUS.folder);
            menusFloorOpenMs.push(ma);
            menusFloorFolderMs.push(mb.ms);
            openMs.push(a);
            instancesMs.push(b.ms);
            floorOpenMs.push(fa);
            floorFolderMs.push(fb.ms);
            mainLoads.push(mainLoad);
            log(
              `  cold open run ${run}: regions drawn ${a.toFixed(0)} ms (floor ${fa.toFixed(0)}; main.js ${mainLoad.ms.toFixed(1)} ms, code cache ${mainLoad.cache}); ${expected.instances} DB instances drawn ${b.ms.toFixed(0)} ms (${b.rows} rows in view; the floor's ${expected.rows} rows ${fb.ms.toFixed(0)} ms); the floor with our ${menuEntries} menu entries: regions ${ma.toFixed(0)} ms, rows ${mb.ms.toFixed(0)} ms`,
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
        if (profileDir) {
          // `--profile`: one more open of each, after the figures, with the new window's
          // extension host (its inspector opened once the host is up, before the click) and the
          // renderer profiled; each window left collapsed as the runs leave it.
          try {
            const tab = await freshWindow(t, server, 'NHN Cloud');
            await profileBoth(t, server, { name: 'cold open', profileDir, log }, () =>
              timeOpenView(t, tab, { parent: PROFILE, children: REGIONS }),
            );
            // And the 1,000-instance folder in the same window (the host is warm, as in the runs).
            await t.expandRow('KR1');
            await t.expandRow('RDS for MySQL');
            await profileBoth(t, server, { name: 'db instances', profileDir, log }, () =>
              timeExpand(t, t.treeRow('DB Instances'), { minRows: 5, minCount: expected.rows }),
            );
            await collapseOurs();
            const floorTab = await freshWindow(t, server, FLOOR.view);
            await profileBoth(t, server, { name: 'cold open floor', profileDir, log }, () =>
              timeOpenView(t, floorTab, { parent: FLOOR.parent, children: REGIONS.map((_, i) => `F${i + 1}`) }),
            );
            await profileBoth(t, server, { name: 'db instances floor', profileDir, log }, () =>
              timeExpand(t, t.treeRow(FLOOR.folder), { minRows: 5, minCount: expected.rows }),
            );
            await collapse(t, FLOOR.folder);
          } catch (err) {
            log(`  cold open profile failed: ${err.message}`);
          }
        }
        return {
          instances: expected.instances,
          regions: REGIONS,
          runsTried: runs,
          failedRuns: failures,
          regionsDrawnMs: stats(openMs),
          // Per run: how main.js was loaded in that window (code cache state, require time).
          mainLoads,
          instancesDrawnMs: stats(instancesMs),
          instanceRows: expected.rows,
          floor: { openMs: stats(floorOpenMs), folderMs: stats(floorFolderMs) },
          // The floor with as many view/item/context entries as ours (ours: menuEntries).
          menuEntries,
          floorWithMenus: { openMs: stats(menusFloorOpenMs), folderMs: stats(menusFloorFolderMs) },
        };
      },
    );
  } finally {
    sandbox.stop();
  }
}
