// The SQL tokens completion and hover read (vscode-free): words (keywords and bare identifiers),
// `quoted` identifiers, string and number literals, punctuation, with their offsets. Comments and
// blanks are dropped. It never fails: an unterminated quote or comment runs to the end of the
// text, which is what a statement being typed looks like.

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'punct';

export interface Token {
  kind: TokenKind;
  /** The text as written (quotes included for `quoted` and strings). */
  text: string;
  /** The name a word or quoted identifier stands for (quotes removed, doubled backticks undone). */
  value: string;
  /** Upper-case `value` of a word, for keyword tests; '' for other kinds. */
  upper: string;
  start: number;
  end: number;
}

const WORD_START = /[A-Za-z_$\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, start: number, end: number, value = sql.slice(start, end)) =>
    tokens.push({
      kind,
      text: sql.slice(start, end),
      value,
      upper: kind === 'word' ? value.toUpperCase() : '',
      start,
      end,
    });
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i++;
    } else if ((c === '-' && next === '-' && (i + 2 >= sql.length || /\s/.test(sql[i + 2]))) || c === '#') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl;
    } else if (c === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? sql.length : close + 2;
    } else if (c === '`') {
      const end = closing(sql, i, '`');
      const inner = sql.slice(i + 1, sql[end - 1] === '`' && end - 1 > i ? end - 1 : end);
      push('quoted', i, end, inner.replace(/``/g, '`'));
      i = end;
    } else if (c === "'" || c === '"') {
      const end = closing(sql, i, c);
      push('string', i, end);
      i = end;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next ?? '') && !isNameEnd(tokens, i))) {
      let j = i + 1;
      while (j < sql.length && /[0-9A-Za-z_.]/.test(sql[j])) j++;
      push('number', i, j);
      i = j;
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < sql.length && WORD_PART.test(sql[j])) j++;
      push('word', i, j);
      i = j;
    } else {
      // Two-character operators stay one token; the rest are single characters.
      const two = sql.slice(i, i + 2);
      const len = ['<=', '>=', '<>', '!=', ':=', '||', '&&', '->'].includes(two) ? 2 : 1;
      push('punct', i, i + len);
      i += len;
    }
  }
  return tokens;
}

/** `t.1` is not a number: a dot right after a name is a qualifier's. */
function isNameEnd(tokens: Token[], at: number): boolean {
  const last = tokens[tokens.length - 1];
  return !!last && last.end === at && (last.kind === 'word' || last.kind === 'quoted');
}

/** Offset just past the quote closing the one at `from` (doubled quotes and backslashes escape). */
function closing(sql: string, from: number, q: string): number {
  let i = from + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (c === '\\' && q !== '`') i += 2;
    else if (c === q) {
      if (sql[i + 1] === q) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

/** A name token: a bare word or a `quoted` identifier. */
export const isName = (t: Token | undefined): t is Token => !!t && (t.kind === 'word' || t.kind === 'quoted');
