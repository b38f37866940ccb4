// Parameter groups: create, copy, rename (and describe), reset to defaults, delete.
// Editing parameter values is the webview's (nhncloud.rds.editParameters).
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { ParameterGroupNode } from '../tree/resources';
import { versionLabel } from '../tree/state';
import { validate } from './limits';
import { ask, confirm, pick, scopeFrom, type Scope } from './util';

type Group = ParameterGroupNode['data'];

async function groupFrom(node: unknown, deps: RdsDeps, title: string): Promise<{ scope: Scope; group: Group }> {
  const scope = await scopeFrom(node, deps, title);
  if (node instanceof ParameterGroupNode) return { scope, group: node.data };
  const r: any = await scope.rds.listParameterGroups();
  const chosen = await pick(((r?.parameterGroups ?? []) as any[]).map((g) => ({ label: g.parameterGroupName as string, description: versionLabel(g.dbVersion), g })), { title, placeHolder: 'Parameter group' });
  return { scope, group: chosen.g };
}

const folder = (s: Scope) => `${s.rootId}/parameterGroup`;

export function parameterGroupCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const done = (s: Scope, message: string) => {
    deps.explorer.refreshId(folder(s));
    void vscode.window.showInformationMessage(message);
  };
  return {
    'nhncloud.rds.createParameterGroup': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, 'Create Parameter Group');
      const title = `New parameter group (${scope.region})`;
      const parameterGroupName = await ask({ title, prompt: 'Name', validate: validate.resourceName });
      const description = await ask({ title, prompt: 'Description (optional)', validate: validate.description });
      const v: any = await scope.rds.listDbVersions();
      const dbVersion = (await pick(((v?.dbVersions ?? []) as any[]).map((x) => ({ label: x.dbVersionName ?? versionLabel(x.dbVersion), description: x.dbVersion as string })), { title, placeHolder: 'Engine version' })).description;
      await scope.rds.createParameterGroup({ body: { parameterGroupName, description: description || undefined, dbVersion: dbVersion as any } });
      done(scope, `Parameter group ${parameterGroupName} created.`);
    },
    'nhncloud.rds.copyParameterGroup': async (node?: unknown) => {
      const { scope, group } = await groupFrom(node, deps, 'Copy Parameter Group');
      const parameterGroupName = await ask({ title: `Copy ${group.parameterGroupName}`, prompt: 'Name of the copy', value: `${group.parameterGroupName}-copy`, validate: validate.resourceName });
      await scope.rds.copyParameterGroup({ parameterGroupId: group.parameterGroupId, body: { parameterGroupName, description: group.description ?? undefined } });
      done(scope, `Copied ${group.parameterGroupName} to ${parameterGroupName}.`);
    },
    'nhncloud.rds.renameParameterGroup': async (node?: unknown) => {
      const { scope, group } = await groupFrom(node, deps, 'Rename Parameter Group');
      const title = `Rename ${group.parameterGroupName}`;
      const parameterGroupName = await ask({ title, prompt: 'New name', value: group.parameterGroupName, validate: validate.resourceName });
      const description = await ask({ title, prompt: 'Description', value: group.description ?? '', validate: validate.description });
      await scope.rds.modifyParameterGroup({ parameterGroupId: group.parameterGroupId, body: { parameterGroupName, description } });
      done(scope, `Parameter group renamed to ${parameterGroupName}.`);
    },
    'nhncloud.rds.resetParameterGroup': async (node?: unknown) => {
      const { scope, group } = await groupFrom(node, deps, 'Reset Parameter Group');
      await confirm(`Reset every parameter of ${group.parameterGroupName} to its default?`, 'Reset', 'Instances using the group need the change applied (restart) afterwards.');
      await scope.rds.resetParameterGroup({ parameterGroupId: group.parameterGroupId });
      done(scope, `${group.parameterGroupName} reset to defaults.`);
    },
    'nhncloud.rds.deleteParameterGroup': async (node?: unknown) => {
      const { scope, group } = await groupFrom(node, deps, 'Delete Parameter Group');
      await confirm(`Delete parameter group ${group.parameterGroupName}?`, 'Delete', 'A group that instances use cannot be deleted; the service will say so.');
      await scope.rds.deleteParameterGroup({ parameterGroupId: group.parameterGroupId });
      done(scope, `Parameter group ${group.parameterGroupName} deleted.`);
    },
  };
}
