// Copy ID / name / endpoint, and open the web console.
//
// Console: https://console.nhncloud.com (gov: https://console.gov-nhncloud.com). The console
// has no documented deep link to one resource (its URLs carry organisation and project ids
// the API does not return), so the command opens the console home and puts the resource ID
// on the clipboard for its search box; `nhncloud.consoleUrl` overrides the address.
import * as vscode from 'vscode';
import { siteOf } from '../../client/sites';
import type { CommandHandler } from '../../shared/services';
import { LeafNode, TreeNode } from '../../shared/tree/nodes';
import type { RdsDeps } from '../tree/base';
import { DbSchemaNode, DbUserNode } from '../tree/instanceParts';
import { InstanceNode } from '../tree/instanceNode';
import { BackupNode } from '../tree/backupsEvents';
import {
  NotificationGroupNode,
  ParameterGroupNode,
  SecurityGroupNode,
  SecurityRuleNode,
  UserGroupNode,
} from '../tree/groups';
import { instanceFrom } from './targets';

export function idOf(node: unknown): string | undefined {
  if (node instanceof InstanceNode) return node.data.dbInstanceId;
  if (node instanceof BackupNode) return node.data.backupId;
  if (node instanceof DbUserNode) return node.data.dbUserId;
  if (node instanceof DbSchemaNode) return node.data.dbSchemaId;
  if (node instanceof ParameterGroupNode) return node.data.parameterGroupId;
  if (node instanceof SecurityGroupNode) return node.data.dbSecurityGroupId;
  if (node instanceof SecurityRuleNode) return node.rule.ruleId;
  if (node instanceof UserGroupNode) return node.data.userGroupId;
  if (node instanceof NotificationGroupNode) return node.data.notificationGroupId;
  if (node instanceof TreeNode) return node.id.split('/').pop();
  return undefined;
}

export function copyOpenCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const copy = async (text: string | undefined, what: string) => {
    if (!text) throw new Error(vscode.l10n.t('This item has no {0} to copy.', what));
    await vscode.env.clipboard.writeText(text);
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}: {1}', what, text), 3000);
  };
  return {
    'nhncloud.rds.copyId': async (node?: unknown) => {
      if (node instanceof TreeNode) return copy(idOf(node), 'ID');
      const t = await instanceFrom(node, deps, vscode.l10n.t('Copy Instance ID'));
      return copy(t.data.dbInstanceId, 'ID');
    },
    'nhncloud.rds.copyName': async (node?: unknown) => {
      if (node instanceof LeafNode) return copy(node.copyValue ?? node.label, 'value');
      if (node instanceof TreeNode) return copy(node.label, 'name');
      const t = await instanceFrom(node, deps, vscode.l10n.t('Copy Instance Name'));
      return copy(t.data.dbInstanceName, 'name');
    },
    'nhncloud.rds.copyEndpoint': async (node?: unknown) => {
      if (node instanceof LeafNode && node.copyValue) return copy(node.copyValue, 'endpoint');
      const t = await instanceFrom(node, deps, vscode.l10n.t('Copy Endpoint'));
      const n = await t.rds.getNetworkInfo({ dbInstanceId: t.data.dbInstanceId });
      const eps = n?.endPoints ?? [];
      if (!eps.length) throw new Error(vscode.l10n.t('{0} has no endpoint yet.', t.data.dbInstanceName));
      const chosen =
        eps.length === 1
          ? eps[0]
          : (
              await vscode.window.showQuickPick(
                eps.map((e) => ({
                  label: `${e.domain || e.ipAddress}:${t.data.dbPort ?? 3306}`,
                  description: `${e.endPointType} · ${e.ipAddress}`,
                  e,
                })),
                { title: vscode.l10n.t('Copy which endpoint?') },
              )
            )?.e;
      if (chosen) await copy(`${chosen.domain || chosen.ipAddress}:${t.data.dbPort ?? 3306}`, 'endpoint');
    },
    'nhncloud.rds.openInConsole': async (node?: unknown) => {
      const profile = deps.services.profiles.active();
      if (profile?.sandbox)
        throw new Error(vscode.l10n.t('The sandbox has no web console: what it holds exists only in the sandbox.'));
      const override = vscode.workspace.getConfiguration('nhncloud').get<string>('consoleUrl')?.trim();
      const url = override || siteOf(profile?.cloud ?? 'public').console;
      if (!url)
        throw new Error(
          vscode.l10n.t(
            'The web console of {0} is not known to NHN Cloud Explorer: set its address in the setting nhncloud.consoleUrl.',
            siteOf(profile?.cloud ?? 'public').domain,
          ),
        );
      const id = node instanceof TreeNode ? idOf(node) : undefined;
      if (id) await vscode.env.clipboard.writeText(id);
      await vscode.env.openExternal(vscode.Uri.parse(url));
      if (id)
        void vscode.window.showInformationMessage(
          vscode.l10n.t(
            'Opened the NHN Cloud console; the ID {0} is on the clipboard for its search box (Database > RDS for MySQL).',
            id,
          ),
        );
    },
  };
}
