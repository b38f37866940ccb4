// The S3 client's plumbing: Signature V4 signing through aws4 (service `s3`, path-style), sending,
// reading XML answers, S3 error XML mapped to the extension's error types, and the one-time
// correction of the signing region that the major S3 SDKs also do. S3Client (client.ts) adds
// one method per row of STORAGE_OPERATIONS on top of it.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import aws4 from 'aws4';
import { DEFAULT_SIGNING_REGION } from '../endpoints';
import { ApiError, AuthError, CancelledError, CLIENT_CODES, isApiError } from '../errors';
import { ListingGuard, MAX_LISTED_SETTING } from '../listing';
import { sleep, type TransportResponse } from '../http/transport';
import { checkBucketName, checkKey, encodeKey, encodeRfc3986 } from './names';
import { STORAGE_OPERATION_BY_NAME, type StorageOperationName } from './operations';
import type { S3Body, S3ClientOptions, SendInput } from './types';
import {
  DEFAULT_REQUEST_LIMIT_POLICY,
  isRequestLimit,
  requestLimitDelay,
  retryAfterMs,
  type RequestLimitEvent,
  type RequestLimitPolicy,
} from './requestLimit';
import { MAX_XML_BYTES, parseXml, text, type XmlNode } from './xml';

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** An object's bytes: the deadline grows with the bytes moved (TransportRequest.transfer). */
const TRANSFERS: ReadonlySet<StorageOperationName> = new Set(['getObject', 'putObject', 'uploadPart']);
/**
 * Work the server does before it answers: a copy of up to 5 GiB, the assembly of up to 10,000
 * parts. S3 servers keep such a connection alive with spaces while they work; these calls get
 * this deadline instead of the default 2 minutes.
 */
export const SERVER_WORK_DEADLINE_MS = 30 * 60_000;
const SERVER_WORK: ReadonlySet<StorageOperationName> = new Set([
  'copyObject',
  'uploadPartCopy',
  'completeMultipartUpload',
]);

export class S3Requests {
  private signingRegion: string;
  private readonly base: URL;
  private readonly basePath: string;
  private readonly opts: S3ClientOptions;
  private readonly limitPolicy: RequestLimitPolicy;
  private readonly limitWatchers = new Set<(e: RequestLimitEvent) => void>();

  constructor(opts: S3ClientOptions) {
    this.opts = opts;
    this.limitPolicy = { ...DEFAULT_REQUEST_LIMIT_POLICY, ...opts.requestLimit };
    this.base = new URL(opts.baseUrl);
    this.basePath = this.base.pathname.replace(/\/+$/, '');
    this.signingRegion = opts.signingRegion?.trim() || DEFAULT_SIGNING_REGION;
    opts.transport.redactor.addSecret(opts.secretKey);
  }

  /** The signing region in use (after any correction by the server). */
  get region(): string {
    return this.signingRegion;
  }

  // ---------------------------------------------------------------- plumbing

  /**
   * The bounds of one listing of every page (src/client/listing.ts): markers that advance, and
   * the ceiling of entries (the client's `maxListed`, else `max`) with the setting that raises it.
   */
  protected listingGuard(operation: string, first?: string, max?: number): ListingGuard {
    const own = typeof this.opts.maxListed === 'function' ? this.opts.maxListed() : this.opts.maxListed;
    return new ListingGuard('storage', operation, { maxListed: max ?? own, setting: MAX_LISTED_SETTING }, first);
  }

  protected check(operation: string, bucket: string, key: string): void {
    checkBucketName(operation, bucket);
    checkKey(operation, key);
  }

  /** Sends and parses an XML answer; a 200 carrying <Error> is an error too. */
  protected async xml(name: StorageOperationName, input: SendInput): Promise<XmlNode> {
    const res = await this.send(name, input);
    let body: string;
    try {
      body = await readCapped(res, MAX_XML_BYTES, this.protocolError.bind(this, name));
    } catch (err) {
      if (isApiError(err)) throw err;
      if (input.signal?.aborted) throw new CancelledError();
      // The headers came, then the connection broke: say so, as the transport does for JSON answers.
      throw new ApiError({
        service: 'storage',
        operation: `storage.${name}`,
        message: `The connection broke while reading the answer of storage.${name}. Check the network, the proxy settings (http.proxy) and the endpoint in the profile, then try again.`,
        code: (err as { code?: string }).code ?? CLIENT_CODES.connectionFailed,
        retryable: true,
        cause: err,
      });
    }
    let x: XmlNode;
    try {
      x = parseXml(body);
    } catch (err) {
      throw this.protocolError(name, `the answer is not valid XML (${(err as Error).message})`);
    }
    if (x.Error) throw this.errorFrom(name, res.status, x, input);
    return x;
  }

  protected protocolError(name: string, what: string): ApiError {
    return new ApiError({
      service: 'storage',
      operation: `storage.${name}`,
      code: 'UnexpectedAnswer',
      message: `Object storage answered ${name} in an unexpected way: ${what}.`,
      retryable: true,
    });
  }

  /**
   * Calls `watcher` before each wait at the storage account's request limit (a transfer shows
   * "retrying" in its progress); the returned function stops that.
   */
  watchRequestLimit(watcher: (e: RequestLimitEvent) => void): () => void {
    this.limitWatchers.add(watcher);
    return () => this.limitWatchers.delete(watcher);
  }

  /**
   * Signs and sends one request; corrects the signing region once if the server names another
   * one; at the account's request limit (429, SlowDown) waits and sends it again (requestLimit.ts).
   */
  protected async send(name: StorageOperationName, input: SendInput): Promise<TransportResponse> {
    const op = STORAGE_OPERATION_BY_NAME[name];
    let corrected = false;
    let limited = 0;
    let waitedMs = 0;
    for (;;) {
      if (input.signal?.aborted) throw new CancelledError();
      const res = await this.sendOnce(name, input);
      const ok = input.ok ?? ((s: number) => s >= 200 && s < 300);
      if (ok(res.status)) return res;
      const raw = op.method === 'HEAD' ? '' : await readCapped(res, 64 * 1024, () => undefined).catch(() => '');
      let x: XmlNode | undefined;
      try {
        x = raw ? parseXml(raw) : undefined;
      } catch {
        x = undefined;
      }
      let code = x ? text(x.Error, 'Code') : undefined;
      if (isRequestLimit(res.status, code)) {
        if (op.method === 'HEAD') await res.body.dump().catch(() => undefined);
        const again = replayable(input.body);
        const delay = again
          ? requestLimitDelay(this.limitPolicy, ++limited, waitedMs, retryAfterMs(res.headers['retry-after']))
          : undefined;
        if (delay === undefined) throw this.requestLimitError(op.id, res.status, code, again ? waitedMs : undefined);
        this.opts.transport.logger.warn(
          `${op.id}: object storage is at its request limit (HTTP ${res.status}${code ? ` ${code}` : ''}); retry ${limited} in ${delay} ms`,
        );
        for (const w of this.limitWatchers) w({ operation: op.id, status: res.status, delayMs: delay, waitedMs });
        await sleep(delay, input.signal);
        waitedMs += delay;
        continue;
      }
      let expected = x ? expectedRegion(x) : undefined;
      if (!corrected && op.method === 'HEAD' && res.status === 400) {
        // HEAD answers carry no body, so a wrong region cannot be read from them: ask the
        // same question with a GET of the bucket list, whose error body names the region.
        const probe = await this.sendOnce('listBuckets', { signal: input.signal });
        const body = await readCapped(probe, 64 * 1024, () => undefined).catch(() => '');
        try {
          const px = parseXml(body);
          if (text(px.Error, 'Code') === 'AuthorizationHeaderMalformed')
            [code, expected] = ['AuthorizationHeaderMalformed', expectedRegion(px)];
        } catch {
          /* not XML: keep the HEAD's own status */
        }
      }
      if (
        !corrected &&
        code === 'AuthorizationHeaderMalformed' &&
        expected &&
        expected !== this.signingRegion &&
        replayable(input.body)
      ) {
        this.opts.transport.logger.warn(
          `storage: signing region '${this.signingRegion}' rejected; the service expects '${expected}'. Using it from now on.`,
        );
        this.signingRegion = expected;
        corrected = true;
        this.opts.onSigningRegionCorrected?.(expected);
        continue;
      }
      throw this.errorFrom(name, res.status, x, input, raw);
    }
  }

  /** The request gave up at the limit: after `waitedMs` of waits, or (undefined) at once, its body being a one-time stream. */
  private requestLimitError(
    operation: string,
    status: number,
    code: string | undefined,
    waitedMs: number | undefined,
  ): ApiError {
    const limit = `${operation}: object storage is at the request limit of the storage account (HTTP ${status}${code ? ` ${code}` : ''}; 500 writes per second)`;
    return new ApiError({
      service: 'storage',
      operation,
      status,
      code: 'RequestLimit',
      retryable: true,
      message:
        waitedMs === undefined
          ? `${limit}, and this request cannot be sent twice. Wait a minute and run it again.`
          : `${limit} and still was after ${Math.round(waitedMs / 1000)} s of retrying. Wait a minute and run it again; what finished before is kept.`,
    });
  }

  private async sendOnce(name: StorageOperationName, input: SendInput): Promise<TransportResponse> {
    const op = STORAGE_OPERATION_BY_NAME[name];
    let path = this.basePath + '/';
    if (input.bucket) path += input.bucket;
    if (input.key !== undefined) path += '/' + encodeKey(input.key);
    const query = Object.entries(input.query ?? {})
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]) => `${encodeRfc3986(k)}=${encodeRfc3986(String(v))}`)
      .sort()
      .join('&');
    const fullPath = query ? `${path}?${query}` : path;

    const headers: Record<string, string> = { ...input.headers };
    let body: string | Uint8Array | Readable | undefined;
    const b = input.body;
    if (b === undefined) {
      headers['x-amz-content-sha256'] = EMPTY_SHA256;
    } else if (typeof b === 'string' || b instanceof Uint8Array) {
      // Small XML bodies: sign the real hash, so a changed body fails the signature.
      headers['x-amz-content-sha256'] = createHash('sha256').update(b).digest('hex');
      headers['content-length'] = String(Buffer.byteLength(b));
      body = b;
    } else {
      // Streamed bodies are signed UNSIGNED-PAYLOAD: a real hash would mean reading the whole
      // file (or part) once before sending it, doubling the disk reads and CPU of every upload.
      // TLS protects the bytes in transit; ETags (MD5) are checked after upload where offered.
      headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      headers['content-length'] = String(b.size);
      body = b.stream();
    }
    const signed = aws4.sign(
      { host: this.base.host, path: fullPath, method: op.method, service: 's3', region: this.signingRegion, headers },
      { accessKeyId: this.opts.accessKey, secretAccessKey: this.opts.secretKey },
    );
    const sentHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(signed.headers ?? {}))
      if (v !== undefined) sentHeaders[k.toLowerCase()] = String(v);
    return this.opts.transport.request({
      service: 'storage',
      operation: op.id,
      method: op.method,
      url: `${this.base.origin}${fullPath}`,
      headers: sentHeaders,
      body,
      idempotent: op.method !== 'POST',
      // 429 is waited out in send(), by the request-limit policy (as is a 503 SlowDown, once
      // the transport's two short retries of a 5xx did not help).
      retryStatus: (status) => status >= 500,
      signal: input.signal,
      bodyTimeoutMs: input.bodyTimeoutMs,
      bodyHighWaterMark: input.bodyHighWaterMark,
      directBody: input.directBody,
      transfer: TRANSFERS.has(name),
      ...(SERVER_WORK.has(name) ? { deadlineMs: SERVER_WORK_DEADLINE_MS } : {}),
      rawPath: true,
    });
  }

  private errorFrom(
    name: StorageOperationName,
    status: number,
    x: XmlNode | undefined,
    input: SendInput,
    raw = '',
  ): Error {
    const op = STORAGE_OPERATION_BY_NAME[name];
    const err = x?.Error;
    let code = text(err, 'Code');
    const serverMessage = text(err, 'Message');
    if (!code) {
      // HEAD answers have no body; other non-XML answers (proxies, injected faults) neither.
      if (status === 404) code = input.key !== undefined && name !== 'headBucket' ? 'NoSuchKey' : 'NoSuchBucket';
      else if (status === 403) code = 'AccessDenied';
    }
    const where =
      input.key !== undefined
        ? `"${input.key}" in bucket "${input.bucket}"`
        : input.bucket
          ? `bucket "${input.bucket}"`
          : 'the account';
    const api = (message: string, retryable = status >= 500 || status === 429 || code === 'SlowDown') =>
      new ApiError({
        service: 'storage',
        operation: op.id,
        code: code ?? status,
        status,
        message,
        retryable,
        detail: serverMessage,
      });
    const auth = (reason: 'unauthenticated' | 'forbidden', message: string) =>
      new AuthError({ service: 'storage', operation: op.id, reason, message, code: code ?? status, status });
    switch (code) {
      case 'SignatureDoesNotMatch':
        return auth('unauthenticated', 'The S3 signature does not match: check the S3 secret key of the profile.');
      case 'InvalidAccessKeyId':
        return auth(
          'unauthenticated',
          'The S3 access key is not known to object storage: check the access key of the profile, or issue a new EC2 credential.',
        );
      case 'AccessDenied':
        return auth(
          'forbidden',
          `Access to ${where} was denied: the credential lacks the permission (check the bucket ACL or the project role).`,
        );
      case 'AuthorizationHeaderMalformed': {
        const expected = x ? expectedRegion(x) : undefined;
        return auth(
          'unauthenticated',
          expected
            ? `Object storage expects the signing region '${expected}', not '${this.signingRegion}': set it in the profile's signing regions.`
            : `Object storage rejected the authorization header${serverMessage ? ` (${serverMessage})` : ''}: check the signing region in the profile.`,
        );
      }
      case 'RequestTimeTooSkewed':
        return auth(
          'unauthenticated',
          "Object storage rejected the request time: this computer's clock is off by more than 15 minutes. Correct the clock and try again.",
        );
      case 'NoSuchBucket':
        return api(`The bucket "${input.bucket}" does not exist in this region.`);
      case 'NoSuchKey':
        return api(`The object "${input.key}" does not exist in bucket "${input.bucket}".`);
      case 'BucketNotEmpty':
        return api(`Cannot delete bucket "${input.bucket}": the bucket is not empty: delete its objects first.`);
      case 'BucketAlreadyExists':
        return api(
          `The bucket name "${input.bucket}" is already taken (bucket names are shared by all accounts): choose another name.`,
        );
      case 'BucketAlreadyOwnedByYou':
        return api(`You already own a bucket named "${input.bucket}".`);
      case 'InvalidBucketName':
        return api(`"${input.bucket}" is not a valid bucket name.`);
      case 'EntityTooSmall':
        return api('A multipart upload part other than the last is smaller than 5 MiB: use larger parts.');
      case 'EntityTooLarge':
        return api('The object is too large for a single upload (over 5 GB): upload it in parts.');
      case 'InvalidPart':
        return api(
          'A part listed to complete the multipart upload was not found, or its ETag does not match: upload the part again.',
        );
      case 'InvalidPartOrder':
        return api('The parts to complete the multipart upload are not in ascending order.');
      case 'NoSuchUpload':
        return api(
          'The multipart upload does not exist any more (it was completed or aborted): start the upload again.',
        );
      case 'InvalidRange':
        return api(`The requested range is outside object "${input.key}".`);
      case 'MalformedXML':
        return api(
          `Object storage could not read the request body of ${name}${serverMessage ? `: ${serverMessage}` : ''}.`,
        );
      case 'SlowDown':
        return api('Object storage asks to slow down (too many requests): try again in a moment.', true);
      case 'NotImplemented':
        return api(`This object storage does not offer ${name}.`);
      default: {
        const detail = code
          ? `${code}${serverMessage ? `: ${serverMessage}` : ''}`
          : raw.trim().slice(0, 200) || 'no details';
        return api(`Object storage refused ${name} for ${where} (HTTP ${status}, ${detail}).`);
      }
    }
  }
}

/** The region a "wrong region" error names: the <Region> element or the message text. */
function expectedRegion(x: XmlNode): string | undefined {
  const region = text(x.Error, 'Region')?.trim();
  if (region) return region;
  const m = /expecting '([^']+)'/i.exec(text(x.Error, 'Message') ?? '');
  return m?.[1];
}

const replayable = (b: S3Body | undefined): boolean =>
  b === undefined || typeof b === 'string' || b instanceof Uint8Array || typeof b.stream === 'function';

/** Reads a text answer, refusing more than `max` bytes (hostile or broken servers). */
async function readCapped(
  res: TransportResponse,
  max: number,
  onTooLarge: (what: string) => Error | undefined,
): Promise<string> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    res.body.destroy();
    throw onTooLarge(`the answer is larger than ${max} bytes`) ?? new Error('answer too large');
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of res.body as AsyncIterable<Buffer>) {
    total += c.length;
    if (total > max) {
      res.body.destroy();
      throw onTooLarge(`the answer is larger than ${max} bytes`) ?? new Error('answer too large');
    }
    chunks.push(c);
  }
  return Buffer.concat(chunks).toString('utf8');
}
