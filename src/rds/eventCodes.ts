// What each RDS event code means, in the display language: the one place the tree (the Event
// Codes catalog, an event's and an event subscription's hover), the event-subscription prompts and
// anything else that shows a code read it from. The table is the vendor's own list (the user
// guide's Notification > Event section, docs.nhncloud.com en/ko/ja `notification.md`: code, event
// type, whether it can be subscribed to, description), with its translations. The service's answer
// beats the table (design.md): a code the service lists that is not here is shown as it came, with
// its category in words. vscode-free (unit-tested).
import { l10n } from '../shared/l10n';

type Entry = [category: string, subscribable: boolean, meaning: () => string];

const EVENT_CODES: Record<string, Entry> = {
  BACUP_01_00: ['BACKUP', false, () => l10n.t('Backup of DB instance started')],
  BACUP_01_01: ['BACKUP', false, () => l10n.t('Backup of DB instance completed')],
  BACUP_01_04: ['BACKUP', false, () => l10n.t('Backup of DB instance failed')],
  BACUP_02_01: ['BACKUP', true, () => l10n.t('Backup deleted')],
  BACUP_04_00: ['BACKUP', true, () => l10n.t('Object storage upload started')],
  BACUP_04_01: ['BACKUP', true, () => l10n.t('Object storage upload completed')],
  BACUP_04_04: ['BACKUP', true, () => l10n.t('Object storage upload failed')],
  BACUP_05_00: ['BACKUP', true, () => l10n.t('Backup export started')],
  BACUP_05_01: ['BACKUP', true, () => l10n.t('Backup exported')],
  BACUP_05_04: ['BACKUP', true, () => l10n.t('Backup export failed')],
  BACUP_06_01: ['BACKUP', false, () => l10n.t('Backup of DB instance failed (known cause)')],
  SECGP_01_01: ['DB_SECURITY_GROUP', false, () => l10n.t('DB security group created')],
  SECGP_02_00: ['DB_SECURITY_GROUP', false, () => l10n.t('Changing DB security group started')],
  SECGP_02_01: ['DB_SECURITY_GROUP', false, () => l10n.t('Changing DB security group completed')],
  SECGP_02_04: ['DB_SECURITY_GROUP', false, () => l10n.t('Changing DB security group failed')],
  SECGP_03_01: ['DB_SECURITY_GROUP', false, () => l10n.t('DB security group deleted')],
  INSTC_01_00: ['INSTANCE', false, () => l10n.t('Creating DB instance started')],
  INSTC_01_01: ['INSTANCE', false, () => l10n.t('Creating DB instance completed')],
  INSTC_01_04: ['INSTANCE', false, () => l10n.t('Creating DB instance failed')],
  INSTC_02_01: ['INSTANCE', true, () => l10n.t('DB instance started')],
  INSTC_03_01: ['INSTANCE', true, () => l10n.t('DB instance ended')],
  INSTC_04_00: ['INSTANCE', true, () => l10n.t('Deleting DB instance started')],
  INSTC_04_01: ['INSTANCE', true, () => l10n.t('Deleting DB instance completed')],
  INSTC_04_04: ['INSTANCE', true, () => l10n.t('Deleting DB instance failed')],
  INSTC_05_00: ['INSTANCE', true, () => l10n.t('Backup of DB instance started')],
  INSTC_05_01: ['INSTANCE', true, () => l10n.t('Backup of DB instance completed')],
  INSTC_05_04: ['INSTANCE', true, () => l10n.t('Backup of DB instance failed')],
  INSTC_06_00: ['INSTANCE', true, () => l10n.t('Restoring DB instance started')],
  INSTC_06_01: ['INSTANCE', true, () => l10n.t('Restoring DB instance completed')],
  INSTC_06_04: ['INSTANCE', true, () => l10n.t('Restoring DB instance failed')],
  INSTC_07_01: ['INSTANCE', true, () => l10n.t('Automated backup setting enabled')],
  INSTC_08_01: ['INSTANCE', true, () => l10n.t('Automated backup setting disabled')],
  INSTC_09_00: ['INSTANCE', true, () => l10n.t('Modifying detailed settings started')],
  INSTC_09_01: ['INSTANCE', true, () => l10n.t('Detailed settings modified')],
  INSTC_09_04: ['INSTANCE', true, () => l10n.t('Detailed settings modification failed')],
  INSTC_10_00: ['INSTANCE', true, () => l10n.t('Changing backup and user access control settings started')],
  INSTC_10_01: ['INSTANCE', true, () => l10n.t('Changing backup and user access control settings completed')],
  INSTC_10_04: ['INSTANCE', true, () => l10n.t('Changing backup and user access control settings failed')],
  INSTC_11_01: ['INSTANCE', true, () => l10n.t('User access control modified')],
  INSTC_13_01: ['INSTANCE', true, () => l10n.t('Floating IP associated')],
  INSTC_14_01: ['INSTANCE', true, () => l10n.t('Floating IP disassociated')],
  INSTC_15_00: ['INSTANCE', true, () => l10n.t('Replicating DB instance started')],
  INSTC_15_01: ['INSTANCE', true, () => l10n.t('Replicating DB instance completed')],
  INSTC_15_04: ['INSTANCE', true, () => l10n.t('Replicating DB instance failed')],
  INSTC_16_00: ['INSTANCE', true, () => l10n.t('Promoting DB instance started')],
  INSTC_16_01: ['INSTANCE', true, () => l10n.t('Promoting DB instance completed')],
  INSTC_16_04: ['INSTANCE', true, () => l10n.t('Promoting DB instance failed')],
  INSTC_21_01: ['INSTANCE', true, () => l10n.t('DB instance normalized')],
  INSTC_22_01: ['INSTANCE', true, () => l10n.t('Not enough DB instance storage')],
  INSTC_23_01: ['INSTANCE', true, () => l10n.t('Connecting DB instance failed')],
  INSTC_24_00: ['INSTANCE', true, () => l10n.t('Changing DB instance type started')],
  INSTC_24_01: ['INSTANCE', true, () => l10n.t('Changing DB instance type completed')],
  INSTC_24_04: ['INSTANCE', true, () => l10n.t('Changing DB instance type failed')],
  INSTC_25_00: ['INSTANCE', true, () => l10n.t('Storage expansion started')],
  INSTC_25_01: ['INSTANCE', true, () => l10n.t('Storage expanded')],
  INSTC_25_04: ['INSTANCE', true, () => l10n.t('Storage expansion failed')],
  INSTC_26_00: ['INSTANCE', true, () => l10n.t('DB instance failover occurred')],
  INSTC_26_01: ['INSTANCE', true, () => l10n.t('DB instance failover completed')],
  INSTC_26_04: ['INSTANCE', true, () => l10n.t('DB instance failover failed')],
  INSTC_27_01: ['INSTANCE', true, () => l10n.t('DB instance storage secured')],
  INSTC_27_04: ['INSTANCE', true, () => l10n.t('Securing DB instance storage failed')],
  INSTC_28_01: ['INSTANCE', true, () => l10n.t('High availability DB instance started')],
  INSTC_29_01: ['INSTANCE', true, () => l10n.t('High availability DB instance ended')],
  INSTC_30_01: ['INSTANCE', true, () => l10n.t('Replication stopped')],
  INSTC_31_00: [
    'INSTANCE',
    true,
    () => l10n.t('High availability recovery of DB instance with a completed failover started'),
  ],
  INSTC_31_01: [
    'INSTANCE',
    true,
    () => l10n.t('High availability recovery of DB instance with a completed failover completed'),
  ],
  INSTC_31_04: [
    'INSTANCE',
    true,
    () => l10n.t('High availability recovery of DB instance with a completed failover failed'),
  ],
  INSTC_32_00: [
    'INSTANCE',
    true,
    () => l10n.t('High availability rebuilding DB instance with a completed failover started'),
  ],
  INSTC_32_01: [
    'INSTANCE',
    true,
    () => l10n.t('High availability rebuilding DB instance with a completed failover completed'),
  ],
  INSTC_32_04: [
    'INSTANCE',
    true,
    () => l10n.t('High availability rebuilding DB instance with a completed failover failed'),
  ],
  INSTC_33_00: [
    'INSTANCE',
    true,
    () => l10n.t('High availability removal of DB instance with a completed failover started'),
  ],
  INSTC_33_01: [
    'INSTANCE',
    true,
    () => l10n.t('High availability removal of DB instance with a completed failover completed'),
  ],
  INSTC_33_04: [
    'INSTANCE',
    true,
    () => l10n.t('High availability removal of DB instance with a completed failover failed'),
  ],
  INSTC_34_01: ['INSTANCE', true, () => l10n.t('High availability suspended')],
  INSTC_34_04: ['INSTANCE', true, () => l10n.t('High availability suspension failed')],
  INSTC_35_01: ['INSTANCE', true, () => l10n.t('High availability restarted')],
  INSTC_35_04: ['INSTANCE', true, () => l10n.t('High availability restart failed')],
  INSTC_36_01: ['INSTANCE', true, () => l10n.t('Instance restart using failover completed')],
  INSTC_36_04: ['INSTANCE', true, () => l10n.t('Instance restart using failover failed')],
  INSTC_37_01: ['INSTANCE', true, () => l10n.t('DB user created')],
  INSTC_37_04: ['INSTANCE', true, () => l10n.t('DB user creation failed')],
  INSTC_38_01: ['INSTANCE', true, () => l10n.t('DB user updated')],
  INSTC_38_04: ['INSTANCE', true, () => l10n.t('DB user update failed')],
  INSTC_39_01: ['INSTANCE', true, () => l10n.t('DB user deleted')],
  INSTC_40_01: ['INSTANCE', true, () => l10n.t('DB schema created')],
  INSTC_40_04: ['INSTANCE', true, () => l10n.t('DB schema creation failed')],
  INSTC_41_01: ['INSTANCE', true, () => l10n.t('DB schema deleted')],
  INSTC_42_04: ['INSTANCE', false, () => l10n.t('CPU cores limit')],
  INSTC_43_04: ['INSTANCE', false, () => l10n.t('RAM capacity limit')],
  INSTC_44_04: ['INSTANCE', false, () => l10n.t('Individual volume limit')],
  INSTC_45_04: ['INSTANCE', false, () => l10n.t('Total project volume limit')],
  INSTC_46_04: ['INSTANCE', false, () => l10n.t('Read-only replicas limit')],
  INSTC_47_00: ['INSTANCE', true, () => l10n.t('DB instance backup and export started')],
  INSTC_47_01: ['INSTANCE', true, () => l10n.t('DB instance backed up and exported')],
  INSTC_47_04: ['INSTANCE', true, () => l10n.t('DB instance backup and export failed')],
  INSTC_48_00: ['INSTANCE', true, () => l10n.t('DB instance restoration using backup from the object storage started')],
  INSTC_48_01: [
    'INSTANCE',
    true,
    () => l10n.t('DB instance restoration using backup from the object storage completed'),
  ],
  INSTC_48_04: ['INSTANCE', true, () => l10n.t('DB instance restoration using backup from the object storage failed')],
  INSTC_49_00: ['INSTANCE', true, () => l10n.t('DB instance force restart started')],
  INSTC_50_00: ['INSTANCE', true, () => l10n.t('Backup export started')],
  INSTC_50_01: ['INSTANCE', true, () => l10n.t('Backup exported')],
  INSTC_50_04: ['INSTANCE', true, () => l10n.t('Backup export failed')],
  INSTC_51_01: ['INSTANCE', true, () => l10n.t('Backup of DB instance failed')],
  INSTC_52_01: ['INSTANCE', true, () => l10n.t('DB instance backup and export failed')],
  INSTC_53_00: ['INSTANCE', true, () => l10n.t('Stopping DB instance started')],
  INSTC_53_01: ['INSTANCE', true, () => l10n.t('Stopping DB instance completed')],
  INSTC_53_04: ['INSTANCE', true, () => l10n.t('Stopping DB instance failed')],
  INSTC_54_00: ['INSTANCE', true, () => l10n.t('DB instance replication rebuilding started')],
  INSTC_54_01: ['INSTANCE', true, () => l10n.t('DB instance replication rebuilding completed')],
  INSTC_54_04: ['INSTANCE', true, () => l10n.t('DB instance replication rebuilding failed')],
  INSTC_55_01: ['INSTANCE', true, () => l10n.t('Failover restart due to replication delay failed')],
  INSTC_56_00: ['INSTANCE', true, () => l10n.t('Changing DB instance security group started')],
  INSTC_56_01: ['INSTANCE', true, () => l10n.t('Changing DB instance security group completed')],
  INSTC_56_04: ['INSTANCE', true, () => l10n.t('Changing DB instance security group failed')],
  INSTC_57_00: [
    'INSTANCE',
    true,
    () => l10n.t('Changing DB instance with a completed failover to normal instance started'),
  ],
  INSTC_57_01: [
    'INSTANCE',
    true,
    () => l10n.t('Changing DB instance with a completed failover to normal instance completed'),
  ],
  INSTC_57_04: [
    'INSTANCE',
    true,
    () => l10n.t('Changing DB instance with a completed failover to normal instance failed'),
  ],
  INSTC_58_00: ['INSTANCE', true, () => l10n.t('Changing parameter group started')],
  INSTC_58_01: ['INSTANCE', true, () => l10n.t('Changing parameter group completed')],
  INSTC_58_04: ['INSTANCE', true, () => l10n.t('Changing parameter group failed')],
  INSTC_59_00: ['INSTANCE', true, () => l10n.t('Applying parameter group changes started')],
  INSTC_59_01: ['INSTANCE', true, () => l10n.t('Applying parameter group changes completed')],
  INSTC_59_04: ['INSTANCE', true, () => l10n.t('Applying parameter group changes failed')],
  INSTC_60_00: ['INSTANCE', true, () => l10n.t('DB instance migration started')],
  INSTC_60_01: ['INSTANCE', true, () => l10n.t('DB instance migration completed')],
  INSTC_60_04: ['INSTANCE', true, () => l10n.t('DB instance migration failed')],
  INSTC_61_00: ['INSTANCE', true, () => l10n.t('Candidate master rebuilding started')],
  INSTC_61_01: ['INSTANCE', true, () => l10n.t('Candidate master rebuilding completed')],
  INSTC_61_04: ['INSTANCE', true, () => l10n.t('Candidate master rebuilding failed')],
  INSTC_62_00: ['INSTANCE', true, () => l10n.t('DB engine version upgrade started')],
  INSTC_62_01: ['INSTANCE', true, () => l10n.t('DB engine version upgrade completed')],
  INSTC_62_04: ['INSTANCE', true, () => l10n.t('DB engine version upgrade failed')],
  INSTC_63_01: ['INSTANCE', true, () => l10n.t('DB instance binary logs decrypted')],
  INSTC_64_04: ['INSTANCE', true, () => l10n.t('DB engine version upgrade pre-check failed')],
  INSTC_65_00: ['INSTANCE', true, () => l10n.t('Authentication plugin activation started')],
  INSTC_65_01: ['INSTANCE', true, () => l10n.t('Authentication plugin activation completed')],
  INSTC_65_04: ['INSTANCE', true, () => l10n.t('Authentication plugin activation failed')],
  INSTC_66_00: ['INSTANCE', true, () => l10n.t('Force promoting DB instance started')],
  INSTC_66_01: ['INSTANCE', true, () => l10n.t('Force promoting DB instance completed')],
  INSTC_66_04: ['INSTANCE', true, () => l10n.t('Force promoting DB instance failed')],
  INSTC_67_00: ['INSTANCE', true, () => l10n.t('OS version upgrade started')],
  INSTC_67_01: ['INSTANCE', true, () => l10n.t('OS version upgrade ended')],
  INSTC_67_04: ['INSTANCE', true, () => l10n.t('OS version upgrade failed')],
  INSTC_68_01: ['INSTANCE', true, () => l10n.t('Network communication failed')],
  INSTC_69_00: ['INSTANCE', true, () => l10n.t('Waiting for manual control of failover')],
  INSTC_69_01: ['INSTANCE', true, () => l10n.t('Manual control of failover succeeded')],
  INSTC_69_04: ['INSTANCE', true, () => l10n.t('Manual control of failover timed out')],
  INSTC_70_01: ['INSTANCE', true, () => l10n.t('High availability normalized')],
  INSTC_71_01: ['INSTANCE', true, () => l10n.t('High availability stopped')],
  INSTC_73_00: ['INSTANCE', true, () => l10n.t('Auto scale storage started')],
  INSTC_73_01: ['INSTANCE', true, () => l10n.t('Auto scale storage completed')],
  INSTC_73_04: ['INSTANCE', true, () => l10n.t('Auto scale storage failed')],
  INSTC_75_00: ['INSTANCE', true, () => l10n.t('Add VIP started')],
  INSTC_75_01: ['INSTANCE', true, () => l10n.t('Add VIP completed')],
  INSTC_75_04: ['INSTANCE', true, () => l10n.t('Add VIP failed')],
  INSTC_76_00: ['INSTANCE', true, () => l10n.t('Maintenance started')],
  INSTC_76_01: ['INSTANCE', true, () => l10n.t('Maintenance completed')],
  INSTC_76_02: ['INSTANCE', true, () => l10n.t('Maintenance skipped')],
  INSTC_76_04: ['INSTANCE', true, () => l10n.t('Maintenance failed')],
  INSTC_76_05: ['INSTANCE', true, () => l10n.t('Failed to schedule maintenance')],
  TENAT_01_04: ['TENANT', true, () => l10n.t('CPU cores limit')],
  TENAT_02_04: ['TENANT', true, () => l10n.t('RAM capacity limit')],
  TENAT_03_04: ['TENANT', true, () => l10n.t('Individual volume limit')],
  TENAT_04_04: ['TENANT', true, () => l10n.t('Total project volume limit')],
  TENAT_05_04: ['TENANT', true, () => l10n.t('Read-only replicas limit')],
};

/** What the event code means ("Backup of DB instance completed"), or undefined for a code the guide does not list. */
export function eventCodeMeaning(code: string | null | undefined): string | undefined {
  return code ? EVENT_CODES[code]?.[2]() : undefined;
}

/** Whether the guide says the code can be subscribed to (undefined for a code it does not list). */
export function eventCodeSubscribable(code: string): boolean | undefined {
  return EVENT_CODES[code]?.[1];
}

/** Every code the guide lists, in its order. */
export const KNOWN_EVENT_CODES: readonly string[] = Object.keys(EVENT_CODES);

/** An event category (the API's `eventCategoryType`) in words; a category not listed here as it came. */
export function eventCategoryLabel(category: string | null | undefined): string {
  switch (category) {
    case 'ALL':
      return l10n.t('Every event');
    case 'INSTANCE':
    case 'DB_INSTANCE':
      return l10n.t('DB instance events');
    case 'BACKUP':
      return l10n.t('Backup events');
    case 'DB_SECURITY_GROUP':
      return l10n.t('DB security group events');
    case 'TENANT':
      return l10n.t('Project events');
    case 'JOB':
      return l10n.t('Job events');
    case 'MONITORING':
      return l10n.t('Monitoring events');
    default:
      return category ?? '';
  }
}

/**
 * A code as a row or a hover names it: "Backup of DB instance completed (BACUP_01_01)"; a code the
 * guide does not list keeps its own name.
 */
export function eventCodeText(code: string): string {
  const meaning = eventCodeMeaning(code);
  return meaning ? l10n.t('{0} ({1})', meaning, code) : code;
}
