// Sharing a hub or a multicast domain with another project (unsharing is "Delete" on the
// share entry, see ./transitHubs.ts).
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import { MulticastDomainNode } from '../tree/multicastDomains';
import { type NetworkDeps } from '../tree/root';
import { domainFrom, hubFrom } from './targets';
import { ask } from '../../shared/prompts';
import { networkIds } from '../tree/ids';

const projectProblem = (t: string) =>
  /^[0-9a-zA-Z-]{8,64}$/.test(t.trim())
    ? undefined
    : vscode.l10n.t('Enter the project ID (Project management > Project ID in the console).');

function isBelowDomain(node: unknown): boolean {
  for (let n = node as { parent?: unknown } | undefined; n; n = n.parent as typeof n)
    if (n instanceof MulticastDomainNode) return true;
  return false;
}

export function sharingCommands(deps: NetworkDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.network.share': async (node?: unknown) => {
      if (isBelowDomain(node)) {
        const d = await domainFrom(node, deps, vscode.l10n.t('Share Multicast Domain'));
        const project = (
          await ask({
            title: vscode.l10n.t('Share multicast domain {0}', d.domain.name ?? d.domain.id),
            prompt: vscode.l10n.t('ID of the project to share with'),
            validateInput: projectProblem,
          })
        ).trim();
        await d.net.createMulticastDomainAllowProject({ body: { domain_id: d.domain.id, target_project_id: project } });
        deps.explorer.refreshId(networkIds.folder(d.domainNodeId, 'share'));
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Multicast domain {0} shared with project {1}.', d.domain.name ?? d.domain.id, project),
        );
        return;
      }
      const h = await hubFrom(node, deps, vscode.l10n.t('Share Transit Hub'));
      const project = (
        await ask({
          title: vscode.l10n.t('Share transit hub {0}', h.hub.name ?? h.hub.id),
          prompt: vscode.l10n.t('ID of the project to share with (it can then attach its VPCs)'),
          validateInput: projectProblem,
        })
      ).trim();
      await h.net.createTransitHubAllowProject({ body: { transithub_id: h.hub.id, target_project_id: project } });
      deps.explorer.refreshId(networkIds.folder(h.hubNodeId, 'share'));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Transit hub {0} shared with project {1}.', h.hub.name ?? h.hub.id, project),
      );
    },
  };
}
