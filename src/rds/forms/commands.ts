// The RDS forms feature: one command per form (the webviews live in src/panels), and the revival of open panels after a window
// reload (the activation shim registers a serializer per view type and forwards here).
//
// What a form command acts on comes from the RDS resolver (../commands/targets.ts): the tree
// node it was invoked on (or that node's instance), else a QuickPick from the palette.
import * as vscode from 'vscode';
import type { Region } from '../../client/endpoints';
import type { Feature } from '../../shared/services';
import { pick } from '../../shared/prompts';
import { TreeNode } from '../../shared/tree/nodes';
import { ancestor } from '../../shared/tree/serviceRoot';
import { backupFrom, instanceFrom, parameterGroupFrom, scopeFrom, securityGroupFrom } from '../commands/targets';
import type { RdsDeps } from '../tree/base';
import { InstanceNode } from '../tree/instanceNode';
import { BackupNode } from '../tree/backupsEvents';
import { ParameterGroupNode, SecurityGroupNode } from '../tree/groups';
import { backupLabel } from '../tree/state';
import { openPanel, type PanelClass } from '../../panels/basePanel';
import { CreateInstancePanel } from '../../panels/createInstancePanel';
import { MetricsPanel } from '../../panels/metricsPanel';
import { ParameterGroupPanel } from '../../panels/parameterGroupPanel';
import { QueryPlanPanel } from '../../panels/queryPlanPanel';
import { TableDataPanel } from '../../panels/tableDataPanel';
import { CsvImportPanel } from '../../panels/csvImportPanel';
import { QueryResultsPanel } from '../../panels/queryResultsPanel';
import { targetFromState, type PanelTarget } from '../../panels/protocol';
import type { RdsClient } from '../../client/rds/client';
import { ReplicatePanel } from '../../panels/replicatePanel';
import { RestorePanel } from '../../panels/restorePanel';
import { SecurityGroupPanel } from '../../panels/securityGroupPanel';
import { PANEL_VIEW_TYPES, type PanelKind } from '../../panels/viewTypes';

/**
 * Where a panel works, from an RDS scope: its region (RDS scopes only ever hold RDS regions) and
 * the product of its client, so the form acts on the product of the node it was opened from.
 */
const where = (scope: { region: Region; rds: RdsClient }): Pick<PanelTarget, 'region' | 'product'> => ({
  region: scope.region as PanelTarget['region'],
  ...(scope.rds.product !== 'mysql' && { product: scope.rds.product }),
});

/** The node of class `cls` the command was invoked on, or its nearest such ancestor (a metric row → its instance). */
const nodeOf = <T extends TreeNode>(arg: unknown, cls: abstract new (...args: never[]) => T): T | undefined =>
  arg instanceof TreeNode ? ancestor(arg, cls) : undefined;

export function createRdsFormsFeature(
  deps: RdsDeps,
): Feature & { revive(viewType: string, panel: vscode.WebviewPanel, state: unknown): void } {
  const { services } = deps;
  const instanceTarget = async (arg: unknown, title: string): Promise<PanelTarget> => {
    const t = await instanceFrom(nodeOf(arg, InstanceNode), deps, title);
    return { ...where(t), id: t.data.dbInstanceId, label: t.data.dbInstanceName };
  };
  const commands: Feature['commands'] = {
    'nhncloud.rds.createInstance': async (arg?: unknown) => {
      const scope = await scopeFrom(
        arg instanceof TreeNode ? arg : undefined,
        deps,
        vscode.l10n.t('Create DB Instance'),
      );
      openPanel(CreateInstancePanel, services, { ...where(scope) });
    },
    'nhncloud.rds.replicate': async (arg?: unknown) => {
      openPanel(ReplicatePanel, services, await instanceTarget(arg, vscode.l10n.t('Instance to replicate')));
    },
    'nhncloud.rds.restore': async (arg?: unknown) => {
      // A backup node restores that backup; an instance node restores the instance; from the
      // palette the person chooses where to restore from.
      const title = vscode.l10n.t('Restore');
      const backupNode = nodeOf(arg, BackupNode);
      const instanceNode = nodeOf(arg, InstanceNode);
      const source = backupNode
        ? 'backup'
        : instanceNode
          ? 'instance'
          : (
              await pick(
                [
                  {
                    label: vscode.l10n.t('From a DB instance'),
                    description: vscode.l10n.t('point in time, binary-log position or one of its backups'),
                    source: 'instance' as const,
                  },
                  { label: vscode.l10n.t('From a backup'), source: 'backup' as const },
                  {
                    label: vscode.l10n.t('From object storage'),
                    description: vscode.l10n.t('a backup file in a container'),
                    source: 'objectStorage' as const,
                  },
                ],
                { title },
              )
            ).source;
      if (source === 'objectStorage') {
        const scope = await scopeFrom(undefined, deps, title);
        openPanel(RestorePanel, services, { ...where(scope), source });
      } else if (source === 'instance') {
        openPanel(RestorePanel, services, {
          ...(await instanceTarget(instanceNode, vscode.l10n.t('Instance to restore'))),
          source,
        });
      } else {
        const { scope, backup } = await backupFrom(backupNode, deps, vscode.l10n.t('Backup to restore'));
        openPanel(RestorePanel, services, {
          ...where(scope),
          id: backup.backupId,
          label: backupLabel(backup),
          source,
        });
      }
    },
    'nhncloud.rds.editParameters': async (arg?: unknown) => {
      // On an instance (or its parameter-group row), edit the instance's group.
      const instance = nodeOf(arg, InstanceNode);
      if (instance) {
        const t = await instanceFrom(instance, deps, vscode.l10n.t('Parameter group'));
        if (t.data.parameterGroupId)
          openPanel(ParameterGroupPanel, services, { ...where(t), id: t.data.parameterGroupId });
        return;
      }
      const { scope, group } = await parameterGroupFrom(
        nodeOf(arg, ParameterGroupNode),
        deps,
        vscode.l10n.t('Parameter group'),
      );
      openPanel(ParameterGroupPanel, services, {
        ...where(scope),
        id: group.parameterGroupId,
        label: group.parameterGroupName,
      });
    },
    'nhncloud.rds.editSecurityGroupRules': async (arg?: unknown) => {
      const { scope, group } = await securityGroupFrom(
        nodeOf(arg, SecurityGroupNode),
        deps,
        vscode.l10n.t('DB security group'),
      );
      openPanel(SecurityGroupPanel, services, {
        ...where(scope),
        id: group.dbSecurityGroupId,
        label: group.dbSecurityGroupName,
      });
    },
    'nhncloud.rds.showMetrics': async (arg?: unknown) => {
      openPanel(MetricsPanel, services, await instanceTarget(arg, vscode.l10n.t('Instance')));
    },
  };

  /** The form panels VS Code may restore after a reload, by kind. */
  const formPanels: { [K in Exclude<PanelKind, 'queryResults' | 'csvImport'>]: PanelClass<K> } = {
    createInstance: CreateInstancePanel,
    restore: RestorePanel,
    replicate: ReplicatePanel,
    parameterGroup: ParameterGroupPanel,
    securityGroup: SecurityGroupPanel,
    metrics: MetricsPanel,
    // A plan is data the webview kept: it draws it again.
    queryPlan: QueryPlanPanel,
    // The webview keeps its table and staged edits, and goes on once the connection is back.
    tableData: TableDataPanel,
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
      // A query's results die with the window's connection: nothing true to show again.
      if (kind === 'queryResults') return QueryResultsPanel.revive(panel);
      // So does an import's: Import CSV... starts again from the file.
      if (kind === 'csvImport') return CsvImportPanel.revive(panel);
      new formPanels[kind](services, panel, t);
    },
  };
}
