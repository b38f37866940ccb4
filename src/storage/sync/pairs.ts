// Sync pairs remembered per workspace (its workspaceState): a folder and a bucket prefix with
// their direction and change detection, to run again from the tree or the palette. What the last
// pass learnt of each object (its HEAD: StampCache) is kept beside, in a file of the extension's
// global storage per pair, so the next pass asks again only for objects whose listing changed.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';
import type { RemoteStamp, StampCache, SyncSpec } from './plan';

const KEY = 'nhncloud.storage.syncPairs';

export interface SyncPair extends SyncSpec {
  id: string;
  profileId: string;
  region: string;
  /** The last run: when, and what it did (shown in the tree). */
  lastRun?: { at: string; sent: number; deleted: number };
}

const samePlace = (a: Omit<SyncPair, 'id'>, b: Omit<SyncPair, 'id'>) =>
  a.profileId === b.profileId &&
  a.region === b.region &&
  a.bucket === b.bucket &&
  a.prefix === b.prefix &&
  a.folder === b.folder;

export class SyncPairs {
  constructor(
    private readonly memento: vscode.Memento,
    /** The extension's global storage folder (stamps); undefined: stamps are not kept. */
    private readonly storageDir: string | undefined,
  ) {}

  list(): SyncPair[] {
    return this.memento.get<SyncPair[]>(KEY) ?? [];
  }

  forRoot(profileId: string, region: string): SyncPair[] {
    return this.list().filter((p) => p.profileId === profileId && p.region === region);
  }

  get(id: string): SyncPair | undefined {
    return this.list().find((p) => p.id === id);
  }

  /** Remembers the pair (the one for the same folder and prefix is replaced, keeping its id). */
  async save(pair: Omit<SyncPair, 'id'> & { id?: string }): Promise<SyncPair> {
    const list = this.list();
    const old = list.find((p) => (pair.id ? p.id === pair.id : samePlace(p, pair)));
    const saved: SyncPair = { ...pair, id: old?.id ?? pair.id ?? randomBytes(6).toString('hex') };
    await this.memento.update(KEY, [...list.filter((p) => p !== old), saved]);
    return saved;
  }

  async remove(id: string): Promise<void> {
    const list = this.list().filter((p) => p.id !== id);
    await this.memento.update(KEY, list.length ? list : undefined);
    if (this.storageDir) await rm(this.stampsFile(id), { force: true });
  }

  private stampsFile(id: string): string {
    return join(this.storageDir!, 'sync', `${id}.json`);
  }

  async stamps(id: string): Promise<StampCache> {
    if (!this.storageDir) return new Map();
    try {
      return new Map(JSON.parse(await readFile(this.stampsFile(id), 'utf8')) as Array<[string, RemoteStamp]>);
    } catch {
      // None yet, or unreadable: the next pass asks the server again.
      return new Map();
    }
  }

  async saveStamps(id: string, stamps: StampCache): Promise<void> {
    if (!this.storageDir) return;
    await mkdir(join(this.storageDir, 'sync'), { recursive: true });
    await writeFile(this.stampsFile(id), JSON.stringify([...stamps]));
  }
}
