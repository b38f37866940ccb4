// The query console's SQL splitter (vscode-free): where each statement of a document starts and
// ends, so Ctrl+Enter runs the one under the cursor, Ctrl+Shift+Enter runs them in order and a
// CodeLens sits above each. It knows what the mysql/mariadb clients know: '…', "…" and `…`
// (with doubled quotes and backslash escapes), -- and # line comments, /* … */ comments, and
// `DELIMITER xx` lines that change the terminator (stored procedures, triggers).

export interface Statement {
  /** The statement without its terminator, trimmed of surrounding blanks. */
  text: string;
  /** Offset of its first character in the document. */
  start: number;
  /** Offset just past its last character (before the terminator). */
  end: number;
}

/**
 * The text with every comment and quoted literal replaced by spaces (same length, newlines kept),
 * so a keyword search or a delimiter search never matches inside them. Backticked identifiers
 * are blanked too: a table named `where` is not a WHERE clause.
 */
export function maskLiterals(sql: string): string {
  const out = sql.split('');
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === '-' && next === '-' && (i + 2 >= sql.length || /\s/.test(sql[i + 2]))) {
      const end = lineEnd(sql, i);
      blank(i, end);
      i = end;
    } else if (c === '#') {
      const end = lineEnd(sql, i);
      blank(i, end);
      i = end;
    } else if (c === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      const end = close < 0 ? sql.length : close + 2;
      blank(i, end);
      i = end;
    } else if (c === "'" || c === '"' || c === '`') {
      const end = quoteEnd(sql, i);
      blank(i, end);
      i = end;
    } else {
      i++;
    }
  }
  return out.join('');
}

function lineEnd(sql: string, from: number): number {
  const nl = sql.indexOf('\n', from);
  return nl < 0 ? sql.length : nl;
}

/** Offset just past the closing quote of the literal opened at `from` (or the end of the text). */
function quoteEnd(sql: string, from: number): number {
  const q = sql[from];
  let i = from + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (c === '\\' && q !== '`') {
      i += 2;
    } else if (c === q) {
      if (sql[i + 1] === q) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  return sql.length;
}

const DELIMITER_LINE = /^[ \t]*delimiter[ \t]+(\S+)[ \t]*$/i;

/** Every statement of the document, in order. Statements that are only comments are left out. */
export function splitStatements(sql: string): Statement[] {
  const masked = maskLiterals(sql);
  const statements: Statement[] = [];
  let delimiter = ';';
  let start = 0;
  let i = 0;
  const push = (from: number, to: number) => {
    const raw = sql.slice(from, to);
    if (!masked.slice(from, to).trim()) return;
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    statements.push({ text, start: from + lead, end: from + lead + text.length });
  };
  while (i < sql.length) {
    // A DELIMITER command is a whole line of its own, between statements.
    if ((i === 0 || sql[i - 1] === '\n') && !masked.slice(start, i).trim()) {
      const end = lineEnd(sql, i);
      const m = DELIMITER_LINE.exec(masked.slice(i, end).replace(/\r$/, ''));
      if (m) {
        delimiter = sql
          .slice(i, end)
          .trim()
          .split(/[ \t]+/)[1];
        i = end + 1;
        start = i;
        continue;
      }
    }
    if (masked.startsWith(delimiter, i)) {
      push(start, i);
      i += delimiter.length;
      start = i;
      continue;
    }
    i++;
  }
  push(start, sql.length);
  return statements;
}

/**
 * The statement a cursor at `offset` of `sql` means: the one containing it; between two, the one
 * just before when the cursor is still on its last line (right after `…;`), else the next one.
 */
export function statementAt(sql: string, statements: readonly Statement[], offset: number): Statement | undefined {
  let before: Statement | undefined;
  for (const s of statements) {
    if (offset >= s.start && offset <= s.end) return s;
    if (s.end > offset) return before && !sql.slice(before.end, offset).includes('\n') ? before : s;
    before = s;
  }
  return before;
}

export type RiskyKind = 'drop' | 'truncate' | 'deleteWithoutWhere' | 'updateWithoutWhere';

/**
 * Why a statement must be confirmed on a production connection: DROP and TRUNCATE always,
 * DELETE and UPDATE when they have no WHERE of their own (a WHERE inside a subquery does not
 * count). Undefined for everything else.
 */
export function riskOf(sql: string): RiskyKind | undefined {
  const masked = maskLiterals(sql);
  const first = /^\s*(\w+)/.exec(masked)?.[1]?.toLowerCase();
  if (first === 'drop') return 'drop';
  if (first === 'truncate') return 'truncate';
  if (first !== 'delete' && first !== 'update') return undefined;
  // Only the top level counts: drop everything inside parentheses.
  let depth = 0;
  let top = '';
  for (const c of masked) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) top += c;
    if (depth > 0) top += ' ';
  }
  if (/\bwhere\b/i.test(top)) return undefined;
  return first === 'delete' ? 'deleteWithoutWhere' : 'updateWithoutWhere';
}

/**
 * Whether a statement only reads: SELECT, TABLE, VALUES, SHOW, DESCRIBE and a WITH that ends in a
 * SELECT, none of them writing INTO a file or variables, locking FOR UPDATE or taking a value
 * from a MariaDB sequence. Anything else (DELETE ... RETURNING too) may change data (EXPLAIN ANALYZE runs it: that asks first). Errs towards "may change".
 */
export function readsOnly(sql: string): boolean {
  const masked = maskLiterals(sql).replace(/^[\s(]+/, '');
  const first = /^(\w+)/.exec(masked)?.[1]?.toLowerCase();
  if (!first || !['select', 'with', 'table', 'values', 'show', 'describe', 'desc', 'explain'].includes(first))
    return false;
  return (
    !/\b(insert|update|delete|replace|into|for\s+update|lock\s+in\s+share\s+mode)\b/i.test(masked) &&
    !TAKES_FROM_A_SEQUENCE.test(masked)
  );
}

/**
 * MariaDB's sequences change when a SELECT takes a value: NEXTVAL(s), NEXT VALUE FOR s and
 * SETVAL(s, n) (LASTVAL and PREVIOUS VALUE FOR only read). Matched on the masked text, so a
 * comment between the name and its parenthesis still counts and a string naming it does not.
 */
const TAKES_FROM_A_SEQUENCE = /\b(?:nextval|setval)\s*\(|\bnext\s+value\s+for\b/i;

/** MySQL's and MariaDB's parse error (ER_PARSE_ERROR): "… near 'FROMM t' at line 2". */
export const PARSE_ERROR_ERRNO = 1064;

/**
 * Where in `statement` a server error points, as offsets into the statement's text: the `near
 * '…' at line N` of a parse error (the server quotes the text from the first token it could not
 * take, cut at 80 characters), else the whole statement. The console underlines it.
 */
export function errorSpan(statement: string, message: string): { start: number; end: number } {
  const whole = { start: 0, end: statement.length };
  const m = /near '([\s\S]*)' at line (\d+)\s*$/.exec(message);
  if (!m) return whole;
  const lineStarts = [0];
  for (let i = 0; i < statement.length; i++) if (statement[i] === '\n') lineStarts.push(i + 1);
  const lineStart = lineStarts[Number(m[2]) - 1];
  if (lineStart === undefined) return whole;
  // An empty fragment: the statement ended where a token was expected.
  if (!m[1]) return { start: Math.max(0, statement.trimEnd().length - 1), end: statement.trimEnd().length };
  const at = statement.indexOf(m[1], lineStart);
  if (at < 0) return whole;
  // Up to the end of the first word of the fragment: the token the parser stopped at.
  const word = /^\S+/.exec(m[1])?.[0] ?? m[1];
  return { start: at, end: at + word.length };
}
