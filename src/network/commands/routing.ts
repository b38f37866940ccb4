// Routing tables of a hub and what is in them: create a table (it starts in BUILD; the tree
// follows it to ACTIVE), associate an attachment, propagate an attachment, add a static rule
// (CIDR checked before sending; FORWARD to an attachment or BLACKHOLE).
import * as vscode from 'vscode';
import { cidrProblem } from '../../client/network/schemas';
import type { CommandHandler } from '../../shared/services';
import type { NetworkDeps } from '../tree/root';
import { hubFrom, pickAttachment, tableFrom } from './targets';
import { ask, pick } from '../../shared/prompts';
import { networkIds } from '../tree/ids';

const textProblem = (t: string) => (t.length > 255 ? vscode.l10n.t('At most 255 characters.') : undefined);

export function routingCommands(deps: NetworkDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.network.createRoutingTable': async (node?: unknown) => {
      const title = vscode.l10n.t('Create Routing Table');
      const h = await hubFrom(node, deps, title);
      const name = await ask({
        title: vscode.l10n.t('Create Routing Table in {0}', h.hub.name ?? h.hub.id),
        prompt: vscode.l10n.t('Name of the routing table'),
        validateInput: (t) => (t.trim() ? textProblem(t) : vscode.l10n.t('Enter a name.')),
      });
      const t = await h.net.createRoutingTable({ body: { transithub_id: h.hub.id, name: name.trim() } });
      deps.explorer.refreshId(networkIds.folder(h.hubNodeId, 'routingTable'));
      void vscode.window.showInformationMessage(
        t.status === 'BUILD'
          ? vscode.l10n.t('Routing table {0} created: it is being built and turns ACTIVE shortly.', t.name ?? name)
          : vscode.l10n.t('Routing table {0} created.', t.name ?? name),
      );
    },
    'nhncloud.network.createRoutingAssociation': async (node?: unknown) => {
      const title = vscode.l10n.t('Associate Attachment');
      const t = await tableFrom(node, deps, title);
      const existing = await t.net.listRoutingAssociations({ query: { routing_table_id: t.table.id } });
      const a = await pickAttachment(
        t,
        vscode.l10n.t('Associate Attachment with {0}', t.table.name ?? t.table.id),
        new Set(existing.map((x) => x.attachment_id ?? '')),
      );
      await t.net.createRoutingAssociation({ body: { attachment_id: a.id, routing_table_id: t.table.id } });
      deps.explorer.refreshId(networkIds.folder(t.tableNodeId, 'association'));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Traffic from {0} is now routed by {1}.', a.name || a.id, t.table.name ?? t.table.id),
      );
    },
    'nhncloud.network.createRoutingPropagation': async (node?: unknown) => {
      const title = vscode.l10n.t('Propagate Attachment');
      const t = await tableFrom(node, deps, title);
      const existing = await t.net.listRoutingPropagations({ query: { routing_table_id: t.table.id } });
      const a = await pickAttachment(
        t,
        vscode.l10n.t('Propagate Attachment into {0}', t.table.name ?? t.table.id),
        new Set(existing.map((x) => x.attachment_id ?? '')),
      );
      await t.net.createRoutingPropagation({ body: { attachment_id: a.id, routing_table_id: t.table.id } });
      deps.explorer.refreshId(networkIds.folder(t.tableNodeId, 'propagation'));
      deps.explorer.refreshId(networkIds.folder(t.tableNodeId, 'rule'));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0} now propagates its routes into {1}.', a.name || a.id, t.table.name ?? t.table.id),
      );
    },
    'nhncloud.network.createRoutingRule': async (node?: unknown) => {
      const title = vscode.l10n.t('Create Routing Rule');
      const t = await tableFrom(node, deps, title);
      const where = vscode.l10n.t('Create Routing Rule in {0}', t.table.name ?? t.table.id);
      const cidr = (
        await ask({
          title: where,
          prompt: vscode.l10n.t('Destination range (CIDR)'),
          placeHolder: '10.20.0.0/16',
          validateInput: (s) => cidrProblem(s.trim()) && vscode.l10n.t('The range {0}.', String(cidrProblem(s.trim()))),
        })
      ).trim();
      const action = (
        await pick(
          [
            {
              label: 'FORWARD',
              description: vscode.l10n.t('send the traffic to an attachment'),
              action: 'FORWARD' as const,
            },
            { label: 'BLACKHOLE', description: vscode.l10n.t('drop the traffic'), action: 'BLACKHOLE' as const },
          ],
          { title: where, placeHolder: vscode.l10n.t('What happens to traffic for {0}', cidr) },
        )
      ).action;
      // The service requires an attachment for both actions; for BLACKHOLE it only names the rule's owner.
      const a = await pickAttachment(
        t,
        where,
        new Set(),
        action === 'FORWARD'
          ? vscode.l10n.t('Attachment to forward the traffic to')
          : vscode.l10n.t('Attachment the rule belongs to'),
      );
      const description = await ask({
        title: where,
        prompt: vscode.l10n.t('Description (optional)'),
        validateInput: textProblem,
      });
      const rule = await t.net.createRoutingRule({
        body: {
          cidr,
          action,
          attachment_id: a.id,
          routing_table_id: t.table.id,
          ...(description.trim() ? { description: description.trim() } : {}),
        },
      });
      deps.explorer.refreshId(networkIds.folder(t.tableNodeId, 'rule'));
      void vscode.window.showInformationMessage(
        action === 'FORWARD'
          ? vscode.l10n.t('Rule {0} → {1} added to {2}.', rule.cidr ?? cidr, a.name || a.id, t.table.name ?? t.table.id)
          : vscode.l10n.t('Rule {0} BLACKHOLE added to {1}.', rule.cidr ?? cidr, t.table.name ?? t.table.id),
      );
      return rule.id;
    },
  };
}
