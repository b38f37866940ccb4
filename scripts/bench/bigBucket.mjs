// Big bucket: a sandbox in its own process (scripts/e2e/sandboxProcess.mjs, so the extension
// host holds only what the extension itself keeps) gets a bucket of 100,000 objects (control
// route storage/scale, flat keys), and a profile made by the Add Profile wizard points at it.
// Then: time from clicking the bucket to its first page of rows drawn, then ten "Load more..."
// (each: click to the first row of the new page drawn, and how many rows VS Code requested for
// the level that row is on: its aria-setsize; the first four append to the bucket, whose rows
// are all sent again, the later ones nest: src/shared/tree/paging.ts FLAT_ROWS), and the growth of the extension host's resident
// memory over the whole (read from /proc: an upper bound of its heap growth, which needs an
// inspector to read).
// Runs: the first page in `runs` runs (up to 3; the explorer refreshed between, so its cache is
// dropped); the ten "Load more" and the memory growth once, in the first run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  collapse,
  control,
  extHostPid,
  freshWindow,
  profileBoth,
  timeClickUntil,
  timeExpand,
  withWorkbench,
} from './ui.mjs';
import {
  allocationProfile,
  heapAfterGc,
  heapSummary,
  inspectProcess,
  processMemory,
  summaryGrowth,
  topAllocations,
} from './inspect.mjs';
import { buildFloorVsix, FLOOR, ROOT, stats } from './lib.mjs';

// In the last region of the profile and named to sort after the seeded buckets: the bucket's
// listing ends the tree, so the keyboard's End reaches its newest "Load more...".
const BUCKET = 'zz-big-bucket';
const REGION = 'JP1';
const COUNT = 100_000;
// Objects per listing page (src/storage/tree/nodes.ts PAGE_SIZE).
const PAGE = 1000;

function extHostRssMB(server) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${extHostPid(server)}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

export async function benchBigBucket({ vsix, runs = 3, log = console.error, pages = 10, profileDir }) {
  if (!existsSync(join(ROOT, 'src/storage/tree')))
    throw new Error('no object storage tree in this build (src/storage/tree: netstore branch not merged)');
  const { startSandboxProcess, addSandboxProfile } = await import('../e2e/sandboxProcess.mjs');
  const sandbox = await startSandboxProcess({ timeScaleMs: 200 });
  try {
    const made = await control(sandbox.url, 'storage/scale', {
      region: REGION,
      bucket: BUCKET,
      count: COUNT,
      prefix: '',
    });
    if (made.objects !== COUNT) throw new Error(`the sandbox made ${made.objects} objects`);
    return await measure({ vsix, runs, log, pages, sandbox, addSandboxProfile, profileDir });
  } finally {
    sandbox.stop();
  }
}

async function measure({ vsix, runs, log, pages, sandbox, addSandboxProfile, profileDir }) {
  return withWorkbench([vsix, buildFloorVsix()], {}, async (t, server) => {
    await t.openView('NHN Cloud');
    await addSandboxProfile(t, 'bench-bucket', sandbox.url);
    // Ours and the floor each start in a freshly reloaded window (a new extension host, whose
    // memory is then the figure's alone), neither warmed by the other's work.
    await freshWindow(t, server, 'NHN Cloud').then((tab) => tab.click());
    // The reloaded window restores the regions left expanded: only the bucket's region stays
    // open, so its buckets are drawn in view (bench run of 2026-11-27: "zz-big-bucket" stayed
    // below the list's end for 60 s and the figure failed).
    for (const other of ['KR1', 'KR2', 'KR3']) await collapse(t, other);
    await t.expandRow(REGION);
    await t.expandRow('Object Storage');
    const ours = await measureFolder(t, server, {
      name: 'big bucket',
      folder: BUCKET,
      runs,
      pages,
      log,
      profileDir,
      // A fresh extension host, the way to the bucket open (the memory split below).
      fresh: async () => {
        await freshWindow(t, server, 'NHN Cloud').then((tab) => tab.click());
        for (const other of ['KR1', 'KR2', 'KR3']) await collapse(t, other);
        await t.expandRow(REGION);
        await t.expandRow('Object Storage');
      },
      // Collapse, drop the explorer's caches, and open the way to the bucket again.
      reopen: async () => {
        await t.runCommand('NHN Cloud: Refresh Explorer');
        await t.page.waitForTimeout(1500);
        await t.expandRow(REGION);
        await t.expandRow('Object Storage');
      },
    });
    // The floor: the same rows, the same "Load more..." pages, from memory (scripts/bench/floor).
    await freshWindow(t, server, FLOOR.view).then((tab) => tab.click());
    const floor = await measureFolder(t, server, {
      name: 'floor',
      folder: FLOOR.paged,
      runs,
      pages,
      log,
      profileDir,
      fresh: () => freshWindow(t, server, FLOOR.view).then((tab) => tab.click()),
      // Collapsed, the floor's folder starts again at its first page.
      reopen: () => t.page.waitForTimeout(300),
    });
    return { objects: COUNT, ...ours, floor };
  });
}

/**
 * A paged folder's figures: the time from clicking the folder row to its first page drawn in
 * `runs` runs (up to 3; `reopen` between, after the folder is collapsed), and in the first run
 * ten "Load more..." (each: click to the first row of the new page drawn, and how many rows
 * VS Code requested for the level that row is on: its aria-setsize) and the extension host's
 * RSS growth over the first page and the ten.
 */
async function measureFolder(t, server, { name, folder, runs, pages, log, reopen, fresh, profileDir }) {
  const first = [];
  const more = [];
  const requested = [];
  const growth = [];
  const failures = [];
  const width = String(COUNT - 1).length;
  const n = Math.max(1, Math.min(runs, 3));
  // The extension host's heap through its inspector: with every row, then with none.
  let inspector;
  let withRows;
  let rowsHeld;
  const collapseAndReopen = async () => {
    // Home first: scrolled to the end of 11,000 rows, the first row naming the folder is its
    // sticky-scroll header, and a click there only scrolls to it, so the folder stayed expanded,
    // reloaded itself on the refresh, and the timed click below collapsed it (nothing drawn in 180 s).
    await t.page.keyboard.press('Home');
    await t.page.waitForTimeout(300);
    const b = t.treeRow(folder);
    if ((await b.getAttribute('aria-expanded')) === 'true') await b.click();
    await reopen();
  };
  // Drawn means the first object of the listing among at least 5 rows, a whole page and its
  // "Load more" below the folder (PAGE + 1 children), no error row.
  const firstPage = async () => {
    const row = t.treeRow(folder);
    await row.waitFor({ timeout: 60_000 });
    return timeExpand(t, row, { minRows: 5, rowText: `object-${'0'.repeat(width)}`, minCount: PAGE + 1 });
  };
  // The p-th "Load more...": click to the first row of its page drawn.
  const loadMore = async (p) => {
    // Keyboard End in the focused tree scrolls the virtual list to its last row, the latest
    // "Load more..." (the last one drawn: earlier ones may still be in view).
    const list = t.sidebar
      .locator('.monaco-list-row[role="treeitem"]')
      .filter({ hasText: 'object-' })
      .first()
      .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " monaco-list ")][1]');
    await list.focus();
    await t.page.keyboard.press('End');
    // The newest one says how many rows are above it ("1000 shown", then "2000 shown"...).
    const row = t.sidebar
      .locator('.monaco-list-row[role="treeitem"]')
      .filter({ hasText: 'Load more' })
      .filter({ hasText: `${p * PAGE} shown` });
    await row.waitFor({ timeout: 30_000 });
    // A nested "Load more" (a folder: aria-expanded) opens its page below it, and the Down
    // arrow brings the page's first row into view; a flat one appends to the folder in place.
    const nested = (await row.getAttribute('aria-expanded')) !== null;
    return timeClickUntil(t, row, `object-${String(p * PAGE).padStart(width, '0')}`, { stepInto: nested });
  };
  for (let run = 0; run < n; run++) {
    try {
      if (run > 0) {
        await collapseAndReopen();
        if (run === 1 && withRows) {
          // The rows dropped (the folder collapsed and its listing forgotten): what they held.
          const heap = await heapAfterGc(inspector);
          rowsHeld = {
            rows: pages * PAGE + PAGE,
            bytesPerRow: Math.round((withRows.heap - heap) / (pages * PAGE + PAGE)),
            byConstructor: summaryGrowth(await heapSummary(inspector), withRows.summary).map((g) => ({
              ...g,
              bytesPerRow: Math.round(g.bytes / (pages * PAGE + PAGE)),
            })),
          };
          log(
            `  ${name}: ${rowsHeld.bytesPerRow} heap bytes per row held; most: ${rowsHeld.byConstructor
              .slice(0, 6)
              .map((g) => `${g.name} ${g.bytesPerRow}`)
              .join(', ')}`,
          );
        }
      }
      const rss0 = extHostRssMB(server);
      const r = await firstPage();
      first.push(r.ms);
      if (run > 0) {
        log(`  ${name} run ${run + 1}: first page ${r.ms.toFixed(0)} ms`);
        continue;
      }
      // The first run goes on: ten "Load more", and the memory they add.
      for (let p = 1; p <= pages; p++) {
        const m = await loadMore(p);
        more.push(m.ms);
        requested.push(m.setSize);
      }
      await t.page.waitForTimeout(500);
      growth.push(extHostRssMB(server) - rss0);
      // After the RSS figure (a heap snapshot itself takes memory): the heap holding every row.
      inspector = await inspectProcess(extHostPid(server));
      withRows = { heap: await heapAfterGc(inspector), summary: await heapSummary(inspector) };
      log(
        `  ${name} run ${run + 1}: first page ${r.ms.toFixed(0)} ms; Load more ${more.map((x) => x.toFixed(0)).join(' ')} ms; rows requested per Load more ${requested.join(' ')}; ext. host RSS +${growth[0].toFixed(1)} MB`,
      );
    } catch (err) {
      // The first run's failure is the figure's failure; a later one is reported with the
      // figure (failedRuns, shown in the table), never dropped.
      if (run === 0) throw new Error(`${name}: ${err.message}`);
      failures.push({ run: run + 1, error: String(err.message).split('\n')[0].slice(0, 300) });
      log(`  ${name} run ${run + 1} FAILED: ${failures.at(-1).error}`);
      break;
    }
  }
  if (profileDir) {
    // `--profile`: one more pass, after the figures (a profiler slows what it watches), with the
    // extension host and the workbench's renderer profiled: the first page and three Load more.
    await collapseAndReopen();
    await profileBoth(t, server, { name, profileDir, log, session: inspector }, async () => {
      await firstPage();
      for (let p = 1; p <= 3; p++) await loadMore(p);
    });
    // And one pass under the allocation sampler: what the pages allocate, kept or not (the first
    // run, which always goes on to the Load more, opened `inspector`).
    await collapseAndReopen();
    const { profile } = await allocationProfile(inspector, async () => {
      await firstPage();
      for (let p = 1; p <= 3; p++) await loadMore(p);
    });
    const file = join(profileDir, `${name.replace(/\W+/g, '-')}-extension-host.heapprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const top = topAllocations(profile, 12);
    log(
      `  ${name} allocations over the first page and three Load more (${file}): ${top.totalMiB} MiB sampled; ${top.top.map((x) => `${x.name} ${x.mib}`).join('; ')}`,
    );
  }
  await inspector?.close();
  if (profileDir) {
    // Where the RSS growth of the figure sits: the same first page and ten Load more in a fresh
    // extension host, its own account of its memory read before and after (the figure itself is
    // read with no inspector attached; this pass is not the figure).
    await fresh();
    const session = await inspectProcess(extHostPid(server));
    try {
      const rss0 = extHostRssMB(server);
      const before = await processMemory(session);
      await firstPage();
      for (let p = 1; p <= pages; p++) await loadMore(p);
      await t.page.waitForTimeout(500);
      const after = await processMemory(session);
      const grew = (k) => `${k} ${(after[k] - before[k]).toFixed(1)}`;
      // RSS (V8's committed heap, memory outside it, or neither: the allocator's), then by space.
      const spaces = Object.keys(after.spaces)
        .map((k) => `${k} ${((after.spaces[k] ?? 0) - (before.spaces[k] ?? 0)).toFixed(1)}`)
        .join(', ');
      log(
        `  ${name} memory over the first page and ${pages} Load more in a fresh host (MiB): RSS from /proc ${(extHostRssMB(server) - rss0).toFixed(1)}; ${['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'].map(grew).join(', ')}; heap spaces: ${spaces}`,
      );
    } finally {
      await session.close();
    }
  }
  return {
    runsTried: n,
    ...(rowsHeld ? { heapRowsHeld: rowsHeld } : {}),
    failedRuns: failures,
    firstPageMs: stats(first),
    loadMoreMs: stats(more),
    loadMoreRowsRequested: stats(requested),
    heapGrowthMB: stats(growth),
    heapMeasure: 'extension host RSS (upper bound of heap growth)',
  };
}
