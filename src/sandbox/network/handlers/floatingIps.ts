// Floating IPs: allocate, list with filters, associate with a port, release.
import { randomUUID } from 'node:crypto';
import { type NetworkOperation } from '../../../client/network/operations';
import { type SandboxToken } from '../../identity/index';
import { type SandboxCall, type SandboxReply } from '../../server';
import { type Rec, isoTime, json, refuse, readBody, filtersOf, matches } from './common';
import type { RegionState } from '../state';

export async function floatingIps(
  verb: string,
  op: NetworkOperation,
  call: SandboxCall,
  state: RegionState,
  token: SandboxToken,
): Promise<SandboxReply> {
  const need = (id: string) =>
    state.floatingIps.get(id) ?? refuse(404, 'FloatingIPNotFound', `Floating IP ${id} could not be found.`);
  switch (verb) {
    case 'list': {
      const f = filtersOf(op, call);
      let list = [...state.floatingIps.values()].filter((r) => matches(r, f, ['sort_dir', 'sort_key', 'fields']));
      const key = typeof f.sort_key === 'string' ? f.sort_key : undefined;
      if (key) {
        const dir = f.sort_dir === 'desc' ? -1 : 1;
        list = [...list].sort(
          (a, b) => dir * String(a[key] ?? '').localeCompare(String(b[key] ?? ''), 'en', { numeric: true }),
        );
      }
      const fields = f.fields === undefined ? undefined : Array.isArray(f.fields) ? f.fields : [f.fields];
      const out = list.map((r) =>
        fields ? Object.fromEntries(Object.entries(r).filter(([k]) => fields.includes(k))) : { ...r },
      );
      return json(200, { floatingips: out });
    }
    case 'get':
      return json(200, { floatingip: { ...need(call.params.floatingIpId) } });
    case 'create': {
      const body = await readBody(op, call);
      const net =
        state.vpcs.find((v) => v.id === body.floating_network_id) ??
        refuse(
          404,
          'ExternalNetworkNotFound',
          `External network ${String(body.floating_network_id)} could not be found.`,
        );
      if (!net.external)
        refuse(
          400,
          'BadRequest',
          `Network ${net.id} is not external: allocate floating IPs on a network with router:external.`,
        );
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
      if (body.port_id === null)
        Object.assign(rec, { port_id: null, fixed_ip_address: null, router_id: null, status: 'DOWN' });
      else if (body.port_id !== undefined)
        attach(rec, String(body.port_id), body.fixed_ip_address as string | undefined, state);
      if (body.label !== undefined) rec.label = body.label;
      if (body.delete_protection !== undefined) rec.delete_protection = body.delete_protection;
      rec.updated_at = isoTime();
      return json(200, { floatingip: { ...rec } });
    }
    case 'delete': {
      const rec = need(call.params.floatingIpId);
      if (rec.delete_protection === true)
        refuse(409, 'Conflict', `Floating IP ${rec.id} has delete protection on: turn it off in the console first.`);
      state.floatingIps.delete(rec.id);
      return { status: 204 };
    }
  }
  return refuse(405, 'HTTPMethodNotAllowed', `${call.method} is not allowed here.`);
}

export function attach(rec: Rec, portId: string, fixedIp: string | undefined | null, state: RegionState): void {
  const port =
    state.ports.find((p) => p.id === portId) ?? refuse(404, 'PortNotFound', `Port ${portId} could not be found.`);
  let ip: string;
  if (fixedIp) {
    if (!port.fixedIps.includes(fixedIp))
      refuse(400, 'BadRequest', `Port ${port.id} does not have fixed ip ${fixedIp}.`);
    ip = fixedIp;
  } else if (port.fixedIps.length > 1) {
    return refuse(
      400,
      'BadRequest',
      `Port ${port.id} has multiple fixed IPv4 addresses. Must provide a specific IPv4 address when assigning a floating IP.`,
    );
  } else ip = port.fixedIps[0];
  const taken = [...state.floatingIps.values()].find(
    (f) => f.id !== rec.id && f.port_id === port.id && f.fixed_ip_address === ip,
  );
  if (taken)
    refuse(
      409,
      'FloatingIPPortAlreadyAssociated',
      `Cannot associate floating IP ${String(rec.floating_ip_address)} with port ${port.id} using fixed IP ${ip}, as that fixed IP already has floating IP ${String(taken.floating_ip_address)}.`,
    );
  Object.assign(rec, { port_id: port.id, fixed_ip_address: ip, router_id: port.routerId, status: 'ACTIVE' });
}
