// The 50 transit-hub operations of the network table (see the count in ./operations.ts): four
// kinds with an update, seven without, two shared-with-me lists, built by kind from the spec's
// table of 13 resource kinds.
import type * as z from 'zod/mini';
import * as zm from 'zod/mini';
import { row, type NetworkOperation } from './operationRow';
import * as s from './schemas';

type ZT = z.ZodMiniType;

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
