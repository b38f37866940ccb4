// The sandbox's object store: buckets per region, object bodies in memory when small, in a
// temporary folder when large (written as streams, never buffered whole), generated on read
// for the seeded objects, and multipart objects kept as the list of their part bodies.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { copyFile, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { StoreFolder } from './persist';

/** Bodies up to this size stay in memory; larger ones are spilled to a file while they arrive. */
export const MEMORY_LIMIT = 256 * 1024;
const GEN_BLOCK = 64 * 1024;
/** A store kept in a folder writes its changes this long after the first of them. */
export const SAVE_DELAY_MS = 50;

export type Body =
  | { kind: 'mem'; data: Buffer }
  | { kind: 'file'; path: string; size: number }
  /** Deterministic content from a seed, produced on read (seeded objects: metadata only). */
  | { kind: 'gen'; seed: string; size: number; text: boolean }
  | { kind: 'parts'; parts: Body[] };

export interface StoredObject {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string;
  metadata: Record<string, string>;
  /** Cache-Control, Content-Disposition and Content-Encoding, as given (served back on GET and HEAD). */
  served?: Record<string, string>;
  body: Body;
}

export interface StoredPart {
  partNumber: number;
  etag: string;
  md5: Buffer;
  size: number;
  lastModified: Date;
  body: Body;
}

export interface Upload {
  id: string;
  key: string;
  initiated: Date;
  contentType: string;
  metadata: Record<string, string>;
  served: Record<string, string>;
  parts: Map<number, StoredPart>;
}

export interface Grant {
  type: 'CanonicalUser' | 'Group';
  id?: string;
  uri?: string;
  permission: string;
}

export interface StoredBucket {
  name: string;
  created: Date;
  grants: Grant[];
  objects: Map<string, StoredObject>;
  uploads: Map<string, Upload>;
  sortedKeys?: string[];
}

export const OWNER = { id: 'sandbox-owner-0000', displayName: 'sandbox' };
export const ALL_USERS = 'http://acs.amazonaws.com/groups/global/AllUsers';
export const AUTH_USERS = 'http://acs.amazonaws.com/groups/global/AuthenticatedUsers';

export function grantsFor(canned: string): Grant[] | undefined {
  const owner: Grant = { type: 'CanonicalUser', id: OWNER.id, permission: 'FULL_CONTROL' };
  switch (canned) {
    case 'private':
      return [owner];
    case 'public-read':
      return [owner, { type: 'Group', uri: ALL_USERS, permission: 'READ' }];
    case 'public-read-write':
      return [
        owner,
        { type: 'Group', uri: ALL_USERS, permission: 'READ' },
        { type: 'Group', uri: ALL_USERS, permission: 'WRITE' },
      ];
    case 'authenticated-read':
      return [owner, { type: 'Group', uri: AUTH_USERS, permission: 'READ' }];
    default:
      return undefined;
  }
}

export class ObjectStore {
  private readonly regions: Map<string, Map<string, StoredBucket>>;
  private dir?: string;
  private readonly folder?: StoreFolder;
  private saveTimer?: NodeJS.Timeout;

  /**
   * `seed` fills a region on its first use (so a sandbox that never serves storage pays nothing).
   * `dataDir`: the store is loaded from that folder and kept there (./persist.ts): large bodies
   * are written in it, and every change is saved within SAVE_DELAY_MS and on dispose.
   */
  constructor(
    private readonly seed?: (store: ObjectStore, region: string) => void,
    dataDir?: string,
    log?: (message: string) => void,
  ) {
    this.folder = dataDir ? new StoreFolder(dataDir, log) : undefined;
    this.regions = this.folder?.load() ?? new Map();
    if (this.folder) this.dir = this.folder.bodies;
  }

  /** Something changed: saved soon when the store is kept in a folder (many changes, one write). */
  changed(): void {
    if (!this.folder || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), SAVE_DELAY_MS);
    this.saveTimer.unref();
  }

  /** Writes what changed now (a no-op when nothing did or nothing is kept). */
  flush(): void {
    if (!this.saveTimer) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.folder!.save(this.regions);
  }

  buckets(region: string): Map<string, StoredBucket> {
    let m = this.regions.get(region);
    if (!m) {
      this.regions.set(region, (m = new Map()));
      this.seed?.(this, region);
    }
    return m;
  }

  bucket(region: string, name: string): StoredBucket | undefined {
    return this.buckets(region).get(name);
  }

  createBucket(region: string, name: string, grants = grantsFor('private')!): StoredBucket {
    const b: StoredBucket = { name, created: new Date(), grants, objects: new Map(), uploads: new Map() };
    this.buckets(region).set(name, b);
    return b;
  }

  sortedKeys(b: StoredBucket): string[] {
    // Plain code-unit order, as S3 sorts by UTF-8 bytes for the BMP (close enough for a sandbox).
    return (b.sortedKeys ??= [...b.objects.keys()].sort());
  }

  setObject(b: StoredBucket, obj: StoredObject): void {
    const old = b.objects.get(obj.key);
    b.objects.set(obj.key, obj);
    if (!old) b.sortedKeys = undefined;
    else if (old.body !== obj.body) void discard(old.body);
  }

  deleteObject(b: StoredBucket, key: string): boolean {
    const old = b.objects.get(key);
    if (!old) return false;
    b.objects.delete(key);
    b.sortedKeys = undefined;
    void discard(old.body);
    return true;
  }

  /** A fresh temporary file path (the folder is made on first use). */
  tempFile(): string {
    this.dir ??= mkdtempSync(join(tmpdir(), 'nhn-sandbox-storage-'));
    return join(this.dir, randomBytes(8).toString('hex'));
  }

  /**
   * Stores a stream as a body: in memory up to MEMORY_LIMIT, else streamed to a file.
   * Hashes on the way (MD5 for the ETag, SHA-256 when the signature declared a payload hash).
   */
  async write(
    source: AsyncIterable<Buffer>,
    wantSha256: boolean,
  ): Promise<{ body: Body; size: number; md5: Buffer; sha256?: string }> {
    const md5 = createHash('md5');
    const sha = wantSha256 ? createHash('sha256') : undefined;
    const held: Buffer[] = [];
    let size = 0;
    let file: ReturnType<typeof createWriteStream> | undefined;
    let path = '';
    try {
      for await (const chunk of source) {
        md5.update(chunk);
        sha?.update(chunk);
        size += chunk.length;
        if (!file) {
          held.push(chunk);
          if (size <= MEMORY_LIMIT) continue;
          path = this.tempFile();
          file = createWriteStream(path);
          // A write still in flight when the sender aborts fails after destroy(): expected, not a crash.
          file.on('error', () => undefined);
          for (const c of held.splice(0)) if (!file.write(c)) await once(file, 'drain');
          continue;
        }
        if (!file.write(chunk)) await once(file, 'drain');
      }
      if (file) {
        file.end();
        await once(file, 'finish');
      }
    } catch (err) {
      if (file) {
        file.destroy();
        await unlink(path).catch(() => undefined);
      }
      throw err;
    }
    const body: Body = file ? { kind: 'file', path, size } : { kind: 'mem', data: Buffer.concat(held) };
    return { body, size, md5: md5.digest(), sha256: sha?.digest('hex') };
  }

  /** A second body with the same content (files are copied: each body owns its file). */
  async clone(body: Body): Promise<Body> {
    switch (body.kind) {
      case 'file': {
        const path = this.tempFile();
        await copyFile(body.path, path);
        return { ...body, path };
      }
      case 'parts':
        return { kind: 'parts', parts: await Promise.all(body.parts.map((p) => this.clone(p))) };
      default:
        return body;
    }
  }

  dispose(): void {
    if (this.folder) this.flush();
    else if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
    this.regions.clear();
  }
}

export function sizeOf(body: Body): number {
  switch (body.kind) {
    case 'mem':
      return body.data.length;
    case 'parts':
      return body.parts.reduce((n, p) => n + sizeOf(p), 0);
    default:
      return body.size;
  }
}

/** The bytes [start, end] (inclusive) of a body as a stream. */
export function readBody(body: Body, start = 0, end = sizeOf(body) - 1): Readable {
  if (end < start) return Readable.from([]);
  switch (body.kind) {
    case 'mem':
      return Readable.from([body.data.subarray(start, end + 1)]);
    case 'file':
      return createReadStream(body.path, { start, end, highWaterMark: 1024 * 1024 });
    case 'gen':
      return Readable.from(generate(body, start, end));
    case 'parts':
      return Readable.from(concatParts(body.parts, start, end));
  }
}

async function* concatParts(parts: Body[], start: number, end: number): AsyncGenerator<Buffer> {
  let offset = 0;
  for (const p of parts) {
    const size = sizeOf(p);
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + size - 1);
    if (from <= to) for await (const c of readBody(p, from - offset, to - offset)) yield c as Buffer;
    offset += size;
    if (offset > end) return;
  }
}

/** Text seeds: a readable log/JSON line per 100 bytes. Binary seeds: 64 KiB blocks numbered. */
export function* generate(body: Extract<Body, { kind: 'gen' }>, start: number, end: number): Generator<Buffer> {
  if (body.text) {
    yield generatedText(body.seed, body.size).subarray(start, end + 1);
    return;
  }
  const base = baseBlock(body.seed);
  let pos = start;
  while (pos <= end) {
    const blockNo = Math.floor(pos / GEN_BLOCK);
    const block = Buffer.from(base);
    block.writeUInt32BE(blockNo, 0);
    const from = pos - blockNo * GEN_BLOCK;
    const to = Math.min(GEN_BLOCK, end - blockNo * GEN_BLOCK + 1);
    yield block.subarray(from, to);
    pos = blockNo * GEN_BLOCK + to;
  }
}

function baseBlock(seed: string): Buffer {
  const out = Buffer.alloc(GEN_BLOCK);
  let h = createHash('sha256').update(seed).digest();
  for (let i = 0; i < GEN_BLOCK; i += h.length) {
    h.copy(out, i);
    h = createHash('sha256').update(h).digest();
  }
  return out;
}

/** The deterministic text of a seeded text object of `size` bytes. */
export function generatedText(seed: string, size: number): Buffer {
  const lines: string[] = [];
  let n = 0;
  let len = 0;
  while (len < size) {
    const line = `{"seq":${n},"source":${JSON.stringify(seed)},"level":"${['INFO', 'WARN', 'DEBUG'][n % 3]}","msg":"sandbox event ${n}"}\n`;
    lines.push(line);
    len += Buffer.byteLength(line);
    n++;
  }
  return Buffer.from(lines.join('')).subarray(0, size);
}

async function discard(body: Body): Promise<void> {
  if (body.kind === 'file') await unlink(body.path).catch(() => undefined);
  else if (body.kind === 'parts') await Promise.all(body.parts.map(discard));
}

export { discard as discardBody };
