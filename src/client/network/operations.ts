// The network operations table (the Network API v2.0 document): 5 floating-IP operations,
// 50 transit-hub operations and the external-network lookup. NetworkClient methods, the
// sandbox's routing and validation, list-operations and the tests all read these rows.
//
// Counting the 50 transit-hub operations against the spec's table of 13 resource kinds:
//   4 kinds with an update (hub, attachment, routing table, multicast domain): list, get,
//     create, update, delete = 4 x 5 = 20
//   7 kinds without one (routing association, routing propagation, routing rule, multicast
//     association, multicast group, hub share permission, domain share permission):
//     list, get, create, delete = 7 x 4 = 28
//   2 shared-with-me lists (hubs, multicast domains): list only = 2 x 1 = 2
//   20 + 28 + 2 = 50.
import type * as z from 'zod/mini';
import * as zm from 'zod/mini';
import type { Operation } from '../operation';
import * as s from './schemas';
import { IDENTITY_OPERATIONS } from './identityOperations';

type ZT = z.ZodMiniType;

export interface NetworkOperation<
  N extends string = string,
  P extends string = string,
  Q extends ZT | undefined = ZT | undefined,
  B extends ZT | undefined = ZT | undefined,
  R extends ZT | undefined = ZT | undefined,
> extends Operation<Q, B, R> {
  /** Method name on NetworkClient; the id is `network.<name>`. */
  readonly name: N;
  readonly path: P;
  /** Resource key: wraps create/update bodies and the single-resource answer (`floatingip`, ...). */
  readonly key?: string;
  /** Key of the array in list answers (`floatingips`, ...). */
  readonly listKey?: string;
  /** Query parameters the client always sends (the external-network lookup). */
  readonly fixedQuery?: Record<string, string>;
}

function row<
  const N extends string,
  const P extends string,
  Q extends ZT | undefined = undefined,
  B extends ZT | undefined = undefined,
  R extends ZT | undefined = undefined,
>(r: {
  name: N;
  method: Operation['method'];
  path: P;
  summary: string;
  key?: string;
  listKey?: string;
  query?: Q;
  body?: B;
  response?: R;
  fixedQuery?: Record<string, string>;
}): NetworkOperation<N, P, Q, B, R> {
  return { id: `network.${r.name}`, service: 'network', ...r } as NetworkOperation<N, P, Q, B, R>;
}

const GATEWAYS = '/v2.0/gateways';

/** One transit-hub resource kind as the spec's table describes it. */
interface Kind<
  S extends string,
  Pl extends string,
  Seg extends string,
  Id extends string,
  R extends ZT,
  F extends ZT,
  C extends ZT,
  U extends ZT | undefined,
> {
  singular: S;
  plural: Pl;
  segment: Seg;
  idParam: Id;
  key: string;
  listKey: string;
  label: string;
  resource: R;
  filters: F;
  create: C;
  update?: U;
}

function kindOps<
  const S extends string,
  const Pl extends string,
  const Seg extends string,
  const Id extends string,
  R extends ZT,
  F extends ZT,
  C extends ZT,
  U extends ZT | undefined = undefined,
>(k: Kind<S, Pl, Seg, Id, R, F, C, U>) {
  const coll = `${GATEWAYS}/${k.segment}` as `/v2.0/gateways/${Seg}`;
  const item = `${coll}/{${k.idParam}}` as `/v2.0/gateways/${Seg}/{${Id}}`;
  const keys = { key: k.key, listKey: k.listKey };
  const list = row({
    name: `list${k.plural}` as `list${Pl}`,
    method: 'GET',
    path: coll,
    summary: `List ${k.label}s`,
    ...keys,
    query: k.filters,
    response: zm.array(k.resource),
  });
  const get = row({
    name: `get${k.singular}` as `get${S}`,
    method: 'GET',
    path: item,
    summary: `Show a ${k.label}`,
    ...keys,
    response: k.resource,
  });
  const create = row({
    name: `create${k.singular}` as `create${S}`,
    method: 'POST',
    path: coll,
    summary: `Create a ${k.label}`,
    ...keys,
    body: k.create,
    response: k.resource,
  });
  const del = row({
    name: `delete${k.singular}` as `delete${S}`,
    method: 'DELETE',
    path: item,
    summary: `Delete a ${k.label}`,
    ...keys,
  });
  const update = k.update
    ? [
        row({
          name: `update${k.singular}` as `update${S}`,
          method: 'PUT',
          path: item,
          summary: `Rename or describe a ${k.label}`,
          ...keys,
          body: k.update as Exclude<U, undefined>,
          response: k.resource,
        }),
      ]
    : [];
  type Update = U extends ZT ? [NetworkOperation<`update${S}`, `/v2.0/gateways/${Seg}/{${Id}}`, undefined, U, R>] : [];
  return [list, get, create, ...update, del] as unknown as [
    typeof list,
    typeof get,
    typeof create,
    ...Update,
    typeof del,
  ];
}

function sharedList<const Pl extends string, const Seg extends string, R extends ZT, F extends ZT>(k: {
  plural: Pl;
  segment: Seg;
  listKey: string;
  label: string;
  resource: R;
  filters: F;
}) {
  return row({
    name: `list${k.plural}` as `list${Pl}`,
    method: 'GET',
    path: `${GATEWAYS}/${k.segment}` as `/v2.0/gateways/${Seg}`,
    summary: `List ${k.label} shared with this project by others`,
    listKey: k.listKey,
    query: k.filters,
    response: zm.array(k.resource),
  });
}

export const FLOATING_IP_OPERATIONS = [
  row({
    name: 'listFloatingIps',
    method: 'GET',
    path: '/v2.0/floatingips',
    summary: 'List floating IPs',
    key: 'floatingip',
    listKey: 'floatingips',
    query: s.FloatingIpFilters,
    response: zm.array(s.FloatingIp),
  }),
  row({
    name: 'getFloatingIp',
    method: 'GET',
    path: '/v2.0/floatingips/{floatingIpId}',
    summary: 'Show a floating IP',
    key: 'floatingip',
    response: s.FloatingIp,
  }),
  row({
    name: 'createFloatingIp',
    method: 'POST',
    path: '/v2.0/floatingips',
    summary: 'Allocate a floating IP on an external network (and attach it)',
    key: 'floatingip',
    body: s.AllocateFloatingIp,
    response: s.FloatingIp,
  }),
  row({
    name: 'updateFloatingIp',
    method: 'PUT',
    path: '/v2.0/floatingips/{floatingIpId}',
    summary: 'Attach a floating IP to a port, or detach it (port_id null)',
    key: 'floatingip',
    body: s.UpdateFloatingIp,
    response: s.FloatingIp,
  }),
  row({
    name: 'deleteFloatingIp',
    method: 'DELETE',
    path: '/v2.0/floatingips/{floatingIpId}',
    summary: 'Release a floating IP',
    key: 'floatingip',
  }),
] as const;

/** The spec's item path parameter names, in the order of its table rows. */
export const TRANSIT_HUB_OPERATIONS = [
  ...kindOps({
    singular: 'TransitHub',
    plural: 'TransitHubs',
    segment: 'transithubs',
    idParam: 'transitHubId',
    key: 'transithub',
    listKey: 'transithubs',
    label: 'transit hub',
    resource: s.TransitHub,
    filters: s.TransitHubFilters,
    create: s.CreateTransitHub,
    update: s.UpdateNameDescription,
  }),
  ...kindOps({
    singular: 'Attachment',
    plural: 'Attachments',
    segment: 'transithub_attachments',
    idParam: 'attachmentId',
    key: 'transithub_attachment',
    listKey: 'transithub_attachments',
    label: 'transit hub attachment',
    resource: s.Attachment,
    filters: s.AttachmentFilters,
    create: s.CreateAttachment,
    update: s.UpdateNameDescription,
  }),
  ...kindOps({
    singular: 'RoutingTable',
    plural: 'RoutingTables',
    segment: 'transithub_routing_tables',
    idParam: 'routingTableId',
    key: 'transithub_routing_table',
    listKey: 'transithub_routing_tables',
    label: 'routing table',
    resource: s.RoutingTable,
    filters: s.RoutingTableFilters,
    create: s.CreateRoutingTable,
    update: s.UpdateNameDescription,
  }),
  ...kindOps({
    singular: 'RoutingAssociation',
    plural: 'RoutingAssociations',
    segment: 'transithub_routing_associations',
    idParam: 'routingAssociationId',
    key: 'transithub_routing_association',
    listKey: 'transithub_routing_associations',
    label: 'routing association',
    resource: s.RoutingAssociation,
    filters: s.RoutingAssociationFilters,
    create: s.CreateRoutingAssociation,
  }),
  ...kindOps({
    singular: 'RoutingPropagation',
    plural: 'RoutingPropagations',
    segment: 'transithub_routing_propagations',
    idParam: 'routingPropagationId',
    key: 'transithub_routing_propagation',
    listKey: 'transithub_routing_propagations',
    label: 'routing propagation',
    resource: s.RoutingPropagation,
    filters: s.RoutingPropagationFilters,
    create: s.CreateRoutingPropagation,
  }),
  ...kindOps({
    singular: 'RoutingRule',
    plural: 'RoutingRules',
    segment: 'transithub_routing_rules',
    idParam: 'routingRuleId',
    key: 'transithub_routing_rule',
    listKey: 'transithub_routing_rules',
    label: 'routing rule',
    resource: s.RoutingRule,
    filters: s.RoutingRuleFilters,
    create: s.CreateRoutingRule,
  }),
  ...kindOps({
    singular: 'MulticastDomain',
    plural: 'MulticastDomains',
    segment: 'transithub_multicast_domains',
    idParam: 'multicastDomainId',
    key: 'transithub_multicast_domain',
    listKey: 'transithub_multicast_domains',
    label: 'multicast domain',
    resource: s.MulticastDomain,
    filters: s.MulticastDomainFilters,
    create: s.CreateMulticastDomain,
    update: s.UpdateNameDescription,
  }),
  ...kindOps({
    singular: 'MulticastAssociation',
    plural: 'MulticastAssociations',
    segment: 'transithub_multicast_associations',
    idParam: 'multicastAssociationId',
    key: 'transithub_multicast_association',
    listKey: 'transithub_multicast_associations',
    label: 'multicast association',
    resource: s.MulticastAssociation,
    filters: s.MulticastAssociationFilters,
    create: s.CreateMulticastAssociation,
  }),
  ...kindOps({
    singular: 'MulticastGroup',
    plural: 'MulticastGroups',
    segment: 'transithub_multicast_groups',
    idParam: 'multicastGroupId',
    key: 'transithub_multicast_group',
    listKey: 'transithub_multicast_groups',
    label: 'multicast group',
    resource: s.MulticastGroup,
    filters: s.MulticastGroupFilters,
    create: s.CreateMulticastGroup,
  }),
  ...kindOps({
    singular: 'TransitHubAllowProject',
    plural: 'TransitHubAllowProjects',
    segment: 'transithub_allow_projects',
    idParam: 'allowProjectId',
    key: 'transithub_allow_project',
    listKey: 'transithub_allow_projects',
    label: 'transit hub share permission',
    resource: s.TransitHubAllowProject,
    filters: s.TransitHubAllowProjectFilters,
    create: s.CreateTransitHubAllowProject,
  }),
  sharedList({
    plural: 'SharedTransitHubs',
    segment: 'transithub_shared_lists',
    listKey: 'transithub_shared_lists',
    label: 'transit hubs',
    resource: s.TransitHubSharedEntry,
    filters: s.TransitHubSharedFilters,
  }),
  // The spec names ten item parameters for eleven kinds with items; the domain share
  // permission reuses `allowProjectId`, the last name of its list.
  ...kindOps({
    singular: 'MulticastDomainAllowProject',
    plural: 'MulticastDomainAllowProjects',
    segment: 'transithub_multicast_domain_allow_projects',
    idParam: 'allowProjectId',
    key: 'transithub_multicast_domain_allow_project',
    listKey: 'transithub_multicast_domain_allow_projects',
    label: 'multicast domain share permission',
    resource: s.MulticastDomainAllowProject,
    filters: s.MulticastDomainAllowProjectFilters,
    create: s.CreateMulticastDomainAllowProject,
  }),
  sharedList({
    plural: 'SharedMulticastDomains',
    segment: 'transithub_multicast_domain_shared_lists',
    listKey: 'transithub_multicast_domain_shared_lists',
    label: 'multicast domains',
    resource: s.MulticastDomainSharedEntry,
    filters: s.MulticastDomainSharedFilters,
  }),
] as const;

/**
 * Networks a floating IP can be allocated on. Not in the network document: the vendor's VPC
 * API lists them with `router:external=true`, which the client always sends.
 */
export const EXTERNAL_NETWORK_OPERATIONS = [
  row({
    name: 'listExternalNetworks',
    method: 'GET',
    path: '/v2.0/vpcs',
    summary: 'List external networks (VPCs with router:external), where floating IPs are allocated',
    listKey: 'vpcs',
    query: s.VpcFilters,
    response: zm.array(s.Vpc),
    fixedQuery: { 'router:external': 'true' },
  }),
] as const;

export const NETWORK_OPERATIONS = [
  ...FLOATING_IP_OPERATIONS,
  ...TRANSIT_HUB_OPERATIONS,
  ...EXTERNAL_NETWORK_OPERATIONS,
] as const;

export type NetworkOperationRow = (typeof NETWORK_OPERATIONS)[number];
export type NetworkOperationName = NetworkOperationRow['name'];

/** Identity rows first (token, credentials), then the 56 network rows: what list-operations prints. */
export const IDENTITY_AND_NETWORK_OPERATIONS: readonly Operation[] = [...IDENTITY_OPERATIONS, ...NETWORK_OPERATIONS];
