// Creating and deleting transit-hub resources, with their references checked.
import { cidrContains, isIpv4 } from '../../../client/network/schemas';
import { type SandboxToken } from '../../identity/index';
import { type Rec, hubTime, refuse, SEG } from './common';
import type { RegionState } from '../state';

export function sameHub(a: Rec, b: Rec, what: string): void {
  if (a.transithub_id !== b.transithub_id)
    refuse(400, 'BadRequest', `The attachment ${a.id} and the ${what} ${b.id} belong to different transit hubs.`);
}

/** A gateway body without the fields sent as null: the service takes null as "not given". */
export function givenFields(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
}

export function createGateway(
  segment: string,
  given: Record<string, unknown>,
  state: RegionState,
  token: SandboxToken,
  buildDelayMs: number,
): Rec {
  const now = hubTime();
  const body = givenFields(given);
  const rec: Rec = {
    ...state.base(),
    tenant_id: token.tenantId,
    project_id: token.tenantId,
    created_at: now,
    updated_at: now,
    description: '',
    ...body,
  };
  const building = () => {
    rec.status = 'BUILD';
    state.activeAt.set(rec.id, Date.now() + buildDelayMs);
  };
  switch (segment) {
    case SEG.hub: {
      state.put(SEG.hub, rec);
      // A hub comes with its default routing table.
      const table: Rec = {
        ...state.base(),
        tenant_id: token.tenantId,
        project_id: token.tenantId,
        created_at: now,
        updated_at: now,
        name: 'default',
        description: 'Default routing table',
        transithub_id: rec.id,
        default_table: true,
        status: 'BUILD',
      };
      state.activeAt.set(table.id, Date.now() + buildDelayMs);
      state.put(SEG.table, table);
      return rec;
    }
    case SEG.attachment: {
      state.need(SEG.hub, body.transithub_id);
      const vpc =
        state.vpcs.find((v) => v.id === body.resource_id && !v.external) ??
        refuse(404, 'VpcNotFound', `VPC ${String(body.resource_id)} could not be found.`);
      if (!vpc.subnets.some((s) => s.id === body.subnet_id))
        refuse(400, 'BadRequest', `Subnet ${String(body.subnet_id)} does not belong to VPC ${vpc.id}.`);
      if (
        [...state.of(SEG.attachment).values()].some(
          (a) => a.transithub_id === body.transithub_id && a.resource_id === vpc.id,
        )
      )
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
        refuse(
          409,
          'Conflict',
          `Attachment ${att.id} is already associated with a routing table: delete that association first.`,
        );
      return state.put(SEG.association, rec);
    }
    case SEG.propagation: {
      const att = state.need(SEG.attachment, body.attachment_id);
      const table = state.need(SEG.table, body.routing_table_id);
      sameHub(att, table, 'routing table');
      if (
        [...state.of(SEG.propagation).values()].some(
          (p) => p.attachment_id === att.id && p.routing_table_id === table.id,
        )
      )
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
      if (hub.multicast_enable !== true)
        refuse(400, 'BadRequest', `Transit hub ${hub.id} does not have multicast enabled.`);
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
      if (!state.ports.some((p) => p.id === body.port_id))
        refuse(404, 'PortNotFound', `Port ${String(body.port_id)} could not be found.`);
      const ip = String(body.ipaddress);
      if (!isIpv4(ip) || !cidrContains('224.0.0.0/4', ip))
        refuse(400, 'BadRequest', `${ip} is not a multicast address (224.0.0.0/4).`);
      if (body.member_type === undefined && body.source_type === undefined)
        refuse(400, 'BadRequest', 'Either member_type or source_type is required.');
      Object.assign(rec, {
        domain_id: assoc.domain_id,
        member_type: body.member_type ?? null,
        source_type: body.source_type ?? null,
      });
      return state.put(SEG.group, rec);
    }
    case SEG.hubAllow: {
      const hub = state.need(SEG.hub, body.transithub_id);
      if (body.target_project_id === token.tenantId)
        refuse(400, 'BadRequest', 'A transit hub cannot be shared with its own project.');
      if (
        [...state.of(SEG.hubAllow).values()].some(
          (a) => a.transithub_id === hub.id && a.target_project_id === body.target_project_id,
        )
      )
        refuse(
          409,
          'Conflict',
          `Transit hub ${hub.id} is already shared with project ${String(body.target_project_id)}.`,
        );
      rec.transithub_name = hub.name;
      return state.put(SEG.hubAllow, rec);
    }
    case SEG.domainAllow: {
      const domain = state.need(SEG.domain, body.domain_id);
      if (body.target_project_id === token.tenantId)
        refuse(400, 'BadRequest', 'A multicast domain cannot be shared with its own project.');
      if (
        [...state.of(SEG.domainAllow).values()].some(
          (a) => a.domain_id === domain.id && a.target_project_id === body.target_project_id,
        )
      )
        refuse(
          409,
          'Conflict',
          `Multicast domain ${domain.id} is already shared with project ${String(body.target_project_id)}.`,
        );
      rec.domain_name = domain.name;
      return state.put(SEG.domainAllow, rec);
    }
  }
  return refuse(405, 'HTTPMethodNotAllowed', `Resources of ${segment} cannot be created.`);
}

export function inUse(what: string, id: string, users: Array<[string, number]>): void {
  const present = users.filter(([, n]) => n > 0);
  if (present.length)
    refuse(
      409,
      'InUse',
      `${what} ${id} is in use by ${present.map(([name, n]) => `${n} ${name}${n > 1 ? 's' : ''}`).join(', ')}: delete those first.`,
    );
}

export function deleteGateway(segment: string, rec: Rec, state: RegionState): void {
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
      if (rec.default_table)
        refuse(409, 'InUse', `Routing table ${rec.id} is the default table of its transit hub; it goes with the hub.`);
      inUse('Routing table', rec.id, [
        ['routing association', count(SEG.association, (a) => a.routing_table_id === rec.id)],
        ['routing propagation', count(SEG.propagation, (p) => p.routing_table_id === rec.id)],
        ['routing rule', count(SEG.rule, (r) => r.routing_table_id === rec.id)],
      ]);
      break;
    case SEG.propagation:
      for (const r of [...state.of(SEG.rule).values()])
        if (r.propagation_id === rec.id) state.of(SEG.rule).delete(r.id);
      break;
    case SEG.rule:
      if (rec.rule_type === 'PROPAGATED')
        refuse(
          409,
          'Conflict',
          `Routing rule ${rec.id} was propagated: delete its routing propagation ${String(rec.propagation_id)} instead.`,
        );
      break;
    case SEG.domain:
      inUse('Multicast domain', rec.id, [
        ['multicast association', count(SEG.mAssociation, (a) => a.domain_id === rec.id)],
        ['share permission', count(SEG.domainAllow, (a) => a.domain_id === rec.id)],
      ]);
      break;
    case SEG.mAssociation:
      inUse('Multicast association', rec.id, [
        ['multicast group', count(SEG.group, (g) => g.association_id === rec.id)],
      ]);
      break;
  }
  state.of(segment).delete(rec.id);
  state.activeAt.delete(rec.id);
}
