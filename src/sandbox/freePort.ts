// A free loopback port for a server the sandbox starts a moment later (a MariaDB). Not one the OS
// picks with listen(0): that one is in the ephemeral range, where any outgoing connection may take
// it in the seconds before the server binds it ("Could not bind ... after trying for 30 seconds").
// Below that range only servers bind, and a bind test here leaves just the rare pick of the same
// port by another starter. test/support/swift.mjs does the same for the test Swift (plain Node, so
// written there again).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port of the OS's ephemeral range (Linux), else 32768, below Windows' and macOS' 49152. */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 4096 ? low : 32768;
  } catch {
    return 32768;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A port between 10000 and the ephemeral range that nothing listens on now. */
export async function freeLoopbackPort(): Promise<number> {
  const top = ephemeralStart();
  const low = Math.min(10_000, top - 1000);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (top - low));
    if (await canListen(port)) return port;
  }
  throw new Error(`No free loopback port between ${low} and ${top}.`);
}
