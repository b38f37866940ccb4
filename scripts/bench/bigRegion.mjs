// Big region: the sandbox (started from the welcome view) scaled to 1,000 more DB instances in
// KR1 through its control route, then the time from clicking "DB Instances" to its rows drawn.
// Run 1 is the first expansion; later runs refresh the explorer (its caches dropped) and expand
// the folder again. Also counts the requests the sandbox served for one expansion.
import { control, exploreSandbox, timeExpand, withWorkbench } from './ui.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, stats } from './lib.mjs';

export async function benchBigRegion({ vsix, runs = 5, log = console.error, instances = 1000 }) {
  if (!existsSync(join(ROOT, 'src/rds/tree')))
    throw new Error('no RDS tree in this build (src/rds/tree: explorer branch not merged)');
  return withWorkbench(vsix, {}, async (t) => {
    const url = await exploreSandbox(t);
    await control(url, 'rds/scale', { n: instances, region: 'KR1' });
    await t.expandRow('KR1');
    await t.expandRow('RDS for MySQL');
    const ms = [];
    const requests = [];
    for (let i = 0; i < runs; i++) {
      if (i > 0) {
        const folder = t.treeRow('DB Instances');
        if ((await folder.getAttribute('aria-expanded')) === 'true') await folder.click();
        await t.runCommand('NHN Cloud: Refresh Explorer');
        await t.page.waitForTimeout(1500);
        await t.expandRow('KR1');
        await t.expandRow('RDS for MySQL');
      }
      const folder = t.treeRow('DB Instances');
      await folder.waitFor({ timeout: 60_000 });
      await control(url, 'stats', undefined).catch(() => undefined);
      await fetch(`${url}/_sandbox/stats`, { method: 'DELETE' });
      // Drawn means the folder's count of at least `instances` beside its name and rows below it,
      // no error row (timeExpand throws on one).
      const r = await timeExpand(t, folder, { minRows: 5, minCount: instances });
      const st = await control(url, 'stats');
      const n =
        typeof st?.total === 'number'
          ? st.total
          : Array.isArray(st?.requests)
            ? st.requests.length
            : Object.values(st ?? {}).reduce((a, v) => a + (typeof v === 'number' ? v : 0), 0);
      ms.push(r.ms);
      requests.push(n);
      log(
        `  big region run ${i + 1}: ${r.ms.toFixed(0)} ms to ${r.rows} rows drawn (folder count ${r.count}); ${n} sandbox requests`,
      );
    }
    return { instances, drawnMs: stats(ms), requests: stats(requests) };
  });
}
