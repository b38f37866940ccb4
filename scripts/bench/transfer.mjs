// Upload and download of a 1 GiB file against the sandbox and s3rver, each server in its own
// process and each transfer in a fresh client process. Per run and server, in rotating order:
// upload by ours, the AWS SDK with its defaults (lib-storage, 8 MiB parts, 4 at once, CRC32 per
// part) and with checksums only where required, the lean multipart, rclone and the AWS CLI v2
// (./peers.mjs, their defaults); download by ours, the SDK both ways, a raw GET, rclone and the
// AWS CLI. Every download is compared with the file's size. Ratios are taken within the same run.
import { randomFillSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MiB, ROOT, serverFailed, runNode, settle, startNode, stats } from './lib.mjs';
import { defaultServers, swiftWhy } from './servers.mjs';
import { ensurePeerTools, peerCommand, peerConfig, runPeer } from './peers.mjs';

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

const NODE_UP = ['ours', 'sdk', 'sdkNoChecksum', 'lean'];
const NODE_DOWN = ['ours', 'sdk', 'sdkNoChecksum', 'raw'];
const PEERS = ['rclone', 'aws'];

/** One timed transfer by a command-line peer, in the shape of the worker's answer. */
async function peerTransfer(tool, op, { target, file, key, size }) {
  const local = op === 'up' ? file : `${file}.${tool}.out`;
  try {
    const r = await runPeer(peerCommand(tool, op, { target, local, key }), target.peerEnv);
    if (op === 'down' && statSync(local).size !== size)
      throw new Error(`${tool} downloaded ${statSync(local).size} bytes, expected ${size}`);
    return {
      ms: r.ms,
      mbps: size / 1e6 / (r.ms / 1000),
      cpuMs: r.cpuMs,
      sysMs: r.sysMs,
      rssGrowthMB: null,
      peakRssMB: r.peakRssMB,
    };
  } finally {
    if (op === 'down') rmSync(local, { force: true });
  }
}

/** One transfer's figures as the log shows them. */
const reading = (r) =>
  `${r.mbps.toFixed(1)} MB/s, cpu ${(r.cpuMs / 1000).toFixed(2)} s (system ${(r.sysMs / 1000).toFixed(2)})${r.rssGrowthMB === null ? '' : `, rss +${r.rssGrowthMB.toFixed(1)} MB`}`;

export async function benchTransfer({
  lib,
  runs = 3,
  sizeMiB = 1024,
  // log before servers: a default is evaluated in order, and servers' reads log.
  log = console.error,
  servers = defaultServers(log),
  settleMs = 1500,
}) {
  const dir = mkdtempSync(join(tmpdir(), 'nhncloud-bench-'));
  const file = join(dir, 'big.bin');
  const warmFile = join(dir, 'warm.bin');
  const worker = join(ROOT, 'scripts/bench/transferWorker.mjs');
  const result = {};
  let peers = PEERS;
  let peersMissing;
  let versions;
  try {
    versions = ensurePeerTools(log);
  } catch (err) {
    peers = [];
    peersMissing = String(err.message);
    log(`[bench] transfer peers rclone and AWS CLI not run: ${peersMissing}`);
  }
  const UP = [...NODE_UP, ...peers];
  const DOWN = [...NODE_DOWN, ...peers];
  try {
    makeFile(file, sizeMiB * MiB);
    makeFile(warmFile, 24 * MiB);
    const size = sizeMiB * MiB;
    for (const server of servers) {
      try {
        const srv = await startNode([join(ROOT, 'scripts/bench/transferServer.mjs'), server, lib]);
        const conf = peerConfig(srv.info);
        const raw = {
          up: Object.fromEntries(UP.map((c) => [c, []])),
          down: Object.fromEntries(DOWN.map((c) => [c, []])),
        };
        try {
          const base = { target: srv.info, file, warmFile, lib, warmKey: 'bench/warm.bin' };
          const one = (client, op, key) =>
            peers.includes(client)
              ? peerTransfer(client, op, { target: { ...srv.info, peerEnv: conf.env }, file, key, size })
              : runNode([
                  '--expose-gc',
                  worker,
                  JSON.stringify({
                    ...base,
                    client,
                    op,
                    key,
                    ...(op === 'down' ? { warmKey: 'bench/warm.bin.ours' } : {}),
                  }),
                ]);
          for (let run = 0; run < runs; run++) {
            for (let i = 0; i < UP.length; i++) {
              const client = UP[(i + run) % UP.length];
              await settle(settleMs);
              // A new key every run: rclone skips a file whose copy has the same size and time,
              // so a second upload to the same key measured nothing (2,600 MB/s in 0.05 s of CPU).
              const r = await one(client, 'up', `bench/up-${client}-run${run}.bin`);
              raw.up[client].push(r);
              log(`  ${server} run ${run + 1} upload ${client}: ${reading(r)}`);
            }
            // The first download after the uploads was slow for whichever client held it (ours at
            // 371 MB/s and 3.95 CPU seconds where its next run read 794 MB/s and 1.56 s; the SDK
            // likewise in the next run), and with three runs of six clients only the first three
            // ever held it: rclone and the AWS CLI never did. An untimed download takes that slot.
            await settle(settleMs);
            const warm = await one('raw', 'down', `bench/up-ours-run${run}.bin`);
            log(`  ${server} run ${run + 1} warm-up download (raw GET, not counted): ${reading(warm)}`);
            for (let i = 0; i < DOWN.length; i++) {
              const client = DOWN[(i + run) % DOWN.length];
              await settle(settleMs);
              const r = await one(client, 'down', `bench/up-ours-run${run}.bin`);
              raw.down[client].push(r);
              log(`  ${server} run ${run + 1} download ${client}: ${reading(r)}`);
            }
          }
        } finally {
          conf.remove();
          await srv.stop();
        }
        const summary = (list) => ({
          mbps: stats(list.map((r) => r.mbps)),
          cpuS: stats(list.map((r) => r.cpuMs / 1000)),
          // Of it, the kernel's (page cache, reclaim, socket copies): it moves with the machine's memory.
          systemS: stats(list.map((r) => r.sysMs / 1000)),
          rssGrowthMB: stats(list.map((r) => r.rssGrowthMB)),
        });
        const ratio = (a, b) => stats(a.map((r, i) => r.mbps / b[i].mbps));
        const ratios = {
          uploadVsSdk: ratio(raw.up.ours, raw.up.sdk),
          uploadVsSdkNoChecksum: ratio(raw.up.ours, raw.up.sdkNoChecksum),
          uploadVsLean: ratio(raw.up.ours, raw.up.lean),
          downloadVsSdk: ratio(raw.down.ours, raw.down.sdk),
          downloadVsSdkNoChecksum: ratio(raw.down.ours, raw.down.sdkNoChecksum),
          downloadVsRaw: ratio(raw.down.ours, raw.down.raw),
        };
        for (const p of peers) {
          ratios[`uploadVs_${p}`] = ratio(raw.up.ours, raw.up[p]);
          ratios[`downloadVs_${p}`] = ratio(raw.down.ours, raw.down[p]);
        }
        result[server] = {
          upload: Object.fromEntries(UP.map((c) => [c, summary(raw.up[c])])),
          download: Object.fromEntries(DOWN.map((c) => [c, summary(raw.down[c])])),
          ratios,
        };
      } catch (err) {
        // One server's failure costs its own rows, not the other servers' figures.
        result[server] = serverFailed(log, server, err);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { sizeMiB, runs, peers: versions, peersMissing, swiftMissing: swiftWhy(), ...result };
}
