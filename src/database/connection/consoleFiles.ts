// Query consoles as documents of their own scheme (issue 25, rough edge 13). An untitled editor
// asks "Do you want to save?" whenever it closes, and VS Code gives an extension no way to mark
// one as a scratch buffer: so a console lives at `nhncloud-console:/<instance> <n>.sql`, a file
// of this provider, kept in the extension's global storage (a reload brings its text back), and
// saved quietly as it is edited, so closing it asks nothing (what ran is in Query History). Ctrl+S
// saves it here without a dialog; Save As... makes a file of the user's, which then behaves as a
// file. The backing file goes when its last tab closes.
import * as vscode from 'vscode';

export const CONSOLE_SCHEME = 'nhncloud-console';
/**
 * The language the extension contributes for consoles (package.json `contributes.languages`):
 * named "MySQL" in the status bar, highlighted by VS Code's own SQL grammar (which its grammar
 * includes). VS Code's `sql` is named "MS SQL", which a MySQL or MariaDB console is not.
 */
export const CONSOLE_LANGUAGE = 'nhncloud-mysql';

/** How long an edited console waits before it is saved (VS Code's own auto save waits 1 s). */
const SAVE_DELAY_MS = 300;
/**
 * A quiet save VS Code did not carry out (`save()` answered false or failed, the console still
 * dirty) is tried again this many times, a second later each time longer: a save that did not
 * happen changed nothing, so repeating it is safe, and each one is logged.
 */
const SAVE_RETRIES = 3;
/** A backing file no tab shows and nobody touched for this long belongs to a window long gone. */
const ORPHAN_AGE_MS = 7 * 24 * 3600_000;

/** The backing file's name of a console path (`/staging-api 1.sql`): one flat folder, any name. */
export function backingName(path: string): string {
  return encodeURIComponent(path.replace(/^\//, ''));
}

/** A console's path: `/<instance> <n>.sql` with the smallest n no console uses yet. */
export function consolePath(instanceName: string, taken: ReadonlySet<string>): string {
  // A slash would make a folder: U+2215 DIVISION SLASH looks the same in a tab.
  const base = instanceName.replace(/[\\/]/g, '\u2215');
  for (let n = 1; ; n++) {
    const path = `/${base} ${n}.sql`;
    if (!taken.has(path)) return path;
  }
}

/**
 * Whether a quiet save of `doc` would run the user's save participants (format, trim
 * whitespace, final newline, code actions) on every pause in typing: then the console is not
 * saved behind the user's back, and closing it asks as a file's editor does.
 */
export function savingRunsParticipants(doc: { uri: vscode.Uri; languageId: string }): boolean {
  const config = vscode.workspace.getConfiguration(undefined, { uri: doc.uri, languageId: doc.languageId });
  const actions = config.get<Record<string, unknown> | string[]>('editor.codeActionsOnSave');
  const someAction = Array.isArray(actions)
    ? actions.length > 0
    : Object.values(actions ?? {}).some((v) => v === true || v === 'explicit' || v === 'always');
  return (
    someAction ||
    ['editor.formatOnSave', 'files.trimTrailingWhitespace', 'files.insertFinalNewline', 'files.trimFinalNewlines'].some(
      (key) => config.get<boolean>(key) === true,
    )
  );
}

export class ConsoleFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(
    private readonly dir: vscode.Uri,
    /** Where a quiet save that did not happen is reported (the NHN Cloud log). */
    private readonly warn: (line: string) => void = () => undefined,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.isDirty) this.scheduleSave(e.document.uri);
      }),
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        void this.tabsClosed(e.closed);
        // A tab that turns dirty asks for a save too: the tab is the editor's own state, while
        // the extension host's copy of the document can stop hearing of changes (a Korean e2e
        // run: after a save overtaken by typing, no change event of that console came again).
        for (const tab of [...e.opened, ...e.changed])
          if (tab.isDirty && tab.input instanceof vscode.TabInputText) this.scheduleSave(tab.input.uri);
      }),
    );
  }

  /** The backing file goes with the console's last tab. */
  async tabsClosed(tabs: readonly vscode.Tab[]): Promise<void> {
    for (const tab of tabs) {
      const uri = tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined;
      // Its document may stay in memory a while after: the tabs decide.
      if (uri?.scheme === CONSOLE_SCHEME && !this.shownPaths().has(uri.path))
        await vscode.workspace.fs.delete(this.backing(uri)).then(undefined, () => undefined);
    }
  }

  /** The paths of the consoles a tab shows. */
  private shownPaths(): Set<string> {
    const paths = new Set<string>();
    for (const group of vscode.window.tabGroups.all)
      for (const tab of group.tabs)
        if (tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === CONSOLE_SCHEME)
          paths.add(tab.input.uri.path);
    return paths;
  }

  /** A new, empty console named after its instance; its text is `content`. */
  async create(instanceName: string, content: string): Promise<vscode.Uri> {
    // Not the name of a console shown, of one still in memory (its tab just closed), or on disk.
    const taken = this.shownPaths();
    for (const doc of vscode.workspace.textDocuments) if (doc.uri.scheme === CONSOLE_SCHEME) taken.add(doc.uri.path);
    for (const [name] of await this.listBacking()) taken.add(`/${decodeURIComponent(name)}`);
    const uri = vscode.Uri.from({ scheme: CONSOLE_SCHEME, path: consolePath(instanceName, taken) });
    await this.writeFile(uri, new TextEncoder().encode(content));
    return uri;
  }

  /** Removes backing files that no tab shows and nobody changed for a week (a crashed window's). */
  async sweep(now = Date.now()): Promise<void> {
    const open = this.shownPaths();
    for (const [name] of await this.listBacking()) {
      if (open.has(`/${decodeURIComponent(name)}`)) continue;
      const file = vscode.Uri.joinPath(this.dir, name);
      const stat = await vscode.workspace.fs.stat(file).then(undefined, () => undefined);
      if (stat && now - stat.mtime > ORPHAN_AGE_MS)
        await vscode.workspace.fs.delete(file).then(undefined, () => undefined);
    }
  }

  /** Dirty as the editor shows it: a tab of it says so, or its document does. */
  private isDirty(uri: vscode.Uri): boolean {
    const key = uri.toString();
    for (const group of vscode.window.tabGroups.all)
      for (const tab of group.tabs)
        if (tab.isDirty && tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === key) return true;
    return vscode.workspace.textDocuments.some((d) => d.uri.toString() === key && d.isDirty && !d.isClosed);
  }

  private scheduleSave(uri: vscode.Uri, retry = 0) {
    if (uri.scheme !== CONSOLE_SCHEME) return;
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(
        () => {
          this.timers.delete(key);
          void this.saveQuietly(uri, retry);
        },
        retry ? retry * 1000 : SAVE_DELAY_MS,
      ),
    );
  }

  /** Saves the console at `uri` as the editor holds it (workspace.save: the editor's text, not a copy). */
  private async saveQuietly(uri: vscode.Uri, retry: number) {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!this.isDirty(uri) || savingRunsParticipants({ uri, languageId: doc?.languageId ?? CONSOLE_LANGUAGE })) return;
    const saved = await vscode.workspace.save(uri).then(
      (to) => to !== undefined,
      (e: unknown) => {
        this.warn(`Query console: saving ${uri.path} failed: ${e instanceof Error ? e.message : String(e)}`);
        return false;
      },
    );
    if (saved || !this.isDirty(uri)) return;
    this.warn(`Query console: VS Code did not save ${uri.path} (try ${retry + 1} of ${SAVE_RETRIES + 1})`);
    if (retry < SAVE_RETRIES) this.scheduleSave(uri, retry + 1);
  }

  private backing(uri: vscode.Uri): vscode.Uri {
    return vscode.Uri.joinPath(this.dir, backingName(uri.path));
  }

  private listBacking(): Thenable<[string, vscode.FileType][]> {
    return vscode.workspace.fs.readDirectory(this.dir).then(undefined, () => []);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (uri.path === '/' || uri.path === '') return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    try {
      const s = await vscode.workspace.fs.stat(this.backing(uri));
      return { type: vscode.FileType.File, ctime: s.ctime, mtime: s.mtime, size: s.size };
    } catch {
      throw vscode.FileSystemError.FileNotFound(uri);
    }
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    if (uri.path !== '/' && uri.path !== '') throw vscode.FileSystemError.FileNotADirectory(uri);
    return (await this.listBacking()).map(([name]) => [decodeURIComponent(name), vscode.FileType.File]);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    try {
      return await vscode.workspace.fs.readFile(this.backing(uri));
    } catch {
      throw vscode.FileSystemError.FileNotFound(uri);
    }
  }

  async writeFile(
    uri: vscode.Uri,
    content: Uint8Array,
    options: { create: boolean; overwrite: boolean } = { create: true, overwrite: true },
  ): Promise<void> {
    const existed = await this.stat(uri).then(
      () => true,
      () => false,
    );
    if (!existed && !options.create) throw vscode.FileSystemError.FileNotFound(uri);
    if (existed && !options.overwrite) throw vscode.FileSystemError.FileExists(uri);
    await vscode.workspace.fs.createDirectory(this.dir);
    await vscode.workspace.fs.writeFile(this.backing(uri), content);
    this.changed.fire([{ type: existed ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created, uri }]);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    await vscode.workspace.fs.delete(this.backing(uri)).then(undefined, () => {
      throw vscode.FileSystemError.FileNotFound(uri);
    });
    this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { overwrite: boolean }): Promise<void> {
    await vscode.workspace.fs.rename(this.backing(oldUri), this.backing(newUri), options);
    this.changed.fire([
      { type: vscode.FileChangeType.Deleted, uri: oldUri },
      { type: vscode.FileChangeType.Created, uri: newUri },
    ]);
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose() {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}
