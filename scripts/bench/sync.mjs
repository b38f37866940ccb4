// Sync Folder over an unchanged pair (issue 30: "a sync pass over 10,000 unchanged files,
// listing and comparing, nothing to send: <= 1.0x the time of `rclone sync --dry-run` on the
// same pair"). A folder of 10,000 small files (fixed seed, 100 subfolders) is sent once by ours
// (the times kept as rclone keeps them); then, on each server, each run times in fresh processes
// `rclone sync --dry-run` (its defaults: size, then the time in the object's metadata, which
// needs a HEAD per object) and ours: the first pass (no stamps kept yet: a HEAD per object as
// well) and a pass again (the stamps of the pass before, as Run Sync on a remembered pair has).
// Every timed pass must find nothing to do: rclone's notices are read, ours reports its plan.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, serverFailed, settle, startNode, stats } from './lib.mjs';
import { defaultServers } from './servers.mjs';
import { ensurePeerTools, peerConfig, runPeer } from './peers.mjs';

const FILES = 10_000;

function makeFolder(dir) {
  let a = 20261127;
  const random = () => {
    a = (a * 1103515245 + 12345) >>> 0;
    return a / 4294967296;
  };
  for (let i = 0; i < FILES; i++) {
    const sub = join(dir, `d${String(i % 100).padStart(2, '0')}`);
    if (i < 100) mkdirSync(sub, { recursive: true });
    const body = Buffer.alloc(16 + Math.floor(random() * 240), i % 251);
    writeFileSync(join(sub, `f${String(i).padStart(5, '0')}.txt`), body);
  }
}

export async function benchSync({
  lib,
  runs = 3,
  log = console.error,
  servers = defaultServers(log),
  settleMs = 1000,
}) {
  ensurePeerTools(log);
  const work = mkdtempSync(join(tmpdir(), 'nhncloud-bench-sync-'));
  const dir = join(work, 'folder');
  makeFolder(dir);
  const worker = join(ROOT, 'scripts/bench/syncWorker.mjs');
  const result = { files: FILES };
  try {
    for (const server of servers) {
      try {
        const srv = await startNode([join(ROOT, 'scripts/bench/transferServer.mjs'), server, lib]);
        const t = srv.info;
        const conf = peerConfig(t);
        const prefix = 'sync/';
        const stamps = join(work, `${server}-stamps.json`);
        const ours = (op) =>
          runPeer([process.execPath, worker, JSON.stringify({ lib, target: t, op, dir, prefix, stamps })], process.env);
        /** What our pass found (the worker's last stderr line); it must be nothing to do. */
        const nothingToDo = (r, who) => {
          const found = JSON.parse(r.output.trim().split('\n').at(-1));
          if (found.actions !== 0 || found.unchanged !== FILES)
            throw new Error(`${who} found ${found.actions} to do and ${found.unchanged} unchanged of ${FILES}`);
          return found;
        };
        try {
          rmSync(stamps, { force: true });
          const seeded = await ours('seed');
          log(`  ${server} sync: ${FILES} files sent once in ${(seeded.ms / 1000).toFixed(1)} s (untimed)`);
          const raw = { rclone: [], first: [], again: [] };
          for (let run = 0; run < runs; run++) {
            // Each run from no stamps: the first pass HEADs every object, the second reuses them.
            rmSync(stamps, { force: true });
            const order = run % 2 ? ['first', 'again', 'rclone'] : ['rclone', 'first', 'again'];
            for (const who of order) {
              await settle(settleMs);
              if (who === 'rclone') {
                const r = await runPeer(
                  [
                    '/usr/bin/rclone',
                    'sync',
                    '--dry-run',
                    '--use-json-log',
                    '--log-level',
                    'NOTICE',
                    dir,
                    `bench:${t.bucket}/${prefix}`,
                  ],
                  conf.env,
                );
                const notices = r.output.split('\n').filter((l) => l.includes('--dry-run'));
                if (notices.length) throw new Error(`rclone would change ${notices.length} files: ${notices[0]}`);
                raw.rclone.push(r);
              } else {
                const r = await ours('pass');
                const found = nothingToDo(r, `ours (${who})`);
                if (who === 'again' && found.heads !== 0)
                  throw new Error(`the pass again sent ${found.heads} HEADs: the stamps were not used`);
                if (who === 'first' && found.heads !== FILES)
                  throw new Error(`the first pass sent ${found.heads} HEADs, not ${FILES}`);
                raw[who].push(r);
              }
              const last = raw[who].at(-1);
              log(
                `  ${server} sync run ${run + 1} ${who}: ${(last.ms / 1000).toFixed(2)} s, cpu ${(last.cpuMs / 1000).toFixed(2)} s`,
              );
            }
          }
          const summary = (list) => ({
            s: stats(list.map((r) => r.ms / 1000)),
            cpuS: stats(list.map((r) => r.cpuMs / 1000)),
          });
          const ratio = (a) => stats(a.map((r, i) => r.ms / raw.rclone[i].ms));
          result[server] = {
            rclone: summary(raw.rclone),
            first: summary(raw.first),
            again: summary(raw.again),
            // Ours over rclone's time in the same run (target: <= 1.0).
            firstVsRclone: ratio(raw.first),
            againVsRclone: ratio(raw.again),
          };
        } finally {
          conf.remove();
          await srv.stop();
        }
      } catch (err) {
        result[server] = serverFailed(log, server, err);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}
