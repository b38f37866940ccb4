// Parameter-group editor (extension side). Reads the group, the instances that use it (and
// whether each needs the group applied), the other groups of the same version (Compare, Copy).
//
// "Apply to instances": the spec has no apply endpoint; an instance whose
// `needToApplyParameterGroup` is true gets the group applied by
// `PUT /v3.0/db-instances/{id}` with its own `parameterGroupId` (the modify operation applies
// the group it names). That is what this panel sends, one job per instance, after a modal
// confirmation because FILE/BOTH parameters restart the instance.
import * as vscode from 'vscode';
import { waitForJob } from '../client/rds/jobs';
import type { RdsClient } from '../client/rds/client';
import { action, askAction } from '../shared/prompts';
import { BasePanel, openPanel, type Handlers } from './basePanel';
import { registerJob } from '../rds/forms/hooks';
import { clientCheckedQuery } from './clientChecked';
import { plural } from '../shared/l10n';
import { mapLimit } from '../shared/mapLimit';

export async function instancesUsingGroup(rds: RdsClient, parameterGroupId: string) {
  const { dbInstances } = await rds.listDbInstances();
  const details = await mapLimit(dbInstances, 4, (i) =>
    rds.getDbInstance({ dbInstanceId: i.dbInstanceId }).catch(() => undefined),
  );
  return details
    .filter((d) => d?.parameterGroupId === parameterGroupId)
    .map((d) => ({
      dbInstanceId: d!.dbInstanceId,
      dbInstanceName: d!.dbInstanceName,
      dbInstanceStatus: d!.dbInstanceStatus,
      needToApplyParameterGroup: d!.needToApplyParameterGroup === true,
    }));
}

export class ParameterGroupPanel extends BasePanel<'parameterGroup'> {
  static readonly kind = 'parameterGroup';

  protected readonly handlers: Handlers<'parameterGroup'> = {
    load: async ({ parameterGroupId }) => {
      const rds = await this.rds();
      const group = await rds.getParameterGroup({ parameterGroupId });
      const [instances, others] = await Promise.all([
        instancesUsingGroup(rds, parameterGroupId),
        rds
          .listParameterGroups({ query: clientCheckedQuery('listParameterGroups', { dbVersion: group.dbVersion }) })
          .then((r) => r.parameterGroups.filter((g) => g.parameterGroupId !== parameterGroupId)),
      ]);
      return { group, instances, others };
    },
    save: async ({ parameterGroupId, modifiedParameters }) => {
      await (await this.rds()).modifyParameters({ parameterGroupId, body: { modifiedParameters } });
      this.services.log.info(`Parameter group ${parameterGroupId}: ${modifiedParameters.length} parameter(s) changed.`);
      this.services.refresh();
      return null;
    },
    copy: async ({ parameterGroupId, parameterGroupName, description }) => {
      const r = await (
        await this.rds()
      ).copyParameterGroup({ parameterGroupId, body: { parameterGroupName, ...(description ? { description } : {}) } });
      this.services.refresh();
      openPanel(ParameterGroupPanel, this.services, {
        region: this.target.region,
        id: r.parameterGroupId,
        label: parameterGroupName,
      });
      return r;
    },
    compare: async ({ parameterGroupId }) => (await this.rds()).getParameterGroup({ parameterGroupId }),
    apply: async ({ dbInstanceIds, parameterGroupId }) => {
      const answer = await askAction(
        'warning',
        plural(
          dbInstanceIds.length,
          vscode.l10n.t(
            'Apply the parameter group to {0} instance? Parameters applied through the configuration file restart it.',
            dbInstanceIds.length,
          ),
          vscode.l10n.t(
            'Apply the parameter group to {0} instances? Parameters applied through the configuration file restart them.',
            dbInstanceIds.length,
          ),
        ),
        { modal: true },
        action('apply', vscode.l10n.t('Apply')),
      );
      if (answer !== 'apply') return { applied: 0 };
      const rds = await this.rds();
      // The jobs are named by the instances' names (the notifications and the jobs list), not their ids.
      const names = await rds
        .listDbInstances()
        .then((r) => new Map((r?.dbInstances ?? []).map((i) => [i.dbInstanceId, i.dbInstanceName])))
        .catch(() => new Map<string, string>());
      const results = await Promise.allSettled(
        dbInstanceIds.map(async (dbInstanceId) => {
          const { jobId } = await rds.modifyDbInstance({ dbInstanceId, body: { parameterGroupId } });
          registerJob(
            this.services,
            this.target,
            jobId,
            vscode.l10n.t('Apply parameter group to {0}', names.get(dbInstanceId) ?? dbInstanceId),
            dbInstanceId,
          );
          this.emit('apply', { dbInstanceId, jobStatus: 'SUBMITTED' });
          await waitForJob(rds, jobId, {
            signal: this.abort.signal,
            onProgress: (j) => this.emit('apply', { dbInstanceId, jobStatus: j.jobStatus }),
          });
        }),
      );
      this.services.refresh();
      const failed = results.flatMap((r, i) =>
        r.status === 'rejected'
          ? [`${dbInstanceIds[i]}: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`]
          : [],
      );
      if (failed.length)
        throw new Error(
          plural(
            failed.length,
            vscode.l10n.t('Applying failed for {0} instance: {1}', failed.length, failed.join('; ')),
            vscode.l10n.t('Applying failed for {0} instances: {1}', failed.length, failed.join('; ')),
          ),
        );
      return { applied: dbInstanceIds.length };
    },
  };
}
