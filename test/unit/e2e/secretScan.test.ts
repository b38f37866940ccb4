// The sentinel-secret scan of the end-to-end scenarios (scripts/e2e/secretScan.mjs, used by
// sqlConsole.mjs and reliability.mjs) can fail: a sentinel planted in a file (UTF-8 and UTF-16),
// in the environment of a child process and in the command line of another is reported, each
// hit naming where it is; the same places without the sentinel report nothing.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, test } from 'node:test';

interface ScanResult {
  hits: string[];
  count: number;
}
interface SecretScan {
  scanFiles(dir: string, sentinels: Record<string, string>): ScanResult;
  scanProcesses(sentinels: Record<string, string>): ScanResult;
}
// A path held in a variable: the scan is plain JavaScript (.mjs) the type checker does not follow.
const SCAN_MODULE = '../../../scripts/e2e/secretScan.mjs';
const load = () => import(SCAN_MODULE) as Promise<SecretScan>;

/** Distinctive per run, so nothing else on the machine holds it by chance. */
const SENTINEL = `Sntl-${randomBytes(6).toString('hex')}`;
const sentinels = { dbPassword: SENTINEL };
const dir = mkdtempSync(join(tmpdir(), 'secret-scan-test-'));
const children: ChildProcess[] = [];
/** How the scan names a node process: its program's file name. */
const NODE = basename(process.execPath);

after(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A node process that idles until killed, started with `args` after `--` and `env` added. */
async function idleChild(args: string[], env: Record<string, string> = {}): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'ignore',
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child.pid!;
}

test('a sentinel in a file, as UTF-8 or UTF-16, is reported with the file; clean files are not', async () => {
  const { scanFiles } = await load();
  mkdirSync(join(dir, 'User', 'logs'), { recursive: true });
  writeFileSync(join(dir, 'User', 'logs', 'clean.log'), 'Connected to staging-api as app\n');
  assert.deepEqual(scanFiles(dir, sentinels).hits, [], 'a clean tree reports nothing');

  writeFileSync(join(dir, 'User', 'logs', 'leak.log'), `connecting with password=${SENTINEL}\n`);
  // VS Code's state databases and Windows-made files may hold text as UTF-16.
  writeFileSync(join(dir, 'User', 'state.bin'), Buffer.from(`{"pw":"${SENTINEL}"}`, 'utf16le'));
  const r = scanFiles(dir, sentinels);
  assert.deepEqual(r.hits.sort(), [
    `dbPassword in ${join('User', 'logs', 'leak.log')}`,
    `dbPassword in ${join('User', 'state.bin')}`,
  ]);
  assert.equal(r.count, 3);
  for (const h of r.hits) console.log(`    reported: ${h}`);
});

test("a sentinel in a child's environment or command line is reported with its pid; a clean child is not", async () => {
  const { scanProcesses } = await load();
  const clean = await idleChild(['--user', 'app'], { DB_USER: 'app' });
  const inEnv = await idleChild(['--user', 'app'], { MYSQL_PWD: SENTINEL });
  const inArgs = await idleChild([`--password=${SENTINEL}`]);
  const r = scanProcesses(sentinels);
  const mine = (pid: number) => r.hits.filter((h) => h.includes(` of ${pid} (`));
  assert.deepEqual(mine(clean), [], 'a child without the sentinel is not reported');
  assert.deepEqual(mine(inEnv), [`dbPassword in the environment of ${inEnv} (${NODE})`]);
  assert.deepEqual(mine(inArgs), [`dbPassword in the command line of ${inArgs} (${NODE})`]);
  // Nothing else on the machine holds this run's sentinel.
  assert.equal(r.hits.length, 2, r.hits.join('\n'));
  assert.ok(r.count >= 4, `only ${r.count} processes were read`);
  for (const h of r.hits) console.log(`    reported: ${h}`);
});
