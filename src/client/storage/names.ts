// Bucket names and object keys: the S3 naming rules checked before anything is sent, and the
// path encoding that SigV4 and every server agree on.
import { ValidationError, type BucketNameProblem } from '../errors';

/** The English of each naming rule, for the log (a person reads them through errorText or the prompts). */
export const BUCKET_NAME_RULES: Record<BucketNameProblem, string> = {
  length: 'must be 3 to 63 characters long',
  characters: 'may contain only lower-case letters, digits, dots and hyphens',
  ends: 'must begin and end with a letter or digit',
  twoDots: 'must not contain two dots in a row',
  ipAddress: 'must not look like an IP address',
};

/** The S3 naming rules a bucket name breaks (the live service, as observed: 3-63 chars, a-z 0-9 . -). */
export function bucketNameProblems(name: string): BucketNameProblem[] {
  const out: BucketNameProblem[] = [];
  if (name.length < 3 || name.length > 63) out.push('length');
  if (!/^[a-z0-9.-]*$/.test(name)) out.push('characters');
  if (!/^[a-z0-9]/.test(name) || !/[a-z0-9]$/.test(name)) out.push('ends');
  if (name.includes('..')) out.push('twoDots');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) out.push('ipAddress');
  return out;
}

export function checkBucketName(operation: string, name: string): void {
  const problems = bucketNameProblems(name);
  if (problems.length) {
    throw new ValidationError(operation, [
      {
        path: 'bucket',
        message: `"${name}" is not a valid bucket name: it ${problems.map((p) => BUCKET_NAME_RULES[p]).join(', ')}`,
        rule: { id: 'bucketName', name, problems },
      },
    ]);
  }
}

export function checkKey(operation: string, key: string, field = 'key'): void {
  if (!key)
    throw new ValidationError(operation, [
      { path: field, message: 'the object key is empty', rule: { id: 'keyEmpty' } },
    ]);
  if (Buffer.byteLength(key) > 1024)
    throw new ValidationError(operation, [
      {
        path: field,
        message: 'the object key is longer than 1024 bytes (UTF-8)',
        rule: { id: 'keyTooLong', key },
      },
    ]);
}

/**
 * RFC 3986 encoding of one path segment or query component: everything but A-Z a-z 0-9 - . _ ~.
 * This is exactly the form SigV4 canonicalises to, so the path sent and the path signed agree
 * byte for byte (aws4 decodes each segment and re-encodes it this way; `+` must be sent as
 * `%2B`, or aws4 would read it as a space).
 */
export const encodeRfc3986 = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `key` as a path: each `/`-separated segment encoded, slashes kept. */
export const encodeKey = (key: string): string => key.split('/').map(encodeRfc3986).join('/');

/** `bucket/key` as the value of x-amz-copy-source. */
export const copySource = (bucket: string, key: string): string => `/${bucket}/${encodeKey(key)}`;
