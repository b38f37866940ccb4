// Signature Version 4 verification for the sandbox's S3 service. The signature is recomputed
// from the request as sent (the raw path, prefix included, exactly as it arrived), so any
// change after signing (path, query, a signed header, the declared payload hash) fails. Presigned
// URLs (query-string authentication, UNSIGNED-PAYLOAD, X-Amz-Expires) are accepted as Swift's
// s3api accepts them: a plain HTTP GET of one works until it expires.
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

const AUTH =
  /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;._-]+),\s*Signature=([0-9a-f]{64})\s*$/;

/** Longest validity of a presigned URL (seven days), as S3 and Swift's s3api allow. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/** What the signature covers, read from the Authorization header or from a presigned URL's query. */
interface Credentials {
  access: string;
  date: string;
  region: string;
  service: string;
  signedList: string;
  signature: string;
  amzDate?: string;
  payloadHash?: string;
  /** Presigned: seconds the URL stays valid after amzDate. */
  expires?: number;
}

type Refusal = Extract<SigV4Outcome, { ok: false }>;

function fromHeader(header: string, headers: IncomingHttpHeaders): Credentials | Refusal {
  const m = AUTH.exec(header);
  if (!m) {
    return {
      ok: false,
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message:
        'The authorization header is malformed; expected AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=...',
    };
  }
  const [, access, date, region, service, signedList, signature] = m;
  return {
    access,
    date,
    region,
    service,
    signedList,
    signature,
    amzDate: headerValue(headers, 'x-amz-date'),
    payloadHash: headerValue(headers, 'x-amz-content-sha256'),
  };
}

/** A presigned URL (query-string authentication): what Swift's s3api accepts for a plain HTTP GET. */
function fromQuery(query: URLSearchParams): Credentials | Refusal {
  const bad = (message: string): Refusal => ({
    ok: false,
    status: 400,
    code: 'AuthorizationQueryParametersError',
    message,
  });
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    return bad('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const credential = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/.exec(query.get('X-Amz-Credential') ?? '');
  if (!credential)
    return bad(
      'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
    );
  const signedList = query.get('X-Amz-SignedHeaders') ?? '';
  const signature = query.get('X-Amz-Signature') ?? '';
  if (!/^[a-z0-9;._-]+$/.test(signedList) || !/^[0-9a-f]{64}$/.test(signature))
    return bad('Query-string authentication requires the X-Amz-SignedHeaders and X-Amz-Signature parameters.');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS)
    return bad(`X-Amz-Expires must be a whole number of seconds from 1 to ${MAX_PRESIGN_SECONDS}.`);
  const [, access, date, region, service] = credential;
  return {
    access,
    date,
    region,
    service,
    signedList,
    signature,
    amzDate: query.get('X-Amz-Date') ?? undefined,
    payloadHash: 'UNSIGNED-PAYLOAD',
    expires,
  };
}

export function verifySigV4(
  req: SigV4Request,
  opts: { expectedRegion: string; findSecret: (access: string) => string | undefined; now?: number },
): SigV4Outcome {
  const q = req.url.indexOf('?');
  const rawPath = q < 0 ? req.url : req.url.slice(0, q);
  const rawQuery = q < 0 ? '' : req.url.slice(q + 1);
  const query = new URLSearchParams(rawQuery);
  const header = headerValue(req.headers, 'authorization');
  const presigned = !header && query.has('X-Amz-Signature');
  if (!header && !presigned)
    return {
      ok: false,
      status: 403,
      code: 'AccessDenied',
      message: 'Anonymous access is not allowed: sign the request (Signature Version 4).',
    };
  const c = presigned ? fromQuery(query) : fromHeader(header ?? '', req.headers);
  if ('ok' in c) return c;
  const { access, date, region, service, signedList, signature, amzDate, payloadHash } = c;
  const secret = opts.findSecret(access);
  if (secret === undefined)
    return {
      ok: false,
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The access key ID you provided does not exist in our records.',
    };
  if (region !== opts.expectedRegion) {
    return {
      ok: false,
      status: 400,
      code: presigned ? 'AuthorizationQueryParametersError' : 'AuthorizationHeaderMalformed',
      message: `The ${presigned ? 'credential' : 'authorization header'} is malformed; the region '${region}' is wrong; expecting '${opts.expectedRegion}'`,
      region: opts.expectedRegion,
    };
  }
  if (service !== 's3')
    return {
      ok: false,
      status: 400,
      code: 'AuthorizationHeaderMalformed',
      message: `The authorization header is malformed; the service '${service}' is wrong; expecting 's3'`,
    };

  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate))
    return { ok: false, status: 403, code: 'AccessDenied', message: 'The request has no valid x-amz-date header.' };
  if (amzDate.slice(0, 8) !== date)
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The credential date does not match x-amz-date.',
    };
  const when = Date.UTC(
    +amzDate.slice(0, 4),
    +amzDate.slice(4, 6) - 1,
    +amzDate.slice(6, 8),
    +amzDate.slice(9, 11),
    +amzDate.slice(11, 13),
    +amzDate.slice(13, 15),
  );
  const now = opts.now ?? Date.now();
  if (c.expires !== undefined) {
    // A presigned URL: valid from its date for its expiry (a URL made a while ago is the point).
    if (now > when + c.expires * 1000)
      return { ok: false, status: 403, code: 'AccessDenied', message: 'Request has expired' };
    if (when - now > MAX_SKEW_MS)
      return { ok: false, status: 403, code: 'AccessDenied', message: 'Request is not valid yet' };
  } else if (Math.abs(now - when) > MAX_SKEW_MS)
    return {
      ok: false,
      status: 403,
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and the current time is too large.',
    };

  if (!payloadHash)
    return {
      ok: false,
      status: 400,
      code: 'InvalidRequest',
      message: 'Missing required header for this request: x-amz-content-sha256',
    };
  const signed = signedList.split(';');
  for (const required of presigned ? ['host'] : ['host', 'x-amz-date', 'x-amz-content-sha256'])
    if (!signed.includes(required))
      return { ok: false, status: 403, code: 'AccessDenied', message: `The header ${required} must be signed.` };

  const canonicalHeaders = signed
    .map((h) => `${h}:${(headerValue(req.headers, h) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  // A presigned URL signs its query without the signature itself.
  const signedQuery = presigned
    ? rawQuery
        .split('&')
        .filter((p) => !p.startsWith('X-Amz-Signature='))
        .join('&')
    : rawQuery;
  const canonical = [
    req.method,
    rawPath || '/',
    canonicalQuery(signedQuery),
    canonicalHeaders,
    signedList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${secret}`, date);
  key = hmac(key, region);
  key = hmac(key, service);
  key = hmac(key, 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
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

const enc = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function headerValue(h: IncomingHttpHeaders, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v.join(',') : v;
}

const sha256hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
