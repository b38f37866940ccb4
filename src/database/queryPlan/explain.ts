// Asks the server for a statement's plan and builds the plan view's model from its answer
// (vscode-free: the unit tests drive it against a real MariaDB). Which statement to send depends
// on the server: `EXPLAIN FORMAT=JSON` everywhere; for the actual figures MariaDB has `ANALYZE
// FORMAT=JSON` (10.1+) and MySQL `EXPLAIN ANALYZE` (8.0.18+, an indented text tree).
import type { Connection } from 'mysql2/promise';
import { l10n } from '../../shared/l10n';
import { planFromJson, planFromTree, type QueryPlan } from './model';

export interface ServerVersion {
  mariadb: boolean;
  major: number;
  minor: number;
  patch: number;
}

/** `SELECT VERSION()`'s answer (`8.0.36`, `10.11.19-MariaDB-0+deb12u1`) as numbers. */
export function serverVersion(text: string): ServerVersion {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(text) ?? [];
  return {
    mariadb: /mariadb/i.test(text),
    major: Number(m[1] ?? 0),
    minor: Number(m[2] ?? 0),
    patch: Number(m[3] ?? 0),
  };
}

function atLeast(v: ServerVersion, major: number, minor: number, patch: number): boolean {
  return v.major !== major ? v.major > major : v.minor !== minor ? v.minor > minor : v.patch >= patch;
}

export type ExplainRequest = { sql: string; format: 'json' | 'tree' } | { unsupported: string };

/** What to send for `statement`'s plan on this server (`analyze`: run it and measure). */
export function explainRequest(statement: string, version: ServerVersion, analyze: boolean): ExplainRequest {
  const body = statement.trim().replace(/;+\s*$/, '');
  if (!analyze) return { sql: `EXPLAIN FORMAT=JSON ${body}`, format: 'json' };
  if (version.mariadb) return { sql: `ANALYZE FORMAT=JSON ${body}`, format: 'json' };
  if (atLeast(version, 8, 0, 18)) return { sql: `EXPLAIN ANALYZE ${body}`, format: 'tree' };
  return {
    unsupported: l10n.t(
      'Explain Analyze needs MySQL 8.0.18 or later (this server is {0}); Explain shows the estimates.',
      [version.major, version.minor, version.patch].join('.'),
    ),
  };
}

/** The plan text of an EXPLAIN's answer: the first column of its first row. */
function firstCell(rows: unknown): string {
  const row = Array.isArray(rows) ? (rows[0] as unknown) : undefined;
  const cell = Array.isArray(row) ? row[0] : undefined;
  if (typeof cell === 'string') return cell;
  if (Buffer.isBuffer(cell)) return cell.toString('utf8');
  throw new Error(l10n.t('The server answered the EXPLAIN without a plan.'));
}

/**
 * Sends the plan request on `conn` and builds the plan. The server's refusal (a statement it
 * cannot explain, a syntax error) rejects with its own error, which the console shows as it is.
 */
export async function explainStatement(
  conn: Connection,
  request: { sql: string; format: 'json' | 'tree' },
): Promise<{ plan: QueryPlan; answeredAt: number }> {
  const [rows] = await conn.query({ sql: request.sql, rowsAsArray: true });
  // When the answer was in (wall clock, shared with the webview): the benchmark's "drawn after the
  // server's answer" starts here.
  const answeredAt = Date.now();
  const text = firstCell(rows);
  return { plan: request.format === 'json' ? planFromJson(text) : planFromTree(text), answeredAt };
}
