// Query, body and response schemas of the 82 RDS for MySQL v3.0 operations
// (the RDS for MySQL API v3.0 document), joined with the rows of ./rows.ts in ONE place:
// `RDS_OPERATIONS`. The client validates with them before sending, the sandbox validates
// the same way, and the webview forms import the named building blocks (InstanceSpec,
// backup block, RuleSpec, ...) so a form says exactly what the client would say.
//
// Requests are strict: the documented limits, and no field the service does not know (a
// misspelt field is refused, not silently dropped); every message names the field and
// the rule. Responses are tolerant (the live service, as observed): unknown fields pass, nullable fields
// may be null or missing, enums are open strings, DateTimes come with or without
// milliseconds and with any offset, and the documented quirks are normalised.
// Namespace import on purpose: with `import { z }` esbuild keeps all of zod (~420 KB, every
// locale); `import * as z` lets it tree-shake down to what is used.
import * as z from 'zod/mini';
import type { FieldIssue } from '../errors';
import type { Operation } from '../operation';
import { RDS_OPERATION_ROWS } from './rows';
import type { RdsOperationName } from './api';

// ---------------------------------------------------------------------------------------
// Building blocks for requests

type ErrorFn = { error: (iss: { input?: unknown }) => string };
/** "x is required" when missing, otherwise the rule. */
const msg = (field: string, rule: string): ErrorFn => ({
  error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} ${rule}`),
});

/** An integer within [min, max]; one message for every way of breaking it. */
export const intRange = (field: string, min: number, max: number) => {
  const rule = `must be between ${min} and ${max}`;
  return z.int(msg(field, rule)).check(z.minimum(min, `${field} ${rule}`), z.maximum(max, `${field} ${rule}`));
};

/** A string of length [min, max]. */
export const textLength = (field: string, min: number, max: number) => {
  const rule = min === max ? `must be ${min} characters long` : `must be ${min} to ${max} characters long`;
  return z.string(msg(field, rule)).check(z.minLength(min, `${field} ${rule}`), z.maxLength(max, `${field} ${rule}`));
};

/** Any non-empty string (names, bucket paths, ...). */
export const nonEmpty = (field: string) =>
  z.string(msg(field, 'must be text')).check(z.minLength(1, `${field} must not be empty`));

/** Resource identifiers are UUIDs on the service; the client only insists they are not empty. */
export const id = nonEmpty;

/** Optional free text (no rule beyond being text). */
const optText = (field: string) => z.optional(z.string(msg(field, 'must be text')));
/** Optional, nullable description. */
const description = z.optional(z.nullable(z.string(msg('description', 'must be text'))));

const bool = (field: string) => z.boolean(msg(field, 'must be true or false'));

export const enumOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, msg(field, `must be one of ${values.join(', ')}`));

const idList = (field: string) => z.array(id(`${field}[]`), msg(field, 'must be a list of IDs'));

/** `YYYY-MM-DDThh:mm:ss`, optional fraction, optional `Z` / `±hh:mm` / `±hhmm`. */
export const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** A DateTime in a request: ISO 8601 with an offset, e.g. 2024-03-01T09:00:00+09:00. */
export const dateTimeInput = (field: string) =>
  z.string(msg(field, 'must be a date and time such as 2024-03-01T09:00:00+09:00')).check(
    z.regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/,
      `${field} must be a date and time with an offset, such as 2024-03-01T09:00:00+09:00`,
    ),
  );

export const DB_VERSIONS = [
  'MYSQL_V5633', 'MYSQL_V5731', 'MYSQL_V5715', 'MYSQL_V5719', 'MYSQL_V5726', 'MYSQL_V5733', 'MYSQL_V5737',
  'MYSQL_V8018', 'MYSQL_V8023', 'MYSQL_V8028', 'MYSQL_V8032', 'MYSQL_V8033', 'MYSQL_V8034', 'MYSQL_V8035',
  'MYSQL_V8036', 'MYSQL_V8040', 'MYSQL_V8041', 'MYSQL_V8042', 'MYSQL_V8043', 'MYSQL_V8044', 'MYSQL_V8045',
  'MYSQL_V8405', 'MYSQL_V8406', 'MYSQL_V8407', 'MYSQL_V8408',
] as const;
/** Engines a DB instance can be created with (the spec's engine table). */
export const CREATABLE_DB_VERSIONS = DB_VERSIONS.filter((v) => v !== 'MYSQL_V5633' && v !== 'MYSQL_V5731');
/** Engines restorable from object storage. */
export const OBS_RESTORABLE_DB_VERSIONS = CREATABLE_DB_VERSIONS.filter((v) => v !== 'MYSQL_V5733');
/** Authentication plugins each engine supports (first: the default). */
export function authenticationPluginsOf(dbVersion: string): AuthenticationPlugin[] {
  if (/^MYSQL_V84/.test(dbVersion)) return ['CACHING_SHA2'];
  if (/^MYSQL_V8/.test(dbVersion)) return ['NATIVE', 'CACHING_SHA2'];
  if (dbVersion === 'MYSQL_V5733' || dbVersion === 'MYSQL_V5737') return ['NATIVE', 'SHA256'];
  return ['NATIVE'];
}

export const REGIONS = ['KR1', 'KR2', 'JP1'] as const;
export const BACKUP_WND_DURATIONS = ['HALF_AN_HOUR', 'ONE_HOUR', 'ONE_HOUR_AND_HALF', 'TWO_HOURS', 'TWO_HOURS_AND_HALF', 'THREE_HOURS'] as const;
export const AUTHORITY_TYPES = ['READ', 'CRUD', 'DDL'] as const;
export const AUTHENTICATION_PLUGINS = ['NATIVE', 'SHA256', 'CACHING_SHA2'] as const;
export type AuthenticationPlugin = (typeof AUTHENTICATION_PLUGINS)[number];
export const TLS_OPTIONS = ['NONE', 'SSL', 'X509'] as const;
export const LOG_FILE_TYPES = ['ERROR', 'BINLOG', 'GENERAL', 'SLOW_QUERY', 'AUDIT', 'BACKUP'] as const;
export const BACKUP_TYPES = ['AUTO', 'MANUAL'] as const;
export const RESTORE_TYPES = ['TIMESTAMP', 'BINLOG', 'BACKUP'] as const;
/** The events request's vocabulary plus the category list's (the live service, as observed: accept both). */
export const EVENT_CATEGORY_TYPES = ['ALL', 'INSTANCE', 'BACKUP', 'DB_SECURITY_GROUP', 'TENANT', 'DB_INSTANCE', 'JOB', 'MONITORING'] as const;
export const PORT_TYPES = ['DB_PORT', 'PORT', 'PORT_RANGE'] as const;

export const dbPort = intRange('dbPort', 3306, 43306);
export const storageSize = intRange('storageSize', 20, 2048);
export const dbPassword = textLength('dbPassword', 4, 256);
export const dbUserName = textLength('dbUserName', 1, 32);
export const pingInterval = intRange('pingInterval', 1, 600);
export const backupPeriod = intRange('backupPeriod', 0, 730);
export const ftwrlWaitTimeout = intRange('ftwrlWaitTimeout', 0, 21600);
export const backupRetryCount = intRange('backupRetryCount', 0, 10);
export const backupWndBgnTime = z
  .string(msg('backupWndBgnTime', 'must be a time of day in hh:mm:ss form, e.g. 03:00:00'))
  .check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'backupWndBgnTime must be a time of day in hh:mm:ss form, e.g. 03:00:00'));

/**
 * Host pattern of a DB user, as MySQL's `user@host` takes it: `%` (any host), a host
 * name or IP address with `%` / `_` wildcards (`10.0.%`, `%.example.com`, `192.168.0._`),
 * an IPv4 address with a netmask (`10.0.0.0/255.255.0.0`), or an IPv6 address. No spaces,
 * quotes, `@` or backslashes; at most 255 characters.
 */
export const DB_USER_HOST_RE = /^(?:%|[A-Za-z0-9%_.:-]+(?:\/(?:\d{1,3}\.){3}\d{1,3})?)$/;
export const dbUserHost = z
  .string(msg('host', 'must be a host pattern such as %, 10.0.0.% or db.example.com'))
  .check(
    z.minLength(1, 'host is required (use % for any host)'),
    z.maxLength(255, 'host must be at most 255 characters long'),
    z.regex(DB_USER_HOST_RE, 'host must be a host pattern such as %, 10.0.0.%, 192.168.0.0/255.255.0.0 or db.example.com'),
  );

export const NetworkSpec = z.strictObject({
  subnetId: id('network.subnetId'),
  usePublicAccess: z.optional(bool('network.usePublicAccess')),
  availabilityZone: nonEmpty('network.availabilityZone'),
});
export const StorageSpec = z.strictObject({
  storageType: nonEmpty('storage.storageType'),
  storageSize,
});

export const BackupSchedule = z.strictObject({
  backupWndBgnTime,
  backupWndDuration: enumOf('backupWndDuration', BACKUP_WND_DURATIONS),
});
const backupSchedules = z.array(BackupSchedule, msg('backupSchedules', 'must be a list of schedules'));
const backupOptional = {
  ftwrlWaitTimeout: z.optional(ftwrlWaitTimeout),
  backupRetryCount: z.optional(backupRetryCount),
  replicationRegion: z.optional(z.nullable(enumOf('replicationRegion', REGIONS))),
  useBackupLock: z.optional(bool('useBackupLock')),
};
/** The backup block of create-type requests: period and schedules required. */
export const BackupSpec = z.strictObject({ backupPeriod, backupSchedules, ...backupOptional });
/** Backup settings change: every field optional, each schedule needs both fields. */
export const BackupInfoUpdate = z.strictObject({
  backupPeriod: z.optional(backupPeriod),
  backupSchedules: z.optional(backupSchedules),
  ...backupOptional,
});

const instanceSpecShape = {
  dbInstanceName: nonEmpty('dbInstanceName'),
  dbInstanceCandidateName: optText('dbInstanceCandidateName'),
  description,
  dbFlavorId: id('dbFlavorId'),
  dbPort,
  parameterGroupId: id('parameterGroupId'),
  dbSecurityGroupIds: z.optional(idList('dbSecurityGroupIds')),
  userGroupIds: z.optional(idList('userGroupIds')),
  useHighAvailability: z.optional(bool('useHighAvailability')),
  pingInterval: z.optional(pingInterval),
  useDefaultNotification: z.optional(bool('useDefaultNotification')),
  useDeletionProtection: z.optional(bool('useDeletionProtection')),
  network: NetworkSpec,
  storage: StorageSpec,
  backup: BackupSpec,
};
/** The common body of create-type requests. */
export const InstanceSpec = z.strictObject(instanceSpecShape);

/**
 * "When authenticationPlugin is modified, dbPassword must be modified in the same request",
 * and the plugin must be one the engine supports (when the engine is known).
 */
function pluginRules(v: { authenticationPlugin?: string; dbPassword?: string; dbVersion?: string }, ctx: { addIssue(i: any): void }, requirePassword: boolean) {
  if (requirePassword && v.authenticationPlugin !== undefined && v.dbPassword === undefined)
    ctx.addIssue({ code: 'custom', path: ['dbPassword'], message: 'dbPassword is required when authenticationPlugin changes (set a new password in the same request)', input: v });
  if (v.authenticationPlugin && v.dbVersion) {
    const ok = authenticationPluginsOf(v.dbVersion);
    if (!ok.includes(v.authenticationPlugin as AuthenticationPlugin))
      ctx.addIssue({ code: 'custom', path: ['authenticationPlugin'], message: `authenticationPlugin must be one of ${ok.join(', ')} for ${v.dbVersion}`, input: v });
  }
}

export const CreateDbInstanceBody = z
  .object({
    ...instanceSpecShape,
    dbVersion: enumOf('dbVersion', CREATABLE_DB_VERSIONS as unknown as readonly [string, ...string[]]),
    dbUserName,
    dbPassword,
    authenticationPlugin: z.optional(enumOf('authenticationPlugin', AUTHENTICATION_PLUGINS)),
    tlsOption: z.optional(enumOf('tlsOption', TLS_OPTIONS)),
  })
  .check(z.superRefine((v, ctx) => pluginRules(v, ctx, false)));

export const ModifyDbInstanceBody = z.strictObject({
  dbInstanceName: z.optional(nonEmpty('dbInstanceName')),
  dbInstanceCandidateName: optText('dbInstanceCandidateName'),
  description,
  dbPort: z.optional(dbPort),
  dbVersion: z.optional(enumOf('dbVersion', DB_VERSIONS)),
  useDummy: z.optional(bool('useDummy')),
  dbFlavorId: z.optional(id('dbFlavorId')),
  parameterGroupId: z.optional(id('parameterGroupId')),
  dbSecurityGroupIds: z.optional(idList('dbSecurityGroupIds')),
  executeBackup: z.optional(bool('executeBackup')),
  useOnlineFailover: z.optional(bool('useOnlineFailover')),
});

/** Where an export goes, or a restore comes from: every field required and non-empty. */
export const ObjectStorageTarget = z.strictObject({
  tenantId: nonEmpty('tenantId'),
  username: nonEmpty('username'),
  password: nonEmpty('password'),
  targetContainer: nonEmpty('targetContainer'),
  objectPath: nonEmpty('objectPath'),
});

export const StorageResizeBody = z.strictObject({
  storageSize,
  useOnlineFailover: z.optional(bool('useOnlineFailover')),
});
/** The storage resize body with the "not below the current size" rule of the instance at hand. */
export const storageResizeSchema = (currentSize: number) =>
  StorageResizeBody.check(
    z.refine((v) => v.storageSize >= currentSize, {
      path: ['storageSize'],
      message: `storageSize must be at least the current size (${currentSize} GB) and at most 2048`,
    }),
  );

export const ReplicateBody = z.strictObject({
  dbInstanceName: nonEmpty('dbInstanceName'),
  dbInstanceCandidateName: optText('dbInstanceCandidateName'),
  description,
  dbFlavorId: z.optional(id('dbFlavorId')),
  dbPort: z.optional(dbPort),
  parameterGroupId: z.optional(id('parameterGroupId')),
  dbSecurityGroupIds: z.optional(idList('dbSecurityGroupIds')),
  userGroupIds: z.optional(idList('userGroupIds')),
  useDefaultNotification: z.optional(bool('useDefaultNotification')),
  useDeletionProtection: z.optional(bool('useDeletionProtection')),
  network: z.strictObject({
    usePublicAccess: z.optional(bool('network.usePublicAccess')),
    availabilityZone: nonEmpty('network.availabilityZone'),
  }),
  storage: z.optional(z.strictObject({ storageType: z.optional(nonEmpty('storage.storageType')), storageSize: z.optional(storageSize) })),
  backup: z.optional(
    z.strictObject({
      backupPeriod: z.optional(backupPeriod),
      ...backupOptional,
      backupSchedules: z.optional(
        z.array(z.strictObject({ backupWndBgnTime: z.optional(backupWndBgnTime), backupWndDuration: z.optional(enumOf('backupWndDuration', BACKUP_WND_DURATIONS)) })),
      ),
    }),
  ),
});

/** The `restore` block: the fields each restoreType needs. */
export const RestoreSpec = z
  .object({
    restoreType: enumOf('restoreType', RESTORE_TYPES),
    restoreYmdt: z.optional(dateTimeInput('restoreYmdt')),
    backupId: z.optional(id('backupId')),
    binLog: z.optional(
      z.strictObject({
        binLogFileName: nonEmpty('binLog.binLogFileName'),
        binLogPosition: intRange('binLog.binLogPosition', 0, Number.MAX_SAFE_INTEGER),
      }),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      const need = (field: 'restoreYmdt' | 'backupId' | 'binLog') => {
        if (v[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: `restore.${field} is required when restoreType is ${v.restoreType}`, input: v });
      };
      if (v.restoreType === 'TIMESTAMP') need('restoreYmdt');
      if (v.restoreType === 'BINLOG') {
        need('backupId');
        need('binLog');
      }
      if (v.restoreType === 'BACKUP') need('backupId');
    }),
  );

const restoreCredentials = {
  // The spec's examples carry these although its field tables do not: optional.
  dbUserName: z.optional(dbUserName),
  dbPassword: z.optional(dbPassword),
};
export const RestoreBody = z.strictObject({ ...instanceSpecShape, ...restoreCredentials, restore: RestoreSpec });
const { useDeletionProtection: _udp, ...specWithoutDeletionProtection } = instanceSpecShape;
export const RestoreFromObsBody = z.strictObject({
  ...specWithoutDeletionProtection,
  ...restoreCredentials,
  dbVersion: enumOf('dbVersion', OBS_RESTORABLE_DB_VERSIONS as unknown as readonly [string, ...string[]]),
  restore: ObjectStorageTarget,
});
export const RestoreFromBackupBody = InstanceSpec;

export const CreateDbUserBody = z.strictObject({
  dbUserName,
  dbPassword,
  host: dbUserHost,
  authorityType: enumOf('authorityType', AUTHORITY_TYPES),
  authenticationPlugin: z.optional(enumOf('authenticationPlugin', AUTHENTICATION_PLUGINS)),
  tlsOption: z.optional(enumOf('tlsOption', TLS_OPTIONS)),
});
export const ModifyDbUserBody = z
  .object({
    dbPassword: z.optional(dbPassword),
    authorityType: z.optional(enumOf('authorityType', AUTHORITY_TYPES)),
    authenticationPlugin: z.optional(enumOf('authenticationPlugin', AUTHENTICATION_PLUGINS)),
    tlsOption: z.optional(enumOf('tlsOption', TLS_OPTIONS)),
  })
  .check(z.superRefine((v, ctx) => pluginRules(v, ctx, true)));

/** True when `cidr` is a valid IPv4 (`etherType` IPV4) or IPv6 (IPV6) CIDR. */
const isCidr = (cidr: string, etherType: string) =>
  (etherType === 'IPV6' ? z.cidrv6() : z.cidrv4()).safeParse(cidr).success;

/** A DB security group rule as sent (create and modify). */
export const RuleSpec = z
  .object({
    description,
    direction: enumOf('direction', ['INGRESS', 'EGRESS']),
    etherType: enumOf('etherType', ['IPV4', 'IPV6']),
    cidr: nonEmpty('cidr'),
    port: z.strictObject({
      portType: enumOf('port.portType', PORT_TYPES),
      minPort: z.optional(z.nullable(intRange('port.minPort', 1, 65535))),
      maxPort: z.optional(z.nullable(intRange('port.maxPort', 1, 65535))),
    }),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: v });
      const { portType, minPort, maxPort } = v.port;
      const has = (n: number | null | undefined): n is number => typeof n === 'number';
      if (portType === 'DB_PORT') {
        if (has(minPort) || has(maxPort)) add(['port'], 'port.minPort and port.maxPort must be empty when port.portType is DB_PORT');
        if (v.direction === 'EGRESS') add(['port', 'portType'], 'port.portType DB_PORT cannot be used with direction EGRESS');
      } else if (portType === 'PORT') {
        if (!has(minPort)) add(['port', 'minPort'], 'port.minPort is required when port.portType is PORT');
        else if (minPort !== maxPort) add(['port', 'maxPort'], 'port.maxPort must equal port.minPort when port.portType is PORT');
      } else if (portType === 'PORT_RANGE') {
        if (!has(minPort)) add(['port', 'minPort'], 'port.minPort is required when port.portType is PORT_RANGE');
        if (!has(maxPort)) add(['port', 'maxPort'], 'port.maxPort is required when port.portType is PORT_RANGE');
        if (has(minPort) && has(maxPort) && minPort > maxPort) add(['port', 'maxPort'], 'port.maxPort must not be below port.minPort');
      }
      if (!isCidr(v.cidr, v.etherType))
        add(['cidr'], `cidr must be an ${v.etherType === 'IPV6' ? 'IPv6' : 'IPv4'} CIDR matching etherType ${v.etherType}, e.g. ${v.etherType === 'IPV6' ? '::/0' : '10.0.0.0/24'}`);
    }),
  );

export const CreateDbSecurityGroupBody = z.strictObject({
  dbSecurityGroupName: nonEmpty('dbSecurityGroupName'),
  description,
  rules: z.array(RuleSpec, msg('rules', 'must be a list of rules')),
});
const nameDescription = (field: string) =>
  z.strictObject({ [field]: z.optional(nonEmpty(field)), description } as {
    description: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString>>;
  } & Record<string, z.ZodMiniOptional<z.ZodMiniString>>);

export const CreateParameterGroupBody = z.strictObject({
  parameterGroupName: nonEmpty('parameterGroupName'),
  description,
  dbVersion: enumOf('dbVersion', DB_VERSIONS),
});
export const CopyParameterGroupBody = z.strictObject({
  parameterGroupName: nonEmpty('parameterGroupName'),
  description,
});
export const ModifyParametersBody = z.strictObject({
  modifiedParameters: z.array(
    z.strictObject({ parameterId: id('parameterId'), value: z.string(msg('value', 'must be text')) }),
    msg('modifiedParameters', 'must be a list of {parameterId, value}'),
  ),
});

/** `memberIds` may be left out when `selectAllYN` is true (the service owners' guide). */
export const CreateUserGroupBody = z
  .strictObject({
    userGroupName: nonEmpty('userGroupName'),
    memberIds: z.optional(idList('memberIds')),
    selectAllYN: z.optional(bool('selectAllYN')),
  })
  .check(z.refine((b) => b.selectAllYN === true || b.memberIds !== undefined, { message: 'memberIds is required unless selectAllYN is true', path: ['memberIds'] }));
export const ModifyUserGroupBody = z.strictObject({
  userGroupName: z.optional(nonEmpty('userGroupName')),
  memberIds: z.optional(idList('memberIds')),
  selectAllYN: z.optional(bool('selectAllYN')),
});
export const CreateNotificationGroupBody = z.strictObject({
  notificationGroupName: nonEmpty('notificationGroupName'),
  notifyEmail: z.optional(bool('notifyEmail')),
  notifySms: z.optional(bool('notifySms')),
  isEnabled: z.optional(bool('isEnabled')),
  dbInstanceIds: idList('dbInstanceIds'),
  userGroupIds: idList('userGroupIds'),
});
export const ModifyNotificationGroupBody = z.strictObject({
  notificationGroupName: z.optional(nonEmpty('notificationGroupName')),
  notifyEmail: z.optional(bool('notifyEmail')),
  notifySms: z.optional(bool('notifySms')),
  isEnabled: z.optional(bool('isEnabled')),
  dbInstanceIds: z.optional(idList('dbInstanceIds')),
  userGroupIds: z.optional(idList('userGroupIds')),
});

export const ExportLogFilesBody = z.strictObject({
  logFileNames: z
    .array(nonEmpty('logFileNames[]'), msg('logFileNames', 'must be a list of log file names'))
    .check(z.minLength(1, 'logFileNames must name at least one log file')),
  ...ObjectStorageTarget.def.shape,
});

// ---------------------------------------------------------------------------------------
// Query parameters. Values may come typed (the client) or as strings (the sandbox reads
// them from a URL), so numbers accept digit strings and arrays accept a single value.
// Arrays travel as repeated parameters: `?measureNames=CPU_USAGE&measureNames=MYSQL_STATUS`.

const queryInt = (field: string, min: number, max: number) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^-?\d+$/, `${field} must be between ${min} and ${max}`))], msg(field, `must be between ${min} and ${max}`)),
    z.pipe(z.transform((v: number | string) => Number(v)), intRange(field, min, max)),
  );
const queryList = <T extends z.ZodMiniType<string, string>>(field: string, item: T) =>
  z.pipe(
    z.union([z.array(z.string()), z.string()], msg(field, 'must be a list')),
    z.pipe(z.transform((v: string | string[]) => (Array.isArray(v) ? v : [v])), z.array(item)),
  );

/**
 * A URL's query as the query schemas take it: a repeated parameter becomes an array, a single
 * one stays a string (the schemas accept both for list parameters). For the sandbox.
 */
export function queryFromSearchParams(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

/** `page` at least 1 ("page must be at least 1" reads better than a range up to 2^53), `size` 1 to 100. */
export const Paging = {
  page: z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^-?\d+$/, 'page must be a whole number of at least 1'))], msg('page', 'must be a whole number of at least 1')),
    z.pipe(z.transform((v: number | string) => Number(v)), z.int('page must be a whole number of at least 1').check(z.minimum(1, 'page must be at least 1'))),
  ),
  size: queryInt('size', 1, 100),
};

export const ListBackupsQuery = z.strictObject({
  ...Paging,
  backupType: z.optional(enumOf('backupType', BACKUP_TYPES)),
  dbInstanceId: z.optional(id('dbInstanceId')),
  dbVersion: z.optional(enumOf('dbVersion', DB_VERSIONS)),
});
export const ListEventsQuery = z.strictObject({
  ...Paging,
  from: dateTimeInput('from'),
  to: dateTimeInput('to'),
  eventCategoryType: enumOf('eventCategoryType', EVENT_CATEGORY_TYPES),
  sourceId: optText('sourceId'),
  keyword: optText('keyword'),
  ascendingOrder: z.optional(enumOf('ascendingOrder', ['ASC', 'DESC'])),
});
export const MetricStatisticsQuery = z.strictObject({
  dbInstanceId: id('dbInstanceId'),
  measureNames: z.pipe(
    queryList('measureNames', nonEmpty('measureNames[]')),
    z.array(z.string()).check(z.minLength(1, 'measureNames must name at least one metric')),
  ),
  from: dateTimeInput('from'),
  to: dateTimeInput('to'),
  interval: z.optional(queryInt('interval', 1, Number.MAX_SAFE_INTEGER)),
});
export const LastQueryQuery = z
  .object({
    restoreType: enumOf('restoreType', ['TIMESTAMP', 'BINLOG']),
    restoreYmdt: z.optional(dateTimeInput('restoreYmdt')),
    backupId: z.optional(id('backupId')),
    binLogFileName: z.optional(nonEmpty('binLogFileName')),
    binLogPosition: z.optional(queryInt('binLogPosition', 0, Number.MAX_SAFE_INTEGER)),
  })
  .check(
    z.superRefine((v, ctx) => {
      const need = (field: 'restoreYmdt' | 'backupId' | 'binLogFileName' | 'binLogPosition') => {
        if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required when restoreType is ${v.restoreType}`, input: v });
      };
      if (v.restoreType === 'TIMESTAMP') need('restoreYmdt');
      else for (const f of ['backupId', 'binLogFileName', 'binLogPosition'] as const) need(f);
    }),
  );
export const ListLogFilesQuery = z.optional(z.strictObject({ logFileTypes: z.optional(queryList('logFileTypes', enumOf('logFileTypes[]', LOG_FILE_TYPES))) }));
export const ListParameterGroupsQuery = z.optional(z.strictObject({ dbVersion: z.optional(enumOf('dbVersion', DB_VERSIONS)) }));
export const DeleteRulesQuery = z.strictObject({
  ruleIds: z.pipe(queryList('ruleIds', id('ruleIds[]')), z.array(z.string()).check(z.minLength(1, 'ruleIds must name at least one rule'))),
});

// ---------------------------------------------------------------------------------------
// Responses (tolerant)

/** A DateTime as the service sends it, kept as the string it was (parse with `parseDateTime`). */
export const DateTime = z.string().check(z.regex(DATE_TIME_RE, 'not a date and time'));
/** Parses any accepted DateTime form; a missing offset means UTC. */
export function parseDateTime(value: string): Date {
  let s = value.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/(?:Z|[+-]\d{2}:\d{2})$/.test(s)) s += 'Z';
  return new Date(s);
}
const opt = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));
const str = opt(z.string());
const num = opt(z.number());
const flag = opt(z.boolean());
const when = opt(DateTime);
const strings = opt(z.array(z.string()));
const loose = z.looseObject;
/** A list answer `{ <key>: [...] }`; a missing or null list reads as empty. */
const listOf = <K extends string, T extends z.ZodMiniType>(key: K, item: T) =>
  loose({ [key]: z.pipe(z.optional(z.nullable(z.array(item))), z.transform((v) => v ?? [])) } as Record<K, z.ZodMiniPipe<z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniArray<T>>>, z.ZodMiniTransform<z.output<T>[], z.output<T>[] | null | undefined>>>);

export const JobIdResponse = loose({ jobId: z.string() });
/** Answers with only `header`. */
export const EmptyResponse = loose({});

export const Job = loose({
  jobId: z.string(),
  jobStatus: z.string(),
  resourceRelations: z.pipe(opt(z.array(loose({ resourceType: z.string(), resourceId: z.string() }))), z.transform((v) => v ?? [])),
  createdYmdt: when,
  updatedYmdt: when,
});

export const DbInstanceGroupItem = loose({ dbInstanceGroupId: z.string(), replicationType: str, createdYmdt: when, updatedYmdt: when });
export const DbInstanceGroup = loose({
  ...DbInstanceGroupItem.def.shape,
  dbInstances: z.pipe(opt(z.array(loose({ dbInstanceId: z.string(), dbInstanceType: str, dbInstanceStatus: str }))), z.transform((v) => v ?? [])),
});

export const DbInstanceItem = loose({
  dbInstanceId: z.string(),
  dbInstanceGroupId: str,
  dbInstanceName: z.string(),
  description: str,
  dbVersion: str,
  dbPort: num,
  dbInstanceType: str,
  dbInstanceStatus: str,
  progressStatus: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const DbInstance = loose({
  ...DbInstanceItem.def.shape,
  dbFlavorId: str,
  parameterGroupId: str,
  dbSecurityGroupIds: strings,
  notificationGroupIds: strings,
  useDeletionProtection: flag,
  supportAuthenticationPlugin: flag,
  needToApplyParameterGroup: flag,
  needMigration: flag,
  supportDbVersionUpgrade: flag,
});

const backupScheduleOut = loose({ backupWndBgnTime: str, backupWndDuration: str });
export const BackupInfo = loose({
  backupPeriod: num,
  ftwrlWaitTimeout: num,
  backupRetryCount: num,
  replicationRegion: str,
  useBackupLock: flag,
  backupSchedules: opt(z.array(backupScheduleOut)),
});
export const StorageInfo = loose({ storageType: str, storageSize: num, storageStatus: str });
export const NetworkInfo = loose({
  availabilityZone: str,
  subnet: opt(loose({ subnetId: str, subnetName: str, subnetCidr: str })),
  endPoints: opt(z.array(loose({ domain: str, ipAddress: str, endPointType: str }))),
});

export const BackupItem = loose({
  backupId: z.string(),
  backupName: str,
  backupStatus: str,
  dbInstanceId: str,
  dbVersion: str,
  utilVersion: str,
  backupType: str,
  backupSize: num,
  createdYmdt: when,
  updatedYmdt: when,
});
export const RestorationInfo = loose({
  oldestRestorableYmdt: when,
  latestRestorableYmdt: when,
  restorableBackups: opt(
    z.array(
      loose({
        backup: loose({
          backupId: z.string(),
          backupName: str,
          useBackupLock: flag,
          backupSize: num,
          backupType: str,
          backupStatus: str,
          dbInstanceId: str,
          dbInstanceName: str,
          dbVersion: str,
          failoverCount: num,
          binLogFileName: str,
          binLogPosition: num,
          createdYmdt: when,
          updatedYmdt: when,
        }),
        restorableBinLogs: strings,
      }),
    ),
  ),
});

export const DbUser = loose({
  dbUserId: z.string(),
  dbUserName: z.string(),
  host: str,
  authorityType: str,
  dbUserStatus: str,
  authenticationPlugin: str,
  tlsOption: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const DbSchema = loose({ dbSchemaId: z.string(), dbSchemaName: z.string(), dbSchemaStatus: str, createdYmdt: when });
export const LogFile = loose({ logFileName: z.string(), logFileType: str, logFileSize: num, createdYmdt: when });

export const Rule = loose({
  ruleId: z.string(),
  description: str,
  direction: str,
  etherType: str,
  port: opt(loose({ portType: str, minPort: num, maxPort: num })),
  cidr: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const DbSecurityGroupItem = loose({
  dbSecurityGroupId: z.string(),
  dbSecurityGroupName: z.string(),
  description: str,
  progressStatus: str,
  createdYmdt: when,
  updatedYmdt: when,
});
/** The detail: fields at top level (field table) or inside `dbSecurityGroup` (example); normalised to top level. */
export const DbSecurityGroup = z.pipe(
  z.transform((v: unknown) => {
    if (v && typeof v === 'object' && 'dbSecurityGroup' in v) {
      const { dbSecurityGroup, ...rest } = v as { dbSecurityGroup: unknown };
      if (dbSecurityGroup && typeof dbSecurityGroup === 'object') return { ...rest, ...dbSecurityGroup };
    }
    return v;
  }),
  loose({ ...DbSecurityGroupItem.def.shape, rules: z.pipe(opt(z.array(Rule)), z.transform((v) => v ?? [])) }),
);

export const ParameterGroupItem = loose({
  parameterGroupId: z.string(),
  parameterGroupName: z.string(),
  description: str,
  dbVersion: str,
  parameterGroupStatus: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const Parameter = loose({
  parameterId: z.string(),
  /** Documented upper-case, sent lower-case: normalised to upper-case. */
  parameterFileGroup: z.pipe(str, z.transform((v) => (typeof v === 'string' ? v.toUpperCase() : v))),
  parameterName: z.string(),
  fileParameterName: str,
  value: str,
  defaultValue: str,
  allowedValue: str,
  updateType: str,
  applyType: str,
});
export const ParameterGroup = loose({
  ...ParameterGroupItem.def.shape,
  parameters: z.pipe(opt(z.array(Parameter)), z.transform((v) => v ?? [])),
});

export const UserGroupItem = loose({ userGroupId: z.string(), userGroupName: z.string(), createdYmdt: when, updatedYmdt: when });
export const UserGroup = loose({
  ...UserGroupItem.def.shape,
  userGroupTypeCode: str,
  members: z.pipe(opt(z.array(loose({ memberId: z.string() }))), z.transform((v) => v ?? [])),
});
export const NotificationGroupItem = loose({
  notificationGroupId: z.string(),
  notificationGroupName: z.string(),
  notifyEmail: flag,
  notifySms: flag,
  isEnabled: flag,
  createdYmdt: when,
  updatedYmdt: when,
});
export const NotificationGroup = loose({
  ...NotificationGroupItem.def.shape,
  dbInstances: z.pipe(opt(z.array(loose({ dbInstanceId: z.string(), dbInstanceName: str }))), z.transform((v) => v ?? [])),
  userGroups: z.pipe(opt(z.array(loose({ userGroupId: z.string(), userGroupName: str }))), z.transform((v) => v ?? [])),
});

/** `[timestamp, "value"]`; numbers and numeric strings are accepted in either place, null values kept. */
export const MetricValue = z.pipe(
  z.tuple([z.union([z.number(), z.string()]), z.nullable(z.union([z.string(), z.number()]))]),
  z.transform(([t, v]): [number, string | null] => [Number(t), v === null ? null : String(v)]),
);
export const MetricStatistic = loose({ measureName: z.string(), unit: str, values: z.pipe(opt(z.array(MetricValue)), z.transform((v) => v ?? [])) });
export const Event = loose({
  eventCategoryType: str,
  eventCode: str,
  sourceId: str,
  sourceName: str,
  messages: z.pipe(opt(z.array(loose({ langCode: z.string(), message: z.string() }))), z.transform((v) => v ?? [])),
  eventYmdt: when,
});

// ---------------------------------------------------------------------------------------
// The table: schemas per operation, joined with the rows below.

interface Schemas {
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
}

const job = { response: JobIdResponse };
const none = { response: EmptyResponse };

export const RDS_SCHEMAS = {
  listRegions: { response: listOf('regions', loose({ regionCode: z.string(), isEnabled: flag })) },
  listProjectMembers: { response: listOf('members', loose({ memberId: z.string(), memberName: str, emailAddress: str, phoneNumber: str })) },
  listDbFlavors: { response: listOf('dbFlavors', loose({ dbFlavorId: z.string(), dbFlavorName: z.string(), ram: num, vcpus: num })) },
  listSubnets: {
    response: listOf('subnets', loose({ subnetId: z.string(), subnetName: str, subnetCidr: str, usingGateway: flag, availableIpCount: num })),
  },
  listDbVersions: { response: listOf('dbVersions', loose({ dbVersion: z.string(), dbVersionName: str, restorableFromObs: flag })) },
  listStorageTypes: { response: listOf('storageTypes', z.string()) },
  listStorages: { response: listOf('storages', z.string()) },
  getJob: { response: Job },
  listDbInstanceGroups: { response: listOf('dbInstanceGroups', DbInstanceGroupItem) },
  getDbInstanceGroup: { response: DbInstanceGroup },
  listDbInstances: { response: listOf('dbInstances', DbInstanceItem) },
  getDbInstance: { response: DbInstance },
  createDbInstance: { body: CreateDbInstanceBody, ...job },
  modifyDbInstance: { body: ModifyDbInstanceBody, ...job },
  deleteDbInstance: job,
  restartDbInstance: {
    body: z.optional(z.strictObject({ useOnlineFailover: z.optional(bool('useOnlineFailover')), executeBackup: z.optional(bool('executeBackup')) })),
    ...job,
  },
  forceRestartDbInstance: none,
  startDbInstance: job,
  stopDbInstance: job,
  backupDbInstance: { body: z.strictObject({ backupName: nonEmpty('backupName') }), ...job },
  backupDbInstanceToObjectStorage: { body: ObjectStorageTarget, ...job },
  promoteDbInstance: job,
  setDeletionProtection: { body: z.strictObject({ useDeletionProtection: bool('useDeletionProtection') }), ...none },
  setHighAvailability: { body: z.strictObject({ useHighAvailability: bool('useHighAvailability'), pingInterval: z.optional(pingInterval) }), ...job },
  resumeHighAvailability: job,
  pauseHighAvailability: job,
  repairHighAvailability: job,
  splitHighAvailability: job,
  getStorageInfo: { response: StorageInfo },
  modifyStorageInfo: { body: StorageResizeBody, ...job },
  getBackupInfo: { response: BackupInfo },
  modifyBackupInfo: { body: BackupInfoUpdate, ...job },
  getNetworkInfo: { response: NetworkInfo },
  modifyNetworkInfo: { body: z.strictObject({ usePublicAccess: bool('usePublicAccess') }), ...job },
  replicateDbInstance: { body: ReplicateBody, ...job },
  getRestorationInfo: { response: RestorationInfo },
  getLastQuery: { query: LastQueryQuery, response: loose({ executedYmdt: when, lastQuery: str }) },
  restoreDbInstance: { body: RestoreBody, ...job },
  restoreFromObjectStorage: { body: RestoreFromObsBody, ...job },
  restoreFromBackup: { body: RestoreFromBackupBody, ...job },
  listDbUsers: { response: listOf('dbUsers', DbUser) },
  createDbUser: { body: CreateDbUserBody, ...job },
  modifyDbUser: { body: ModifyDbUserBody, ...job },
  deleteDbUser: job,
  listDbSchemas: { response: listOf('dbSchemas', DbSchema) },
  createDbSchema: { body: z.strictObject({ dbSchemaName: nonEmpty('dbSchemaName') }), ...job },
  deleteDbSchema: job,
  listLogFiles: { query: ListLogFilesQuery, response: listOf('logFiles', LogFile) },
  exportLogFiles: { body: ExportLogFilesBody, ...job },
  listBackups: { query: ListBackupsQuery, response: loose({ totalCounts: z.number(), ...listOf('backups', BackupItem).def.shape }) },
  exportBackup: { body: ObjectStorageTarget, ...job },
  deleteBackup: job,
  listDbSecurityGroups: { response: listOf('dbSecurityGroups', DbSecurityGroupItem) },
  getDbSecurityGroup: { response: DbSecurityGroup },
  createDbSecurityGroup: { body: CreateDbSecurityGroupBody, response: loose({ dbSecurityGroupId: z.string() }) },
  modifyDbSecurityGroup: { body: nameDescription('dbSecurityGroupName'), ...none },
  deleteDbSecurityGroup: none,
  createDbSecurityGroupRule: { body: RuleSpec, ...job },
  modifyDbSecurityGroupRule: { body: RuleSpec, ...job },
  deleteDbSecurityGroupRules: { query: DeleteRulesQuery, ...job },
  listParameterGroups: { query: ListParameterGroupsQuery, response: listOf('parameterGroups', ParameterGroupItem) },
  getParameterGroup: { response: ParameterGroup },
  createParameterGroup: { body: CreateParameterGroupBody, response: loose({ parameterGroupId: z.string() }) },
  copyParameterGroup: { body: CopyParameterGroupBody, response: loose({ parameterGroupId: z.string() }) },
  modifyParameterGroup: { body: nameDescription('parameterGroupName'), ...none },
  modifyParameters: { body: ModifyParametersBody, ...none },
  resetParameterGroup: none,
  deleteParameterGroup: none,
  listUserGroups: { response: listOf('userGroups', UserGroupItem) },
  getUserGroup: { response: UserGroup },
  createUserGroup: { body: CreateUserGroupBody, response: loose({ userGroupId: z.string() }) },
  modifyUserGroup: { body: ModifyUserGroupBody, ...none },
  deleteUserGroup: none,
  listNotificationGroups: { response: listOf('notificationGroups', NotificationGroupItem) },
  getNotificationGroup: { response: NotificationGroup },
  createNotificationGroup: { body: CreateNotificationGroupBody, response: loose({ notificationGroupId: z.string() }) },
  modifyNotificationGroup: { body: ModifyNotificationGroupBody, ...none },
  deleteNotificationGroup: none,
  listMetrics: { response: listOf('metrics', loose({ measureName: z.string(), unit: str })) },
  getMetricStatistics: { query: MetricStatisticsQuery, response: listOf('metricStatistics', MetricStatistic) },
  listEvents: { query: ListEventsQuery, response: loose({ totalCounts: z.number(), ...listOf('events', Event).def.shape }) },
  listEventCodes: { response: listOf('eventCodes', loose({ eventCode: z.string(), eventCategoryType: str })) },
} satisfies Record<RdsOperationName, Schemas>;

export type RdsSchemas = typeof RDS_SCHEMAS;

/** Every RDS operation: a row of ./rows.ts with its schemas. */
export const RDS_OPERATIONS: Operation[] = RDS_OPERATION_ROWS.map((row) => ({
  id: `rds.${row.name}`,
  service: 'rds' as const,
  method: row.method,
  path: row.path,
  summary: row.summary,
  returnsJob: 'returnsJob' in row ? row.returnsJob : false,
  ...(RDS_SCHEMAS as Record<string, Schemas>)[row.name],
}));

/** The operation of a name, e.g. `rdsOperation('getDbInstance')`. */
export const rdsOperation = (name: RdsOperationName): Operation => RDS_OPERATIONS_BY_NAME.get(name)!;
const RDS_OPERATIONS_BY_NAME = new Map(RDS_OPERATIONS.map((op) => [op.id.slice(4), op]));

// ---------------------------------------------------------------------------------------

/** Zod issues as {path, message} for forms and ValidationError (`backup.backupSchedules[0].backupWndBgnTime`). */
export function fieldIssues(schema: z.ZodMiniType, value: unknown): FieldIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return expandUnknownKeys(result.error.issues).map((i) => ({ path: formatPath(i.path), message: i.message }));
}

type Issue = { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[]; input?: unknown; expected?: unknown };

/** zod reports all unknown fields of an object as one issue; make it one issue per field, named by its path. */
export function expandUnknownKeys<I extends Issue>(issues: readonly I[]): (I | Issue)[] {
  return issues.flatMap((i): (I | Issue)[] =>
    i.code === 'unrecognized_keys' && i.keys
      ? i.keys.map((key) => ({ path: [...i.path, key], message: `${formatPath([...i.path, key])} is not a field of this request (misspelt?)` }))
      : [i],
  );
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}
