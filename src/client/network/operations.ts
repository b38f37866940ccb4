// The network operations table (the Network API v2.0 document): 5 floating-IP operations,
// 50 transit-hub operations, the external-network lookup and the port list. NetworkClient methods, the
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
import * as zm from 'zod/mini';
import type { Operation } from '../operation';
import * as s from './schemas';
import { IDENTITY_OPERATIONS } from './identityOperations';
import { row } from './operationRow';
import { TRANSIT_HUB_OPERATIONS } from './transitHubOperations';

export type { NetworkOperation } from './operationRow';

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

/**
 * The project's ports (network interfaces), where a floating IP is attached. Not in the network
 * document: the vendor's "Network > VPC > OpenStack Compatible API Guide" lists them
 * (`GET /v2.0/ports`, with `device_id`, `network_id` and `fixed_ips` among its filters).
 */
export const PORT_OPERATIONS = [
  row({
    name: 'listPorts',
    method: 'GET',
    path: '/v2.0/ports',
    summary: 'List ports (network interfaces of instances), to attach a floating IP to',
    key: 'port',
    listKey: 'ports',
    query: s.PortFilters,
    response: zm.array(s.Port),
  }),
] as const;

export const NETWORK_OPERATIONS = [
  ...FLOATING_IP_OPERATIONS,
  ...TRANSIT_HUB_OPERATIONS,
  ...EXTERNAL_NETWORK_OPERATIONS,
  ...PORT_OPERATIONS,
] as const;

export type NetworkOperationRow = (typeof NETWORK_OPERATIONS)[number];
export type NetworkOperationName = NetworkOperationRow['name'];

/** Identity rows first (token, credentials), then the 57 network rows: what list-operations prints. */
export const IDENTITY_AND_NETWORK_OPERATIONS: readonly Operation[] = [...IDENTITY_OPERATIONS, ...NETWORK_OPERATIONS];
