// The extension side of every webview panel: the HTML shell with its CSP, the `ready`
// handshake, strict checking of every inbound message, request/response by id, and the
// per-target registry (one panel per thing: opening it again reveals the open one).
import * as vscode from 'vscode';
import { isApiError, isAuthError, isCancelledError, isValidationError } from '../client/errors';
import type { RdsClient } from '../client/rds/client';
import type { Region, SiteId } from '../client/sites';
import type { Services } from '../shared/services';
import { nonce, panelHtml } from './html';
import {
  parseInbound,
  VIEW_TYPES,
  type ErrorPayload,
  type MethodsOf,
  type OutboundMessage,
  type PanelKind,
  type PanelTarget,
  type ParamsOf,
} from './protocol';

export type Handlers<K extends PanelKind> = { [M in keyof MethodsOf<K>]: (params: ParamsOf<K, M>) => Promise<unknown> };

const TITLES: Record<PanelKind, string> = {
  createInstance: vscode.l10n.t('Create DB Instance'),
  restore: vscode.l10n.t('Restore DB Instance'),
  replicate: vscode.l10n.t('Create Read Replica'),
  parameterGroup: vscode.l10n.t('Parameter Group'),
  securityGroup: vscode.l10n.t('DB Security Group Rules'),
  metrics: vscode.l10n.t('Metrics'),
  queryResults: vscode.l10n.t('Query Results'),
  queryPlan: vscode.l10n.t('Query Plan'),
  tableData: vscode.l10n.t('Table'),
  csvImport: vscode.l10n.t('Import CSV'),
};

/** The tab title with the resource's name: one whole message per panel. */
const TITLES_OF: Record<PanelKind, (name: string) => string> = {
  createInstance: (name) => vscode.l10n.t('Create DB Instance: {0}', name),
  restore: (name) => vscode.l10n.t('Restore DB Instance: {0}', name),
  replicate: (name) => vscode.l10n.t('Create Read Replica: {0}', name),
  parameterGroup: (name) => vscode.l10n.t('Parameter Group: {0}', name),
  securityGroup: (name) => vscode.l10n.t('DB Security Group Rules: {0}', name),
  metrics: (name) => vscode.l10n.t('Metrics: {0}', name),
  queryResults: (name) => vscode.l10n.t('Query Results: {0}', name),
  queryPlan: (name) => vscode.l10n.t('Query Plan: {0}', name),
  tableData: (name) => vscode.l10n.t('Table: {0}', name),
  csvImport: (name) => vscode.l10n.t('Import CSV: {0}', name),
};

const open = new Map<string, BasePanel<PanelKind>>();

function keyOf(kind: PanelKind, target: PanelTarget): string {
  return `${kind}:${target.product ?? 'mysql'}:${target.region}:${target.source ?? ''}:${target.id ?? ''}`;
}

export abstract class BasePanel<K extends PanelKind> implements vscode.Disposable {
  protected readonly disposables: vscode.Disposable[] = [];
  private disposed = false;
  protected readonly abort = new AbortController();
  /**
   * Events sent before the page said `ready` wait here: until its script has started, a posted
   * message finds no listener and is lost (a query's first rows in a panel that is still loading).
   * Each entry posts its message (or gives up, with `false`, when the panel closed first).
   */
  private beforeReady: Array<(deliver: boolean) => void> | undefined = [];

  /** The panel's kind, named once by its class (`static readonly kind`). */
  readonly kind: K;

  /** A form reopened from the draft its closed panel left (./formDraft.ts): sent with `init`. */
  private draftToStart?: Record<string, unknown>;

  constructor(
    protected readonly services: Services,
    readonly panel: vscode.WebviewPanel,
    readonly target: PanelTarget,
  ) {
    // Each panel class says its kind once, as `static readonly kind`, for the constructor here,
    // openPanel and the revival after a reload alike.
    const kind = (new.target as unknown as { readonly kind: K }).kind;
    this.kind = kind;
    const root = services.context.extensionUri;
    panel.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(root, 'dist', 'webviews'), vscode.Uri.joinPath(root, 'media')],
    };
    panel.iconPath = vscode.Uri.joinPath(root, 'media', 'nhncloud.svg');
    panel.title = target.label ? TITLES_OF[kind](target.label) : TITLES[kind];
    const n = nonce();
    panel.webview.html = panelHtml({
      cspSource: panel.webview.cspSource,
      nonce: n,
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(root, 'dist', 'webviews', `${kind}.js`)).toString(),
      chunkRootUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(root, 'dist', 'webviews', 'chunks')).toString(),
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(root, 'media', 'webview.css')).toString(),
      title: panel.title,
      kind,
      // The page's texts: the extension's bundle for the display language (undefined in English).
      l10n: { language: vscode.env.language, bundle: vscode.l10n.bundle },
    });
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw) => void this.receive(raw)),
      panel.onDidDispose(() => this.dispose()),
    );
    open.set(keyOf(kind, target), this as unknown as BasePanel<PanelKind>);
  }

  /** The panel of this kind and target if one is open (then it is revealed). */
  static revealExisting(kind: PanelKind, target: PanelTarget): boolean {
    const p = open.get(keyOf(kind, target));
    if (!p) return false;
    p.panel.reveal();
    return true;
  }

  /** A new webview panel of this kind in the active column, for a panel class to fill. */
  static createWebviewPanel(kind: PanelKind): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(VIEW_TYPES[kind], TITLES[kind], vscode.ViewColumn.Active, {
      enableScripts: true,
      enableFindWidget: true,
    });
  }

  protected abstract readonly handlers: Handlers<K>;

  /** The webview starts from this draft instead of its defaults (before `ready` arrives). */
  startFrom(draft: Record<string, unknown>): void {
    this.draftToStart = draft;
  }

  /** What the webview gets in answer to `ready` (besides the target). */
  protected initData(): Promise<unknown> | unknown {
    return {};
  }

  protected rds(): Promise<RdsClient> {
    return this.services.clients.rds(this.target.region, this.target.product);
  }

  /** The active profile's site and the panel's region (what the site table is asked about). */
  protected site(): { cloud: SiteId; region: Region } {
    return { cloud: this.services.profiles.active()?.cloud ?? 'public', region: this.target.region };
  }

  post(message: OutboundMessage): void {
    if (this.disposed) return;
    if (message.type === 'event' && this.beforeReady) {
      this.beforeReady.push((deliver) => void (deliver && this.panel.webview.postMessage(message)));
      return;
    }
    void this.panel.webview.postMessage(message);
  }

  /** Pushes an event (job progress, refreshed data) to the webview. */
  protected emit(name: string, data: unknown): void {
    this.post({ type: 'event', name, data });
  }

  /** Like emit, settling once the webview took the message: a streaming sender waits on it. */
  protected emitAndWait(name: string, data: unknown): Thenable<boolean> {
    if (this.disposed) return Promise.resolve(false);
    const message = { type: 'event', name, data } satisfies OutboundMessage;
    const waiting = this.beforeReady;
    if (waiting) {
      return new Promise<boolean>((resolve) =>
        waiting.push((deliver) => resolve(deliver ? this.panel.webview.postMessage(message) : false)),
      );
    }
    return this.panel.webview.postMessage(message);
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = parseInbound(this.kind, raw);
    if (!parsed.ok) {
      this.services.log.warn(`Panel ${this.kind}: rejected a message from the webview (${parsed.reason}).`);
      const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
      if (typeof id === 'number' && Number.isSafeInteger(id)) {
        this.post({
          type: 'response',
          id,
          ok: false,
          error: { message: vscode.l10n.t('The panel sent a malformed request; details are in the log.') },
        });
      }
      return;
    }
    const msg = parsed.message;
    if (msg.type === 'ready') {
      try {
        this.post({
          type: 'init',
          panel: this.kind,
          data: {
            target: this.target,
            ...((await this.initData()) as object),
            ...(this.draftToStart ? { draft: this.draftToStart } : {}),
          },
        });
      } catch (e) {
        this.post({ type: 'init', panel: this.kind, data: { target: this.target, error: this.errorPayload(e) } });
      }
      // The page listens now: what waited follows its init, in order.
      this.flushBeforeReady(true);
      return;
    }
    const handler = (this.handlers as Record<string, (p: unknown) => Promise<unknown>>)[msg.method];
    try {
      const result = await handler.call(this, msg.params);
      this.post({ type: 'response', id: msg.id, ok: true, result: result ?? null });
    } catch (e) {
      this.services.log.error(
        `Panel ${this.kind}: ${msg.method} failed: ${e instanceof Error ? e.message : String(e)}`,
      );
      this.post({ type: 'response', id: msg.id, ok: false, error: this.errorPayload(e) });
    }
  }

  protected errorPayload(e: unknown): ErrorPayload {
    if (isValidationError(e)) return { message: e.message, issues: e.issues };
    if (isAuthError(e) || isApiError(e) || isCancelledError(e)) return { message: e.message };
    return { message: e instanceof Error ? e.message : String(e) };
  }

  private flushBeforeReady(deliver: boolean): void {
    const waiting = this.beforeReady;
    this.beforeReady = undefined;
    for (const send of waiting ?? []) send(deliver);
  }

  /**
   * Called once when the panel closes, whoever closed it (its tab, Close All, the extension).
   * The WebviewPanel is disposed by then: reading its properties (even `title`) throws.
   */
  protected whenClosed(): void {}

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.whenClosed();
    this.abort.abort();
    this.flushBeforeReady(false);
    if (open.get(keyOf(this.kind, this.target)) === (this as unknown)) open.delete(keyOf(this.kind, this.target));
    this.panel.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** A form panel's class: its kind, and the constructor a new panel and a revived one share. */
export interface PanelClass<K extends PanelKind> {
  readonly kind: K;
  new (services: Services, panel: vscode.WebviewPanel, target: PanelTarget): BasePanel<K>;
}

/** Shows the panel of this class for `target`: the one already open (revealed), else a new one. */
export function openPanel<K extends PanelKind>(Panel: PanelClass<K>, services: Services, target: PanelTarget): void {
  if (BasePanel.revealExisting(Panel.kind, target)) return;
  new Panel(services, BasePanel.createWebviewPanel(Panel.kind), target);
}

/**
 * Opens a new panel of this class for `target` that starts from `draft` (a form closed with
 * unsent changes, reopened): a second one beside a form opened meanwhile, never over it.
 */
export function reopenPanel<K extends PanelKind>(
  Panel: PanelClass<K>,
  services: Services,
  target: PanelTarget,
  draft: Record<string, unknown>,
): void {
  const p = new Panel(services, BasePanel.createWebviewPanel(Panel.kind), target);
  p.startFrom(draft);
}
