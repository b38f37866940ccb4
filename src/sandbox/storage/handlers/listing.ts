// Listing handlers: objects (ListObjects v1), multipart uploads, parts.
import type { SandboxReply } from '../../server';
import { escapeXml as esc, S3_NS } from '../../../client/storage/xml';
import { OWNER, type StoredBucket, type StoredObject } from '../store';
import { s3Time, type Ctx, errorXml, noSuchUpload, xml } from './context';

export function listObjects(ctx: Ctx, b: StoredBucket): SandboxReply {
  const q = ctx.call.query;
  const prefix = q.get('prefix') ?? '';
  const delimiter = q.get('delimiter') ?? '';
  const marker = q.get('marker') ?? '';
  const maxRaw = q.get('max-keys');
  const maxKeys = maxRaw === null ? 1000 : Number(maxRaw);
  if (!Number.isInteger(maxKeys) || maxKeys < 0)
    return errorXml(400, 'InvalidArgument', 'Provided max-keys not an integer or within integer range', ctx.resource);
  const limit = Math.min(maxKeys, 1000);
  const keys = ctx.store.sortedKeys(b);
  let i = lowerBound(keys, prefix > marker ? prefix : marker);
  const contents: StoredObject[] = [];
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
    contents.push(b.objects.get(k)!);
    last = k;
    i++;
  }
  const items = contents
    .map(
      (o) =>
        `<Contents><Key>${esc(o.key)}</Key><LastModified>${s3Time(o.lastModified)}</LastModified><ETag>${esc(o.etag)}</ETag><Size>${o.size}</Size><Owner><ID>${OWNER.id}</ID><DisplayName>${OWNER.displayName}</DisplayName></Owner><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  const cps = prefixes.map((p) => `<CommonPrefixes><Prefix>${esc(p)}</Prefix></CommonPrefixes>`).join('');
  return xml(
    200,
    `<ListBucketResult xmlns="${S3_NS}"><Name>${esc(b.name)}</Name><Prefix>${esc(prefix)}</Prefix><Marker>${esc(marker)}</Marker>` +
      `${truncated && delimiter ? `<NextMarker>${esc(last)}</NextMarker>` : ''}<MaxKeys>${maxKeys}</MaxKeys>${delimiter ? `<Delimiter>${esc(delimiter)}</Delimiter>` : ''}` +
      `<IsTruncated>${truncated}</IsTruncated>${items}${cps}</ListBucketResult>`,
  );
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
