// Query results (extension side): one panel per query console. The console (src/database/connection/
// console.ts) drives it: a run announces its statements, each statement's columns, its rows in
// batches (each post awaited, so the runner pauses the socket while the webview is behind), then
// its outcome or error. A CALL that returns several result sets sends each as a numbered set of
// its statement. The webview asks back for Cancel and Export, which the console owns, Copy, and
// Edit Rows (a result of one table with its key opened in the table editor, ./tableDataPanel.ts).
import * as vscode from 'vscode';
import type { Cell, ResultColumn, StatementOutcome } from '../database/connection/queryRunner';
import { withConnection } from '../database/connection/schemaTree';
import type { DbSession } from '../database/connection/session';
import type { ExportFormat } from '../database/connection/resultExport';
import { tableInfo } from '../database/tableData/tableData';
import type { Services } from '../shared/services';
import { BasePanel, type Handlers } from './basePanel';
import { VIEW_TYPES, type PanelTarget } from './protocol';
import { TableDataPanel } from './tableDataPanel';

/** What the webview shows for a failed statement: the server's code and text. */
export interface ResultErrorView {
  message: string;
  code?: string;
  errno?: number;
  sqlState?: string;
}

export interface QueryResultsController {
  /** The console's connection (a result's rows are edited through it). */
  session(): DbSession;
  cancel(runId: number): void;
  export(runId: number, index: number, set: number, format: ExportFormat): Promise<void>;
}

export class QueryResultsPanel extends BasePanel<'queryResults'> {
  static readonly kind = 'queryResults';

  /** Opens (or reveals) the results panel of one console, beside the editor. */
  static show(services: Services, target: PanelTarget, controller: QueryResultsController): QueryResultsPanel {
    const existing = QueryResultsPanel.byTarget.get(target.id ?? '');
    if (existing) {
      existing.panel.reveal(vscode.ViewColumn.Beside, true);
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPES.queryResults,
      target.label ?? '',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {
        enableScripts: true,
        retainContextWhenHidden: true,
      },
    );
    return new QueryResultsPanel(services, panel, target, controller);
  }

  /**
   * After a window reload the console's connection and rows are gone: there is nothing true to
   * show, so the restored panel closes (a new run opens a fresh one).
   */
  static revive(panel: vscode.WebviewPanel): void {
    panel.dispose();
  }

  private static readonly byTarget = new Map<string, QueryResultsPanel>();

  private constructor(
    services: Services,
    panel: vscode.WebviewPanel,
    target: PanelTarget,
    private readonly controller: QueryResultsController,
  ) {
    super(services, panel, target);
    QueryResultsPanel.byTarget.set(target.id ?? '', this);
    this.disposables.push({ dispose: () => QueryResultsPanel.byTarget.delete(target.id ?? '') });
  }

  get isOpen(): boolean {
    return QueryResultsPanel.byTarget.get(this.target.id ?? '') === this;
  }

  protected readonly handlers: Handlers<'queryResults'> = {
    cancel: async ({ runId }) => this.controller.cancel(runId),
    export: async ({ runId, index, set, format }) => this.controller.export(runId, index, set, format),
    copy: async ({ text }) => {
      await vscode.env.clipboard.writeText(text);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied.'), 3000);
    },
    tableKey: async ({ schema, table }) => {
      const info = await withConnection(this.controller.session(), (c) => tableInfo(c, schema, table));
      return info.key && !info.readOnlyReason ? { key: info.key } : { reason: info.readOnlyReason ?? '' };
    },
    editRows: async ({ schema, table, rows }) => {
      TableDataPanel.open(this.services, this.controller.session(), schema, table, rows);
    },
  };

  begin(runId: number, statements: string[]): void {
    this.emit('run', { runId, statements });
  }

  /** Statement `index`'s result set `set` begins (a CALL returns several: each gets its own tab). */
  columns(runId: number, index: number, set: number, columns: ResultColumn[]): void {
    this.emit('columns', { runId, index, set, columns });
  }

  rows(runId: number, index: number, set: number, rows: Cell[][]): Thenable<boolean> {
    return this.emitAndWait('rows', { runId, index, set, rows });
  }

  outcome(runId: number, index: number, outcome: StatementOutcome): void {
    this.emit('outcome', { runId, index, outcome });
  }

  failed(runId: number, index: number, error: ResultErrorView): void {
    this.emit('failed', { runId, index, error });
  }

  /** A statement left out (an earlier one failed, or the person declined a confirmation). */
  skipped(runId: number, index: number, reason: string): void {
    this.emit('skipped', { runId, index, reason });
  }

  end(runId: number): void {
    this.emit('end', { runId });
  }
}
