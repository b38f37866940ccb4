// Create DB instance (extension side). The webview builds the body and checks it with the
// client's CreateDbInstanceBody schema as it is typed; the client checks it again on send.
import * as vscode from 'vscode';
import type { Handlers } from './basePanel';
import { FormPanel } from './formDraft';
import { registerJob } from '../rds/forms/hooks';
import { loadCatalog, parameterGroupsOf, instanceJobs, revealInstance } from './wizardSupport';
import { clientCheckedBody } from './clientChecked';

export class CreateInstancePanel extends FormPanel<'createInstance'> {
  private readonly track = instanceJobs(
    () => this.rds(),
    (e) => this.emit('job', e),
    this.abort.signal,
    () => this.services.refresh(),
  );

  static readonly kind = 'createInstance';

  protected readonly handlers: Handlers<'createInstance'> = {
    ...this.formHandlers,
    loadCatalog: async () => loadCatalog(await this.rds(), this.site()),
    parameterGroups: async ({ dbVersion }) => parameterGroupsOf(await this.rds(), dbVersion),
    submit: async ({ body }) => {
      const rds = await this.rds();
      const { jobId } = await rds.createDbInstance({ body: clientCheckedBody('createDbInstance', body) });
      this.services.log.info(
        `Create DB instance ${String(body.dbInstanceName)} in ${this.target.region}: job ${jobId}`,
      );
      registerJob(
        this.services,
        this.target,
        jobId,
        vscode.l10n.t('Create DB instance {0}', String(body.dbInstanceName)),
      );
      return { jobId };
    },
    track: ({ jobId }) => this.track(jobId),
    reveal: async ({ dbInstanceId }) => revealInstance(this.services, this.target, dbInstanceId),
  };
}
