// A small stand-in for the `vscode` module, enough for the explorer's tree and job tracker
// to run in plain Node against the sandbox (the e2e suite covers the real VS Code). It is
// installed with `installVscodeStub()` before the modules under test are imported.
import Module from 'node:module';

export class EventEmitter<T> {
  private listeners: Array<(e: T) => void> = [];
  event = (l: (e: T) => void) => {
    this.listeners.push(l);
    return { dispose: () => (this.listeners = this.listeners.filter((x) => x !== l)) };
  };
  fire(e: T) {
    for (const l of this.listeners) l(e);
  }
  dispose() {
    this.listeners = [];
  }
}

export const messages: Array<{ level: string; text: string }> = [];

/** Fired by a test to say an editor's document closed (workspace.onDidCloseTextDocument). */
export const closedDocuments = new EventEmitter<{ uri: { toString(): string } }>();

/** vscode.FileSystemError: the factory methods a file system provider throws. */
class FileSystemError extends Error {
  constructor(
    message: unknown,
    readonly code: string,
  ) {
    super(typeof message === 'string' ? message : String(message));
  }
  static FileNotFound = (m?: unknown) => new FileSystemError(m, 'FileNotFound');
  static FileExists = (m?: unknown) => new FileSystemError(m, 'FileExists');
  static FileIsADirectory = (m?: unknown) => new FileSystemError(m, 'FileIsADirectory');
  static NoPermissions = (m?: unknown) => new FileSystemError(m, 'NoPermissions');
  static Unavailable = (m?: unknown) => new FileSystemError(m, 'Unavailable');
}

export const stubVscode = {
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  StatusBarAlignment: { Left: 1, Right: 2 },
  ProgressLocation: { Notification: 15 },
  TreeItem: class {
    id?: string;
    description?: string;
    tooltip?: unknown;
    contextValue?: string;
    iconPath?: unknown;
    command?: unknown;
    constructor(
      public label: string,
      public collapsibleState = 0,
    ) {}
  },
  ThemeIcon: class {
    constructor(
      public id: string,
      public color?: unknown,
    ) {}
  },
  ThemeColor: class {
    constructor(public id: string) {}
  },
  MarkdownString: class {
    constructor(
      public value = '',
      public supportThemeIcons = false,
    ) {}
    appendText(t: string) {
      this.value += t;
      return this;
    }
    appendMarkdown(t: string) {
      this.value += t;
      return this;
    }
  },
  EventEmitter,
  Uri: { parse: (s: string) => ({ toString: () => s }) },
  FileSystemError,
  FileType: { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 },
  FileChangeType: { Changed: 1, Created: 2, Deleted: 3 },
  FilePermission: { Readonly: 1 },
  Disposable: class {
    constructor(private readonly fn: () => void) {}
    dispose() {
      this.fn();
    }
  },
  window: {
    createStatusBarItem: () => ({ text: '', tooltip: undefined, show() {}, hide() {}, dispose() {} }),
    showInformationMessage: async (text: string) => void messages.push({ level: 'info', text }),
    showWarningMessage: async (text: string) => void messages.push({ level: 'warning', text }),
    showErrorMessage: async (text: string) => void messages.push({ level: 'error', text }),
    setStatusBarMessage: () => ({ dispose() {} }),
    // The query console listens for editors and documents (src/rds/connection/console.ts).
    onDidChangeActiveTextEditor: () => ({ dispose() {} }),
    activeTextEditor: undefined,
    visibleTextEditors: [],
  },
  languages: {
    registerCodeLensProvider: () => ({ dispose() {} }),
    getLanguages: async () => ['plaintext', 'sql'],
    // The query console marks a failed statement (src/rds/connection/console.ts).
    createDiagnosticCollection: () => ({ set() {}, delete() {}, clear() {}, dispose() {} }),
  },
  commands: { executeCommand: async () => undefined },
  workspace: {
    getConfiguration: () => ({ get: (_k: string, d?: unknown) => d }),
    onDidCloseTextDocument: closedDocuments.event,
    registerTextDocumentContentProvider: () => ({ dispose() {} }),
    textDocuments: [],
  },
  env: { language: 'en', clipboard: { writeText: async () => undefined } },
  // vscode.l10n.t without a bundle: the English text with {0}, {1}... filled in.
  l10n: {
    t: (message: string, ...args: unknown[]) =>
      message.replace(/\{(\d+)\}/g, (all, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : all)),
    bundle: undefined,
  },
};

let installed = false;
export function installVscodeStub(): void {
  if (installed) return;
  installed = true;
  const m = Module as unknown as { _load: (req: string, parent: unknown, isMain: boolean) => unknown };
  const load = m._load;
  m._load = function (req: string, parent: unknown, isMain: boolean) {
    return req === 'vscode' ? stubVscode : load.call(this, req, parent, isMain);
  };
}
