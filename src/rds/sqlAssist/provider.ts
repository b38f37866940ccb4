// Completion and hover in the query console (issue 28): the statement under the caret is read by
// ./scope.ts, the names come from the console's connection (./metadata.ts, cached per session and
// schema), the items and texts from ./assist.ts. Nothing here blocks typing: metadata still
// loading is waited for briefly, then the items known so far are offered; a connection that
// fails keeps the cached names and says so quietly in the status bar.
import * as vscode from 'vscode';
import type { Services } from '../../shared/services';
import { withConnection } from '../connection/schemaTree';
import type { DbSession } from '../connection/session';
import { splitStatements, statementAt } from '../connection/statements';
import { hoverText, itemsFor, schemasNeeded, type AssistEnv, type ItemKind } from './assist';
import { functionsOf, serverFlavor } from './builtins';
import { loadSchemaMetadata, MetadataCache } from './metadata';
import { analyze } from './scope';

/** How long a completion waits for metadata still loading before it offers what is known. */
const LOAD_WAIT_MS = 1_500;

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
  selector: vscode.DocumentSelector,
  sessionOf: SessionOf,
): SqlAssist {
  const cache = new MetadataCache<DbSession>((session, schema) =>
    withConnection(session, (c) => loadSchemaMetadata(c, schema)),
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

  /** Loads what the caret needs, waiting at most LOAD_WAIT_MS; a failure is said once in the status bar. */
  const load = async (session: DbSession, live: boolean, schemas: string[]) => {
    if (!live) return;
    const loads = schemas.map((s) =>
      cache.get(session, s).catch((e: unknown) => {
        services.log.warn(
          `Completion: the metadata of ${s} could not be read: ${e instanceof Error ? e.message : String(e)}`,
        );
        vscode.window.setStatusBarMessage(
          vscode.l10n.t('$(warning) Completion could not read {0}: only the names known so far are offered.', s),
          5_000,
        );
      }),
    );
    await Promise.race([Promise.all(loads), new Promise((r) => setTimeout(r, LOAD_WAIT_MS))]);
  };

  const completion: vscode.CompletionItemProvider = {
    async provideCompletionItems(doc, position) {
      const bound = sessionOf(doc);
      if (!bound) return undefined;
      const { session } = bound;
      const st = statementOf(doc, doc.offsetAt(position));
      const a = analyze(st.text, st.caret);
      await load(session, bound.live, schemasNeeded(a, session.schema));
      const range = new vscode.Range(doc.positionAt(st.start + a.prefixStart), position);
      return itemsFor(a, envOf(session)).map((i) => {
        const item = new vscode.CompletionItem({ label: i.label, description: i.description }, KINDS[i.kind]);
        item.detail = i.detail;
        item.sortText = i.sortText;
        item.range = range;
        if (i.insertText) item.insertText = i.insertText;
        return item;
      });
    },
  };

  const hover: vscode.HoverProvider = {
    async provideHover(doc, position) {
      const bound = sessionOf(doc);
      if (!bound) return undefined;
      const { session } = bound;
      const st = statementOf(doc, doc.offsetAt(position));
      await load(session, bound.live, schemasNeeded(analyze(st.text, st.caret), session.schema));
      const text = hoverText(st.text, st.caret, envOf(session));
      return text ? new vscode.Hover(new vscode.MarkdownString(text)) : undefined;
    },
  };

  return {
    disposables: [
      vscode.languages.registerCompletionItemProvider(selector, completion, '.'),
      vscode.languages.registerHoverProvider(selector, hover),
    ],
    forget: (session) => cache.forget(session),
  };
}
