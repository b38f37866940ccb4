// A small stand-in for the `vscode` module, enough for the explorer's tree and job tracker
// to run in plain Node against the sandbox (the e2e suite covers the real VS Code). It is
// installed with `installVscodeStub()` before the modules under test are imported.
import { promises as fsp } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';

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

/** Fired by a test to say a document opened (workspace.onDidOpenTextDocument). */
export const openedDocuments = new EventEmitter<unknown>();
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

/** vscode.Uri: scheme, authority and path; a `file:` URI's path is its fsPath. */
class Uri {
  constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
  ) {}
  get fsPath() {
    return this.path;
  }
  toString() {
    return `${this.scheme}://${this.authority}${this.path}`;
  }
  static parse = (s: string) => ({ toString: () => s });
  static file = (p: string) => new Uri('file', '', p);
  static from = (c: { scheme: string; authority?: string; path?: string }) =>
    new Uri(c.scheme, c.authority ?? '', c.path ?? '');
  static joinPath = (base: Uri, ...parts: string[]) =>
    new Uri(base.scheme, base.authority, posix.join(base.path, ...parts));
}

/** A file-system call that failed with ENOENT is vscode's FileNotFound, as the real workspace.fs says it. */
const onDisk = async <T>(uri: Uri, op: () => Promise<T>): Promise<T> => {
  try {
    return await op();
  } catch (e) {
    throw (e as NodeJS.ErrnoException).code === 'ENOENT' ? FileSystemError.FileNotFound(uri.path) : e;
  }
};

/** Fired by a test to say a document's text changed (workspace.onDidChangeTextDocument). */
export const changedDocuments = new EventEmitter<{ document: unknown }>();
/** Fired by a test to say tabs closed (window.tabGroups.onDidChangeTabs); `tabGroups.all` is the test's to fill. */
export const changedTabs = new EventEmitter<{ opened: unknown[]; closed: unknown[]; changed: unknown[] }>();
class TabInputText {
  constructor(readonly uri: Uri) {}
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
  CompletionItemKind: {
    Method: 1,
    Function: 2,
    Field: 4,
    Variable: 5,
    Interface: 7,
    Module: 8,
    Keyword: 13,
    Struct: 21,
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
  Uri,
  TabInputText,
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
    // With a cancel token that is never cancelled (listings and transfers listen to it).
    withProgress: async <T>(
      _o: unknown,
      task: (
        p: { report(): void },
        t: { isCancellationRequested: boolean; onCancellationRequested(): { dispose(): void } },
      ) => Promise<T>,
    ) => task({ report() {} }, { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) }),
    // The query console listens for editors and documents (src/database/connection/console.ts).
    onDidChangeActiveTextEditor: () => ({ dispose() {} }),
    activeTextEditor: undefined,
    visibleTextEditors: [],
    tabGroups: { all: [] as Array<{ tabs: Array<{ input: unknown }> }>, onDidChangeTabs: changedTabs.event },
  },
  languages: {
    registerCodeLensProvider: () => ({ dispose() {} }),
    // The query console's completion and hover (src/database/sqlAssist/provider.ts).
    registerCompletionItemProvider: () => ({ dispose() {} }),
    registerHoverProvider: () => ({ dispose() {} }),
    registerDefinitionProvider: () => ({ dispose() {} }),
    registerDocumentFormattingEditProvider: () => ({ dispose() {} }),
    registerDocumentRangeFormattingEditProvider: () => ({ dispose() {} }),
    getLanguages: async () => ['plaintext', 'sql'],
    // The query console marks a failed statement (src/database/connection/console.ts).
    createDiagnosticCollection: () => ({ set() {}, delete() {}, clear() {}, dispose() {} }),
  },
  commands: { executeCommand: async () => undefined },
  workspace: {
    getConfiguration: () => ({ get: (_k: string, d?: unknown) => d, inspect: () => undefined }),
    onDidOpenTextDocument: openedDocuments.event,
    onDidCloseTextDocument: closedDocuments.event,
    onDidChangeTextDocument: changedDocuments.event,
    // workspace.fs on the local disk (the query console keeps its files in global storage).
    fs: {
      stat: (u: Uri) =>
        onDisk(u, async () => {
          const s = await fsp.stat(u.fsPath);
          return { type: s.isDirectory() ? 2 : 1, ctime: s.ctimeMs, mtime: s.mtimeMs, size: s.size };
        }),
      readDirectory: (u: Uri) =>
        onDisk(u, async () =>
          (await fsp.readdir(u.fsPath, { withFileTypes: true })).map((d) => [d.name, d.isDirectory() ? 2 : 1]),
        ),
      readFile: (u: Uri) => onDisk(u, () => fsp.readFile(u.fsPath)),
      writeFile: (u: Uri, content: Uint8Array) => onDisk(u, () => fsp.writeFile(u.fsPath, content)),
      createDirectory: (u: Uri) => onDisk(u, () => fsp.mkdir(u.fsPath, { recursive: true })),
      delete: (u: Uri) => onDisk(u, () => fsp.rm(u.fsPath)),
      rename: (a: Uri, b: Uri) => onDisk(a, () => fsp.rename(a.fsPath, b.fsPath)),
    },
    registerTextDocumentContentProvider: () => ({ dispose() {} }),
    textDocuments: [] as Array<{ uri: { toString(): string }; isDirty?: boolean; save?: () => Promise<boolean> }>,
    /** workspace.save: the document's own save, as the editor would run it. */
    async save(uri: { toString(): string }) {
      const doc = stubVscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      return doc?.save && (await doc.save()) ? uri : undefined;
    },
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

/**
 * An extension context held in memory (workspace and global state in one map) with a storage
 * folder of this process under the temp folder named by `name`, and a log that says nothing:
 * what the tests that build the explorer over the sandbox give its services.
 */
export function memoryContextAndLog(name: string) {
  const state = new Map<string, unknown>();
  return {
    context: {
      globalStorageUri: stubVscode.Uri.file(join(tmpdir(), `${name}-${process.pid}`)),
      workspaceState: {
        get: (k: string) => state.get(k),
        update: async (k: string, v: unknown) => void state.set(k, v),
      },
      globalState: {
        get: <T>(k: string, d?: T) => (state.has(k) ? state.get(k) : d),
        update: async (k: string, v: unknown) => void state.set(k, v),
      },
    },
    log: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} },
  };
}
