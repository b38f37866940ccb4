// Busy tree nodes (an instance whose progressStatus is not NONE, a routing table in BUILD) are
// polled with the tracker's backoff schedule, only while the explorer view is visible: hiding
// the view pauses every poll and showing it resumes them.
import * as vscode from 'vscode';
import { isAuthError } from '../client/errors';
import type { Services } from '../shared/services';
import { GIVE_UP_AFTER_MS, jitteredDelay } from './schedule';

/** Polls busy tree nodes with backoff, only while the explorer view is visible. */
export class BusyWatcher {
  private readonly entries = new Map<
    string,
    {
      check: () => Promise<boolean>;
      attempt: number;
      since: number;
      failures: number;
      timer?: NodeJS.Timeout;
      running: boolean;
    }
  >();
  private readonly sub?: vscode.Disposable;

  constructor(
    private readonly services: Pick<Services, 'explorerView' | 'log'>,
    /** Delay before poll number n (tests pass a zero delay). */
    private readonly delay: (attempt: number) => number = jitteredDelay,
  ) {
    this.sub = services.explorerView?.onDidChangeVisibility((e) => {
      for (const key of this.entries.keys()) {
        if (e.visible) this.schedule(key);
        else this.pause(key);
      }
    });
  }

  /** Start polling `check` under `key` unless already watched; `check` resolves true once settled. */
  watch(key: string, check: () => Promise<boolean>): void {
    const existing = this.entries.get(key);
    if (existing) {
      existing.check = check;
      return;
    }
    this.entries.set(key, { check, attempt: 0, since: Date.now(), failures: 0, running: false });
    this.schedule(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private pause(key: string) {
    const e = this.entries.get(key);
    if (e?.timer) clearTimeout(e.timer);
    if (e) e.timer = undefined;
  }

  private schedule(key: string) {
    const e = this.entries.get(key);
    if (!e || e.timer || e.running || !this.services.explorerView?.visible) return;
    e.timer = setTimeout(() => void this.run(key), this.delay(e.attempt++));
  }

  private async run(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    e.timer = undefined;
    e.running = true;
    let settled = false;
    try {
      settled = await e.check();
      e.failures = 0;
    } catch (err) {
      // Three failures in a row (or an auth error) stop the watch; the node keeps its last state.
      e.failures++;
      settled = e.failures >= 3 || isAuthError(err);
      this.services.log.debug(`Polling ${key} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    e.running = false;
    if (settled || Date.now() - e.since > GIVE_UP_AFTER_MS) this.entries.delete(key);
    else this.schedule(key);
  }

  dispose(): void {
    for (const key of this.entries.keys()) this.pause(key);
    this.entries.clear();
    this.sub?.dispose();
  }
}
