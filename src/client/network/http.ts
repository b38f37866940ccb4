// JSON over the shared Transport for the identity and network services (both OpenStack-style),
// and the mapping of their HTTP statuses and error bodies to the extension's few error types.
import type * as z from 'zod/mini';
import { ApiError, AuthError, ValidationError, type FieldIssue, type Service } from '../errors';
import type { Transport } from '../http/transport';

export interface JsonRequest {
  transport: Transport;
  service: Extract<Service, 'network' | 'identity'>;
  /** Operation id, e.g. `network.getFloatingIp`. */
  operation: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * Retried after a network error or 5xx only when true. Network and identity set it for reads
   * only: a DELETE or PUT that did succeed before its answer was lost would, repeated, give a
   * confusing 404 or 409 instead of the success the user had.
   */
  idempotent: boolean;
  signal?: AbortSignal;
}

export interface JsonResponse {
  status: number;
  /** Parsed body; undefined for an empty body (204, DELETE). */
  json: unknown;
}

/** Sends a JSON request; resolves for 2xx, rejects with ApiError / AuthError otherwise. */
export async function requestJson(req: JsonRequest): Promise<JsonResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  const res = await req.transport.request({
    service: req.service,
    operation: req.operation,
    method: req.method,
    url: req.url,
    headers,
    body,
    idempotent: req.idempotent,
    signal: req.signal,
  });
  const text = await res.text();
  if (res.status < 200 || res.status >= 300) {
    req.transport.logger.debug(`✗ ${req.operation} HTTP ${res.status} ${req.transport.redactor.body(text)}`);
    throw httpError(req.service, req.operation, res.status, text, req.transport);
  }
  if (!text.trim()) return { status: res.status, json: undefined };
  try {
    return { status: res.status, json: JSON.parse(text) };
  } catch (err) {
    throw new ApiError({
      service: req.service,
      operation: req.operation,
      status: res.status,
      code: 'UnexpectedAnswer',
      message: `The ${req.service} service answered ${req.operation} with a body that is not valid JSON (HTTP ${res.status}). A proxy or a gateway may be in the way: check the endpoint in the profile, then try again.`,
      retryable: true,
      cause: err,
    });
  }
}

/** The message of an OpenStack-style error body: `NeutronError`, Keystone `error`, plain `message`, or `{ itemNotFound: { message } }`. */
export function errorBodyMessage(text: string): { message?: string; type?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const plain = text.trim();
    // HTML error pages from a gateway say nothing useful to a person.
    return plain && !plain.startsWith('<') ? { message: plain.slice(0, 300) } : {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const o = fieldsOf(parsed);
  const pick = (value: unknown): { message?: string; type?: string } | undefined => {
    if (!value || typeof value !== 'object') return undefined;
    const v = fieldsOf(value);
    const message = typeof v.message === 'string' ? v.message : undefined;
    const detail = typeof v.detail === 'string' && v.detail && v.detail !== message ? v.detail : undefined;
    const type = typeof v.type === 'string' ? v.type : typeof v.title === 'string' ? v.title : undefined;
    if (!message && !detail) return undefined;
    return { message: [message, detail].filter(Boolean).join(' '), type };
  };
  const found =
    pick(o.NeutronError) ?? pick(o.error) ?? (typeof o.message === 'string' ? { message: o.message } : undefined);
  if (found) return found;
  if (typeof o.NeutronError === 'string') return { message: o.NeutronError };
  if (typeof o.error === 'string') return { message: o.error };
  const only = Object.values(o);
  if (only.length === 1) return pick(only[0]) ?? {};
  return {};
}

/** Maps a non-2xx answer to the error a person reads. */
export function httpError(
  service: Service,
  operation: string,
  status: number,
  text: string,
  transport?: Transport,
): ApiError | AuthError {
  const parsed = errorBodyMessage(text);
  const said = parsed.message ? (transport ? transport.redactor.text(parsed.message) : parsed.message) : undefined;
  const theService = said ? `: ${said.replace(/\.?\s*$/, '.')}` : '.';
  const code = parsed.type ?? status;
  switch (true) {
    case status === 401:
      return new AuthError({
        service,
        operation,
        reason: 'unauthenticated',
        status,
        code,
        detail: said,
        message: `The ${service} service did not accept the identity token for ${operation} (HTTP 401)${theService} Check the tenant ID, user name and API password of the profile.`,
      });
    case status === 403:
      return new AuthError({
        service,
        operation,
        reason: 'forbidden',
        status,
        code,
        detail: said,
        message: `This user may not call ${operation} (HTTP 403)${theService} Ask a project administrator for the role that allows it.`,
      });
    case status === 404:
      return new ApiError({
        service,
        operation,
        status,
        code,
        detail: said,
        message: `${operation}: not found (HTTP 404)${theService} It may have been deleted meanwhile: refresh the view.`,
      });
    case status === 409:
      return new ApiError({
        service,
        operation,
        status,
        code,
        detail: said,
        message: `${operation}: in use / conflict (HTTP 409)${theService} Remove what depends on it (or what it collides with) first.`,
      });
    case status === 400 || status === 422:
      return new ApiError({
        service,
        operation,
        status,
        code,
        detail: said,
        message: `${operation}: the service refused the request (HTTP ${status})${theService}`,
      });
    case status === 413 || status === 429:
      return new ApiError({
        service,
        operation,
        status,
        code,
        detail: said,
        retryable: true,
        message: `${operation}: too many requests or over a quota (HTTP ${status})${theService} Wait a moment and try again.`,
      });
    case status >= 500:
      return new ApiError({
        service,
        operation,
        status,
        code,
        detail: said,
        retryable: true,
        message: `The ${service} service failed on ${operation} (HTTP ${status})${theService} Try again later.`,
      });
    default:
      return new ApiError({
        service,
        operation,
        status,
        code,
        detail: said,
        message: `${operation}: unexpected HTTP ${status}${theService}`,
      });
  }
}

/** Checks input against a schema before sending; a failure is a ValidationError naming the fields. */
export function validate<T>(operation: string, schema: z.ZodMiniType<T>, value: unknown, at: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw new ValidationError(operation, issuesOf(r.error.issues as unknown as Issue[], at, value));
}

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  keys?: string[];
  expected?: string;
  values?: unknown[];
}

/**
 * Field issues a person can act on. zod/mini ships no message locale (bundle size), so its
 * messages are a bare "Invalid input": say what was expected instead.
 */
export function issuesOf(issues: readonly Issue[], at: string, value?: unknown): FieldIssue[] {
  return issues.map((i) => {
    const path = [at, ...i.path.map(String)].filter(Boolean).join('.');
    const generic = i.message === 'Invalid input';
    if (i.code === 'unrecognized_keys' && i.keys)
      return { path, message: `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.join(', ')}` };
    if (i.code === 'invalid_type' && valueAt(value, i.path) === undefined) return { path, message: 'is required' };
    if (i.code === 'invalid_type' && generic) return { path, message: `must be a ${i.expected ?? 'different type'}` };
    if (i.code === 'invalid_value' && generic && i.values)
      return { path, message: `must be ${i.values.map(String).join(' or ')}` };
    return { path, message: i.message };
  });
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let v = value;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** Checks an answer against the table's response schema; a mismatch is the service breaking the contract. */
export function checkResponse<T>(
  service: Service,
  operation: string,
  schema: z.ZodMiniType<T> | undefined,
  value: unknown,
): T {
  if (!schema) return value as T;
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const first = issuesOf(r.error.issues as unknown as Issue[], '', value)
    .slice(0, 3)
    .map((i) => `${i.path || '(root)'} ${i.message}`)
    .join('; ');
  throw new ApiError({
    service,
    operation,
    code: 'UnexpectedAnswer',
    message: `The ${service} service answered ${operation} in an unexpected shape (${first}). The extension may need an update.`,
  });
}

/** An object's own fields by name, to read a JSON answer of unknown shape field by field. */
function fieldsOf(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value));
}
