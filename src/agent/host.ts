// The agent tools in VS Code (issue 64): the language-model tools behind the shim's registrations
// (src/extension.ts registers each declared tool and loads main.js on its first use), the MCP
// server for agents outside VS Code's chat, and Copy MCP Server Configuration. The tools
// themselves are vscode-free (./tools.ts); this builds their context from the services the
// explorer uses and asks the person where a tool reaches a database or changes something.
import * as vscode from 'vscode';
import type { Redactor } from '../client/http/redact';
import { profileRdsPlaces } from '../client/products';
import { serviceRegions } from '../client/sites';
import { l10n } from '../shared/l10n';
import { action, askAction } from '../shared/prompts';
import type { Feature, Services } from '../shared/services';
import { userSetting } from '../shared/settings';
import type { DbSessions } from '../database/connection/session';
import { refusal } from './answer';
import { changeConfirmation, mcpConfiguration, mcpToolHost } from './catalog';
import { ListingCache, type AgentContext, type ChangeRequest } from './context';
import { checkedStatement, sessionFor } from './dbTools';
import { loadMcpServer } from './mcpLoader';
import type { RunningMcpServer } from './mcpServer';
import { findInstance, runTool, TOOLS, type ToolInput } from './tools';

export interface AgentDeps {
  services: Services;
  redactor: Redactor;
  sessions: DbSessions;
}

/** What main hands the shim's tool registrations. */
export interface AgentHost {
  prepareInvocation(
    name: string,
    options: vscode.LanguageModelToolInvocationPrepareOptions<object>,
    token: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation | undefined>;
  invoke(
    name: string,
    options: vscode.LanguageModelToolInvocationOptions<object>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult>;
  /** The running MCP server (started on the first ask). */
  mcpServer(): Promise<RunningMcpServer>;
  feature: Feature;
}

export function createAgentHost(deps: AgentDeps): AgentHost {
  const { services, redactor, sessions } = deps;
  const cache = new ListingCache();
  /** Changes the chat's confirmation showed (prepareInvocation), by the input that asked for them. */
  const confirmedInChat = new Map<string, string>();
  const requestKey = (r: ChangeRequest) => `${r.profile}/${r.region}/${r.instanceId}/${r.action}`;
  let server: Promise<RunningMcpServer> | undefined;
  const disposables: vscode.Disposable[] = [services.profiles.onDidChange(() => cache.clear())];

  const contextFor = (
    confirmChange: (r: ChangeRequest) => Promise<boolean>,
    token?: vscode.CancellationToken,
  ): AgentContext | undefined => {
    const profile = services.profiles.active();
    if (!profile) return undefined;
    const within = (service: 'network' | 'storage') =>
      serviceRegions(profile.cloud, service).filter((r) => profile.regions.includes(r));
    const abort = new AbortController();
    token?.onCancellationRequested(() => abort.abort());
    return {
      profile: {
        id: profile.id,
        name: profile.name,
        rdsPlaces: profileRdsPlaces(profile),
        regions: { network: within('network'), storage: within('storage') },
      },
      rds: (p) => services.clients.rds(p.region, p.product),
      network: (r) => services.clients.network(r),
      s3: (r) => services.clients.s3(r),
      sessions: () => sessions.all().filter((s) => s.target.profileId === profile.id),
      redactJson: (v) => redactor.json(v),
      allowChanges: () => userSetting<boolean>('nhncloud', 'agent.allowChanges') === true,
      confirmChange,
      cache,
      signal: abort.signal,
    };
  };

  const noProfile = (name: string) =>
    refusal(
      { profile: { name: '' }, redactJson: (v) => redactor.json(v) },
      name,
      l10n.t('No NHN Cloud profile is active. Ask the user to add or choose one in the NHN Cloud explorer.'),
    );

  /** A modal dialog with the chat's words: what an MCP client's change request shows. */
  const confirmInDialog = async (r: ChangeRequest): Promise<boolean> => {
    const { title, message } = changeConfirmation(r);
    const answer = await askAction(
      'warning',
      title,
      { modal: true, detail: message },
      action('confirm', vscode.l10n.t('Allow')),
    );
    return answer === 'confirm';
  };

  const host: AgentHost = {
    async prepareInvocation(name, options) {
      const tool = TOOLS[name];
      const input = (options.input ?? {}) as ToolInput;
      const ctx = contextFor(async () => false);
      if (!tool?.confirm || !ctx) return undefined;
      if (tool.confirm === 'change') {
        if (!ctx.allowChanges()) return undefined; // refused when it runs, nothing to confirm
        const found = await findInstance(ctx, input).catch(() => undefined);
        const act = ['start', 'stop', 'restart', 'backup'].find((a) => a === input.action) as
          ChangeRequest['action'] | undefined;
        if (!found || !act) return undefined;
        const request: ChangeRequest = {
          profile: ctx.profile.name,
          region: found.region,
          instanceName: String(found.instance.dbInstanceName),
          instanceId: String(found.instance.dbInstanceId),
          action: act,
        };
        confirmedInChat.set(JSON.stringify(input), requestKey(request));
        const { title, message } = changeConfirmation(request);
        return { invocationMessage: title, confirmationMessages: { title, message } };
      }
      // A database: the connection and, for a query or a plan, the exact statement.
      let session;
      try {
        session = sessionFor(ctx, input);
      } catch {
        return undefined;
      }
      const who = [session.target.instanceName, session.user, ctx.profile.name, session.target.region] as const;
      if (name === 'nhncloud_db_schema') {
        const title = vscode.l10n.t('Read the schema of a database?');
        return {
          invocationMessage: title,
          confirmationMessages: {
            title,
            message: vscode.l10n.t(
              'An agent asks to read the tables, columns and indexes on {0} as {1} (profile "{2}", {3}).',
              ...who,
            ),
          },
        };
      }
      let statement: string;
      try {
        statement = checkedStatement(input);
      } catch {
        return undefined; // refused when it runs, before reaching the database
      }
      const title =
        name === 'nhncloud_db_explain'
          ? vscode.l10n.t('Explain a query on a database?')
          : vscode.l10n.t('Run a read-only query on a database?');
      const message = new vscode.MarkdownString(
        vscode.l10n.t('An agent asks to run this statement on {0} as {1} (profile "{2}", {3}):', ...who),
      );
      message.appendCodeblock(redactor.text(statement), 'sql');
      return { invocationMessage: title, confirmationMessages: { title, message } };
    },

    async invoke(name, options, token) {
      const input = options.input ?? {};
      const key = JSON.stringify(input);
      // A call from a chat request carries its token; another extension's call does not, and may
      // not have shown the chat's confirmation: it is asked in a dialog.
      const fromChat = options.toolInvocationToken !== undefined;
      const ctx = contextFor(async (r) => {
        // The chat showed this very change in its confirmation (prepareInvocation); anything else
        // (the instance moved between the two) is asked again.
        if (fromChat && confirmedInChat.get(key) === requestKey(r)) return true;
        return confirmInDialog(r);
      }, token);
      try {
        const result = ctx ? await runTool(ctx, name, input) : noProfile(name);
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.text)]);
      } finally {
        confirmedInChat.delete(key);
      }
    },

    mcpServer() {
      server ??= Promise.resolve().then(() =>
        loadMcpServer().startMcpServer(
          mcpToolHost(services.context.extension.packageJSON, () => contextFor(confirmInDialog), noProfile),
        ),
      );
      server.catch(() => (server = undefined));
      return server;
    },

    feature: {
      commands: {
        'nhncloud.agent.copyMcpConfig': async () => {
          const s = await host.mcpServer();
          await vscode.env.clipboard.writeText(mcpConfiguration(s));
          void vscode.window.showInformationMessage(
            vscode.l10n.t(
              "The MCP server configuration of this window is on the clipboard (its address and token change with each window). Paste it into your agent's MCP settings.",
            ),
          );
        },
      },
      async dispose() {
        for (const d of disposables) d.dispose();
        const s = await server?.catch(() => undefined);
        await s?.close();
      },
    },
  };
  return host;
}
