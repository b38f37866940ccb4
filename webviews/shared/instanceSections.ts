// The instance sections of the wizard form (engine, instance, storage, network, settings, high
// availability, backups, administrator account, options) for each mode, with the backup
// schedule rows and their conversion to and from the flat form values.
import { l10n } from '../../src/shared/l10n';
import { BACKUP_WND_DURATIONS, TLS_OPTIONS } from '../../src/client/rds/schemas';
import { offeredDbVersions } from '../../src/client/rds/engines';
import { STORAGE_AUTOSCALE_LIMITS } from '../../src/client/rds/schemas/v4Changed';
import type { RdsClientApiVersion } from '../../src/client/rds/versions';
import type { BackupSchedule, FormValues } from '../../src/panels/model/instanceForm';
import { h } from './dom';
import { button, checkField, FormStore, multiField, section, selectField, textField, type Option } from './form';

export type WizardMode = 'create' | 'restore' | 'backup' | 'obs' | 'replicate';

export interface Catalog {
  /** Newest first, as the service lists them (its `canCreate` and `restorableFromObs` decide what is offered). */
  dbVersions: Array<{ dbVersion: string; dbVersionName?: string; canCreate?: boolean; restorableFromObs?: boolean }>;
  flavors: Array<{ dbFlavorId: string; dbFlavorName: string; ram: number; vcpus: number }>;
  subnets: Array<{ subnetId: string; subnetName: string; subnetCidr?: string; availableIpCount?: number }>;
  storageTypes: string[];
  securityGroups: Array<{ dbSecurityGroupId: string; dbSecurityGroupName: string }>;
  userGroups: Array<{ userGroupId: string; userGroupName: string }>;
  /** Where backups may be replicated: the site's other RDS regions (none on a one-region site). */
  backupRegions: string[];
  /** The region's availability zones as the site's guides name them; empty: free text. */
  availabilityZones: string[];
  /** The profile's RDS API version: v4.0 adds storage autoscale and slow query analysis. */
  rdsApiVersion: RdsClientApiVersion;
}

export const opt = (value: string, label = value): Option => ({ value, label });
const DURATION_LABELS: Record<string, string> = {
  HALF_AN_HOUR: l10n.t('30 minutes'),
  ONE_HOUR: l10n.t('1 hour'),
  ONE_HOUR_AND_HALF: l10n.t('1.5 hours'),
  TWO_HOURS: l10n.t('2 hours'),
  TWO_HOURS_AND_HALF: l10n.t('2.5 hours'),
  THREE_HOURS: l10n.t('3 hours'),
};

export function schedulesOf(values: FormValues): BackupSchedule[] {
  const n = Number(values['#schedules'] ?? 0);
  return Array.from({ length: n }, (_, i) => ({
    backupWndBgnTime: String(values[`backup.backupSchedules[${i}].backupWndBgnTime`] ?? ''),
    backupWndDuration: String(values[`backup.backupSchedules[${i}].backupWndDuration`] ?? ''),
  }));
}

export function schedulesToValues(schedules: BackupSchedule[]): FormValues {
  const out: FormValues = { '#schedules': String(schedules.length) };
  schedules.forEach((s, i) => {
    out[`backup.backupSchedules[${i}].backupWndBgnTime`] = s.backupWndBgnTime;
    out[`backup.backupSchedules[${i}].backupWndDuration`] = s.backupWndDuration;
  });
  return out;
}

/** The backup schedule box and its Add button, owned by the wizard that renders the rows. */
export interface ScheduleSlot {
  box: HTMLElement;
  add: () => void;
}

/** The form sections of `mode` after the wizard's leading ones, in page order. */
export function instanceSections(
  s: FormStore,
  m: WizardMode,
  catalog: Catalog,
  schedules: ScheduleSlot,
): Array<HTMLElement | null> {
  const parts: Array<HTMLElement | null> = [];

  if (m === 'create' || m === 'obs') {
    // What the service says can be created (or restored from object storage) in its order, newest
    // first; the guides' table decides only where the service's list lacks the flag.
    const versions = offeredDbVersions(catalog.dbVersions, m === 'obs' ? 'obs' : 'create');
    parts.push(
      section(
        l10n.t('Engine'),
        selectField(
          s,
          'dbVersion',
          l10n.t('DB engine version'),
          versions.map((v) => opt(v.dbVersion, v.dbVersionName || v.dbVersion)),
          { empty: l10n.t('Choose a version') },
        ),
      ),
    );
  }
  parts.push(
    section(
      l10n.t('Instance'),
      textField(s, 'dbInstanceName', m === 'replicate' ? l10n.t('Replica name') : l10n.t('Instance name')),
      textField(s, 'description', l10n.t('Description')),
      selectField(
        s,
        'dbFlavorId',
        l10n.t('Flavor'),
        catalog.flavors.map((f) =>
          opt(f.dbFlavorId, l10n.t('{0} ({1} vCPU, {2} RAM)', f.dbFlavorName, f.vcpus, formatRam(f.ram))),
        ),
        {
          empty: m === 'replicate' ? l10n.t('Same as the source') : l10n.t('Choose a flavor'),
        },
      ),
    ),
    section(
      l10n.t('Storage'),
      selectField(
        s,
        'storage.storageType',
        l10n.t('Storage type'),
        catalog.storageTypes.map((t) => opt(t)),
        { empty: m === 'replicate' ? l10n.t('Same as the source') : l10n.t('Choose a type') },
      ),
      textField(s, 'storage.storageSize', l10n.t('Storage size (GB)'), {
        type: 'number',
        min: 20,
        max: 2048,
        help: l10n.t('20 to 2048 GB') + (m === 'replicate' ? l10n.t('; empty: same as the source') : ''),
      }),
      ...(catalog.rdsApiVersion === 'v4.0' ? autoscaleFields(s, m) : []),
    ),
    section(
      l10n.t('Network'),
      m === 'replicate'
        ? null
        : selectField(
            s,
            'network.subnetId',
            l10n.t('Subnet'),
            catalog.subnets.map((n) =>
              opt(
                n.subnetId,
                l10n.t('{0} {1} ({2} free IPs)', n.subnetName, n.subnetCidr ?? '', n.availableIpCount ?? '?'),
              ),
            ),
            {
              empty: l10n.t('Choose a subnet'),
            },
          ),
      catalog.availabilityZones.length
        ? selectField(
            s,
            'network.availabilityZone',
            l10n.t('Availability zone'),
            catalog.availabilityZones.map((z) => opt(z)),
            { empty: l10n.t('Choose a zone') },
          )
        : textField(s, 'network.availabilityZone', l10n.t('Availability zone'), {
            help: l10n.t('The zone as the console names it in this region'),
          }),
      checkField(s, 'network.usePublicAccess', l10n.t('Public access (an external domain and address)')),
      textField(s, 'dbPort', l10n.t('Port'), {
        type: 'number',
        min: 3306,
        max: 43306,
        help: l10n.t('3306 to 43306') + (m === 'replicate' ? l10n.t('; empty: same as the source') : ''),
      }),
    ),
    section(
      l10n.t('Settings'),
      selectField(s, 'parameterGroupId', l10n.t('Parameter group'), [], {
        empty: m === 'replicate' ? l10n.t('Same as the source') : l10n.t('Choose a parameter group'),
        help: l10n.t('Only groups of the chosen engine version are listed.'),
      }),
      multiField(
        s,
        'dbSecurityGroupIds',
        l10n.t('DB security groups'),
        catalog.securityGroups.map((g) => opt(g.dbSecurityGroupId, g.dbSecurityGroupName)),
      ),
      multiField(
        s,
        'userGroupIds',
        l10n.t('User groups (notified)'),
        catalog.userGroups.map((g) => opt(g.userGroupId, g.userGroupName)),
      ),
    ),
    m === 'replicate'
      ? section(
          l10n.t('High availability'),
          textField(s, 'dbInstanceCandidateName', l10n.t('Standby name'), {
            help: l10n.t('Only used when the source has high availability.'),
          }),
        )
      : section(
          l10n.t('High availability'),
          checkField(s, 'useHighAvailability', l10n.t('Use high availability (a standby in another zone)')),
          textField(s, 'dbInstanceCandidateName', l10n.t('Standby name')),
          textField(s, 'pingInterval', l10n.t('Ping interval (seconds)'), {
            type: 'number',
            min: 1,
            max: 600,
            help: l10n.t('1 to 600, default 3'),
          }),
        ),
    section(
      l10n.t('Backups'),
      textField(s, 'backup.backupPeriod', l10n.t('Retention (days)'), {
        type: 'number',
        min: 0,
        max: 730,
        help: l10n.t('0 to 730'),
      }),
      h('h3', null, l10n.t('Schedules')),
      schedules.box,
      button(l10n.t('Add schedule'), schedules.add, { secondary: true }),
      textField(s, 'backup.backupRetryCount', l10n.t('Retries'), {
        type: 'number',
        min: 0,
        max: 10,
        help: l10n.t('0 to 10, default 0'),
      }),
      textField(s, 'backup.ftwrlWaitTimeout', l10n.t('FTWRL wait timeout (seconds)'), {
        type: 'number',
        min: 0,
        max: 21600,
        help: l10n.t('0 to 21600, default 1800'),
      }),
      selectField(
        s,
        'backup.replicationRegion',
        l10n.t('Replicate backups to region'),
        catalog.backupRegions.map((r) => opt(r)),
        { empty: l10n.t('No replication') },
      ),
      checkField(s, 'backup.useBackupLock', l10n.t('Use the backup lock')),
    ),
  );
  if (m === 'create') {
    parts.push(
      section(
        l10n.t('Administrator account'),
        textField(s, 'dbUserName', l10n.t('DB user name'), { help: l10n.t('1 to 32 characters') }),
        textField(s, 'dbPassword', l10n.t('Password'), {
          type: 'password',
          help: l10n.t('4 to 256 characters; never stored by the panel'),
        }),
        // Not a field of the request (the panel compares the two): marked by hand.
        textField(s, 'dbPasswordConfirm', l10n.t('Password again'), { type: 'password', required: true }),
        selectField(s, 'authenticationPlugin', l10n.t('Authentication plugin'), [], {
          empty: l10n.t('Service default'),
        }),
        selectField(
          s,
          'tlsOption',
          'TLS',
          TLS_OPTIONS.map((t) => opt(t)),
          { empty: l10n.t('Service default') },
        ),
      ),
    );
  }
  parts.push(
    section(
      l10n.t('Options'),
      m === 'obs' ? null : checkField(s, 'useDeletionProtection', l10n.t('Deletion protection')),
      checkField(s, 'useDefaultNotification', l10n.t('Default notification')),
      catalog.rdsApiVersion === 'v4.0'
        ? checkField(
            s,
            'useSlowQueryAnalysis',
            l10n.t('Slow query analysis'),
            l10n.t('Collects and analyses the slow query log (RDS API v4.0)'),
          )
        : null,
    ),
  );
  return parts;
}

/** Storage autoscale (RDS API v4.0): the switch, then its settings with the guide's limits. */
function autoscaleFields(s: FormStore, m: WizardMode): HTMLElement[] {
  const { threshold, maxStorageSize, cooldownTime } = STORAGE_AUTOSCALE_LIMITS;
  return [
    checkField(
      s,
      'storage.storageAutoscale.useStorageAutoscale',
      l10n.t('Storage autoscale'),
      m === 'replicate'
        ? l10n.t('Grows the storage when it fills up; off: the service default')
        : l10n.t('Grows the storage when it fills up'),
    ),
    textField(s, 'storage.storageAutoscale.threshold', l10n.t('Grow at usage (%)'), {
      type: 'number',
      min: threshold.min,
      max: threshold.max,
      help: l10n.t('{0} to {1} %', threshold.min, threshold.max),
    }),
    textField(s, 'storage.storageAutoscale.maxStorageSize', l10n.t('Maximum size (GB)'), {
      type: 'number',
      min: maxStorageSize.min,
      max: maxStorageSize.max,
      help: l10n.t('Up to {0} GB, not below the storage size', maxStorageSize.max),
    }),
    textField(s, 'storage.storageAutoscale.cooldownTime', l10n.t('Pause between growths (minutes)'), {
      type: 'number',
      min: cooldownTime.min,
      max: cooldownTime.max,
      help: l10n.t('{0} to {1} minutes', cooldownTime.min, cooldownTime.max),
    }),
  ];
}

/** One row per backup schedule (start, window, Remove), or the hint when there is none. */
export function scheduleRows(store: FormStore, mode: WizardMode, remove: (i: number) => void): HTMLElement[] {
  for (const k of [...store.fields.keys()]) if (k.startsWith('backup.backupSchedules[')) store.fields.delete(k);
  const list = schedulesOf(store.values);
  return [
    ...list.map((_, i) =>
      h(
        'div',
        { class: 'schedule-row' },
        textField(store, `backup.backupSchedules[${i}].backupWndBgnTime`, l10n.t('Start {0} (hh:mm:ss)', i + 1), {
          placeholder: '03:00:00',
        }),
        selectField(
          store,
          `backup.backupSchedules[${i}].backupWndDuration`,
          l10n.t('Window'),
          BACKUP_WND_DURATIONS.map((d) => opt(d, DURATION_LABELS[d])),
        ),
        button(l10n.t('Remove'), () => remove(i), { secondary: true }),
      ),
    ),
    list.length
      ? h('span')
      : h(
          'p',
          { class: 'field-help' },
          mode === 'replicate'
            ? l10n.t('None: the source instance’s schedules are used.')
            : l10n.t('Add at least one schedule.'),
        ),
  ];
}

function formatRam(mb: number): string {
  return mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${mb} MB`;
}
