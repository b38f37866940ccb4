// Modify a DB instance in QuickPick steps: choose what to change (name, description, port,
// flavor, parameter group, security groups, engine upgrade), answer each step, then the
// options (backup first, online failover on HA). Every value is checked before sending.
import type * as vscode from 'vscode';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { isBusy, versionLabel } from '../tree/state';
import { validate } from './limits';
import { ask, instanceFrom, pick, pickMany, track, type InstanceTarget } from './util';

type IdItem = vscode.QuickPickItem & { id: string };
type Field = 'name' | 'description' | 'port' | 'flavor' | 'parameterGroup' | 'securityGroups' | 'upgrade';

export function modifyInstanceCommands(deps: RdsDeps): Record<string, CommandHandler> {
  const modify = async (node: unknown, preset?: Field, resolved?: InstanceTarget) => {
      const t = resolved ?? await instanceFrom(node, deps, 'Modify DB Instance', (i) => (isBusy(i.progressStatus) ? `busy (${i.progressStatus})` : undefined));
      const i = t.data;
      const title = `Modify ${i.dbInstanceName}`;
      const fields: Array<{ label: string; description?: string; field: Field }> = [
        { label: 'Name', description: i.dbInstanceName, field: 'name' },
        { label: 'Description', description: i.description ?? '', field: 'description' },
        { label: 'Port', description: String(i.dbPort ?? ''), field: 'port' },
        { label: 'Flavor', description: 'vCPU and memory', field: 'flavor' },
        { label: 'Parameter group', field: 'parameterGroup' },
        { label: 'DB security groups', description: `${i.dbSecurityGroupIds?.length ?? 0} attached`, field: 'securityGroups' },
        ...(i.supportDbVersionUpgrade ? [{ label: 'Engine upgrade', description: versionLabel(i.dbVersion), field: 'upgrade' as const }] : []),
      ];
      const chosen = preset ? fields.filter((f) => f.field === preset) : (await pickMany(fields, { title, placeHolder: 'What do you want to change?' }));
      if (!chosen.length) return;
      const body: Record<string, unknown> = {};
      let restartNeeded = false;
      for (const { field } of chosen) {
        switch (field) {
          case 'name':
            body.dbInstanceName = await ask({ title, prompt: 'New name', value: i.dbInstanceName, validate: validate.resourceName });
            break;
          case 'description':
            body.description = await ask({ title, prompt: 'Description', value: i.description ?? '', validate: validate.description });
            break;
          case 'port':
            body.dbPort = Number(await ask({ title, prompt: 'Port (3306 to 43306)', value: String(i.dbPort ?? 3306), validate: validate.dbPort }));
            restartNeeded = true;
            break;
          case 'flavor': {
            const r: any = await t.rds.listDbFlavors();
            const f = await pick<IdItem>(
              ((r?.dbFlavors ?? []) as any[]).map((x: any) => ({ label: x.dbFlavorName, description: `${x.vcpus} vCPU · ${Math.round(x.ram / 1024)} GB${x.dbFlavorId === i.dbFlavorId ? ' · current' : ''}`, id: x.dbFlavorId as string })),
              { title, placeHolder: 'Flavor' },
            );
            body.dbFlavorId = f.id;
            restartNeeded = true;
            break;
          }
          case 'parameterGroup': {
            const r: any = await t.rds.listParameterGroups({ query: { dbVersion: i.dbVersion as any } });
            const g = await pick<IdItem>(
              ((r?.parameterGroups ?? []) as any[]).map((x: any) => ({ label: x.parameterGroupName, description: `${x.parameterGroupStatus}${x.parameterGroupId === i.parameterGroupId ? ' · current' : ''}`, id: x.parameterGroupId as string })),
              { title, placeHolder: `Parameter group for ${versionLabel(i.dbVersion)} (picking the current one applies its pending changes)` },
            );
            body.parameterGroupId = g.id;
            break;
          }
          case 'securityGroups': {
            const r: any = await t.rds.listDbSecurityGroups();
            const current = new Set(i.dbSecurityGroupIds ?? []);
            const groups = await pickMany<IdItem>(
              ((r?.dbSecurityGroups ?? []) as any[]).map((x: any) => ({ label: x.dbSecurityGroupName, description: x.description ?? '', picked: current.has(x.dbSecurityGroupId), id: x.dbSecurityGroupId as string })),
              { title, placeHolder: 'DB security groups to attach' },
            );
            body.dbSecurityGroupIds = groups.map((g) => g.id);
            break;
          }
          case 'upgrade': {
            const r: any = await t.rds.listDbVersions();
            const newer = (r?.dbVersions ?? []).filter((v: any) => String(v.dbVersion) > i.dbVersion && String(v.dbVersion).slice(0, 8) >= i.dbVersion.slice(0, 8));
            if (!newer.length) throw new Error(`No newer engine version than ${versionLabel(i.dbVersion)} is offered.`);
            const v = await pick<IdItem>(newer.map((x: any) => ({ label: x.dbVersionName ?? versionLabel(x.dbVersion), description: x.dbVersion, id: x.dbVersion as string })), { title, placeHolder: 'Upgrade to' });
            body.dbVersion = v.id;
            if (!t.ha) {
              const dummy = await pick(
                [
                  { label: 'Upgrade with a dummy instance', description: 'shorter downtime', dummy: true },
                  { label: 'Upgrade in place', dummy: false },
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
            { label: 'Back up first', description: 'executeBackup', key: 'executeBackup' },
            ...(t.ha ? [{ label: 'Online failover', description: 'the candidate master takes over during the change', key: 'useOnlineFailover', picked: true }] : []),
          ],
          { title, placeHolder: 'This change restarts the instance. Options:' },
        );
        for (const o of opts) body[o.key] = true;
      }
      track(deps, t, await t.rds.modifyDbInstance({ dbInstanceId: i.dbInstanceId, body }), body.dbVersion ? `Upgrade ${i.dbInstanceName}` : `Modify ${i.dbInstanceName}`, t.nodeId, [`${t.rootId}/instance`]);
  };
  return {
    // A second argument from the tree is the multi-selection; only a string is a preset step.
    'nhncloud.rds.modifyInstance': (node?: unknown, preset?: unknown) => modify(node, typeof preset === 'string' ? (preset as Field) : undefined),
    'nhncloud.rds.upgradeEngine': async (node?: unknown) => {
      const t = await instanceFrom(node, deps, 'Upgrade DB Engine', (i) => (i.supportDbVersionUpgrade === false ? 'offers no engine upgrade' : undefined));
      if (!t.data.supportDbVersionUpgrade) throw new Error(`${t.data.dbInstanceName} offers no engine upgrade (supportDbVersionUpgrade is false).`);
      return modify(node, 'upgrade', t);
    },
  };
}
