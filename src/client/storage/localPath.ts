// Where an object lands on disk: the one door every download path goes through (design.md, "One
// door to the disk"): Download of one object or many, Download Folder, Sync Folder, Find's
// Download. Object keys are any UTF-8 text: `../../.bashrc`, `a\..\..\x` (a separator on
// Windows), `C:evil`, `NUL`, control characters, 300-byte names, `x/` holding bytes, and keys
// that differ only where a file system sees no difference. The rules:
//
// - whatever the key, the file is written inside the folder the user chose; unsafe pieces of a
//   name are made harmless rather than refused (`..` becomes `%2E%2E`), so one odd key does not
//   stop the download of a whole folder (Sync, which must map names both ways, refuses them);
// - nothing is written through a symbolic link (or a Windows junction) below that folder: every
//   component that exists is looked at with lstat, when the keys are placed and again when the
//   file is written (`prepareLocalFile`), and the file itself is written under a temporary name
//   created exclusively (O_CREAT|O_EXCL, which no link satisfies) and renamed over the target;
// - keys that would be one file on this computer (after dot and empty segments, Unicode NFC, and
//   case where the file system ignores it) are refused together and listed, never written over
//   each other; so is a key whose file would be another key's folder;
// - a name longer than the file system holds (255 bytes, 255 UTF-16 units on Windows) is
//   refused, and the temporary name is shortened to fit beside a name that just fits;
// - a key that cannot be placed is reported with its reason (`Refusal`), never skipped silently:
//   a key ending in `/` that holds bytes included (an empty one is a folder marker and is left
//   out).
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat, mkdir, open, rm, stat } from 'node:fs/promises';
import { join, posix, win32 } from 'node:path';
import { ValidationError } from '../errors';

/** The longest file or folder name: 255 bytes (ext4, APFS, tmpfs), 255 UTF-16 units on Windows. */
export const NAME_MAX = 255;

/** Names Windows reserves for devices, with any extension (`NUL.txt` opens the device). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const WINDOWS_UNSAFE = /[<>:"|?*\\\u0000-\u001f]/g;

const pathFor = (platform: NodeJS.Platform) => (platform === 'win32' ? win32 : posix);

/** One key segment as a file or folder name on the platform ('' when the segment disappears). */
function segmentName(segment: string, platform: NodeJS.Platform): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: an empty segment comes out '' by the rules below as well
  if (segment === '' || segment === '.') return '';
  // `..` would climb out of the folder: keep it visible, but as a plain name.
  if (segment === '..') return '%2E%2E';
  if (platform !== 'win32') return segment.replace(/\0/g, '_');
  let name = segment.replace(WINDOWS_UNSAFE, '_');
  // Windows drops trailing dots and spaces, so `..  ` would turn back into `..`.
  name = name.replace(/[. ]+$/, (m) => '_'.repeat(m.length));
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  return name;
}

/** The key's names below the folder: empty and `.` segments dropped, the others made harmless. */
function localNames(relativeKey: string, platform: NodeJS.Platform): string[] {
  return relativeKey
    .split('/')
    .map((s) => segmentName(s, platform))
    .filter(Boolean);
}

/** A name's length as the file system counts it. */
function nameLength(name: string, platform: NodeJS.Platform): number {
  return platform === 'win32' ? name.length : Buffer.byteLength(name);
}

/**
 * The local path of an object under `root`, from the key's part below the downloaded prefix
 * (`relativeKey`, `/`-separated). Empty and `.` segments are dropped, `..` becomes a plain
 * name, characters the platform cannot store are replaced. Throws ValidationError when
 * nothing is left of the key (`''`, `/`, `./`). Only the mapping: placeKeys is what a download
 * goes through (collisions, links, lengths).
 */
export function safeLocalPath(root: string, relativeKey: string, platform: NodeJS.Platform = process.platform): string {
  const path = pathFor(platform);
  const names = localNames(relativeKey, platform);
  if (!names.length)
    throw new ValidationError('storage.download', [
      {
        path: 'key',
        message: `the object key "${relativeKey}" names no file`,
        rule: { id: 'keyNamesNoFile', key: relativeKey },
      },
    ]);
  const base = path.resolve(root);
  const target = path.join(base, ...names);
  const rel = path.relative(base, target);
  // Defence in depth that no key reaches (segmentName leaves no "", "." or ".." segment), so no
  // test can kill its mutants.
  // Stryker disable all
  if (!rel || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    throw new ValidationError('storage.download', [
      {
        path: 'key',
        message: `the object key "${relativeKey}" would be written outside ${root}`,
        rule: { id: 'keyOutsideFolder', key: relativeKey, folder: root },
      },
    ]);
  // Stryker restore all
  return target;
}

/**
 * What makes two relative paths one file on this computer: the same text in Unicode NFC (macOS
 * writes names in NFD, other systems in NFC, and rclone compares in NFC), and the same letters
 * whatever their case where the file system ignores case. Sync matches files and objects by it.
 */
export function localIdentity(rel: string, caseInsensitive: boolean): string {
  const nfc = rel.normalize('NFC');
  return caseInsensitive ? nfc.toLowerCase() : nfc;
}

/**
 * Whether the file system of `dir` ignores case: a file created there under a lower-case name is
 * looked for under the upper-case one (`platform` only for the answer below: the probe is made on
 * this machine). Where nothing can be created (a folder that is not there
 * yet, a read-only one), the platform's usual answer (macOS and Windows ignore case).
 */
export async function caseInsensitiveAt(
  dir: string,
  platform: NodeJS.Platform = process.platform,
  // Stryker disable next-line StringLiteral: any name the folder does not hold does for the probe
  tag = randomBytes(6).toString('hex'),
): Promise<boolean> {
  const name = `.nhncloud-case-${tag}`;
  const probe = join(dir, name);
  try {
    await (await open(probe, 'wx')).close();
  } catch {
    return platform === 'darwin' || platform === 'win32';
  }
  try {
    const [lower, upper] = await Promise.all([stat(probe), stat(join(dir, name.toUpperCase())).catch(() => undefined)]);
    return upper?.ino === lower.ino;
  } finally {
    await rm(probe).catch(() => undefined);
  }
}

/**
 * The name a download is written under until it is complete, in the same folder as `file`:
 * `.<name>.<8 hex>.download`, the name cut (never inside a character) so that the whole stays
 * within NAME_MAX: a name of 250 bytes is the user's to have, the temporary one is ours to shorten.
 */
export function temporaryName(
  file: string,
  platform: NodeJS.Platform = process.platform,
  tag = randomBytes(4).toString('hex'),
): string {
  const path = pathFor(platform);
  const tail = `.${tag}.download`;
  let name = '.';
  for (const ch of path.basename(file)) {
    if (nameLength(name + ch + tail, platform) > NAME_MAX) break;
    name += ch;
  }
  return path.join(path.dirname(file), name + tail);
}

/** An object to place: its key, the part of it below the downloaded folder, its size. */
export interface KeyToPlace {
  key: string;
  /** `/`-separated, below the folder (a prefix's name first when the prefix's own folder is made). */
  rel: string;
  size: number;
}

/** Why a key was not placed; `other`: the key it collides with; `path`: what is in the way on disk. */
export type Refusal =
  | { key: string; reason: 'no-name' | 'not-exact' | 'too-long' }
  | { key: string; reason: 'folder-marker'; size: number }
  | { key: string; reason: 'collision' | 'file-and-folder'; other: string }
  | { key: string; reason: 'link' | 'file-in-the-way' | 'folder-in-the-way'; path: string };

type DiskRefusal = { reason: 'link' | 'file-in-the-way' | 'folder-in-the-way'; path: string };

export interface Placement<T extends KeyToPlace> {
  /** The keys placed, each with the file it is written to. */
  placed: Array<T & { file: string }>;
  refused: Refusal[];
}

export interface PlaceOptions {
  /** Refuse a key whose names would change as files (`a//b`, `..`, `C:x` on Windows) instead of mapping it: Sync. */
  exact?: boolean;
  /** Whether the file system ignores case; probed in `root` (caseInsensitiveAt) when not given. */
  caseInsensitive?: boolean;
  platform?: NodeJS.Platform;
}

/** What is on disk at `at` refuses a key: a link anywhere, a folder where the file goes, a file where a folder goes. */
function refusalOf(st: Stats, at: string, last: boolean): DiskRefusal | undefined {
  if (st.isSymbolicLink()) return { reason: 'link', path: at };
  if (st.isDirectory() === last) return { reason: last ? 'folder-in-the-way' : 'file-in-the-way', path: at };
  return undefined;
}

/**
 * Where each object lands below `root` (the folder the user chose; it may itself be a link, the
 * user's to choose), or why it does not: the one decision of every download path.
 */
export async function placeKeys<T extends KeyToPlace>(
  root: string,
  items: readonly T[],
  opts: PlaceOptions = {},
): Promise<Placement<T>> {
  const { exact = false, platform = process.platform } = opts;
  const path = pathFor(platform);
  const caseInsensitive = opts.caseInsensitive ?? (await caseInsensitiveAt(root, platform));
  const base = path.resolve(root);
  const refused: Refusal[] = [];
  const named: Array<{ item: T; names: string[]; id: string }> = [];
  for (const item of items) {
    const names = localNames(item.rel, platform);
    // An empty `x/` is a folder marker (the console's "create folder"): nothing to write.
    if (item.key.endsWith('/')) {
      if (item.size > 0) refused.push({ key: item.key, reason: 'folder-marker', size: item.size });
    } else if (!names.length) refused.push({ key: item.key, reason: 'no-name' });
    else if (exact && names.join('/') !== item.rel) refused.push({ key: item.key, reason: 'not-exact' });
    else if (names.some((n) => nameLength(n, platform) > NAME_MAX)) refused.push({ key: item.key, reason: 'too-long' });
    else named.push({ item, names, id: localIdentity(names.join('/'), caseInsensitive) });
  }
  // The keys each local file would be, and a key below each local folder.
  const files = new Map<string, string[]>();
  const folders = new Map<string, string>();
  for (const { item, names, id } of named) {
    files.set(id, [...(files.get(id) ?? []), item.key]);
    for (let n = 1; n < names.length; n++)
      folders.set(localIdentity(names.slice(0, n).join('/'), caseInsensitive), item.key);
  }
  // One lstat per path, however many keys share the folder.
  const looked = new Map<string, Promise<Stats | undefined>>();
  const lookNew = (p: string) => {
    const st = lstat(p).catch(() => undefined);
    looked.set(p, st);
    return st;
  };
  const look = (p: string) => looked.get(p) ?? lookNew(p);
  const onDisk = async (names: string[]): Promise<DiskRefusal | undefined> => {
    let at = base;
    for (const [i, name] of names.entries()) {
      at = path.join(at, name);
      const st = await look(at);
      // Nothing there: the rest is created by the download.
      if (!st) return undefined;
      const refusal = refusalOf(st, at, i === names.length - 1);
      if (refusal) return refusal;
    }
    return undefined;
  };
  const outcomes = await Promise.all(
    named.map(async ({ item, names, id }): Promise<Refusal | (T & { file: string })> => {
      const same = files.get(id)!.find((k) => k !== item.key);
      if (same !== undefined) return { key: item.key, reason: 'collision', other: same };
      const below = folders.get(id);
      if (below !== undefined) return { key: item.key, reason: 'file-and-folder', other: below };
      const disk = await onDisk(names);
      if (disk) return { key: item.key, ...disk };
      return { ...item, file: path.join(base, ...names) };
    }),
  );
  const placed: Array<T & { file: string }> = [];
  for (const o of outcomes) {
    if ('file' in o) placed.push(o);
    else refused.push(o);
  }
  return { placed, refused };
}

/**
 * The folders one download of many (a folder, a bucket) made or checked, by their path, each with
 * its check: the downloads running at once wait for the one check of a folder instead of each
 * making and looking at it again (2,000 files in 20 folders: two lstat calls and a mkdir fewer per
 * file, issue 67). A check that refused stays refused for every file below it.
 */
export type CheckedFolders = Map<string, Promise<void>>;

/** Throws the ValidationError of a refusal (a link, or a file or folder in the way of `file`). */
function refuse(refusal: DiskRefusal, at: string, file: string): never {
  throw new ValidationError('storage.download', [
    {
      path: 'file',
      message:
        refusal.reason === 'link'
          ? `${at} is a symbolic link; nothing is written through a link`
          : `${at} is in the way of ${file}`,
      rule: refusal.reason === 'link' ? { id: 'throughLink', path: at } : { id: 'inTheWay', path: at, file },
    },
  ]);
}

/**
 * Right before a download writes `file` (a path placeKeys gave, below `root`): the folders
 * between are created one at a time and each, new or found, must be a folder and no link; the
 * file must be no link and no folder. Throws ValidationError otherwise (the disk changed since the
 * keys were placed); nothing is written then. Answers whether a file is there already (the
 * download then writes beside it and renames; a new file is written in place).
 *
 * `checked`: the folders of this download checked so far (CheckedFolders); a folder in it is not
 * looked at again. Without it, every folder is checked.
 */
export async function prepareLocalFile(
  root: string,
  file: string,
  platform: NodeJS.Platform = process.platform,
  checked?: CheckedFolders,
): Promise<{ exists: boolean }> {
  const path = pathFor(platform);
  const names = path.relative(root, file).split(path.sep);
  /** The folder's check, made once per download: the first file below it runs it, the others wait. */
  const once = (at: string, check: () => Promise<void>): Promise<void> => {
    let known = checked?.get(at);
    if (!known) {
      known = check();
      checked?.set(at, known);
    }
    return known;
  };
  let at = path.resolve(root);
  // The chosen folder (and the folders above it) are the user's: made as they are named.
  await once(at, async () => void (await mkdir(at, { recursive: true })));
  for (const name of names.slice(0, -1)) {
    const folder = (at = path.join(at, name));
    await once(folder, async () => {
      let st = await lstat(folder).catch(() => undefined);
      // An mkdir of a folder that is there fails (EEXIST, ignored) and the same lstat follows, so
      // only the count of calls tells `if (true)` from this: folderTransfer.test.ts counts them.
      // Stryker disable next-line ConditionalExpression
      if (!st) {
        // Another download of the same folder may create it first: then it is looked at as found.
        await mkdir(folder).catch(() => undefined);
        st = await lstat(folder);
      }
      const refusal = refusalOf(st, folder, false);
      if (refusal) refuse(refusal, folder, file);
    });
  }
  at = path.join(at, names[names.length - 1]);
  const st = await lstat(at).catch(() => undefined);
  const refusal = st && refusalOf(st, at, true);
  if (refusal) refuse(refusal, at, file);
  return { exists: st !== undefined };
}
