// Listing handlers: objects (ListObjects v1 and v2), multipart uploads, parts.
import type { SandboxReply } from '../../server';
import { escapeXml as esc, S3_NS } from '../../../client/storage/xml';
import { OWNER, type StoredBucket } from '../store';
import { s3Time, type Ctx, errorXml, noSuchUpload, xml } from './context';

/**
 * ListObjects, version 1 (`marker`) or, with `list-type=2`, version 2 (`continuation-token`,
 * `start-after`, `KeyCount`), as Swift's s3api answers both. The object storage API documents v1
 * only and the client uses v1; v2 is here because the tools people use (the AWS CLI's
 * `s3 cp --recursive`, rclone) list with it, and a v2 request answered as v1 ends after the first
 * page: the AWS CLI then downloaded 1,000 of 2,000 files and said nothing.
 */
export function listObjects(ctx: Ctx, b: StoredBucket): SandboxReply {
  const q = ctx.call.query;
  const v2 = q.get('list-type') === '2';
  const prefix = q.get('prefix') ?? '';
  const delimiter = q.get('delimiter') ?? '';
  const token = q.get('continuation-token');
  const startAfter = q.get('start-after') ?? '';
  let marker = q.get('marker') ?? '';
  if (v2) {
    marker = startAfter;
    if (token !== null) {
      const decoded = decodeToken(token);
      if (decoded === undefined)
        return errorXml(400, 'InvalidArgument', 'The continuation token provided is incorrect', ctx.resource);
      marker = decoded;
    }
  }
  const maxRaw = q.get('max-keys');
  const maxKeys = maxRaw === null ? 1000 : Number(maxRaw);
  if (!Number.isInteger(maxKeys) || maxKeys < 0)
    return errorXml(400, 'InvalidArgument', 'Provided max-keys not an integer or within integer range', ctx.resource);
  const page = listPage(ctx.store.sortedKeys(b), prefix, delimiter, marker, Math.min(maxKeys, 1000));
  const withOwner = !v2 || q.get('fetch-owner') === 'true';
  const items = page.keys
    .map((k) => b.objects.get(k)!)
    .map(
      (o) =>
        `<Contents><Key>${esc(o.key)}</Key><LastModified>${s3Time(o.lastModified)}</LastModified><ETag>${esc(o.etag)}</ETag><Size>${o.size}</Size>` +
        `${withOwner ? `<Owner><ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName></Owner>` : ''}<StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  const cps = page.prefixes.map((p) => `<CommonPrefixes><Prefix>${esc(p)}</Prefix></CommonPrefixes>`).join('');
  const common = `<MaxKeys>${maxKeys}</MaxKeys>${delimiter ? `<Delimiter>${esc(delimiter)}</Delimiter>` : ''}<IsTruncated>${page.truncated}</IsTruncated>`;
  const head = `<ListBucketResult xmlns="${S3_NS}"><Name>${esc(b.name)}</Name><Prefix>${esc(prefix)}</Prefix>`;
  if (v2)
    return xml(
      200,
      head +
        `${token !== null ? `<ContinuationToken>${esc(token)}</ContinuationToken>` : ''}` +
        `${page.truncated ? `<NextContinuationToken>${encodeToken(page.last)}</NextContinuationToken>` : ''}` +
        `${startAfter ? `<StartAfter>${esc(startAfter)}</StartAfter>` : ''}` +
        `<KeyCount>${page.keys.length + page.prefixes.length}</KeyCount>${common}${items}${cps}</ListBucketResult>`,
    );
  return xml(
    200,
    head +
      `<Marker>${esc(marker)}</Marker>${page.truncated && delimiter ? `<NextMarker>${esc(page.last)}</NextMarker>` : ''}` +
      `${common}${items}${cps}</ListBucketResult>`,
  );
}

/** One page of a listing after `marker`: keys and common prefixes, at most `limit` of both. */
function listPage(
  keys: string[],
  prefix: string,
  delimiter: string,
  marker: string,
  limit: number,
): { keys: string[]; prefixes: string[]; truncated: boolean; last: string } {
  let i = lowerBound(keys, prefix > marker ? prefix : marker);
  const contents: string[] = [];
  const prefixes: string[] = [];
  let truncated = false;
  let last = '';
  while (i < keys.length) {
    const k = keys[i];
    if (!k.startsWith(prefix)) break;
    if (k <= marker) {
      i++;
      continue;
    }
    const d = delimiter ? k.indexOf(delimiter, prefix.length) : -1;
    const cp = d >= 0 ? k.slice(0, d + delimiter.length) : undefined;
    if (contents.length + prefixes.length >= limit) {
      // Swift's s3api: max-keys=0 is an empty page that is not truncated (there is no next page to ask for).
      truncated = limit > 0;
      break;
    }
    if (cp !== undefined) {
      if (cp > marker) {
        prefixes.push(cp);
        last = cp;
      }
      // Skip every key under this common prefix.
      i = lowerBound(keys, cp + '\uffff');
      continue;
    }
    contents.push(k);
    last = k;
    i++;
  }
  return { keys: contents, prefixes, truncated, last };
}

/** A v2 continuation token: the last key or prefix of the page, base64 (opaque to the caller). */
function encodeToken(last: string): string {
  return Buffer.from(last, 'utf8').toString('base64');
}

function decodeToken(token: string): string | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(token)) return undefined;
  return Buffer.from(token, 'base64').toString('utf8');
}

export function listUploads(ctx: Ctx, b: StoredBucket): SandboxReply {
  const q = ctx.call.query;
  const prefix = q.get('prefix') ?? '';
  const keyMarker = q.get('key-marker') ?? '';
  const idMarker = q.get('upload-id-marker') ?? '';
  const max = Math.min(Number(q.get('max-uploads') ?? 1000) || 1000, 1000);
  const all = [...b.uploads.values()]
    .filter(
      (u) => u.key.startsWith(prefix) && (u.key > keyMarker || (u.key === keyMarker && idMarker && u.id > idMarker)),
    )
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.id < y.id ? -1 : 1));
  const page = all.slice(0, max);
  const truncated = all.length > max;
  const lastUp = page[page.length - 1];
  const items = page
    .map(
      (u) =>
        `<Upload><Key>${esc(u.key)}</Key><UploadId>${u.id}</UploadId><Initiator><ID>${OWNER.id}</ID></Initiator><Owner><ID>${OWNER.id}</ID></Owner><StorageClass>STANDARD</StorageClass><Initiated>${s3Time(u.initiated)}</Initiated></Upload>`,
    )
    .join('');
  return xml(
    200,
    `<ListMultipartUploadsResult xmlns="${S3_NS}"><Bucket>${esc(b.name)}</Bucket><KeyMarker>${esc(keyMarker)}</KeyMarker><UploadIdMarker>${esc(idMarker)}</UploadIdMarker>` +
      `${truncated ? `<NextKeyMarker>${esc(lastUp.key)}</NextKeyMarker><NextUploadIdMarker>${lastUp.id}</NextUploadIdMarker>` : ''}<MaxUploads>${max}</MaxUploads><IsTruncated>${truncated}</IsTruncated>${items}</ListMultipartUploadsResult>`,
  );
}

export function listParts(ctx: Ctx, b: StoredBucket): SandboxReply {
  const up = b.uploads.get(ctx.call.query.get('uploadId') ?? '');
  if (!up || up.key !== ctx.key) return noSuchUpload(ctx.resource);
  const marker = Number(ctx.call.query.get('part-number-marker') ?? 0) || 0;
  const max = Math.min(Number(ctx.call.query.get('max-parts') ?? 1000) || 1000, 1000);
  const all = [...up.parts.values()].filter((p) => p.partNumber > marker).sort((x, y) => x.partNumber - y.partNumber);
  const page = all.slice(0, max);
  const truncated = all.length > max;
  const items = page
    .map(
      (p) =>
        `<Part><PartNumber>${p.partNumber}</PartNumber><LastModified>${s3Time(p.lastModified)}</LastModified><ETag>${esc(p.etag)}</ETag><Size>${p.size}</Size></Part>`,
    )
    .join('');
  return xml(
    200,
    `<ListPartsResult xmlns="${S3_NS}"><Bucket>${esc(b.name)}</Bucket><Key>${esc(up.key)}</Key><UploadId>${up.id}</UploadId><PartNumberMarker>${marker}</PartNumberMarker>` +
      `${truncated ? `<NextPartNumberMarker>${page[page.length - 1].partNumber}</NextPartNumberMarker>` : ''}<MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${items}</ListPartsResult>`,
  );
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
