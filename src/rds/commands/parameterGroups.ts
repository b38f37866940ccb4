// Parameter groups: create, copy, rename (and describe), reset to defaults, delete.
// Editing parameter values is the webview's (nhncloud.rds.editParameters).
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { newestFirst } from '../../panels/model/versions';
import { engineFamilyOf } from '../../client/rds/engines';
import { familyLabel } from '../tree/groups';
import { versionLabel } from '../tree/state';
import { validate } from './limits';
import { ask, confirm, pick } from './util';
import { scopeFrom, type Scope, parameterGroupFrom } from './targets';
import { rdsIds } from '../tree/ids';

const folder = (s: Scope) => rdsIds.folder(s.rootId, 'parameterGroup');

export function parameterGroupCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const done = (s: Scope, message: string) => {
    deps.explorer.refreshId(folder(s));
    void vscode.window.showInformationMessage(message);
  };
  return {
    'nhncloud.rds.createParameterGroup': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, vscode.l10n.t('Create Parameter Group'));
      const title = vscode.l10n.t('New parameter group ({0})', scope.region);
      const parameterGroupName = await ask({ title, prompt: vscode.l10n.t('Name'), validate: validate.resourceName });
      const description = await ask({
        title,
        prompt: vscode.l10n.t('Description (optional)'),
        validate: validate.description,
      });
      const v = await scope.rds.listDbVersions();
      const versions = newestFirst(v.dbVersions);
      // On a version that has family groups (v4.0, December 2026): one group for every minor
      // version of a family first, then each engine the service lists, newest first, as it names them.
      const families = scope.rds.accepts('createParameterGroup', 'dbEngineVersionFamily')
        ? [...new Set(versions.map((x) => engineFamilyOf(x.dbVersion)).filter((f): f is string => !!f))]
        : [];
      const choice = await pick(
        [
          ...families.map((f) => ({ label: familyLabel(f), description: f, body: { dbEngineVersionFamily: f } })),
          ...versions.map((x) => ({
            label: x.dbVersionName ?? versionLabel(x.dbVersion),
            description: x.dbVersion,
            body: { dbVersion: x.dbVersion },
          })),
        ],
        { title, placeHolder: vscode.l10n.t('Engine version') },
      );
      await scope.rds.createParameterGroup({
        body: { parameterGroupName, description: description || undefined, ...choice.body },
      });
      done(scope, vscode.l10n.t('Parameter group {0} created.', parameterGroupName));
    },
    'nhncloud.rds.copyParameterGroup': async (node?: unknown) => {
      const { scope, group } = await parameterGroupFrom(node, deps, vscode.l10n.t('Copy Parameter Group'));
      const parameterGroupName = await ask({
        title: vscode.l10n.t('Copy {0}', group.parameterGroupName),
        prompt: vscode.l10n.t('Name of the copy'),
        value: `${group.parameterGroupName}-copy`,
        validate: validate.resourceName,
      });
      await scope.rds.copyParameterGroup({
        parameterGroupId: group.parameterGroupId,
        body: { parameterGroupName, description: group.description ?? undefined },
      });
      done(scope, vscode.l10n.t('Copied {0} to {1}.', group.parameterGroupName, parameterGroupName));
    },
    'nhncloud.rds.renameParameterGroup': async (node?: unknown) => {
      const { scope, group } = await parameterGroupFrom(node, deps, vscode.l10n.t('Rename Parameter Group'));
      const title = vscode.l10n.t('Rename {0}', group.parameterGroupName);
      const parameterGroupName = await ask({
        title,
        prompt: vscode.l10n.t('New name'),
        value: group.parameterGroupName,
        validate: validate.resourceName,
      });
      const description = await ask({
        title,
        prompt: vscode.l10n.t('Description'),
        value: group.description ?? '',
        validate: validate.description,
      });
      await scope.rds.modifyParameterGroup({
        parameterGroupId: group.parameterGroupId,
        body: { parameterGroupName, description },
      });
      done(scope, vscode.l10n.t('Parameter group renamed to {0}.', parameterGroupName));
    },
    'nhncloud.rds.resetParameterGroup': async (node?: unknown) => {
      const { scope, group } = await parameterGroupFrom(node, deps, vscode.l10n.t('Reset Parameter Group'));
      await confirm(
        vscode.l10n.t('Reset every parameter of {0} to its default?', group.parameterGroupName),
        vscode.l10n.t('Reset'),
        vscode.l10n.t('Instances using the group need the change applied (restart) afterwards.'),
      );
      await scope.rds.resetParameterGroup({ parameterGroupId: group.parameterGroupId });
      done(scope, vscode.l10n.t('{0} reset to defaults.', group.parameterGroupName));
    },
    'nhncloud.rds.deleteParameterGroup': async (node?: unknown) => {
      const { scope, group } = await parameterGroupFrom(node, deps, vscode.l10n.t('Delete Parameter Group'));
      await confirm(
        vscode.l10n.t('Delete parameter group {0}?', group.parameterGroupName),
        vscode.l10n.t('Delete'),
        vscode.l10n.t('A group that instances use cannot be deleted; the service will say so.'),
      );
      await scope.rds.deleteParameterGroup({ parameterGroupId: group.parameterGroupId });
      done(scope, vscode.l10n.t('Parameter group {0} deleted.', group.parameterGroupName));
    },
  };
}
