// Whether an agent's SQL may run on a connection the person opened (issue 64): the extension's own
// statement reader decides (src/database/connection/statements.ts: the splitter the query console runs
// and its readsOnly), never what the model says the statement does. One statement at a time, and
// only one that reads; the run itself happens in a READ ONLY transaction (./dbTools.ts), so a
// stored function that writes still cannot.
import { l10n } from '../shared/l10n';
import { maskLiterals, readsOnly, splitStatements } from '../database/connection/statements';

export type SqlVerdict = { ok: true; statement: string } | { ok: false; reason: string };

/** Words after which MySQL or MariaDB may write even in a statement that starts as a read. */
const WRITES_INSIDE = /\b(?:into\s+(?:outfile|dumpfile)|for\s+update|lock\s+in\s+share\s+mode|analyze)\b/i;

/** The verdict on `sql`: the one statement it holds when that statement only reads; else why not. */
export function readOnlyStatement(sql: string): SqlVerdict {
  const statements = splitStatements(sql);
  if (statements.length === 0) return { ok: false, reason: l10n.t('The text holds no SQL statement.') };
  if (statements.length > 1)
    return {
      ok: false,
      reason: l10n.t(
        'The text holds several statements; a read-only query runs one statement at a time. Send each SELECT on its own.',
      ),
    };
  const statement = statements[0].text;
  const masked = maskLiterals(statement);
  if (!readsOnly(statement) || WRITES_INSIDE.test(masked))
    return {
      ok: false,
      reason: l10n.t(
        'This statement may change data, so it was not run. Only SELECT, SHOW, DESCRIBE and EXPLAIN run here; run anything else yourself in the query console.',
      ),
    };
  return { ok: true, statement };
}
