// The activation shim. It must stay cheap (benchmark target: activate() in at most 30 ms),
// so it loads no client code, no zod, no undici: it registers every command the manifest
// declares and a proxy for each view, and requires dist/main.js on first real use.
// See README "Architecture" for why there is one lazy boundary here.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Main, Shim } from './main';
import { requireWithCodeCache } from './shared/codeCache';
import { PANEL_VIEW_TYPES } from './panels/viewTypes';
import { PROFILES_KEY, setProfileCountContext } from './profiles/contextKeys';
import { firstChildren, FirstRow, firstRows, mainArgs, storedProfiles } from './shared/tree/firstRows';

let main: Promise<Main> | undefined;
/** Main once created (while it loads, the rows the shim drew stay the shim's). */
let ready: Main | undefined;

/** VS Code 1.101's MCP definitions, which @types/vscode ^1.96 does not declare. */
interface McpHttpDefinition {
  label: string;
  uri: vscode.Uri;
  headers: Record<string, string>;
}
interface McpTypes {
  McpHttpServerDefinition?: new (label: string, uri: vscode.Uri, headers?: Record<string, string>) => McpHttpDefinition;
}
interface McpApi {
  registerMcpServerDefinitionProvider?(
    id: string,
    provider: {
      provideMcpServerDefinitions(): McpHttpDefinition[];
      resolveMcpServerDefinition(definition: McpHttpDefinition): Thenable<McpHttpDefinition>;
    },
  ): vscode.Disposable;
}
/** Writes main.js's code cache for the next window (once; set when main.js loads). */
let saveCodeCache: (() => void) | undefined;
/**
 * How long after the first rows main.js starts loading: long enough for VS Code's own timer that
 * sends them (due at once) to run first, short against the time before a person's next click.
 */
const MAIN_AFTER_FIRST_ROWS_MS = 30;

export function activate(context: vscode.ExtensionContext): {
  main: () => Promise<Main>;
  testing?: { globalState: vscode.Memento; secrets: vscode.SecretStorage };
} {
  const treeChanged = new vscode.EventEmitter<unknown>();
  const shim: Shim = { context, treeChanged } as Shim;

  const load = (): Promise<Main> =>
    (main ??= Promise.resolve().then(() => {
      // dist/main.js, next to dist/extension.js, compiled with the code cache of the window before
      // (src/shared/codeCache.ts); the cache for the next one is written once this window's first
      // work is done, so it holds the functions that work compiled too, or at deactivate if the
      // window closes sooner.
      const started = performance.now();
      const loaded = requireWithCodeCache<typeof import('./main')>(
        join(__dirname, 'main.js'),
        join(context.globalStorageUri.fsPath, 'code-cache'),
      );
      shim.mainLoad = { cache: loaded.cache, ms: performance.now() - started };
      saveCodeCache = () => loaded.save();
      setTimeout(saveCodeCache, 10_000).unref();
      ready = loaded.exports.createMain(shim);
      return ready;
    }));

  // The tree menus' row sets (generated from src/shared/menus/nodeKinds.ts): `viewItem in
  // nhncloud.rows.<n>` looks a row's contextValue up in the object set here.
  const rowSets: Record<string, string[]> = context.extension.packageJSON?.nhncloudMenuRowSets ?? {};
  for (const [key, values] of Object.entries(rowSets))
    void vscode.commands.executeCommand('setContext', key, Object.fromEntries(values.map((v) => [v, true])));

  const commands: Array<{ command: string }> = context.extension.packageJSON?.contributes?.commands ?? [];
  for (const { command } of commands) {
    context.subscriptions.push(
      vscode.commands.registerCommand(command, (...args: unknown[]) =>
        load().then(async (m) => m.runCommand(command, await mainArgs(args, (id) => m.findNode(id)))),
      ),
    );
  }

  // The agent tools (issue 64, src/agent/): each tool package.json declares is registered here,
  // as the commands are, and main loads on its first use. A VS Code without the language-model
  // API (older than 1.95, or one that leaves it out) gets none: the MCP server still serves them.
  const lm = (vscode as Partial<typeof vscode>).lm;
  if (typeof lm?.registerTool === 'function') {
    const tools: Array<{ name: string }> = context.extension.packageJSON?.contributes?.languageModelTools ?? [];
    for (const { name } of tools) {
      context.subscriptions.push(
        lm.registerTool<object>(name, {
          prepareInvocation: (options, token) => load().then((m) => m.agent.prepareInvocation(name, options, token)),
          invoke: (options, token) => load().then((m) => m.agent.invoke(name, options, token)),
        }),
      );
    }
  }
  // `nhncloud.agent.mcpServer`: serve at once (a user setting; only then does activation load main).
  if (vscode.workspace.getConfiguration('nhncloud').inspect<boolean>('agent.mcpServer')?.globalValue === true)
    void load().then((m) => m.agent.mcpServer());
  // VS Code's own MCP client lists the server (1.101 and later; detected, as @types/vscode is
  // older): the definition names no port until VS Code starts it, which starts the server.
  const mcp = lm as McpApi | undefined;
  const HttpDefinition = (vscode as unknown as McpTypes).McpHttpServerDefinition;
  if (typeof mcp?.registerMcpServerDefinitionProvider === 'function' && HttpDefinition) {
    context.subscriptions.push(
      mcp.registerMcpServerDefinitionProvider('nhncloud.mcpServer', {
        provideMcpServerDefinitions: () => [new HttpDefinition('NHN Cloud', vscode.Uri.parse('http://127.0.0.1/mcp'))],
        resolveMcpServerDefinition: (definition) =>
          load()
            .then((m) => m.agent.mcpServer())
            .then((server) => {
              definition.uri = vscode.Uri.parse(server.url);
              definition.headers = { Authorization: `Bearer ${server.token}` };
              return definition;
            }),
      }),
    );
  }

  // Panels open before a reload come back through their serializers: main loads only when one
  // of them is actually restored.
  for (const viewType of Object.values(PANEL_VIEW_TYPES)) {
    context.subscriptions.push(
      vscode.window.registerWebviewPanelSerializer(viewType, {
        deserializeWebviewPanel: (panel, state) => load().then((m) => m.revivePanel(viewType, panel, state)),
      }),
    );
  }

  // The first rows (the profiles, the active one's regions) are drawn here, from globalState and
  // the sites table (./shared/tree/firstRows.ts), without main.js: its load (65 to 97 ms of the
  // cold open, issue 67) starts once they are handed to VS Code. Main's first act is a refresh of
  // the whole tree (explorer.setFeatures), and its nodes carry the same ids and presentation, so
  // VS Code keeps the rows, their expansion and selection. Any other row, and every row once main
  // is ready, is main's; a row drawn here and opened before then is main's node of its id.
  //
  // Not at the next tick: VS Code sends a getChildren answer from a timer of its own, set once the
  // answer's promise settles, after ours; main.js's synchronous load (150 ms and more) ran first
  // and held the drawn rows back by as long (the bench's cold-open profile: the regions' answer
  // left the extension host after main.js had loaded). A timer due later runs after VS Code's.
  const loadAfterFirstRows = () => {
    setTimeout(() => void load(), MAIN_AFTER_FIRST_ROWS_MS);
  };
  const mainNode = (m: Main, element: unknown): Promise<unknown> =>
    element instanceof FirstRow ? m.findNode(element.id) : Promise.resolve(element);
  const provider: vscode.TreeDataProvider<unknown> = {
    onDidChangeTreeData: treeChanged.event,
    getChildren: (element) => {
      if (!ready && !main && element === undefined) {
        const rows = firstRows(context.globalState);
        // An expanded profile asks for its regions next: main loads after them.
        if (!rows.some((r) => r.regions)) loadAfterFirstRows();
        return rows;
      }
      if (!ready && element instanceof FirstRow) {
        const rows = firstChildren(element);
        if (rows) {
          loadAfterFirstRows();
          return rows;
        }
      }
      return load().then(async (m) => {
        if (!(element instanceof FirstRow)) return m.explorer.getChildren(element);
        const node = await m.findNode(element.id);
        return node ? m.explorer.getChildren(node) : [];
      });
    },
    // A row drawn here keeps its own item: it is the row main draws for the same id. Once main is
    // loaded, answered without a promise: VS Code asks for every row of a page (a bucket's page is
    // 1,000), and a promise and its reaction per row were allocation the big bucket's profile showed.
    getTreeItem: (element) =>
      element instanceof FirstRow
        ? element.getTreeItem()
        : ready
          ? ready.explorer.getTreeItem(element)
          : load().then((m) => m.explorer.getTreeItem(element)),
    getParent: (element) =>
      element instanceof FirstRow ? element.parent : load().then((m) => m.explorer.getParent?.(element)),
    resolveTreeItem: (item, element, token) =>
      load().then(async (m) => {
        const node = await mainNode(m, element);
        return m.explorer.resolveTreeItem && node ? m.explorer.resolveTreeItem(item, node, token) : item;
      }),
  };
  // Drag and drop: the MIME types are declared here, at creation (files and folders as
  // `text/uri-list`, and this tree's own type for its nodes); the work is main's.
  const dndTypes = ['text/uri-list', 'application/vnd.code.tree.nhncloud.explorer'];
  const dragAndDropController: vscode.TreeDragAndDropController<unknown> = {
    dragMimeTypes: dndTypes,
    dropMimeTypes: dndTypes,
    handleDrag: (source, data, token) =>
      load().then(async (m) => {
        const [nodes] = await mainArgs([source], (id) => m.findNode(id));
        return m.dragAndDrop.handleDrag?.(nodes as readonly unknown[], data, token);
      }),
    handleDrop: (target, data, token) =>
      load().then(async (m) => m.dragAndDrop.handleDrop?.(await mainNode(m, target), data, token)),
  };
  shim.explorerView = vscode.window.createTreeView('nhncloud.explorer', {
    treeDataProvider: provider,
    dragAndDropController,
    showCollapseAll: true,
    canSelectMany: true,
  });
  context.subscriptions.push(shim.explorerView, treeChanged);
  // What main says there too (the active profile's name, where VS Code shows a view's description).
  shim.explorerView.description = storedProfiles(context.globalState).active?.name;

  // Objects as files (src/storage/objectFs.ts) and query consoles (src/database/connection/consoleFiles.ts).
  // VS Code asks for a scheme's provider as soon as an editor or workspace folder of it is
  // restored, so the providers are registered here, at once, as light proxies that load main on
  // their first call. The scheme names repeat those of src/storage/keys.ts (that module loads
  // aws4, which the shim must not) and CONSOLE_SCHEME.
  for (const [scheme, isReadonly] of [
    ['nhncloud-s3', false],
    ['nhncloud-s3-readonly', true],
    ['nhncloud-console', false],
  ] as const) {
    const changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
    let forwarding = false;
    const real = (): Promise<vscode.FileSystemProvider> =>
      load().then((m) => {
        const p = m.fileSystem(scheme);
        if (!p) throw vscode.FileSystemError.Unavailable(`No provider for ${scheme}:`);
        if (!forwarding) {
          forwarding = true;
          context.subscriptions.push(p.onDidChangeFile((e) => changed.fire(e)));
        }
        return p;
      });
    const proxy: vscode.FileSystemProvider = {
      onDidChangeFile: changed.event,
      watch: () => new vscode.Disposable(() => undefined),
      stat: (uri) => real().then((p) => p.stat(uri)),
      readDirectory: (uri) => real().then((p) => p.readDirectory(uri)),
      readFile: (uri) => real().then((p) => p.readFile(uri)),
      writeFile: (uri, content, options) => real().then((p) => p.writeFile(uri, content, options)),
      delete: (uri, options) => real().then((p) => p.delete(uri, options)),
      rename: (oldUri, newUri, options) => real().then((p) => p.rename(oldUri, newUri, options)),
      copy: (source, destination, options) =>
        real().then((p) =>
          p.copy ? p.copy(source, destination, options) : Promise.reject(vscode.FileSystemError.NoPermissions(source)),
        ),
      createDirectory: (uri) => real().then((p) => p.createDirectory(uri)),
    };
    context.subscriptions.push(
      changed,
      vscode.workspace.registerFileSystemProvider(scheme, proxy, { isCaseSensitive: true, isReadonly }),
    );
  }

  // The welcome view's and the menus' clauses (./profiles/contextKeys.ts); main keeps them
  // current afterwards.
  void setProfileCountContext(context.globalState.get<unknown[]>(PROFILES_KEY)?.length ?? 0);

  // The extension-host suite checks the profile store against VS Code's real globalState and
  // SecretStorage. Only a test run (extensionMode Test) gets them: in any other mode another
  // extension could read the secrets through this API.
  const testing =
    context.extensionMode === vscode.ExtensionMode.Test
      ? { globalState: context.globalState, secrets: context.secrets }
      : undefined;
  return { main: load, testing };
}

export async function deactivate(): Promise<void> {
  // A window closed or reloaded within 10 s of its first use writes the cache now: otherwise the
  // next window compiled main.js again (the bench's windows, each reloaded within seconds,
  // never had a cache: its log said "code cache none" run after run).
  saveCodeCache?.();
  if (main) await (await main).dispose();
}
