// Shared setup of the identity, credentials and network tests: a SandboxServer on loopback with
// the identity and network services over a private identity state, and the clients pointed at it.
import { IdentityClient } from '../../src/client/network/identity';
import { NetworkClient } from '../../src/client/network/client';
import { Transport } from '../../src/client/http/transport';
import { Redactor, type Logger } from '../../src/client/http/redact';
import { SandboxServer } from '../../src/sandbox/server';
import { createIdentityService, IdentityState, SANDBOX_IDENTITY } from '../../src/sandbox/identity/index';
import { createNetworkService } from '../../src/sandbox/network/index';

export interface Fixture {
  server: SandboxServer;
  url: string;
  state: IdentityState;
  network: ReturnType<typeof createNetworkService>;
  transport: Transport;
  identity: IdentityClient;
  client: NetworkClient;
  /** Every line the client logged (to check redaction). */
  logs: string[];
  close(): Promise<void>;
}

export async function startFixture(
  opts: { tokenTtlMs?: number; buildDelayMs?: number; password?: string; now?: () => number } = {},
): Promise<Fixture> {
  const state = new IdentityState();
  if (opts.tokenTtlMs !== undefined) state.tokenTtlMs = opts.tokenTtlMs;
  const server = new SandboxServer();
  server.register(createIdentityService({ state }));
  const network = createNetworkService({ identity: state, buildDelayMs: opts.buildDelayMs ?? 60_000 });
  server.register(network);
  const url = await server.listen();
  const logs: string[] = [];
  const logger: Logger = {
    trace: (m) => logs.push(m),
    debug: (m) => logs.push(m),
    info: (m) => logs.push(m),
    warn: (m) => logs.push(m),
    error: (m) => logs.push(m),
  };
  const transport = new Transport({
    userAgent: 'nhncloud-explorer-test',
    retries: { max: 2, baseDelayMs: 1, maxDelayMs: 5 },
    logger,
    redactor: new Redactor(),
  });
  const identity = new IdentityClient({
    baseUrl: `${url}/identity`,
    tenantId: SANDBOX_IDENTITY.tenantId,
    username: SANDBOX_IDENTITY.username,
    password: opts.password ?? SANDBOX_IDENTITY.password,
    transport,
    now: opts.now,
  });
  const client = new NetworkClient({ baseUrl: `${url}/network/kr1`, identity });
  return {
    server,
    url,
    state,
    network,
    transport,
    identity,
    client,
    logs,
    async close() {
      await transport.close();
      await server.close();
    },
  };
}
