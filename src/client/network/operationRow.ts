// One row of the network operations table: the NetworkOperation shape and the `row` helper
// that types it (shared by ./operations.ts and ./transitHubOperations.ts).
import type * as z from 'zod/mini';
import type { Operation } from '../operation';

type ZT = z.ZodMiniType;

export interface NetworkOperation<
  N extends string = string,
  P extends string = string,
  Q extends ZT | undefined = ZT | undefined,
  B extends ZT | undefined = ZT | undefined,
  R extends ZT | undefined = ZT | undefined,
> extends Operation<Q, B, R> {
  /** Method name on NetworkClient; the id is `network.<name>`. */
  readonly name: N;
  readonly path: P;
  /** Resource key: wraps create/update bodies and the single-resource answer (`floatingip`, ...). */
  readonly key?: string;
  /** Key of the array in list answers (`floatingips`, ...). */
  readonly listKey?: string;
  /** Query parameters the client always sends (the external-network lookup). */
  readonly fixedQuery?: Record<string, string>;
}

export function row<
  const N extends string,
  const P extends string,
  Q extends ZT | undefined = undefined,
  B extends ZT | undefined = undefined,
  R extends ZT | undefined = undefined,
>(r: {
  name: N;
  method: Operation['method'];
  path: P;
  summary: string;
  key?: string;
  listKey?: string;
  query?: Q;
  body?: B;
  response?: R;
  fixedQuery?: Record<string, string>;
}): NetworkOperation<N, P, Q, B, R> {
  return { id: `network.${r.name}`, service: 'network', ...r } as NetworkOperation<N, P, Q, B, R>;
}
