// Multicast domains of a hub: create a domain, associate an attachment (its subnet joins the
// domain), add a group entry for a port as member, source, or both.
import * as vscode from 'vscode';
import { isIpv4 } from '../../client/network/schemas';
import type { CommandHandler } from '../../shared/services';
import type { NetworkDeps } from '../tree/root';
import { domainFrom, hubFrom, pickAttachment, uuidProblem } from './targets';
import { ask, pick } from '../../shared/prompts';
import { networkIds } from '../tree/ids';

/** 224.0.0.0/4: the IPv4 multicast range. */
export function multicastProblem(ip: string): string | undefined {
  if (!isIpv4(ip)) return vscode.l10n.t('Enter an IPv4 group address such as 239.1.1.1.');
  const first = Number(ip.split('.')[0]);
  return first >= 224 && first <= 239
    ? undefined
    : vscode.l10n.t('{0} is not a multicast address (224.0.0.0 to 239.255.255.255).', ip);
}

export function multicastCommands(deps: NetworkDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.network.createMulticastDomain': async (node?: unknown) => {
      const title = vscode.l10n.t('Create Multicast Domain');
      const h = await hubFrom(node, deps, title);
      if (h.hub.multicast_enable === false)
        throw new Error(
          vscode.l10n.t(
            'Multicast is disabled on transit hub {0}: it was chosen when the hub was created.',
            h.hub.name ?? h.hub.id,
          ),
        );
      const name = await ask({
        title: vscode.l10n.t('Create Multicast Domain in {0}', h.hub.name ?? h.hub.id),
        prompt: vscode.l10n.t('Name of the multicast domain'),
        validateInput: (t) => (t.trim() ? undefined : vscode.l10n.t('Enter a name.')),
      });
      const d = await h.net.createMulticastDomain({ body: { transithub_id: h.hub.id, name: name.trim() } });
      deps.explorer.refreshId(networkIds.folder(h.hubNodeId, 'multicastDomain'));
      void vscode.window.showInformationMessage(
        d.status === 'BUILD'
          ? vscode.l10n.t('Multicast domain {0} created: it is being built and turns ACTIVE shortly.', d.name ?? name)
          : vscode.l10n.t('Multicast domain {0} created.', d.name ?? name),
      );
    },
    'nhncloud.network.createMulticastAssociation': async (node?: unknown) => {
      const title = vscode.l10n.t('Associate Attachment with Domain');
      const d = await domainFrom(node, deps, title);
      const existing = await d.net.listMulticastAssociations({ query: { domain_id: d.domain.id } });
      const a = await pickAttachment(
        d,
        vscode.l10n.t('Associate Attachment with Domain {0}', d.domain.name ?? d.domain.id),
        new Set(existing.map((x) => x.attachment_id ?? '')),
      );
      await d.net.createMulticastAssociation({ body: { attachment_id: a.id, domain_id: d.domain.id } });
      deps.explorer.refreshId(networkIds.folder(d.domainNodeId, 'association'));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0} joined multicast domain {1}.', a.name || a.id, d.domain.name ?? d.domain.id),
      );
    },
    'nhncloud.network.createMulticastGroup': async (node?: unknown) => {
      const title = vscode.l10n.t('Add Multicast Group');
      const d = await domainFrom(node, deps, title);
      const assocs = await d.net.listMulticastAssociations({ query: { domain_id: d.domain.id } });
      if (!assocs.length)
        throw new Error(
          vscode.l10n.t(
            'Multicast domain {0} has no association: associate an attachment first.',
            d.domain.name ?? d.domain.id,
          ),
        );
      const names = new Map(
        (await d.net.listAttachments({ query: { transithub_id: d.hub.id } })).map((a) => [a.id, a.name || a.id]),
      );
      const assoc =
        assocs.length === 1
          ? assocs[0]
          : (
              await pick(
                assocs.map((x) => ({
                  label: names.get(x.attachment_id ?? '') ?? x.id,
                  description: x.subnet_id ?? '',
                  x,
                })),
                { title, placeHolder: vscode.l10n.t('Association (subnet) of the port') },
              )
            ).x;
      const ip = (
        await ask({
          title,
          prompt: vscode.l10n.t('Group address'),
          placeHolder: '239.1.1.1',
          validateInput: (t) => multicastProblem(t.trim()),
        })
      ).trim();
      const port = (
        await ask({
          title,
          prompt: vscode.l10n.t('ID of the port that joins the group'),
          placeHolder: vscode.l10n.t('Port UUID'),
          validateInput: uuidProblem,
        })
      ).trim();
      const role = await pick(
        [
          {
            label: vscode.l10n.t('Member'),
            description: vscode.l10n.t('receives the group traffic'),
            m: true,
            s: false,
          },
          { label: vscode.l10n.t('Source'), description: vscode.l10n.t('sends to the group'), m: false, s: true },
          { label: vscode.l10n.t('Member and source'), m: true, s: true },
        ],
        { title, placeHolder: vscode.l10n.t('Role of the port in {0}', ip) },
      );
      await d.net.createMulticastGroup({
        body: {
          association_id: assoc.id,
          ipaddress: ip,
          port_id: port,
          ...(role.m ? { member_type: 'STATIC' as const } : {}),
          ...(role.s ? { source_type: 'STATIC' as const } : {}),
        },
      });
      deps.explorer.refreshId(networkIds.folder(d.domainNodeId, 'group'));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Port added to multicast group {0} as {1}.', ip, role.label.toLowerCase()),
      );
    },
  };
}
