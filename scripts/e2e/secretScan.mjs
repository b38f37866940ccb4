// The sentinel-secret scan of the end-to-end scenarios: distinctive secret values (the sandbox's
// keys, a DB password) must appear in no file a run wrote, no output channel, no webview and no
// process's command line or environment. One place for the scan, used by reliability.mjs and
// sqlConsole.mjs.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every regular file under `dir` (symbolic links are not followed). */
export function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = lstatSync(p);
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) yield* files(p);
    else if (st.isFile()) yield p;
  }
}

/** Names of the sentinels (`{ name: value }`) found in `bytes` as UTF-8 or UTF-16 text. */
export function sentinelsIn(bytes, sentinels) {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(String(bytes), 'utf8');
  return Object.entries(sentinels)
    .filter(([, v]) => buf.includes(Buffer.from(v, 'utf8')) || buf.includes(Buffer.from(v, 'utf16le')))
    .map(([name]) => name);
}

/** The files under `dir` holding a sentinel: `{ hits: ['name in relative/path'], count }`. */
export function scanFiles(dir, sentinels) {
  const hits = [];
  let count = 0;
  for (const f of files(dir)) {
    count++;
    for (const name of sentinelsIn(readFileSync(f), sentinels)) hits.push(`${name} in ${relative(dir, f)}`);
  }
  return { hits, count };
}

/**
 * The processes of this machine whose command line or environment holds a sentinel (those this
 * user may read: the code-server, its extension host, its terminals and what they run).
 * `{ hits: ['name in the command line of 1234 (mariadb)'], count }`.
 */
export function scanProcesses(sentinels) {
  const hits = [];
  let count = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmdline;
    let environ;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`);
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue; // gone meanwhile, or another user's
    }
    count++;
    const name = cmdline.toString('utf8').split('\0')[0].split('/').pop();
    for (const s of sentinelsIn(cmdline, sentinels)) hits.push(`${s} in the command line of ${pid} (${name})`);
    for (const s of sentinelsIn(environ, sentinels)) hits.push(`${s} in the environment of ${pid} (${name})`);
  }
  return { hits, count };
}
