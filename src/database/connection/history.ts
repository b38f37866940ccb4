// Query history per connection (`${profileId}/${instanceId}/${user}`), kept in globalState so it
// survives a restart: newest first, a repeated statement moves to the top, bounded in entries
// and in size. Statements that carry a password are never kept (they would put it in settings
// storage in clear text): those the log's SQL redaction would change (../../client/redactSql.ts,
// the one function that knows every way MySQL takes a password).
import type { Memento } from 'vscode';
import { redactSql } from '../../client/redactSql';

export interface HistoryEntry {
  sql: string;
  /** When it last ran (ms since the epoch). */
  at: number;
  /** How its last run ended: failed or not, how long it took, rows returned or changed (no error text: it may quote the statement). */
  result?: RunResult;
}

export interface RunResult {
  failed: boolean;
  ms: number;
  rows: number;
}

export const HISTORY_KEY = 'nhncloud.database.queryHistory';
export const MAX_ENTRIES = 100;
export const MAX_STATEMENT_CHARS = 20_000;
/** Connections remembered; the least recently used one is forgotten first. */
export const MAX_CONNECTIONS = 50;

/** Whether a statement may be kept: not too long, and no password in it (masked, it would run as another statement). */
export function keepsInHistory(sql: string): boolean {
  return sql.length <= MAX_STATEMENT_CHARS && redactSql(sql) === sql;
}

type Stored = Record<string, { at: number; entries: HistoryEntry[] }>;

export class QueryHistory {
  constructor(
    private readonly state: Memento,
    private readonly now: () => number = Date.now,
  ) {}

  list(sessionId: string): HistoryEntry[] {
    return this.read()[sessionId]?.entries ?? [];
  }

  add(sessionId: string, sql: string): void {
    const text = sql.trim();
    if (!text || !keepsInHistory(text)) return;
    const all = this.read();
    const at = this.now();
    const entries = [{ sql: text, at }, ...(all[sessionId]?.entries ?? []).filter((e) => e.sql !== text)].slice(
      0,
      MAX_ENTRIES,
    );
    all[sessionId] = { at, entries };
    const ids = Object.keys(all).sort((a, b) => all[b].at - all[a].at);
    for (const id of ids.slice(MAX_CONNECTIONS)) delete all[id];
    void this.state.update(HISTORY_KEY, all);
  }

  /** How the run of `sql` that `add` put first ended: the entry says it (a failure too) until it runs again. */
  settle(sessionId: string, sql: string, result: RunResult): void {
    const text = sql.trim();
    const all = this.read();
    const entry = all[sessionId]?.entries.find((e) => e.sql === text);
    if (!entry) return;
    all[sessionId] = {
      ...all[sessionId],
      entries: all[sessionId].entries.map((e) => (e === entry ? { ...e, result: { ...result } } : e)),
    };
    void this.state.update(HISTORY_KEY, all);
  }

  private read(): Stored {
    const v = this.state.get<unknown>(HISTORY_KEY);
    return v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Stored) } : {};
  }
}

/**
 * Where a statement picked from the history goes in the console, so that it never runs into
 * the text around it (it was inserted at the cursor: `SELEC 1SELECT * FROM t;`):
 * - a selection is replaced by it;
 * - on a line with text, it goes on a new line after that line;
 * - on a blank line, at the cursor.
 * `text` is what to insert at `line`/`character` (replacing `replaceTo` when set); the cursor
 * goes to the end of it, `cursorLine`/`cursorCharacter`.
 */
export function historyPlacement(
  sql: string,
  at: {
    line: number;
    character: number;
    lineText: string;
    selection?: { startLine: number; startCharacter: number; endLine: number; endCharacter: number };
  },
): {
  text: string;
  line: number;
  character: number;
  replaceTo?: { line: number; character: number };
  cursorLine: number;
  cursorCharacter: number;
} {
  const statement = `${sql};`;
  const lines = statement.split('\n');
  const lastLength = lines[lines.length - 1].length;
  const sel = at.selection;
  if (sel && (sel.startLine !== sel.endLine || sel.startCharacter !== sel.endCharacter)) {
    return {
      text: statement,
      line: sel.startLine,
      character: sel.startCharacter,
      replaceTo: { line: sel.endLine, character: sel.endCharacter },
      cursorLine: sel.startLine + lines.length - 1,
      cursorCharacter: (lines.length === 1 ? sel.startCharacter : 0) + lastLength,
    };
  }
  if (at.lineText.trim() === '') {
    return {
      text: statement,
      line: at.line,
      character: at.character,
      cursorLine: at.line + lines.length - 1,
      cursorCharacter: (lines.length === 1 ? at.character : 0) + lastLength,
    };
  }
  return {
    text: `\n${statement}`,
    line: at.line,
    character: at.lineText.length,
    cursorLine: at.line + lines.length,
    cursorCharacter: lastLength,
  };
}
