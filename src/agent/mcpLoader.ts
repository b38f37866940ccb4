// Loads the MCP server (./mcpServer.ts) on first use from its own bundle next to dist/main.js
// (dist/agentMcp.js, external to main.js: see esbuild.mjs), the TypeScript source under tsx (tests).
import * as path from 'node:path';

export type McpServerModule = typeof import('./mcpServer');

let loaded: McpServerModule | undefined;

export function loadMcpServer(): McpServerModule {
  return (loaded ??= (
    __filename.endsWith('.ts')
      ? // A computed path keeps esbuild from bundling the SDK into main.js.
        require(path.join(__dirname, 'mcpServer.ts'))
      : require('./agentMcp.js')
  ) as McpServerModule);
}
