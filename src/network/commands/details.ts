// "Show Details": the resource as the service answers it now (one GET of the item), in a
// read-only JSON editor; the tree shows what the list returned, this shows every field,
// including undocumented ones such as `status`, `created_at` or `delete_protection`.
import * as vscode from 'vscode';
import { isApiError } from '../../client/errors';
import type { NetworkClient } from '../../client/network/client';
import type { CommandHandler } from '../../shared/services';
import { FloatingIpNode } from '../tree/floatingIps';
import { MulticastDomainNode } from '../tree/multicastDomains';
import { NetItemNode } from '../tree/netResource';
import { RoutingTableNode } from '../tree/routingTables';
import { TransitHubNode } from '../tree/transitHubs';
import { networkRoot, type NetKind, type NetworkDeps } from '../tree/root';
import { showReport } from '../../shared/reportDocument';

const GET: Partial<Record<NetKind, (n: NetworkClient, id: string) => Promise<unknown>>> = {
  transitHub: (n, id) => n.getTransitHub({ transitHubId: id }),
  attachment: (n, id) => n.getAttachment({ attachmentId: id }),
  routingTable: (n, id) => n.getRoutingTable({ routingTableId: id }),
  routingAssociation: (n, id) => n.getRoutingAssociation({ routingAssociationId: id }),
  routingPropagation: (n, id) => n.getRoutingPropagation({ routingPropagationId: id }),
  routingRule: (n, id) => n.getRoutingRule({ routingRuleId: id }),
  multicastDomain: (n, id) => n.getMulticastDomain({ multicastDomainId: id }),
  multicastAssociation: (n, id) => n.getMulticastAssociation({ multicastAssociationId: id }),
  multicastGroup: (n, id) => n.getMulticastGroup({ multicastGroupId: id }),
  // Share permissions are documented as list, create and delete only: the live service may have
  // no get by id, so when the get is not found, one permission is read from the list by its id.
  hubShare: (n, id) =>
    getOrFromList(
      () => n.getTransitHubAllowProject({ allowProjectId: id }),
      async () => oneOf(await n.listTransitHubAllowProjects({ query: { id } }), id),
    ),
  domainShare: (n, id) =>
    getOrFromList(
      () => n.getMulticastDomainAllowProject({ allowProjectId: id }),
      async () => oneOf(await n.listMulticastDomainAllowProjects({ query: { id } }), id),
    ),
};

/** The get by id; on 404 or 405 (a service without that route) the list's entry instead. */
async function getOrFromList(get: () => Promise<unknown>, fromList: () => Promise<unknown>): Promise<unknown> {
  try {
    return await get();
  } catch (e) {
    if (isApiError(e) && (e.status === 404 || e.status === 405)) return fromList();
    throw e;
  }
}

function oneOf(list: readonly { id: string }[], id: string): unknown {
  const found = list.find((p) => p.id === id);
  if (!found) throw new Error(vscode.l10n.t('The share permission {0} no longer exists. Refresh the tree.', id));
  return found;
}

export function detailCommands(_deps: NetworkDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.network.showDetails': async (node?: unknown) => {
      let value: unknown;
      let title: string;
      if (node instanceof FloatingIpNode) {
        value = await (await networkRoot(node).client()).getFloatingIp({ floatingIpId: node.data.id });
        title = node.data.floating_ip_address;
      } else if (
        node instanceof NetItemNode ||
        node instanceof TransitHubNode ||
        node instanceof RoutingTableNode ||
        node instanceof MulticastDomainNode
      ) {
        const get = GET[node.netKind];
        // Shared-with-me entries have no item operation: what the list gave is all there is.
        value = get ? await get(await networkRoot(node).client(), node.data.id) : node.data;
        title = node.label;
      } else {
        throw new Error(vscode.l10n.t('Run "Show Details" on a network resource in the NHN Cloud explorer.'));
      }
      // Read-only: nothing to save, and closing it asks nothing.
      await showReport(`${title}.json`, `${JSON.stringify(value, null, 2)}\n`, { preview: true });
      return title;
    },
  };
}
