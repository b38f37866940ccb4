// The processes of a code-server started by the e2e harness, read from /proc: its extension
// host (to kill it as a crash would, or to read its memory in a benchmark); and the CPU time
// they and the whole machine spent.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The fields of /proc/<pid>/stat after the command name in parentheses (which may hold spaces):
 * [0] state, [1] parent pid, ... [11] utime, [12] stime, [13] cutime, [14] cstime (in ticks).
 * Throws when the process is gone.
 */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Every process's children, by parent id, read from /proc once. */
function childMap() {
  const children = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(statFields(pid)[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * One reading of the process tree: `childrenOf` and `descendants` answer from the same moment.
 * Two separate readings can disagree about a process started between them (isolationLeave once
 * took code-server's pty host, started by its first terminal, for the terminal's own process:
 * not among the server's helpers in one reading, among the new processes in the next).
 */
export function processTree() {
  const children = childMap();
  const childrenOf = (pid) => children.get(pid) ?? [];
  const descendants = (root) => {
    const out = [];
    const walk = (p) => {
      for (const c of childrenOf(p)) {
        out.push(c);
        walk(c);
      }
    };
    walk(root);
    return out;
  };
  return { childrenOf, descendants };
}

/** The process ids under `root` (its children, theirs...). */
export function descendants(root) {
  return processTree().descendants(root);
}

/** Whether `pid` runs: there and not a zombie (ended, its parent not told yet). */
export function alive(pid) {
  try {
    return statFields(pid)[0] !== 'Z';
  } catch {
    return false; // gone
  }
}

/** The command line of `pid`, its arguments joined by spaces ('' once it is gone). */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

/** The extension host processes of the code-server whose process id is `serverPid`. */
export function extensionHosts(serverPid) {
  return descendants(serverPid).filter((pid) => commandLine(pid).includes('--type=extensionHost'));
}

/** Resident memory of a process in MiB: `{ rss, peak }` (VmRSS and VmHWM of /proc/<pid>/status). */
export function residentMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on every Linux Node runs on here). */
const TICKS = 100;

/**
 * CPU seconds spent by the processes under each of `roots` (the roots too), read from /proc: each
 * live process's user and system time plus what its children that ended left it (cutime,
 * cstime), so a renderer that came and went is still counted, and nothing twice. A process that
 * ended without its parent reaping it (never, for code-server's and Chromium's) is not.
 */
export function treeCpuSeconds(roots) {
  let ticks = 0;
  for (const pid of roots.flatMap((r) => [r, ...descendants(r)])) {
    try {
      const f = statFields(pid);
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICKS;
}

/** The main process of the Chromium whose profile folder is `profileDir` (its children have a `--type`). */
export function chromiumMainPid(profileDir) {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.includes(`--user-data-dir=${profileDir}`) && !args.some((a) => a.startsWith('--type=')))
        return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/**
 * The whole machine's CPU time so far from /proc/stat's first line, in core-seconds: `busy`
 * (user, nice, system, irq, softirq) and `steal` (taken by the hypervisor), with `cores`, the
 * CPUs that line sums (its `cpuN` lines). The difference of two readings says how many of those
 * cores a step kept busy, everything on the machine counted.
 */
export function machineCpu() {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  const f = lines[0].trim().split(/\s+/).slice(1).map(Number);
  return {
    busy: (f[0] + f[1] + f[2] + f[5] + f[6]) / TICKS,
    steal: (f[7] ?? 0) / TICKS,
    cores: lines.filter((l) => /^cpu\d+ /.test(l)).length,
  };
}
