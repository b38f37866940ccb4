// The sandbox's network service, served under /network/{region}/v2.0/...: floating IPs on
// seeded external networks and ports, the port list, the external-network lookup, and the whole transit-hub
// model with its references checked. Routing, bodies and filters come from the client's
// operations table (src/client/network/operations.ts); tokens are checked against the identity
// sandbox's state. Errors use Neutron's body: {"NeutronError": {"type", "message", "detail"}}.
import { NETWORK_OPERATIONS, type NetworkOperation } from '../../client/network/operations';
import { identityState, SANDBOX_IDENTITY, type IdentityState, type SandboxToken } from '../identity/index';
import { matchTemplate, type SandboxCall, type SandboxReply, type SandboxService } from '../server';
import { SEED_TIME } from './seed';
import { hubTime, json, Refusal, refuse, neutron, SEG, readBody, filtersOf, matches, shown } from './handlers/common';
import { RegionState, type RegionJson } from './state';
import { givenFields, createGateway, deleteGateway } from './handlers/transitHubs';
import { floatingIps } from './handlers/floatingIps';
import { listPorts } from './handlers/ports';
export { SEED, SEED_PORTS, SEED_VPCS, seedId } from './seed';
export { RegionState } from './state';

const OPS = NETWORK_OPERATIONS as readonly NetworkOperation[];

export interface NetworkServiceOptions {
  identity?: IdentityState;
  /** Time new routing tables and multicast domains stay in BUILD; default 3 s. */
  buildDelayMs?: number;
}

export interface NetworkSandboxService extends SandboxService {
  /** The region's state (created and seeded on first use). */
  region(region: string): RegionState;
  /** Turns every BUILD resource ACTIVE now. */
  settle(): void;
  /** Forgets every change: the next call sees the seed again. */
  reset(): void;
  buildDelayMs: number;
  /** The regions used so far, as data (the data folder: ./module.ts). */
  snapshot(): Record<string, RegionJson>;
  /** Regions as kept (each over its seed); throws, changing nothing, on a shape it did not write. */
  restore(regions: Record<string, RegionJson>): void;
  /** Called after every call that may have changed something. */
  changed: () => void;
}

export function createNetworkService(opts: NetworkServiceOptions = {}): NetworkSandboxService {
  const identity = opts.identity ?? identityState;
  const regions = new Map<string, RegionState>();
  const service: NetworkSandboxService = {
    name: 'network',
    regional: true,
    buildDelayMs: opts.buildDelayMs ?? 3_000,
    region(code: string) {
      const key = code.toUpperCase();
      let r = regions.get(key);
      if (!r) {
        // The sandbox has one user; its network tenant owns the seed.
        r = new RegionState(key, SANDBOX_IDENTITY.tenantId);
        regions.set(key, r);
      }
      return r;
    },
    settle() {
      for (const r of regions.values()) r.settle(true);
    },
    reset() {
      regions.clear();
    },
    snapshot() {
      return Object.fromEntries([...regions].map(([code, r]) => [code, r.snapshot()]));
    },
    restore(kept) {
      if (!kept || typeof kept !== 'object') throw new Error('it has no regions');
      const made = new Map<string, RegionState>();
      for (const [code, json] of Object.entries(kept)) {
        const r = new RegionState(code, SANDBOX_IDENTITY.tenantId);
        r.restore(json);
        made.set(code, r);
      }
      regions.clear();
      for (const [code, r] of made) regions.set(code, r);
    },
    changed: () => {},
    route(method, path) {
      for (const op of OPS) {
        if (op.method !== method) continue;
        const params = matchTemplate(op.path, path);
        if (params) return { operation: op.id, params };
      }
      return undefined;
    },
    async handle(call) {
      const token = identity.check(call.headers['x-auth-token']);
      if (!token)
        return json(401, {
          error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' },
        });
      const op = OPS.find((o) => o.id === call.operation)!;
      try {
        const state = service.region(call.region ?? 'KR1');
        state.settle();
        const reply = await dispatch(op, call, state, token, service.buildDelayMs);
        if (call.method !== 'GET') service.changed();
        return reply;
      } catch (err) {
        if (err instanceof Refusal) return neutron(err);
        throw err;
      }
    },
    notFound: (method, path) =>
      neutron(new Refusal(404, 'HTTPNotFound', `The resource could not be found: ${method} ${path}.`)),
    malformedBody: '{"floatingips": [{"id": ',
  };
  return service;
}

async function dispatch(
  op: NetworkOperation,
  call: SandboxCall,
  state: RegionState,
  token: SandboxToken,
  buildDelayMs: number,
): Promise<SandboxReply> {
  const verb = /^(list|get|create|update|delete)/.exec(op.name)![1];
  if (op.path.startsWith('/v2.0/floatingips')) return floatingIps(verb, op, call, state, token);
  if (op.path === '/v2.0/ports') return listPorts(op, call, state);
  if (op.path === '/v2.0/vpcs') {
    const f = filtersOf(op, call);
    const vpcs = state.vpcs
      .filter((v) => (f['router:external'] === undefined ? true : String(v.external) === f['router:external']))
      .filter((v) => (f.id === undefined || v.id === f.id) && (f.name === undefined || v.name === f.name))
      .map((v) => ({
        id: v.id,
        name: v.name,
        state: 'available',
        'router:external': v.external,
        cidrv4: v.cidrv4,
        shared: v.external,
        tenant_id: state.tenantId,
        subnets: v.subnets.map((s) => ({ id: s.id, name: s.name, cidr: s.cidr })),
        create_time: SEED_TIME,
      }));
    return json(200, { vpcs });
  }
  const segment = op.path.split('/')[3];
  const items = state.of(segment);
  const idParam = Object.keys(call.params)[0];
  switch (verb) {
    case 'list': {
      const f = filtersOf(op, call);
      let list = [...items.values()].filter((r) => matches(r, f, segment === SEG.group ? ['domain_id'] : []));
      if (segment === SEG.group && typeof f.domain_id === 'string') {
        list = list.filter((g) => state.find(SEG.mAssociation, g.association_id)?.domain_id === f.domain_id);
      }
      return json(200, { [op.listKey!]: list.map(shown) });
    }
    case 'get':
      return json(200, { [op.key!]: shown(state.need(segment, call.params[idParam])) });
    case 'update': {
      const rec = state.need(segment, call.params[idParam]);
      const body = givenFields(await readBody(op, call));
      Object.assign(rec, body, { updated_at: hubTime() });
      return json(200, { [op.key!]: shown(rec) });
    }
    case 'delete':
      deleteGateway(segment, state.need(segment, call.params[idParam]), state);
      return { status: 204 };
    case 'create': {
      const body = await readBody(op, call);
      const rec = createGateway(segment, body, state, token, buildDelayMs);
      return json(201, { [op.key!]: shown(rec) });
    }
  }
  return refuse(405, 'HTTPMethodNotAllowed', `${call.method} is not allowed here.`);
}
