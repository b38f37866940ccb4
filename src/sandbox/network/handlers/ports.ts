// Ports: the list of the VPC guide's OpenStack-compatible API (`GET /v2.0/ports`), over the
// seeded ports of the sandbox's instances, with the guide's filters: id, name, status,
// network_id, tenant_id, device_id, device_owner, mac_address, fixed_ips (ip_address=,
// ip_address_substr=, subnet_id=; several must all hold) and fields.
import { type NetworkOperation } from '../../../client/network/operations';
import { type SandboxCall, type SandboxReply } from '../../server';
import { type Rec, json, filtersOf, matches } from './common';
import type { RegionState } from '../state';
import type { SeedPort } from '../seed';

/** A port as the service writes it: the guide's example fields. */
export function portRecord(p: SeedPort, state: RegionState): Rec {
  const subnet = state.vpcs.find((v) => v.id === p.vpcId)?.subnets[0];
  return {
    id: p.id,
    name: p.name,
    status: 'ACTIVE',
    admin_state_up: true,
    network_id: p.vpcId,
    tenant_id: state.tenantId,
    extra_dhcp_opts: [],
    'binding:vnic_type': 'normal',
    device_owner: p.deviceOwner,
    device_id: p.deviceId,
    mac_address: p.mac,
    fixed_ips: p.fixedIps.map((ip) => ({ subnet_id: subnet?.id ?? '', ip_address: ip })),
    port_security_enabled: true,
    security_groups: [],
    allowed_address_pairs: [],
  };
}

function fixedIpsHold(rec: Rec, wanted: string[]): boolean {
  const ips = rec.fixed_ips as Array<{ subnet_id: string; ip_address: string }>;
  return wanted.every((w) => {
    const [key, value] = [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)];
    if (key === 'ip_address') return ips.some((i) => i.ip_address === value);
    if (key === 'ip_address_substr') return ips.some((i) => i.ip_address.includes(value));
    return ips.some((i) => i.subnet_id === value);
  });
}

export function listPorts(op: NetworkOperation, call: SandboxCall, state: RegionState): SandboxReply {
  const f = filtersOf(op, call);
  const fixed = f.fixed_ips === undefined ? [] : Array.isArray(f.fixed_ips) ? f.fixed_ips : [f.fixed_ips];
  const list = state.ports
    .map((p) => portRecord(p, state))
    .filter((r) => matches(r, f, ['fields', 'fixed_ips']) && fixedIpsHold(r, fixed));
  const fields = f.fields === undefined ? undefined : Array.isArray(f.fields) ? f.fields : [f.fields];
  const out = list.map((r) => (fields ? Object.fromEntries(Object.entries(r).filter(([k]) => fields.includes(k))) : r));
  return json(200, { ports: out });
}
