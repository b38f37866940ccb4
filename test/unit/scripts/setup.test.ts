// The README's two commands do the whole set-up (issue 66, "Also"): `.ci/run` is `npm test` and
// nothing more; the Debian packages are one list (scripts/system-packages.sh) that every message
// naming a package agrees with, and where they cannot be installed the script says which, how and
// what fails; Node 24 (scripts/node24.sh) is what the project runs on and what `engines` says; and
// the end-to-end runs' third language is spent only on the files that answer dialogs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

const ROOT = path.join(__dirname, '../../..');
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
/** A constant of an e2e script, read from its source (those modules await at their top level: no require). */
function constant(rel: string, name: string): unknown {
  const m = read(rel).match(new RegExp(`^export const ${name} = (.+);$`, 'm'));
  assert.ok(m, `${rel} exports ${name}`);
  return JSON.parse(m[1].replace(/'/g, '"'));
}
const dir = mkdtempSync(path.join(tmpdir(), 'setup-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The one list: package name → what needs it, as the script itself reads it. */
function systemPackages(): Map<string, string> {
  const r = spawnSync(
    '/bin/bash',
    ['-c', 'source scripts/system-packages.sh && printf "%s\\n" "${SYSTEM_PACKAGES[@]}"'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  return new Map(
    r.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('|'))
      .map(([name, , why]) => [name, why]),
  );
}

/** Every text file under `rel` (node_modules and dot-folders left out). */
function filesUnder(rel: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(ROOT, d))) {
      if (e === 'node_modules' || e.startsWith('.')) continue;
      const p = path.join(d, e);
      if (statSync(path.join(ROOT, p)).isDirectory()) walk(p);
      else if (/\.(m?js|ts|sh)$/.test(e)) out.push(p);
    }
  };
  walk(rel);
  return out;
}

test(".ci/run is the README's test command and nothing more", () => {
  const commands = read('.ci/run')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('set ') && l !== 'cd "$(dirname "$0")/.."');
  assert.deepEqual(commands, ['npm test']);
  assert.match(read('README.md'), /^npm test\b/m, 'the README names `npm test`');
});

test('Debian packages: one list; every package a message tells a person to install is on it; apt-get run from that script alone', () => {
  const list = systemPackages();
  for (const name of ['mariadb-server', 'openssh-server', 'rclone', 'chromium-headless-shell', 'fonts-noto-cjk'])
    assert.ok(list.has(name), `${name} is on the list`);
  for (const [name, why] of list) assert.ok(why?.trim(), `${name} says what needs it`);
  const named: string[] = [];
  const runsAptGet: string[] = [];
  for (const file of [...filesUnder('src'), ...filesUnder('test'), ...filesUnder('scripts'), '.ci/run']) {
    if (file === path.join('scripts', 'system-packages.sh')) continue;
    const text = read(file);
    for (const m of text.matchAll(/apt-get install((?: -y| --no-install-recommends)*)((?: [a-z0-9][a-z0-9.+-]+)+)/g))
      for (const name of m[2].trim().split(' ')) if (!list.has(name)) named.push(`${file}: ${name}`);
    // A process started on apt-get itself (not a message naming it). The bench installs its own
    // optional peers (rclone, the AWS CLI) for their rows: not a set-up step of the two commands.
    if (
      /['"]apt-get['"]|^\s*(?:\$SUDO |sudo )?apt-get /m.test(text) &&
      file !== path.join('scripts', 'bench', 'peers.mjs')
    )
      runsAptGet.push(file);
  }
  assert.deepEqual(named, [], 'packages named in messages but missing from scripts/system-packages.sh');
  assert.deepEqual(runsAptGet, [], 'files that run apt-get themselves instead of scripts/system-packages.sh');
});

test('where nothing can be installed (no apt-get), the missing packages are named with the command to run and what fails', () => {
  // A PATH with none of the packages' binaries and no apt-get, dpkg or sudo: a machine that is not Debian.
  const bin = path.join(dir, 'bin');
  spawnSync('mkdir', ['-p', bin]);
  symlinkSync('/usr/bin/id', path.join(bin, 'id'));
  const r = spawnSync('/bin/bash', ['scripts/system-packages.sh', 'test'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: bin, HOME: dir },
  });
  assert.equal(r.status, 1, `exit code (stdout: ${r.stdout}, stderr: ${r.stderr})`);
  const missing = ['mariadb-client', 'openssl', 'build-essential', 'swift', 'memcached', 'fonts-noto-cjk'];
  const install = r.stderr.match(/Install them yourself: {2}sudo apt-get install -y --no-install-recommends (.+)/)?.[1];
  assert.ok(install, `the command to run: ${r.stderr}`);
  for (const name of missing) assert.ok(install.split(' ').includes(name), `${name} in "${install}"`);
  assert.match(r.stderr, /not a Debian or Ubuntu system \(no apt-get\)/);
  const list = systemPackages();
  for (const name of missing)
    assert.ok(r.stderr.includes(`without ${name}: ${list.get(name)}`), `what fails without ${name}`);
});

test("Node 24: scripts/node24.sh runs a command on it from a PATH whose node is the system's; engines.node says that major", () => {
  const NODE_MAJOR = constant('scripts/e2e/install.mjs', 'NODE_MAJOR') as number;
  const r = spawnSync('/bin/bash', ['scripts/node24.sh', 'node', '-p', 'process.versions.node'], {
    cwd: ROOT,
    encoding: 'utf8',
    // Debian's node and npm (any version) and nothing of this process's Node.
    env: { ...process.env, PATH: '/usr/local/bin:/usr/bin:/bin' },
    timeout: 300_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim().split('.')[0], String(NODE_MAJOR), `the command ran on Node ${NODE_MAJOR}`);
  const system = spawnSync('node', ['-p', 'process.versions.node.split(".")[0]'], {
    encoding: 'utf8',
    env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
  }).stdout.trim();
  if (Number(system) < NODE_MAJOR)
    assert.match(r.stderr, new RegExp(`older than Node ${NODE_MAJOR}: running on v${NODE_MAJOR}\\.`));
  const pkg = JSON.parse(read('package.json'));
  assert.equal(pkg.engines.node, `^${NODE_MAJOR}.0.0`);
  assert.equal(JSON.parse(read('package-lock.json')).packages[''].engines.node, pkg.engines.node);
  assert.match(pkg.scripts.bench, /^bash scripts\/node24\.sh /, 'the bench runs on it');
  assert.match(read('scripts/npm-test.sh'), /^use_node24\b/m, 'npm test runs on it');
  assert.match(read('scripts/npm-start.sh'), /^use_node24\b/m, 'npm start runs on it');
});

test('end to end: English and Korean for every file, Japanese only for the files that answer modal dialogs', () => {
  const DEFAULT_LOCALES = constant('scripts/e2e/texts.mjs', 'DEFAULT_LOCALES') as string[];
  const ANSWERS_DIALOGS = constant('scripts/e2e/texts.mjs', 'ANSWERS_DIALOGS') as string[];
  assert.ok(!DEFAULT_LOCALES.includes('ja'), 'a file runs in English and Korean unless it says');
  assert.deepEqual(DEFAULT_LOCALES, ['en', 'ko']);
  const scenarios = path.join('test', 'e2e', 'scenarios');
  const japanese = readdirSync(path.join(ROOT, scenarios))
    .filter((f) => f.endsWith('.mjs'))
    .filter((f) => {
      const text = read(path.join(scenarios, f));
      const own = text.match(/^export const locales = (.+);$/m)?.[1];
      // Any list of its own that names ja, or the dialogs' list.
      return own === 'ANSWERS_DIALOGS' ? ANSWERS_DIALOGS.includes('ja') : Boolean(own?.includes("'ja'"));
    });
  assert.deepEqual(japanese.sort(), ['dialogs.mjs', 'reliability.mjs']);
  for (const f of japanese) {
    const text = read(path.join(scenarios, f));
    assert.match(text, /dialogButton\(|\.monaco-dialog-box/, `${f} answers a modal dialog`);
  }
  // No scenario inside a file picks Japanese back on its own.
  for (const f of readdirSync(path.join(ROOT, scenarios)).filter((x) => x.endsWith('.mjs')))
    assert.doesNotMatch(read(path.join(scenarios, f)), /^\s+locales: /m, `${f}: a scenario with locales of its own`);
});
