// One Sync Folder pass by ours in a fresh process, the engine behind the command
// (src/storage/sync/plan.ts and apply.ts, bundled into lib.cjs): `node syncWorker.mjs '<json>'`
// with {lib, target, op: seed|pass, dir, prefix, stamps}. `seed` plans and sends everything (the
// folder onto the prefix); `pass` only plans, with the stamps an earlier pass kept in the file
// `stamps` (when it exists), and keeps this pass's there, as the command does per sync pair.
// What the pass found is written to stderr as JSON: the bench checks it found nothing to do.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ourClient } from './ourClient.mjs';

const job = JSON.parse(process.argv[2]);
const t = job.target;
const { lib, s3, close } = ourClient(job.lib, t);
const spec = { folder: job.dir, bucket: t.bucket, prefix: job.prefix, direction: 'mirror-up', detection: 'size-time' };
const known = existsSync(job.stamps) ? new Map(JSON.parse(readFileSync(job.stamps, 'utf8'))) : undefined;
const plan = await lib.planSync(s3, spec, { known });
let stamps = plan.stamps;
if (job.op === 'seed') {
  const ac = new AbortController();
  const items = lib.syncItems(s3, spec, plan.actions, { partConcurrency: 4, onChanged: () => undefined });
  const r = await lib.runPool(items, { small: 16, large: 4 }, ac.signal, (item) =>
    item.run(ac.signal, () => undefined),
  );
  if (r.failure) throw r.failure;
  stamps = lib.stampsAfter(plan, plan.actions);
}
writeFileSync(job.stamps, JSON.stringify([...stamps]));
await close();
console.error(JSON.stringify({ actions: plan.actions.length, unchanged: plan.unchanged, heads: plan.counts.heads }));
