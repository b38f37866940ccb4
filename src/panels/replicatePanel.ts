// Create a read replica (extension side): prefilled from the source; what the person leaves
// empty is omitted from the body and the service takes the source's value (spec: replicate).
import * as vscode from 'vscode';
import type { Handlers } from './basePanel';
import { FormPanel } from './formDraft';
import { registerJob } from '../rds/forms/hooks';
import { instanceJobs, loadCatalog, loadSource, parameterGroupsOf, revealInstance } from './wizardSupport';
import { clientCheckedBody } from './clientChecked';

export class ReplicatePanel extends FormPanel<'replicate'> {
  private readonly track = instanceJobs(
    () => this.rds(),
    (e) => this.emit('job', e),
    this.abort.signal,
    () => this.services.refresh(),
  );

  static readonly kind = 'replicate';

  protected override async initData() {
    return { source: await loadSource(await this.rds(), this.target.id!) };
  }

  protected readonly handlers: Handlers<'replicate'> = {
    ...this.formHandlers,
    loadCatalog: async () => loadCatalog(await this.rds(), this.site()),
    parameterGroups: async ({ dbVersion }) => parameterGroupsOf(await this.rds(), dbVersion),
    submit: async ({ dbInstanceId, body }) => {
      const { jobId } = await (
        await this.rds()
      ).replicateDbInstance({ dbInstanceId, body: clientCheckedBody('replicateDbInstance', body) });
      this.services.log.info(`Replicate DB instance ${dbInstanceId} as ${String(body.dbInstanceName)}: job ${jobId}`);
      registerJob(this.services, this.target, jobId, vscode.l10n.t('Replicate as {0}', String(body.dbInstanceName)));
      return { jobId };
    },
    track: ({ jobId }) => this.track(jobId),
    reveal: async ({ dbInstanceId }) => revealInstance(this.services, this.target, dbInstanceId),
  };
}
