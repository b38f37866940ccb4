// Sharing a hub or a multicast domain with another project (unsharing is "Delete" on the
// share entry, see ./transitHubs.ts).
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import { MulticastDomainNode, type NetworkDeps } from '../tree/nodes';
import { domainFrom, hubFrom } from './targets';
import { ask } from './ui';

const projectProblem = (t: string) => (/^[0-9a-zA-Z-]{8,64}$/.test(t.trim()) ? undefined : 'Enter the project ID (Project management > Project ID in the console).');

function isBelowDomain(node: unknown): boolean {
  for (let n = node as { parent?: unknown } | undefined; n; n = n.parent as typeof n) if (n instanceof MulticastDomainNode) return true;
  return false;
}

export function sharingCommands(deps: NetworkDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.network.share': async (node?: unknown) => {
      if (isBelowDomain(node)) {
        const d = await domainFrom(node, deps, 'Share Multicast Domain');
        const project = (await ask({ title: `Share multicast domain ${d.domain.name ?? d.domain.id}`, prompt: 'ID of the project to share with', validateInput: projectProblem })).trim();
        await d.net.createMulticastDomainAllowProject({ body: { domain_id: d.domain.id, target_project_id: project } });
        deps.explorer.refreshId(`${d.domainNodeId}/share`);
        void vscode.window.showInformationMessage(`Multicast domain ${d.domain.name ?? d.domain.id} shared with project ${project}.`);
        return;
      }
      const h = await hubFrom(node, deps, 'Share Transit Hub');
      const project = (await ask({ title: `Share transit hub ${h.hub.name ?? h.hub.id}`, prompt: 'ID of the project to share with (it can then attach its VPCs)', validateInput: projectProblem })).trim();
      await h.net.createTransitHubAllowProject({ body: { transithub_id: h.hub.id, target_project_id: project } });
      deps.explorer.refreshId(`${h.hubNodeId}/share`);
      void vscode.window.showInformationMessage(`Transit hub ${h.hub.name ?? h.hub.id} shared with project ${project}.`);
    },
  };
}
