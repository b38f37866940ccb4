// How Sync Folder tells whether two copies of a file are the same, in rclone's terms so that the
// two tools agree on a shared bucket: an object's modification time is the one its uploader kept
// in `x-amz-meta-mtime` ("seconds.nanoseconds", rclone's format) or else its Last-Modified; its
// MD5 is a single-part ETag or the `x-amz-meta-md5chksum` rclone stores for multipart uploads
// (base64), and a multipart ETag (MD5 of the parts' MD5s, "-N") can be recomputed from the file
// once the part size is known.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { MiB, partSizeFor } from '../../client/storage/transfer';

/** User metadata (without `x-amz-meta-`) holding the file's modification time, as rclone names it. */
export const MTIME_METADATA = 'mtime';
/** User metadata holding a multipart object's MD5 in base64, as rclone names it. */
export const MD5_METADATA = 'md5chksum';

const NS = 1_000_000_000n;

/** `1732712345.123456789`: rclone's (Go's swift.TimeToFloatString) whole seconds and nanoseconds. */
export function formatMtime(ns: bigint): string {
  let sec = ns / NS;
  if (ns < 0n && sec * NS !== ns) sec -= 1n;
  return `${sec}.${(ns - sec * NS).toString().padStart(9, '0')}`;
}

/** The time in `formatMtime`'s format (fewer or more decimals accepted), or undefined. */
export function parseMtime(text: string | undefined): bigint | undefined {
  const m = /^(-?\d{1,12})(?:\.(\d+))?$/.exec(text?.trim() ?? '');
  if (!m) return undefined;
  return BigInt(m[1]) * NS + BigInt((m[2] ?? '').slice(0, 9).padEnd(9, '0'));
}

/** An HTTP date or ISO time (Last-Modified) in ns, or undefined. */
export function dateNs(text: string | undefined): bigint | undefined {
  const ms = text ? Date.parse(text) : NaN;
  return Number.isFinite(ms) ? BigInt(ms) * 1_000_000n : undefined;
}

/** The MD5 an ETag is, when it is one (a single-part upload's): lowercase hex. */
export function etagMd5(etag: string | undefined): string | undefined {
  const e = etag?.replace(/"/g, '').toLowerCase();
  return e && /^[0-9a-f]{32}$/.test(e) ? e : undefined;
}

/** The part count of a multipart ETag (`<hex>-N`), or undefined. */
export function multipartParts(etag: string | undefined): number | undefined {
  const m = /^([0-9a-f]{32})-(\d+)$/.exec(etag?.replace(/"/g, '').toLowerCase() ?? '');
  return m ? Number(m[2]) : undefined;
}

/** rclone's `md5chksum` (base64) as hex, or undefined. */
export function metadataMd5(b64: string | undefined): string | undefined {
  if (!b64) return undefined;
  const hex = Buffer.from(b64, 'base64').toString('hex');
  return hex.length === 32 ? hex : undefined;
}

export function md5ToMetadata(hex: string): string {
  return Buffer.from(hex, 'hex').toString('base64');
}

/**
 * The MD5 of a file (hex) and, with `partSize`, its multipart ETag at that part size, in one
 * read of the file.
 */
export async function hashFile(file: string, partSize?: number): Promise<{ md5: string; multipartEtag?: string }> {
  const whole = createHash('md5');
  const parts: Buffer[] = [];
  let part = createHash('md5');
  let inPart = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: MiB }) as AsyncIterable<Buffer>) {
    whole.update(chunk);
    if (!partSize) continue;
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(partSize - inPart, chunk.length - at);
      part.update(chunk.subarray(at, at + n));
      inPart += n;
      at += n;
      if (inPart === partSize) {
        parts.push(part.digest());
        part = createHash('md5');
        inPart = 0;
      }
    }
  }
  if (inPart > 0) parts.push(part.digest());
  const md5 = whole.digest('hex');
  if (!partSize) return { md5 };
  return { md5, multipartEtag: `${createHash('md5').update(Buffer.concat(parts)).digest('hex')}-${parts.length}` };
}

/**
 * Part sizes that could have made a multipart object of `size` bytes in `parts` parts, likeliest
 * first: this extension's, then rclone's default chunk (5 MiB), the AWS CLI's (8 MiB) and 16 MiB.
 */
export function candidatePartSizes(size: number, parts: number): number[] {
  const out = new Set<number>();
  for (const p of [partSizeFor(size), 5 * MiB, 8 * MiB, 16 * MiB, 15 * MiB, 64 * MiB, 100 * MiB])
    if (Math.ceil(size / p) === parts) out.add(p);
  return [...out];
}
