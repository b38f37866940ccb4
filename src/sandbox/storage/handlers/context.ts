// What every storage handler receives, and the answer builders and body checks they share.
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxCall, SandboxReply } from '../../server';
import { escapeXml as esc } from '../../../client/storage/xml';
import type { Body, ObjectStore, StoredObject } from '../store';
import { discardBody } from '../store';

export interface Ctx {
  call: SandboxCall;
  store: ObjectStore;
  region: string;
  bucketName: string;
  key: string;
  payloadHash: string;
  resource: string;
}

/** A time as Swift's s3api writes it in XML answers: whole seconds (`2026-11-24T12:48:39.000Z`). */
export function s3Time(d: Date): string {
  return new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString();
}

export function xml(status: number, body: string): SandboxReply {
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
  };
}

export function errorXml(
  status: number,
  code: string,
  message: string,
  resource: string,
  extra?: Record<string, string>,
  head = false,
): SandboxReply {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  if (head) return { status, headers: { 'x-amz-request-id': requestId, 'x-amz-error-code': code } };
  const more = Object.entries(extra ?? {})
    .map(([k, v]) => `<${k}>${esc(v)}</${k}>`)
    .join('');
  return {
    status,
    headers: { 'content-type': 'application/xml', 'x-amz-request-id': requestId },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${esc(message)}</Message>${more}<Resource>${esc(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`,
  };
}

export const noSuchUpload = (resource: string): SandboxReply =>
  errorXml(
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    resource,
  );

export function header(call: SandboxCall, name: string): string | undefined {
  const v = call.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

export const contentTypeOf = (call: SandboxCall): string => header(call, 'content-type') ?? 'binary/octet-stream';

export function metadataOf(call: SandboxCall): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(call.headers))
    if (k.startsWith('x-amz-meta-') && typeof v === 'string') out[k.slice(11)] = v;
  return out;
}

/** The headers S3 stores with an object and serves back as given (besides Content-Type). */
export const SERVED_HEADERS = ['cache-control', 'content-disposition', 'content-encoding'] as const;

export function servedOf(call: SandboxCall): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of SERVED_HEADERS) {
    const v = header(call, k);
    if (v) out[k] = v;
  }
  return out;
}

export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Receives a streamed body, checking Content-Length, Content-MD5 and a signed payload hash. */
export async function receive(ctx: Ctx): Promise<{ body: Body; size: number; md5: Buffer } | { reply: SandboxReply }> {
  const declared = header(ctx.call, 'content-length');
  if (declared === undefined)
    return {
      reply: errorXml(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.', ctx.resource),
    };
  const wantSha = /^[0-9a-f]{64}$/.test(ctx.payloadHash);
  const got = await ctx.store.write(ctx.call.req, wantSha);
  const fail = async (reply: SandboxReply) => {
    await discardBody(got.body);
    return { reply };
  };
  if (got.size !== Number(declared))
    return fail(
      errorXml(
        400,
        'IncompleteBody',
        'You did not provide the number of bytes specified by the Content-Length HTTP header.',
        ctx.resource,
      ),
    );
  if (wantSha && got.sha256 !== ctx.payloadHash)
    return fail(
      errorXml(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
        ctx.resource,
      ),
    );
  const md5 = header(ctx.call, 'content-md5');
  if (md5 && md5 !== got.md5.toString('base64'))
    return fail(
      errorXml(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.', ctx.resource),
    );
  return got;
}

/** A small request body (XML), with the signed payload hash checked. */
export async function bufferedBody(ctx: Ctx): Promise<{ body: Buffer } | { reply: SandboxReply }> {
  const body = await ctx.call.body();
  if (body.length > 2 * 1024 * 1024)
    return { reply: errorXml(400, 'MaxMessageLengthExceeded', 'Your request was too big.', ctx.resource) };
  if (/^[0-9a-f]{64}$/.test(ctx.payloadHash) && createHash('sha256').update(body).digest('hex') !== ctx.payloadHash)
    return {
      reply: errorXml(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
        ctx.resource,
      ),
    };
  const md5 = header(ctx.call, 'content-md5');
  if (md5 && md5 !== createHash('md5').update(body).digest('base64'))
    return {
      reply: errorXml(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.', ctx.resource),
    };
  return { body };
}

export function source(ctx: Ctx): StoredObject | SandboxReply {
  let src = header(ctx.call, 'x-amz-copy-source') ?? '';
  src = safeDecode(src.split('?')[0]).replace(/^\//, '');
  const slash = src.indexOf('/');
  if (slash <= 0)
    return errorXml(
      400,
      'InvalidArgument',
      'Copy Source must mention the source bucket and key: sourcebucket/sourcekey',
      ctx.resource,
    );
  const sb = ctx.store.bucket(ctx.region, src.slice(0, slash));
  if (!sb)
    return errorXml(404, 'NoSuchBucket', 'The specified bucket does not exist.', ctx.resource, {
      BucketName: src.slice(0, slash),
    });
  const o = sb.objects.get(src.slice(slash + 1));
  if (!o)
    return errorXml(404, 'NoSuchKey', 'The specified key does not exist.', ctx.resource, { Key: src.slice(slash + 1) });
  const ifMatch = header(ctx.call, 'x-amz-copy-source-if-match');
  if (ifMatch && ifMatch.replace(/"/g, '') !== o.etag.replace(/"/g, ''))
    return errorXml(
      412,
      'PreconditionFailed',
      'At least one of the pre-conditions you specified did not hold',
      ctx.resource,
      {
        Condition: 'x-amz-copy-source-If-Match',
      },
    );
  return o;
}
