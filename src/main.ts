// Everything behind the activation shim: builds the services once and hands them to each
// feature. Loaded by dist/extension.js on the first command or the first tree expansion.
import * as vscode from 'vscode';
import './shared/l10nHost';
import { Redactor } from './client/http/redact';
import { Clients } from './shared/clients';
import { wrapCommand } from './shared/commands';
import { RedactedLog } from './shared/log';
import { profileFeature } from './profiles/commands';
import { Profiles } from './profiles/store';
import type { CommandHandler, Feature, FeatureDeps, Services } from './shared/services';
import { affectsTransport } from './shared/settings';
import { createExplorer } from './shared/tree/explorer';
import { createRdsFeature } from './rds/activation';
import { createRdsFormsFeature } from './rds/forms/commands';
import { rdsFormHooks } from './rds/forms/hooks';
import { JobTracker } from './jobs/tracker';
import { SandboxController } from './exploreSandbox/controller';
import { createNetworkFeature } from './network/activation';
import { createStorageFeature } from './storage/activation';
import { initWalkthrough } from './shared/walkthrough';
import { registerReportDocuments } from './shared/reportDocument';
import { createAgentHost, type AgentHost } from './agent/host';

/** What the shim hands over: the extension context and the objects it had to create at activation. */
export interface Shim {
  context: vscode.ExtensionContext;
  /** Fire to refresh the explorer (undefined: the whole tree). */
  treeChanged: vscode.EventEmitter<unknown>;
  explorerView: vscode.TreeView<unknown>;
  /** How main.js was loaded: the code cache's state and the milliseconds its require took (logged once ready). */
  mainLoad?: { cache: 'none' | 'used' | 'rejected'; ms: number };
}

export interface Main {
  runCommand(id: string, args: unknown[]): Promise<unknown>;
  /** The ids the features handle (the real handler map, not the shim's registrations); the extension-host suite compares them with the manifest. */
  handledCommands(): string[];
  explorer: vscode.TreeDataProvider<unknown>;
  /** The explorer's node with this id (loading folders on the way), for the rows the shim drew before main loaded. */
  findNode(id: string): Promise<unknown>;
  /** The explorer's drag and drop, behind the shim's controller (which declares the MIME types): each feature's part. */
  dragAndDrop: Pick<vscode.TreeDragAndDropController<unknown>, 'handleDrag' | 'handleDrop'>;
  /** The file systems behind the shim's proxies (objects, query consoles), by scheme. */
  fileSystem(scheme: string): vscode.FileSystemProvider | undefined;
  dispose(): Promise<void>;
  /** Reopens a webview panel after a window reload (called by the shim's panel serializers). */
  revivePanel(viewType: string, panel: vscode.WebviewPanel, state: unknown): void;
  /** The agent tools and the MCP server behind the shim's registrations (src/agent/host.ts). */
  agent: AgentHost;
}

/** The shape of every explorer node (CONTRIBUTING.md, convention 2): a small object that renders itself. */
export interface ExplorerNode {
  getTreeItem(): vscode.TreeItem | Promise<vscode.TreeItem>;
  getChildren?(): unknown[] | Promise<unknown[]>;
  getParent?(): unknown;
}

export function createMain(shim: Shim): Main {
  const { context } = shim;
  const disposables: vscode.Disposable[] = [];
  const redactor = new Redactor();
  const log = new RedactedLog(redactor);
  const profiles = new Profiles(context.globalState, context.secrets, redactor, log);
  const version = String(context.extension.packageJSON?.version ?? '0.0.0');
  initWalkthrough(context.extension.id);
  const clients = new Clients({
    profiles,
    log,
    redactor,
    userAgent: `nhncloud-explorer/${version} vscode/${vscode.version}`,
  });
  disposables.push(log, profiles, clients, registerReportDocuments());

  const services: Services = {
    context,
    log,
    profiles,
    clients: clients.api,
    refresh: (node) => shim.treeChanged.fire(node),
    explorerView: shim.explorerView,
  };

  // Every feature, in the order their children appear under a region. Each contributes its
  // handlers; ids must be declared in package.json.
  const explorer = createExplorer(services);
  const jobs = new JobTracker(services, explorer);
  const sandbox = new SandboxController(services, () => clients.http());
  explorer.onFirstLoad(() => sandbox.autoStart());
  const featureDeps: FeatureDeps = { services, jobs, explorer };
  const rdsForms = createRdsFormsFeature(featureDeps);
  // The forms hand their jobs to the tracker and reveal what they made.
  rdsFormHooks.trackJob = (opts) => void jobs.track(opts);
  rdsFormHooks.revealNode = (id) => explorer.reveal(id);
  const storage = createStorageFeature(featureDeps);
  const rds = createRdsFeature(featureDeps);
  const agent = createAgentHost({ services, redactor, sessions: rds.sessions });
  const features: Feature[] = [
    profileFeature(services, () => clients.http()),
    explorer.feature,
    jobs.feature(),
    sandbox.feature(),
    rds,
    rdsForms,
    createNetworkFeature(featureDeps),
    storage,
    agent.feature,
  ];
  explorer.setFeatures(features);

  const titles = new Map<string, string>(
    ((context.extension.packageJSON?.contributes?.commands ?? []) as Array<{ command: string; title: string }>).map(
      (c) => [c.command, c.title],
    ),
  );
  const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  for (const f of features) {
    for (const [id, handler] of Object.entries(f.commands)) {
      // A feature that lists an id without a function (a spread of a missing export, say) does not
      // handle it: it stays out of handledCommands(), so the extension-host suite names it.
      if (typeof handler === 'function') handlers.set(id, wrapCommand(id, handler, { log, redactor }));
    }
  }
  const notAvailable =
    (id: string): CommandHandler =>
    () =>
      void vscode.window.showInformationMessage(
        vscode.l10n.t('"{0}" is not available in this version of NHN Cloud Explorer.', titles.get(id) ?? id),
      );

  // A drop runs as a command does (logged, a failure shown once, a cancel silent); no manifest
  // entry declares it, so it stays out of the handler map.
  const drop = wrapCommand(
    'nhncloud.explorer.drop',
    async (target: unknown, data: vscode.DataTransfer, token: vscode.CancellationToken) => {
      for (const f of features) await f.dragAndDrop?.handleDrop(target, data, token);
    },
    { log, redactor },
  );

  // The view's title is "NHN Cloud" (package.json), the container's too, so the header reads
  // just that: "NHN Cloud: <profile>" was cut at the default width behind the title-bar icons
  // (issue 25, rough edge 22), and the tree's first row names the active profile anyway. The
  // description names it where VS Code shows one (the view moved into another container); the
  // profile's row says its cloud.
  const showActive = () => {
    shim.explorerView.description = profiles.active()?.name;
  };
  showActive();
  disposables.push(
    profiles.onDidChange(() => {
      void clients.reset();
      showActive();
      shim.treeChanged.fire(undefined);
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (affectsTransport(e)) void clients.resetTransport();
    }),
  );
  // The code cache's state says whether this window compiled main.js or took it from the cache
  // (issue 31: a cold open's figure depends on it, and nothing else showed it).
  const load = shim.mainLoad
    ? `; main.js loaded in ${shim.mainLoad.ms.toFixed(1)} ms, code cache ${shim.mainLoad.cache}`
    : '';
  log.info(
    `NHN Cloud Explorer ${version} ready (VS Code ${vscode.version}, ${profiles.list().length} profile(s)${load})`,
  );

  return {
    async runCommand(id, args) {
      const run = handlers.get(id) ?? wrapCommand(id, notAvailable(id), { log, redactor });
      return run(...args);
    },
    handledCommands: () => [...handlers.keys()],
    explorer: explorer.provider as vscode.TreeDataProvider<unknown>,
    findNode: (id) => explorer.findNode(id),
    dragAndDrop: {
      handleDrag(source, data, token) {
        for (const f of features) f.dragAndDrop?.handleDrag(source, data, token);
      },
      async handleDrop(target, data, token) {
        await drop(target, data, token);
      },
    },
    revivePanel: (viewType, panel, state) => rdsForms.revive(viewType, panel, state),
    agent,
    fileSystem: (scheme) => features.find((f) => f.fileSystems?.[scheme])?.fileSystems?.[scheme],
    async dispose() {
      for (const f of features) await f.dispose?.();
      for (const d of disposables) d.dispose();
    },
  };
}
