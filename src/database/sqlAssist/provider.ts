// Completion, hover, Go to Definition and formatting in the query console (issue 28): the
// statement under the caret is read by ./scope.ts, the names come from the console's connection
// (./metadata.ts, cached per session and schema), the items and texts from ./assist.ts, the
// formatting from ./format.ts. Nothing here blocks typing: metadata still loading is waited for
// briefly, then the items known so far are offered; a connection that fails keeps the cached
// names, says so quietly in the status bar, and is not asked again for 30 s.
import * as vscode from 'vscode';
import { plural } from '../../shared/l10n';
import type { Services } from '../../shared/services';
import { withConnection } from '../connection/schemaTree';
import type { DbSession, DbSessions } from '../connection/session';
import { splitStatements, statementAt } from '../connection/statements';
import { hoverText, itemsFor, mayMatch, nameAt, schemasNeeded, type AssistEnv, type ItemKind } from './assist';
import { functionsOf, serverFlavor } from './builtins';
import { createStatement, definitionLine, loadSchemaMetadata, MetadataCache } from './metadata';
import { formatEdits } from './format';
import { analyze } from './scope';

/** Go to Definition opens a table's CREATE statement as a read-only document of this scheme. */
export const CREATE_SCHEME = 'nhncloud-sql-create';

/** How long a completion waits for metadata still loading before it offers what is known. */
const LOAD_WAIT_MS = 1_500;
/** After a failed read of a schema's metadata, how long completion offers what it knows before trying again. */
const RETRY_AFTER_MS = 30_000;

const KINDS: Record<ItemKind, vscode.CompletionItemKind> = {
  schema: vscode.CompletionItemKind.Module,
  table: vscode.CompletionItemKind.Struct,
  view: vscode.CompletionItemKind.Interface,
  cte: vscode.CompletionItemKind.Struct,
  column: vscode.CompletionItemKind.Field,
  alias: vscode.CompletionItemKind.Variable,
  function: vscode.CompletionItemKind.Function,
  routine: vscode.CompletionItemKind.Method,
  keyword: vscode.CompletionItemKind.Keyword,
};

export interface SqlAssist {
  disposables: vscode.Disposable[];
  /** Forget a session's metadata (after DDL, or on Refresh Completion). */
  forget(session: DbSession): void;
}

/** The connection of a document: `live` false once it ended (then only cached names are offered). */
export type SessionOf = (doc: vscode.TextDocument) => { session: DbSession; live: boolean } | undefined;

export function createSqlAssist(
  services: Services,
  /** Where completion, hover and definition answer, and where Format Document does. */
  selectors: { assist: vscode.DocumentSelector; format: vscode.DocumentSelector },
  sessionOf: SessionOf,
  sessions: Pick<DbSessions, 'get'>,
): SqlAssist {
  const cache = new MetadataCache<DbSession>(
    (session, schema) =>
      withConnection(session, (c) => loadSchemaMetadata(c, schema)).catch((e: unknown) => {
        services.log.warn(
          `Completion: the metadata of ${schema} could not be read: ${e instanceof Error ? e.message : String(e)}`,
        );
        throw e;
      }),
    RETRY_AFTER_MS,
  );

  /** The statement around `offset` and the caret's offset in it (the caret may sit past its trimmed end). */
  const statementOf = (doc: vscode.TextDocument, offset: number) => {
    const text = doc.getText();
    const s = statementAt(text, splitStatements(text), offset);
    if (!s || offset < s.start) return { text: '', start: offset, caret: 0 };
    const end = Math.max(s.end, offset);
    return { text: text.slice(s.start, end), start: s.start, caret: offset - s.start };
  };

  const envOf = (session: DbSession): AssistEnv => {
    const current = session.schema ? cache.peek(session, session.schema) : undefined;
    return {
      schema: session.schema,
      metadata: (schema) => cache.peek(session, schema),
      schemas: session.userSchemas,
      functions: functionsOf(serverFlavor(current?.serverVersion ?? '8.0')),
    };
  };

  /** Loads what the caret needs, waiting at most LOAD_WAIT_MS; a schema that cannot be read is said in the status bar. */
  const load = async (session: DbSession, live: boolean, schemas: string[]) => {
    if (!live) return;
    const loads = schemas.map((s) =>
      cache.get(session, s).catch(() => {
        vscode.window.setStatusBarMessage(
          vscode.l10n.t('$(warning) Completion could not read {0}: only the names known so far are offered.', s),
          5_000,
        );
      }),
    );
    await Promise.race([Promise.all(loads), new Promise((r) => setTimeout(r, LOAD_WAIT_MS))]);
  };

  /** The caret's statement, read, with the metadata it names loaded (or waited for briefly); undefined outside a console. */
  const atCaret = async (doc: vscode.TextDocument, position: vscode.Position) => {
    const bound = sessionOf(doc);
    if (!bound) return undefined;
    const st = statementOf(doc, doc.offsetAt(position));
    const a = analyze(st.text, st.caret);
    await load(bound.session, bound.live, schemasNeeded(a, bound.session.schema));
    return { ...bound, st, a, env: envOf(bound.session) };
  };

  const completion: vscode.CompletionItemProvider = {
    async provideCompletionItems(doc, position) {
      const c = await atCaret(doc, position);
      if (!c) return undefined;
      const range = new vscode.Range(doc.positionAt(c.st.start + c.a.prefixStart), position);
      const all = itemsFor(c.a, c.env);
      const typed = c.a.prefix;
      const kept = typed ? all.filter((i) => mayMatch(i.label, typed)) : all;
      const items = kept.map((i) => {
        const item = new vscode.CompletionItem({ label: i.label, description: i.description }, KINDS[i.kind]);
        item.detail = i.detail;
        item.sortText = i.sortText;
        item.range = range;
        if (i.insertText) item.insertText = i.insertText;
        return item;
      });
      // Filtered by what is typed: VS Code must ask again when the typing changes.
      return new vscode.CompletionList(items, kept.length < all.length);
    },
  };

  const hover: vscode.HoverProvider = {
    async provideHover(doc, position) {
      const c = await atCaret(doc, position);
      const text = c && hoverText(c.st.text, c.st.caret, c.env);
      return text ? new vscode.Hover(new vscode.MarkdownString(text)) : undefined;
    },
  };

  // Go to Definition on a table (or a column: its line): the CREATE statement, read-only.
  const definition: vscode.DefinitionProvider = {
    async provideDefinition(doc, position) {
      const c = await atCaret(doc, position);
      if (!c?.live) return undefined;
      const named = nameAt(c.st.text, c.st.caret, c.env);
      if (!named?.schema) return undefined;
      const uri = vscode.Uri.from({
        scheme: CREATE_SCHEME,
        path: `/${named.schema}/${named.table.name}.sql`,
        query: new URLSearchParams({ session: c.session.id, view: named.table.view ? '1' : '0' }).toString(),
      });
      if (named.kind !== 'column') return new vscode.Location(uri, new vscode.Position(0, 0));
      // A column: its own line of the CREATE statement (it opened at the top, on the table).
      const create = await vscode.workspace.openTextDocument(uri);
      const line = definitionLine(create.getText(), named.column.name);
      return new vscode.Location(uri, new vscode.Position(line, create.lineAt(line).firstNonWhitespaceCharacterIndex));
    },
  };
  const createDocuments: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri) {
      const q = new URLSearchParams(uri.query);
      const session = sessions.get(q.get('session') ?? '');
      const [, schema = '', file = ''] = uri.path.split('/');
      const name = file.replace(/\.sql$/, '');
      if (!session)
        throw new Error(vscode.l10n.t('The connection that showed {0} has ended: connect again to read it.', name));
      return withConnection(session, (c) => createStatement(c, schema, name, q.get('view') === '1'));
    },
  };

  // Format Document / Format Selection: each statement in the connected server's dialect.
  const format = (doc: vscode.TextDocument, options: vscode.FormattingOptions, range?: vscode.Range) => {
    const bound = sessionOf(doc);
    const version = bound?.session.schema ? cache.peek(bound.session, bound.session.schema)?.serverVersion : undefined;
    const { edits, unreadable } = formatEdits(doc.getText(), {
      dialect: version && serverFlavor(version).kind === 'mariadb' ? 'mariadb' : 'mysql',
      tabWidth: options.tabSize,
      useTabs: !options.insertSpaces,
      range: range && { start: doc.offsetAt(range.start), end: doc.offsetAt(range.end) },
    });
    if (unreadable)
      vscode.window.setStatusBarMessage(
        plural(
          unreadable,
          vscode.l10n.t('$(warning) {0} statement could not be read and was left as it is.', unreadable),
          vscode.l10n.t('$(warning) {0} statements could not be read and were left as they are.', unreadable),
        ),
        5_000,
      );
    return edits.map(
      (e) => new vscode.TextEdit(new vscode.Range(doc.positionAt(e.start), doc.positionAt(e.end)), e.text),
    );
  };

  return {
    disposables: [
      vscode.languages.registerDocumentFormattingEditProvider(selectors.format, {
        provideDocumentFormattingEdits: (doc, options) => format(doc, options),
      }),
      vscode.languages.registerDocumentRangeFormattingEditProvider(selectors.format, {
        provideDocumentRangeFormattingEdits: (doc, range, options) => format(doc, options, range),
      }),
      vscode.languages.registerCompletionItemProvider(selectors.assist, completion, '.'),
      vscode.languages.registerHoverProvider(selectors.assist, hover),
      vscode.languages.registerDefinitionProvider(selectors.assist, definition),
      vscode.workspace.registerTextDocumentContentProvider(CREATE_SCHEME, createDocuments),
    ],
    forget: (session) => cache.forget(session),
  };
}
