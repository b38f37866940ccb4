// One transfer in a fresh process: `node --expose-gc transferWorker.mjs '<json>'` with
// {target, client: ours|sdk|sdkNoChecksum|lean|raw, op: up|down, file, key, warmFile, warmKey, lib}.
// Warms the client up (a 24 MiB transfer), collects garbage, then measures the timed transfer:
// wall time, CPU time, and the peak growth of resident memory over that baseline (sampled
// every 20 ms). Prints one JSON line.
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import { ourClient } from './ourClient.mjs';

const require = createRequire(import.meta.url);
const job = JSON.parse(process.argv[2]);
const t = job.target;

async function makeClient() {
  switch (job.client) {
    case 'ours': {
      const { lib, s3, close } = ourClient(job.lib, t);
      return {
        up: (key, file) => lib.upload(s3, { bucket: t.bucket, key, file }),
        down: (key, file) => lib.download(s3, { bucket: t.bucket, key, file }),
        close,
      };
    }
    case 'sdk':
    case 'sdkNoChecksum': {
      const { S3Client, GetObjectCommand } = require('@aws-sdk/client-s3');
      const { Upload } = require('@aws-sdk/lib-storage');
      // 'sdk': its defaults (a CRC32 of every part, computed and sent; responses validated).
      // 'sdkNoChecksum': checksums only where an operation requires one, like ours (which signs
      // UNSIGNED-PAYLOAD): the fair comparison of the transfer itself.
      const checksums =
        job.client === 'sdkNoChecksum'
          ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
          : {};
      const s3 = new S3Client({
        endpoint: t.baseUrl,
        forcePathStyle: true,
        region: t.region,
        credentials: { accessKeyId: t.access, secretAccessKey: t.secret },
        ...checksums,
      });
      return {
        up: (key, file) =>
          new Upload({
            client: s3,
            params: { Bucket: t.bucket, Key: key, Body: createReadStream(file) },
            partSize: 8 * 1024 * 1024,
            queueSize: 4,
          }).done(),
        down: async (key, file) => {
          const res = await s3.send(new GetObjectCommand({ Bucket: t.bucket, Key: key }));
          await pipeline(res.Body, createWriteStream(file));
        },
        close: () => s3.destroy(),
      };
    }
    case 'lean':
    case 'raw': {
      const lean = await import('./lean.mjs');
      return {
        up: (key, file) => lean.leanUpload(t, key, file),
        down: (key, file) => lean.rawGet(t, key, file),
        close: lean.closeLean,
      };
    }
    default:
      throw new Error(`unknown client ${job.client}`);
  }
}

const c = await makeClient();
const outFile = `${job.file}.${job.client}.out`;
// Warm-up: code loaded, sockets open, buffer pools made, before the baseline.
if (job.op === 'up') await c.up(job.warmKey + '.' + job.client, job.warmFile);
else {
  await c.down(job.warmKey, `${outFile}.warm`);
  rmSync(`${outFile}.warm`, { force: true });
}
global.gc();
global.gc();
await new Promise((r) => setTimeout(r, 200));
const base = process.memoryUsage().rss;
let peak = base;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
if (job.op === 'up') await c.up(job.key, job.file);
else await c.down(job.key, outFile);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss);
const size = statSync(job.file).size;
if (job.op === 'down') {
  const got = statSync(outFile).size;
  rmSync(outFile, { force: true });
  if (got !== size) throw new Error(`downloaded ${got} bytes, expected ${size}`);
}
await c.close();
console.log(
  JSON.stringify({
    ms,
    mbps: size / 1e6 / (ms / 1000),
    cpuMs: (cpu.user + cpu.system) / 1000,
    sysMs: cpu.system / 1000,
    rssGrowthMB: (peak - base) / 1e6,
    baseRssMB: base / 1e6,
  }),
);
