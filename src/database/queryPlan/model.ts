// The query plan as the plan view draws it (issue 28, item 5), built from what the server says:
// `EXPLAIN FORMAT=JSON` (MySQL 5.6+ and MariaDB, whose JSON differ in shape and in how they
// write numbers), MariaDB's `ANALYZE FORMAT=JSON` (the same plus r_* actual figures), and
// MySQL's `EXPLAIN ANALYZE` (8.0.18+: an indented text tree with estimates and actual figures).
// One tree of PlanNodes for all of them, vscode-free and DOM-free: the unit tests build it from
// a real MariaDB's output, and the webview only draws it (the words are the webview's, in the
// display language; a tree step's text stays as the server wrote it, like its error messages).
import { l10n } from '../../shared/l10n';

export type PlanNodeKind =
  /** A SELECT of the statement (its select id): the root, a subquery's or a union part's body. */
  | 'query'
  /** Tables read one after the other, each row of one looked up in the next: the join order. */
  | 'join'
  /** One table read (or a derived table, a materialized subquery, a union's result). */
  | 'table'
  /** A subquery evaluated apart (in the WHERE, the select list, HAVING...). */
  | 'subquery'
  /** Rows gathered in a temporary table (GROUP BY, DISTINCT, a UNION's duplicates). */
  | 'temporary'
  /** Rows sorted apart from any index (ORDER BY, GROUP BY without a usable index). */
  | 'filesort'
  /** The rows of several SELECTs together. */
  | 'union'
  /** Another step, named by the server (window functions, duplicate removal, a tree step). */
  | 'step'
  /** The server's note instead of a plan ("Select tables optimized away", "No tables used"). */
  | 'message';

export type PlanTrait =
  | 'materialized'
  | 'dependent'
  | 'cached'
  | 'not-cacheable'
  | 'temporary'
  /** Where a subquery sits. */
  | 'in-condition'
  | 'in-select-list'
  | 'in-having'
  | 'in-order-by'
  | 'in-group-by'
  | 'in-update'
  | 'optimized-away';

export interface ActualFigures {
  /** Rows read per loop (MariaDB r_rows, MySQL's "rows=" of the actual part). */
  rows?: number;
  loops?: number;
  /** Time of the step in milliseconds (MariaDB: its table time and other time; MySQL: the last row's). */
  timeMs?: number;
  /** Share of rows that passed the condition, in percent (MariaDB r_filtered). */
  filtered?: number;
}

export interface PlanNode {
  kind: PlanNodeKind;
  /** The table or alias (`o`, `<derived2>`, `<subquery2>`, `<union1,2>`), or the server's text of a step. */
  name?: string;
  /** The SELECT's number in the statement. */
  selectId?: number;
  /** How the table is read: ALL, index, range, ref, eq_ref, const, system, fulltext... */
  access?: string;
  /** Every row of the table is read (access ALL, or a tree step "Table scan on"). */
  fullScan?: boolean;
  /** Every entry of an index is read (access index). */
  fullIndexScan?: boolean;
  key?: string;
  possibleKeys?: string[];
  keyParts?: string[];
  /** What the key is compared with (`const`, `shop.c.id`). */
  ref?: string[];
  /** The index alone answers (no row read). */
  coveringIndex?: boolean;
  /** Estimated rows examined per scan. */
  rows?: number;
  /** Estimated share of the examined rows that pass the condition, in percent. */
  filtered?: number;
  /** The optimizer's cost estimate (MySQL: the prefix cost of a table, the query cost of a SELECT). */
  cost?: number;
  /** The condition checked on each row. */
  condition?: string;
  /** What a filesort sorts by. */
  sortKey?: string;
  /** A join buffer (block nested loop, batched key access): its kind. */
  joinBuffer?: string;
  /** How a subquery, a derived table or a union is read; the webview says each in words. */
  traits?: PlanTrait[];
  /** The SQL operation of a union's part (`UNION`, `UNION ALL`), as the server wrote it. */
  operation?: string;
  /** The server's note (a message node, or a table "optimized away"). */
  message?: string;
  actual?: ActualFigures;
  children: PlanNode[];
}

export interface QueryPlan {
  root: PlanNode;
  /** The server's output as it came (shown beside the drawing, copyable). */
  raw: string;
  /** True when the figures include what actually happened (the statement ran). */
  analyzed: boolean;
  /** Tables read whole (full table scans), in plan order. */
  fullScans: string[];
  /** Tables in the plan. */
  tables: number;
}

/** A server's answer parsed to JSON text, or refused with a reason. */
export class PlanParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanParseError';
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** MySQL writes numbers as strings ("100.00"); MariaDB as numbers. */
function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}
function strings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.length ? v.map(String) : undefined;
}
function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Drops undefined fields, so a node holds only what the server said. */
function compact<T extends object>(o: T): T {
  for (const k of Object.keys(o) as Array<keyof T>) if (o[k] === undefined) delete o[k];
  return o;
}

/** Keys whose value is a list of subqueries, each `{ query_block }` or MariaDB's `{ expression_cache: { query_block } }`. */
const SUBQUERY_LISTS: Record<string, PlanTrait | undefined> = {
  subqueries: undefined,
  attached_subqueries: 'in-condition',
  select_list_subqueries: 'in-select-list',
  optimized_away_subqueries: 'optimized-away',
  having_subqueries: 'in-having',
  order_by_subqueries: 'in-order-by',
  group_by_subqueries: 'in-group-by',
  update_value_subqueries: 'in-update',
};

/** The children a JSON object's plan keys describe, in the order the server wrote them. */
function childrenOf(o: Json): PlanNode[] {
  const out: PlanNode[] = [];
  for (const [k, v] of Object.entries(o)) {
    if (k === 'query_block' && isObject(v)) out.push(queryBlock(v));
    else if (k === 'nested_loop' && Array.isArray(v)) out.push(join(v));
    else if (k === 'table' && isObject(v)) out.push(table(v));
    else if (k === 'block-nl-join' && isObject(v)) out.push(blockJoin(v));
    else if (k === 'filesort' && isObject(v)) out.push(filesort(v));
    else if (k === 'temporary_table' && isObject(v)) out.push(temporary(v));
    else if (k === 'union_result' && isObject(v)) out.push(union(v));
    else if ((k === 'ordering_operation' || k === 'grouping_operation') && isObject(v)) out.push(...mysqlOperation(v));
    else if (k === 'duplicates_removal' && isObject(v)) out.push(step('duplicates removal', v));
    else if (k === 'windowing' && isObject(v)) out.push(step('window', v));
    else if ((k === 'read_sorted_file' || k === 'buffer_result') && isObject(v)) out.push(...childrenOf(v));
    else if (k in SUBQUERY_LISTS && Array.isArray(v)) for (const s of v) out.push(subquery(s, SUBQUERY_LISTS[k]));
    else if (k === 'message' && typeof v === 'string') out.push({ kind: 'message', message: v, children: [] });
  }
  return out;
}

function queryBlock(o: Json): PlanNode {
  const cost = isObject(o.cost_info) ? num(o.cost_info.query_cost) : num(o.cost);
  return compact({
    kind: 'query',
    selectId: num(o.select_id),
    cost,
    operation: str(o.operation),
    condition: str(o.having_condition),
    actual: actualOf(o),
    children: childrenOf(o),
  } satisfies PlanNode);
}

/** A join of two tables or more; MariaDB writes a single table as a nested loop of one, which is no join. */
function join(items: unknown[]): PlanNode {
  const children = items.filter(isObject).flatMap(childrenOf);
  return children.length === 1 ? children[0] : { kind: 'join', children };
}

function table(o: Json): PlanNode {
  if (str(o.message) && !str(o.table_name)) return { kind: 'message', message: String(o.message), children: [] };
  const access = str(o.access_type);
  const cost = isObject(o.cost_info) ? num(o.cost_info.prefix_cost) : num(o.cost);
  const materialized = isObject(o.materialized)
    ? o.materialized
    : isObject(o.materialized_from_subquery)
      ? o.materialized_from_subquery
      : undefined;
  const children = materialized ? childrenOf(materialized) : [];
  // MySQL's subqueries attached to a table (its condition's).
  for (const [k, v] of Object.entries(o))
    if (k in SUBQUERY_LISTS && Array.isArray(v)) for (const s of v) children.push(subquery(s, SUBQUERY_LISTS[k]));
  return compact({
    kind: 'table',
    name: str(o.table_name),
    access,
    fullScan: access === 'ALL' || undefined,
    fullIndexScan: access === 'index' || undefined,
    key: str(o.key),
    possibleKeys: strings(o.possible_keys),
    keyParts: strings(o.used_key_parts),
    ref: strings(o.ref),
    coveringIndex: o.using_index === true || undefined,
    // MariaDB: rows; MySQL: rows_examined_per_scan.
    rows: num(o.rows) ?? num(o.rows_examined_per_scan),
    filtered: num(o.filtered),
    cost,
    condition: str(o.attached_condition),
    joinBuffer: str(o.using_join_buffer),
    traits: materialized ? ['materialized'] : undefined,
    message: str(o.message),
    actual: actualOf(o),
    children,
  } satisfies PlanNode);
}

/** MariaDB's join buffer wraps the table it reads into the buffer. */
function blockJoin(o: Json): PlanNode {
  const inner = isObject(o.table) ? table(o.table) : { kind: 'step' as const, children: [] };
  return compact({
    ...inner,
    joinBuffer: [str(o.join_type), str(o.buffer_type)].filter(Boolean).join(', ') || 'join buffer',
    condition: inner.condition ?? str(o.attached_condition),
    actual: inner.actual ?? actualOf(o),
  });
}

function filesort(o: Json): PlanNode {
  return compact({
    kind: 'filesort',
    sortKey: str(o.sort_key),
    actual: actualOf(o),
    children: childrenOf(o),
  } satisfies PlanNode);
}

function temporary(o: Json): PlanNode {
  return { kind: 'temporary', children: childrenOf(o) };
}

function union(o: Json): PlanNode {
  const parts = Array.isArray(o.query_specifications)
    ? o.query_specifications.filter(isObject).flatMap(childrenOf)
    : [];
  return compact({
    kind: 'union',
    name: str(o.table_name),
    traits: o.using_temporary_table === true ? ['temporary'] : undefined,
    children: parts,
  } satisfies PlanNode);
}

/** MySQL's ORDER BY / GROUP BY: a filesort and a temporary table when it says so, around what it wraps. */
function mysqlOperation(o: Json): PlanNode[] {
  let inner = childrenOf(o);
  if (o.using_temporary_table === true) inner = [{ kind: 'temporary', children: inner }];
  if (o.using_filesort === true) inner = [{ kind: 'filesort', children: inner }];
  return inner;
}

function step(name: string, o: Json): PlanNode {
  return { kind: 'step', name, children: childrenOf(o) };
}

function subquery(s: unknown, where: PlanTrait | undefined): PlanNode {
  if (!isObject(s)) return compact({ kind: 'subquery', traits: where ? [where] : undefined, children: [] });
  const cached = isObject(s.expression_cache) ? s.expression_cache : undefined;
  const traits = [
    where,
    s.dependent === true ? 'dependent' : undefined,
    cached ? 'cached' : undefined,
    s.cacheable === false ? 'not-cacheable' : undefined,
  ].filter((t): t is PlanTrait => t !== undefined);
  return compact({ kind: 'subquery', traits: traits.length ? traits : undefined, children: childrenOf(cached ?? s) });
}

/** MariaDB ANALYZE's r_* figures, when the statement ran. */
function actualOf(o: Json): ActualFigures | undefined {
  const rows = num(o.r_rows);
  const loops = num(o.r_loops);
  const parts = [num(o.r_table_time_ms), num(o.r_other_time_ms)].filter((n): n is number => n !== undefined);
  const timeMs = num(o.r_total_time_ms) ?? (parts.length ? parts.reduce((a, b) => a + b, 0) : undefined);
  const filtered = num(o.r_filtered);
  if ([rows, loops, timeMs, filtered].every((v) => v === undefined)) return undefined;
  return compact({ rows, loops, timeMs, filtered });
}

/** The plan of `EXPLAIN FORMAT=JSON` or MariaDB's `ANALYZE FORMAT=JSON` output. */
export function planFromJson(text: string): QueryPlan {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new PlanParseError(l10n.t("The server's plan is not JSON: {0}", (e as Error).message));
  }
  if (!isObject(parsed) || !isObject(parsed.query_block))
    throw new PlanParseError(l10n.t('The server\'s plan has no "query_block".'));
  const root = queryBlock(parsed.query_block);
  return summarize(root, text, 'r_total_time_ms' in parsed.query_block || 'r_loops' in parsed.query_block);
}

// MySQL 8.0.18+ `EXPLAIN ANALYZE`: one line per step, children indented by four spaces more:
//   -> Nested loop inner join  (cost=4.95 rows=9) (actual time=0.153..0.200 rows=9 loops=1)
//       -> Table scan on c  (cost=1.15 rows=9) (actual time=0.030..0.047 rows=9 loops=1)
const TREE_LINE = /^(\s*)-> (.*)$/;
const ESTIMATE = /\(cost=([\d.e+]+)(?:\.\.[\d.e+]+)? rows=([\d.e+]+)\)/;
const ACTUAL = /\(actual time=([\d.e+]+)\.\.([\d.e+]+) rows=([\d.e+]+) loops=(\d+)\)/;
const NEVER_EXECUTED = /\(never executed\)/;

/** The kind of a MySQL tree step, from its words. */
function treeKind(text: string): { kind: PlanNodeKind; fullScan?: boolean; fullIndexScan?: boolean; name?: string } {
  let m: RegExpExecArray | null;
  if ((m = /^Table scan on (\S+)/.exec(text))) return { kind: 'table', fullScan: true, name: m[1] };
  if ((m = /^Index scan on (\S+)/.exec(text))) return { kind: 'table', fullIndexScan: true, name: m[1] };
  if ((m = /^(?:Single-row )?(?:Covering )?[Ii]ndex (?:lookup|range scan|range) on (\S+)/.exec(text)))
    return { kind: 'table', name: m[1] };
  if ((m = /^Constant row from (\S+)/.exec(text))) return { kind: 'table', name: m[1] };
  if (/^Nested loop/.test(text) || /^(Inner|Left|Semi|Anti)? ?hash join/i.test(text)) return { kind: 'join' };
  if (/^Sort\b/.test(text)) return { kind: 'filesort' };
  if (/^(Temporary table|Materialize)/.test(text)) return { kind: 'temporary' };
  if (/^Select #\d+ \(subquery/.test(text)) return { kind: 'subquery' };
  if (/^Union/.test(text)) return { kind: 'union' };
  return { kind: 'step' };
}

/** The plan of MySQL's `EXPLAIN ANALYZE` (or `EXPLAIN FORMAT=TREE`) text. */
export function planFromTree(text: string): QueryPlan {
  const root: PlanNode = { kind: 'query', children: [] };
  const stack: Array<{ depth: number; node: PlanNode }> = [{ depth: -1, node: root }];
  let steps = 0;
  for (const line of text.split(/\r?\n/)) {
    const m = TREE_LINE.exec(line);
    if (!m) {
      // A long condition wraps onto lines of its own: they belong to the step above.
      const last = stack.at(-1)!.node;
      if (line.trim() && last !== root) last.name = `${last.name ?? ''} ${line.trim()}`;
      continue;
    }
    steps++;
    const depth = m[1].length;
    const body = m[2];
    const words = body.replace(/\s*\((?:cost|actual time)=[^)]*\)|\s*\(never executed\)/g, '').trim();
    const what = treeKind(words);
    const est = ESTIMATE.exec(body);
    const act = ACTUAL.exec(body);
    const node: PlanNode = compact({
      kind: what.kind,
      // The step's own words, whole (the table's name is in them).
      name: words,
      fullScan: what.fullScan,
      fullIndexScan: what.fullIndexScan,
      cost: est ? Number(est[1]) : undefined,
      rows: est ? Number(est[2]) : undefined,
      actual: act
        ? { timeMs: Number(act[2]), rows: Number(act[3]), loops: Number(act[4]) }
        : NEVER_EXECUTED.test(body)
          ? { rows: 0, loops: 0 }
          : undefined,
      children: [],
    } satisfies PlanNode);
    while (stack.length > 1 && stack.at(-1)!.depth >= depth) stack.pop();
    stack.at(-1)!.node.children.push(node);
    stack.push({ depth, node });
  }
  if (!steps) throw new PlanParseError(l10n.t('The server\'s plan has no "->" step.'));
  return summarize(root, text, ACTUAL.test(text) || NEVER_EXECUTED.test(text));
}

/** The table name a tree step reads (`Table scan on c` → `c`), for the summary. */
function tableName(n: PlanNode): string {
  if (n.kind !== 'table' || !n.name) return n.name ?? '';
  const m = /\bon (\S+)/.exec(n.name);
  return m ? m[1] : n.name;
}

function summarize(root: PlanNode, raw: string, analyzed: boolean): QueryPlan {
  const fullScans: string[] = [];
  let tables = 0;
  const walk = (n: PlanNode) => {
    if (n.kind === 'table') {
      tables++;
      if (n.fullScan) fullScans.push(tableName(n));
    }
    n.children.forEach(walk);
  };
  walk(root);
  return { root, raw, analyzed, fullScans, tables };
}
