// One folder transfer by ours in a fresh process, the engine behind Upload Folder and Download
// (src/storage/folderTransfer.ts, bundled into lib.cjs): `node folderWorker.mjs '<json>'` with
// {lib, target, op: upDir|downDir, dir, prefix, small, large}. Timed from outside (GNU time), like
// the command-line peers, so process start and module load count for every tool alike.
import { ourClient } from './ourClient.mjs';

const job = JSON.parse(process.argv[2]);
const t = job.target;
const { lib, s3, close } = ourClient(job.lib, t);
const ac = new AbortController();
const limits = { small: job.small, large: job.large };
// The multipart parts of one file at once: the default of nhncloud.storage.transferConcurrency.
const PARTS = 4;
let r;
if (job.op === 'upDir') {
  const tasks = await lib.folderUploadTasks(job.dir, job.prefix);
  // As Upload Folder runs it (src/storage/commands/transfers.ts uploadTo): the part uploads shared.
  const shared = lib.sharedParts(limits, PARTS, tasks);
  r = await lib.runPool(
    tasks,
    shared.limits,
    ac.signal,
    async (task) =>
      void (await lib.uploadFile(
        s3,
        t.bucket,
        task,
        PARTS,
        ac.signal,
        () => undefined,
        undefined,
        undefined,
        undefined,
        shared,
      )),
  );
} else {
  const { tasks } = await lib.prefixDownloadTasks(await lib.listPrefix(s3, t.bucket, job.prefix), job.prefix, job.dir);
  r = await lib.runPool(
    tasks,
    limits,
    ac.signal,
    async (task) => void (await lib.downloadFile(s3, t.bucket, task, PARTS, ac.signal, () => undefined)),
  );
}
await close();
if (r.failure) {
  console.error(String(r.failure?.stack ?? r.failure));
  process.exit(1);
}
console.log(JSON.stringify({ done: r.done }));
