// DB security-group rules (extension side). Adding, changing and deleting rules are jobs: the
// handler waits for each job, then answers with the group as it now is.
import * as vscode from 'vscode';
import { waitForJob } from '../client/rds/jobs';
import { BasePanel, type Handlers } from './basePanel';
import { registerJob } from '../rds/forms/hooks';
import { clientCheckedBody } from './clientChecked';

export class SecurityGroupPanel extends BasePanel<'securityGroup'> {
  static readonly kind = 'securityGroup';

  private async afterJob(dbSecurityGroupId: string, jobId: string) {
    const rds = await this.rds();
    registerJob(
      this.services,
      this.target,
      jobId,
      vscode.l10n.t('Change rules of DB security group {0}', this.target.label ?? dbSecurityGroupId),
    );
    await waitForJob(rds, jobId, {
      signal: this.abort.signal,
      onProgress: (j) => this.emit('job', { jobStatus: j.jobStatus }),
    });
    this.services.refresh();
    return rds.getDbSecurityGroup({ dbSecurityGroupId });
  }

  protected readonly handlers: Handlers<'securityGroup'> = {
    load: async ({ dbSecurityGroupId }) => (await this.rds()).getDbSecurityGroup({ dbSecurityGroupId }),
    addRule: async ({ dbSecurityGroupId, rule }) => {
      const { jobId } = await (
        await this.rds()
      ).createDbSecurityGroupRule({ dbSecurityGroupId, body: clientCheckedBody('createDbSecurityGroupRule', rule) });
      return this.afterJob(dbSecurityGroupId, jobId);
    },
    modifyRule: async ({ dbSecurityGroupId, ruleId, rule }) => {
      const { jobId } = await (
        await this.rds()
      ).modifyDbSecurityGroupRule({
        dbSecurityGroupId,
        ruleId,
        body: clientCheckedBody('modifyDbSecurityGroupRule', rule),
      });
      return this.afterJob(dbSecurityGroupId, jobId);
    },
    deleteRules: async ({ dbSecurityGroupId, ruleIds }) => {
      const { jobId } = await (await this.rds()).deleteDbSecurityGroupRules({ dbSecurityGroupId, query: { ruleIds } });
      return this.afterJob(dbSecurityGroupId, jobId);
    },
  };
}
