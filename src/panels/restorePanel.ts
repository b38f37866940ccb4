// Restore (extension side): from an instance (point in time, binary-log position, backup),
// from a backup itself, or from object storage. The instance sections are prefilled from the
// source instance (or the backup's instance when it still exists).
import * as vscode from 'vscode';
import type { Handlers } from './basePanel';
import { FormPanel } from './formDraft';
import { registerJob } from '../rds/forms/hooks';
import { findBackup, instanceJobs, loadCatalog, loadSource, parameterGroupsOf, revealInstance } from './wizardSupport';
import { clientCheckedBody, clientCheckedQuery } from './clientChecked';

export class RestorePanel extends FormPanel<'restore'> {
  private readonly track = instanceJobs(
    () => this.rds(),
    (e) => this.emit('job', e),
    this.abort.signal,
    () => this.services.refresh(),
  );

  static readonly kind = 'restore';

  protected override async initData() {
    const rds = await this.rds();
    const { source, id } = this.target;
    if (source === 'instance' && id) return { source: await loadSource(rds, id) };
    if (source === 'backup' && id) {
      const backup = await findBackup(rds, id);
      if (!backup)
        throw new Error(
          vscode.l10n.t(
            'Backup {0} was not found in {1}. It may have been deleted; refresh the explorer.',
            id,
            this.target.region,
          ),
        );
      // The backup's instance may be gone; then the form starts from the backup's engine only.
      const from = backup.dbInstanceId ? await loadSource(rds, backup.dbInstanceId).catch(() => undefined) : undefined;
      return { backup, source: from ?? { instance: { dbVersion: backup.dbVersion } } };
    }
    return {};
  }

  protected readonly handlers: Handlers<'restore'> = {
    ...this.formHandlers,
    loadCatalog: async () => loadCatalog(await this.rds(), this.site()),
    parameterGroups: async ({ dbVersion }) => parameterGroupsOf(await this.rds(), dbVersion),
    restorationInfo: async ({ dbInstanceId }) => (await this.rds()).getRestorationInfo({ dbInstanceId }),
    lastQuery: async ({ dbInstanceId, query }) =>
      (await this.rds()).getLastQuery({ dbInstanceId, query: clientCheckedQuery('getLastQuery', query) }),
    listBackups: async ({ dbInstanceId }) =>
      (await this.rds()).listBackups({ query: { page: 1, size: 100, ...(dbInstanceId ? { dbInstanceId } : {}) } }),
    submit: async ({ mode, dbInstanceId, backupId, body }) => {
      const rds = await this.rds();
      let jobId: string;
      if (mode === 'instance') {
        if (!dbInstanceId) throw new Error(vscode.l10n.t('No source instance was given.'));
        ({ jobId } = await rds.restoreDbInstance({ dbInstanceId, body: clientCheckedBody('restoreDbInstance', body) }));
      } else if (mode === 'backup') {
        if (!backupId) throw new Error(vscode.l10n.t('No backup was given.'));
        ({ jobId } = await rds.restoreFromBackup({ backupId, body: clientCheckedBody('restoreFromBackup', body) }));
      } else
        ({ jobId } = await rds.restoreFromObjectStorage({ body: clientCheckedBody('restoreFromObjectStorage', body) }));
      this.services.log.info(
        `Restore (${mode}) as ${String(body.dbInstanceName)} in ${this.target.region}: job ${jobId}`,
      );
      registerJob(this.services, this.target, jobId, vscode.l10n.t('Restore as {0}', String(body.dbInstanceName)));
      return { jobId };
    },
    track: ({ jobId }) => this.track(jobId),
    reveal: async ({ dbInstanceId }) => revealInstance(this.services, this.target, dbInstanceId),
  };
}
