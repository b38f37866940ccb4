// The processes of a code-server started by the e2e harness, read from /proc: its extension
// host (to kill it as a crash would, or to read its memory in a benchmark).
import { readdirSync, readFileSync } from 'node:fs';

/** The process ids under `root` (its children, theirs...). */
export function descendants(root) {
  const children = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // The parent pid is the 2nd field after the command name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const walk = (p) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

/** The extension host processes of the code-server whose process id is `serverPid`. */
export function extensionHosts(serverPid) {
  return descendants(serverPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=extensionHost');
    } catch {
      return false;
    }
  });
}

/** Resident memory of a process in MiB: `{ rss, peak }` (VmRSS and VmHWM of /proc/<pid>/status). */
export function residentMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
