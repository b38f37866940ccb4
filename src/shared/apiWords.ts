// A state or kind as the services write it (AVAILABLE, BACKING_UP, NEED_TO_APPLY, DOWN, MANUAL), in
// words a person reads in their language, for every row and hover of the tree (issue 63: rows
// showed the API's enums). One table for every service: the documented states of RDS (instances,
// progress, backups, schemas, users, parameter and security groups, maintenances), its instance
// roles and backup kinds, and the network's (floating IPs, transit hub parts). A value this table
// does not know (the live service adds some) is shown as the service wrote it: the service is the
// truth. vscode-free. test/support/treeTexts.ts checks that no row of the walked tree shows a
// value of this table as the API spells it.
import { l10n } from './l10n';

/** Each known state's words; functions, so the text is looked up in the language of the moment. */
const WORDS: Record<string, () => string> = {
  // DB instances (dbInstanceStatus)
  AVAILABLE: () => l10n.t('Available'),
  BEFORE_CREATE: () => l10n.t('Waiting to be created'),
  STORAGE_FULL: () => l10n.t('Storage full'),
  FAIL_TO_CREATE: () => l10n.t('Creation failed'),
  FAIL_TO_CONNECT: () => l10n.t('Cannot connect'),
  REPLICATION_STOP: () => l10n.t('Replication stopped'),
  REPLICATION_DELAY: () => l10n.t('Replication delayed'),
  FAILOVER: () => l10n.t('Failed over'),
  SHUTDOWN: () => l10n.t('Stopped'),
  DELETED: () => l10n.t('Deleted'),
  // Backups, schemas, users, groups
  COMPLETED: () => l10n.t('Completed'),
  ERROR: () => l10n.t('Error'),
  FAILED: () => l10n.t('Failed'),
  PENDING_DELETION: () => l10n.t('Deletion pending'),
  STABLE: () => l10n.t('Ready'),
  NEED_TO_APPLY: () => l10n.t('Changes to apply'),
  // Maintenances
  PENDING: () => l10n.t('Waiting for you'),
  SUSPENDED: () => l10n.t('Suspended'),
  READY: () => l10n.t('Scheduled'),
  RUNNING: () => l10n.t('Running'),
  DONE: () => l10n.t('Done'),
  CANCELED: () => l10n.t('Cancelled'),
  // Who registered a maintenance (its category)
  PROVIDER: () => l10n.t('By NHN Cloud'),
  USER: () => l10n.t('By you'),
  // Instance roles (dbInstanceType) and backup kinds (backupType)
  MASTER: () => l10n.t('Primary'),
  CANDIDATE_MASTER: () => l10n.t('Standby'),
  READ_ONLY_SLAVE: () => l10n.t('Read replica'),
  FAILED_MASTER: () => l10n.t('Failed primary'),
  AUTO: () => l10n.t('Automatic'),
  MANUAL: () => l10n.t('Manual'),
  // Network (floating IPs; transit hub parts)
  ACTIVE: () => l10n.t('Active'),
  DOWN: () => l10n.t('Down'),
  BUILD: () => l10n.t('Being built'),
  // Work in progress (progressStatus of instances and security groups, backupStatus, dbSchemaStatus)
  APPLYING_PARAMETER_GROUP: () => l10n.t('Applying the parameter group'),
  BACKING_UP: () => l10n.t('Backing up'),
  CANCELING: () => l10n.t('Cancelling'),
  CREATING: () => l10n.t('Creating'),
  CREATING_SCHEMA: () => l10n.t('Creating a DB schema'),
  CREATING_USER: () => l10n.t('Creating a user'),
  DELETING: () => l10n.t('Deleting'),
  DELETING_SCHEMA: () => l10n.t('Deleting a DB schema'),
  DELETING_USER: () => l10n.t('Deleting a user'),
  EXPORTING_BACKUP: () => l10n.t('Exporting a backup'),
  FAILING_OVER: () => l10n.t('Failing over'),
  MIGRATING: () => l10n.t('Migrating'),
  MODIFYING: () => l10n.t('Modifying'),
  PREPARING: () => l10n.t('Preparing'),
  PROMOTING: () => l10n.t('Promoting'),
  REBUILDING: () => l10n.t('Rebuilding'),
  REPAIRING: () => l10n.t('Repairing'),
  REPLICATING: () => l10n.t('Replicating'),
  RESTARTING: () => l10n.t('Restarting'),
  RESTARTING_FORCIBLY: () => l10n.t('Restarting forcibly'),
  RESTORING: () => l10n.t('Restoring'),
  STARTING: () => l10n.t('Starting'),
  STOPPING: () => l10n.t('Stopping'),
  SYNCING_SCHEMA: () => l10n.t('Syncing DB schemas'),
  SYNCING_USER: () => l10n.t('Syncing users'),
  UPDATING_USER: () => l10n.t('Updating a user'),
  CREATING_RULE: () => l10n.t('Creating a rule'),
  UPDATING_RULE: () => l10n.t('Updating a rule'),
  DELETING_RULE: () => l10n.t('Deleting a rule'),
};

/** Every value the table names (the tree-text check looks for these, spelt as the API spells them). */
export const WORDED_VALUES: readonly string[] = Object.keys(WORDS);

/** A value in words; "-" for none; a value the table does not know, as the service wrote it. */
export function inWords(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return WORDS[value]?.() ?? value;
}

/** Work in progress as a row shows it while it runs: "Backing up..." */
export function progressText(progressStatus: string): string {
  return l10n.t('{0}...', inWords(progressStatus));
}
