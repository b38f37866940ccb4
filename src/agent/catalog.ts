// The tools as package.json declares them (`contributes.languageModelTools`): one declaration for
// VS Code's chat, the MCP server and the README's table. vscode-free.
import { l10n } from '../shared/l10n';
import type { ChangeRequest } from './context';
import type { ToolAnswer } from './answer';
import type { AgentContext } from './context';
import type { McpToolHost } from './mcpServer';
import { runTool, TOOLS } from './tools';

export interface ToolDeclaration {
  name: string;
  displayName?: string;
  modelDescription: string;
  inputSchema?: Record<string, unknown>;
}

/** The declared tools, from the extension's package.json (`contributes.languageModelTools`). */
export function declaredTools(packageJson: unknown): ToolDeclaration[] {
  const c = (packageJson as { contributes?: { languageModelTools?: ToolDeclaration[] } } | undefined)?.contributes;
  return c?.languageModelTools ?? [];
}

/** The declared tools with what the MCP server says of each (titles with %nls% keys resolved by `text`). */
export function mcpDeclarations(packageJson: unknown, text: (s: string) => string = (s) => s) {
  return declaredTools(packageJson)
    .filter((t) => TOOLS[t.name])
    .map((t) => ({
      name: t.name,
      title: text(t.displayName ?? t.name),
      description: t.modelDescription,
      inputSchema: t.inputSchema ?? { type: 'object', properties: {} },
      readOnly: TOOLS[t.name].readOnly,
    }));
}

/** The confirmation of a change, the same words in the chat and in the dialog an MCP request opens. */
export function changeConfirmation(r: ChangeRequest): { title: string; message: string } {
  switch (r.action) {
    case 'start':
      return {
        title: l10n.t('Start a DB instance?'),
        message: l10n.t(
          'An agent asks to start the DB instance "{0}" in {1} of the profile "{2}".',
          r.instanceName,
          r.region,
          r.profile,
        ),
      };
    case 'stop':
      return {
        title: l10n.t('Stop a DB instance?'),
        message: l10n.t(
          'An agent asks to stop the DB instance "{0}" in {1} of the profile "{2}". Its clients lose their connections.',
          r.instanceName,
          r.region,
          r.profile,
        ),
      };
    case 'restart':
      return {
        title: l10n.t('Restart a DB instance?'),
        message: l10n.t(
          'An agent asks to restart the DB instance "{0}" in {1} of the profile "{2}". Its clients lose their connections while it restarts.',
          r.instanceName,
          r.region,
          r.profile,
        ),
      };
    case 'backup':
      return {
        title: l10n.t('Back up a DB instance?'),
        message: l10n.t(
          'An agent asks to back up the DB instance "{0}" in {1} of the profile "{2}" now.',
          r.instanceName,
          r.region,
          r.profile,
        ),
      };
  }
}

/** The JSON an MCP client's configuration takes (Claude Code's .mcp.json, Cursor's mcp.json...). */
export function mcpConfiguration(server: { url: string; token: string }): string {
  return JSON.stringify(
    {
      mcpServers: {
        nhncloud: { type: 'http', url: server.url, headers: { Authorization: `Bearer ${server.token}` } },
      },
    },
    null,
    2,
  );
}

/**
 * What the MCP server serves: the declared tools and a runner over a fresh context per call
 * (undefined without an active profile: `none` answers). Titles that are still %nls% keys (VS
 * Code leaves packageJSON as written) give way to the tool's name.
 */
export function mcpToolHost(
  packageJson: unknown,
  contextFor: () => AgentContext | undefined,
  none: (name: string) => ToolAnswer,
): McpToolHost {
  return {
    name: 'nhncloud-explorer',
    version: String((packageJson as { version?: string } | undefined)?.version ?? '0.0.0'),
    tools: mcpDeclarations(packageJson).map((t) => ({ ...t, title: /^%.+%$/.test(t.title) ? t.name : t.title })),
    async call(name, args, signal) {
      const ctx = contextFor();
      return ctx ? runTool({ ...ctx, signal }, name, args) : none(name);
    },
  };
}
