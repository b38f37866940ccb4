// Object keys, prefixes, the object URIs, sizes, binary sniffing and presigned URLs.
// vscode-free and pure (apart from the clock of presign), so it is unit-tested.
import { l10n, formatNumber } from '../shared/l10n';
import aws4 from 'aws4';
import { encodeKey } from '../client/storage/names';

/** URI scheme of objects (read-write) and of the read-only view (exported logs, remote versions). */
export const OBJECT_SCHEME = 'nhncloud-s3';
export const READONLY_SCHEME = 'nhncloud-s3-readonly';

export interface ObjectAddress {
  profileId: string;
  region: string;
  bucket: string;
  /** '' for the bucket itself; ends with '/' for a folder (prefix). */
  key: string;
}

/** `<scheme>://<profileId>/<region>/<bucket>/<key>`: the path part, each key segment kept as typed. */
export function objectPath(a: Pick<ObjectAddress, 'region' | 'bucket' | 'key'>): string {
  return `/${a.region}/${a.bucket}${a.key ? `/${a.key}` : ''}`;
}

/** Parses the authority and path of an object URI; undefined when it names no bucket. */
export function parseObjectPath(authority: string, path: string): ObjectAddress | undefined {
  const m = /^\/([^/]+)\/([^/]+)(?:\/(.*))?$/.exec(path);
  if (!authority || !m) return undefined;
  return { profileId: authority, region: m[1], bucket: m[2], key: m[3] ?? '' };
}

/** The folder part of a key (`a/b/c.txt` -> `a/b/`; `a.txt` -> ''). */
export function parentPrefix(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  const i = trimmed.lastIndexOf('/');
  return i < 0 ? '' : trimmed.slice(0, i + 1);
}

/** The last segment of a key or prefix (`a/b/` -> `b`, `a/b.txt` -> `b.txt`). */
export function baseName(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** A prefix as the listing wants it: '' or ending with exactly one '/'. */
export function asPrefix(text: string): string {
  const t = text.replace(/^\/+/, '');
  return !t ? '' : t.endsWith('/') ? t : `${t}/`;
}

/** Why a key cannot be used, or undefined. S3 allows up to 1024 bytes of UTF-8. */
export function keyProblem(key: string): string | undefined {
  if (!key) return l10n.t('Enter a key.');
  if (key.startsWith('/')) return l10n.t('A key does not start with "/".');
  if (Buffer.byteLength(key, 'utf8') > 1024) return l10n.t('A key is at most 1024 bytes.');
  if ([...key].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127))
    return l10n.t('A key cannot contain control characters.');
  if (key.split('/').some((s) => s === '.' || s === '..'))
    return l10n.t('A key cannot contain "." or ".." segments (editors and downloads would resolve them).');
  return undefined;
}

/** Where a local file lands: the prefix plus its path relative to the chosen folder, with '/' separators. */
export function keyForUpload(prefix: string, relativePath: string): string {
  return (
    asPrefix(prefix) +
    relativePath
      .split(/[\\/]+/)
      .filter(Boolean)
      .join('/')
  );
}

/** The local path (relative, with '/') of a key downloaded from under `prefix`. */
export function relativeDownloadPath(prefix: string, key: string): string {
  const rel = key.startsWith(prefix) ? key.slice(prefix.length) : baseName(key);
  return rel
    .split('/')
    .filter((s) => s && s !== '.' && s !== '..')
    .join('/');
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 0 B, 999 B, 1.0 KB, 12.3 MB (powers of 1024, as the S3 consoles show). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${formatNumber(v, 0)} B` : `${formatNumber(v, v < 100 ? 1 : 0)} ${UNITS[u]}`;
}

/** Bytes per second as "12.3 MB/s". */
export function formatRate(bytes: number, ms: number): string {
  return ms <= 0 ? '' : `${formatSize((bytes * 1000) / ms)}/s`;
}

/** A NUL byte, or too many control characters, in the first bytes: show it in the binary editor. */
export function looksBinary(head: Uint8Array): boolean {
  const n = Math.min(head.length, 8192);
  if (!n) return false;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = head[i];
    if (b === 0) return true;
    if (b < 7 || (b > 13 && b < 32 && b !== 27)) control++;
  }
  return control / n > 0.1;
}

/** Expiry choices of "Copy Presigned URL", in seconds (SigV4 allows at most 7 days). */
export const PRESIGN_EXPIRIES = [
  { label: l10n.t('15 minutes'), seconds: 15 * 60 },
  { label: l10n.t('1 hour'), seconds: 3600 },
  { label: l10n.t('1 day'), seconds: 86400 },
  { label: l10n.t('7 days (the longest allowed)'), seconds: 7 * 86400 },
] as const;
export const MAX_PRESIGN_SECONDS = 7 * 86400;

/** The plain (unsigned) address of an object, path-style. */
export function objectUrl(baseUrl: string, bucket: string, key: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${bucket}/${encodeKey(key)}`;
}

/**
 * A presigned GET URL (SigV4 query signing through aws4, service s3, path-style). The result
 * carries the signature: never log it.
 */
export function presignGetUrl(opts: {
  baseUrl: string;
  bucket: string;
  key: string;
  accessKey: string;
  secretKey: string;
  region: string;
  expiresSeconds: number;
  now?: Date;
}): string {
  if (!Number.isInteger(opts.expiresSeconds) || opts.expiresSeconds < 1 || opts.expiresSeconds > MAX_PRESIGN_SECONDS) {
    throw new RangeError(l10n.t('The expiry must be between 1 second and 7 days ({0} s).', MAX_PRESIGN_SECONDS));
  }
  const base = new URL(opts.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const path = `${basePath}/${opts.bucket}/${encodeKey(opts.key)}?X-Amz-Expires=${opts.expiresSeconds}`;
  const req: aws4.Request & { path: string } = {
    host: base.host,
    path,
    method: 'GET',
    service: 's3',
    region: opts.region,
    signQuery: true,
    doNotEncodePath: true,
  };
  if (opts.now) {
    // aws4 reads the date from X-Amz-Date when given; tests pin it.
    // eslint-disable-next-line nhncloud/one-date-formatter -- the signature's X-Amz-Date, not a text
    const stamp = opts.now.toISOString().replace(/[:-]|\.\d{3}/g, '');
    req.path = `${path}&X-Amz-Date=${stamp}`;
  }
  aws4.sign(req, { accessKeyId: opts.accessKey, secretAccessKey: opts.secretKey });
  return `${base.protocol}//${base.host}${req.path}`;
}

/** `rds-logs/<instance>/<YYYY-MM-DD>/` in local time. */
export function defaultLogPath(instanceName: string, now = new Date()): string {
  const d = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `rds-logs/${instanceName}/${d}/`;
}

/** Where an export writes `name` under `objectPath` (the service joins them with one '/'). */
export function exportedKey(path: string, name: string): string {
  const p = path.replace(/^\/+|\/+$/g, '');
  return p ? `${p}/${name}` : name;
}
