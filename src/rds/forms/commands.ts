// The RDS forms feature: one command per form (the webviews live in src/panels), and the revival of open panels after a window
// reload (the activation shim registers a serializer per view type and forwards here).
//
// Commands take the explorer node they were invoked on (anything carrying the id and a region:
// `node.scope().region`, `node.region`, or the payload fields `dbInstanceId`, `backupId`,
// `parameterGroupId`, `dbSecurityGroupId`, directly or under `instance`/`item`/`data`), or
// `{ region, id }`; from the palette they ask with a QuickPick.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import type { Feature, Services } from '../../shared/services';
import { CreateInstancePanel } from '../../panels/createInstancePanel';
import { MetricsPanel } from '../../panels/metricsPanel';
import { ParameterGroupPanel } from '../../panels/parameterGroupPanel';
import { targetFromState, type PanelTarget } from '../../panels/protocol';
import { ReplicatePanel } from '../../panels/replicatePanel';
import { RestorePanel } from '../../panels/restorePanel';
import { SecurityGroupPanel } from '../../panels/securityGroupPanel';
import { PANEL_VIEW_TYPES, type PanelKind } from '../../panels/viewTypes';

type RdsRegion = PanelTarget['region'];
const RDS_REGIONS: readonly RdsRegion[] = ['KR1', 'KR2', 'JP1'];
const NESTED = ['instance', 'item', 'data', 'resource', 'backup', 'group', 'parameterGroup', 'securityGroup', 'dbSecurityGroup'];

/** Reads `field` from the node or one of its usual payload holders. */
export function pick(arg: unknown, field: string): string | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const o = arg as Record<string, unknown>;
  if (typeof o[field] === 'string' && o[field]) return o[field] as string;
  for (const k of NESTED) {
    const inner = o[k];
    if (inner && typeof inner === 'object' && typeof (inner as Record<string, unknown>)[field] === 'string') return (inner as Record<string, string>)[field];
  }
  return undefined;
}

export function regionOf(arg: unknown): RdsRegion | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const o = arg as { region?: unknown; scope?: () => { region?: unknown } };
  let r: unknown = o.region;
  if (!r && typeof o.scope === 'function') {
    try {
      r = o.scope().region;
    } catch {}
  }
  return RDS_REGIONS.includes(r as RdsRegion) ? (r as RdsRegion) : undefined;
}

async function askRegion(services: Services): Promise<RdsRegion | undefined> {
  const profile = services.profiles.active();
  if (!profile) {
    void vscode.window.showWarningMessage(vscode.l10n.t('No NHN Cloud profile is active. Add or choose a profile first.'));
    return undefined;
  }
  const regions = profile.regions.filter((r: Region): r is RdsRegion => RDS_REGIONS.includes(r as RdsRegion));
  if (regions.length === 1) return regions[0];
  if (!regions.length) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Profile "{0}" has no RDS region (KR1, KR2 or JP1).', profile.name));
    return undefined;
  }
  return (await vscode.window.showQuickPick(regions, { title: vscode.l10n.t('Region'), placeHolder: vscode.l10n.t('Choose the region') })) as RdsRegion | undefined;
}

interface Choice {
  id: string;
  label: string;
  description?: string;
}

async function target(
  services: Services,
  arg: unknown,
  field: string,
  nameField: string,
  list: ((rds: Awaited<ReturnType<Services['clients']['rds']>>) => Promise<Choice[]>) | undefined,
  title: string,
): Promise<PanelTarget | undefined> {
  const region = regionOf(arg) ?? (await askRegion(services));
  if (!region) return undefined;
  let id = pick(arg, field) ?? (typeof arg === 'string' ? arg : undefined);
  let label = pick(arg, nameField);
  if (!id && list) {
    const rds = await services.clients.rds(region);
    const items = await list(rds);
    if (!items.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to choose in {0}.', region));
      return undefined;
    }
    const chosen = await vscode.window.showQuickPick(
      items.map((i) => ({ label: i.label, description: i.description, id: i.id })),
      { title, matchOnDescription: true },
    );
    if (!chosen) return undefined;
    id = chosen.id;
    label = chosen.label;
  }
  return { region, ...(id ? { id } : {}), ...(label ? { label } : {}) };
}

const instances = async (rds: Awaited<ReturnType<Services['clients']['rds']>>): Promise<Choice[]> =>
  (await rds.listDbInstances()).dbInstances.map((i) => ({ id: i.dbInstanceId, label: i.dbInstanceName ?? i.dbInstanceId, description: `${i.dbVersion ?? ''} ${i.dbInstanceStatus ?? ''}` }));

export function createRdsFormsFeature(services: Services): Feature & { revive(viewType: string, panel: vscode.WebviewPanel, state: unknown): void } {
  const commands: Feature['commands'] = {
    'nhncloud.rds.createInstance': async (arg?: unknown) => {
      const t = await target(services, arg, '', '', undefined, '');
      if (t) CreateInstancePanel.open(services, { region: t.region });
    },
    'nhncloud.rds.replicate': async (arg?: unknown) => {
      const t = await target(services, arg, 'dbInstanceId', 'dbInstanceName', instances, vscode.l10n.t('Instance to replicate'));
      if (t?.id) ReplicatePanel.open(services, t);
    },
    'nhncloud.rds.restore': async (arg?: unknown) => {
      // A backup node restores that backup; an instance node restores the instance; from the
      // palette the person chooses where to restore from.
      if (pick(arg, 'backupId')) {
        const t = await target(services, arg, 'backupId', 'backupName', undefined, '');
        if (t) RestorePanel.open(services, { ...t, source: 'backup' });
        return;
      }
      if (pick(arg, 'dbInstanceId')) {
        const t = await target(services, arg, 'dbInstanceId', 'dbInstanceName', undefined, '');
        if (t) RestorePanel.open(services, { ...t, source: 'instance' });
        return;
      }
      const from = await vscode.window.showQuickPick(
        [
          { label: vscode.l10n.t('From a DB instance'), description: vscode.l10n.t('point in time, binary-log position or one of its backups'), source: 'instance' as const },
          { label: vscode.l10n.t('From a backup'), source: 'backup' as const },
          { label: vscode.l10n.t('From object storage'), description: vscode.l10n.t('a backup file in a container'), source: 'objectStorage' as const },
        ],
        { title: vscode.l10n.t('Restore') },
      );
      if (!from) return;
      if (from.source === 'objectStorage') {
        const region = regionOf(arg) ?? (await askRegion(services));
        if (region) RestorePanel.open(services, { region, source: 'objectStorage' });
        return;
      }
      const t =
        from.source === 'instance'
          ? await target(services, arg, 'dbInstanceId', 'dbInstanceName', instances, vscode.l10n.t('Instance to restore'))
          : await target(
              services,
              arg,
              'backupId',
              'backupName',
              async (rds) =>
                (await rds.listBackups({ query: { page: 1, size: 100 } } as never)).backups.map((b) => ({ id: b.backupId, label: b.backupName ?? b.backupId, description: `${b.dbVersion ?? ''} ${b.createdYmdt ?? ''}` })),
              vscode.l10n.t('Backup to restore'),
            );
      if (t?.id) RestorePanel.open(services, { ...t, source: from.source });
    },
    'nhncloud.rds.editParameters': async (arg?: unknown) => {
      // On an instance node, edit the instance's group.
      let t = await target(
        services,
        arg,
        'parameterGroupId',
        'parameterGroupName',
        async (rds) => (await rds.listParameterGroups()).parameterGroups.map((g) => ({ id: g.parameterGroupId, label: g.parameterGroupName ?? g.parameterGroupId, description: g.dbVersion ?? '' })),
        vscode.l10n.t('Parameter group'),
      );
      if (t && !t.id && pick(arg, 'dbInstanceId')) {
        const inst = await (await services.clients.rds(t.region)).getDbInstance({ dbInstanceId: pick(arg, 'dbInstanceId')! });
        t = inst.parameterGroupId ? { region: t.region, id: inst.parameterGroupId } : undefined;
      }
      if (t?.id) ParameterGroupPanel.open(services, t);
    },
    'nhncloud.rds.editSecurityGroupRules': async (arg?: unknown) => {
      const t = await target(
        services,
        arg,
        'dbSecurityGroupId',
        'dbSecurityGroupName',
        async (rds) => (await rds.listDbSecurityGroups()).dbSecurityGroups.map((g) => ({ id: g.dbSecurityGroupId, label: g.dbSecurityGroupName ?? g.dbSecurityGroupId, description: g.description ?? '' })),
        vscode.l10n.t('DB security group'),
      );
      if (t?.id) SecurityGroupPanel.open(services, t);
    },
    'nhncloud.rds.showMetrics': async (arg?: unknown) => {
      const t = await target(services, arg, 'dbInstanceId', 'dbInstanceName', instances, vscode.l10n.t('Instance'));
      if (t?.id) MetricsPanel.open(services, t);
    },
  };

  const revivers: Record<PanelKind, (s: Services, p: vscode.WebviewPanel, t: PanelTarget) => void> = {
    createInstance: CreateInstancePanel.revive,
    restore: RestorePanel.revive,
    replicate: ReplicatePanel.revive,
    parameterGroup: ParameterGroupPanel.revive,
    securityGroup: SecurityGroupPanel.revive,
    metrics: MetricsPanel.revive,
  };

  return {
    commands,
    revive(viewType, panel, state) {
      const kind = (Object.keys(PANEL_VIEW_TYPES) as PanelKind[]).find((k) => PANEL_VIEW_TYPES[k] === viewType);
      const t = targetFromState(state);
      if (!kind || !t) {
        // Nothing trustworthy to reopen (state from another version, or none saved yet).
        services.log.warn(`Panels: could not restore a ${viewType} panel after reload (no usable saved state).`);
        panel.dispose();
        return;
      }
      revivers[kind](services, panel, t);
    },
  };
}
