// Name filter of tree folders (`nhncloud.tree.filter`). vscode-free so it is unit-tested.
// Every whitespace-separated term must occur in the label (case-insensitive); a term
// starting with `-` must not occur.

export function parseFilter(text: string | undefined): { include: string[]; exclude: string[] } {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const raw of (text ?? '').toLowerCase().split(/\s+/)) {
    if (!raw) continue;
    if (raw.startsWith('-') && raw.length > 1) exclude.push(raw.slice(1));
    else include.push(raw);
  }
  return { include, exclude };
}

export function matchesFilter(label: string, filter: string | undefined): boolean {
  const { include, exclude } = parseFilter(filter);
  const l = label.toLowerCase();
  return include.every((t) => l.includes(t)) && !exclude.some((t) => l.includes(t));
}

export function applyFilter<T>(
  items: readonly T[],
  label: (t: T) => string | undefined,
  filter: string | undefined,
): T[] {
  if (!filter?.trim()) return [...items];
  return items.filter((i) => {
    const l = label(i);
    // Items without a label (placeholders, "Load more") always stay.
    return l === undefined || matchesFilter(l, filter);
  });
}
