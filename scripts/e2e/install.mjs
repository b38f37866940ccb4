// Installs what the end-to-end tests need, once, into a cache folder outside the repository:
//   <cache>/node24/                 Node 24 from npm's `node` package (code-server 4.139 requires it)
//   <cache>/code-server-<version>/  code-server from npm, built against that Node
// <cache> is $NHNCLOUD_E2E_CACHE or ~/.cache/nhncloud-explorer-e2e. Both folders are keyed by
// version and reused; an install that did not finish is detected (the binary does not run) and redone.
// npm 11 blocks dependency install scripts unless approved; code-server (and its nested installs
// in lib/vscode) need theirs, so each folder gets its own package.json whose scripts are approved
// with `npm install-scripts approve --all`, then `npm rebuild` runs them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = 24;

export function cacheDir() {
  return process.env.NHNCLOUD_E2E_CACHE || join(homedir(), '.cache', 'nhncloud-explorer-e2e');
}

export function paths(cache = cacheDir()) {
  const nodeRoot = join(cache, `node${NODE_MAJOR}`);
  const csRoot = join(cache, `code-server-${CODE_SERVER_VERSION}`);
  return {
    cache,
    nodeRoot,
    csRoot,
    codeServerEntry: join(csRoot, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    log: join(cache, 'install.log'),
  };
}

/** The Node 24 binary the `node` package put somewhere under nodeRoot (its layout varies by npm version). */
export function findNodeBinary(nodeRoot) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const candidates = [
    join(nodeRoot, 'node_modules', 'node', 'node_modules', pkg, 'bin', 'node'),
    join(nodeRoot, 'node_modules', pkg, 'bin', 'node'),
  ];
  return candidates.find((c) => existsSync(c));
}

/** Runs a command, its output to the install log; prints a line every 30 s so a long install is not taken for a hang. */
function run(cmd, args, opts) {
  appendFileSync(opts.log, `\n$ (cd ${opts.cwd}) ${cmd} ${args.join(' ')}\n`);
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const collect = (d) => {
      appendFileSync(opts.log, d);
      tail = (tail + d).slice(-4000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const beat = setInterval(
      () =>
        console.log(
          `[e2e]   … ${cmd} ${args[0]} still running (${Math.round((Date.now() - t0) / 1000)} s; log: ${opts.log})`,
        ),
      30_000,
    );
    child.on('error', (e) => {
      clearInterval(beat);
      reject(e);
    });
    child.on('close', (code) => {
      clearInterval(beat);
      appendFileSync(opts.log, `exit ${code}\n`);
      if (code !== 0 && !opts.allowFail) {
        const last = tail.split('\n').slice(-25).join('\n');
        reject(
          new Error(
            `${cmd} ${args.join(' ')} failed in ${opts.cwd} (exit ${code}). Last lines:\n${last}\nFull log: ${opts.log}`,
          ),
        );
      } else resolve(code);
    });
  });
}

function works(node, args, env) {
  if (!node) return false;
  const r = spawnSync(node, args, { env, encoding: 'utf8', timeout: 60_000 });
  return r.status === 0 ? r.stdout.trim() : false;
}

/** Environment with Node 24 first on PATH and node-gyp pointed at its headers. */
export function node24Env(nodeBin, base = process.env) {
  const binDir = join(nodeBin, '..');
  return {
    ...cleanEnv(base),
    PATH: `${binDir}:${base.PATH ?? ''}`,
    npm_config_nodedir: join(binDir, '..'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
}

/**
 * The environment without the npm_* variables of an enclosing `npm run` (npm test): they would
 * leak its settings (log level silent, its prefix, its Node's user agent) into the installs here.
 */
export function cleanEnv(base = process.env) {
  return Object.fromEntries(Object.entries(base).filter(([k]) => !/^npm_/i.test(k)));
}

async function approveAndRebuild(dir, opts) {
  await run('npm', ['install-scripts', 'approve', '--all'], { ...opts, cwd: dir, allowFail: true });
  await run('npm', ['rebuild'], { ...opts, cwd: dir });
}

async function ensureNode(p, log) {
  let bin = findNodeBinary(p.nodeRoot);
  const version = works(bin, ['--version'], process.env);
  if (version && version.startsWith(`v${NODE_MAJOR}.`)) return bin;
  console.log(`[e2e] Installing Node ${NODE_MAJOR} from npm into ${p.nodeRoot} (first run only, ~10 s)…`);
  rmSync(p.nodeRoot, { recursive: true, force: true });
  mkdirSync(p.nodeRoot, { recursive: true });
  writeFileSync(
    join(p.nodeRoot, 'package.json'),
    JSON.stringify({ private: true, dependencies: { node: `^${NODE_MAJOR}.0.0` } }),
  );
  const opts = { cwd: p.nodeRoot, env: { ...cleanEnv(), npm_config_update_notifier: 'false' }, log };
  await run('npm', ['install', '--no-audit', '--no-fund'], opts);
  if (!findNodeBinary(p.nodeRoot)) await approveAndRebuild(p.nodeRoot, opts);
  bin = findNodeBinary(p.nodeRoot);
  if (!works(bin, ['--version'], process.env))
    throw new Error(`Node ${NODE_MAJOR} did not install under ${p.nodeRoot}; see ${log}`);
  return bin;
}

function codeServerWorks(p, nodeBin) {
  if (!existsSync(p.codeServerEntry)) return false;
  if (!existsSync(join(p.csRoot, 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules'))) return false;
  return Boolean(works(nodeBin, [p.codeServerEntry, '--version'], node24Env(nodeBin)));
}

async function ensureCodeServer(p, nodeBin, log) {
  if (codeServerWorks(p, nodeBin)) return;
  const t0 = Date.now();
  console.log(
    `[e2e] Installing code-server ${CODE_SERVER_VERSION} into ${p.csRoot} (first run only, about 2 minutes, ~600 MB)…`,
  );
  rmSync(p.csRoot, { recursive: true, force: true });
  mkdirSync(p.csRoot, { recursive: true });
  writeFileSync(
    join(p.csRoot, 'package.json'),
    JSON.stringify({
      private: true,
      dependencies: { 'code-server': CODE_SERVER_VERSION },
      allowScripts: { 'code-server': true, argon2: true },
    }),
  );
  const opts = { cwd: p.csRoot, env: node24Env(nodeBin), log };
  // code-server's postinstall runs `npm install` in lib/vscode and lib/vscode/extensions, where npm 11
  // skips the native modules' scripts; approve them there and rebuild.
  await run('npm', ['install', '--no-audit', '--no-fund'], opts);
  const vscodeDir = join(p.csRoot, 'node_modules', 'code-server', 'lib', 'vscode');
  for (const dir of [vscodeDir, join(vscodeDir, 'extensions')])
    if (existsSync(join(dir, 'package.json'))) await approveAndRebuild(dir, opts);
  if (!codeServerWorks(p, nodeBin)) throw new Error(`code-server did not install under ${p.csRoot}; see ${log}`);
  console.log(`[e2e] code-server ready in ${Math.round((Date.now() - t0) / 1000)} s`);
}

/** Whether the process that took a lock (its pid, written in the lock) is still running. */
function ownerAlive(dir) {
  let pid;
  try {
    pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
  } catch {
    return undefined; // taken a moment ago, its pid not written yet (or a lock of an older version)
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** One installer at a time per cache (two test runs started together on a fresh machine). */
async function lock(dir) {
  for (let waited = 0; ; waited++) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      // A lock whose installer is gone (a run killed while it held it: the next run waited out
      // the 20 minutes below before this), or older than 20 minutes, is taken over.
      if (ownerAlive(dir) === false || Date.now() - statSync(dir).mtimeMs > 20 * 60_000)
        rmSync(dir, { recursive: true, force: true });
      else {
        if (waited % 30 === 0) console.log(`[e2e] waiting for another install into ${dirname(dir)} to finish…`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
}

/**
 * The Debian packages the end-to-end runs need (scripts/system-packages.sh, the one list `npm test`
 * and `npm start` read too: Chromium's headless shell, the CJK fonts, what code-server's install
 * builds with, MariaDB, sshd, Swift), installed when missing as root or through `sudo -n`. Korean
 * and Japanese texts need the CJK font in Chromium, or every scenario in those locales draws boxes
 * (the screenshots show it): without it the run stops here and says so.
 */
function ensureSystemPackages() {
  spawnSync('bash', [join(ROOT, 'scripts', 'system-packages.sh'), 'e2e'], { stdio: 'inherit' });
  const has = () =>
    spawnSync('fc-list', [':lang=ko'], { encoding: 'utf8' }).stdout?.trim() &&
    spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' }).stdout?.trim();
  if (!has())
    throw new Error(
      'No Korean/Japanese font for Chromium: install the Debian package fonts-noto-cjk (sudo apt-get install -y fonts-noto-cjk).',
    );
}

/** Installs what is missing; returns the Node 24 binary and code-server's entry script. */
export async function ensureInstalled() {
  ensureSystemPackages();
  const p = paths();
  mkdirSync(p.cache, { recursive: true });
  const release = await lock(join(p.cache, '.install.lock'));
  let nodeBin;
  try {
    nodeBin = await ensureNode(p, p.log);
    await ensureCodeServer(p, nodeBin, p.log);
  } finally {
    release();
  }
  return { nodeBin, codeServerEntry: p.codeServerEntry, cache: p.cache };
}

/**
 * Node 24 alone (scripts/node24.sh: `npm test`, `npm start` and the bench run on it): the same
 * binary, cache and lock as the code-server install's.
 */
export async function ensureNode24() {
  const p = paths();
  mkdirSync(p.cache, { recursive: true });
  const release = await lock(join(p.cache, '.install.lock'));
  try {
    return await ensureNode(p, p.log);
  } finally {
    release();
  }
}

// usage: node scripts/e2e/install.mjs          code-server and Node 24 (and the e2e runs' Debian packages)
//        node scripts/e2e/install.mjs --node   Node 24 only; its path is the one line on stdout
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    if (process.argv.includes('--node')) {
      // What the install says goes to stderr: stdout is the path a shell reads.
      console.log = console.error;
      process.stdout.write(`${await ensureNode24()}\n`);
    } else {
      const r = await ensureInstalled();
      console.log(`[e2e] Node ${NODE_MAJOR}: ${r.nodeBin}\n[e2e] code-server: ${r.codeServerEntry}`);
    }
  } catch (e) {
    console.error(String(e instanceof Error ? e.message : e));
    process.exit(1);
  }
}
