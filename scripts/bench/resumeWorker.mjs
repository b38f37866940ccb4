// One upload of a resumable-upload figure in a fresh process (src/client/storage/transfer.ts, as
// bundled into lib.cjs): `node resumeWorker.mjs '<json>'` with {lib, target, op, file, key, ...}.
//   full:   the whole file, as Upload sends it;
//   cut:    the same with keepOnFailure, and the process ends at once (as a crash ends it) once
//           `cutAt` of the parts are on the server; prints {uploadId, partSize, parts, done};
//   resume: goes on with {uploadId, partSize}: asks the server which parts it holds, sends the
//           others, completes; prints {held, sent, etag}.
// Prints its JSON on stderr (runPeer keeps stderr).
import { ourClient } from './ourClient.mjs';

const job = JSON.parse(process.argv[2]);
const t = job.target;
const { lib, s3, close } = ourClient(job.lib, t);
const base = { bucket: t.bucket, key: job.key, file: job.file };
// The upload call is timed in the process (as the extension runs it: in a host already up), the
// process start apart (resume.mjs reports both).
const t0 = performance.now();
if (job.op === 'full') {
  const r = await lib.upload(s3, base);
  console.error(JSON.stringify({ etag: r.etag, parts: r.parts, ms: performance.now() - t0 }));
} else if (job.op === 'cut') {
  let m;
  await lib.upload(s3, {
    ...base,
    keepOnFailure: true,
    onMultipart: (x) => (m = x),
    onPartsDone: (done) => {
      if (done < Math.ceil(m.parts * job.cutAt)) return;
      console.error(JSON.stringify({ ...m, done }));
      // As a crash: no abort, no cleanup, parts in flight cut off.
      process.exit(0);
    },
  });
  throw new Error('the upload finished before it was cut');
} else {
  let held;
  let seen = 0;
  const r = await lib.upload(s3, {
    ...base,
    resume: { uploadId: job.uploadId },
    partSize: job.partSize,
    keepOnFailure: true,
    onPartsDone: (done) => {
      // The first report is what the server held; each later one is a part this run sent.
      if (held === undefined) held = done;
      else seen++;
    },
  });
  console.error(JSON.stringify({ held, sent: seen, etag: r.etag, parts: r.parts, ms: performance.now() - t0 }));
}
await close();
