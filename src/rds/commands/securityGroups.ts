// DB security groups (create, rename, delete) and their rules (add, edit, delete). A rule is
// checked against the RuleSpec rules before it is sent.
import * as vscode from 'vscode';
import type { RdsInput } from '../../client/rds/client';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { SecurityGroupNode, SecurityRuleNode, ruleLabel } from '../tree/groups';
import { orDash } from '../tree/state';
import type { SecurityRule } from '../tree/types';
import { ruleIssue, validate } from './limits';
import { ask, confirm, pick, pickMany, track } from './util';
import { scopeFrom, type Scope, securityGroupFrom } from './targets';
import { rdsIds } from '../tree/ids';
import { plural } from '../../shared/l10n';

type Group = SecurityGroupNode['data'];
/** What a rule request carries (the RuleSpec schema's input). */
type RuleSpec = RdsInput<'createDbSecurityGroupRule'>['body'];

/** Direction, ether type, ports, CIDR, description: a RuleSpec that passed ruleIssue(). */
async function askRule(title: string, current?: SecurityRule): Promise<RuleSpec> {
  const direction = (
    await pick(
      [
        {
          label: 'INGRESS',
          direction: 'INGRESS' as const,
          description: vscode.l10n.t('inbound: clients connecting to the DB'),
        },
        {
          label: 'EGRESS',
          direction: 'EGRESS' as const,
          description: vscode.l10n.t('outbound: connections the DB opens'),
        },
      ],
      {
        title,
        placeHolder: current
          ? vscode.l10n.t('Direction (now {0})', orDash(current.direction))
          : vscode.l10n.t('Direction'),
      },
    )
  ).direction;
  const etherTypes: Array<{ label: string; etherType: RuleSpec['etherType'] }> = [
    { label: 'IPV4', etherType: 'IPV4' },
    { label: 'IPV6', etherType: 'IPV6' },
  ];
  const etherType = (await pick(etherTypes, { title, placeHolder: vscode.l10n.t('IP version') })).etherType;
  const types: Array<{ label: string; portType: RuleSpec['port']['portType']; description: string }> = [
    ...(direction === 'INGRESS'
      ? [{ label: 'DB_PORT', portType: 'DB_PORT' as const, description: vscode.l10n.t('the DB port of each instance') }]
      : []),
    { label: 'PORT', portType: 'PORT', description: vscode.l10n.t('one port') },
    { label: 'PORT_RANGE', portType: 'PORT_RANGE', description: vscode.l10n.t('a range of ports') },
  ];
  const portType = (await pick(types, { title, placeHolder: vscode.l10n.t('Port') })).portType;
  let port: RuleSpec['port'] = { portType };
  if (portType === 'PORT') {
    const p = Number(
      await ask({
        title,
        prompt: vscode.l10n.t('Port (1 to 65535)'),
        value: current?.port?.minPort ? String(current.port.minPort) : '3306',
        validate: validate.port,
      }),
    );
    port = { portType, minPort: p, maxPort: p };
  } else if (portType === 'PORT_RANGE') {
    const text = await ask({
      title,
      prompt: vscode.l10n.t('Port range min-max'),
      value: current?.port?.minPort ? `${current.port.minPort}-${orDash(current.port.maxPort)}` : '',
      validate: validate.portRange,
    });
    const [a, b] = text.split('-').map((x) => Number(x.trim()));
    port = { portType, minPort: a, maxPort: b };
  }
  const cidr = (
    await ask({
      title,
      prompt: vscode.l10n.t('Allowed CIDR'),
      value: current?.cidr ?? (etherType === 'IPV4' ? '0.0.0.0/0' : '::/0'),
      validate: validate.cidr,
    })
  ).trim();
  const description = await ask({
    title,
    prompt: vscode.l10n.t('Description (optional)'),
    value: current?.description ?? '',
    validate: validate.description,
  });
  const rule: RuleSpec = { direction, etherType, port, cidr, description: description || undefined };
  const issue = ruleIssue(rule);
  if (issue) throw new Error(issue);
  return rule;
}

export function securityGroupCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const folder = (s: Scope) => rdsIds.folder(s.rootId, 'securityGroup');
  return {
    'nhncloud.rds.createSecurityGroup': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, vscode.l10n.t('Create DB Security Group'));
      const title = vscode.l10n.t('New DB security group ({0})', scope.region);
      const dbSecurityGroupName = await ask({ title, prompt: vscode.l10n.t('Name'), validate: validate.resourceName });
      const description = await ask({
        title,
        prompt: vscode.l10n.t('Description (optional)'),
        validate: validate.description,
      });
      const rules: RuleSpec[] = [];
      while (
        await pick(
          [
            { label: rules.length ? vscode.l10n.t('Add another rule') : vscode.l10n.t('Add a rule'), add: true },
            {
              label: rules.length
                ? plural(
                    rules.length,
                    vscode.l10n.t('Create with {0} rule', rules.length),
                    vscode.l10n.t('Create with {0} rules', rules.length),
                  )
                : vscode.l10n.t('Create without rules'),
              add: false,
            },
          ],
          { title },
        ).then((x) => x.add)
      ) {
        rules.push(
          await askRule(vscode.l10n.t('New DB security group ({0}): rule {1}', scope.region, rules.length + 1)),
        );
      }
      await scope.rds.createDbSecurityGroup({
        body: { dbSecurityGroupName, description: description || undefined, rules },
      });
      deps.explorer.refreshId(folder(scope));
      void vscode.window.showInformationMessage(vscode.l10n.t('DB security group {0} created.', dbSecurityGroupName));
    },
    'nhncloud.rds.renameSecurityGroup': async (node?: unknown) => {
      const { scope, group } = await securityGroupFrom(node, deps, vscode.l10n.t('Rename DB Security Group'));
      const title = vscode.l10n.t('Rename {0}', group.dbSecurityGroupName);
      const dbSecurityGroupName = await ask({
        title,
        prompt: vscode.l10n.t('New name'),
        value: group.dbSecurityGroupName,
        validate: validate.resourceName,
      });
      const description = await ask({
        title,
        prompt: vscode.l10n.t('Description'),
        value: group.description ?? '',
        validate: validate.description,
      });
      await scope.rds.modifyDbSecurityGroup({
        dbSecurityGroupId: group.dbSecurityGroupId,
        body: { dbSecurityGroupName, description },
      });
      deps.explorer.refreshId(folder(scope));
    },
    'nhncloud.rds.deleteSecurityGroup': async (node?: unknown) => {
      const { scope, group } = await securityGroupFrom(node, deps, vscode.l10n.t('Delete DB Security Group'));
      await confirm(
        vscode.l10n.t('Delete DB security group {0}?', group.dbSecurityGroupName),
        vscode.l10n.t('Delete'),
        vscode.l10n.t('A group attached to instances cannot be deleted; the service will say so.'),
      );
      await scope.rds.deleteDbSecurityGroup({ dbSecurityGroupId: group.dbSecurityGroupId });
      deps.explorer.refreshId(folder(scope));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('DB security group {0} deleted.', group.dbSecurityGroupName),
      );
    },
    'nhncloud.rds.addSecurityRule': async (node?: unknown) => {
      const { scope, group, nodeId } = await securityGroupFrom(node, deps, vscode.l10n.t('Add Rule'));
      const rule = await askRule(vscode.l10n.t('New rule in {0}', group.dbSecurityGroupName));
      track(
        deps,
        scope,
        await scope.rds.createDbSecurityGroupRule({ dbSecurityGroupId: group.dbSecurityGroupId, body: rule }),
        vscode.l10n.t('Add rule to {0}', group.dbSecurityGroupName),
        nodeId,
      );
    },
    'nhncloud.rds.editSecurityRule': async (node?: unknown) => {
      const { scope, group, nodeId } = await securityGroupFrom(node, deps, vscode.l10n.t('Edit Rule'));
      const current =
        node instanceof SecurityRuleNode ? node.rule : await pickRule(scope, group, vscode.l10n.t('Edit Rule'));
      const rule = await askRule(vscode.l10n.t('Edit rule of {0}', group.dbSecurityGroupName), current);
      track(
        deps,
        scope,
        await scope.rds.modifyDbSecurityGroupRule({
          dbSecurityGroupId: group.dbSecurityGroupId,
          ruleId: current.ruleId,
          body: rule,
        }),
        vscode.l10n.t('Edit rule of {0}', group.dbSecurityGroupName),
        nodeId,
      );
    },
    'nhncloud.rds.deleteSecurityRule': async (node?: unknown, selected?: unknown[]) => {
      const { scope, group, nodeId } = await securityGroupFrom(node, deps, vscode.l10n.t('Delete Rules'));
      // Multi-selection in the tree deletes every selected rule of the group in one call.
      const fromTree = (selected ?? [node])
        .filter(
          (n): n is SecurityRuleNode => n instanceof SecurityRuleNode && n.securityGroupId === group.dbSecurityGroupId,
        )
        .map((n) => n.rule);
      const rules = fromTree.length ? fromTree : await pickRules(scope, group);
      if (!rules.length) return;
      await confirm(
        plural(
          rules.length,
          vscode.l10n.t('Delete {0} rule from {1}?', rules.length, group.dbSecurityGroupName),
          vscode.l10n.t('Delete {0} rules from {1}?', rules.length, group.dbSecurityGroupName),
        ),
        vscode.l10n.t('Delete'),
        rules.map(ruleLabel).join('\n'),
      );
      track(
        deps,
        scope,
        await scope.rds.deleteDbSecurityGroupRules({
          dbSecurityGroupId: group.dbSecurityGroupId,
          query: { ruleIds: rules.map((r) => r.ruleId) },
        }),
        vscode.l10n.t('Delete rules of {0}', group.dbSecurityGroupName),
        nodeId,
      );
    },
  };
}

async function groupRules(scope: Scope, group: Group): Promise<SecurityRule[]> {
  const r = await scope.rds.getDbSecurityGroup({ dbSecurityGroupId: group.dbSecurityGroupId });
  return r?.rules ?? [];
}

async function pickRule(scope: Scope, group: Group, title: string): Promise<SecurityRule> {
  const rules = await groupRules(scope, group);
  return (
    await pick(
      rules.map((rule) => ({ label: ruleLabel(rule), description: rule.description ?? '', rule })),
      { title, placeHolder: vscode.l10n.t('Rule') },
    )
  ).rule;
}

async function pickRules(scope: Scope, group: Group): Promise<SecurityRule[]> {
  const rules = await groupRules(scope, group);
  return (
    await pickMany(
      rules.map((rule) => ({ label: ruleLabel(rule), description: rule.description ?? '', rule })),
      { title: vscode.l10n.t('Rules to delete') },
    )
  ).map((x) => x.rule);
}
