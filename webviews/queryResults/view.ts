// What the results grid shows of a result's rows (issue 63): the rows a filter keeps, in the order
// a header click asks for, as an array of row indices over the result's own rows (never a copy of
// them). Vscode-free and DOM-free: the webview (./main.ts) drives it and the unit tests time it
// on 100,000 rows (test/unit/webviews/queryResultsView.test.ts).
//
// Sort: by the column's type, as the server would: numbers as numbers (DECIMAL and BIGINT come as
// exact strings: compared exactly, never rounded to a double), DATE/DATETIME/TIMESTAMP by their
// fixed-width text, TIME by its signed duration, other text by the display language's collation.
// NULLs come last ascending (first descending); equal values keep the query's order (the index is
// the last key, so the sort is stable whichever direction).
// Filter: rows where any cell's text, as the grid writes it (NULL included), contains the text,
// case-insensitively.
// Rows that keep streaming in while sorted or filtered go into place: each batch is filtered,
// sorted on its own, then merged by binary search (k log n comparisons, no re-sort).
import type { Cell } from '../shared/grid';

export interface SortSpec {
  column: number;
  descending: boolean;
}

/** What the person asked the grid for: kept in the webview's state with the run it applies to. */
export interface ViewSpec {
  sort?: SortSpec;
  filter: string;
}

export type SortKind = 'number' | 'time' | 'date' | 'text';

/** How a column of type `type` (as ../../src/database/connection/queryRunner.ts names it) sorts. */
export function sortKindOf(type: string): SortKind {
  const t = type.toUpperCase();
  if (/^(DECIMAL|NEWDECIMAL|TINYINT|SMALLINT|MEDIUMINT|INT|INTEGER|BIGINT|FLOAT|DOUBLE|YEAR)\b/.test(t))
    return 'number';
  if (/^TIME\b/.test(t)) return 'time';
  if (/^(DATE|DATETIME|TIMESTAMP)\b/.test(t)) return 'date';
  return 'text';
}

/** The next sort after a click on `column`'s header: ascending, then descending, then none. */
export function nextSort(current: SortSpec | undefined, column: number): SortSpec | undefined {
  if (!current || current.column !== column) return { column, descending: false };
  return current.descending ? undefined : { column, descending: true };
}

const PLAIN_DECIMAL = /^([+-]?)0*(\d*)(?:\.(\d*?)0*)?$/;

/**
 * Two exact decimal strings compared as numbers ("10" > "9", "-0.5" < "0", "9007199254740993" >
 * "9007199254740992"); undefined when either is not a plain decimal.
 */
export function compareDecimals(a: string, b: string): number | undefined {
  const x = PLAIN_DECIMAL.exec(a);
  const y = PLAIN_DECIMAL.exec(b);
  if (!x || !y) return undefined;
  const zero = (m: RegExpExecArray) => !m[2] && !m[3];
  const sx = zero(x) ? 0 : x[1] === '-' ? -1 : 1;
  const sy = zero(y) ? 0 : y[1] === '-' ? -1 : 1;
  if (sx !== sy) return sx - sy;
  if (sx === 0) return 0;
  let d = x[2].length - y[2].length;
  if (!d) d = x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0;
  if (!d) {
    const fx = x[3] ?? '';
    const fy = y[3] ?? '';
    d = fx < fy ? -1 : fx > fy ? 1 : 0;
  }
  return sx * Math.sign(d);
}

/** A TIME value ('-838:59:59.5', '12:00:00') as seconds; NaN when it is not one. */
export function timeSeconds(s: string): number {
  const m = /^(-?)(\d+):(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?$/.exec(s.trim());
  if (!m) return Number.NaN;
  const v = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return m[1] ? -v : v;
}

/**
 * The comparator of row indices by `column`: by value (descending reverses it), then by index, so
 * equal values keep the query's order. Keys (a number per row for numbers and times) are read
 * once per row, on first use, and kept for the rows that stream in later.
 */
export function rowComparator(
  rows: readonly (readonly Cell[])[],
  column: number,
  kind: SortKind,
  descending: boolean,
  collator: Intl.Collator,
): (a: number, b: number) => number {
  const dir = descending ? -1 : 1;
  // Per row, read once and kept (filled in row order, as rows stream in order: the arrays stay
  // dense): its number, and its rank: 0 a value, 1 text that is not one (after the values, by its
  // text), 2 NULL (last).
  const keys: number[] = [];
  const ranks: number[] = [];
  const fill = (i: number): void => {
    while (keys.length <= i) {
      const v = rows[keys.length][column];
      const k = v === null ? 0 : kind === 'time' ? timeSeconds(String(v)) : Number(v);
      ranks.push(v === null ? 2 : Number.isNaN(k) ? 1 : 0);
      keys.push(Number.isNaN(k) ? 0 : k);
    }
  };
  const numeric = (a: number, b: number): number => {
    if (a >= keys.length || b >= keys.length) fill(a > b ? a : b);
    const ra = ranks[a];
    const rb = ranks[b];
    if (ra !== rb) return (ra - rb) * dir;
    if (ra === 0) {
      const ka = keys[a];
      const kb = keys[b];
      if (ka !== kb) return ka < kb ? -dir : dir;
      // Equal doubles: equal values, unless a decimal has more digits than a double holds (more
      // than 15 characters): compared exactly then.
      const va = rows[a][column];
      const vb = rows[b][column];
      if (typeof va === 'string' && typeof vb === 'string' && (va.length > 15 || vb.length > 15))
        return (compareDecimals(va, vb) ?? 0) * dir || a - b;
      return a - b;
    }
    if (ra === 2) return a - b;
    return collator.compare(String(rows[a][column]), String(rows[b][column])) * dir || a - b;
  };
  const textual = (a: number, b: number): number => {
    const va = rows[a][column];
    const vb = rows[b][column];
    if (va === null || vb === null) return va === vb ? a - b : (va === null ? 1 : -1) * dir;
    const sa = String(va);
    const sb = String(vb);
    if (sa === sb) return a - b;
    // Dates and datetimes are fixed-width text: their code order is their time order.
    const d = kind === 'date' ? (sa < sb ? -1 : sa > sb ? 1 : 0) : collator.compare(sa, sb);
    return d * dir || a - b;
  };
  return kind === 'number' || kind === 'time' ? numeric : textual;
}

/** The filter's needle: the text as typed, without case (an empty one keeps every row). */
export const needleOf = (filter: string): string => filter.toLowerCase();

/** Whether any cell of `row` contains `needle` (lower case), as the grid writes the cell. */
export function rowMatches(row: readonly Cell[], needle: string): boolean {
  for (const v of row) {
    // NULL as the grid writes it (in lower case, like the needle).
    const written = v === null ? 'null' : typeof v === 'number' ? String(v) : v.toLowerCase();
    if (written.includes(needle)) return true;
  }
  return false;
}

/** Merges `batch` (sorted by `cmp`) into `order` (sorted by `cmp`): a new array, in order. */
export function mergeSorted(order: number[], batch: number[], cmp: (a: number, b: number) => number): number[] {
  if (!batch.length) return order;
  if (!order.length) return batch;
  const out: number[] = [];
  let from = 0;
  for (const x of batch) {
    // The first place in order[from..] whose row sorts after x (x's index is the larger one on
    // equal values, so it goes after them).
    let lo = from;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(order[mid], x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    while (from < lo) out.push(order[from++]);
    out.push(x);
  }
  while (from < order.length) out.push(order[from++]);
  return out;
}

/**
 * The rows of one result as the grid shows them. `order` is undefined while neither a sort nor a
 * filter is on (the grid reads the rows themselves), else the indices of the rows shown, in order.
 * A sort is worked out once over every row (`sorted`) and a filter keeps rows of it, so typing,
 * changing or clearing the filter never sorts again.
 */
export class ResultView {
  private spec: ViewSpec = { filter: '' };
  private cmp?: (a: number, b: number) => number;
  private needle = '';
  /** Every row in the order of the sort (while one is on). */
  private sorted: number[] | undefined;
  /** The rows already placed (the ones after it streamed in since). */
  private seen = 0;
  order: number[] | undefined;

  constructor(
    private readonly rows: readonly (readonly Cell[])[],
    private readonly types: readonly string[],
    private readonly collator: Intl.Collator,
  ) {}

  get current(): ViewSpec {
    return { ...this.spec, sort: this.spec.sort && { ...this.spec.sort } };
  }

  /** How many rows are shown. */
  get length(): number {
    return this.order ? this.order.length : this.rows.length;
  }

  /** The result's row index of the `i`th row shown. */
  rowAt(i: number): number {
    return this.order ? this.order[i] : i;
  }

  /** Applies a sort and a filter: what changed is worked out again. */
  set(spec: ViewSpec): void {
    // Rows that came since the last update are placed first, under the sort and filter before.
    this.update();
    const sort = spec.sort && spec.sort.column < this.types.length ? { ...spec.sort } : undefined;
    const before = this.spec;
    const needle = needleOf(spec.filter);
    const sameSort = before.sort?.column === sort?.column && before.sort?.descending === sort?.descending;
    // A longer filter that holds the last one keeps some of the rows shown: filter those only.
    const narrowing = sameSort && this.order !== undefined && this.needle !== '' && needle.includes(this.needle);
    const shown = this.order;
    this.spec = { sort, filter: spec.filter };
    this.needle = needle;
    if (!sameSort) {
      this.cmp = sort
        ? rowComparator(this.rows, sort.column, sortKindOf(this.types[sort.column]), sort.descending, this.collator)
        : undefined;
      this.sorted = this.cmp ? Array.from({ length: this.rows.length }, (_, i) => i).sort(this.cmp) : undefined;
    }
    this.seen = this.rows.length;
    if (!needle) this.order = this.sorted;
    else if (narrowing && shown) this.order = this.keep(shown);
    else this.order = this.keep(this.sorted) ?? this.matching(0);
  }

  /** Places the rows that streamed in since the last call; whether the rows shown changed. */
  update(): boolean {
    const count = this.rows.length;
    if (this.seen >= count) return false;
    const from = this.seen;
    this.seen = count;
    if (!this.order) return true;
    if (!this.cmp) {
      const batch = this.matching(from);
      for (const i of batch) this.order.push(i);
      return batch.length > 0;
    }
    const batch = Array.from({ length: count - from }, (_, i) => from + i).sort(this.cmp);
    this.sorted = mergeSorted(this.sorted ?? [], batch, this.cmp);
    if (!this.needle) {
      this.order = this.sorted;
      return true;
    }
    const kept = this.keep(batch)!;
    this.order = mergeSorted(this.order, kept, this.cmp);
    return kept.length > 0;
  }

  /** The indices of rows `from`.. that the filter keeps, in query order. */
  private matching(from: number): number[] {
    const out: number[] = [];
    const needle = this.needle;
    for (let i = from; i < this.rows.length; i++) if (!needle || rowMatches(this.rows[i], needle)) out.push(i);
    return out;
  }

  /** Those of `order` the filter keeps, in their order. */
  private keep(order: number[] | undefined): number[] | undefined {
    const needle = this.needle;
    return order && (needle ? order.filter((i) => rowMatches(this.rows[i], needle)) : order.slice());
  }
}
