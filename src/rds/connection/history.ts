// Query history per connection (`${profileId}/${instanceId}/${user}`), kept in globalState so it
// survives a restart: newest first, a repeated statement moves to the top, bounded in entries
// and in size. Statements that set a password are never kept (they would put it in settings
// storage in clear text).
import type { Memento } from 'vscode';

export interface HistoryEntry {
  sql: string;
  /** When it last ran (ms since the epoch). */
  at: number;
}

export const HISTORY_KEY = 'nhncloud.database.queryHistory';
export const MAX_ENTRIES = 100;
export const MAX_STATEMENT_CHARS = 20_000;
/** Connections remembered; the least recently used one is forgotten first. */
export const MAX_CONNECTIONS = 50;

/** Statements that carry a password: IDENTIFIED BY '…', PASSWORD('…'), SET PASSWORD, CHANGE MASTER … PASSWORD. */
const CARRIES_PASSWORD =
  /\bidentified\s+(by|with)\b|\bpassword\s*\(|\bset\s+password\b|\bmaster_password\b|\bpassword\s*=/i;

export function keepsInHistory(sql: string): boolean {
  return sql.length <= MAX_STATEMENT_CHARS && !CARRIES_PASSWORD.test(sql);
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

  private read(): Stored {
    const v = this.state.get<unknown>(HISTORY_KEY);
    return v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as Stored) } : {};
  }
}
