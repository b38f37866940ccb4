// Tree ids of the network tree (`<profile>/<region>/network/...`). The nodes are built with these;
// the commands ask here when they refresh or reveal a node.
import type { Region } from '../../client/endpoints';
import { serviceRootId } from '../../shared/tree/serviceRoot';

/** Folders under a transit hub, a routing table or a multicast domain. */
export type NetworkFolder =
  'attachment' | 'routingTable' | 'multicastDomain' | 'share' | 'association' | 'propagation' | 'rule' | 'group';

export const networkIds = {
  root: (profileId: string, region: Region): string => serviceRootId(profileId, region, 'network'),
  floatingIps: (rootId: string): string => `${rootId}/floatingIp`,
  transitHubs: (rootId: string): string => `${rootId}/transitHub`,
  sharedWithMe: (rootId: string): string => `${rootId}/sharedWithMe`,
  hub: (rootId: string, hubId: string): string => `${rootId}/transitHub/${hubId}`,
  /** A folder below a hub, routing table or multicast domain node. */
  folder: (parentNodeId: string, folder: NetworkFolder): string => `${parentNodeId}/${folder}`,
  /** An item of a folder: a routing table, a rule, a domain... */
  item: (folderNodeId: string, id: string): string => `${folderNodeId}/${id}`,
};
