// Upload and download of a 1 GiB file against the sandbox and s3rver, each server in its own
// process and each transfer in a fresh client process. Per run and server, in rotating order:
// upload by ours, the AWS SDK (lib-storage, 8 MiB parts, 4 at once) and the lean multipart;
// download by ours, the AWS SDK and a raw GET. Ratios are taken within the same run.
import { randomFillSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MiB, ROOT, runNode, sleep, startNode, stats } from './lib.mjs';

function makeFile(path, size) {
  // Random (incompressible) data, generated into one reused 8 MiB buffer.
  const buf = Buffer.allocUnsafe(8 * MiB);
  const fd = openSync(path, 'w');
  try {
    for (let done = 0; done < size; done += buf.length) {
      randomFillSync(buf);
      writeSync(fd, buf, 0, Math.min(buf.length, size - done));
    }
  } finally {
    closeSync(fd);
  }
}

const UP = ['ours', 'sdk', 'lean'];
const DOWN = ['ours', 'sdk', 'raw'];

export async function benchTransfer({ lib, runs = 3, sizeMiB = 1024, servers = ['sandbox', 's3rver'], log = console.error, settleMs = 1500 }) {
  const dir = mkdtempSync(join(tmpdir(), 'nhncloud-bench-'));
  const file = join(dir, 'big.bin');
  const warmFile = join(dir, 'warm.bin');
  const worker = join(ROOT, 'scripts/bench/transferWorker.mjs');
  const result = {};
  try {
    makeFile(file, sizeMiB * MiB);
    makeFile(warmFile, 24 * MiB);
    for (const server of servers) {
      const srv = await startNode([join(ROOT, 'scripts/bench/transferServer.mjs'), server, lib]);
      const raw = { up: Object.fromEntries(UP.map((c) => [c, []])), down: Object.fromEntries(DOWN.map((c) => [c, []])) };
      try {
        const base = { target: srv.info, file, warmFile, lib, warmKey: 'bench/warm.bin' };
        for (let run = 0; run < runs; run++) {
          for (let i = 0; i < UP.length; i++) {
            const client = UP[(i + run) % UP.length];
            await sleep(settleMs);
            const r = await runNode(['--expose-gc', worker, JSON.stringify({ ...base, client, op: 'up', key: `bench/up-${client}.bin` })]);
            raw.up[client].push(r);
            log(`  ${server} run ${run + 1} upload ${client}: ${r.mbps.toFixed(1)} MB/s, cpu ${(r.cpuMs / 1000).toFixed(2)} s, rss +${r.rssGrowthMB.toFixed(1)} MB`);
          }
          for (let i = 0; i < DOWN.length; i++) {
            const client = DOWN[(i + run) % DOWN.length];
            await sleep(settleMs);
            const r = await runNode(['--expose-gc', worker, JSON.stringify({ ...base, client, op: 'down', key: 'bench/up-ours.bin', warmKey: 'bench/warm.bin.ours' })]);
            raw.down[client].push(r);
            log(`  ${server} run ${run + 1} download ${client}: ${r.mbps.toFixed(1)} MB/s, cpu ${(r.cpuMs / 1000).toFixed(2)} s, rss +${r.rssGrowthMB.toFixed(1)} MB`);
          }
        }
      } finally {
        await srv.stop();
      }
      const summary = (list) => ({ mbps: stats(list.map((r) => r.mbps)), cpuS: stats(list.map((r) => r.cpuMs / 1000)), rssGrowthMB: stats(list.map((r) => r.rssGrowthMB)) });
      const ratio = (a, b) => stats(a.map((r, i) => r.mbps / b[i].mbps));
      result[server] = {
        upload: Object.fromEntries(UP.map((c) => [c, summary(raw.up[c])])),
        download: Object.fromEntries(DOWN.map((c) => [c, summary(raw.down[c])])),
        ratios: {
          uploadVsSdk: ratio(raw.up.ours, raw.up.sdk),
          uploadVsLean: ratio(raw.up.ours, raw.up.lean),
          downloadVsSdk: ratio(raw.down.ours, raw.down.sdk),
          downloadVsRaw: ratio(raw.down.ours, raw.down.raw),
        },
      };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { sizeMiB, runs, ...result };
}
