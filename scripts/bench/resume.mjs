// Resumable uploads (issue 30: "Resume of a 1 GiB upload cut at 60 %: sends no more than the
// missing parts plus one (counted by the server), and takes <= 0.5x a full upload"). Per server
// and run, in fresh processes (resumeWorker.mjs): a full upload of the file, timed; an upload
// ended abruptly (process.exit, as a crash) once 60 % of its parts are on the server; then the
// resume, timed. The times are the upload calls' in their processes (the extension resumes in a
// host already running); each process's whole time is reported beside them. The sandbox counts the parts it received (its stats route); Swift is asked which
// parts it holds (List Parts, by the resume itself) and the resume counts what it sent. Each
// resumed object's ETag must be the one its file makes at that part size.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomFillSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MiB, ROOT, serverFailed, settle, startNode, stats } from './lib.mjs';
import { defaultServers } from './servers.mjs';
import { runPeer } from './peers.mjs';

const CUT_AT = 0.6;

export async function benchResume({
  lib,
  runs = 3,
  sizeMiB = 1024,
  log = console.error,
  servers = defaultServers(log),
  settleMs = 1000,
}) {
  const { hashFile, partSizeFor } = createRequire(import.meta.url)(lib);
  const work = mkdtempSync(join(tmpdir(), 'nhncloud-bench-resume-'));
  const file = join(work, 'resume.bin');
  const chunk = Buffer.allocUnsafe(64 * MiB);
  writeFileSync(file, '');
  for (let left = sizeMiB * MiB; left > 0; left -= chunk.length)
    writeFileSync(file, randomFillSync(chunk).subarray(0, Math.min(chunk.length, left)), { flag: 'a' });
  const worker = join(ROOT, 'scripts/bench/resumeWorker.mjs');
  const result = { sizeMiB, cutAt: CUT_AT };
  try {
    for (const server of servers.filter((s) => s !== 's3rver')) {
      try {
        const srv = await startNode([join(ROOT, 'scripts/bench/transferServer.mjs'), server, lib]);
        const t = srv.info;
        const run = async (op, extra = {}) => {
          const r = await runPeer(
            [process.execPath, worker, JSON.stringify({ lib, target: t, op, file, key: `resume-${op}.bin`, ...extra })],
            process.env,
          );
          return { ...r, said: JSON.parse(r.output.trim().split('\n').at(-1)) };
        };
        const origin = server === 'sandbox' ? t.baseUrl.replace(/\/storage\/kr1$/, '') : undefined;
        const serverParts = async () =>
          origin
            ? ((await (await fetch(`${origin}/_sandbox/stats`)).json()).byOperation['storage.uploadPart'] ?? 0)
            : undefined;
        const raw = { full: [], resume: [], ratio: [], sent: [], missing: [], fullProcess: [], resumeProcess: [] };
        try {
          for (let i = 0; i < runs; i++) {
            await settle(settleMs);
            const full = await run('full');
            const cut = await run('cut', { cutAt: CUT_AT, key: 'resume-cut.bin' });
            await settle(settleMs);
            const before = await serverParts();
            const resumed = await run('resume', {
              key: 'resume-cut.bin',
              uploadId: cut.said.uploadId,
              partSize: cut.said.partSize,
            });
            const after = await serverParts();
            const sent = origin ? after - before : resumed.said.sent;
            const missing = cut.said.parts - resumed.said.held;
            if (sent > missing + 1) throw new Error(`the resume sent ${sent} parts; ${missing} were missing`);
            const want = (await hashFile(file, cut.said.partSize)).multipartEtag;
            if (String(resumed.said.etag).replace(/"/g, '') !== want)
              throw new Error(`the resumed object's ETag ${resumed.said.etag} is not the file's (${want})`);
            raw.full.push(full.said.ms / 1000);
            raw.resume.push(resumed.said.ms / 1000);
            raw.ratio.push(resumed.said.ms / full.said.ms);
            raw.fullProcess.push(full.ms / 1000);
            raw.resumeProcess.push(resumed.ms / 1000);
            raw.sent.push(sent);
            raw.missing.push(missing);
            log(
              `  ${server} resume run ${i + 1}: full ${(full.said.ms / 1000).toFixed(2)} s (process ${(full.ms / 1000).toFixed(2)}); cut after ${cut.said.done} of ${cut.said.parts} parts, the server held ${resumed.said.held}; resume ${(resumed.said.ms / 1000).toFixed(2)} s (process ${(resumed.ms / 1000).toFixed(2)}), ${sent} parts sent (${origin ? 'counted by the server' : 'counted by the client'}) for ${missing} missing`,
            );
          }
          result[server] = {
            fullS: stats(raw.full),
            resumeS: stats(raw.resume),
            resumeVsFull: stats(raw.ratio),
            // The same with each worker's process start and end (Node, the bundle) counted.
            fullProcessS: stats(raw.fullProcess),
            resumeProcessS: stats(raw.resumeProcess),
            partsSent: raw.sent,
            partsMissing: raw.missing,
            partsCountedBy: origin ? 'server' : 'client',
            partSizeMiB: partSizeFor(sizeMiB * MiB) / MiB,
          };
        } finally {
          await srv.stop();
        }
      } catch (err) {
        result[server] = serverFailed(log, server, err);
      }
    }
    result.s3rver = { skipped: 's3rver cannot list the parts of an upload (no List Parts): nothing to resume from' };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}
