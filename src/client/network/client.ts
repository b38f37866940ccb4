// NetworkClient: one method per row of NETWORK_OPERATIONS (./operations.ts), same calling
// convention as the RDS client:
//   network.<operationName>(input, opts)
// where `input` holds the path parameters as top-level fields plus `query` and `body`:
//   network.listFloatingIps({ query: { status: 'DOWN' } })           -> FloatingIp[]
//   (with `query.fields` only the fields asked for are present in each item)
//   network.getFloatingIp({ floatingIpId })                          -> FloatingIp
//   network.updateFloatingIp({ floatingIpId, body: { port_id: null } })
//   network.createRoutingRule({ body: { cidr, attachment_id, routing_table_id } })
// Bodies are given UNWRAPPED: the client wraps them in the resource key (`floatingip`,
// `transithub_routing_rule`, ...) and unwraps answers the same way (lists from the list key),
// so callers never spell the keys. Deletes resolve to undefined.
// Input is checked before sending (ValidationError); answers are mapped by ./http.ts.
import type * as z from 'zod/mini';
import * as zm from 'zod/mini';
import { ApiError, ValidationError } from '../errors';
import type { Transport } from '../http/transport';
import { sleep } from '../http/transport';
import { fillPath, pathParams } from '../operation';
import { checkResponse, requestJson, validate } from './http';
import type { IdentityClient } from './identity';
import { NetworkOperationMethods } from './methods';
import {
  NETWORK_OPERATIONS,
  type NetworkOperation,
  type NetworkOperationName,
  type NetworkOperationRow,
} from './operations';
import { isUuid } from './schemas';

type ZT = z.ZodMiniType;

const LIST_OF_OBJECTS = zm.array(zm.looseObject({}));

export interface CallOptions {
  signal?: AbortSignal;
}

type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** The input of an operation: path parameters, `query` when it has filters, `body` when it takes one. */
export type NetworkInput<O> =
  O extends NetworkOperation<string, infer P, infer Q, infer B, ZT | undefined>
    ? { [K in ParamNames<P>]: string } & (Q extends ZT ? { query?: z.input<Q> } : unknown) &
        (B extends ZT ? { body: z.input<B> } : unknown)
    : never;

export type NetworkOutput<O> =
  O extends NetworkOperation<string, string, ZT | undefined, ZT | undefined, infer R>
    ? R extends ZT
      ? z.output<R>
      : void
    : never;

type RowOf<N extends NetworkOperationName> = Extract<NetworkOperationRow, { name: N }>;
/** The input of the operation named N. */
export type NetworkParams<N extends NetworkOperationName> = NetworkInput<RowOf<N>>;
/** What the operation named N resolves to. */
export type NetworkResult<N extends NetworkOperationName> = NetworkOutput<RowOf<N>>;
/** A method's arguments: the input may be left out where every part of it is optional. */
export type NetworkArgs<N extends NetworkOperationName> =
  object extends NetworkParams<N>
    ? [input?: NetworkParams<N>, opts?: CallOptions]
    : [input: NetworkParams<N>, opts?: CallOptions];

const OPERATIONS_BY_NAME = new Map<string, NetworkOperation>(
  (NETWORK_OPERATIONS as readonly NetworkOperation[]).map((op) => [op.name, op]),
);

export interface NetworkClientOptions {
  /** The network address of the region, without `/v2.0` (IdentityClient.endpointFor('network', region)). */
  baseUrl: string;
  identity: IdentityClient;
  /** Default: the identity client's transport. */
  transport?: Transport;
}

// One method per row of the table, each a one-liner over `callByName`, generated into ./methods.ts
// (scripts/gen-client-methods.ts): Go to Definition from a call lands on its body.
export class NetworkClient extends NetworkOperationMethods {
  readonly baseUrl: string;
  readonly identity: IdentityClient;
  readonly transport: Transport;

  constructor(opts: NetworkClientOptions) {
    super();
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.identity = opts.identity;
    this.transport = opts.transport ?? opts.identity.transport;
  }

  /** Calls the operation of a name: what the generated methods do. */
  async callByName<N extends NetworkOperationName>(
    name: N,
    input?: NetworkParams<N>,
    opts?: CallOptions,
  ): Promise<NetworkResult<N>> {
    const op = OPERATIONS_BY_NAME.get(name);
    if (!op) throw new Error(`Internal error: no network operation ${name}.`);
    // `call` checked the input and parsed the answer with this row's own schemas.
    return (await this.call(op, { ...input }, opts)) as NetworkResult<N>;
  }

  /** Calls one row of the table; the typed methods are thin wrappers of this. */
  async call(op: NetworkOperation, input: Record<string, unknown>, opts: CallOptions = {}): Promise<unknown> {
    const url = this.baseUrl + this.pathOf(op, input) + this.queryOf(op, input.query);
    let body: unknown;
    if (op.body) {
      if (input.body === undefined)
        throw new ValidationError(op.id, [{ path: 'body', message: `is required (the ${op.key} fields)` }]);
      body = { [op.key!]: validate(op.id, op.body, input.body, 'body') };
    }
    const json = await this.identity.withToken(
      async (token) =>
        (
          await requestJson({
            transport: this.transport,
            service: 'network',
            operation: op.id,
            method: op.method,
            url,
            headers: { 'x-auth-token': token },
            body,
            idempotent: op.method === 'GET',
            signal: opts.signal,
          })
        ).json,
      { signal: opts.signal },
    );
    if (op.method === 'DELETE' || !op.response) return undefined;
    const payload =
      json && typeof json === 'object'
        ? (json as Record<string, unknown>)[(op.method === 'GET' && !pathParams(op.path).length ? op.listKey : op.key)!]
        : undefined;
    // With `fields` the service sends only the fields asked for: check the shape, not the fields.
    const partial = typeof input.query === 'object' && input.query !== null && 'fields' in input.query;
    return checkResponse('network', op.id, partial ? LIST_OF_OBJECTS : op.response, payload);
  }

  /**
   * Polls a get operation until the resource's (undocumented) `status` is `ACTIVE`: new routing
   * tables and multicast domains start in BUILD. Rejects when it turns to ERROR or the time runs out.
   */
  async waitUntilActive<T extends { status?: string | null }>(
    get: (o: CallOptions) => Promise<T>,
    opts: CallOptions & { intervalMs?: number; timeoutMs?: number } = {},
  ): Promise<T> {
    const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
    let interval = opts.intervalMs ?? 1_000;
    for (;;) {
      const r = await get({ signal: opts.signal });
      const status = (r.status ?? 'ACTIVE').toUpperCase();
      if (status === 'ACTIVE') return r;
      if (status === 'ERROR')
        throw new ApiError({
          service: 'network',
          operation: 'network.waitUntilActive',
          code: 'BuildFailed',
          message: 'The resource went to ERROR while being built; see the console for the reason.',
        });
      if (Date.now() > deadline)
        throw new ApiError({
          service: 'network',
          operation: 'network.waitUntilActive',
          code: 'StillBuilding',
          retryable: true,
          message: `Still ${status} after ${Math.round((opts.timeoutMs ?? 120_000) / 1000)} s; refresh later to see it ACTIVE.`,
        });
      await sleep(interval, opts.signal);
      interval = Math.min(interval * 2, 10_000);
    }
  }

  private pathOf(op: NetworkOperation, input: Record<string, unknown>): string {
    const params: Record<string, string> = {};
    const issues: Array<{ path: string; message: string }> = [];
    for (const name of pathParams(op.path)) {
      const v = input[name];
      if (typeof v !== 'string' || !v) issues.push({ path: name, message: 'is required' });
      else if (!isUuid(v)) issues.push({ path: name, message: 'must be a UUID (8-4-4-4-12 hexadecimal digits)' });
      else params[name] = v;
    }
    if (issues.length) throw new ValidationError(op.id, issues);
    return fillPath(op.path, params);
  }

  private queryOf(op: NetworkOperation, query: unknown): string {
    const q = new URLSearchParams();
    const given =
      query === undefined
        ? {}
        : op.query
          ? (validate(op.id, op.query, query, 'query') as Record<string, unknown>)
          : undefined;
    if (given === undefined)
      throw new ValidationError(op.id, [{ path: 'query', message: `${op.id} takes no query parameters` }]);
    const all: Record<string, unknown> = { ...op.fixedQuery, ...given };
    for (const [k, v] of Object.entries(all)) {
      if (v === undefined || v === null) continue;
      for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one));
    }
    const text = q.toString();
    return text ? `?${text}` : '';
  }
}
