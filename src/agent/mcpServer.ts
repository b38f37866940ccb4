// The agent tools over the Model Context Protocol (issue 64, item 3), for agents outside VS Code's
// chat (Claude Code, Cursor, Codex...) and for VS Code's own MCP client. Its own bundle
// (dist/agentMcp.js, esbuild.mjs), required on first use: the SDK never loads with main.js.
// Streamable HTTP on 127.0.0.1, a random port and a bearer token per window; stateless (each POST
// is answered on its own). The tools run in the extension host, through the same runner as the
// chat's (./tools.ts), so a change asked here is confirmed in VS Code like any other.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface McpToolDeclaration {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

export interface McpToolHost {
  name: string;
  version: string;
  tools: readonly McpToolDeclaration[];
  call(name: string, args: unknown, signal: AbortSignal): Promise<{ text: string; ok: boolean }>;
}

export interface RunningMcpServer {
  url: string;
  token: string;
  close(): Promise<void>;
}

/** The largest request body taken (a tool call's arguments are small). */
const MAX_BODY_BYTES = 1024 * 1024;

function mcpServerFor(host: McpToolHost): Server {
  const server = new Server({ name: host.name, version: host.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: host.tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: { type: 'object' as const, ...t.inputSchema },
      annotations: {
        title: t.title,
        readOnlyHint: t.readOnly,
        // No tool deletes; start, stop and restart are not idempotent and interrupt service.
        destructiveHint: !t.readOnly,
        idempotentHint: t.readOnly,
        openWorldHint: false,
      },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const result = await host.call(request.params.name, request.params.arguments ?? {}, extra.signal);
    return { content: [{ type: 'text' as const, text: result.text }], isError: !result.ok };
  });
  return server;
}

/** The request's body, or undefined past MAX_BODY_BYTES (the socket is closed then). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) resolve(undefined);
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
  });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}

/** Starts the server on a free loopback port with a fresh token. */
export async function startMcpServer(host: McpToolHost): Promise<RunningMcpServer> {
  const token = randomBytes(32).toString('base64url');
  let port = 0;
  const http = createServer((req, res) => {
    void (async () => {
      // Only this machine's clients, by the address they asked for (a web page that rebinds a name
      // to 127.0.0.1 sends its own Host) and without a browser's Origin.
      const hostHeader = String(req.headers.host ?? '');
      if (hostHeader !== `127.0.0.1:${port}` && hostHeader !== `localhost:${port}`)
        return refuse(res, 403, 'Forbidden host');
      if (req.headers.origin) return refuse(res, 403, 'Forbidden origin');
      const auth = String(req.headers.authorization ?? '');
      if (!auth.startsWith('Bearer ') || !sameSecret(auth.slice(7), token))
        return refuse(
          res,
          401,
          'A bearer token is required: copy the configuration with "NHN Cloud: Copy MCP Server Configuration".',
        );
      if (req.method !== 'POST') return refuse(res, 405, 'Method not allowed: this server is stateless, POST only.');
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const raw = await readBody(req);
      if (!raw) return refuse(res, 413, 'The body is too large.');
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return refuse(res, 400, 'The body is not JSON.');
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      const request = new Request(`http://${hostHeader}${req.url ?? '/'}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: abort.signal,
      });
      const server = mcpServerFor(host);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(request, { parsedBody: body });
        const out: Record<string, string> = {};
        response.headers.forEach((v, k) => (out[k] = v));
        res.writeHead(response.status, out);
        res.end(Buffer.from(await response.arrayBuffer()));
      } finally {
        await server.close().catch(() => undefined);
      }
    })().catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, err instanceof Error ? err.message : String(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
