// A request part a webview sent (protocol.ts checks it only as "an object") or a value read from
// a service answer, typed as what an RDS operation takes. This is a promise the client keeps: it
// checks every body and query with the operation's schema before anything is sent and refuses a
// missing or misspelt field by name (ValidationError), which the panel shows on its form. One
// place for that promise, instead of a cast at each call.
import type { RdsInput, RdsOperationName } from '../client/rds/client';

type Part<K extends RdsOperationName, P extends 'body' | 'query'> =
  RdsInput<K> extends { [k in P]?: infer T } ? T : never;

/** `body` as operation `name` takes it; the client validates it with the operation's body schema. */
export function clientCheckedBody<K extends RdsOperationName>(
  _name: K,
  body: Record<string, unknown>,
): Part<K, 'body'> {
  return body as Part<K, 'body'>;
}

/** `query` as operation `name` takes it; the client validates it with the operation's query schema. */
export function clientCheckedQuery<K extends RdsOperationName>(
  _name: K,
  query: Record<string, unknown>,
): Part<K, 'query'> {
  return query as Part<K, 'query'>;
}
