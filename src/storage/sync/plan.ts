// Sync Folder's plan (issue 30, item 1): a local folder and a bucket prefix compared file by file,
// and what would make one side like the other. Free of `vscode`, so the tests and the benchmark
// run exactly this. The rules are rclone's (`rclone sync`, operations.equal), so that the two
// tools decide alike on a shared bucket:
//
// - sizes differ: changed;
// - by default, sizes equal and modification times equal (within MODIFY_WINDOW_NS): unchanged;
//   times differ: the MD5s decide when both sides have one (same bytes: unchanged, and the
//   copy's time is set to the source's so the next pass needs no MD5), otherwise changed;
// - with checksums, sizes equal and MD5s equal: unchanged, MD5s differ: changed; where there is
//   no MD5 to compare rclone goes by size alone, while here a multipart ETag is recomputed from
//   the file at the part sizes that could have made it (see stamps.ts), and an object none of
//   them reproduces counts as changed.
//
// Names are matched as the local file system sees them (localIdentity): in Unicode NFC, as rclone
// compares them (a name macOS wrote in NFD is the same file as its NFC key), and without case
// where the file system ignores case. Every key goes through placeKeys (the one door to the
// disk): a key that cannot be its file exactly, that shares a file with another, that is longer
// than a name can be, or that lies under a symbolic link or has a file or folder in its way is
// refused, listed, and left alone on both sides (a file of the same name is neither sent nor
// deleted), whatever the direction.
//
// An object's modification time needs its HEAD (the listing carries no metadata): what a HEAD
// said is kept per key in a StampCache and reused while the object's listing (ETag, size,
// Last-Modified) is unchanged, so a second pass over the same pair lists and compares without
// asking for each object again.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { S3Client } from '../../client/storage/client';
import { caseInsensitiveAt, localIdentity, placeKeys, type Refusal } from '../../client/storage/localPath';
import { mapLimit } from '../../shared/mapLimit';
import {
  MD5_METADATA,
  MTIME_METADATA,
  candidatePartSizes,
  dateNs,
  etagMd5,
  hashFile,
  metadataMd5,
  multipartParts,
  parseMtime,
} from './stamps';

/**
 * upload / download: copy what is new or changed one way, delete nothing; mirror-up / mirror-down:
 * also delete what the other side lacks; both: each side gets what it lacks, and of two different
 * copies the later modified wins (the local one when the times are equal), nothing deleted.
 */
export type SyncDirection = 'upload' | 'download' | 'mirror-up' | 'mirror-down' | 'both';
export const SYNC_DIRECTIONS: readonly SyncDirection[] = ['upload', 'download', 'mirror-up', 'mirror-down', 'both'];

/** `size-time`: size, then modification time (rclone's default); `checksum`: size, then MD5 (rclone --checksum). */
export type ChangeDetection = 'size-time' | 'checksum';

/**
 * Times this close count as equal. rclone's window is the coarser side's precision (1 ns here);
 * a file's time can only be set from Node through a double, to the microsecond or to the double's
 * nanoseconds by libuv's version (see setFileTime), so a time a download wrote comes back up to
 * 999 ns below its object's: 1 µs keeps that file
 * unchanged.
 */
export const MODIFY_WINDOW_NS = 1000n;

export interface SyncSpec {
  /** The local folder (absolute). */
  folder: string;
  bucket: string;
  /** '' (the whole bucket) or ending in `/`. */
  prefix: string;
  direction: SyncDirection;
  detection: ChangeDetection;
}

export interface LocalFile {
  /** Below the folder, `/`-separated: the key below the prefix. */
  rel: string;
  file: string;
  size: number;
  mtimeNs: bigint;
}

export interface RemoteObject {
  rel: string;
  key: string;
  size: number;
  etag?: string;
  lastModified?: string;
}

/** What an object's HEAD said (`mtime` in rclone's format, `md5` hex), and the listing it goes with. */
export interface RemoteStamp {
  etag?: string;
  lastModified?: string;
  size: number;
  mtime?: string;
  md5?: string;
}
export type StampCache = Map<string, RemoteStamp>;

/** new: only on one side; size / time / content: why two copies differ; extra: to delete in a mirror. */
export type ChangeReason = 'new' | 'size' | 'time' | 'content' | 'extra' | 'same-bytes';

export interface SyncAction {
  op: 'upload' | 'download' | 'delete-remote' | 'delete-local' | 'touch-remote' | 'touch-local';
  rel: string;
  why: ChangeReason;
  /** Bytes sent or received (0 for a touch); for a deletion, the size of what goes. */
  size: number;
  local?: LocalFile;
  remote?: RemoteObject;
  /** touch-*: the modification time the copy gets (a download takes its object's, from the GET answer). */
  mtimeNs?: bigint;
}

export interface SyncPlan {
  spec: SyncSpec;
  actions: SyncAction[];
  unchanged: number;
  /** Keys and files left alone and why (placeKeys; two files of one name in the folder: 'collision'). */
  refused: Refusal[];
  /** What is known of each object listed, for the next pass. */
  stamps: StampCache;
  counts: { local: number; remote: number; heads: number; hashed: number };
}

export interface PlanOptions {
  signal?: AbortSignal;
  /** Stamps of an earlier pass over the same pair. */
  known?: StampCache;
  /** Comparisons at once (HEADs and MD5s); default 16 (rclone's --checkers is 8). */
  checkers?: number;
  onProgress?: (p: { phase: 'list' | 'compare'; done: number; total: number }) => void;
  /** Whether the folder's file system ignores case; probed in the folder when not given. */
  caseInsensitive?: boolean;
}

/**
 * The stamps to keep after `done` ran: without the objects it wrote or deleted. A listing's
 * Last-Modified has whole seconds, so an object re-timed (a copy onto itself: same ETag, same
 * size) within the second of its HEAD would otherwise look unchanged with its old time.
 */
export function stampsAfter(plan: SyncPlan, done: readonly SyncAction[]): StampCache {
  const kept = new Map(plan.stamps);
  for (const a of done)
    if (a.op === 'upload' || a.op === 'touch-remote' || a.op === 'delete-remote')
      kept.delete(a.remote?.key ?? plan.spec.prefix + a.rel);
  return kept;
}

/** Every regular file below `folder` with its size and time in ns (symbolic links are not followed, as rclone's default). */
export async function scanFolder(folder: string, signal?: AbortSignal): Promise<LocalFile[]> {
  const out: LocalFile[] = [];
  const dirs: string[] = [''];
  while (dirs.length) {
    if (signal?.aborted) throw signal.reason;
    const rel = dirs.pop()!;
    const entries = await readdir(join(folder, rel), { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
      if (rel === '' && e.code === 'ENOENT') return [];
      throw e;
    });
    const files: string[] = [];
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) dirs.push(r);
      else if (e.isFile()) files.push(r);
    }
    out.push(
      ...(await mapLimit(files, 32, async (r) => {
        const file = join(folder, r);
        const s = await stat(file, { bigint: true });
        return { rel: r, file, size: Number(s.size), mtimeNs: s.mtimeNs };
      })),
    );
  }
  return out;
}

export async function planSync(s3: S3Client, spec: SyncSpec, opts: PlanOptions = {}): Promise<SyncPlan> {
  const { signal } = opts;
  // Before the scan: the probe is a file of the folder for a moment.
  const caseInsensitive = opts.caseInsensitive ?? (await caseInsensitiveAt(spec.folder));
  const idOf = (rel: string) => localIdentity(rel, caseInsensitive);
  const listing = (async () => {
    const listed: RemoteObject[] = [];
    for await (const page of s3.listObjects({ bucket: spec.bucket, prefix: spec.prefix || undefined }, { signal })) {
      for (const e of page.contents)
        listed.push({
          rel: e.key.slice(spec.prefix.length),
          key: e.key,
          size: e.size,
          etag: e.etag,
          lastModified: e.lastModified,
        });
      opts.onProgress?.({ phase: 'list', done: listed.length, total: 0 });
    }
    return listed;
  })();
  const [scanned, listed] = await Promise.all([scanFolder(spec.folder, signal), listing]);
  // A folder marker (`dir/`, zero bytes) is a folder, not a file: rclone skips them too; one that
  // holds bytes is refused (placeKeys).
  const { placed, refused } = await placeKeys(spec.folder, listed, { exact: true, caseInsensitive });
  const objects: RemoteObject[] = placed;
  // Left alone on both sides: the names of refused keys, and names two files of the folder share.
  const leftAlone = new Set(refused.map((r) => idOf(r.key.slice(spec.prefix.length))));
  const byName = new Map<string, LocalFile[]>();
  for (const l of scanned) byName.set(idOf(l.rel), [...(byName.get(idOf(l.rel)) ?? []), l]);
  for (const [id, same] of byName)
    if (same.length > 1) {
      leftAlone.add(id);
      for (const l of same)
        refused.push({
          key: spec.prefix + l.rel,
          reason: 'collision',
          other: spec.prefix + same.find((o) => o !== l)!.rel,
        });
    }
  const locals = scanned.filter((l) => !leftAlone.has(idOf(l.rel)));
  const remote = new Map(objects.filter((o) => !leftAlone.has(idOf(o.rel))).map((o) => [idOf(o.rel), o]));
  const local = new Map(locals.map((l) => [idOf(l.rel), l]));
  const counts = { local: scanned.length, remote: objects.length, heads: 0, hashed: 0 };

  const stamps: StampCache = new Map();
  const heads = new Map<string, Promise<RemoteStamp>>();
  /** The object's HEAD, or what an earlier pass learnt while its listing is unchanged. */
  const stampOf = (r: RemoteObject): Promise<RemoteStamp> => {
    let p = heads.get(r.key);
    if (!p) {
      const old = opts.known?.get(r.key);
      p =
        old && old.etag === r.etag && old.size === r.size && old.lastModified === r.lastModified
          ? Promise.resolve(old)
          : s3.headObject(spec.bucket, r.key, { signal }).then((info) => {
              counts.heads++;
              return {
                etag: r.etag,
                lastModified: r.lastModified,
                size: r.size,
                mtime:
                  parseMtime(info.metadata[MTIME_METADATA]) === undefined ? undefined : info.metadata[MTIME_METADATA],
                md5: metadataMd5(info.metadata[MD5_METADATA]),
              };
            });
      p = p.then((s) => (stamps.set(r.key, s), s));
      heads.set(r.key, p);
    }
    return p;
  };
  /** rclone's ModTime of an S3 object: its `mtime` metadata, else Last-Modified. */
  const remoteTime = async (r: RemoteObject): Promise<bigint> =>
    parseMtime((await stampOf(r)).mtime) ?? dateNs(r.lastModified) ?? 0n;
  const md5s = new Map<string, Promise<string>>();
  const localMd5 = (l: LocalFile): Promise<string> => {
    let p = md5s.get(l.file);
    if (!p) {
      counts.hashed++;
      p = hashFile(l.file).then((h) => h.md5);
      md5s.set(l.file, p);
    }
    return p;
  };
  /** Same bytes (true), different (false), or nothing to tell by (undefined). */
  const sameContent = async (l: LocalFile, r: RemoteObject, recomputeMultipart: boolean) => {
    const single = etagMd5(r.etag);
    if (single) return (await localMd5(l)) === single;
    const stored = (await stampOf(r)).md5;
    if (stored) return (await localMd5(l)) === stored;
    const parts = multipartParts(r.etag);
    if (!recomputeMultipart || !parts) return undefined;
    const wanted = r.etag!.replace(/"/g, '').toLowerCase();
    for (const partSize of candidatePartSizes(r.size, parts)) {
      counts.hashed++;
      if ((await hashFile(l.file, partSize)).multipartEtag === wanted) return true;
    }
    return false;
  };

  type Verdict = { same: true; touch?: boolean } | { same: false; why: ChangeReason };
  const compare = async (l: LocalFile, r: RemoteObject): Promise<Verdict> => {
    if (l.size !== r.size) return { same: false, why: 'size' };
    if (spec.detection === 'checksum')
      return (await sameContent(l, r, true)) === false ? { same: false, why: 'content' } : { same: true };
    const dt = (await remoteTime(r)) - l.mtimeNs;
    if (dt < MODIFY_WINDOW_NS && dt > -MODIFY_WINDOW_NS) return { same: true };
    const same = await sameContent(l, r, false);
    if (same === true) return { same: true, touch: true };
    return { same: false, why: same === false ? 'content' : 'time' };
  };

  const ups = spec.direction === 'upload' || spec.direction === 'mirror-up';
  const downs = spec.direction === 'download' || spec.direction === 'mirror-down';
  const actions: SyncAction[] = [];
  let unchanged = 0;
  const both: Array<[LocalFile, RemoteObject]> = [];
  for (const l of locals) {
    const r = remote.get(idOf(l.rel));
    if (r) both.push([l, r]);
    else if (spec.direction === 'mirror-down')
      actions.push({ op: 'delete-local', rel: l.rel, why: 'extra', size: l.size, local: l });
    else if (!downs) actions.push({ op: 'upload', rel: l.rel, why: 'new', size: l.size, local: l });
  }
  const remoteOnly = [...remote.values()].filter((r) => !local.has(idOf(r.rel)));
  for (const r of remoteOnly) {
    if (spec.direction === 'mirror-up')
      actions.push({ op: 'delete-remote', rel: r.rel, why: 'extra', size: r.size, remote: r });
    else if (!ups) actions.push({ op: 'download', rel: r.rel, why: 'new', size: r.size, remote: r });
  }

  let compared = 0;
  const decided = await mapLimit(
    both,
    Math.max(1, opts.checkers ?? 16),
    async ([l, r]): Promise<SyncAction | undefined> => {
      const v = await compare(l, r);
      opts.onProgress?.({ phase: 'compare', done: ++compared, total: both.length });
      const fromRemote = downs || (spec.direction === 'both' && !v.same && (await remoteTime(r)) > l.mtimeNs);
      if (v.same) {
        if (!v.touch) return undefined;
        // Same bytes, another time: the destination's time is set to the source's (rclone does so too).
        return fromRemote
          ? {
              op: 'touch-local',
              rel: l.rel,
              why: 'same-bytes',
              size: 0,
              local: l,
              remote: r,
              mtimeNs: await remoteTime(r),
            }
          : { op: 'touch-remote', rel: l.rel, why: 'same-bytes', size: 0, local: l, remote: r, mtimeNs: l.mtimeNs };
      }
      return fromRemote
        ? { op: 'download', rel: l.rel, why: v.why, size: r.size, local: l, remote: r }
        : { op: 'upload', rel: l.rel, why: v.why, size: l.size, local: l, remote: r };
    },
    signal,
  );
  if (signal?.aborted) throw signal.reason;
  for (const a of decided) {
    if (a) actions.push(a);
    else unchanged++;
  }
  actions.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { spec, actions, unchanged, refused, stamps, counts };
}
