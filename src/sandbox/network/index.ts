// The sandbox's network service, served under /network/{region}/v2.0/...: floating IPs on
// seeded external networks and ports, the external-network lookup, and the whole transit-hub
// model with its references checked. Routing, bodies and filters come from the client's
// operations table (src/client/network/operations.ts); tokens are checked against the identity
// sandbox's state. Errors use Neutron's body: {"NeutronError": {"type", "message", "detail"}}.
import { randomUUID } from 'node:crypto';
import { NETWORK_OPERATIONS, type NetworkOperation } from '../../client/network/operations';
import { cidrContains, isIpv4 } from '../../client/network/schemas';
import { issuesOf } from '../../client/network/http';
import { identityState, SANDBOX_IDENTITY, type IdentityState, type SandboxToken } from '../identity/index';
import { matchTemplate, type SandboxCall, type SandboxReply, type SandboxService } from '../server';
import { SEED, SEED_PORTS, SEED_TIME, SEED_VPCS, type SeedPort, type SeedVpc } from './seed';

export { SEED, SEED_PORTS, SEED_VPCS, seedId } from './seed';

type Rec = Record<string, unknown> & { id: string };

const OPS = NETWORK_OPERATIONS as readonly NetworkOperation[];

/** `2024-02-12 22:19:05`: the transit hub's timestamp form. */
const hubTime = (d = new Date()) => d.toISOString().slice(0, 19).replace('T', ' ');
const isoTime = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const json = (status: number, body: unknown): SandboxReply => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

class Refusal {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly message: string,
  ) {}
}
const refuse = (status: number, type: string, message: string): never => {
  throw new Refusal(status, type, message);
};
const neutron = (r: Refusal): SandboxReply => json(r.status, { NeutronError: { type: r.type, message: r.message, detail: '' } });

/** The transit-hub segments (collection path names) the model knows. */
const SEG = {
  hub: 'transithubs',
  attachment: 'transithub_attachments',
  table: 'transithub_routing_tables',
  association: 'transithub_routing_associations',
  propagation: 'transithub_routing_propagations',
  rule: 'transithub_routing_rules',
  domain: 'transithub_multicast_domains',
  mAssociation: 'transithub_multicast_associations',
  group: 'transithub_multicast_groups',
  hubAllow: 'transithub_allow_projects',
  hubShared: 'transithub_shared_lists',
  domainAllow: 'transithub_multicast_domain_allow_projects',
  domainShared: 'transithub_multicast_domain_shared_lists',
} as const;

const LABEL: Record<string, string> = {
  [SEG.hub]: 'Transit hub',
  [SEG.attachment]: 'Transit hub attachment',
  [SEG.table]: 'Routing table',
  [SEG.association]: 'Routing association',
  [SEG.propagation]: 'Routing propagation',
  [SEG.rule]: 'Routing rule',
  [SEG.domain]: 'Multicast domain',
  [SEG.mAssociation]: 'Multicast association',
  [SEG.group]: 'Multicast group',
  [SEG.hubAllow]: 'Transit hub share permission',
  [SEG.domainAllow]: 'Multicast domain share permission',
};

/** One region's resources. */
export class RegionState {
  readonly floatingIps = new Map<string, Rec>();
  readonly vpcs: SeedVpc[] = SEED_VPCS.map((v) => ({ ...v, subnets: v.subnets.map((s) => ({ ...s })) }));
  readonly ports: SeedPort[] = SEED_PORTS.map((p) => ({ ...p, fixedIps: [...p.fixedIps] }));
  readonly gateways = new Map<string, Map<string, Rec>>(Object.values(SEG).map((s) => [s, new Map()]));
  /** When a BUILD resource turns ACTIVE (ms since epoch), by id. */
  readonly activeAt = new Map<string, number>();
  private nextAddress = 10;
  private readonly addressPrefix: string;

  constructor(
    region: string,
    readonly tenantId: string,
  ) {
    const octet = { KR1: 110, KR2: 120, KR3: 130, JP1: 140 }[region] ?? 150;
    this.addressPrefix = `133.186.${octet}.`;
    this.seed();
  }

  of(segment: string): Map<string, Rec> {
    return this.gateways.get(segment)!;
  }

  find(segment: string, id: unknown): Rec | undefined {
    return typeof id === 'string' ? this.of(segment).get(id) : undefined;
  }

  need(segment: string, id: unknown): Rec {
    return this.find(segment, id) ?? refuse(404, `${LABEL[segment].replace(/ /g, '')}NotFound`, `${LABEL[segment]} ${String(id)} could not be found.`);
  }

  /** Applies BUILD -> ACTIVE for resources whose delay has passed. */
  settle(all = false): void {
    const now = Date.now();
    for (const [id, at] of this.activeAt) {
      if (!all && now < at) continue;
      for (const seg of [SEG.table, SEG.domain]) {
        const r = this.of(seg).get(id);
        if (r) r.status = 'ACTIVE';
      }
      this.activeAt.delete(id);
    }
  }

  allocateAddress(): string {
    return `${this.addressPrefix}${this.nextAddress++}`;
  }

  base(id?: string): Rec {
    return { id: id ?? randomUUID(), tenant_id: this.tenantId, project_id: this.tenantId, status: 'ACTIVE', created_at: SEED_TIME, updated_at: SEED_TIME };
  }

  put(segment: string, rec: Rec): Rec {
    this.of(segment).set(rec.id, rec);
    return rec;
  }

  private seed(): void {
    const fip = (id: string, address: string, extra: Record<string, unknown>) =>
      this.floatingIps.set(id, {
        id,
        floating_network_id: SEED.externalNetworkId,
        floating_ip_address: address,
        router_id: null,
        fixed_ip_address: null,
        port_id: null,
        status: 'DOWN',
        tenant_id: this.tenantId,
        project_id: this.tenantId,
        delete_protection: false,
        label: null,
        description: '',
        created_at: '2024-02-12T22:19:05Z',
        updated_at: '2024-02-12T22:19:05Z',
        ...extra,
      });
    fip(SEED.activeFloatingIpId, this.allocateAddress(), { port_id: SEED.webPortId, fixed_ip_address: '10.10.1.10', router_id: SEED.routerId, status: 'ACTIVE', label: 'web' });
    fip(SEED.downFloatingIpId, this.allocateAddress(), {});
    fip(SEED.protectedFloatingIpId, this.allocateAddress(), { delete_protection: true, label: 'reserved for the mail relay' });

    const hub = this.put(SEG.hub, { ...this.base(SEED.hubId), name: 'core-hub', description: 'Connects the app and db VPCs', multicast_enable: true, default_association_enable: false, default_propagation_enable: false });
    this.put(SEG.table, { ...this.base(SEED.defaultTableId), name: 'default', description: 'Default routing table', transithub_id: hub.id, default_table: true });
    this.put(SEG.table, { ...this.base(SEED.prodTableId), name: 'prod-table', description: '', transithub_id: hub.id, default_table: false });
    const att = (id: string, name: string, vpc: string, subnet: string) =>
      this.put(SEG.attachment, { ...this.base(id), name, description: '', resource_id: vpc, subnet_id: subnet, transithub_id: hub.id, resource_cidr: this.vpcs.find((v) => v.id === vpc)!.cidrv4, remote: false });
    att(SEED.appAttachmentId, 'app-attachment', SEED.appVpcId, SEED.appSubnetId);
    att(SEED.dbAttachmentId, 'db-attachment', SEED.dbVpcId, SEED.dbSubnetId);
    this.put(SEG.association, { ...this.base(SEED.appAssociationId), description: '', attachment_id: SEED.appAttachmentId, routing_table_id: SEED.defaultTableId });
    this.put(SEG.association, { ...this.base(SEED.dbAssociationId), description: '', attachment_id: SEED.dbAttachmentId, routing_table_id: SEED.prodTableId });
    this.propagate({ ...this.base(SEED.appPropagationId), description: '', attachment_id: SEED.appAttachmentId, routing_table_id: SEED.prodTableId });
    this.propagate({ ...this.base(SEED.dbPropagationId), description: '', attachment_id: SEED.dbAttachmentId, routing_table_id: SEED.defaultTableId });
    const rule = (id: string, table: string, cidr: string, action: string, attachment: string) =>
      this.put(SEG.rule, { ...this.base(id), description: '', cidr, action, rule_type: 'STATIC', attachment_id: attachment, routing_table_id: table, propagation_id: null });
    rule(SEED.defaultRouteRuleId, SEED.prodTableId, '0.0.0.0/0', 'FORWARD', SEED.appAttachmentId);
    rule(SEED.blackholeRuleId, SEED.prodTableId, '10.99.0.0/16', 'BLACKHOLE', SEED.dbAttachmentId);
    rule(SEED.privateRuleId, SEED.defaultTableId, '172.16.0.0/12', 'FORWARD', SEED.dbAttachmentId);

    this.put(SEG.domain, { ...this.base(SEED.multicastDomainId), name: 'media', description: 'Video multicast', transithub_id: hub.id });
    this.put(SEG.mAssociation, { ...this.base(SEED.multicastAssociationId), description: '', attachment_id: SEED.appAttachmentId, subnet_id: SEED.appSubnetId, domain_id: SEED.multicastDomainId });
    this.put(SEG.group, { ...this.base(SEED.memberGroupId), description: 'receiver', association_id: SEED.multicastAssociationId, domain_id: SEED.multicastDomainId, ipaddress: '239.1.1.1', member_type: 'STATIC', source_type: null, port_id: SEED.webPortId });
    this.put(SEG.group, { ...this.base(SEED.sourceGroupId), description: 'sender', association_id: SEED.multicastAssociationId, domain_id: SEED.multicastDomainId, ipaddress: '239.1.1.1', member_type: null, source_type: 'STATIC', port_id: SEED.multiIpPortId });
    this.put(SEG.hubAllow, { ...this.base(SEED.hubAllowProjectId), transithub_id: hub.id, transithub_name: 'core-hub', target_project_id: SEED.partnerProjectId });
    this.put(SEG.domainAllow, { ...this.base(SEED.domainAllowProjectId), domain_id: SEED.multicastDomainId, domain_name: 'media', target_project_id: SEED.partnerProjectId });
    this.put(SEG.hubShared, { id: SEED.sharedHubId, transithub_id: SEED.sharedHubId, transithub_name: 'partner-hub', transithub_project_id: SEED.partnerProjectId });
    this.put(SEG.domainShared, { id: SEED.sharedDomainId, domain_id: SEED.sharedDomainId, domain_name: 'partner-media', domain_project_id: SEED.partnerProjectId });
  }

  /** Stores a propagation and the PROPAGATED rule it brings: the attachment's VPC range into the table. */
  propagate(p: Rec): Rec {
    this.put(SEG.propagation, p);
    const att = this.need(SEG.attachment, p.attachment_id);
    const vpc = this.vpcs.find((v) => v.id === att.resource_id);
    if (vpc) {
      this.put(SEG.rule, {
        ...this.base(),
        description: `propagated from ${String(att.name ?? att.id)}`,
        cidr: vpc.cidrv4,
        action: 'FORWARD',
        rule_type: 'PROPAGATED',
        attachment_id: att.id,
        routing_table_id: p.routing_table_id,
        propagation_id: p.id,
      });
    }
    return p;
  }
}

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
      if (!token) return json(401, { error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' } });
      const op = OPS.find((o) => o.id === call.operation)!;
      try {
        const state = service.region(call.region ?? 'KR1');
        state.settle();
        return await dispatch(op, call, state, token, service.buildDelayMs);
      } catch (err) {
        if (err instanceof Refusal) return neutron(err);
        throw err;
      }
    },
    notFound: (method, path) => neutron(new Refusal(404, 'HTTPNotFound', `The resource could not be found: ${method} ${path}.`)),
    malformedBody: '{"floatingips": [{"id": ',
  };
  return service;
}

async function readBody(op: NetworkOperation, call: SandboxCall): Promise<Record<string, unknown>> {
  const raw = (await call.body()).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    refuse(400, 'BadRequest', 'The request body is not valid JSON.');
  }
  const inner = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[op.key!] : undefined;
  if (!inner || typeof inner !== 'object') refuse(400, 'BadRequest', `Resource body required: wrap the fields in "${op.key}".`);
  const r = op.body!.safeParse(inner);
  if (!r.success) {
    const what = issuesOf(r.error.issues as never, '', inner).map((i) => `${i.path || op.key}: ${i.message}`).join('; ');
    refuse(400, 'BadRequest', `Invalid input for ${op.key}: ${what}.`);
  }
  return r.data as Record<string, unknown>;
}

function filtersOf(op: NetworkOperation, call: SandboxCall): Record<string, string | string[]> {
  const q: Record<string, string | string[]> = {};
  for (const k of new Set(call.query.keys())) {
    const all = call.query.getAll(k);
    q[k] = all.length > 1 ? all : all[0];
  }
  if (op.query) {
    const r = op.query.safeParse(q);
    if (!r.success) refuse(400, 'InvalidInput', `Invalid input for operation: ${issuesOf(r.error.issues as never, '', q).map((i) => `${i.path || 'query'}: ${i.message}`).join('; ')}.`);
  }
  return q;
}

function matches(rec: Rec, filters: Record<string, string | string[]>, skip: string[] = []): boolean {
  for (const [k, v] of Object.entries(filters)) {
    if (skip.includes(k) || !(k in rec)) continue;
    const wanted = Array.isArray(v) ? v : [v];
    if (!wanted.includes(String(rec[k]))) return false;
  }
  return true;
}

async function dispatch(op: NetworkOperation, call: SandboxCall, state: RegionState, token: SandboxToken, buildDelayMs: number): Promise<SandboxReply> {
  const verb = /^(list|get|create|update|delete)/.exec(op.name)![1];
  if (op.path.startsWith('/v2.0/floatingips')) return floatingIps(verb, op, call, state, token);
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

/** What a response shows of a record (a copy, so later changes do not leak into sent answers). */
const shown = (r: Rec): Rec => ({ ...r });

function sameHub(a: Rec, b: Rec, what: string): void {
  if (a.transithub_id !== b.transithub_id) refuse(400, 'BadRequest', `The attachment ${a.id} and the ${what} ${b.id} belong to different transit hubs.`);
}

/** A gateway body without the fields sent as null: the service takes null as "not given". */
function givenFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
}

function createGateway(segment: string, given: Record<string, unknown>, state: RegionState, token: SandboxToken, buildDelayMs: number): Rec {
  const now = hubTime();
  const body = givenFields(given);
  const rec: Rec = { ...state.base(), tenant_id: token.tenantId, project_id: token.tenantId, created_at: now, updated_at: now, description: '', ...body };
  const building = () => {
    rec.status = 'BUILD';
    state.activeAt.set(rec.id, Date.now() + buildDelayMs);
  };
  switch (segment) {
    case SEG.hub: {
      state.put(SEG.hub, rec);
      // A hub comes with its default routing table.
      const table: Rec = { ...state.base(), tenant_id: token.tenantId, project_id: token.tenantId, created_at: now, updated_at: now, name: 'default', description: 'Default routing table', transithub_id: rec.id, default_table: true, status: 'BUILD' };
      state.activeAt.set(table.id, Date.now() + buildDelayMs);
      state.put(SEG.table, table);
      return rec;
    }
    case SEG.attachment: {
      state.need(SEG.hub, body.transithub_id);
      const vpc = state.vpcs.find((v) => v.id === body.resource_id && !v.external) ?? refuse(404, 'VpcNotFound', `VPC ${String(body.resource_id)} could not be found.`);
      if (!vpc.subnets.some((s) => s.id === body.subnet_id)) refuse(400, 'BadRequest', `Subnet ${String(body.subnet_id)} does not belong to VPC ${vpc.id}.`);
      if ([...state.of(SEG.attachment).values()].some((a) => a.transithub_id === body.transithub_id && a.resource_id === vpc.id))
        refuse(409, 'Conflict', `VPC ${vpc.id} is already attached to transit hub ${String(body.transithub_id)}.`);
      rec.resource_cidr = vpc.cidrv4;
      rec.remote = false;
      return state.put(SEG.attachment, rec);
    }
    case SEG.table:
      state.need(SEG.hub, body.transithub_id);
      rec.default_table = false;
      building();
      return state.put(SEG.table, rec);
    case SEG.association: {
      const att = state.need(SEG.attachment, body.attachment_id);
      const table = state.need(SEG.table, body.routing_table_id);
      sameHub(att, table, 'routing table');
      if ([...state.of(SEG.association).values()].some((a) => a.attachment_id === att.id))
        refuse(409, 'Conflict', `Attachment ${att.id} is already associated with a routing table: delete that association first.`);
      return state.put(SEG.association, rec);
    }
    case SEG.propagation: {
      const att = state.need(SEG.attachment, body.attachment_id);
      const table = state.need(SEG.table, body.routing_table_id);
      sameHub(att, table, 'routing table');
      if ([...state.of(SEG.propagation).values()].some((p) => p.attachment_id === att.id && p.routing_table_id === table.id))
        refuse(409, 'Conflict', `Attachment ${att.id} already propagates into routing table ${table.id}.`);
      return state.propagate(rec);
    }
    case SEG.rule: {
      const table = state.need(SEG.table, body.routing_table_id);
      const att = state.need(SEG.attachment, body.attachment_id);
      sameHub(att, table, 'routing table');
      if ([...state.of(SEG.rule).values()].some((r) => r.routing_table_id === table.id && r.cidr === body.cidr))
        refuse(409, 'Conflict', `Routing table ${table.id} already has a rule for ${String(body.cidr)}.`);
      Object.assign(rec, { action: body.action ?? 'FORWARD', rule_type: 'STATIC', propagation_id: null });
      return state.put(SEG.rule, rec);
    }
    case SEG.domain: {
      const hub = state.need(SEG.hub, body.transithub_id);
      if (hub.multicast_enable !== true) refuse(400, 'BadRequest', `Transit hub ${hub.id} does not have multicast enabled.`);
      building();
      return state.put(SEG.domain, rec);
    }
    case SEG.mAssociation: {
      const att = state.need(SEG.attachment, body.attachment_id);
      const domain = state.need(SEG.domain, body.domain_id);
      sameHub(att, domain, 'multicast domain');
      if ([...state.of(SEG.mAssociation).values()].some((a) => a.attachment_id === att.id && a.domain_id === domain.id))
        refuse(409, 'Conflict', `Attachment ${att.id} is already associated with multicast domain ${domain.id}.`);
      rec.subnet_id = att.subnet_id;
      return state.put(SEG.mAssociation, rec);
    }
    case SEG.group: {
      const assoc = state.need(SEG.mAssociation, body.association_id);
      if (!state.ports.some((p) => p.id === body.port_id)) refuse(404, 'PortNotFound', `Port ${String(body.port_id)} could not be found.`);
      const ip = String(body.ipaddress);
      if (!isIpv4(ip) || !cidrContains('224.0.0.0/4', ip)) refuse(400, 'BadRequest', `${ip} is not a multicast address (224.0.0.0/4).`);
      if (body.member_type === undefined && body.source_type === undefined) refuse(400, 'BadRequest', 'Either member_type or source_type is required.');
      Object.assign(rec, { domain_id: assoc.domain_id, member_type: body.member_type ?? null, source_type: body.source_type ?? null });
      return state.put(SEG.group, rec);
    }
    case SEG.hubAllow: {
      const hub = state.need(SEG.hub, body.transithub_id);
      if (body.target_project_id === token.tenantId) refuse(400, 'BadRequest', 'A transit hub cannot be shared with its own project.');
      if ([...state.of(SEG.hubAllow).values()].some((a) => a.transithub_id === hub.id && a.target_project_id === body.target_project_id))
        refuse(409, 'Conflict', `Transit hub ${hub.id} is already shared with project ${String(body.target_project_id)}.`);
      rec.transithub_name = hub.name;
      return state.put(SEG.hubAllow, rec);
    }
    case SEG.domainAllow: {
      const domain = state.need(SEG.domain, body.domain_id);
      if (body.target_project_id === token.tenantId) refuse(400, 'BadRequest', 'A multicast domain cannot be shared with its own project.');
      if ([...state.of(SEG.domainAllow).values()].some((a) => a.domain_id === domain.id && a.target_project_id === body.target_project_id))
        refuse(409, 'Conflict', `Multicast domain ${domain.id} is already shared with project ${String(body.target_project_id)}.`);
      rec.domain_name = domain.name;
      return state.put(SEG.domainAllow, rec);
    }
  }
  return refuse(405, 'HTTPMethodNotAllowed', `Resources of ${segment} cannot be created.`);
}

function inUse(what: string, id: string, users: Array<[string, number]>): void {
  const present = users.filter(([, n]) => n > 0);
  if (present.length) refuse(409, 'InUse', `${what} ${id} is in use by ${present.map(([name, n]) => `${n} ${name}${n > 1 ? 's' : ''}`).join(', ')}: delete those first.`);
}

function deleteGateway(segment: string, rec: Rec, state: RegionState): void {
  const count = (seg: string, pred: (r: Rec) => boolean) => [...state.of(seg).values()].filter(pred).length;
  switch (segment) {
    case SEG.hub: {
      const tables = [...state.of(SEG.table).values()].filter((t) => t.transithub_id === rec.id);
      inUse('Transit hub', rec.id, [
        ['attachment', count(SEG.attachment, (a) => a.transithub_id === rec.id)],
        ['routing table', tables.filter((t) => !t.default_table).length],
        ['multicast domain', count(SEG.domain, (d) => d.transithub_id === rec.id)],
        ['share permission', count(SEG.hubAllow, (a) => a.transithub_id === rec.id)],
      ]);
      for (const t of tables) state.of(SEG.table).delete(t.id);
      break;
    }
    case SEG.attachment:
      inUse('Attachment', rec.id, [
        ['routing association', count(SEG.association, (a) => a.attachment_id === rec.id)],
        ['routing propagation', count(SEG.propagation, (p) => p.attachment_id === rec.id)],
        ['routing rule', count(SEG.rule, (r) => r.attachment_id === rec.id)],
        ['multicast association', count(SEG.mAssociation, (a) => a.attachment_id === rec.id)],
      ]);
      break;
    case SEG.table:
      if (rec.default_table) refuse(409, 'InUse', `Routing table ${rec.id} is the default table of its transit hub; it goes with the hub.`);
      inUse('Routing table', rec.id, [
        ['routing association', count(SEG.association, (a) => a.routing_table_id === rec.id)],
        ['routing propagation', count(SEG.propagation, (p) => p.routing_table_id === rec.id)],
        ['routing rule', count(SEG.rule, (r) => r.routing_table_id === rec.id)],
      ]);
      break;
    case SEG.propagation:
      for (const r of [...state.of(SEG.rule).values()]) if (r.propagation_id === rec.id) state.of(SEG.rule).delete(r.id);
      break;
    case SEG.rule:
      if (rec.rule_type === 'PROPAGATED') refuse(409, 'Conflict', `Routing rule ${rec.id} was propagated: delete its routing propagation ${String(rec.propagation_id)} instead.`);
      break;
    case SEG.domain:
      inUse('Multicast domain', rec.id, [
        ['multicast association', count(SEG.mAssociation, (a) => a.domain_id === rec.id)],
        ['share permission', count(SEG.domainAllow, (a) => a.domain_id === rec.id)],
      ]);
      break;
    case SEG.mAssociation:
      inUse('Multicast association', rec.id, [['multicast group', count(SEG.group, (g) => g.association_id === rec.id)]]);
      break;
  }
  state.of(segment).delete(rec.id);
  state.activeAt.delete(rec.id);
}

async function floatingIps(verb: string, op: NetworkOperation, call: SandboxCall, state: RegionState, token: SandboxToken): Promise<SandboxReply> {
  const need = (id: string) => state.floatingIps.get(id) ?? refuse(404, 'FloatingIPNotFound', `Floating IP ${id} could not be found.`);
  switch (verb) {
    case 'list': {
      const f = filtersOf(op, call);
      let list = [...state.floatingIps.values()].filter((r) => matches(r, f, ['sort_dir', 'sort_key', 'fields']));
      const key = typeof f.sort_key === 'string' ? f.sort_key : undefined;
      if (key) {
        const dir = f.sort_dir === 'desc' ? -1 : 1;
        list = [...list].sort((a, b) => dir * String(a[key] ?? '').localeCompare(String(b[key] ?? ''), 'en', { numeric: true }));
      }
      const fields = f.fields === undefined ? undefined : Array.isArray(f.fields) ? f.fields : [f.fields];
      const out = list.map((r) => (fields ? Object.fromEntries(Object.entries(r).filter(([k]) => fields.includes(k))) : { ...r }));
      return json(200, { floatingips: out });
    }
    case 'get':
      return json(200, { floatingip: { ...need(call.params.floatingIpId) } });
    case 'create': {
      const body = await readBody(op, call);
      const net = state.vpcs.find((v) => v.id === body.floating_network_id) ?? refuse(404, 'ExternalNetworkNotFound', `External network ${String(body.floating_network_id)} could not be found.`);
      if (!net.external) refuse(400, 'BadRequest', `Network ${net.id} is not external: allocate floating IPs on a network with router:external.`);
      const now = isoTime();
      const rec: Rec = {
        id: randomUUID(),
        floating_network_id: net.id,
        floating_ip_address: state.allocateAddress(),
        router_id: null,
        fixed_ip_address: null,
        port_id: null,
        status: 'DOWN',
        tenant_id: token.tenantId,
        project_id: token.tenantId,
        delete_protection: body.delete_protection === true,
        label: typeof body.label === 'string' ? body.label : null,
        description: '',
        created_at: now,
        updated_at: now,
      };
      if (body.port_id) attach(rec, String(body.port_id), undefined, state);
      state.floatingIps.set(rec.id, rec);
      return json(201, { floatingip: { ...rec } });
    }
    case 'update': {
      const rec = need(call.params.floatingIpId);
      const body = await readBody(op, call);
      // Each part changes only when given: a body of label and delete_protection leaves the port alone.
      if (body.port_id === null) Object.assign(rec, { port_id: null, fixed_ip_address: null, router_id: null, status: 'DOWN' });
      else if (body.port_id !== undefined) attach(rec, String(body.port_id), body.fixed_ip_address as string | undefined, state);
      if (body.label !== undefined) rec.label = body.label;
      if (body.delete_protection !== undefined) rec.delete_protection = body.delete_protection;
      rec.updated_at = isoTime();
      return json(200, { floatingip: { ...rec } });
    }
    case 'delete': {
      const rec = need(call.params.floatingIpId);
      if (rec.delete_protection === true) refuse(409, 'Conflict', `Floating IP ${rec.id} has delete protection on: turn it off in the console first.`);
      state.floatingIps.delete(rec.id);
      return { status: 204 };
    }
  }
  return refuse(405, 'HTTPMethodNotAllowed', `${call.method} is not allowed here.`);
}

function attach(rec: Rec, portId: string, fixedIp: string | undefined | null, state: RegionState): void {
  const port = state.ports.find((p) => p.id === portId) ?? refuse(404, 'PortNotFound', `Port ${portId} could not be found.`);
  let ip: string;
  if (fixedIp) {
    if (!port.fixedIps.includes(fixedIp)) refuse(400, 'BadRequest', `Port ${port.id} does not have fixed ip ${fixedIp}.`);
    ip = fixedIp;
  } else if (port.fixedIps.length > 1) {
    return refuse(400, 'BadRequest', `Port ${port.id} has multiple fixed IPv4 addresses. Must provide a specific IPv4 address when assigning a floating IP.`);
  } else ip = port.fixedIps[0];
  const taken = [...state.floatingIps.values()].find((f) => f.id !== rec.id && f.port_id === port.id && f.fixed_ip_address === ip);
  if (taken) refuse(409, 'FloatingIPPortAlreadyAssociated', `Cannot associate floating IP ${String(rec.floating_ip_address)} with port ${port.id} using fixed IP ${ip}, as that fixed IP already has floating IP ${String(taken.floating_ip_address)}.`);
  Object.assign(rec, { port_id: port.id, fixed_ip_address: ip, router_id: port.routerId, status: 'ACTIVE' });
}
