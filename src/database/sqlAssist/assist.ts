// Completion items and hover texts from an analysis of the caret (./scope.ts) and the schema
// metadata (./metadata.ts), vscode-free: the extension turns them into VS Code's items
// (./provider.ts), the unit tests compare them exactly.
import { l10n, plural, formatCount } from '../../shared/l10n';
import { KEYWORDS, type BuiltinFunction } from './builtins';
import { isName, tokenize } from './lexer';
import type { ColumnInfo, RoutineInfo, SchemaMetadata, TableInfo } from './metadata';
import { analyze, refIs, type Analysis, type TableRef } from './scope';

export type ItemKind = 'schema' | 'table' | 'view' | 'cte' | 'column' | 'alias' | 'function' | 'routine' | 'keyword';

export interface AssistItem {
  label: string;
  kind: ItemKind;
  /** What the item is, in a few words: `int unsigned · NOT NULL · PRI`, `table · 1,200 rows`. */
  detail: string;
  /** Where it comes from: the table of a column, the schema of a table. */
  description?: string;
  /** Text inserted when it differs from the label (a keyword's, a function's opening parenthesis). */
  insertText?: string;
  /** Likely first: VS Code sorts by this, then by label. */
  sortText: string;
}

export interface AssistEnv {
  /** The schema unqualified names are in (the console's). */
  schema: string | undefined;
  /** The loaded metadata of a schema, if any. */
  metadata(schema: string): SchemaMetadata | undefined;
  /** The schemas the user may read. */
  schemas: readonly string[];
  functions: readonly BuiltinFunction[];
}

/** The schemas whose metadata the items at this caret may need (loaded by the caller first). */
export function schemasNeeded(a: Analysis, schema: string | undefined): string[] {
  const out = new Set<string>();
  if (schema) out.add(schema);
  for (const r of [...a.scope, ...a.ctes]) if (r.schema) out.add(r.schema);
  if (a.context.kind === 'table' && a.context.schema) out.add(a.context.schema);
  if (a.context.kind === 'column' && a.context.ref?.schema) out.add(a.context.ref.schema);
  if (a.context.kind === 'column' && a.context.qualifier && !a.context.ref) out.add(a.context.qualifier);
  return [...out];
}

const pad = (n: number) => String(n).padStart(5, '0');

/** The items for `text` with the caret at `caret`. */
export function completionItems(text: string, caret: number, env: AssistEnv): AssistItem[] {
  return itemsFor(analyze(text, caret), env);
}

/**
 * Whether `label` can match what is typed the way VS Code's suggest filter matches: the typed
 * characters in order, case aside, anywhere in the label (its own filter then scores them). The
 * list sent to VS Code keeps only these: 2,000 tables crossing to the editor and filtered there
 * cost tens of milliseconds a keystroke; a few dozen cost nothing. The provider marks such a
 * list incomplete, so VS Code asks again as the typing changes.
 */
export function mayMatch(label: string, typed: string): boolean {
  if (!typed) return true;
  const l = label.toLowerCase();
  const t = typed.toLowerCase();
  let at = 0;
  for (const ch of t) {
    at = l.indexOf(ch, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

export function itemsFor(a: Analysis, env: AssistEnv): AssistItem[] {
  const c = a.context;
  if (c.kind === 'keyword') return keywordItems('0');
  if (c.kind === 'table') {
    if (c.schema) return tableItems(env.metadata(c.schema), '0');
    return [
      ...a.ctes.map((t, i) => ({
        label: t.name,
        kind: 'cte' as const,
        detail: l10n.t('common table expression'),
        sortText: `0${pad(i)}`,
      })),
      ...tableItems(env.schema ? env.metadata(env.schema) : undefined, '1'),
      ...env.schemas
        .filter((s) => s !== env.schema)
        .map((s, i) => ({ label: s, kind: 'schema' as const, detail: l10n.t('schema'), sortText: `2${pad(i)}` })),
    ];
  }
  // A qualifier before the dot: that table's columns only (or, unknown as a table, a schema's tables).
  if (c.qualifier !== undefined) {
    if (!c.ref) return tableItems(env.metadata(c.qualifier), '0');
    return columnsOf(c.ref, env).map((col, i) => columnItem(col, c.ref!, `0${pad(i)}`));
  }
  // Columns of the tables in scope, offered qualified where the bare name would be ambiguous
  // (two tables of one query block have it) or would mean another table's (a subquery's own
  // column hides an outer one of the same name, as the server resolves it).
  const columns = a.scope.flatMap((ref) => columnsOf(ref, env).map((col) => ({ ref, col, level: ref.level ?? 0 })));
  const qualified = (name: string, ref: TableRef, level: number) =>
    columns.some((o) => o.ref !== ref && o.level <= level && o.col.name.toLowerCase() === name.toLowerCase());
  const items: AssistItem[] = columns.map(({ ref, col, level }, i) => {
    const item = columnItem(col, ref, `0${pad(i)}`);
    return qualified(col.name, ref, level) ? { ...item, label: `${ref.alias ?? ref.name}.${col.name}` } : item;
  });
  items.push(
    ...a.scope.map((ref, i) => ({
      label: ref.alias ?? ref.name,
      kind: 'alias' as const,
      detail: ref.alias ? l10n.t('alias of {0}', ref.name) : refDetail(ref),
      sortText: `1${pad(i)}`,
    })),
    ...env.functions.map((f, i) => ({
      label: f.name,
      kind: 'function' as const,
      detail: f.signature,
      description: f.summary,
      insertText: `${f.name}(`,
      sortText: `2${pad(i)}`,
    })),
    ...(env.schema ? (env.metadata(env.schema)?.routines ?? []) : [])
      .filter((r) => r.kind === 'FUNCTION')
      .map((r, i) => ({
        label: r.name,
        kind: 'routine' as const,
        detail: routineSignature(r),
        insertText: `${r.name}(`,
        sortText: `2${pad(i)}`,
      })),
    ...keywordItems('3'),
  );
  return items;
}

/** `net(amount decimal(10,2)) → decimal(10,2)`: a stored function as it is called and what it returns. */
const routineSignature = (r: RoutineInfo): string => [r.name + r.params, r.returns].filter(Boolean).join(' → ');

function keywordItems(group: string): AssistItem[] {
  return KEYWORDS.map((k, i) => ({
    label: k,
    kind: 'keyword' as const,
    detail: l10n.t('keyword'),
    sortText: `${group}${pad(i)}`,
  }));
}

function tableItems(meta: SchemaMetadata | undefined, group: string): AssistItem[] {
  if (!meta) return [];
  return [...meta.tables.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t, i) => ({
      label: t.name,
      kind: t.view ? ('view' as const) : ('table' as const),
      detail: tableDetail(t),
      description: meta.schema,
      sortText: `${group}${pad(i)}`,
    }));
}

function tableDetail(t: TableInfo): string {
  if (t.view) return l10n.t('view');
  return t.rows === null
    ? l10n.t('table')
    : plural(
        t.rows,
        l10n.t('table · about {0} row', formatCount(t.rows)),
        l10n.t('table · about {0} rows', formatCount(t.rows)),
      );
}

function refDetail(ref: TableRef): string {
  return ref.kind === 'cte'
    ? l10n.t('common table expression')
    : ref.kind === 'derived'
      ? l10n.t('subquery')
      : l10n.t('table');
}

/** A column's type, nullability and key: `int unsigned · NOT NULL · PRI`. */
export function columnDetail(col: ColumnInfo): string {
  return [col.type, col.nullable ? 'NULL' : 'NOT NULL', col.key].filter(Boolean).join(' · ');
}

function columnItem(col: ColumnInfo, ref: TableRef, sortText: string): AssistItem {
  return {
    label: col.name,
    kind: 'column',
    detail: columnDetail(col),
    description: ref.alias && ref.alias !== ref.name ? `${ref.name} ${ref.alias}` : ref.name,
    sortText,
  };
}

/** The table a reference reads, from the metadata (undefined: not a table, or not loaded). */
function tableOf(ref: TableRef, env: AssistEnv): TableInfo | undefined {
  if (ref.kind !== 'table') return undefined;
  const schema = ref.schema ?? env.schema;
  return schema ? env.metadata(schema)?.tables.get(ref.name.toLowerCase()) : undefined;
}

/** The columns of a reference: a table's from the metadata, a CTE's or subquery's from its select list. */
function columnsOf(ref: TableRef, env: AssistEnv, depth = 0): ColumnInfo[] {
  if (ref.kind === 'table') return tableOf(ref, env)?.columns ?? [];
  if (depth > 8) return [];
  return (ref.columns ?? []).flatMap((c) =>
    'name' in c
      ? [{ name: c.name, type: '', nullable: true, key: '', default: null, extra: '', comment: '' }]
      : c.star.flatMap((r) => columnsOf(r, env, depth + 1)),
  );
}

/** What the name at an offset stands for: a table (with its schema) or a column of a table. */
export type NamedThing =
  | { kind: 'table'; table: TableInfo; schema: string | undefined }
  | { kind: 'column'; column: ColumnInfo; table: TableInfo; schema: string | undefined };

/** The table or column the name at `offset` of `text` means, from the metadata; undefined when none is known. */
export function nameAt(text: string, offset: number, env: AssistEnv): NamedThing | undefined {
  const tokens = tokenize(text);
  const at = tokens.findIndex((t) => isName(t) && t.start <= offset && offset <= t.end);
  if (at < 0) return undefined;
  const token = tokens[at];
  const a = analyze(text, token.end);
  const qualifier = tokens[at - 1]?.text === '.' && isName(tokens[at - 2]) ? tokens[at - 2].value : undefined;
  const followedByDot = tokens[at + 1]?.text === '.';
  const asTable = (ref: TableRef): NamedThing | undefined => {
    const table = tableOf(ref, env);
    return table && { kind: 'table', table, schema: ref.schema ?? env.schema };
  };

  if (a.context.kind === 'table' || (followedByDot && !qualifier)) {
    // A table (`FROM orders`, `orders.id`, `o.id` where o is an alias).
    return asTable(
      a.scope.find((r) => refIs(r, token.value)) ?? { kind: 'table', name: token.value, schema: qualifier },
    );
  }
  const refs = qualifier ? a.scope.filter((r) => refIs(r, qualifier)) : a.scope;
  for (const ref of refs) {
    const table = tableOf(ref, env);
    const column = table?.columns.find((c) => c.name.toLowerCase() === token.value.toLowerCase());
    if (column && table) return { kind: 'column', column, table, schema: ref.schema ?? env.schema };
  }
  // An alias or table name on its own.
  const ref = a.scope.find((r) => refIs(r, token.value));
  return ref && asTable(ref);
}

/** The hover text (Markdown) of the name at `offset`: a table's or a column's, or undefined. */
export function hoverText(text: string, offset: number, env: AssistEnv): string | undefined {
  const named = nameAt(text, offset, env);
  if (!named) return undefined;
  return named.kind === 'table' ? tableHover(named.table, named.schema) : columnHover(named.column, named.table);
}

/**
 * Text from the server (names, comments, types, defaults) as Markdown that shows it as written:
 * every character Markdown could read as markup escaped (a `=` line would make a heading, `&` an
 * entity, `~` a strike-through, `:` and `.` a bare address a link).
 */
export const md = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|<>~&=:]/g, '\\$&');

/**
 * `s` as inline code: fenced by one backtick more than its longest run of them (CommonMark), a
 * space inside each fence when it starts or ends with a backtick or a space, and its line breaks
 * as spaces (a blank line would end the code), so an ENUM member's backtick or line break cannot
 * close the code and make the rest live Markdown.
 */
export function mdCode(text: string): string {
  const s = text.replace(/[\r\n]/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...(s.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const pad = /^[` ]|[` ]$/.test(s) ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
}

function tableHover(t: TableInfo, schema: string | undefined): string {
  const lines = [
    `**${md(schema ? `${schema}.${t.name}` : t.name)}** · ${md(t.view ? l10n.t('view') : l10n.t('table'))}` +
      (t.engine ? ` · ${md(t.engine)}` : '') +
      (t.rows !== null && !t.view
        ? ` · ${md(plural(t.rows, l10n.t('about {0} row', formatCount(t.rows)), l10n.t('about {0} rows', formatCount(t.rows))))}`
        : ''),
  ];
  if (t.comment) lines.push('', md(t.comment));
  if (t.indexes.length)
    lines.push(
      '',
      `${md(l10n.t('Indexes'))}:`,
      ...t.indexes.map(
        (i) =>
          `- ${md(i.name)} (${md(i.columns.join(', '))})${i.unique && i.name !== 'PRIMARY' ? ` · ${md(l10n.t('unique'))}` : ''}`,
      ),
    );
  return lines.join('\n');
}

function columnHover(col: ColumnInfo, t: TableInfo): string {
  const facts = [
    mdCode(col.type),
    col.nullable ? 'NULL' : 'NOT NULL',
    col.default !== null ? md(l10n.t('default {0}', col.default)) : '',
    col.key ? md(l10n.t('key {0}', col.key)) : '',
    md(col.extra),
  ].filter(Boolean);
  const lines = [`**${md(`${t.name}.${col.name}`)}** · ${facts.join(' · ')}`];
  if (col.comment) lines.push('', md(col.comment));
  return lines.join('\n');
}
