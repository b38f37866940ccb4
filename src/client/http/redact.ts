// Masks secrets before anything is written to a log (CONTRIBUTING.md, convention 6).
// Three layers: every secret value the extension knows of (registered as profiles load), the
// names of headers and body fields that carry secrets whatever their value, and the passwords
// SQL text carries (../redactSql.ts: the same function masks the query history and the server's
// error text).
import { redactSql } from '../redactSql';

export const MASK = '***';

/**
 * Headers whose value is always a secret, by what their name says, whatever its case and
 * whatever the service: Authorization, Proxy-Authorization, X-NHN-AUTHORIZATION (RDS API v4.0),
 * X-TC-AUTHENTICATION-ID / -SECRET, X-TC-APP-KEY, X-Auth-Token, X-Subject-Token,
 * X-Amz-Security-Token, Cookie, Set-Cookie, an X-Api-Key, a header with "password" or
 * "credential" in its name. A header added later is masked the day it is sent, not the day
 * someone remembers to list it.
 */
export const SECRET_HEADER_NAME =
  /authori[sz]ation|authentication|token|secret|password|credential|cookie|(?:api|app)-?key/i;

/** JSON fields whose value is always a secret, wherever they appear in a body. Case-insensitive. */
export const SECRET_FIELDS = new Set([
  'password',
  'dbpassword',
  'secret',
  'secretaccesskey',
  'secretkey',
  'apppassword',
  'apikey',
  'appkey',
  'access',
  'token',
  'id_token',
]);

/** Query parameters of presigned S3 URLs that would let a reader replay the request. */
const SECRET_QUERY =
  /([?&](?:X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token|Signature|AWSAccessKeyId)=)[^&\s"']*/gi;

export class Redactor {
  private readonly values = new Set<string>();
  private pattern: RegExp | undefined;

  /** Registers values that must never be written anywhere (keys, passwords, tokens). Short values are ignored. */
  addSecret(...secrets: Array<string | undefined | null>): void {
    // Stryker disable next-line BooleanLiteral: rebuilding the pattern when nothing changed costs time, not masking
    let changed = false;
    for (const s of secrets) {
      if (typeof s === 'string' && s.length >= 4 && !this.values.has(s)) {
        this.values.add(s);
        changed = true;
      }
    }
    // Stryker disable next-line ConditionalExpression: as above
    if (changed) this.pattern = undefined;
  }

  removeSecret(...secrets: Array<string | undefined | null>): void {
    // Stryker disable next-line ConditionalExpression: deleting undefined or '' from the set is a no-op anyway
    for (const s of secrets) if (s) this.values.delete(s);
    this.pattern = undefined;
  }

  /** Masks every known secret value, every presigned-URL signature and every SQL password in free text. */
  text(input: string): string {
    let out = redactSql(input.replace(SECRET_QUERY, `$1${MASK}`));
    if (this.values.size === 0) return out;
    this.pattern ??= new RegExp(
      [...this.values]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'g',
    );
    out = out.replace(this.pattern, MASK);
    return out;
  }

  /** Copies headers with secret headers masked (and known values masked in the rest). */
  headers(headers: Record<string, unknown> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers ?? {})) {
      if (v === undefined) continue;
      out[k] = SECRET_HEADER_NAME.test(k) ? MASK : this.text(Array.isArray(v) ? v.join(', ') : String(v));
    }
    return out;
  }

  /** Deep-copies a JSON value with secret fields masked and known values masked in strings. */
  json(value: unknown, depth = 0): unknown {
    if (depth > 32) return MASK;
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.json(v, depth + 1));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        out[k] = SECRET_FIELDS.has(k.toLowerCase()) && v !== null && v !== undefined ? MASK : this.json(v, depth + 1);
      }
      return out;
    }
    return value;
  }

  /** A request or response body as loggable text: JSON is parsed and masked field by field. */
  body(body: string | undefined, maxChars = 4000): string {
    if (!body) return '';
    let text: string;
    try {
      text = JSON.stringify(this.json(JSON.parse(body)));
    } catch {
      text = this.text(body);
    }
    return text.length > maxChars ? `${text.slice(0, maxChars)}… (${text.length} chars)` : text;
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The logger the client layer writes to; the extension backs it with its LogOutputChannel. */
export interface Logger {
  /**
   * Whether lines of this level are kept; callers check it before building a costly line (a
   * redacted response body of 1,000 instances is half a megabyte). Absent: every level is.
   */
  enabled?(level: 'trace' | 'debug'): boolean;
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
