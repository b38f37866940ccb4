// One service's state kept in the sandbox's data folder (issue 63: the in-window sandbox lost
// every instance, floating IP and credential a person made when a window reload restarted it).
//
// Each service writes one JSON file, `{ version, ...its state }`, whole: a temporary file in the
// same folder (mode 0600: the file may hold what the service would not show back) renamed over
// the last one, so a crash mid-write leaves the last complete state. Changes are coalesced: the
// first change of a burst arms a short timer and the whole burst costs one write; `flush()`
// writes at once (the sandbox's close). A service can answer "not now" (its snapshot is
// undefined, e.g. RDS while a job runs): it stays due and is written at its next change or flush.
//
// A file that cannot be used (not JSON, another version, a shape its service refuses) is set
// aside, renamed `<name>.unreadable-<time>` beside it and logged, and the service starts from its
// seed: a sandbox never fails to start because of what an older one left behind.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/** What a sandbox says about its data folder (the in-window sandbox: the extension's log). */
export type SandboxLog = (message: string) => void;

/** Writes `data` to `file` whole: a temporary file (mode 0600) renamed over the old one. */
export function writeStateFile(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
  renameSync(tmp, file);
}

/** Renames an unusable state file out of the way (kept for a person to look at) and says so. */
export function setAside(file: string, reason: string, log: SandboxLog): void {
  const aside = `${file}.unreadable-${Date.now()}`;
  try {
    renameSync(file, aside);
    log(
      `Sandbox data: ${file} could not be used (${reason}); set aside as ${basename(aside)}, starting from the seed.`,
    );
  } catch (err) {
    log(`Sandbox data: ${file} could not be used (${reason}) nor set aside (${(err as Error).message}).`);
  }
}

/**
 * The state kept in `file`, given to `use` (which may throw when the shape is wrong); undefined
 * when there is none, or when it could not be used (then set aside and logged).
 */
export function readStateFile<T>(
  file: string,
  version: number,
  log: SandboxLog,
  use: (data: Record<string, unknown>) => T,
): T | undefined {
  if (!existsSync(file)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    setAside(file, `not readable JSON: ${(err as Error).message}`, log);
    return undefined;
  }
  const found = (data as { version?: unknown } | null)?.version;
  if (typeof data !== 'object' || data === null || found !== version) {
    setAside(file, `version ${JSON.stringify(found)}, this sandbox reads version ${version}`, log);
    return undefined;
  }
  try {
    return use(data as Record<string, unknown>);
  } catch (err) {
    setAside(file, (err as Error).message, log);
    return undefined;
  }
}

/** How long a burst of changes is gathered before its one write (ms). */
export const STATE_SAVE_DELAY_MS = 50;

/** Coalesced writes of one service's state to its file. */
export class StateSaver {
  private timer?: NodeJS.Timeout;
  private due = false;
  /** Writes done (tests count them: a burst of changes is one write). */
  writes = 0;

  constructor(
    private readonly file: string,
    private readonly version: number,
    /** The state to write, or undefined when it cannot be written now (kept due). */
    private readonly snapshot: () => object | undefined,
    private readonly log: SandboxLog,
    private readonly delayMs = STATE_SAVE_DELAY_MS,
  ) {}

  /** Something changed: written within `delayMs`, with whatever else changes meanwhile. */
  changed = (): void => {
    this.due = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write();
    }, this.delayMs);
    this.timer.unref();
  };

  /** Writes now what is due (the sandbox's close). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.write();
  }

  private write(): void {
    if (!this.due) return;
    const state = this.snapshot();
    if (!state) return;
    try {
      writeStateFile(this.file, { version: this.version, ...state });
      this.due = false;
      this.writes++;
    } catch (err) {
      this.log(`Sandbox data: ${this.file} could not be written: ${(err as Error).message}`);
    }
  }
}
