// Which program opened a loopback TCP connection to the sandbox (Linux): how the sandbox keeps a
// private DB instance's database to connections that came through an SSH bastion (issue 29). The
// real service's private endpoint is out of reach outside its VPC; on one machine everything is
// reachable, so the relay asks the kernel who is on the other end instead: the connection's
// socket in /proc/net/tcp{,6}, then the process holding that socket in /proc/<pid>/fd.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The inode of the socket whose local port is `clientPort` and remote port `serverPort` (ESTABLISHED). */
function socketInode(clientPort: number, serverPort: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== '01') continue;
      const localPort = parseInt(f[1].split(':')[1], 16);
      const remotePort = parseInt(f[2].split(':')[1], 16);
      if (localPort === clientPort && remotePort === serverPort) return f[9];
    }
  }
  return undefined;
}

/**
 * The executable of the process on the client side of a loopback connection, e.g.
 * `/usr/sbin/sshd`; undefined when it cannot be told (not Linux, the process is gone or is
 * another user's).
 */
export function peerExecutable(clientPort: number, serverPort: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  const inode = socketInode(clientPort, serverPort);
  if (!inode) return undefined;
  const want = `socket:[${inode}]`;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === want) return readlinkSync(`/proc/${pid}/exe`);
      } catch {
        // Closed meanwhile.
      }
    }
  }
  return undefined;
}

/** Whether the program is OpenSSH's server (sshd, or sshd-session of OpenSSH 9.8 and later). */
export const isSshServer = (exe: string | undefined): boolean => !!exe && /\/sshd(?:-session)?$/.test(exe);
