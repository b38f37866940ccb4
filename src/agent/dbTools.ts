// The database tools (issue 64): on a connection the person opened in the explorer (Connect...),
// the schema, a read-only query and a query's plan. What may run is decided by ./readOnlySql.ts
// (the console's own statement reader), and the query runs in a READ ONLY transaction that is
// rolled back, with the rows capped.
import type { Connection } from 'mysql2/promise';
import { l10n } from '../shared/l10n';
import { loadSchemaMetadata } from '../database/sqlAssist/metadata';
import { explainRequest, explainStatement, serverVersion } from '../database/queryPlan/explain';
import type { PlanNode } from '../database/queryPlan/model';
import { answer, ToolError, type ToolAnswer } from './answer';
import type { AgentContext, AgentDbSession } from './context';
import { readOnlyStatement } from './readOnlySql';
import type { ToolInput } from './tools';

export const DEFAULT_ROWS = 100;
export const MAX_ROWS = 1000;
/** A read-only query's time limit: an agent's SELECT never holds a server for long. */
export const QUERY_TIMEOUT_MS = 30_000;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The connection a tool call means: by id, by instance name, or the only one there is. */
export function sessionFor(ctx: AgentContext, input: ToolInput): AgentDbSession {
  const sessions = ctx.sessions();
  const wanted = text(input.connection);
  if (!sessions.length)
    throw new ToolError(
      l10n.t(
        'No database connection is open. Ask the user to connect to the DB instance in the NHN Cloud explorer (Connect...) first.',
      ),
    );
  const found = wanted
    ? (sessions.find((s) => s.id === wanted) ??
      sessions.filter((s) => s.target.instanceName.toLowerCase() === wanted.toLowerCase())[0])
    : sessions.length === 1
      ? sessions[0]
      : undefined;
  if (!found)
    throw new ToolError(
      l10n.t(
        'Name the connection in "connection". The open connections: {0}.',
        sessions.map((s) => `${s.target.instanceName} (${s.user}, id ${s.id})`).join(', '),
      ),
    );
  return found;
}

/** What a connection is, for the answer: never its password. */
const about = (s: AgentDbSession) => ({ connection: s.id, instance: s.target.instanceName, user: s.user });

async function withConnection<T>(session: AgentDbSession, fn: (c: Connection) => Promise<T>): Promise<T> {
  const c = await session.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => c.destroy());
  }
}

function schemaOf(session: AgentDbSession, input: ToolInput): string {
  const schema =
    text(input.schema) ?? session.schema ?? (session.userSchemas.length === 1 ? session.userSchemas[0] : undefined);
  if (!schema)
    throw new ToolError(
      l10n.t('Name the schema in "schema". The schemas of this connection: {0}.', session.userSchemas.join(', ')),
    );
  return schema;
}

export async function dbSchema(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const session = sessionFor(ctx, input);
  if (!text(input.schema) && !session.schema && session.userSchemas.length !== 1)
    return answer(ctx, 'nhncloud_db_schema', [session.target.region], { schemas: session.userSchemas }, about(session));
  const schema = schemaOf(session, input);
  const meta = await withConnection(session, (c) => loadSchemaMetadata(c, schema));
  const wanted = text(input.table)?.toLowerCase();
  const tables = [...meta.tables.values()]
    .filter((t) => !wanted || t.name.toLowerCase() === wanted)
    .map((t) => ({
      name: t.name,
      view: t.view || undefined,
      engine: t.engine,
      estimatedRows: t.rows,
      comment: t.comment || undefined,
      columns: t.columns.map((c) => ({
        name: c.name,
        type: c.type,
        nullable: c.nullable,
        key: c.key || undefined,
        default: c.default,
        extra: c.extra || undefined,
      })),
      indexes: t.indexes,
    }));
  if (wanted && !tables.length)
    throw new ToolError(l10n.t('The schema {0} has no table or view named {1}.', schema, String(input.table)));
  return answer(
    ctx,
    'nhncloud_db_schema',
    [session.target.region],
    { schema, serverVersion: meta.serverVersion, tables },
    about(session),
  );
}

/** Refuses what may change data (./readOnlySql.ts), with the reason; the statement otherwise. */
export function checkedStatement(input: ToolInput): string {
  const sql = typeof input.sql === 'string' ? input.sql : '';
  const verdict = readOnlyStatement(sql);
  if (!verdict.ok) throw new ToolError(verdict.reason);
  return verdict.statement;
}

export async function dbQuery(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const session = sessionFor(ctx, input);
  const statement = checkedStatement(input);
  const maxRows =
    typeof input.maxRows === 'number' ? Math.min(MAX_ROWS, Math.max(1, Math.floor(input.maxRows))) : DEFAULT_ROWS;
  const schema = text(input.schema);
  const result = await withConnection(session, async (c) => {
    if (schema) await c.query(`USE \`${schema.replace(/`/g, '``')}\``);
    // Even a statement the reader passed runs where it cannot write: a stored function called by a
    // SELECT is refused by the server inside a read-only transaction.
    await c.query('START TRANSACTION READ ONLY');
    try {
      const [rows, fields] = await c.query({ sql: statement, rowsAsArray: true, timeout: QUERY_TIMEOUT_MS });
      const list = Array.isArray(rows) ? (rows as unknown[][]) : [];
      return {
        columns: (fields ?? []).map((f) => f.name),
        rows: list.slice(0, maxRows).map((r) => r.map(cell)),
        total: list.length,
      };
    } finally {
      await c.query('ROLLBACK').catch(() => undefined);
    }
  });
  return answer(
    ctx,
    'nhncloud_db_query',
    [session.target.region],
    { columns: result.columns, rows: result.rows },
    {
      ...about(session),
      sql: statement,
      rowCount: result.rows.length,
      ...(result.total > result.rows.length ? { truncated: true, totalRows: result.total } : {}),
    },
  );
}

/** A value as JSON carries it: binary as 0x hex, dates and big numbers as the server wrote them. */
function cell(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return `0x${v.toString('hex')}`;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return v.toString();
  return v;
}

/** What the plan view marks on a step: full scans, filesorts, temporary tables. */
interface PlanStep {
  kind: string;
  table?: string;
  access?: string;
  key?: string;
  rows?: number;
  marks: string[];
}

function steps(node: PlanNode, out: PlanStep[] = []): PlanStep[] {
  const marks: string[] = [];
  if (node.fullScan) marks.push('full table scan');
  if (node.fullIndexScan) marks.push('full index scan');
  if (node.kind === 'filesort') marks.push('filesort');
  if (node.kind === 'temporary' || node.traits?.includes('temporary')) marks.push('temporary table');
  if (node.kind !== 'query' || marks.length)
    out.push({ kind: node.kind, table: node.name, access: node.access, key: node.key, rows: node.rows, marks });
  for (const child of node.children ?? []) steps(child, out);
  return out;
}

export async function dbExplain(ctx: AgentContext, input: ToolInput): Promise<ToolAnswer> {
  const session = sessionFor(ctx, input);
  const statement = checkedStatement(input);
  const schema = text(input.schema);
  const plan = await withConnection(session, async (c) => {
    if (schema) await c.query(`USE \`${schema.replace(/`/g, '``')}\``);
    const [v] = await c.query({ sql: 'SELECT VERSION()', rowsAsArray: true });
    const version = serverVersion(String((v as unknown[][])[0]?.[0] ?? ''));
    const request = explainRequest(statement, version, false);
    if ('unsupported' in request) throw new ToolError(request.unsupported);
    return (await explainStatement(c, request)).plan;
  });
  const all = steps(plan.root);
  return answer(
    ctx,
    'nhncloud_db_explain',
    [session.target.region],
    {
      steps: all,
      warnings: all.filter((s) => s.marks.length).map((s) => `${s.table ?? s.kind}: ${s.marks.join(', ')}`),
    },
    { ...about(session), sql: statement },
  );
}
