// Small helpers shared by the RDS sandbox: deterministic ids, the service's date format,
// the answer envelope and the sandbox's own result codes.
import type { SandboxReply } from '../server';

/**
 * Result codes the sandbox answers with besides the documented 80401/80403 and -1.
 * The live service's codes for these conditions are not documented; these are the sandbox's.
 */
export const RESULT = {
  /** The body is not JSON. */
  MALFORMED_BODY: 40000,
  /** A query or body field breaks a documented rule (message names the field). */
  INVALID_FIELD: 40001,
  /** The resource named in the path or body does not exist in this region. */
  NOT_FOUND: 40400,
  /** The resource is not in a state that allows the operation (message says which state is needed). */
  CONFLICT: 40900,
  /** Deletion protection is on. */
  DELETION_PROTECTED: 40901,
  /** The resource is still in use (security group, parameter group, master with replicas). */
  IN_USE: 40902,
  /** Service not enabled in this project/region (as seen live). */
  NOT_ENABLED: 4005,
  UNAUTHORIZED: 80401,
  FORBIDDEN: 80403,
} as const;

/** A failure answered with `header.isSuccessful: false`; thrown by handlers. */
export class RdsFault extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string, id: string): RdsFault =>
  new RdsFault(RESULT.NOT_FOUND, `${what} ${id} was not found in this region.`);
export const conflict = (message: string): RdsFault => new RdsFault(RESULT.CONFLICT, message);
export const invalid = (field: string, message: string): RdsFault =>
  new RdsFault(RESULT.INVALID_FIELD, `${field}: ${message}`);

export function envelope(payload: Record<string, unknown> = {}): SandboxReply {
  return {
    status: 200,
    headers: { 'content-type': 'application/json;charset=UTF-8' },
    body: JSON.stringify({ header: { resultCode: 0, resultMessage: 'SUCCESS', isSuccessful: true }, ...payload }),
  };
}

export function failure(code: number, message: string): SandboxReply {
  return {
    status: 200,
    headers: { 'content-type': 'application/json;charset=UTF-8' },
    body: JSON.stringify({ header: { resultCode: code, resultMessage: message, isSuccessful: false } }),
  };
}

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Version-4-shaped UUIDs from a generator, so seeds give the same ids every run. */
export function uuidFrom(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 3) | 8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** 32-bit FNV-1a, for values derived from ids (metrics, sizes). */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const KST_OFFSET_MS = 9 * 3600_000;
/** `YYYY-MM-DDThh:mm:ss.SSS+09:00`, the form the live service answers with. */
export function ymdt(ms: number): string {
  return new Date(ms + KST_OFFSET_MS).toISOString().replace('Z', '+09:00');
}

export function parseYmdt(text: string): number | undefined {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

export function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

/** A partial update: copies each of `keys` that `source` sets onto `target`, leaving the rest. */
export function assignDefined<T extends object, K extends keyof T>(
  target: T,
  source: { [P in K]?: T[P] },
  keys: readonly K[],
): void {
  for (const k of keys) {
    const v = source[k];
    if (v !== undefined) target[k] = v;
  }
}

/** A control route's JSON body as fields (anything but an object reads as no field). */
export function controlFields(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' ? Object.fromEntries(Object.entries(body)) : {};
}

/** `value` if it is one of `values`, else the service's 400 naming the field and the values. */
export function oneOf<const T extends readonly string[]>(field: string, value: string, values: T): T[number];
export function oneOf<const T extends readonly string[]>(
  field: string,
  value: string | undefined,
  values: T,
): T[number] | undefined;
export function oneOf<const T extends readonly string[]>(
  field: string,
  value: string | undefined,
  values: T,
): T[number] | undefined {
  if (value === undefined || values.includes(value)) return value;
  throw invalid(field, `must be one of ${values.join(', ')}`);
}
