// Transit hubs and attachments: create a hub, create an attachment (VPC + subnet), rename any
// renamable resource (hub, attachment, routing table, multicast domain), delete any resource
// of the hub (confirmed, with what deleting it does), copy an id.
import * as vscode from 'vscode';
import type { NetworkClient } from '../../client/network/client';
import type { CommandHandler } from '../../shared/services';
import { FloatingIpNode, MulticastDomainNode, NetItemNode, RoutingTableNode, TransitHubNode, networkRoot, type NetKind, type NetworkDeps } from '../tree/nodes';
import { hubFrom, scopeFrom, uuidProblem } from './targets';
import { ask, confirm, yesNo } from './ui';

const nameProblem = (t: string) => (t.length > 255 ? 'At most 255 characters.' : undefined);

/** How each kind is deleted and what deleting it means for the user. */
const DELETE: Partial<Record<NetKind, { label: string; run: (net: NetworkClient, id: string) => Promise<void>; detail: string }>> = {
  transitHub: { label: 'transit hub', run: (n, id) => n.deleteTransitHub({ transitHubId: id }), detail: 'The hub must have no attachment left; VPCs connected through it lose their routes.' },
  attachment: { label: 'attachment', run: (n, id) => n.deleteAttachment({ attachmentId: id }), detail: 'The VPC is disconnected from the hub; its associations, propagations and rules go with it.' },
  routingTable: { label: 'routing table', run: (n, id) => n.deleteRoutingTable({ routingTableId: id }), detail: 'Attachments associated with it lose their routing; the default table cannot be deleted.' },
  routingAssociation: { label: 'routing association', run: (n, id) => n.deleteRoutingAssociation({ routingAssociationId: id }), detail: 'Traffic from the attachment is no longer routed by this table.' },
  routingPropagation: { label: 'routing propagation', run: (n, id) => n.deleteRoutingPropagation({ routingPropagationId: id }), detail: 'The rules this propagation created are removed from the table.' },
  routingRule: { label: 'routing rule', run: (n, id) => n.deleteRoutingRule({ routingRuleId: id }), detail: 'Traffic to this range falls back to the next longest matching rule, or is dropped.' },
  multicastDomain: { label: 'multicast domain', run: (n, id) => n.deleteMulticastDomain({ multicastDomainId: id }), detail: 'Its associations and groups go with it.' },
  multicastAssociation: { label: 'multicast association', run: (n, id) => n.deleteMulticastAssociation({ multicastAssociationId: id }), detail: 'The subnet leaves the multicast domain.' },
  multicastGroup: { label: 'multicast group entry', run: (n, id) => n.deleteMulticastGroup({ multicastGroupId: id }), detail: 'The port stops receiving or sending this group.' },
  hubShare: { label: 'share of the hub', run: (n, id) => n.deleteTransitHubAllowProject({ allowProjectId: id }), detail: 'The project can no longer attach its VPCs to this hub.' },
  domainShare: { label: 'share of the multicast domain', run: (n, id) => n.deleteMulticastDomainAllowProject({ allowProjectId: id }), detail: 'The project can no longer use this multicast domain.' },
};

type Renamable = TransitHubNode | RoutingTableNode | MulticastDomainNode | NetItemNode;

function renameCall(node: Renamable, net: NetworkClient, body: { name: string; description?: string }) {
  const id = node.data.id;
  if (node instanceof TransitHubNode) return net.updateTransitHub({ transitHubId: id, body });
  if (node instanceof RoutingTableNode) return net.updateRoutingTable({ routingTableId: id, body });
  if (node instanceof MulticastDomainNode) return net.updateMulticastDomain({ multicastDomainId: id, body });
  if (node.netKind === 'attachment') return net.updateAttachment({ attachmentId: id, body });
  throw new Error(`A ${node.netKind} has no name to change.`);
}

export function transitHubCommands(deps: NetworkDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.network.createTransitHub': async (node?: unknown) => {
      const title = 'Create Transit Hub';
      const scope = await scopeFrom(node, deps, title, 'transitHub');
      const name = await ask({ title, prompt: 'Name of the transit hub', placeHolder: 'hub-prod', validateInput: (t) => (t.trim() ? nameProblem(t) : 'Enter a name.') });
      const description = await ask({ title, prompt: 'Description (optional)', validateInput: nameProblem });
      const multicast = await yesNo(`${title}: multicast`, 'Multicast enabled (multicast domains can be created)', 'Multicast disabled');
      const assoc = await yesNo(`${title}: new attachments`, 'Associate new attachments with the default routing table', 'Do not associate new attachments automatically');
      const prop = await yesNo(`${title}: propagation`, 'Propagate new attachments into the default routing table', 'Do not propagate new attachments automatically');
      const hub = await scope.net.createTransitHub({
        body: { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}), multicast_enable: multicast, default_association_enable: assoc, default_propagation_enable: prop },
      });
      deps.explorer.refreshId(`${scope.rootId}/transitHub`);
      void vscode.window.showInformationMessage(`Transit hub ${hub.name ?? name} created in ${scope.region}.`);
    },
    'nhncloud.network.createAttachment': async (node?: unknown) => {
      const title = 'Create Attachment';
      const h = await hubFrom(node, deps, title);
      const vpc = await ask({ title: `${title} to ${h.hub.name ?? h.hub.id}`, prompt: 'ID of the VPC to connect', placeHolder: 'VPC UUID (Network > VPC in the console)', validateInput: uuidProblem });
      const subnet = await ask({ title: `${title} to ${h.hub.name ?? h.hub.id}`, prompt: 'ID of the subnet of that VPC the hub uses', placeHolder: 'Subnet UUID', validateInput: uuidProblem });
      const name = await ask({ title, prompt: 'Name of the attachment (optional)', validateInput: nameProblem });
      const a = await h.net.createAttachment({ body: { transithub_id: h.hub.id, resource_id: vpc.trim(), subnet_id: subnet.trim(), ...(name.trim() ? { name: name.trim() } : {}) } });
      deps.explorer.refreshId(`${h.hubNodeId}/attachment`);
      void vscode.window.showInformationMessage(`Attachment ${a.name || a.id} created.`);
    },
    'nhncloud.network.rename': async (node?: unknown) => {
      if (!(node instanceof TransitHubNode || node instanceof RoutingTableNode || node instanceof MulticastDomainNode || (node instanceof NetItemNode && node.netKind === 'attachment'))) {
        throw new Error('Run "Rename" from a transit hub, attachment, routing table or multicast domain in the NHN Cloud explorer.');
      }
      const current = String(node.data.name ?? '');
      const name = await ask({ title: `Rename ${current || node.data.id}`, value: current, prompt: 'New name', validateInput: (t) => (t.trim() ? nameProblem(t) : 'Enter a name.') });
      const description = await ask({ title: `Rename ${current || node.data.id}`, value: String(node.data.description ?? ''), prompt: 'Description', validateInput: nameProblem });
      if (name.trim() === current && description === String(node.data.description ?? '')) return;
      await renameCall(node, await networkRoot(node).client(), { name: name.trim(), description });
      deps.explorer.refreshId(node.parent!.id);
    },
    'nhncloud.network.delete': async (node?: unknown) => {
      const kind = node instanceof NetItemNode || node instanceof TransitHubNode || node instanceof RoutingTableNode || node instanceof MulticastDomainNode ? node.netKind : undefined;
      const how = kind && DELETE[kind];
      if (!how || !(node instanceof TransitHubNode || node instanceof RoutingTableNode || node instanceof MulticastDomainNode || node instanceof NetItemNode)) {
        throw new Error('Run "Delete" from a transit hub resource in the NHN Cloud explorer.');
      }
      if (node instanceof RoutingTableNode && node.data.default_table) throw new Error(`${node.label} is the hub's default routing table: it goes only with the hub.`);
      const unshare = kind === 'hubShare' || kind === 'domainShare';
      await confirm(`${unshare ? 'Stop sharing with project' : `Delete ${how.label}`} ${node.label}?`, unshare ? 'Unshare' : 'Delete', how.detail);
      await how.run(await networkRoot(node).client(), node.data.id);
      deps.explorer.refreshId(node.parent!.id);
      void vscode.window.showInformationMessage(`${how.label[0].toUpperCase()}${how.label.slice(1)} ${node.label} ${unshare ? 'removed' : 'deleted'}.`);
    },
    'nhncloud.network.copyId': async (node?: unknown) => {
      const value = node instanceof FloatingIpNode ? node.data.floating_ip_address : node instanceof NetItemNode || node instanceof TransitHubNode || node instanceof RoutingTableNode || node instanceof MulticastDomainNode ? node.data.id : undefined;
      if (!value) throw new Error('Run "Copy" from a network resource in the NHN Cloud explorer.');
      await vscode.env.clipboard.writeText(value);
      void vscode.window.setStatusBarMessage(`Copied ${value}`, 3000);
    },
  };
}
