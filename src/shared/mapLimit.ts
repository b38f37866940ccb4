// One bounded-concurrency map for every feature (RDS instance details, a parameter group's
// instances, Edit Metadata's reads and writes): `limit` calls in flight at once, results in the items' order.

/** Map with bounded concurrency; once `signal` aborts no new item is started (their results stay unset). */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (t: T) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
