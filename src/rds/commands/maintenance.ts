// Maintenances of a DB instance (RDS API v4.0, issue 61): Run Now and Schedule for the Next
// Window on a pending one, Cancel on one scheduled for the next window, as the console's
// Maintenance tab offers them. From a maintenance in the tree, or from the palette: an instance,
// then one of its maintenances that the action applies to. Each acts on the maintenance as the
// service lists it now, not as the tree drew it.
import * as vscode from 'vscode';
import type { RdsInput } from '../../client/rds/client';
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { rdsIds } from '../tree/ids';
import { InstanceNode } from '../tree/instanceNode';
import {
  MaintenanceNode,
  MaintenancesFolderNode,
  PENDING_MAINTENANCE,
  SCHEDULED_MAINTENANCE,
  maintenanceTypeLabel,
  sortMaintenances,
  type MaintenanceItem,
} from '../tree/maintenances';
import { when } from '../tree/base';
import { orDash } from '../tree/state';
import { confirm, pick, track } from './util';
import { instanceFrom, type InstanceTarget } from './targets';

type Action = 'run' | 'schedule' | 'cancel';

const ALLOWED: Record<Action, ReadonlySet<string>> = {
  run: PENDING_MAINTENANCE,
  schedule: PENDING_MAINTENANCE,
  cancel: SCHEDULED_MAINTENANCE,
};

/** What Run Now and Schedule send for a listed maintenance: its id as the setting, its payload as JSON. */
export function maintenanceActionBody(m: MaintenanceItem): RdsInput<'executeMaintenanceNow'>['body'] {
  return {
    configId: m.maintenanceId,
    category: m.category ?? '',
    type: m.type ?? '',
    ...(m.description ? { description: m.description } : {}),
    payload: typeof m.payload === 'string' ? m.payload : JSON.stringify(m.payload ?? {}),
  };
}

const nothingTo = (action: Action, instance: string): string => {
  if (action === 'cancel') return vscode.l10n.t('{0} has no maintenance scheduled for the next window.', instance);
  if (action === 'schedule') return vscode.l10n.t('{0} has no pending maintenance to schedule.', instance);
  return vscode.l10n.t('{0} has no pending maintenance to run.', instance);
};

const notAllowed = (action: Action, label: string, status: string): string => {
  if (action === 'cancel')
    return vscode.l10n.t(
      'Maintenance "{0}" is {1}: only one scheduled for the next window can be cancelled.',
      label,
      status,
    );
  return vscode.l10n.t(
    'Maintenance "{0}" is {1}: only a pending maintenance can be run now or scheduled.',
    label,
    status,
  );
};

/** The maintenance a command acts on, as the service lists it now, and its instance. */
async function maintenanceFrom(
  node: unknown,
  deps: RdsDeps,
  title: string,
  action: Action,
): Promise<{ t: InstanceTarget; m: MaintenanceItem; label: string }> {
  const fromTree = node instanceof MaintenanceNode ? node : undefined;
  const instanceNode =
    fromTree?.instance ??
    (node instanceof MaintenancesFolderNode ? node.instance : node instanceof InstanceNode ? node : undefined);
  const t = await instanceFrom(instanceNode, deps, title);
  const { maintenances } = await t.rds.listMaintenances({ dbInstanceId: t.data.dbInstanceId });
  const all = sortMaintenances(maintenances ?? []);
  let m: MaintenanceItem | undefined;
  if (fromTree) {
    m = all.find((x) => x.maintenanceId === fromTree.data.maintenanceId);
    if (!m)
      throw new Error(
        vscode.l10n.t('The maintenance is no longer listed for {0}: refresh the tree.', t.data.dbInstanceName),
      );
  } else {
    const candidates = all.filter((x) => ALLOWED[action].has(x.status ?? ''));
    if (!candidates.length) throw new Error(nothingTo(action, t.data.dbInstanceName));
    m = (
      await pick(
        candidates.map((x) => ({
          label: maintenanceTypeLabel(x.type),
          description: [x.category, x.status, x.required ? vscode.l10n.t('required') : ''].filter(Boolean).join(' · '),
          detail: x.description ?? undefined,
          x,
        })),
        { title, placeHolder: vscode.l10n.t('Maintenance') },
      )
    ).x;
  }
  const label = maintenanceTypeLabel(m.type);
  if (!ALLOWED[action].has(m.status ?? '')) throw new Error(notAllowed(action, label, orDash(m.status)));
  return { t, m, label };
}

const folderOf = (t: InstanceTarget) => rdsIds.instanceFolder(t.nodeId, 'maintenances');

export function maintenanceCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.runMaintenanceNow': async (node?: unknown) => {
      const { t, m, label } = await maintenanceFrom(node, deps, vscode.l10n.t('Run Maintenance Now'), 'run');
      await confirm(
        vscode.l10n.t('Run maintenance "{0}" of {1} now?', label, t.data.dbInstanceName),
        vscode.l10n.t('Run Now'),
        vscode.l10n.t(
          'It starts at once instead of in the maintenance window; the instance may restart, and connections may drop while it runs.',
        ),
      );
      const res = await t.rds.executeMaintenanceNow({
        dbInstanceId: t.data.dbInstanceId,
        body: maintenanceActionBody(m),
      });
      track(deps, t, res, vscode.l10n.t('Run maintenance "{0}" of {1}', label, t.data.dbInstanceName), t.nodeId, [
        folderOf(t),
      ]);
      // Running now: the folder shows it at once; the job's end refreshes it again.
      deps.explorer.refreshId(folderOf(t));
    },
    'nhncloud.rds.scheduleMaintenance': async (node?: unknown) => {
      const { t, m, label } = await maintenanceFrom(
        node,
        deps,
        vscode.l10n.t('Schedule Maintenance for the Next Window'),
        'schedule',
      );
      await confirm(
        vscode.l10n.t('Apply maintenance "{0}" of {1} in the next maintenance window?', label, t.data.dbInstanceName),
        vscode.l10n.t('Schedule'),
        vscode.l10n.t("It runs in the instance's next maintenance window; until then it can be cancelled."),
      );
      await t.rds.scheduleMaintenance({ dbInstanceId: t.data.dbInstanceId, body: maintenanceActionBody(m) });
      deps.explorer.refreshId(folderOf(t));
      // The planned start, where the service tells it.
      const { maintenances } = await t.rds
        .listMaintenances({ dbInstanceId: t.data.dbInstanceId })
        .catch(() => ({ maintenances: [] as MaintenanceItem[] }));
      const start = (maintenances ?? []).find((x) => x.maintenanceId === m.maintenanceId)?.executionStartedYmdt;
      void vscode.window.showInformationMessage(
        start
          ? vscode.l10n.t('Maintenance "{0}" of {1} is scheduled for {2}.', label, t.data.dbInstanceName, when(start))
          : vscode.l10n.t(
              'Maintenance "{0}" of {1} is scheduled for the next maintenance window.',
              label,
              t.data.dbInstanceName,
            ),
      );
    },
    'nhncloud.rds.cancelMaintenance': async (node?: unknown) => {
      const { t, m, label } = await maintenanceFrom(
        node,
        deps,
        vscode.l10n.t('Cancel Scheduled Maintenance'),
        'cancel',
      );
      await confirm(
        vscode.l10n.t('Cancel maintenance "{0}" of {1}?', label, t.data.dbInstanceName),
        vscode.l10n.t('Cancel Maintenance'),
        m.category === 'USER'
          ? vscode.l10n.t('It is deleted: to make the change again, start it again.')
          : vscode.l10n.t('It goes back among the pending maintenances, to run or schedule later.'),
      );
      await t.rds.deleteMaintenance({ dbInstanceId: t.data.dbInstanceId, maintenanceId: m.maintenanceId });
      deps.explorer.refreshId(folderOf(t));
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Maintenance "{0}" of {1} is cancelled.', label, t.data.dbInstanceName),
      );
    },
  };
}
