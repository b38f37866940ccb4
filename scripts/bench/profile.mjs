// CPU profile of one transfer client (the tool behind the Performance notes, not part of the
// bench): node scripts/bench/profile.mjs <up|down> <ours|sdk|lean|raw> [MiB=256] [sandbox|s3rver]
// Runs the transfer worker under --cpu-prof against a server in its own process, then prints
// the functions with the most self time, grouped by package (or file) and function.
import { randomFillSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBenchLib, MiB, ROOT, runNode, startNode } from './lib.mjs';

const [op = 'up', client = 'ours', mib = '256', server = 'sandbox'] = process.argv.slice(2);
const lib = await buildBenchLib();
const dir = mkdtempSync(join(tmpdir(), 'nhncloud-prof-'));
const file = join(dir, 'big.bin');
const buf = Buffer.allocUnsafe(Number(mib) * MiB);
randomFillSync(buf);
writeFileSync(file, buf);
writeFileSync(join(dir, 'warm.bin'), buf.subarray(0, 24 * MiB));
const srv = await startNode([join(ROOT, 'scripts/bench/transferServer.mjs'), server, lib]);
try {
  const worker = join(ROOT, 'scripts/bench/transferWorker.mjs');
  const base = { target: srv.info, file, warmFile: join(dir, 'warm.bin'), lib, warmKey: 'bench/warm.bin' };
  if (op === 'down') {
    await runNode([
      '--expose-gc',
      worker,
      JSON.stringify({ ...base, client: 'lean', op: 'up', key: 'bench/up-ours.bin' }),
    ]);
    await runNode([
      '--expose-gc',
      worker,
      JSON.stringify({ ...base, client: 'ours', op: 'up', key: 'bench/warm-src.bin', warmKey: 'bench/warm.bin' }),
    ]);
  }
  const job = {
    ...base,
    client,
    op,
    key: op === 'up' ? `bench/up-${client}.bin` : 'bench/up-ours.bin',
    warmKey: op === 'up' ? 'bench/warm.bin' : 'bench/warm.bin.ours',
  };
  const r = await runNode(['--expose-gc', '--cpu-prof', '--cpu-prof-dir', dir, worker, JSON.stringify(job)]);
  console.log(
    `${op} ${client} ${mib} MiB on ${server}: ${r.mbps.toFixed(1)} MB/s, cpu ${(r.cpuMs / 1000).toFixed(2)} s, rss +${r.rssGrowthMB.toFixed(1)} MB`,
  );
  const prof = JSON.parse(
    readFileSync(
      join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.cpuprofile')),
      ),
      'utf8',
    ),
  );
  const dt = new Map();
  for (let i = 0; i < prof.samples.length; i++)
    dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  const self = new Map();
  let total = 0;
  for (const n of prof.nodes) {
    const us = dt.get(n.id) ?? 0;
    if (n.callFrame.functionName === '(idle)') continue;
    total += us;
    const url = n.callFrame.url || '';
    const where = url.includes('node_modules/')
      ? url
          .split('node_modules/')
          .pop()
          .split('/')
          .slice(0, url.includes('@') ? 2 : 1)
          .join('/')
      : url.replace(/^.*\//, '') || '(native)';
    const key = `${n.callFrame.functionName || '(anonymous)'} [${where}]`;
    self.set(key, (self.get(key) ?? 0) + us);
  }
  console.log(`profiled busy time ${(total / 1000).toFixed(0)} ms; top self time:`);
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18))
    console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`);
} finally {
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
