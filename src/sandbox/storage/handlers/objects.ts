// Object handlers: get/head (with ranges), put, copy, multi-delete.
import type { SandboxReply } from '../../server';
import { bool, escapeXml as esc, list, parseXml, S3_NS, text } from '../../../client/storage/xml';
import { readBody, type StoredBucket } from '../store';
import {
  bufferedBody,
  contentTypeOf,
  s3Time,
  type Ctx,
  errorXml,
  header,
  metadataOf,
  servedOf,
  receive,
  source,
  xml,
} from './context';

export async function getObject(ctx: Ctx, b: StoredBucket, head: boolean): Promise<SandboxReply> {
  const o = b.objects.get(ctx.key);
  if (!o) return errorXml(404, 'NoSuchKey', 'The specified key does not exist.', ctx.resource, { Key: ctx.key }, head);
  const headers: Record<string, string> = {
    etag: o.etag,
    'last-modified': o.lastModified.toUTCString(),
    'content-type': o.contentType,
    'accept-ranges': 'bytes',
  };
  for (const [k, v] of Object.entries(o.metadata)) headers[`x-amz-meta-${k}`] = v;
  Object.assign(headers, o.served);
  const range = header(ctx.call, 'range');
  let start = 0;
  let end = o.size - 1;
  let status = 200;
  if (range) {
    const r = parseRange(range, o.size);
    if (r === 'invalid')
      return errorXml(
        416,
        'InvalidRange',
        'The requested range is not satisfiable',
        ctx.resource,
        { RangeRequested: range, ActualObjectSize: String(o.size) },
        head,
      );
    if (r) {
      [start, end] = r;
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${o.size}`;
    }
  }
  headers['content-length'] = String(end - start + 1);
  if (head) return { status, headers };
  return { status, headers, body: readBody(o.body, start, end) };
}

export async function putObject(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
  const stored = await receive(ctx);
  if ('reply' in stored) return stored.reply;
  const etag = `"${stored.md5.toString('hex')}"`;
  const lastModified = new Date();
  ctx.store.setObject(b, {
    key: ctx.key,
    size: stored.size,
    etag,
    lastModified,
    contentType: contentTypeOf(ctx.call),
    metadata: metadataOf(ctx.call),
    served: servedOf(ctx.call),
    body: stored.body,
  });
  return { status: 200, headers: { etag, 'last-modified': lastModified.toUTCString() } };
}

export async function copyObject(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
  const src = source(ctx);
  if (!('key' in src)) return src;
  const replace = header(ctx.call, 'x-amz-metadata-directive') === 'REPLACE';
  // S3's rule: an object copied onto itself must change something (its metadata, with REPLACE).
  if (b.objects.get(ctx.key) === src && !replace)
    return errorXml(
      400,
      'InvalidRequest',
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
      ctx.resource,
    );
  const lastModified = new Date();
  const body = await ctx.store.clone(src.body);
  ctx.store.setObject(b, {
    key: ctx.key,
    size: src.size,
    etag: src.etag,
    lastModified,
    contentType: replace ? contentTypeOf(ctx.call) : src.contentType,
    metadata: replace ? metadataOf(ctx.call) : { ...src.metadata },
    served: replace ? servedOf(ctx.call) : { ...src.served },
    body,
  });
  return xml(
    200,
    `<CopyObjectResult xmlns="${S3_NS}"><LastModified>${s3Time(lastModified)}</LastModified><ETag>${esc(src.etag)}</ETag></CopyObjectResult>`,
  );
}

export async function deleteObjects(ctx: Ctx, b: StoredBucket): Promise<SandboxReply> {
  const got = await bufferedBody(ctx);
  if ('reply' in got) return got.reply;
  let keys: string[];
  let quiet: boolean;
  try {
    const x = parseXml(got.body.toString('utf8'));
    const root = x.Delete && typeof x.Delete === 'object' && !Array.isArray(x.Delete) ? x.Delete : undefined;
    if (!root) throw new Error('no Delete');
    keys = list(root, 'Object').map((o) => text(o, 'Key') ?? '');
    quiet = bool(text(root, 'Quiet'));
    if (keys.length === 0 || keys.length > 1000 || keys.some((k) => !k)) throw new Error('bad keys');
  } catch {
    return errorXml(
      400,
      'MalformedXML',
      'The XML you provided was not well-formed or did not validate against our published schema.',
      ctx.resource,
    );
  }
  for (const k of keys) ctx.store.deleteObject(b, k);
  const items = quiet ? '' : keys.map((k) => `<Deleted><Key>${esc(k)}</Key></Deleted>`).join('');
  return xml(200, `<DeleteResult xmlns="${S3_NS}">${items}</DeleteResult>`);
}
function parseRange(h: string, size: number): [number, number] | 'invalid' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(h.trim());
  if (!m) return undefined; // not a single byte range: ignored, the whole object is sent (HTTP rule)
  if (m[1] === '' && m[2] === '') return undefined;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'invalid';
    return [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'invalid';
  return [start, end];
}
