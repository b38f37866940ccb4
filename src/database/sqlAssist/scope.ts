// What the caret is in (vscode-free): which kind of name may come next (a table, a column, a
// keyword) and which tables are in scope of the query block around it, with their aliases, the
// statement's CTEs and the derived tables (subqueries in FROM) with their output columns. Read
// from tokens, not a grammar, so a statement being typed (unfinished, or wrong elsewhere) is read
// as far as it goes: nothing here throws on any text. Why not a parser: see README "Query
// console > Completion".
import { isName, tokenize, type Token } from './lexer';

/** An output column of a CTE or derived table: a name, or a `*` standing for tables' columns. */
export type OutputColumn = { name: string } | { star: TableRef[] };

export interface TableRef {
  kind: 'table' | 'cte' | 'derived';
  /** The schema written before the table (`sales.orders`), if any. */
  schema?: string;
  /** The table's name; a derived table's is its alias. */
  name: string;
  alias?: string;
  /** CTEs and derived tables: their output columns, in order. */
  columns?: OutputColumn[];
  /** In a scope: 0 for the caret's own query block, 1 for the block around it, and so on. */
  level?: number;
}

export type CaretContext =
  /** A table may come: of `schema` when one was written before a dot. */
  | { kind: 'table'; schema?: string }
  /** A column may come: of `ref` when a qualifier was written before a dot (undefined: none known by that name). */
  | { kind: 'column'; qualifier?: string; ref?: TableRef; schemaQualified?: boolean }
  | { kind: 'keyword' };

export interface Analysis {
  context: CaretContext;
  /** The tables of the caret's query block, then those of the blocks around it (correlated subqueries). */
  scope: TableRef[];
  /** The statement's CTEs. */
  ctes: TableRef[];
  /** The part of a name typed before the caret, and where it starts (the completion replaces it). */
  prefix: string;
  prefixStart: number;
}

/** Keywords after which a table name comes. */
const TABLE_KEYWORDS = new Set(['FROM', 'JOIN', 'UPDATE', 'INTO', 'TABLE']);
/** Keywords after which a column (or an expression) comes. */
const COLUMN_KEYWORDS = new Set([
  'SELECT',
  'WHERE',
  'ON',
  'SET',
  'BY',
  'HAVING',
  'AND',
  'OR',
  'NOT',
  'XOR',
  'WHEN',
  'THEN',
  'ELSE',
  'CASE',
  'IN',
  'BETWEEN',
  'LIKE',
  'REGEXP',
  'IS',
  'DISTINCT',
  'USING',
  'RETURNING',
]);
/** Keywords that end a FROM clause's table list. */
const CLAUSE_KEYWORDS = new Set([
  ...TABLE_KEYWORDS,
  ...COLUMN_KEYWORDS,
  'GROUP',
  'ORDER',
  'LIMIT',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'VALUES',
  'WINDOW',
  'FOR',
  'INNER',
  'LEFT',
  'RIGHT',
  'CROSS',
  'NATURAL',
  'STRAIGHT_JOIN',
  'OUTER',
  'LATERAL',
  'AS',
  'WITH',
  'INTO',
  'PARTITION',
  'USE',
  'IGNORE',
  'FORCE',
  'DUAL',
]);
const SET_OPERATORS = new Set(['UNION', 'EXCEPT', 'INTERSECT']);
const OPERATORS = new Set(['=', '<', '>', '<=', '>=', '<>', '!=', '+', '-', '*', '/', '%', '||', '&&', ':=', '!']);

export function analyze(text: string, caret: number): Analysis {
  const tokens = tokenize(text);
  // The name being typed (the caret at its end or inside it) is the prefix, not a token before.
  const typing = tokens.find((t) => isName(t) && t.start < caret && caret <= t.end);
  const prefix = typing ? text.slice(typing.kind === 'quoted' ? typing.start + 1 : typing.start, caret) : '';
  const prefixStart = typing ? typing.start : caret;
  const before = tokens.filter((t) => t.end <= prefixStart);

  const groups = parenGroups(tokens);
  const caretGroup = innermostGroup(tokens, groups, prefixStart);
  const ctes = readCtes(tokens, groups);
  const scope = scopeAt(tokens, groups, caretGroup, prefixStart, ctes);

  return { context: contextOf(tokens, groups, before, caretGroup, scope, ctes), scope, ctes, prefix, prefixStart };
}

/** For each `(` token's index, the index of its `)` (or the end); the group a token is in: its innermost `(`. */
interface Groups {
  close: Map<number, number>;
  /** The index of the innermost `(` around each token (-1: the statement's top level). */
  parent: number[];
}

function parenGroups(tokens: Token[]): Groups {
  const close = new Map<number, number>();
  const parent: number[] = [];
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t.text === ')' && stack.length) {
      close.set(stack.pop()!, i);
      parent.push(stack.at(-1) ?? -1);
      return;
    }
    parent.push(stack.at(-1) ?? -1);
    if (t.text === '(') stack.push(i);
  });
  for (const open of stack) close.set(open, tokens.length);
  return { close, parent };
}

/** The innermost open `(` before `offset` whose group is still open there (-1: none). */
function innermostGroup(tokens: Token[], g: Groups, offset: number): number {
  let found = -1;
  tokens.forEach((t, i) => {
    if (
      t.text === '(' &&
      t.end <= offset &&
      (g.close.get(i)! >= tokens.length || tokens[g.close.get(i)!].start >= offset)
    )
      found = i;
  });
  return found;
}

/** A group holds a query when its first token is SELECT or WITH (or it is the top level). */
function isQueryGroup(tokens: Token[], open: number): boolean {
  if (open < 0) return true;
  const first = tokens[open + 1];
  return first?.upper === 'SELECT' || first?.upper === 'WITH';
}

/** The group of the query block around a group: itself when it holds a query, else the nearest that does. */
function queryGroupOf(tokens: Token[], g: Groups, group: number): number {
  let at = group;
  while (at >= 0 && !isQueryGroup(tokens, at)) at = g.parent[at];
  return at;
}

/** The indices of the tokens directly in `group` (not inside a deeper group), from `from` to `to`. */
function levelTokens(g: Groups, group: number, from = 0, to = g.parent.length): number[] {
  const out: number[] = [];
  for (let i = Math.max(0, from); i < to; i++) if (g.parent[i] === group) out.push(i);
  return out;
}

/** `WITH [RECURSIVE] name [(cols)] AS (query), ...` at the statement's start. */
function readCtes(tokens: Token[], g: Groups): TableRef[] {
  const ctes: TableRef[] = [];
  if (tokens[0]?.upper !== 'WITH') return ctes;
  let i = tokens[1]?.upper === 'RECURSIVE' ? 2 : 1;
  while (isName(tokens[i])) {
    const name = tokens[i].value;
    i++;
    let declared: string[] | undefined;
    if (tokens[i]?.text === '(') {
      const end = g.close.get(i)!;
      declared = levelTokens(g, i, i + 1, end)
        .map((k) => tokens[k])
        .filter(isName)
        .map((t) => t.value);
      i = end + 1;
    }
    if (tokens[i]?.upper !== 'AS' || tokens[i + 1]?.text !== '(') break;
    const open = i + 1;
    const end = g.close.get(open)!;
    ctes.push({
      kind: 'cte',
      name,
      columns: declared?.map((n) => ({ name: n })) ?? outputColumns(tokens, g, open, ctes),
    });
    i = end + 1;
    if (tokens[i]?.text !== ',') break;
    i++;
  }
  return ctes;
}

/**
 * The output columns of the first SELECT directly in `group` (a CTE's or a derived table's
 * query): `expr AS name`, `expr name`, `t.col` (col), `col`, and `*` / `t.*` (the columns of the
 * tables that query reads, resolved later with the metadata).
 */
function outputColumns(tokens: Token[], g: Groups, group: number, ctes: TableRef[]): OutputColumn[] {
  const level = levelTokens(g, group, group + 1, g.close.get(group) ?? tokens.length);
  const select = level.find((k) => tokens[k].upper === 'SELECT');
  if (select === undefined) return [];
  const from = level.find((k) => k > select && (tokens[k].upper === 'FROM' || SET_OPERATORS.has(tokens[k].upper)));
  const tables = blockTables(tokens, g, group, select, ctes);
  const items: number[][] = [[]];
  for (let k = select + 1; k < (from ?? g.close.get(group) ?? tokens.length); k++) {
    if (g.parent[k] === group && tokens[k].text === ',') items.push([]);
    else items[items.length - 1].push(k);
  }
  const out: OutputColumn[] = [];
  for (const item of items) {
    const own = item.filter((k) => g.parent[k] === group && !['DISTINCT', 'ALL'].includes(tokens[k].upper));
    if (!own.length) continue;
    const last = tokens[own[own.length - 1]];
    const prev = tokens[own[own.length - 2]];
    if (last.text === '*') {
      const qualifier = prev?.text === '.' ? tokens[own[own.length - 3]] : undefined;
      out.push({ star: qualifier ? tables.filter((t) => refIs(t, qualifier.value)) : tables });
    } else if (
      isName(last) &&
      (own.length === 1 || prev?.text === '.' || prev?.upper === 'AS' || prev?.text === ')' || isName(prev))
    )
      out.push({ name: last.value });
  }
  return out;
}

/** The tables a query block reads: its FROM / JOIN / UPDATE / INTO references, derived tables included. */
function blockTables(tokens: Token[], g: Groups, group: number, from: number, ctes: TableRef[]): TableRef[] {
  const end = g.close.get(group) ?? tokens.length;
  const level = levelTokens(g, group, from, end);
  // Up to the next set operator: `SELECT … UNION SELECT …` are two blocks.
  const stop = level.find((k) => k > from && SET_OPERATORS.has(tokens[k].upper));
  const own = stop === undefined ? level : level.filter((k) => k < stop);
  const refs: TableRef[] = [];
  let inFrom = false;
  for (let n = 0; n < own.length; n++) {
    const k = own[n];
    const t = tokens[k];
    const starts = TABLE_KEYWORDS.has(t.upper) || (inFrom && t.text === ',');
    if (TABLE_KEYWORDS.has(t.upper)) inFrom = t.upper === 'FROM' || t.upper === 'JOIN' || t.upper === 'UPDATE';
    else if (CLAUSE_KEYWORDS.has(t.upper) && t.upper !== 'AS') inFrom = false;
    if (!starts) continue;
    const next = own[n + 1];
    if (next === undefined) continue;
    // A derived table: `(SELECT …) [AS] alias`.
    if (tokens[next].text === '(' && isQueryGroup(tokens, next)) {
      const after = own.findIndex((x) => x > (g.close.get(next) ?? end));
      const alias = aliasAt(tokens, own, after);
      if (alias) refs.push({ kind: 'derived', name: alias, alias, columns: outputColumns(tokens, g, next, ctes) });
      continue;
    }
    if (!isName(tokens[next]) || CLAUSE_KEYWORDS.has(tokens[next].upper)) continue;
    let name = tokens[next].value;
    let schema: string | undefined;
    let m = n + 2;
    if (tokens[own[n + 2]]?.text === '.' && isName(tokens[own[n + 3]])) {
      schema = name;
      name = tokens[own[n + 3]].value;
      m = n + 4;
    }
    const alias = aliasAt(tokens, own, m);
    const cte = schema ? undefined : ctes.find((c) => c.name.toLowerCase() === name.toLowerCase());
    refs.push(cte ? { ...cte, alias } : { kind: 'table', schema, name, alias });
  }
  return refs;
}

/** The alias at `own[n]` (`AS x` or `x`), if the token there is one. */
function aliasAt(tokens: Token[], own: number[], n: number): string | undefined {
  if (n < 0) return undefined;
  let t = tokens[own[n]];
  if (t?.upper === 'AS') t = tokens[own[n + 1]];
  if (!isName(t) || (t.kind === 'word' && CLAUSE_KEYWORDS.has(t.upper))) return undefined;
  return t.value;
}

/** Whether `ref` is what `q` names: its alias, or its name when it has none (or a CTE's name). */
export function refIs(ref: TableRef, q: string): boolean {
  const lower = q.toLowerCase();
  return ref.alias !== undefined ? ref.alias.toLowerCase() === lower : ref.name.toLowerCase() === lower;
}

/** The tables of the caret's query block, then those of the blocks around it. */
function scopeAt(tokens: Token[], g: Groups, caretGroup: number, caret: number, ctes: TableRef[]): TableRef[] {
  const refs: TableRef[] = [];
  let group = queryGroupOf(tokens, g, caretGroup);
  for (let depth = 0; ; depth++) {
    const level = levelTokens(g, group, group + 1, g.close.get(group) ?? tokens.length);
    // The block of the caret within its group: from the last set operator before it (UNION's halves).
    const startAt = [...level].reverse().find((k) => SET_OPERATORS.has(tokens[k].upper) && tokens[k].end <= caret);
    const first = startAt !== undefined ? startAt + 1 : group + 1;
    refs.push(...blockTables(tokens, g, group, first, ctes).map((r) => ({ ...r, level: depth })));
    if (group < 0) break;
    group = queryGroupOf(tokens, g, g.parent[group]);
  }
  return refs;
}

function contextOf(
  tokens: Token[],
  g: Groups,
  before: Token[],
  caretGroup: number,
  scope: TableRef[],
  ctes: TableRef[],
): CaretContext {
  const prev = before.at(-1);
  if (!prev) return { kind: 'keyword' };
  const prevIndex = before.length - 1;

  if (prev.text === '.') {
    const q = before.at(-2);
    if (!isName(q)) return { kind: 'keyword' };
    const qq = before.at(-3)?.text === '.' ? before.at(-4) : undefined;
    if (tableClause(tokens, g, prevIndex - 2)) return { kind: 'table', schema: q.value };
    if (isName(qq))
      return {
        kind: 'column',
        qualifier: q.value,
        schemaQualified: true,
        ref: { kind: 'table', schema: qq.value, name: q.value },
      };
    const ref =
      scope.find((r) => refIs(r, q.value)) ?? ctes.find((c) => c.name.toLowerCase() === q.value.toLowerCase());
    // An unknown qualifier may be a schema (`SELECT * FROM t WHERE x IN (SELECT id FROM other.`): tables.
    return ref ? { kind: 'column', qualifier: q.value, ref } : { kind: 'column', qualifier: q.value };
  }

  // INSERT INTO t (…|…): the target's columns.
  if (caretGroup >= 0 && !isQueryGroup(tokens, caretGroup)) {
    const target = insertTarget(tokens, caretGroup);
    if (target) return { kind: 'column', ref: target };
    if (prev.text === '(' || prev.text === ',' || OPERATORS.has(prev.text)) return { kind: 'column' };
  }

  if (prev.text === ',' || prev.text === '(') {
    if (prev.text === '(' && tokens[prevIndex - 1]?.upper === 'JOIN') return { kind: 'table' };
    return tableClause(tokens, g, prevIndex) ? { kind: 'table' } : { kind: 'column' };
  }
  if (prev.kind === 'word' && TABLE_KEYWORDS.has(prev.upper)) return { kind: 'table' };
  if (prev.kind === 'word' && ['DESCRIBE', 'DESC', 'EXPLAIN'].includes(prev.upper) && prevIndex === 0)
    return { kind: 'table' };
  if (prev.kind === 'word' && COLUMN_KEYWORDS.has(prev.upper)) return { kind: 'column' };
  if (prev.kind === 'punct' && OPERATORS.has(prev.text)) return { kind: 'column' };
  return { kind: 'keyword' };
}

/** `INSERT [INTO] [schema.]t (` opening `group`: the target table. */
function insertTarget(tokens: Token[], group: number): TableRef | undefined {
  const name = tokens[group - 1];
  if (!isName(name)) return undefined;
  const dot = tokens[group - 2]?.text === '.';
  const schema = dot ? tokens[group - 3] : undefined;
  const kw = tokens[group - (dot ? 4 : 2)];
  if (!kw || !['INTO', 'INSERT', 'REPLACE'].includes(kw.upper)) return undefined;
  return { kind: 'table', name: name.value, schema: isName(schema) ? schema.value : undefined };
}

/** Whether the token at `index` is in a table list (after FROM / JOIN … and before the next clause). */
function tableClause(tokens: Token[], g: Groups, index: number): boolean {
  const group = g.parent[index];
  for (let k = index; k >= 0; k--) {
    if (g.parent[k] !== group) continue;
    const t = tokens[k];
    if (t.kind !== 'word') continue;
    if (t.upper === 'FROM' || t.upper === 'JOIN' || t.upper === 'UPDATE' || t.upper === 'INTO' || t.upper === 'TABLE')
      return true;
    if (
      k === 0 &&
      ['DESCRIBE', 'DESC', 'EXPLAIN'].includes(t.upper) &&
      // EXPLAIN SELECT …: the SELECT decides.
      !tokens.slice(1, index + 1).some((x) => x.upper === 'SELECT')
    )
      return true;
    if (COLUMN_KEYWORDS.has(t.upper) || ['GROUP', 'ORDER', 'LIMIT', 'VALUES'].includes(t.upper)) return false;
  }
  return false;
}
