// One tunnel per bastion and database (issue 29): every session of the window that reaches the
// same database through the same bastion (two DB users of one instance, a reconnect) shares it;
// the last session to let go closes it. Concurrent first uses share one opening.
import type { SshTunnel } from './tunnel';

export interface TunnelLease {
  readonly tunnel: SshTunnel;
  /** Lets go of the tunnel; the last lease closes it. Twice is once. */
  release(): Promise<void>;
}

interface Entry {
  opening: Promise<SshTunnel>;
  leases: number;
}

export class TunnelPool {
  private readonly entries = new Map<string, Entry>();

  /** The tunnel under `key`, opened by `open` when there is none (or the last one failed to open). */
  async acquire(key: string, open: () => Promise<SshTunnel>): Promise<TunnelLease> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { opening: open(), leases: 0 };
      const mine = entry;
      this.entries.set(key, mine);
      // A failed opening is not kept: the next Connect... tries again.
      mine.opening.catch(() => {
        if (this.entries.get(key) === mine) this.entries.delete(key);
      });
    }
    entry.leases++;
    const held = entry;
    let tunnel: SshTunnel;
    try {
      tunnel = await held.opening;
    } catch (err) {
      held.leases--;
      throw err;
    }
    let released = false;
    return {
      tunnel,
      release: async () => {
        if (released) return;
        released = true;
        if (--held.leases > 0) return;
        if (this.entries.get(key) === held) this.entries.delete(key);
        await tunnel.close();
      },
    };
  }

  /** How many tunnels are open or opening (a test and the log read it). */
  get size(): number {
    return this.entries.size;
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((e) => e.opening.then((t) => t.close()).catch(() => undefined)));
  }
}
