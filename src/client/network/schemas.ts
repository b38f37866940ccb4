// Schemas of the network API v2.0 (the Network API v2.0 document) in zod/mini.
// Responses are loose objects: the service adds undocumented fields (status, created_at,
// project_id, ...) that "may change without notice", so unknown keys always pass and only
// the documented ones are typed. Requests are strict: a misspelt field is caught before sending.
import * as z from 'zod/mini';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID as Neutron writes them (any version; case-insensitive). */
export const uuid = () => z.string().check(z.regex(UUID_RE, 'must be a UUID (8-4-4-4-12 hexadecimal digits)'));
export const isUuid = (s: string): boolean => UUID_RE.test(s);

const str = z.string();
const optStr = z.optional(z.nullable(z.string()));

/** True for an IPv4 address (four decimal octets 0-255, no leading zeros beyond one digit). */
export function isIpv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** True for an IPv4 multicast group address (224.0.0.0/4, RFC 5771). */
export const isMulticastIpv4 = (s: string): boolean =>
  isIpv4(s) && Number(s.split('.')[0]) >= 224 && Number(s.split('.')[0]) <= 239;

/**
 * A CIDR such as `10.0.0.0/16`: an IPv4 address, a prefix length 0-32, and no host bits set
 * (the service rejects `10.0.0.1/16`; saying so before sending is kinder).
 */
export function cidrProblem(s: string): string | undefined {
  const m = /^([^/]+)\/(\d{1,2})$/.exec(s.trim());
  if (!m) return 'must be an IPv4 range such as 10.0.0.0/16';
  if (!isIpv4(m[1])) return `${m[1]} is not an IPv4 address`;
  const len = Number(m[2]);
  if (len > 32) return 'the prefix length must be between 0 and 32';
  const addr = ipv4ToInt(m[1]);
  const mask = len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0;
  if ((addr & mask) >>> 0 !== addr) return `host bits are set: did you mean ${intToIpv4((addr & mask) >>> 0)}/${len}?`;
  return undefined;
}

export const ipv4ToInt = (ip: string): number => ip.split('.').reduce((acc, p) => ((acc << 8) | Number(p)) >>> 0, 0);
export const intToIpv4 = (n: number): string => [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');

/** True when `ip` lies inside `cidr` (both IPv4). */
export function cidrContains(cidr: string, ip: string): boolean {
  const [base, lenText] = cidr.split('/');
  const len = Number(lenText);
  const mask = len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0;
  return (ipv4ToInt(ip) & mask) >>> 0 === (ipv4ToInt(base) & mask) >>> 0;
}

export const cidr = () =>
  z.string().check(
    z.refine((s) => cidrProblem(s) === undefined, {
      message: 'must be an IPv4 range such as 10.0.0.0/16 without host bits',
    }),
  );

/**
 * Transit hub timestamps look like `2024-02-12 22:19:05` (no `T`, no zone; the live service, as observed);
 * other resources may use ISO 8601. Both read as UTC. Undefined when the text is not a time.
 */
export function parseNetworkTime(text: string | null | undefined): Date | undefined {
  if (!text) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}${m[8] ?? 'Z'}`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** The undocumented fields seen in responses, typed loosely so a change never breaks a read. */
const undocumented = {
  status: optStr,
  created_at: optStr,
  updated_at: optStr,
  project_id: optStr,
};

// ---- Floating IPs ----------------------------------------------------------------------------

export const FLOATING_IP_STATUSES = ['ACTIVE', 'DOWN', 'ERROR'] as const;

export const FloatingIp = z.looseObject({
  id: str,
  floating_network_id: str,
  router_id: optStr,
  fixed_ip_address: optStr,
  floating_ip_address: str,
  tenant_id: optStr,
  // Typed as a string, not the enum: a new status must show up, not fail the whole list.
  status: optStr,
  port_id: optStr,
  delete_protection: z.optional(z.nullable(z.boolean())),
  label: optStr,
  created_at: optStr,
  updated_at: optStr,
  project_id: optStr,
});
export type FloatingIp = z.infer<typeof FloatingIp>;

const stringOrList = z.union([z.string(), z.array(z.string())]);

export const FloatingIpFilters = z.strictObject({
  id: z.optional(uuid()),
  status: z.optional(z.enum(FLOATING_IP_STATUSES)),
  tenant_id: z.optional(str),
  floating_network_id: z.optional(uuid()),
  fixed_ip_address: z.optional(str),
  floating_ip_address: z.optional(str),
  port_id: z.optional(uuid()),
  sort_dir: z.optional(z.enum(['asc', 'desc'])),
  sort_key: z.optional(str),
  /** Field names to return; repeat the parameter for several (`fields=id&fields=status`). */
  fields: z.optional(stringOrList),
  label: z.optional(str),
  delete_protection: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])])),
});

/** A person's name for the address; the service owners' guide documents it without a limit, 255 keeps it sane. */
const fipLabel = z.nullable(z.string().check(z.maxLength(255, 'must be at most 255 characters')));

// Optional fields may be sent as null, meaning "not given" (the service owners' guide).
export const AllocateFloatingIp = z.strictObject({
  floating_network_id: uuid(),
  port_id: z.optional(z.nullable(uuid())),
  label: z.optional(fipLabel),
  delete_protection: z.optional(z.boolean()),
});

export const UpdateFloatingIp = z
  .strictObject({
    /** A port to attach to, or null to detach. Left out: the association is not touched. */
    port_id: z.optional(z.nullable(uuid())),
    fixed_ip_address: z.optional(
      z.nullable(z.string().check(z.refine(isIpv4, { message: 'must be an IPv4 address' }))),
    ),
    label: z.optional(fipLabel),
    delete_protection: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => b.port_id !== undefined || b.label !== undefined || b.delete_protection !== undefined, {
      message: 'give port_id (null detaches), label or delete_protection',
      path: ['port_id'],
    }),
  );

// ---- External networks (VPCs with router:external) -------------------------------------------

export const Vpc = z.looseObject({
  id: str,
  name: optStr,
  'router:external': z.optional(z.boolean()),
  cidrv4: optStr,
  state: optStr,
  tenant_id: optStr,
});
export type Vpc = z.infer<typeof Vpc>;

export const VpcFilters = z.strictObject({
  'router:external': z.optional(z.union([z.boolean(), z.enum(['true', 'false'])])),
  id: z.optional(uuid()),
  name: z.optional(str),
});

// ---- Ports (the VPC guide's OpenStack-compatible API) -------------------------------------

/** One fixed IP of a port: the address and the subnet it is in. */
export const PortFixedIp = z.looseObject({ subnet_id: optStr, ip_address: str });

export const Port = z.looseObject({
  id: str,
  name: optStr,
  status: optStr,
  network_id: optStr,
  tenant_id: optStr,
  /** The resource using the port (an instance's id for `compute:<zone>`). */
  device_id: optStr,
  device_owner: optStr,
  mac_address: optStr,
  fixed_ips: z.optional(z.array(PortFixedIp)),
});
export type Port = z.infer<typeof Port>;

/**
 * `fixed_ips` filters: `ip_address=<ip>`, `ip_address_substr=<part>` or `subnet_id=<uuid>`,
 * one per parameter (Neutron's form, which the guide's "filterable by" names).
 */
const fixedIpFilter = z
  .string()
  .check(
    z.regex(
      /^(ip_address|ip_address_substr|subnet_id)=\S+$/,
      'must be ip_address=<ip>, ip_address_substr=<part> or subnet_id=<subnet id>',
    ),
  );

export const PortFilters = z.strictObject({
  id: z.optional(uuid()),
  name: z.optional(str),
  status: z.optional(z.enum(['ACTIVE', 'BUILD', 'DOWN'])),
  network_id: z.optional(uuid()),
  tenant_id: z.optional(str),
  device_id: z.optional(uuid()),
  device_owner: z.optional(str),
  mac_address: z.optional(str),
  fixed_ips: z.optional(z.union([fixedIpFilter, z.array(fixedIpFilter)])),
  fields: z.optional(stringOrList),
});

// ---- Transit hub ----------------------------------------------------------------------------

const base = { id: str, tenant_id: optStr, description: optStr, ...undocumented };

export const TransitHub = z.looseObject({
  ...base,
  name: optStr,
  multicast_enable: z.optional(z.boolean()),
  default_association_enable: z.optional(z.boolean()),
  default_propagation_enable: z.optional(z.boolean()),
});
export const Attachment = z.looseObject({
  ...base,
  name: optStr,
  resource_id: optStr,
  subnet_id: optStr,
  transithub_id: optStr,
});
export const RoutingTable = z.looseObject({
  ...base,
  name: optStr,
  transithub_id: optStr,
  default_table: z.optional(z.boolean()),
});
export const RoutingAssociation = z.looseObject({ ...base, attachment_id: optStr, routing_table_id: optStr });
export const RoutingPropagation = z.looseObject({ ...base, attachment_id: optStr, routing_table_id: optStr });
export const RULE_ACTIONS = ['FORWARD', 'BLACKHOLE'] as const;
export const RULE_TYPES = ['STATIC', 'PROPAGATED'] as const;
export const RoutingRule = z.looseObject({
  ...base,
  name: optStr,
  cidr: optStr,
  action: optStr,
  rule_type: optStr,
  attachment_id: optStr,
  routing_table_id: optStr,
  propagation_id: optStr,
});
export const MulticastDomain = z.looseObject({ ...base, name: optStr, transithub_id: optStr });
export const MulticastAssociation = z.looseObject({
  ...base,
  attachment_id: optStr,
  subnet_id: optStr,
  domain_id: optStr,
});
export const MulticastGroup = z.looseObject({
  ...base,
  association_id: optStr,
  ipaddress: optStr,
  member_type: optStr,
  source_type: optStr,
  port_id: optStr,
});
export const TransitHubAllowProject = z.looseObject({
  ...base,
  transithub_id: optStr,
  transithub_name: optStr,
  target_project_id: optStr,
});
export const TransitHubSharedEntry = z.looseObject({
  transithub_id: str,
  transithub_name: optStr,
  transithub_project_id: optStr,
});
export const MulticastDomainAllowProject = z.looseObject({
  ...base,
  domain_id: optStr,
  domain_name: optStr,
  target_project_id: optStr,
});
export const MulticastDomainSharedEntry = z.looseObject({
  domain_id: str,
  domain_name: optStr,
  domain_project_id: optStr,
});

export type TransitHub = z.infer<typeof TransitHub>;
export type Attachment = z.infer<typeof Attachment>;
export type RoutingTable = z.infer<typeof RoutingTable>;
export type RoutingAssociation = z.infer<typeof RoutingAssociation>;
export type RoutingPropagation = z.infer<typeof RoutingPropagation>;
export type RoutingRule = z.infer<typeof RoutingRule>;
export type MulticastDomain = z.infer<typeof MulticastDomain>;
export type MulticastAssociation = z.infer<typeof MulticastAssociation>;
export type MulticastGroup = z.infer<typeof MulticastGroup>;
export type TransitHubAllowProject = z.infer<typeof TransitHubAllowProject>;
export type MulticastDomainAllowProject = z.infer<typeof MulticastDomainAllowProject>;

// Request bodies (unwrapped: the client wraps them in the resource key).
// Optional fields may be sent as null, meaning "not given" (the service owners' guide).
const optText = z.optional(z.nullable(z.string()));
const nameDesc = { name: optText, description: optText };

export const CreateTransitHub = z.strictObject({
  ...nameDesc,
  multicast_enable: z.boolean(),
  default_association_enable: z.boolean(),
  default_propagation_enable: z.boolean(),
});
export const UpdateNameDescription = z.strictObject(nameDesc);
export const CreateAttachment = z.strictObject({
  ...nameDesc,
  resource_id: uuid(),
  subnet_id: uuid(),
  transithub_id: uuid(),
});
export const CreateRoutingTable = z.strictObject({ ...nameDesc, transithub_id: uuid() });
export const CreateRoutingAssociation = z.strictObject({
  description: optText,
  attachment_id: uuid(),
  routing_table_id: uuid(),
});
export const CreateRoutingPropagation = CreateRoutingAssociation;
export const CreateRoutingRule = z.strictObject({
  ...nameDesc,
  cidr: cidr(),
  action: z.optional(z.nullable(z.enum(RULE_ACTIONS))),
  attachment_id: uuid(),
  routing_table_id: uuid(),
});
export const CreateMulticastDomain = CreateRoutingTable;
export const CreateMulticastAssociation = z.strictObject({
  description: optText,
  attachment_id: uuid(),
  domain_id: uuid(),
});
export const CreateMulticastGroup = z
  .strictObject({
    description: optText,
    association_id: uuid(),
    ipaddress: z.string().check(
      z.refine(isMulticastIpv4, {
        message: 'must be an IPv4 multicast group address (224.0.0.0 to 239.255.255.255) such as 239.1.1.1',
      }),
    ),
    port_id: uuid(),
    member_type: z.optional(z.literal('STATIC')),
    source_type: z.optional(z.literal('STATIC')),
  })
  .check(
    z.refine((g) => g.member_type !== undefined || g.source_type !== undefined, {
      message: 'set member_type or source_type (or both) to STATIC: a group entry is a member, a source, or both',
      path: ['member_type'],
    }),
  );
export const CreateTransitHubAllowProject = z.strictObject({
  transithub_id: uuid(),
  target_project_id: z.string().check(z.minLength(1)),
});
export const CreateMulticastDomainAllowProject = z.strictObject({
  domain_id: uuid(),
  target_project_id: z.string().check(z.minLength(1)),
});

// List filters, per the spec's table.
const f = (keys: string[]) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, z.optional(k === 'name' ? str : uuid())])));
export const TransitHubFilters = f(['id', 'name']);
export const AttachmentFilters = f(['id', 'name', 'resource_id', 'subnet_id', 'transithub_id']);
export const RoutingTableFilters = f(['id', 'name', 'transithub_id']);
export const RoutingAssociationFilters = f(['id', 'attachment_id', 'routing_table_id']);
export const RoutingPropagationFilters = RoutingAssociationFilters;
export const RoutingRuleFilters = z.strictObject({
  id: z.optional(uuid()),
  action: z.optional(z.enum(RULE_ACTIONS)),
  rule_type: z.optional(z.enum(RULE_TYPES)),
  attachment_id: z.optional(uuid()),
  routing_table_id: z.optional(uuid()),
});
export const MulticastDomainFilters = RoutingTableFilters;
export const MulticastAssociationFilters = f(['id', 'name', 'domain_id']);
export const MulticastGroupFilters = f(['id', 'name', 'domain_id']);
export const TransitHubAllowProjectFilters = f(['id', 'transithub_id']);
export const TransitHubSharedFilters = f(['transithub_id']);
export const MulticastDomainAllowProjectFilters = f(['id', 'domain_id']);
export const MulticastDomainSharedFilters = f(['domain_id']);
