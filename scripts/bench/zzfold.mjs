// throwaway: profile ours' small-folder upload/download against the sandbox (not committed)
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startNode, ROOT } from './lib.mjs';
const lib = join(ROOT, '.bench/build/lib.cjs');
const dir = '/tmp/zzf/small';
rmSync(dir, { recursive: true, force: true });
for (let i = 0; i < 2000; i++) {
  const sub = join(dir, `d${i % 20}`);
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(sub, `f${i}.bin`), Buffer.alloc(4096 + ((i * 7919) % 61440), i & 255));
}
const srv = await startNode([join(ROOT, 'scripts/bench/transferServer.mjs'), 'sandbox', lib]);
const t = srv.info;
const prof = process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/zzf'] : [];
for (const [op, d, prefix] of [['upDir', dir, 'up1/'], ['downDir', '/tmp/zzf/down', 'up1/'], ['upDir', dir, 'up2/'], ['downDir', '/tmp/zzf/down2', 'up2/']]) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, ...prof, join(ROOT, 'scripts/bench/folderWorker.mjs'), JSON.stringify({ lib, target: t, op, dir: d, prefix, small: 16, large: 4 })], { encoding: 'utf8' });
  console.log(op, Number(process.hrtime.bigint() - t0) / 1e6, 'ms', r.stderr.trim().split('\n').pop(), r.stdout.trim());
}
await srv.stop();
