// The query console: an SQL editor (a file of consoleFiles.ts's scheme) bound to a DbSession.
// Ctrl+Enter runs the statement under the cursor (or the selection), Ctrl+Shift+Enter the whole
// document, CodeLenses "Run" and "Explain" sit above each statement (the plan view is
// ../queryPlan); the status bar shows instance, user and schema (click: pick the schema). Results stream into one QueryResultsPanel per console. Each
// console keeps one connection of its own (so USE, SET and transactions carry from one run to
// the next), opened on first run and opened again after the server dropped it.
import * as vscode from 'vscode';
import { QueryResultsPanel } from '../../panels/queryResultsPanel';
import type { PanelTarget } from '../../panels/protocol';
import { action, askAction } from '../../shared/prompts';
import type { CommandHandler, Feature, Services } from '../../shared/services';
import { QueryHistory, historyPlacement } from './history';
import { killQuery, runStatement, StatementError, type StatementOutcome } from './queryRunner';
import {
  connectionOf,
  dropConnection,
  errorView,
  exportResult,
  queryTimeoutMs,
  riskText,
  runResultText,
  sqlLanguage,
  SQL_LANGUAGES,
  stillRunningText,
  takeRunId,
  type Console,
} from './consoleSupport';
import { CONSOLE_SCHEME, ConsoleFileSystem } from './consoleFiles';
import { EditorBindings } from './editorBindings';
import { CONNECT_FOR_COMMAND, RememberedSchemas, sessionAddress } from './connectChoices';
import { commandLink, SessionEndedError } from './endedNotices';
import type { DbSession, DbSessions } from './session';
import { errorSpan, PARSE_ERROR_ERRNO, riskOf, splitStatements, statementAt, type Statement } from './statements';
import { formatDateTime } from '../../shared/l10n';
import { createSqlAssist } from '../sqlAssist/provider';
import { changesSchema } from '../sqlAssist/metadata';
import { explainInConsole } from '../queryPlan/explainCommand';
import { quoteIdent } from '../sqlText';

export const CONSOLE_CONTEXT = 'nhncloud.rds.query.consoleActive';
/** Consoles, and SQL files a user bound to a connection (./editorBindings.ts): lenses and completion. */
const SQL_EDITORS: vscode.DocumentSelector = [
  { scheme: CONSOLE_SCHEME },
  ...SQL_LANGUAGES.map((language) => ({ language })),
];

/**
 * What the console asks of the side whose tree and Connect... made its sessions (the RDS tree:
 * rdsConsoleNodes of src/rds/connection/connectChoices.ts); the console knows no tree node itself.
 */
export interface ConsoleNodes {
  /** The command that connects and returns the session: given a node of instanceOf (or a schema node), else it asks. */
  readonly connectCommand: string;
  /** The instance a command's argument (a tree node) belongs to: the id its sessions carry, and the node Connect... takes. */
  instanceOf(arg: unknown): { instanceId: string; node: unknown } | undefined;
  /** The schema a command's argument (a schema node) names. */
  schemaOf(arg: unknown): string | undefined;
}

export function createQueryConsoleFeature(services: Services, sessions: DbSessions, nodes: ConsoleNodes): Feature {
  const CONNECT_COMMAND = nodes.connectCommand;
  const consoles = new Map<string, Console>();
  const history = new QueryHistory(services.context.globalState);
  const rememberedSchemas = new RememberedSchemas(services.context.globalState);
  const status = vscode.window.createStatusBarItem('nhncloud.rds.query.status', vscode.StatusBarAlignment.Left, 50);
  status.name = vscode.l10n.t('NHN Cloud query console');
  status.command = 'nhncloud.rds.query.pickSchema';
  const lensChanged = new vscode.EventEmitter<void>();
  // A failed statement is also marked in the editor, at the token a parse error names; the next run clears it.
  const diagnostics = vscode.languages.createDiagnosticCollection('nhncloud-sql');
  const files = new ConsoleFileSystem(vscode.Uri.joinPath(services.context.globalStorageUri, 'consoles'), (line) =>
    services.log.warn(line),
  );
  void files.sweep();
  const disposables: vscode.Disposable[] = [status, lensChanged, diagnostics, files];

  const consoleOf = (doc: vscode.TextDocument | undefined) => (doc ? consoles.get(doc.uri.toString()) : undefined);
  // Completion and hover from the console's connection (src/database/sqlAssist).
  const bindings = new EditorBindings(services.context.workspaceState);
  // Format Document stays the consoles' own: for every SQL file it would compete with the
  // user's formatter.
  const assist = createSqlAssist(
    services,
    { assist: SQL_EDITORS, format: { scheme: CONSOLE_SCHEME } },
    (doc) => {
      const c = consoleOf(doc);
      return c && { session: c.session, live: !c.ended };
    },
    sessions,
  );
  disposables.push(...assist.disposables);

  const showStatus = () => {
    const inEditor = consoleOf(vscode.window.activeTextEditor?.document);
    void vscode.commands.executeCommand('setContext', CONSOLE_CONTEXT, Boolean(inEditor));
    // The connection and schema stay in sight while the console's results panel has the focus
    // (issue 25, rough edge 9): the person reading results decides what to run next from them.
    const c = inEditor ?? [...consoles.values()].find((x) => x.panel?.isOpen && x.panel.panel.active);
    if (!c) {
      status.hide();
      return;
    }
    if (c.ended) {
      status.text = vscode.l10n.t(
        '$(debug-disconnect) {0} · {1} · disconnected',
        c.session.target.instanceName,
        c.session.user,
      );
      status.tooltip = vscode.l10n.t(
        'The connection of this console ended. Connect to {0} as {1} again and the console uses it.',
        c.session.target.instanceName,
        c.session.user,
      );
      status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      status.show();
      return;
    }
    status.text =
      c.session.schema === undefined
        ? vscode.l10n.t('$(database) {0} · {1} · (no schema)', c.session.target.instanceName, c.session.user)
        : vscode.l10n.t('$(database) {0} · {1} · {2}', c.session.target.instanceName, c.session.user, c.session.schema);
    status.tooltip = c.session.production
      ? vscode.l10n.t(
          'Production connection to {0} as {1}. Click to choose the schema.',
          c.session.target.instanceName,
          c.session.user,
        )
      : vscode.l10n.t(
          'Connected to {0} as {1}. Click to choose the schema.',
          c.session.target.instanceName,
          c.session.user,
        );
    status.backgroundColor = c.session.production
      ? new vscode.ThemeColor('statusBarItem.warningBackground')
      : undefined;
    status.show();
  };

  const close = async (c: Console) => {
    consoles.delete(c.key);
    diagnostics.delete(vscode.Uri.parse(c.key));
    c.running?.abort.abort();
    c.panel?.dispose();
    const conn = c.connection;
    c.connection = undefined;
    if (conn) await conn.then((x) => x.end()).catch(() => undefined);
  };

  // A console outlives its session: it says that its connection ended (status, lens, a run) and
  // takes the next session of the same instance and user (same id) when one connects. Closing
  // it dropped the Run lens and the Ctrl+Enter binding, and the old tab went dead.
  const watched = new Set<string>();
  const watchSession = (session: DbSession) => {
    if (watched.has(session.id)) return;
    watched.add(session.id);
    disposables.push(
      // Connect... chooses the default schema after the session is live (and rebound consoles drew it).
      session.onDidChangeSchema(() => showStatus()),
      session.onDidEnd(() => {
        watched.delete(session.id);
        for (const c of consoles.values()) if (c.session === session) detach(c);
        showStatus();
        lensChanged.fire();
      }),
    );
  };

  /** The console's connection ended: what runs stops, its connection closes, the tab stays. */
  const detach = (c: Console) => {
    c.ended = true;
    c.running?.abort.abort();
    dropConnection(c);
  };

  /** A run, Explain or schema pick on a console whose connection ended: said until that connection is back. */
  const endedNotice = (c: Console) =>
    sessions.notices.show(
      c.session.id,
      vscode.l10n.t(
        'The connection of this console to {0} as {1} has ended. [Connect again]({2}), and the console uses the new connection.',
        c.session.target.instanceName,
        c.session.user,
        commandLink(CONNECT_COMMAND, [null, CONNECT_FOR_COMMAND]),
      ),
    );

  /** An ended console takes the live session with its id, if there is one; true when it has one. */
  const rebind = (c: Console): boolean => {
    if (!c.ended) return true;
    const live = sessions.get(c.session.id);
    if (!live || live === c.session) return false;
    c.session = live;
    c.ended = false;
    watchSession(live);
    services.log.info(`Query console bound to the new connection of ${live.target.instanceName} as ${live.user}`);
    return true;
  };
  disposables.push(
    sessions.onDidChange(() => {
      let changed = false;
      for (const c of consoles.values()) if (c.ended && rebind(c)) changed = true;
      if (changed) {
        showStatus();
        lensChanged.fire();
      }
      // A bound file's connection is live again (Connect... after a reload): the file is bound again.
      for (const doc of vscode.workspace.textDocuments) void restoreBinding(doc);
    }),
    vscode.workspace.onDidOpenTextDocument((doc) => void restoreBinding(doc)),
  );

  /** Makes `doc` (a file of the user's) run on `session`, as a console does. */
  const bindFile = (doc: vscode.TextDocument, session: DbSession) => {
    consoles.set(doc.uri.toString(), { key: doc.uri.toString(), session });
    watchSession(session);
    showStatus();
    lensChanged.fire();
  };

  /**
   * Binds `doc` again when it was bound and its connection is live (and it is not bound now): a
   * bound file opened again, or a console's tab a window reload restored (its text came back, but
   * it showed as VS Code's "MS SQL" with no lens, the console's memory gone with the old window).
   * A restored console shows as MySQL again and, until its connection is live, offers Connect...
   */
  const restoreBinding = async (doc: vscode.TextDocument): Promise<void> => {
    const key = doc.uri.toString();
    if (consoles.has(key)) return;
    const remembered = bindings.get(key);
    if (doc.uri.scheme === CONSOLE_SCHEME && remembered) {
      const language = await sqlLanguage();
      // Setting the language closes the document and opens it again: that opening binds it.
      if (doc.languageId !== language) {
        await vscode.languages.setTextDocumentLanguage(doc, language);
        return;
      }
    }
    const session = remembered && sessions.get(remembered.sessionId);
    if (session) bindFile(doc, session);
    else if (remembered && doc.uri.scheme === CONSOLE_SCHEME) lensChanged.fire();
  };
  // Tabs restored before this feature loaded (a reload loads it when a console's file is read).
  for (const doc of vscode.workspace.textDocuments) void restoreBinding(doc);

  /** Use Connection in This Editor...: the active file (not a console) runs on a connection the user picks. */
  const bindEditor = async () => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc) throw new Error(vscode.l10n.t('Open the SQL file to use a connection in first.'));
    if (doc.uri.scheme === CONSOLE_SCHEME) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('This query console has its connection already; its status bar item changes the schema.'),
      );
      return;
    }
    const name = doc.uri.path.split('/').pop() ?? doc.uri.path;
    const session = await chooseSession(undefined, vscode.l10n.t('Run {0} on which connection?', name));
    if (!session) return;
    const previous = consoles.get(doc.uri.toString());
    if (previous) await close(previous);
    bindFile(doc, session);
    await bindings.set(doc.uri.toString(), {
      sessionId: session.id,
      instanceName: session.target.instanceName,
      user: session.user,
    });
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        '{0} runs on {1} as {2}: Run, Explain, completion and hover use that connection.',
        name,
        session.target.instanceName,
        session.user,
      ),
    );
  };

  /** Stop Using the Connection in This Editor: the file is a plain file again (its connection closes). */
  const unbindEditor = async () => {
    const doc = vscode.window.activeTextEditor?.document;
    const c = consoleOf(doc);
    if (!doc || !c || doc.uri.scheme === CONSOLE_SCHEME)
      throw new Error(vscode.l10n.t('This editor does not use a connection of its own.'));
    await close(c);
    await bindings.delete(doc.uri.toString());
    showStatus();
    lensChanged.fire();
  };

  disposables.push(
    vscode.window.onDidChangeActiveTextEditor(showStatus),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      const c = consoleOf(doc);
      if (!c) return;
      void close(c);
      // A closed console's name is given to the next console of its instance: that one must not
      // find this one's connection remembered (a window reload closes nothing here).
      if (doc.uri.scheme === CONSOLE_SCHEME) void bindings.delete(doc.uri.toString());
    }),
    // A console is known by its URI whatever its language (the user may change it).
    vscode.languages.registerCodeLensProvider(SQL_EDITORS, {
      onDidChangeCodeLenses: lensChanged.event,
      provideCodeLenses(doc) {
        const c = consoleOf(doc);
        // A console a reload restored, its connection not live yet: Connect... binds it again.
        const restored = !c && doc.uri.scheme === CONSOLE_SCHEME && !!bindings.get(doc.uri.toString());
        if (!c && !restored) return [];
        if (!c || c.ended)
          return [
            new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), {
              title: vscode.l10n.t('$(debug-disconnect) Connection ended: Connect...'),
              command: CONNECT_COMMAND,
              // The console takes the new session: Connect... offers no second console.
              arguments: [undefined, CONNECT_FOR_COMMAND],
            }),
          ];
        const text = doc.getText();
        return splitStatements(text).flatMap((s) => {
          const at = new vscode.Range(doc.positionAt(s.start), doc.positionAt(s.start));
          const args = [doc.uri.toString(), s.start];
          return [
            new vscode.CodeLens(at, {
              title: vscode.l10n.t('$(play) Run'),
              command: 'nhncloud.rds.query.run',
              arguments: args,
            }),
            new vscode.CodeLens(at, {
              title: vscode.l10n.t('$(type-hierarchy) Explain'),
              command: 'nhncloud.rds.query.explain',
              arguments: args,
            }),
          ];
        });
      },
    }),
  );

  /** The connection of a command's argument: a session id, a tree node of a connected instance (its sessions), or a pick. */
  const chooseSession = async (
    arg?: unknown,
    title = vscode.l10n.t('Open a query console for which connection?'),
  ): Promise<DbSession | undefined> => {
    if (typeof arg === 'string' && arg) {
      const s = sessions.get(arg);
      if (!s)
        throw new SessionEndedError(
          vscode.l10n.t('That database connection has ended. Connect to the DB instance again.'),
          arg,
        );
      return s;
    }
    const inst = nodes.instanceOf(arg);
    const all = inst ? sessions.forInstance(services.profiles.active()?.id ?? '', inst.instanceId) : sessions.all();
    // Nothing connected yet: Connect... (on the instance the command came from, else on one the
    // user picks) and the console opens on that connection, rather than a dead end (issue 25,
    // rough edge 12). Connect... returns its session; a cancelled Connect... opens nothing.
    // A schema node goes to Connect... as it is: the connection then starts in that schema.
    const connect = () =>
      vscode.commands.executeCommand<DbSession | undefined>(
        CONNECT_COMMAND,
        nodes.schemaOf(arg) !== undefined ? arg : inst?.node,
        CONNECT_FOR_COMMAND,
      );
    if (!all.length) return connect();
    if (all.length === 1) return all[0];
    const chosen = await vscode.window.showQuickPick(
      [
        ...all.map((s) => ({
          label: s.target.instanceName,
          description: `${s.user} · ${sessionAddress(s)}`,
          sessionId: s.id,
        })),
        {
          label: vscode.l10n.t('$(plug) Connect to another DB instance...'),
          description: '',
          sessionId: '',
        },
      ],
      { title },
    );
    if (!chosen) return undefined;
    return chosen.sessionId ? sessions.get(chosen.sessionId) : connect();
  };

  /**
   * From the palette, a session id, or the context menu of a connected instance or of one of its
   * schemas (the console then starts in that schema: the session's next connections use it).
   */
  const openConsole = async (arg?: unknown, sqlText?: unknown): Promise<vscode.TextEditor | undefined> => {
    const session = await chooseSession(arg);
    if (!session) return undefined;
    const schema = nodes.schemaOf(arg);
    if (schema !== undefined) session.schema = schema;
    const uri = await files.create(session.target.instanceName, typeof sqlText === 'string' ? sqlText : '');
    let doc = await vscode.workspace.openTextDocument(uri);
    const language = await sqlLanguage();
    if (doc.languageId !== language) doc = await vscode.languages.setTextDocumentLanguage(doc, language);
    consoles.set(doc.uri.toString(), { key: doc.uri.toString(), session });
    watchSession(session);
    // Remembered as a bound file is: a window reload restores the tab, and this binds it again.
    await bindings.set(doc.uri.toString(), {
      sessionId: session.id,
      instanceName: session.target.instanceName,
      user: session.user,
    });
    const editor = await vscode.window.showTextDocument(doc, { preview: false });
    showStatus();
    lensChanged.fire();
    return editor;
  };

  const activeConsole = (uri?: unknown): { console: Console; editor?: vscode.TextEditor; doc: vscode.TextDocument } => {
    const editor =
      typeof uri === 'string'
        ? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri)
        : vscode.window.activeTextEditor;
    const doc =
      editor?.document ??
      (typeof uri === 'string' ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri) : undefined);
    const c = consoleOf(doc);
    if (!c || !doc)
      throw new Error(
        vscode.l10n.t(
          'This editor is not a query console. Open one with "Open Query Console" on a connected DB instance.',
        ),
      );
    return { console: c, editor, doc };
  };

  const panelOf = (c: Console): QueryResultsPanel => {
    if (c.panel?.isOpen) {
      c.panel.panel.reveal(vscode.ViewColumn.Beside, true);
      return c.panel;
    }
    const target: PanelTarget = {
      region: c.session.target.region,
      id: c.key.slice(-64),
      label: `${c.session.target.instanceName} · ${c.session.user}`,
    };
    c.panel = QueryResultsPanel.show(services, target, {
      session: () => c.session,
      cancel: (runId) => {
        if (c.running?.runId === runId) c.running.abort.abort();
      },
      export: (runId, index, set, format) => exportResult(c, runId, index, set, format),
    });
    c.panel.panel.onDidChangeViewState(() => showStatus());
    return c.panel;
  };

  const run = async (c: Console, statements: Statement[]) => {
    if (!statements.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('There is no statement to run here.'));
      return;
    }
    if (!rebind(c)) {
      endedNotice(c);
      return;
    }
    if (c.running) {
      void vscode.window.showWarningMessage(stillRunningText());
      return;
    }
    const runId = takeRunId();
    const abort = new AbortController();
    c.running = { runId, abort };
    const consoleUri = vscode.Uri.parse(c.key);
    diagnostics.delete(consoleUri);
    const texts = statements.map((s) => s.text);
    c.lastRun = { runId, statements: texts };
    const panel = panelOf(c);
    panel.begin(runId, texts);
    try {
      for (let i = 0; i < texts.length; i++) {
        const sql = texts[i];
        if (abort.signal.aborted) {
          panel.skipped(runId, i, vscode.l10n.t('Not run: the run was cancelled.'));
          continue;
        }
        const risk = c.session.production ? riskOf(sql) : undefined;
        if (risk) {
          const answer = await askAction(
            'warning',
            riskText(risk, c.session.target.instanceName),
            { modal: true, detail: sql.slice(0, 500) },
            action('run', vscode.l10n.t('Run')),
          );
          if (answer !== 'run') {
            for (let k = i; k < texts.length; k++)
              panel.skipped(runId, k, vscode.l10n.t('Not run: the confirmation was declined.'));
            break;
          }
        }
        history.add(c.session.id, sql);
        const started = Date.now();
        let outcome: StatementOutcome;
        try {
          const conn = await connectionOf(c);
          outcome = await runStatement(
            conn,
            sql,
            {
              columns: (columns, set) => panel.columns(runId, i, set, columns),
              rows: (rows, set) => panel.rows(runId, i, set, rows),
            },
            {
              signal: abort.signal,
              timeoutMs: queryTimeoutMs(),
              kill: (threadId) => killQuery(() => c.session.connect(), threadId),
            },
          );
        } catch (e) {
          if (e instanceof StatementError && e.fatal) dropConnection(c);
          else if (!(e instanceof StatementError)) dropConnection(c);
          services.log.warn(
            `Query console: statement ${i + 1} of ${texts.length} failed: ${e instanceof StatementError ? `${e.code ?? ''} ${e.errno ?? ''} ${e.message}` : String(e)}`,
          );
          history.settle(c.session.id, sql, {
            failed: true,
            ms: Date.now() - started,
            rows: e instanceof StatementError ? e.rowCount : 0,
          });
          panel.failed(runId, i, errorView(e, c.session));
          if (e instanceof StatementError && !e.fatal) markFailed(consoleUri, statements[i], e);
          for (let k = i + 1; k < texts.length; k++)
            panel.skipped(runId, k, vscode.l10n.t('Not run: an earlier statement failed.'));
          break;
        }
        panel.outcome(runId, i, outcome);
        history.settle(c.session.id, sql, {
          failed: !!outcome.stopped,
          ms: outcome.elapsedMs,
          rows: outcome.kind === 'rows' ? outcome.rowCount : (outcome.affectedRows ?? 0),
        });
        if (outcome.stopped) {
          for (let k = i + 1; k < texts.length; k++)
            panel.skipped(runId, k, vscode.l10n.t('Not run: the run was cancelled.'));
          break;
        }
        if (/^\s*use\s/i.test(sql)) void refreshSchema(c);
        if (changesSchema(sql)) {
          assist.forget(c.session);
          c.session.objectsChanged();
        }
      }
    } finally {
      c.running = undefined;
      panel.end(runId);
    }
  };

  /** The server's error under the failed statement (or the token a parse error names), until the next run. */
  const markFailed = (uri: vscode.Uri, statement: Statement, e: StatementError) => {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!doc) return;
    const span = errorSpan(statement.text, e.message);
    const range = new vscode.Range(
      doc.positionAt(statement.start + span.start),
      doc.positionAt(statement.start + span.end),
    );
    const d = new vscode.Diagnostic(
      range,
      e.errno === PARSE_ERROR_ERRNO ? vscode.l10n.t('Syntax error: {0}', e.message) : e.message,
      vscode.DiagnosticSeverity.Error,
    );
    d.source = 'MySQL';
    if (e.code) d.code = e.errno !== undefined ? `${e.code} (${e.errno})` : e.code;
    diagnostics.set(uri, [d]);
  };

  /** After a USE statement: the status bar follows the console's current schema. */
  const refreshSchema = async (c: Console) => {
    try {
      const conn = await connectionOf(c);
      const [rows] = await conn.query({ sql: 'SELECT DATABASE()', rowsAsArray: true });
      const name = (rows as unknown[][])[0]?.[0];
      // The session announces a change: its watcher redraws the status item.
      c.session.schema = typeof name === 'string' ? name : undefined;
    } catch {
      // The status bar keeps the last known schema; the next run reports any connection problem.
    }
  };

  /**
   * The statements a command means: the one a CodeLens names by its offset, else those of the
   * selection, else the one under the cursor.
   */
  const statementsAt = (uri?: unknown, offset?: unknown): { console: Console; statements: Statement[] } => {
    const { console: c, editor, doc } = activeConsole(uri);
    const text = doc.getText();
    if (typeof offset === 'number') {
      const s = statementAt(text, splitStatements(text), offset);
      return { console: c, statements: s ? [s] : [] };
    }
    const sel = editor?.selection;
    if (sel && !sel.isEmpty) {
      const from = doc.offsetAt(sel.start);
      const inner = splitStatements(doc.getText(sel)).map((s) => ({ ...s, start: s.start + from, end: s.end + from }));
      return { console: c, statements: inner };
    }
    const at = editor ? doc.offsetAt(editor.selection.active) : 0;
    const s = statementAt(text, splitStatements(text), at);
    return { console: c, statements: s ? [s] : [] };
  };

  /** Explain (or Explain Analyze) the one statement meant. */
  const explain = async (uri: unknown, offset: unknown, analyze: boolean) => {
    const { console: c, statements } = statementsAt(uri, offset);
    if (statements.length !== 1) {
      void vscode.window.showInformationMessage(
        statements.length
          ? vscode.l10n.t('Explain shows the plan of one statement: put the cursor in it, or select only it.')
          : vscode.l10n.t('There is no statement to explain here.'),
      );
      return;
    }
    if (!rebind(c)) {
      endedNotice(c);
      return;
    }
    await explainInConsole(services, c, statements[0].text, analyze);
  };

  const commands: Record<string, CommandHandler> = {
    'nhncloud.rds.query.openConsole': openConsole,
    'nhncloud.rds.query.bindEditor': bindEditor,
    'nhncloud.rds.query.unbindEditor': unbindEditor,
    'nhncloud.rds.query.refreshCompletion': () => {
      const { console: c } = activeConsole();
      assist.forget(c.session);
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Completion reads the schemas of {0} again on its next use.', c.session.target.instanceName),
      );
    },
    'nhncloud.rds.query.run': async (uri?: unknown, offset?: unknown) => {
      const { console: c, statements } = statementsAt(uri, offset);
      return run(c, statements);
    },
    'nhncloud.rds.query.explain': (uri?: unknown, offset?: unknown) => explain(uri, offset, false),
    'nhncloud.rds.query.explainAnalyze': (uri?: unknown, offset?: unknown) => explain(uri, offset, true),
    'nhncloud.rds.query.runAll': async (uri?: unknown) => {
      const { console: c, doc } = activeConsole(uri);
      return run(c, splitStatements(doc.getText()));
    },
    'nhncloud.rds.query.pickSchema': async () => {
      const { console: c } = activeConsole();
      if (!rebind(c)) {
        endedNotice(c);
        return;
      }
      const conn = await connectionOf(c);
      const [rows] = await conn.query({ sql: 'SHOW DATABASES', rowsAsArray: true });
      const names = (rows as unknown[][]).map((r) => String(r[0]));
      const chosen = await vscode.window.showQuickPick(
        names.map((n) => ({ label: n, schema: n, picked: n === c.session.schema })),
        { title: vscode.l10n.t('Schema of {0}', c.session.target.instanceName) },
      );
      if (!chosen) return;
      // Not the driver's escapeId, which reads a dot in the name as schema.table.
      await conn.query(`USE ${quoteIdent(chosen.schema)}`);
      c.session.schema = chosen.schema;
      // The next Connect... of this connection starts there too.
      await rememberedSchemas.set(c.session.id, chosen.schema);
    },
    'nhncloud.rds.query.history': async () => {
      const active = consoleOf(vscode.window.activeTextEditor?.document);
      const session = active?.session ?? (await chooseSession());
      if (!session) return;
      const entries = history.list(session.id);
      if (!entries.length) {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('No query has run on {0} as {1} yet.', session.target.instanceName, session.user),
        );
        return;
      }
      const chosen = await vscode.window.showQuickPick(
        entries.map((e, i) => ({
          label: `${e.result?.failed ? '$(error) ' : ''}${e.sql.replace(/\s+/g, ' ').slice(0, 120)}`,
          detail: [formatDateTime(new Date(e.at)), e.result ? runResultText(e.result) : undefined]
            .filter(Boolean)
            .join(' · '),
          index: i,
        })),
        {
          title: vscode.l10n.t('Query history of {0} ({1})', session.target.instanceName, session.user),
          matchOnDetail: true,
        },
      );
      if (!chosen) return;
      const sql = entries[chosen.index].sql;
      const editor = vscode.window.activeTextEditor;
      if (active && editor) {
        const cursor = editor.selection.active;
        const place = historyPlacement(sql, {
          line: cursor.line,
          character: cursor.character,
          lineText: editor.document.lineAt(cursor.line).text,
          selection: {
            startLine: editor.selection.start.line,
            startCharacter: editor.selection.start.character,
            endLine: editor.selection.end.line,
            endCharacter: editor.selection.end.character,
          },
        });
        const start = new vscode.Position(place.line, place.character);
        await editor.edit((b) =>
          place.replaceTo
            ? b.replace(
                new vscode.Range(start, new vscode.Position(place.replaceTo.line, place.replaceTo.character)),
                place.text,
              )
            : b.insert(start, place.text),
        );
        const end = new vscode.Position(place.cursorLine, place.cursorCharacter);
        editor.selection = new vscode.Selection(end, end);
        editor.revealRange(new vscode.Range(end, end));
      } else {
        await openConsole(session.id, `${sql};\n`);
      }
    },
  };

  return {
    commands,
    fileSystems: { [CONSOLE_SCHEME]: files },
    async dispose() {
      for (const c of [...consoles.values()]) await close(c);
      for (const d of disposables.splice(0)) d.dispose();
    },
  };
}
