// A sandbox in its own process, for scenarios that need it to outlive a window reload or to sit
// behind a proxy (a sandbox started inside the extension host dies with the reload). Stopped by
// its process group when the scenario file ends, also on failure.
import { spawn } from 'node:child_process';
import { ROOT } from './codeServer.mjs';

/** Starts `src/sandbox/main.ts` on a free loopback port; `timeScaleMs` is the duration of a job step. */
export function startSandboxProcess({ timeScaleMs }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts', '--port', '0', '--time-scale', String(timeScaleMs)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
  };
  process.on('exit', stop);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${out}`)), 60_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop });
      }
    });
    child.on('exit', (code) => reject(new Error(`the sandbox exited (${code}): ${out}`)));
  });
}
