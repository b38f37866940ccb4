// Modify a DB instance in QuickPick steps: choose what to change (name, description, port,
// flavor, parameter group, security groups, engine upgrade), answer each step, then the
// options (backup first, online failover on HA). Every value is checked before sending.
import * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { compareVersions, engineOf, newestFirst } from '../../panels/model/versions';
import { flavorDescription } from '../tree/catalog';
import { isBusy, orDash, versionLabel } from '../tree/state';
import { validate } from './limits';
import { ask, pick, pickMany, track } from './util';
import { instanceFrom, type InstanceTarget } from './targets';
import { failoverOptionItems } from './restart';
import { rdsIds } from '../tree/ids';
import { inWords } from '../../shared/apiWords';

type IdItem = vscode.QuickPickItem & { id: string };
type Field =
  'name' | 'description' | 'port' | 'flavor' | 'parameterGroup' | 'securityGroups' | 'upgrade' | 'slowQueryAnalysis';

export function modifyInstanceCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const modify = async (node: unknown, preset?: Field, resolved?: InstanceTarget) => {
    const t =
      resolved ??
      (await instanceFrom(node, deps, vscode.l10n.t('Modify DB Instance'), (i) =>
        isBusy(i.progressStatus) ? vscode.l10n.t('busy ({0})', inWords(i.progressStatus)) : undefined,
      ));
    const i = t.data;
    const title = vscode.l10n.t('Modify {0}', i.dbInstanceName);
    const fields: Array<{ label: string; description?: string; field: Field }> = [
      { label: vscode.l10n.t('Name'), description: i.dbInstanceName, field: 'name' },
      { label: vscode.l10n.t('Description'), description: i.description ?? '', field: 'description' },
      { label: vscode.l10n.t('Port'), description: String(i.dbPort ?? ''), field: 'port' },
      { label: vscode.l10n.t('Flavor'), description: vscode.l10n.t('vCPU and memory'), field: 'flavor' },
      { label: vscode.l10n.t('Parameter group'), field: 'parameterGroup' },
      {
        label: vscode.l10n.t('DB security groups'),
        description: `${i.dbSecurityGroupIds?.length ?? 0} attached`,
        field: 'securityGroups',
      },
      // RDS API v4.0.
      ...(t.rds.accepts('modifyDbInstance', 'useSlowQueryAnalysis')
        ? [
            {
              label: vscode.l10n.t('Slow query analysis'),
              description: i.useSlowQueryAnalysis ? vscode.l10n.t('on') : vscode.l10n.t('off'),
              field: 'slowQueryAnalysis' as const,
            },
          ]
        : []),
      ...(i.supportDbVersionUpgrade
        ? [
            {
              label: vscode.l10n.t('Engine upgrade'),
              description: versionLabel(i.dbVersion),
              field: 'upgrade' as const,
            },
          ]
        : []),
    ];
    const chosen = preset
      ? fields.filter((f) => f.field === preset)
      : await pickMany(fields, { title, placeHolder: vscode.l10n.t('What do you want to change?') });
    if (!chosen.length) return;
    const body: Record<string, unknown> = {};
    let restartNeeded = false;
    for (const { field } of chosen) {
      switch (field) {
        case 'name':
          body.dbInstanceName = await ask({
            title,
            prompt: vscode.l10n.t('New name'),
            value: i.dbInstanceName,
            validate: validate.resourceName,
          });
          break;
        case 'description':
          body.description = await ask({
            title,
            prompt: vscode.l10n.t('Description'),
            value: i.description ?? '',
            validate: validate.description,
          });
          break;
        case 'port':
          body.dbPort = Number(
            await ask({
              title,
              prompt: vscode.l10n.t('Port (3306 to 43306)'),
              value: String(i.dbPort ?? 3306),
              validate: validate.dbPort,
            }),
          );
          restartNeeded = true;
          break;
        case 'flavor': {
          const r = await t.rds.listDbFlavors();
          const f = await pick<IdItem>(
            (r?.dbFlavors ?? []).map((x) => ({
              label: x.dbFlavorName,
              description:
                x.dbFlavorId === i.dbFlavorId
                  ? vscode.l10n.t('{0} · current', flavorDescription(x))
                  : flavorDescription(x),
              id: x.dbFlavorId as string,
            })),
            { title, placeHolder: vscode.l10n.t('Flavor') },
          );
          body.dbFlavorId = f.id;
          restartNeeded = true;
          break;
        }
        case 'parameterGroup': {
          // The groups of the instance's engine (all of them when the instance names none).
          const r = await t.rds.listParameterGroups({ query: i.dbVersion ? { dbVersion: i.dbVersion } : {} });
          const g = await pick<IdItem>(
            (r?.parameterGroups ?? []).map((x) => ({
              label: x.parameterGroupName,
              description:
                x.parameterGroupId === i.parameterGroupId
                  ? vscode.l10n.t('{0} · current', inWords(x.parameterGroupStatus))
                  : String(x.parameterGroupStatus ?? ''),
              id: x.parameterGroupId as string,
            })),
            {
              title,
              placeHolder: vscode.l10n.t(
                'Parameter group for {0} (picking the current one applies its pending changes)',
                versionLabel(i.dbVersion),
              ),
            },
          );
          body.parameterGroupId = g.id;
          break;
        }
        case 'securityGroups': {
          const r = await t.rds.listDbSecurityGroups();
          const current = new Set(i.dbSecurityGroupIds ?? []);
          const groups = await pickMany<IdItem>(
            (r?.dbSecurityGroups ?? []).map((x) => ({
              label: x.dbSecurityGroupName,
              description: x.description ?? '',
              picked: current.has(x.dbSecurityGroupId),
              id: x.dbSecurityGroupId as string,
            })),
            { title, placeHolder: vscode.l10n.t('DB security groups to attach') },
          );
          body.dbSecurityGroupIds = groups.map((g) => g.id);
          break;
        }
        case 'slowQueryAnalysis':
          body.useSlowQueryAnalysis = (
            await pick(
              [
                {
                  label: vscode.l10n.t('On'),
                  description: vscode.l10n.t('collect and analyse slow queries'),
                  on: true,
                },
                { label: vscode.l10n.t('Off'), on: false },
              ],
              { title, placeHolder: vscode.l10n.t('Slow query analysis') },
            )
          ).on;
          break;
        case 'upgrade': {
          const r = await t.rds.listDbVersions();
          // Without the current engine nothing can be called newer: no candidate rather than all.
          const current = i.dbVersion;
          // Newer versions of the same engine, newest first, as the service lists them (a version
          // this extension has never heard of included: the service offers it).
          const newer = current
            ? newestFirst(
                r.dbVersions.filter(
                  (v) => engineOf(v.dbVersion) === engineOf(current) && compareVersions(v, { dbVersion: current }) > 0,
                ),
              )
            : [];
          if (!newer.length)
            throw new Error(
              vscode.l10n.t('No newer engine version than {0} is offered.', orDash(versionLabel(i.dbVersion))),
            );
          const v = await pick<IdItem>(
            newer.map((x) => ({
              label: x.dbVersionName ?? versionLabel(x.dbVersion),
              description: x.dbVersion,
              id: x.dbVersion as string,
            })),
            { title, placeHolder: vscode.l10n.t('Upgrade to') },
          );
          body.dbVersion = v.id;
          if (!t.ha) {
            const dummy = await pick(
              [
                {
                  label: vscode.l10n.t('Upgrade with a dummy instance'),
                  description: vscode.l10n.t('shorter downtime'),
                  dummy: true,
                },
                { label: vscode.l10n.t('Upgrade in place'), dummy: false },
              ],
              { title },
            );
            body.useDummy = dummy.dummy;
          }
          restartNeeded = true;
          break;
        }
      }
    }
    if (restartNeeded) {
      const opts = await pickMany(
        [
          { label: vscode.l10n.t('Back up first'), description: 'executeBackup', key: 'executeBackup' },
          ...(t.ha
            ? [
                {
                  label: vscode.l10n.t('Online failover'),
                  description: vscode.l10n.t('the standby takes over during the change'),
                  key: 'useOnlineFailover',
                  picked: true,
                },
                ...failoverOptionItems(t.rds, 'modifyDbInstance'),
              ]
            : []),
        ],
        { title, placeHolder: vscode.l10n.t('This change restarts the instance. Options:') },
      );
      for (const o of opts) body[o.key] = true;
    }
    track(
      deps,
      t,
      await t.rds.modifyDbInstance({ dbInstanceId: i.dbInstanceId, body }),
      body.dbVersion ? vscode.l10n.t('Upgrade {0}', i.dbInstanceName) : vscode.l10n.t('Modify {0}', i.dbInstanceName),
      t.nodeId,
      [rdsIds.folder(t.rootId, 'instance')],
    );
  };
  return {
    // A second argument from the tree is the multi-selection; only a string is a preset step.
    'nhncloud.rds.modifyInstance': (node?: unknown, preset?: unknown) =>
      modify(node, typeof preset === 'string' ? (preset as Field) : undefined),
    'nhncloud.rds.upgradeEngine': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, vscode.l10n.t('Upgrade DB Engine'), (i) =>
        i.supportDbVersionUpgrade === false ? vscode.l10n.t('offers no engine upgrade') : undefined,
      );
      if (!t.data.supportDbVersionUpgrade)
        throw new Error(
          vscode.l10n.t('{0} offers no engine upgrade (supportDbVersionUpgrade is false).', t.data.dbInstanceName),
        );
      return modify(node, 'upgrade', t);
    },
  };
}
