// Every API operation is declared once, as a row of an operations table.
// The typed client methods, the sandbox's request checks, `npm run list-operations`
// and the tests all read these rows. Adding an endpoint is adding a row.
import type { z } from 'zod/mini';
import type { Service } from './errors';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface Operation<
  Q extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  B extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
> {
  /** Unique id `<service>.<camelCaseName>`, used in logs, errors and the sandbox. */
  readonly id: string;
  readonly service: Service;
  readonly method: HttpMethod;
  /** Path template with the spec's parameter names, e.g. `/v3.0/db-instances/{dbInstanceId}`. */
  readonly path: string;
  /** One line for people: what the operation does. */
  readonly summary: string;
  /** Query parameters (validated before sending and by the sandbox). */
  readonly query?: Q;
  /** Request body (validated before sending and by the sandbox). */
  readonly body?: B;
  /** Response payload (tolerant: unknown fields pass, documented quirks accepted). */
  readonly response?: R;
  /** The response carries a `jobId` to follow (RDS). */
  readonly returnsJob?: boolean;
  /** The permission the service checks, where its guide names one (RDS v4.0: `RDSforMySQL:Backup.Create`). */
  readonly permission?: string;
}

/** Safe to repeat: only these are retried after a network error, 429 or 5xx. */
export const isIdempotent = (op: Pick<Operation, 'method'>): boolean =>
  op.method === 'GET' || op.method === 'HEAD' || op.method === 'PUT' || op.method === 'DELETE';

/** Changes something on the service: VIEWER roles get 80403 for these on RDS. */
export const isMutating = (op: Pick<Operation, 'method'>): boolean => op.method !== 'GET' && op.method !== 'HEAD';

/** Names of the `{param}` placeholders of a path template, in order. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/** Fills a path template; every value is URI-encoded. Throws when a parameter is missing. */
export function fillPath(template: string, params: Record<string, string | number | undefined>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === '') throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(v));
  });
}

/** Formats a row as `npm run list-operations` prints it: `rds GET /v3.0/db-instances/{dbInstanceId}`. */
export const describeOperation = (op: Pick<Operation, 'service' | 'method' | 'path'>): string =>
  `${op.service} ${op.method} ${op.path}`;
