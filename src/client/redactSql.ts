// Passwords in SQL text (issue 62, item 5): the one function that masks them wherever the text is
// logged or kept. The Redactor runs it over every log line (./http/redact.ts), the query
// history keeps no statement it would change (src/database/connection/history.ts), and the server's
// error text of a statement is masked with it before anyone sees it
// (src/database/connection/queryRunner.ts), with the statement's own password values too: a syntax
// error quotes the statement from the failing token on, which may be the password alone.
//
// The ways MySQL and MariaDB take a password, each masked as '***':
// - IDENTIFIED BY 'pw', IDENTIFIED BY PASSWORD 'hash', IDENTIFIED WITH plugin BY 'pw' / AS 'hash',
//   IDENTIFIED VIA plugin USING 'hash' (CREATE USER, ALTER USER, GRANT), and REPLACE 'current';
// - PASSWORD = 'pw' and every *_PASSWORD = (SET PASSWORD, START REPLICA ... PASSWORD=,
//   CHANGE MASTER TO MASTER_PASSWORD=, CHANGE REPLICATION SOURCE TO SOURCE_PASSWORD=),
//   SET PASSWORD FOR user = 'pw', authentication_string = '...';
// - PASSWORD('pw'), OLD_PASSWORD('pw');
// - PASSWORD 'pw' (CREATE SERVER / ALTER SERVER ... OPTIONS (PASSWORD 'pw'));
// - a URL's password (FEDERATED and CONNECT tables: CONNECTION='mysql://user:pw@host/db/t');
// - every string argument of the RDS procedures mysql.tcrds_*(...) (tcrds_repl_changemaster
//   takes the replication user's password among them).
// A value is a string literal in any of its forms ('...', "...", N'...', _utf8mb4'...', X'...',
// 0x..., one cut off by the end of the text) or, where MySQL wants a literal and the text has
// none, the word there (a statement with a typo still carries the password).

/** What a masked password becomes: a literal, so the statement still reads as one. */
export const MASKED = "'***'";

/** A string literal, with its introducer; an unterminated one runs to the end of the text. */
const LITERAL = String.raw`(?:_\w+\s*|[nxb])?(?:'(?:[^'\\]|\\[\s\S]|'')*(?:'|$)|"(?:[^"\\]|\\[\s\S]|"")*(?:"|$))|0x[0-9a-f]+`;
/** A literal, or a bare word that is no keyword of the syntax around a password. */
const VALUE = String.raw`${LITERAL}|(?!(?:random|\w*password)\b)[^\s,;()'"\x60]+`;

/** Each rule: the text before the password (group 1), then the password (group 2). */
const RULES: readonly RegExp[] = [
  new RegExp(
    String.raw`(\bidentified\s+(?:(?:with|via)\s+(?:${LITERAL}|\x60[^\x60]*\x60|\w+)\s+)?(?:by|as|using)\s+(?:password\s+)?)(${VALUE})`,
    'gi',
  ),
  new RegExp(String.raw`(\b\w*(?:password|authentication_string)\s*=\s*)(${VALUE})`, 'gi'),
  new RegExp(String.raw`(\bpassword\s+for\s+[^=;]*?=\s*)(${VALUE})`, 'gi'),
  new RegExp(String.raw`(\b\w*password\s*\(\s*)(${VALUE})`, 'gi'),
  new RegExp(String.raw`(\b\w*password\s+)(${LITERAL})`, 'gi'),
  new RegExp(String.raw`(\breplace\s+)(${LITERAL})`, 'gi'),
];

/** A URL's password: `scheme://user:` (group 1), the password (group 2), up to the `@`. */
const URL_PASSWORD = /(\b[a-z][\w+.-]*:\/\/[^\s:/@'"]*:)([^\s@'"/]+)(?=@)/gi;

/**
 * The tokens that matter around calls of the RDS procedures: the start of a call, up to its
 * opening parenthesis (group 1), a literal (group 2), an opening (group 3) or a closing parenthesis.
 * Literals outside a call are read too, so that a parenthesis or a name inside one counts for nothing.
 */
const PROCEDURE_TOKEN = new RegExp(String.raw`(\btcrds_\w*\s*\()|(${LITERAL})|(\()|\)`, 'gi');

/** Texts that carry none of these words carry no password the rules find (checked first: log lines are many). */
const MAY_CARRY = /identified|password|authentication_string|tcrds_|:\/\//i;

/**
 * `text` with every password in it masked as '***'. With `statement` (the SQL that `text` is the
 * server's answer to), also every password value of that statement wherever it appears in `text`
 * (values of 4 characters or more, as the Redactor's known values).
 */
export function redactSql(text: string, statement?: string): string {
  let out = text;
  if (statement !== undefined)
    for (const value of sqlPasswords(statement)) if (value.length >= 4) out = out.split(value).join('***');
  // Stryker disable next-line ConditionalExpression: a shortcut for the many lines without such a word, in which the rules find nothing either
  if (!MAY_CARRY.test(out)) return out;
  for (const rule of RULES) out = out.replace(rule, (_m, before: string) => `${before}${MASKED}`);
  out = out.replace(URL_PASSWORD, (_m, before: string) => `${before}***`);
  return maskProcedureArguments(out);
}

/** The password values `sql` carries, as written (a literal without its quotes and introducer). */
export function sqlPasswords(sql: string): string[] {
  const values: string[] = [];
  for (const rule of RULES) for (const m of sql.matchAll(rule)) values.push(unquote(m[2]));
  for (const m of sql.matchAll(URL_PASSWORD)) values.push(m[2]);
  forEachProcedureLiteral(sql, (literal) => values.push(unquote(literal)));
  return values;
}

/** A value's text as it stands in the statement: a literal's inside, else the word. */
function unquote(value: string): string {
  const m = /(?:_\w+\s*|[nxb])?(['"])([\s\S]*?)\1?$/iy.exec(value);
  return m ? m[2] : value;
}

/** Every string argument of every tcrds_*(...) call masked. */
function maskProcedureArguments(text: string): string {
  let out = '';
  let copied = 0;
  forEachProcedureLiteral(text, (_literal, start, end) => {
    out += `${text.slice(copied, start)}${MASKED}`;
    copied = end;
  });
  return out + text.slice(copied);
}

/**
 * Calls `found` with each literal among the arguments of a tcrds_*(...) call, in order: the
 * arguments run to the call's closing parenthesis (nested ones counted, a call among them too),
 * or to the end of the text.
 */
function forEachProcedureLiteral(text: string, found: (literal: string, start: number, end: number) => void): void {
  /** How many parentheses are open since the start of the outermost call; 0: outside any call. */
  let depth = 0;
  for (const t of text.matchAll(PROCEDURE_TOKEN)) {
    if (t[1] !== undefined) depth++;
    else if (depth === 0) continue;
    else if (t[2] !== undefined) found(t[2], t.index, t.index + t[2].length);
    else depth += t[3] === undefined ? -1 : 1;
  }
}
