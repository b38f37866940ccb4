// Signature Version 4 verification for the sandbox's S3 service. The signature is recomputed
// from the request as sent (the raw path, prefix included, exactly as it arrived), so any
// change after signing (path, query, a signed header, the declared payload hash) fails.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface SigV4Request {
  method: string;
  /** The request target as sent: raw path and raw query (`req.url`). */
  url: string;
  headers: IncomingHttpHeaders;
}

export type SigV4Outcome =
  | { ok: true; access: string; payloadHash: string }
  | { ok: false; status: number; code: string; message: string; region?: string };

/** Largest accepted difference between the request time and the server clock. */
const MAX_SKEW_MS = 15 * 60_000;

const AUTH = /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;._-]+),\s*Signature=([0-9a-f]{64})\s*$/;

export function verifySigV4(
  req: SigV4Request,
  opts: { expectedRegion: string; findSecret: (access: string) => string | undefined; now?: number },
): SigV4Outcome {
  const header = headerValue(req.headers, 'authorization');
  if (!header) return { ok: false, status: 403, code: 'AccessDenied', message: 'Anonymous access is not allowed: sign the request (Signature Version 4).' };
  const m = AUTH.exec(header);
  if (!m) {
    return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed; expected AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...' };
  }
  const [, access, date, region, service, signedList, signature] = m;
  const secret = opts.findSecret(access);
  if (secret === undefined) return { ok: false, status: 403, code: 'InvalidAccessKeyId', message: 'The access key ID you provided does not exist in our records.' };
  if (region !== opts.expectedRegion) {
    return {
      ok: false,
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: `The authorization header is malformed; the region '${region}' is wrong; expecting '${opts.expectedRegion}'`,
      region: opts.expectedRegion,
    };
  }
  if (service !== 's3') return { ok: false, status: 400, code: 'AuthorizationHeaderMalformed', message: `The authorization header is malformed; the service '${service}' is wrong; expecting 's3'` };

  const amzDate = headerValue(req.headers, 'x-amz-date');
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate)) return { ok: false, status: 403, code: 'AccessDenied', message: 'The request has no valid x-amz-date header.' };
  if (amzDate.slice(0, 8) !== date) return { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: 'The credential date does not match x-amz-date.' };
  const when = Date.UTC(+amzDate.slice(0, 4), +amzDate.slice(4, 6) - 1, +amzDate.slice(6, 8), +amzDate.slice(9, 11), +amzDate.slice(11, 13), +amzDate.slice(13, 15));
  if (Math.abs((opts.now ?? Date.now()) - when) > MAX_SKEW_MS)
    return { ok: false, status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };

  const payloadHash = headerValue(req.headers, 'x-amz-content-sha256');
  if (!payloadHash) return { ok: false, status: 400, code: 'InvalidRequest', message: 'Missing required header for this request: x-amz-content-sha256' };
  const signed = signedList.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
    if (!signed.includes(required)) return { ok: false, status: 403, code: 'AccessDenied', message: `The header ${required} must be signed.` };

  const q = req.url.indexOf('?');
  const rawPath = q < 0 ? req.url : req.url.slice(0, q);
  const rawQuery = q < 0 ? '' : req.url.slice(q + 1);
  const canonicalHeaders = signed.map((h) => `${h}:${(headerValue(req.headers, h) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, rawPath || '/', canonicalQuery(rawQuery), canonicalHeaders, signedList, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${secret}`, date);
  key = hmac(key, region);
  key = hmac(key, service);
  key = hmac(key, 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.' };
  }
  return { ok: true, access, payloadHash };
}

/** SigV4 canonical query: each name and value decoded, RFC 3986 encoded, sorted by name then value. */
export function canonicalQuery(raw: string): string {
  if (!raw) return '';
  const pairs = raw
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const i = p.indexOf('=');
      const k = i < 0 ? p : p.slice(0, i);
      const v = i < 0 ? '' : p.slice(i + 1);
      return [enc(dec(k)), enc(dec(v))] as const;
    });
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

function dec(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

const enc = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function headerValue(h: IncomingHttpHeaders, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v.join(',') : v;
}

const sha256hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
