// Transit hubs and attachments: create a hub, create an attachment (VPC + subnet), rename any
// renamable resource (hub, attachment, routing table, multicast domain), delete any resource
// of the hub (confirmed, with what deleting it does), copy an id.
import * as vscode from 'vscode';
import type { NetworkClient } from '../../client/network/client';
import type { CommandHandler } from '../../shared/services';
import { FloatingIpNode } from '../tree/floatingIps';
import { MulticastDomainNode } from '../tree/multicastDomains';
import { NetItemNode } from '../tree/netResource';
import { RoutingTableNode } from '../tree/routingTables';
import { TransitHubNode } from '../tree/transitHubs';
import { networkRoot, type NetKind, type NetworkDeps } from '../tree/root';
import { hubFrom, scopeFrom, uuidProblem } from './targets';
import { ask, confirm, yesNo } from '../../shared/prompts';
import { networkIds } from '../tree/ids';

const nameProblem = (t: string) => (t.length > 255 ? vscode.l10n.t('At most 255 characters.') : undefined);

/**
 * How each kind is deleted and what deleting it means for the user. The question and the notice
 * are whole sentences per kind (`{0}` is the resource's name): Korean and Japanese put the kind
 * and its particle where their grammar wants them, which a translated noun dropped into a shared
 * "Delete the {0} {1}?" cannot do.
 */
interface Deletion {
  run: (net: NetworkClient, id: string) => Promise<void>;
  /** The confirmation question. */
  ask: (name: string) => string;
  /** The notice once it is gone. */
  done: (name: string) => string;
  detail: string;
  /** Sharing is stopped rather than a resource deleted: the button says Unshare. */
  unshare?: boolean;
}
const DELETE: Partial<Record<NetKind, Deletion>> = {
  transitHub: {
    run: (n, id) => n.deleteTransitHub({ transitHubId: id }),
    ask: (name) => vscode.l10n.t('Delete the transit hub {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the transit hub {0}.', name),
    detail: vscode.l10n.t('The hub must have no attachment left; VPCs connected through it lose their routes.'),
  },
  attachment: {
    run: (n, id) => n.deleteAttachment({ attachmentId: id }),
    ask: (name) => vscode.l10n.t('Delete the attachment {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the attachment {0}.', name),
    detail: vscode.l10n.t('The VPC is disconnected from the hub; its associations, propagations and rules go with it.'),
  },
  routingTable: {
    run: (n, id) => n.deleteRoutingTable({ routingTableId: id }),
    ask: (name) => vscode.l10n.t('Delete the routing table {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the routing table {0}.', name),
    detail: vscode.l10n.t('Attachments associated with it lose their routing; the default table cannot be deleted.'),
  },
  routingAssociation: {
    run: (n, id) => n.deleteRoutingAssociation({ routingAssociationId: id }),
    ask: (name) => vscode.l10n.t('Delete the routing association {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the routing association {0}.', name),
    detail: vscode.l10n.t('Traffic from the attachment is no longer routed by this table.'),
  },
  routingPropagation: {
    run: (n, id) => n.deleteRoutingPropagation({ routingPropagationId: id }),
    ask: (name) => vscode.l10n.t('Delete the routing propagation {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the routing propagation {0}.', name),
    detail: vscode.l10n.t('The rules this propagation created are removed from the table.'),
  },
  routingRule: {
    run: (n, id) => n.deleteRoutingRule({ routingRuleId: id }),
    ask: (name) => vscode.l10n.t('Delete the routing rule {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the routing rule {0}.', name),
    detail: vscode.l10n.t('Traffic to this range falls back to the next longest matching rule, or is dropped.'),
  },
  multicastDomain: {
    run: (n, id) => n.deleteMulticastDomain({ multicastDomainId: id }),
    ask: (name) => vscode.l10n.t('Delete the multicast domain {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the multicast domain {0}.', name),
    detail: vscode.l10n.t('Its associations and groups go with it.'),
  },
  multicastAssociation: {
    run: (n, id) => n.deleteMulticastAssociation({ multicastAssociationId: id }),
    ask: (name) => vscode.l10n.t('Delete the multicast association {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the multicast association {0}.', name),
    detail: vscode.l10n.t('The subnet leaves the multicast domain.'),
  },
  multicastGroup: {
    run: (n, id) => n.deleteMulticastGroup({ multicastGroupId: id }),
    ask: (name) => vscode.l10n.t('Delete the multicast group entry {0}?', name),
    done: (name) => vscode.l10n.t('Deleted the multicast group entry {0}.', name),
    detail: vscode.l10n.t('The port stops receiving or sending this group.'),
  },
  hubShare: {
    run: (n, id) => n.deleteTransitHubAllowProject({ allowProjectId: id }),
    ask: (project) => vscode.l10n.t('Stop sharing the transit hub with project {0}?', project),
    done: (project) => vscode.l10n.t('Stopped sharing the transit hub with project {0}.', project),
    detail: vscode.l10n.t('The project can no longer attach its VPCs to this hub.'),
    unshare: true,
  },
  domainShare: {
    run: (n, id) => n.deleteMulticastDomainAllowProject({ allowProjectId: id }),
    ask: (project) => vscode.l10n.t('Stop sharing the multicast domain with project {0}?', project),
    done: (project) => vscode.l10n.t('Stopped sharing the multicast domain with project {0}.', project),
    detail: vscode.l10n.t('The project can no longer use this multicast domain.'),
    unshare: true,
  },
};

type Renamable = TransitHubNode | RoutingTableNode | MulticastDomainNode | NetItemNode;

function renameCall(node: Renamable, net: NetworkClient, body: { name: string; description?: string }) {
  const id = node.data.id;
  if (node instanceof TransitHubNode) return net.updateTransitHub({ transitHubId: id, body });
  if (node instanceof RoutingTableNode) return net.updateRoutingTable({ routingTableId: id, body });
  if (node instanceof MulticastDomainNode) return net.updateMulticastDomain({ multicastDomainId: id, body });
  if (node.netKind === 'attachment') return net.updateAttachment({ attachmentId: id, body });
  throw new Error(
    vscode.l10n.t('Only a transit hub, an attachment, a routing table or a multicast domain has a name to change.'),
  );
}

export function transitHubCommands(deps: NetworkDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.network.createTransitHub': async (node?: unknown) => {
      const title = vscode.l10n.t('Create Transit Hub');
      const scope = await scopeFrom(node, deps, title, 'transitHub');
      const name = await ask({
        title,
        prompt: vscode.l10n.t('Name of the transit hub'),
        placeHolder: 'hub-prod',
        validateInput: (t) => (t.trim() ? nameProblem(t) : vscode.l10n.t('Enter a name.')),
      });
      const description = await ask({
        title,
        prompt: vscode.l10n.t('Description (optional)'),
        validateInput: nameProblem,
      });
      const multicast = await yesNo(
        vscode.l10n.t('Create Transit Hub: multicast'),
        vscode.l10n.t('Multicast enabled (multicast domains can be created)'),
        vscode.l10n.t('Multicast disabled'),
      );
      const assoc = await yesNo(
        vscode.l10n.t('Create Transit Hub: new attachments'),
        vscode.l10n.t('Associate new attachments with the default routing table'),
        vscode.l10n.t('Do not associate new attachments automatically'),
      );
      const prop = await yesNo(
        vscode.l10n.t('Create Transit Hub: propagation'),
        vscode.l10n.t('Propagate new attachments into the default routing table'),
        vscode.l10n.t('Do not propagate new attachments automatically'),
      );
      const hub = await scope.net.createTransitHub({
        body: {
          name: name.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
          multicast_enable: multicast,
          default_association_enable: assoc,
          default_propagation_enable: prop,
        },
      });
      deps.explorer.refreshId(networkIds.transitHubs(scope.rootId));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Transit hub {0} created in {1}.', hub.name ?? name, scope.region),
      );
    },
    'nhncloud.network.createAttachment': async (node?: unknown) => {
      const title = vscode.l10n.t('Create Attachment');
      const h = await hubFrom(node, deps, title);
      const hubTitle = vscode.l10n.t('Create Attachment to {0}', h.hub.name ?? h.hub.id);
      const vpc = await ask({
        title: hubTitle,
        prompt: vscode.l10n.t('ID of the VPC to connect'),
        placeHolder: vscode.l10n.t('VPC UUID (Network > VPC in the console)'),
        validateInput: uuidProblem,
      });
      const subnet = await ask({
        title: hubTitle,
        prompt: vscode.l10n.t('ID of the subnet of that VPC the hub uses'),
        placeHolder: vscode.l10n.t('Subnet UUID'),
        validateInput: uuidProblem,
      });
      const name = await ask({
        title,
        prompt: vscode.l10n.t('Name of the attachment (optional)'),
        validateInput: nameProblem,
      });
      const a = await h.net.createAttachment({
        body: {
          transithub_id: h.hub.id,
          resource_id: vpc.trim(),
          subnet_id: subnet.trim(),
          ...(name.trim() ? { name: name.trim() } : {}),
        },
      });
      deps.explorer.refreshId(networkIds.folder(h.hubNodeId, 'attachment'));
      void vscode.window.showInformationMessage(vscode.l10n.t('Attachment {0} created.', a.name || a.id));
    },
    'nhncloud.network.rename': async (node?: unknown) => {
      if (!(
        node instanceof TransitHubNode ||
        node instanceof RoutingTableNode ||
        node instanceof MulticastDomainNode ||
        (node instanceof NetItemNode && node.netKind === 'attachment')
      )) {
        throw new Error(
          vscode.l10n.t(
            'Run "Rename" from a transit hub, attachment, routing table or multicast domain in the NHN Cloud explorer.',
          ),
        );
      }
      const current = String(node.data.name ?? '');
      const name = await ask({
        title: vscode.l10n.t('Rename {0}', current || node.data.id),
        value: current,
        prompt: vscode.l10n.t('New name'),
        validateInput: (t) => (t.trim() ? nameProblem(t) : vscode.l10n.t('Enter a name.')),
      });
      const description = await ask({
        title: vscode.l10n.t('Rename {0}', current || node.data.id),
        value: String(node.data.description ?? ''),
        prompt: vscode.l10n.t('Description'),
        validateInput: nameProblem,
      });
      if (name.trim() === current && description === String(node.data.description ?? '')) return;
      await renameCall(node, await networkRoot(node).client(), { name: name.trim(), description });
      deps.explorer.refreshId(node.parent!.id);
    },
    'nhncloud.network.delete': async (node?: unknown) => {
      const kind =
        node instanceof NetItemNode ||
        node instanceof TransitHubNode ||
        node instanceof RoutingTableNode ||
        node instanceof MulticastDomainNode
          ? node.netKind
          : undefined;
      const how = kind && DELETE[kind];
      if (
        !how ||
        !(
          node instanceof TransitHubNode ||
          node instanceof RoutingTableNode ||
          node instanceof MulticastDomainNode ||
          node instanceof NetItemNode
        )
      ) {
        throw new Error(vscode.l10n.t('Run "Delete" from a transit hub resource in the NHN Cloud explorer.'));
      }
      if (node instanceof RoutingTableNode && node.data.default_table)
        throw new Error(
          vscode.l10n.t("{0} is the hub's default routing table: it goes only with the hub.", node.label),
        );
      const name = String(node.label);
      await confirm(how.ask(name), how.unshare ? vscode.l10n.t('Unshare') : vscode.l10n.t('Delete'), how.detail);
      await how.run(await networkRoot(node).client(), node.data.id);
      deps.explorer.refreshId(node.parent!.id);
      void vscode.window.showInformationMessage(how.done(name));
    },
    'nhncloud.network.copyId': async (node?: unknown) => {
      const value =
        node instanceof FloatingIpNode
          ? node.data.floating_ip_address
          : node instanceof NetItemNode ||
              node instanceof TransitHubNode ||
              node instanceof RoutingTableNode ||
              node instanceof MulticastDomainNode
            ? node.data.id
            : undefined;
      if (!value) throw new Error(vscode.l10n.t('Run "Copy" from a network resource in the NHN Cloud explorer.'));
      await vscode.env.clipboard.writeText(value);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', value), 3000);
    },
  };
}
