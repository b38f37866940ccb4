// The command-line tools people move S3 data with, as peers of the transfer figures: rclone
// (`rclone copyto` / `rclone copy`) and the AWS CLI v2 (`aws s3 cp`), each with its defaults,
// each transfer a fresh process. Both are configured offline for one run: a temporary config
// file each (never the user's ~/.aws or rclone.conf), path-style addressing, the server's
// endpoint, and no instance-metadata lookups (AWS_EC2_METADATA_DISABLED). Wall time, CPU
// (user + system) and peak RSS come from GNU time (/usr/bin/time), which waits for the process.
// The bench installs the Debian packages rclone and awscli when missing (the bench only:
// `npm test` never needs them).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { lastWords } from './lib.mjs';

// The AWS CLI v2 from Debian; an older v1 (pip, pyenv) may come first on PATH.
const AWS = '/usr/bin/aws';
const TIME = '/usr/bin/time';
const PACKAGES = {
  rclone: { bin: '/usr/bin/rclone', pkg: 'rclone' },
  aws: { bin: AWS, pkg: 'awscli' },
  time: { bin: TIME, pkg: 'time' },
};

/** Installs the Debian packages of the peers when missing; answers why a peer cannot run, if so. */
export function ensurePeerTools(log = console.error) {
  const missing = Object.values(PACKAGES).filter((p) => !existsSync(p.bin));
  if (missing.length) {
    const pkgs = missing.map((p) => p.pkg);
    log(`[bench] installing ${pkgs.join(' ')} (apt-get)`);
    const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const run = (args) =>
      spawnSync(sudo.length ? 'sudo' : args[0], sudo.length ? args : args.slice(1), {
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    run(['apt-get', 'update']);
    const r = run(['apt-get', 'install', '-y', '--no-install-recommends', ...pkgs]);
    if (r.status !== 0)
      throw new Error(
        `apt-get install -y ${pkgs.join(' ')} failed (exit ${r.status}): install them to get the rclone and AWS CLI rows`,
      );
  }
  const v = spawnSync(AWS, ['--version'], { encoding: 'utf8' });
  const version = `${v.stdout}${v.stderr}`.trim();
  if (!/^aws-cli\/2\./.test(version))
    throw new Error(`${AWS} is not the AWS CLI v2 (${version || `exit ${v.status}`})`);
  const rc = spawnSync(PACKAGES.rclone.bin, ['version'], { encoding: 'utf8' });
  return { aws: version.split(' ')[0], rclone: rc.stdout.split('\n')[0].trim() };
}

/** Temporary configuration of both tools for one server; remove() deletes it. */
export function peerConfig(target) {
  const dir = mkdtempSync(join(tmpdir(), 'nhncloud-bench-peers-'));
  writeFileSync(
    join(dir, 'rclone.conf'),
    [
      '[bench]',
      'type = s3',
      'provider = Other',
      `access_key_id = ${target.access}`,
      `secret_access_key = ${target.secret}`,
      `endpoint = ${target.baseUrl}`,
      `region = ${target.region}`,
      'force_path_style = true',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  writeFileSync(
    join(dir, 'aws-config'),
    ['[default]', `region = ${target.region}`, 's3 =', '  addressing_style = path', ''].join('\n'),
    { mode: 0o600 },
  );
  writeFileSync(
    join(dir, 'aws-credentials'),
    ['[default]', `aws_access_key_id = ${target.access}`, `aws_secret_access_key = ${target.secret}`, ''].join('\n'),
    { mode: 0o600 },
  );
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    RCLONE_CONFIG: join(dir, 'rclone.conf'),
    AWS_CONFIG_FILE: join(dir, 'aws-config'),
    AWS_SHARED_CREDENTIALS_FILE: join(dir, 'aws-credentials'),
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_PAGER: '',
  };
  return { dir, env, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The command line of one peer transfer. `op`: up | down (one file), upDir | downDir (a folder
 * to or from `key` as a prefix). Defaults of each tool, nothing tuned.
 */
export function peerCommand(tool, op, { target, local, key }) {
  const remoteR = `bench:${target.bucket}/${key}`;
  const remoteA = `s3://${target.bucket}/${key}`;
  const aws = (...a) => [AWS, '--endpoint-url', target.baseUrl, 's3', 'cp', ...a];
  const table = {
    rclone: {
      up: ['rclone', 'copyto', local, remoteR],
      down: ['rclone', 'copyto', remoteR, local],
      upDir: ['rclone', 'copy', local, remoteR],
      downDir: ['rclone', 'copy', remoteR, local],
    },
    aws: {
      up: aws(local, remoteA),
      down: aws(remoteA, local),
      upDir: aws(local, remoteA, '--recursive'),
      downDir: aws(remoteA, local, '--recursive'),
    },
  };
  const cmd = table[tool]?.[op];
  if (!cmd) throw new Error(`no ${op} for peer ${tool}`);
  if (cmd[0] === 'rclone') cmd[0] = PACKAGES.rclone.bin;
  return cmd;
}

/**
 * Runs one peer transfer in a fresh process: {ms, cpuMs, peakRssMB, output} (`output`: what it
 * wrote to stderr, for a caller that checks what the tool did); throws on a non-zero exit.
 */
export function runPeer(cmd, env, { timeoutMs = 900_000 } = {}) {
  return new Promise((resolve, reject) => {
    // Its own process group, so that the time limit stops the tool too, not only GNU time.
    const child = spawn(TIME, ['-f', '@@time %e %U %S %M', ...cmd], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let err = '';
    let timedOut = false;
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const m = /@@time ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(err);
      const output = err.replace(/@@time.*\n?/, '').trim();
      if (code !== 0 || !m) {
        // The reason first (a table row keeps 300 characters): which tool, how it ended, its last words.
        const tool = /(^|\/)node$/.test(cmd[0])
          ? basename(cmd.find((a) => /\.[cm]?js$/.test(a)) ?? 'node')
          : basename(cmd[0]);
        const how = timedOut ? `was stopped after ${timeoutMs / 1000} s (time limit)` : `exited ${code}`;
        const tail = lastWords(output);
        return reject(new Error(`${tool} ${how}${tail ? `: ${tail}` : ''} [${cmd.join(' ').slice(0, 300)}]`));
      }
      resolve({
        ms: Number(m[1]) * 1000,
        cpuMs: (Number(m[2]) + Number(m[3])) * 1000,
        // The kernel's part (system time): a write's page cache and reclaim, a socket's copies.
        sysMs: Number(m[3]) * 1000,
        peakRssMB: (Number(m[4]) * 1024) / 1e6,
        output,
      });
    });
  });
}
