// Acceptance: a 200 MiB file through the multipart path, to the sandbox and to s3rver, comes
// back byte-identical (same SHA-256) while the process's resident memory grows by less than
// 64 MB. node:test runs each test file in its own process, so s3BigSandbox.test.ts and
// s3BigS3rver.test.ts each measure a fresh process: client, transport and the in-process
// server together (stricter than the client alone). Prints throughput and memory figures;
// asserts only the memory bound and the checksums. This file is the shared body (not a test).
import { strict as assert } from 'node:assert';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { download } from '../../src/client/storage/download';
import { MiB, upload } from '../../src/client/storage/transfer';
import { TARGETS } from './s3Servers';

const SIZE = 200 * MiB;
const RSS_LIMIT = 64 * 1000 * 1000;

async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of createReadStream(path, { highWaterMark: MiB })) h.update(c as Buffer);
  return h.digest('hex');
}

/** Samples RSS every 50 ms until stopped; answers the peak. */
function sampleRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

const mb = (n: number): string => (n / 1e6).toFixed(1);

// A full collection before the baseline, so garbage of the set-up does not count either way.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export function bigTransferSuite(targetName: 'sandbox' | 's3rver'): void {
  describe(`200 MiB through multipart upload and streamed download (${targetName})`, () => {
    let dir: string;
    let file: string;
    let sourceSha: string;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 's3-big-'));
      file = join(dir, 'big.bin');
      const out = createWriteStream(file);
      // Random data in 1 MiB blocks (incompressible, no whole-file buffer).
      for (let i = 0; i < SIZE / MiB; i++) if (!out.write(randomBytes(MiB))) await once(out, 'drain');
      out.end();
      await once(out, 'finish');
      sourceSha = await sha256File(file);
    });
    after(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    for (const t of TARGETS.filter((x) => x.name === targetName)) {
      it(`to ${t.name}: same SHA-256 back, RSS growth under 64 MB`, async () => {
        const target = await t.start();
        try {
          const s3 = target.client();
          await s3.createBucket('big-bucket');
          // Warm-up (3 parts up, then down) so code, sockets and buffer pools exist before the
          // baseline: the bound is on what the 200 MiB transfer adds, not on first-use costs.
          const warm = join(dir, 'warm.bin');
          await writeFile(warm, randomBytes(20 * MiB));
          await upload(s3, { bucket: 'big-bucket', key: 'warm.bin', file: warm });
          await download(s3, { bucket: 'big-bucket', key: 'warm.bin', file: `${warm}.out` });
          gc();
          const baseline = process.memoryUsage().rss;
          const sampler = sampleRss();
          let t0 = Date.now();
          const up = await upload(s3, { bucket: 'big-bucket', key: 'big/200mib.bin', file });
          const upMs = Date.now() - t0;
          const outFile = join(dir, `${t.name}.out`);
          t0 = Date.now();
          const down = await download(s3, { bucket: 'big-bucket', key: 'big/200mib.bin', file: outFile });
          const downMs = Date.now() - t0;
          const peak = sampler.stop();
          const growth = peak - baseline;
          console.log(
            `[s3Big] ${t.name}: upload ${up.parts} parts ${mb(SIZE)} MB in ${(upMs / 1000).toFixed(2)} s (${mb((SIZE / upMs) * 1000)} MB/s), ` +
              `download in ${(downMs / 1000).toFixed(2)} s (${mb((SIZE / downMs) * 1000)} MB/s); RSS baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, growth ${mb(growth)} MB`,
          );
          assert.equal(up.parts, 25, '8 MiB parts');
          assert.equal(down.size, SIZE);
          assert.equal(await sha256File(outFile), sourceSha);
          assert.ok(growth < RSS_LIMIT, `RSS grew by ${mb(growth)} MB (limit 64 MB)`);
          await rm(outFile, { force: true });
        } finally {
          await target.close();
        }
      });
    }
  });
}
