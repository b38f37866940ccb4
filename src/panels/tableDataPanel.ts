// Open Table (extension side; issue 29, items 2 and 3): one panel per connection and table,
// showing its rows a page at a time (filter and sort done by the server) and carrying the edits
// staged in the webview to the server: Preview (the exact statements) and Apply (one
// transaction; a production connection confirms first). The webview keeps the staged edits in
// its saved state: after a window reload the panel comes back, says it waits for the connection,
// and goes on with the same edits once that connection (same instance and user) is live again.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { withConnection } from '../database/connection/schemaTree';
import type { DbSession, DbSessions } from '../database/connection/session';
import { editProblems, editStatements, type RowEdit } from '../database/tableData/edits';
import type { KeyRows } from '../database/tableData/resultRows';
import { applyEdits, readPage, tableInfo, type TableInfo } from '../database/tableData/tableData';
import { action, askAction } from '../shared/prompts';
import type { Services } from '../shared/services';
import { BasePanel, type Handlers } from './basePanel';
import { VIEW_TYPES, type PanelTarget } from './protocol';
import type { Region } from '../client/sites';
import { plural } from '../shared/l10n';

/** Rows per page. */
export const PAGE_ROWS = 200;

/** What the webview keeps to find its table again after a reload. */
export interface TableRef {
  sessionId: string;
  schema: string;
  table: string;
  instanceName: string;
  user: string;
  /** Only these rows: a query result opened for editing (Edit Rows in the results). */
  rows?: KeyRows;
}

export class TableDataPanel extends BasePanel<'tableData'> {
  static readonly kind = 'tableData';
  /** The window's database sessions (set by the connection feature when it starts). */
  private static sessions?: DbSessions;
  private static readonly byKey = new Map<string, TableDataPanel>();
  /** The staged edits of tables closed before they were applied, by table: Reopen brings them back. */
  private static readonly closedEdits = new Map<string, RowEdit[]>();
  private ref?: TableRef;
  private info?: TableInfo;
  private staged: RowEdit[] = [];

  static useSessions(sessions: DbSessions): void {
    TableDataPanel.sessions = sessions;
  }

  /** Opens (or reveals) the table of a connection: all its rows, or only `rows` (a query result's). */
  static open(services: Services, session: DbSession, schema: string, table: string, rows?: KeyRows): TableDataPanel {
    const ref: TableRef = {
      sessionId: session.id,
      schema,
      table,
      instanceName: session.target.instanceName,
      user: session.user,
      ...(rows ? { rows } : {}),
    };
    const key = keyOf(ref);
    const existing = TableDataPanel.byKey.get(key);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPES.tableData, table, vscode.ViewColumn.Active, {
      enableScripts: true,
      retainContextWhenHidden: true,
    });
    const p = new TableDataPanel(services, panel, targetOf(session.target.region, ref));
    p.attach(ref);
    return p;
  }

  constructor(services: Services, panel: vscode.WebviewPanel, target: PanelTarget) {
    super(services, panel, target);
    const sessions = TableDataPanel.sessions;
    if (sessions)
      this.disposables.push(
        // A connection that comes (back) or goes: the webview is told, and reads the page again.
        sessions.onDidChange(() => this.emit('connection', { connected: !!this.session() })),
      );
    this.disposables.push({ dispose: () => this.closed() });
  }

  /**
   * Closed (its tab, or the window): staged edits that were not applied are kept, and Reopen
   * brings the table back with them (a webview cannot stop its tab from closing).
   */
  private closed(): void {
    const ref = this.ref;
    if (!ref) return;
    if (TableDataPanel.byKey.get(keyOf(ref)) === this) TableDataPanel.byKey.delete(keyOf(ref));
    if (!this.staged.length) return;
    TableDataPanel.closedEdits.set(keyOf(ref), this.staged);
    void askAction(
      'warning',
      plural(
        this.staged.length,
        vscode.l10n.t(
          '{0}.{1} was closed with {2} staged change that was not applied.',
          ref.schema,
          ref.table,
          this.staged.length,
        ),
        vscode.l10n.t(
          '{0}.{1} was closed with {2} staged changes that were not applied.',
          ref.schema,
          ref.table,
          this.staged.length,
        ),
      ),
      {},
      action('reopen', vscode.l10n.t('Reopen')),
    ).then((answer) => {
      const session = TableDataPanel.sessions?.get(ref.sessionId);
      if (answer === 'reopen' && session) TableDataPanel.open(this.services, session, ref.schema, ref.table, ref.rows);
    });
  }

  private attach(ref: TableRef): void {
    this.ref = ref;
    TableDataPanel.byKey.set(keyOf(ref), this);
  }

  private session(): DbSession | undefined {
    return this.ref ? TableDataPanel.sessions?.get(this.ref.sessionId) : undefined;
  }

  /** The live session, or a message that says which connection to make. */
  private requireSession(): DbSession {
    const s = this.session();
    if (!s)
      throw new Error(
        vscode.l10n.t(
          'Not connected to {0} as {1}. Connect again: the table and its staged changes are kept.',
          this.ref?.instanceName ?? '',
          this.ref?.user ?? '',
        ),
      );
    return s;
  }

  private withConnection<T>(fn: (c: import('mysql2/promise').Connection) => Promise<T>): Promise<T> {
    return withConnection(this.requireSession(), fn);
  }

  private async table(): Promise<TableInfo> {
    if (!this.ref) throw new Error(vscode.l10n.t('This table view lost its table. Open it again from the explorer.'));
    const ref = this.ref;
    this.info ??= await this.withConnection((c) => tableInfo(c, ref.schema, ref.table));
    return this.info;
  }

  private editable(info: TableInfo) {
    if (info.readOnlyReason || !info.key) throw new Error(info.readOnlyReason ?? '');
    return { schema: info.schema, table: info.table, columns: info.columns, key: info.key };
  }

  protected readonly handlers: Handlers<'tableData'> = {
    page: async ({ offset, filter, sort }) => {
      const info = await this.table();
      if (sort && !info.columns.some((c) => c.name === sort.column))
        throw new Error(vscode.l10n.t('{0} has no column {1}.', info.table, sort.column));
      const rows = this.ref?.rows;
      const page = await this.withConnection((c) =>
        readPage(c, info, { offset, limit: PAGE_ROWS, filter, sort, rows }),
      );
      return { ...page, offset };
    },
    preview: async ({ edits }) => {
      const t = this.editable(await this.table());
      const problems = editProblems(t, edits as RowEdit[]);
      return { problems, statements: problems.length ? [] : editStatements(t, edits as RowEdit[]) };
    },
    apply: async ({ edits }) => {
      const t = this.editable(await this.table());
      const problems = editProblems(t, edits as RowEdit[]);
      if (problems.length) return { problems };
      const statements = editStatements(t, edits as RowEdit[]);
      const session = this.requireSession();
      if (session.production) {
        const answer = await askAction(
          'warning',
          plural(
            statements.length,
            vscode.l10n.t(
              'Apply {0} statement to {1}.{2} on the production database {3}?',
              statements.length,
              t.schema,
              t.table,
              session.target.instanceName,
            ),
            vscode.l10n.t(
              'Apply {0} statements to {1}.{2} on the production database {3}?',
              statements.length,
              t.schema,
              t.table,
              session.target.instanceName,
            ),
          ),
          {
            modal: true,
            detail: statements
              .map((s) => s.display)
              .join('\n')
              .slice(0, 2000),
          },
          action('apply', vscode.l10n.t('Apply')),
        );
        if (answer !== 'apply') return { declined: true };
      }
      const { elapsedMs } = await this.withConnection((c) => applyEdits(c, statements));
      this.services.log.info(
        `Applied ${statements.length} statements to ${t.schema}.${t.table} on ${session.target.instanceName} in ${elapsedMs} ms`,
      );
      return { applied: statements.length, elapsedMs };
    },
    copy: async ({ text }) => {
      await vscode.env.clipboard.writeText(text);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied.'), 3000);
    },
    dirty: async ({ edits }) => {
      this.staged = edits as RowEdit[];
    },
    resume: async ({ ref }) => {
      if (!this.ref) this.attach(ref);
      return this.state();
    },
  };

  /** The table, whether its connection is live, and its columns once it is. */
  private async state(): Promise<unknown> {
    const connected = !!this.session();
    let info: TableInfo | { error: string } | undefined;
    if (connected) info = await this.table().catch((e: Error) => ({ error: e.message }));
    // Edits of this table closed before they were applied come back once.
    const kept = this.ref ? TableDataPanel.closedEdits.get(keyOf(this.ref)) : undefined;
    if (this.ref) TableDataPanel.closedEdits.delete(keyOf(this.ref));
    return { ref: this.ref, connected, info, pageRows: PAGE_ROWS, kept };
  }

  /** A reloaded window's panel waits for its webview to name the table (`resume`). */
  protected override initData(): Promise<unknown> | unknown {
    return this.ref ? this.state() : { waiting: true };
  }
}

/** A table's editor is one per connection and table; a query result's, one per set of rows. */
function keyOf(ref: TableRef): string {
  const table = `${ref.sessionId}\n${ref.schema}\n${ref.table}`;
  return ref.rows ? `${table}\n${createHash('sha256').update(JSON.stringify(ref.rows)).digest('hex')}` : table;
}

/** The panel target: a short hash of the connection and table (the target's id is at most 64 characters). */
function targetOf(region: Region, ref: TableRef): PanelTarget {
  return {
    region,
    id: createHash('sha256').update(keyOf(ref)).digest('hex').slice(0, 32),
    label: ref.rows ? vscode.l10n.t('{0} (query result)', `${ref.schema}.${ref.table}`) : `${ref.schema}.${ref.table}`,
  };
}
