// The query console's parts that hold no window state (./console.ts wires them): a console's
// connection, the run ids, the messages of a risky statement and of a failed one, and Export.
import * as vscode from 'vscode';
import type { Connection } from 'mysql2/promise';
import { CancelledError } from '../../client/errors';
import type { QueryResultsPanel, ResultErrorView } from '../../panels/queryResultsPanel';
import { plural } from '../../shared/l10n';
import { defaultSaveUri, offerOpenOrReveal } from '../../shared/localFiles';
import { SECTION } from '../../shared/settings';
import type { RunResult } from './history';
import { CONSOLE_LANGUAGE } from './consoleFiles';
import { killQuery, StatementError } from './queryRunner';
import { exportStatement, type ExportFormat } from './resultExport';
import type { DbSession } from './session';
import type { RiskyKind } from './statements';

/** The time limit of one statement (`nhncloud.database.queryTimeoutSeconds`; 0: none). */
export function queryTimeoutMs(): number {
  const s = vscode.workspace.getConfiguration(SECTION).get<number>('database.queryTimeoutSeconds', 300);
  return Number.isFinite(s) && s > 0 ? Math.min(s, 86_400) * 1000 : 0;
}

export interface Console {
  readonly key: string;
  /** Rebound when its connection ends and the same instance and user connect again. */
  session: DbSession;
  /** Its session ended and no new one of the same instance and user has been found yet. */
  ended?: boolean;
  connection?: Promise<Connection>;
  /** The run in progress: its id and the controller Cancel aborts. */
  running?: { runId: number; abort: AbortController };
  panel?: QueryResultsPanel;
  /** The statements of the runs shown in the panel, for Export (the latest run only). */
  lastRun?: { runId: number; statements: string[] };
}

let nextRunId = 1;
/** A new run's id: the panel names runs by it, so an answer for an old run is recognised. */
/** Every language an SQL editor may have: lenses, completion and hovers are given to all of them. */
export const SQL_LANGUAGES = ['sql', 'mysql', CONSOLE_LANGUAGE] as const;

/**
 * The language of a console and of an SQL editor the extension opens: MySQL's when an installed
 * extension provides one (its keywords and highlighting fit), else the extension's own.
 */
export async function sqlLanguage(): Promise<string> {
  return (await vscode.languages.getLanguages()).includes('mysql') ? 'mysql' : CONSOLE_LANGUAGE;
}

export function takeRunId(): number {
  return nextRunId++;
}

export function connectionOf(c: Console): Promise<Connection> {
  if (!c.connection) {
    const pending = c.session.connect();
    c.connection = pending;
    // A failed connect is not kept: the next run tries again.
    pending.catch(() => {
      if (c.connection === pending) c.connection = undefined;
    });
  }
  return c.connection;
}

export function dropConnection(c: Console) {
  const conn = c.connection;
  c.connection = undefined;
  void conn?.then((x) => x.destroy()).catch(() => undefined);
}

export function riskText(kind: RiskyKind, instance: string): string {
  switch (kind) {
    case 'drop':
      return vscode.l10n.t('{0} is marked as production. Run this DROP statement?', instance);
    case 'truncate':
      return vscode.l10n.t('{0} is marked as production. Run this TRUNCATE statement?', instance);
    case 'deleteWithoutWhere':
      return vscode.l10n.t(
        '{0} is marked as production. This DELETE has no WHERE clause and removes every row. Run it?',
        instance,
      );
    case 'updateWithoutWhere':
      return vscode.l10n.t(
        '{0} is marked as production. This UPDATE has no WHERE clause and changes every row. Run it?',
        instance,
      );
  }
}

/** Said when a run, an Explain or an Export is asked for while the console runs a statement. */
export function stillRunningText(): string {
  return vscode.l10n.t(
    'A statement is still running in this console. Cancel it in the results panel or wait for it to finish.',
  );
}

export function errorView(e: unknown, session: DbSession): ResultErrorView {
  if (e instanceof StatementError) {
    if (e.fatal) {
      return {
        message: plural(
          e.rowCount,
          vscode.l10n.t(
            'The connection to {0} was lost after {1} row ({2}). Run again to reconnect.',
            session.target.instanceName,
            e.rowCount,
            e.message,
          ),
          vscode.l10n.t(
            'The connection to {0} was lost after {1} rows ({2}). Run again to reconnect.',
            session.target.instanceName,
            e.rowCount,
            e.message,
          ),
        ),
        code: e.code,
        errno: e.errno,
        sqlState: e.sqlState,
      };
    }
    return { message: e.message, code: e.code, errno: e.errno, sqlState: e.sqlState };
  }
  const err = e as { message?: string; code?: string; errno?: number; sqlState?: string };
  return {
    message: vscode.l10n.t('Could not connect to {0}: {1}', session.target.instanceName, String(err?.message ?? e)),
    code: err?.code,
    errno: err?.errno,
    sqlState: err?.sqlState,
  };
}

/** The save dialog's file types for an export. */
function exportFilters(format: ExportFormat): Record<string, string[]> {
  switch (format) {
    case 'csv':
      return { [vscode.l10n.t('CSV files')]: ['csv'] };
    case 'tsv':
      return { [vscode.l10n.t('TSV files')]: ['tsv', 'txt'] };
    case 'json':
      return { [vscode.l10n.t('JSON files')]: ['json'] };
    case 'md':
      return { [vscode.l10n.t('Markdown files')]: ['md'] };
    case 'sql':
      return { [vscode.l10n.t('SQL files')]: ['sql'] };
  }
}

export async function exportResult(c: Console, runId: number, index: number, set: number, format: ExportFormat) {
  const sql = c.lastRun?.runId === runId ? c.lastRun.statements[index] : undefined;
  if (!sql)
    throw new Error(vscode.l10n.t('This result belongs to an earlier run. Run the statement again to export it.'));
  if (c.running)
    throw new Error(
      vscode.l10n.t('A statement is still running in this console. Cancel it or wait for it to finish, then export.'),
    );
  const uri = await vscode.window.showSaveDialog({
    title: vscode.l10n.t('Export Result'),
    filters: exportFilters(format),
    defaultUri: defaultSaveUri(`result.${format}`),
  });
  if (!uri) return;
  if (uri.scheme !== 'file')
    throw new Error(vscode.l10n.t('Export writes to a local file; choose a file on this machine.'));
  const abort = new AbortController();
  c.running = { runId: takeRunId(), abort };
  try {
    const conn = await connectionOf(c);
    const outcome = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Exporting the result to {0}...', uri.fsPath),
        cancellable: true,
      },
      (_p, token) => {
        token.onCancellationRequested(() => abort.abort());
        return exportStatement(
          conn,
          sql,
          format,
          uri.fsPath,
          {
            signal: abort.signal,
            timeoutMs: queryTimeoutMs(),
            kill: (threadId) => killQuery(() => c.session.connect(), threadId),
            formulas: vscode.workspace.getConfiguration(SECTION).get<boolean>('database.csvEscapeFormulas', true)
              ? 'escape'
              : 'keep',
          },
          set,
        );
      },
    );
    void offerOpenOrReveal(
      plural(
        outcome.resultSets?.[set] ?? outcome.rowCount,
        vscode.l10n.t('Exported {0} row to {1}.', outcome.resultSets?.[set] ?? outcome.rowCount, uri.fsPath),
        vscode.l10n.t('Exported {0} rows to {1}.', outcome.resultSets?.[set] ?? outcome.rowCount, uri.fsPath),
      ),
      uri,
      true,
    );
  } catch (e) {
    if (e instanceof StatementError && e.code === 'CANCELLED') throw new CancelledError();
    if (e instanceof StatementError && e.code === 'TIMEOUT')
      throw new Error(
        vscode.l10n.t(
          'The export took longer than the time limit (nhncloud.database.queryTimeoutSeconds) and was stopped; the file was not written.',
        ),
      );
    if (e instanceof StatementError && e.fatal) dropConnection(c);
    throw new Error(
      vscode.l10n.t('The export failed and the file was not written: {0}', errorView(e, c.session).message),
    );
  } finally {
    c.running = undefined;
  }
}

/** A history entry's last run, as its detail line says it: failed or not, rows, seconds. */
export function runResultText(r: RunResult): string {
  const seconds = (r.ms / 1000).toFixed(2);
  return r.failed
    ? plural(
        r.rows,
        vscode.l10n.t('Failed after {0} row and {1} s', r.rows, seconds),
        vscode.l10n.t('Failed after {0} rows and {1} s', r.rows, seconds),
      )
    : plural(
        r.rows,
        vscode.l10n.t('{0} row in {1} s', r.rows, seconds),
        vscode.l10n.t('{0} rows in {1} s', r.rows, seconds),
      );
}
