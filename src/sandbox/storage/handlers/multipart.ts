// Multipart handlers: initiate, upload part (and part copy), complete, abort.
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxReply } from '../../server';
import { escapeXml as esc, list, parseXml, S3_NS, text } from '../../../client/storage/xml';
import { discardBody, readBody, sizeOf, type Body, type StoredBucket, type StoredPart } from '../store';
import {
  bufferedBody,
  contentTypeOf,
  s3Time,
  type Ctx,
  errorXml,
  header,
  metadataOf,
  servedOf,
  noSuchUpload,
  receive,
  source,
  xml,
} from './context';

const MIN_PART = 5 * 1024 * 1024;

export function initiateMultipartUpload(ctx: Ctx, b: StoredBucket): SandboxReply {
  const id = randomBytes(12).toString('hex');
  b.uploads.set(id, {
    id,
    key: ctx.key,
    initiated: new Date(),
    contentType: contentTypeOf(ctx.call),
    metadata: metadataOf(ctx.call),
    served: servedOf(ctx.call),
    parts: new Map(),
  });
  return xml(
    200,
    `<InitiateMultipartUploadResult xmlns="${S3_NS}"><Bucket>${esc(ctx.bucketName)}</Bucket><Key>${esc(ctx.key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
  );
}

export async function uploadPart(ctx: Ctx, b: StoredBucket, copy: boolean): Promise<SandboxReply> {
  const q = ctx.call.query;
  const up = b.uploads.get(q.get('uploadId') ?? '');
  if (!up || up.key !== ctx.key) return noSuchUpload(ctx.resource);
  const n = Number(q.get('partNumber'));
  if (!Number.isInteger(n) || n < 1 || n > 10000)
    return errorXml(
      400,
      'InvalidArgument',
      'Part number must be an integer between 1 and 10000, inclusive',
      ctx.resource,
    );
  let part: { body: Body; size: number; md5: Buffer };
  if (copy) {
    const src = source(ctx);
    if (!('key' in src)) return src;
    let start = 0;
    let end = src.size - 1;
    const range = header(ctx.call, 'x-amz-copy-source-range');
    if (range) {
      const r = /^bytes=(\d+)-(\d+)$/.exec(range);
      if (!r || +r[1] > +r[2] || +r[2] >= src.size)
        return errorXml(
          400,
          'InvalidArgument',
          'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy',
          ctx.resource,
        );
      [start, end] = [+r[1], +r[2]];
    }
    part = await ctx.store.write(readBody(src.body, start, end), false);
  } else {
    const got = await receive(ctx);
    if ('reply' in got) return got.reply;
    part = got;
  }
  const old = up.parts.get(n);
  const stored: StoredPart = {
    partNumber: n,
    etag: `"${part.md5.toString('hex')}"`,
    md5: part.md5,
    size: part.size,
    lastModified: new Date(),
    body: part.body,
  };
  up.parts.set(n, stored);
  if (old) await discardBody(old.body);
  if (copy)
    return xml(
      200,
      `<CopyPartResult xmlns="${S3_NS}"><LastModified>${s3Time(stored.lastModified)}</LastModified><ETag>${esc(stored.etag)}</ETag></CopyPartResult>`,
    );
  return { status: 200, headers: { etag: stored.etag } };
}

export async function completeMultipartUpload(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
  const up = b.uploads.get(ctx.call.query.get('uploadId') ?? '');
  if (!up || up.key !== ctx.key) return noSuchUpload(ctx.resource);
  const got = await bufferedBody(ctx);
  if ('reply' in got) return got.reply;
  let wanted: Array<{ n: number; etag: string }>;
  try {
    const x = parseXml(got.body.toString('utf8'));
    const root = x.CompleteMultipartUpload;
    wanted = list(root && typeof root === 'object' && !Array.isArray(root) ? root : undefined, 'Part').map((p) => ({
      n: Number(text(p, 'PartNumber')),
      etag: (text(p, 'ETag') ?? '').trim(),
    }));
    if (!wanted.length) throw new Error('no parts');
  } catch {
    return errorXml(
      400,
      'MalformedXML',
      'The XML you provided was not well-formed or did not validate against our published schema.',
      ctx.resource,
    );
  }
  const chosen: StoredPart[] = [];
  for (let i = 0; i < wanted.length; i++) {
    const w = wanted[i];
    if (i > 0 && w.n <= wanted[i - 1].n)
      return errorXml(
        400,
        'InvalidPartOrder',
        'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
        ctx.resource,
      );
    const p = up.parts.get(w.n);
    const quoted = w.etag.startsWith('"') ? w.etag : `"${w.etag}"`;
    if (!p || p.etag !== quoted)
      return errorXml(
        400,
        'InvalidPart',
        "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
        ctx.resource,
        { PartNumber: String(w.n) },
      );
    chosen.push(p);
  }
  for (let i = 0; i < chosen.length - 1; i++)
    if (chosen[i].size < MIN_PART)
      return errorXml(
        400,
        'EntityTooSmall',
        'Your proposed upload is smaller than the minimum allowed object size.',
        ctx.resource,
        {
          PartNumber: String(chosen[i].partNumber),
          ProposedSize: String(chosen[i].size),
          MinSizeAllowed: String(MIN_PART),
        },
      );
  // The spec's rule: MD5 of the concatenated binary MD5s of the parts, suffixed with the count.
  const etag = `"${createHash('md5')
    .update(Buffer.concat(chosen.map((p) => p.md5)))
    .digest('hex')}-${chosen.length}"`;
  b.uploads.delete(up.id);
  for (const p of up.parts.values()) if (!chosen.includes(p)) await discardBody(p.body);
  const body: Body = { kind: 'parts', parts: chosen.map((p) => p.body) };
  ctx.store.setObject(b, {
    key: up.key,
    size: sizeOf(body),
    etag,
    lastModified: new Date(),
    contentType: up.contentType,
    metadata: up.metadata,
    served: up.served,
    body,
  });
  return xml(
    200,
    `<CompleteMultipartUploadResult xmlns="${S3_NS}"><Location>${esc(ctx.resource)}</Location><Bucket>${esc(b.name)}</Bucket><Key>${esc(up.key)}</Key><ETag>${esc(etag)}</ETag></CompleteMultipartUploadResult>`,
  );
}

export async function abortMultipartUpload(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
  const up = b.uploads.get(ctx.call.query.get('uploadId') ?? '');
  if (!up || up.key !== ctx.key) return noSuchUpload(ctx.resource);
  b.uploads.delete(up.id);
  for (const p of up.parts.values()) await discardBody(p.body);
  return { status: 204 };
}
