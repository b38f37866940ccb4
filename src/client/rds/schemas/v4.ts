// Schemas of the eighteen operations only RDS API v4.0 has (../v4Rows.ts), from the vendor's guide
// `en/api-guide-v4.0.md` and its successor `en/public/api-guide-mysql-v4.0.md`. Shared operations
// whose fields changed in v4.0 are in ./v4Changed.ts.
import * as z from 'zod/mini';
import { ObjectStorageTarget } from './instances';
import {
  bool,
  EmptyResponse,
  enumOf,
  EVENT_CATEGORY_TYPES,
  flag,
  id,
  idList,
  JobIdResponse,
  listOf,
  LOG_FILE_TYPES,
  loose,
  msg,
  nonEmpty,
  num,
  opt,
  optText,
  Paging,
  str,
  strings,
  textLength,
  when,
} from './fields';
import { BackupItem } from './backups';

export const BACKUP_METHOD_TYPES = ['FULL', 'INCREMENTAL', 'SNAPSHOT'] as const;
export type BackupMethodType = (typeof BACKUP_METHOD_TYPES)[number];
export const CERTIFICATE_TYPES = ['CA_FILE', 'CERT_FILE', 'KEY_FILE'] as const;

/**
 * Create Backup: a full or snapshot backup of an instance, or an incremental one on a base
 * backup (the guide: `dbInstanceId` for FULL and SNAPSHOT, `baseBackupId` for INCREMENTAL).
 */
export const CreateBackupBody = z.discriminatedUnion(
  'backupMethodType',
  [
    z.strictObject({
      backupName: nonEmpty('backupName'),
      backupMethodType: z.literal('FULL'),
      dbInstanceId: id('dbInstanceId'),
    }),
    z.strictObject({
      backupName: nonEmpty('backupName'),
      backupMethodType: z.literal('SNAPSHOT'),
      dbInstanceId: id('dbInstanceId'),
    }),
    z.strictObject({
      backupName: nonEmpty('backupName'),
      backupMethodType: z.literal('INCREMENTAL'),
      baseBackupId: id('baseBackupId'),
    }),
  ],
  msg('backupMethodType', `must be one of ${BACKUP_METHOD_TYPES.join(', ')}`),
);

/** A backup as v4.0 describes it: v3.0's fields, its method, and whether it can seed a replica. */
export const BackupV4 = loose({
  ...BackupItem.def.shape,
  regionCode: str,
  dbInstanceName: str,
  backupMethodType: str,
  backupFileType: str,
  isReplicable: flag,
  binLogFileName: str,
  binLogPosition: num,
});

export const SUBSCRIPTION_CATEGORY_TYPES = EVENT_CATEGORY_TYPES;

const SubscriptionSource = z.strictObject({
  sourceId: id('sources[].sourceId'),
  eventCategoryType: enumOf('sources[].eventCategoryType', EVENT_CATEGORY_TYPES),
});

const subscriptionFields = {
  eventCategoryType: enumOf('eventCategoryType', EVENT_CATEGORY_TYPES),
  eventSubscriptionName: textLength('eventSubscriptionName', 1, 100),
  enabled: bool('enabled'),
  notifyEmail: bool('notifyEmail'),
  notifySms: bool('notifySms'),
  eventCodes: z.array(nonEmpty('eventCodes[]'), msg('eventCodes', 'must be a list of event codes')),
  sources: z.array(SubscriptionSource, msg('sources', 'must be a list of event sources')),
  userGroupIds: idList('userGroupIds'),
};

export const CreateEventSubscriptionBody = z.strictObject(subscriptionFields);
/** Modify: every field optional (the guide), the ones given replace the subscription's. */
export const ModifyEventSubscriptionBody = z.strictObject({
  eventCategoryType: z.optional(subscriptionFields.eventCategoryType),
  eventSubscriptionName: z.optional(subscriptionFields.eventSubscriptionName),
  enabled: z.optional(subscriptionFields.enabled),
  notifyEmail: z.optional(subscriptionFields.notifyEmail),
  notifySms: z.optional(subscriptionFields.notifySms),
  eventCodes: z.optional(subscriptionFields.eventCodes),
  sources: z.optional(subscriptionFields.sources),
  userGroupIds: z.optional(subscriptionFields.userGroupIds),
});

export const EventSubscription = loose({
  eventSubscriptionId: z.string(),
  eventCategoryType: str,
  eventSubscriptionName: str,
  enabled: flag,
  notifyEmail: flag,
  notifySms: flag,
  eventCodes: strings,
  sources: z.optional(z.nullable(z.array(loose({ sourceId: z.string(), eventCategoryType: str })))),
  userGroupIds: strings,
  createdYmdt: when,
});

export const ListEventSubscriptionsQuery = z.optional(
  z.strictObject({
    page: z.optional(Paging.page),
    size: z.optional(Paging.size),
    eventSubscriptionId: optText('eventSubscriptionId'),
    eventSubscriptionName: optText('eventSubscriptionName'),
    userGroupId: optText('userGroupId'),
  }),
);

/**
 * Maintenances (issue 61): the categories, types and statuses the guide lists. They are what the
 * tree knows how to name; requests take any non-empty text for them, since a maintenance is run
 * or scheduled with the category and type its listing gave it, and the service adds types.
 */
export const MAINTENANCE_CATEGORIES = ['USER', 'PROVIDER', 'AUTO'] as const;
export const MAINTENANCE_TYPES = [
  'UPDATE_DB_INSTANCE',
  'UPGRADE_ENGINE_VERSION',
  'APPLY_CHANGE_PARAMETER',
  'UPGRADE_OS',
  'PATCH_SECURITY',
  'MIGRATION',
  'CLEANUP_STORAGE',
] as const;
export const MAINTENANCE_STATUSES = [
  'PENDING',
  'READY',
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'EXCLUDED',
  'DELETED',
  'SUSPENDED',
  'UNKNOWN',
] as const;

/**
 * Run Now and Schedule name the maintenance by its setting (`configId`), category, type and
 * payload; the guide takes the payload as text where the listing gives an object (its JSON).
 */
export const MaintenanceActionBody = z.strictObject({
  configId: nonEmpty('configId'),
  category: nonEmpty('category'),
  description: optText('description'),
  type: nonEmpty('type'),
  payload: nonEmpty('payload'),
});

export const Maintenance = loose({
  maintenanceId: z.string(),
  dbInstanceId: str,
  category: str,
  description: str,
  type: str,
  /** An object whose fields depend on the type; kept as the service sent it. */
  payload: opt(z.unknown()),
  required: flag,
  deadlineYmdt: when,
  status: str,
  executionType: str,
  addedYmdt: when,
  executionStartedYmdt: when,
  executionCompletedYmdt: when,
  haPairSynced: flag,
});

export const AvailabilityZone = loose({
  availabilityZoneName: z.string(),
  zoneState: opt(loose({ available: flag })),
});

export const RDS_V4_ONLY_SCHEMAS = {
  rebuildDbInstance: { response: JobIdResponse },
  getLogFileContent: {
    query: z.strictObject({ logFileType: enumOf('logFileType', LOG_FILE_TYPES) }),
    response: loose({ content: z.string() }),
  },
  listBinLogs: {
    // `true`: every binary log but the one being written (the ones a purge may take).
    query: z.optional(
      z.strictObject({
        deletable: z.optional(
          z.pipe(
            z.union([z.boolean(), z.enum(['true', 'false'])], msg('deletable', 'must be true or false')),
            z.transform((v: boolean | 'true' | 'false') => v === true || v === 'true'),
          ),
        ),
      }),
    ),
    response: listOf('binLogs', loose({ binLogFileName: z.string(), binLogFileSize: num, createdYmdt: when })),
  },
  purgeBinLogs: {
    body: z.strictObject({ lastBinLogFileName: nonEmpty('lastBinLogFileName') }),
    response: EmptyResponse,
  },
  listCertificates: {
    response: listOf(
      'certificates',
      loose({ fileName: z.string(), certificateType: str, fileSize: num, createdYmdt: when }),
    ),
  },
  exportCertificates: {
    body: z.strictObject({
      certificateTypes: z
        .array(enumOf('certificateTypes[]', CERTIFICATE_TYPES), msg('certificateTypes', 'must be a list'))
        .check(z.minLength(1, 'certificateTypes must name at least one certificate type')),
      ...ObjectStorageTarget.def.shape,
    }),
    response: JobIdResponse,
  },
  getBackup: { response: loose({ backup: BackupV4 }) },
  createBackup: { body: CreateBackupBody, response: JobIdResponse },
  listEventSubscriptions: {
    query: ListEventSubscriptionsQuery,
    response: loose({ totalCounts: z.number(), ...listOf('eventSubscriptions', EventSubscription).def.shape }),
  },
  createEventSubscription: {
    body: CreateEventSubscriptionBody,
    response: loose({ eventSubscriptionId: z.string() }),
  },
  modifyEventSubscription: { body: ModifyEventSubscriptionBody, response: EmptyResponse },
  deleteEventSubscription: { response: EmptyResponse },
  getHighAvailability: {
    response: loose({ useHighAvailability: flag, haStatus: str, pingInterval: num, pingType: str }),
  },
  listMaintenances: {
    // The guide: three optional text filters (statuses: the ones to list).
    query: z.optional(
      z.strictObject({ type: optText('type'), statuses: optText('statuses'), category: optText('category') }),
    ),
    response: loose({ totalCounts: num, ...listOf('maintenances', Maintenance).def.shape }),
  },
  executeMaintenanceNow: { body: MaintenanceActionBody, response: JobIdResponse },
  scheduleMaintenance: { body: MaintenanceActionBody, response: EmptyResponse },
  deleteMaintenance: { response: EmptyResponse },
  listAvailabilityZones: { response: listOf('availabilityZones', AvailabilityZone) },
};
