// Explain and Explain Analyze of a query console's statement (issue 28, item 5): ask the server
// for the plan on the console's own connection (its schema, its session variables), and show it,
// or the server's refusal in the server's words, in the console's plan view. Explain Analyze
// runs the statement: it asks first when the statement may change data, and always on a
// connection marked production; it can be cancelled (KILL QUERY, as a run's Cancel).
import * as vscode from 'vscode';
import { CancelledError } from '../../client/errors';
import { QueryPlanPanel, type PlanView } from '../../panels/queryPlanPanel';
import type { ResultErrorView } from '../../panels/queryResultsPanel';
import { action, askAction } from '../../shared/prompts';
import type { Services } from '../../shared/services';
import { connectionOf, dropConnection, stillRunningText, takeRunId, type Console } from '../connection/consoleSupport';
import { INTERRUPTED, killQuery, type DriverError } from '../connection/queryRunner';
import { readsOnly } from '../connection/statements';
import { explainRequest, explainStatement, serverVersion } from './explain';
import { PlanParseError } from './model';

/** Whether Explain Analyze may run `sql` here: asked when it may change data or the connection is production. */
async function confirmAnalyze(c: Console, sql: string): Promise<boolean> {
  const instance = c.session.target.instanceName;
  const changes = !readsOnly(sql);
  if (!changes && !c.session.production) return true;
  const message = c.session.production
    ? changes
      ? vscode.l10n.t(
          'Explain Analyze runs this statement on {0}, a production connection, and the changes it makes stay. Run it?',
          instance,
        )
      : vscode.l10n.t('Explain Analyze runs this statement on {0}, a production connection. Run it?', instance)
    : vscode.l10n.t('Explain Analyze runs this statement on {0}, and the changes it makes stay. Run it?', instance);
  const answer = await askAction(
    'warning',
    message,
    { modal: true, detail: sql.slice(0, 500) },
    action('run', vscode.l10n.t('Run and Explain')),
  );
  return answer === 'run';
}

export async function explainInConsole(services: Services, c: Console, sql: string, analyze: boolean): Promise<void> {
  if (c.running) {
    void vscode.window.showWarningMessage(stillRunningText());
    return;
  }
  const conn = await connectionOf(c);
  const [versionRows] = await conn.query({ sql: 'SELECT VERSION()', rowsAsArray: true }).catch((e: DriverError) => {
    // A connection the server dropped is opened again by the next run or Explain.
    if (e.fatal) dropConnection(c);
    throw e;
  });
  const server = String((versionRows as unknown[][])[0]?.[0] ?? '');
  const request = explainRequest(sql, serverVersion(server), analyze);
  if ('unsupported' in request) {
    void vscode.window.showWarningMessage(request.unsupported);
    return;
  }
  if (analyze && !(await confirmAnalyze(c, sql))) return;
  const target = {
    region: c.session.target.region,
    id: c.key.slice(-64),
    label: `${c.session.target.instanceName} · ${c.session.user}`,
  };
  const view: PlanView = { statement: sql, server, analyze };
  const abort = new AbortController();
  c.running = { runId: takeRunId(), abort };
  try {
    const answer = await vscode.window.withProgress(
      {
        // An estimate answers at once (the status bar says so); a measured run can take long: a
        // notification with Cancel.
        location: analyze ? vscode.ProgressLocation.Notification : vscode.ProgressLocation.Window,
        title: analyze
          ? vscode.l10n.t('Running the statement on {0} to measure its plan...', c.session.target.instanceName)
          : vscode.l10n.t('Asking {0} for the plan...', c.session.target.instanceName),
        cancellable: analyze,
      },
      (_progress, token) => {
        token.onCancellationRequested(() => {
          abort.abort();
          void killQuery(() => c.session.connect(), conn.threadId).catch(() => undefined);
        });
        return explainStatement(conn, request);
      },
    );
    view.plan = answer.plan;
    view.answeredAt = answer.answeredAt;
  } catch (e) {
    const err = e as DriverError;
    if (abort.signal.aborted && err.errno !== undefined && INTERRUPTED.has(err.errno)) throw new CancelledError();
    if (e instanceof PlanParseError) view.error = { message: e.message };
    else if (typeof err.sqlMessage === 'string' || err.errno !== undefined) {
      if (err.fatal) dropConnection(c);
      view.error = {
        message: err.fatal
          ? vscode.l10n.t(
              'The connection to {0} was lost ({1}). Explain again to reconnect.',
              c.session.target.instanceName,
              err.sqlMessage ?? err.message ?? '',
            )
          : (err.sqlMessage ?? err.message ?? String(e)),
        code: err.code,
        errno: err.errno,
        sqlState: err.sqlState,
      } satisfies ResultErrorView;
      services.log.warn(
        `Query plan: the server refused ${analyze ? 'ANALYZE' : 'EXPLAIN'}: ${err.code ?? ''} ${err.errno ?? ''} ${view.error.message}`,
      );
    } else throw e;
  } finally {
    c.running = undefined;
  }
  QueryPlanPanel.show(services, target, view);
}
