// Form values -> request bodies for the create, restore and replicate panels, and back
// (prefill from a source instance). The form keeps one value per body path ("network.subnetId"),
// so an issue reported by the client schema for a path lands on the field of the same name.
// Pure: used by the webviews and by the unit tests.
import { l10n } from '../../shared/l10n';
import type { RdsClientApiVersion } from '../../client/rds/versions';

export type FieldKind = 'text' | 'number' | 'bool' | 'multi' | 'secret';
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

export interface BackupSchedule {
  backupWndBgnTime: string;
  backupWndDuration: string;
}

export const TLS_OPTIONS = ['NONE', 'SSL', 'X509'] as const;

/** The InstanceSpec fields shared by create, restore and (mostly) replicate. */
export const INSTANCE_FIELDS: Record<string, FieldKind> = {
  dbInstanceName: 'text',
  description: 'text',
  dbFlavorId: 'text',
  dbPort: 'number',
  parameterGroupId: 'text',
  dbSecurityGroupIds: 'multi',
  userGroupIds: 'multi',
  useHighAvailability: 'bool',
  dbInstanceCandidateName: 'text',
  pingInterval: 'number',
  useDefaultNotification: 'bool',
  useDeletionProtection: 'bool',
  'network.subnetId': 'text',
  'network.availabilityZone': 'text',
  'network.usePublicAccess': 'bool',
  'storage.storageType': 'text',
  'storage.storageSize': 'number',
  'backup.backupPeriod': 'number',
  'backup.ftwrlWaitTimeout': 'number',
  'backup.backupRetryCount': 'number',
  'backup.replicationRegion': 'text',
  'backup.useBackupLock': 'bool',
};

/**
 * Fields RDS API v4.0 added to create, restore and replicate (the vendor's v4.0 guide): slow query
 * analysis and storage autoscale. A v3.0 profile's form neither shows nor sends them.
 */
export const V4_INSTANCE_FIELDS: Record<string, FieldKind> = {
  useSlowQueryAnalysis: 'bool',
  'storage.storageAutoscale.useStorageAutoscale': 'bool',
  'storage.storageAutoscale.threshold': 'number',
  'storage.storageAutoscale.maxStorageSize': 'number',
  'storage.storageAutoscale.cooldownTime': 'number',
};
/** The autoscale settings that mean something only while autoscale is on (hidden and unsent while off). */
export const AUTOSCALE_DETAIL_PATHS = [
  'storage.storageAutoscale.threshold',
  'storage.storageAutoscale.maxStorageSize',
  'storage.storageAutoscale.cooldownTime',
] as const;

/** The fields of a request on a profile of `version`: `base`, plus v4.0's additions there. */
function fieldsFor(base: Record<string, FieldKind>, version: RdsClientApiVersion): Record<string, FieldKind> {
  return version === 'v4.0' ? { ...base, ...V4_INSTANCE_FIELDS } : base;
}

/** The requests the Create, Restore and Replicate forms send: each has a body in both versions. */
export const WIZARD_OPERATIONS = [
  'createDbInstance',
  'restoreDbInstance',
  'restoreFromBackup',
  'restoreFromObjectStorage',
  'replicateDbInstance',
] as const;
export type WizardOperation = (typeof WIZARD_OPERATIONS)[number];

/** Fields only the create request carries. */
export const CREATE_FIELDS: Record<string, FieldKind> = {
  dbVersion: 'text',
  dbUserName: 'text',
  dbPassword: 'secret',
  authenticationPlugin: 'text',
  tlsOption: 'text',
};

/** Fields that never enter webview state, the summary or a log. */
export const SECRET_PATHS = new Set(['dbPassword', 'dbPasswordConfirm', 'restore.password', 'password']);

export const DEFAULT_VALUES: FormValues = {
  dbPort: '3306',
  useHighAvailability: false,
  pingInterval: '3',
  useDefaultNotification: false,
  useDeletionProtection: false,
  'network.usePublicAccess': false,
  'storage.storageSize': '20',
  'backup.backupPeriod': '1',
  'backup.ftwrlWaitTimeout': '1800',
  'backup.backupRetryCount': '0',
  'backup.useBackupLock': true,
  dbSecurityGroupIds: [],
  userGroupIds: [],
  // v4.0 only (V4_INSTANCE_FIELDS): the guide's example settings, sent only when autoscale is on.
  useSlowQueryAnalysis: false,
  'storage.storageAutoscale.useStorageAutoscale': false,
  'storage.storageAutoscale.threshold': '80',
  'storage.storageAutoscale.maxStorageSize': '100',
  'storage.storageAutoscale.cooldownTime': '10',
};

/** "12" -> 12; "" -> undefined (omitted); anything else is kept as typed so the schema names the problem. */
export function toNumber(text: string): number | string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

export interface BuildOptions {
  /** Omit empty lists too (replicate: an omitted list inherits the source's). */
  omitEmptyLists?: boolean;
  /** Drop these paths (e.g. the high-availability fields while HA is off). */
  skip?: ReadonlySet<string>;
}

/** Builds the nested body from the form: empty text and numbers are omitted, booleans kept. */
export function buildBody(
  fields: Record<string, FieldKind>,
  values: FormValues,
  opts: BuildOptions = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [path, kind] of Object.entries(fields)) {
    if (opts.skip?.has(path)) continue;
    const v = values[path];
    if (v === undefined) continue;
    if (kind === 'bool') setPath(body, path, v === true);
    else if (kind === 'multi') {
      const list = Array.isArray(v) ? v : [];
      if (list.length || !opts.omitEmptyLists) setPath(body, path, list);
    } else if (kind === 'number') {
      const n = toNumber(String(v));
      if (n !== undefined) setPath(body, path, n);
    } else {
      const s = String(v);
      if (s.trim() !== '') setPath(body, path, kind === 'secret' ? s : s.trim());
    }
  }
  return body;
}

/** What the form leaves out while a switch is off: the HA fields without HA, the autoscale settings without autoscale. */
function switchedOffSkip(values: FormValues): Set<string> {
  const skip = new Set<string>();
  if (values.useHighAvailability !== true) skip.add('dbInstanceCandidateName').add('pingInterval');
  if (values['storage.storageAutoscale.useStorageAutoscale'] !== true)
    for (const p of AUTOSCALE_DETAIL_PATHS) skip.add(p);
  return skip;
}

function withSchedules(
  body: Record<string, unknown>,
  schedules: BackupSchedule[],
  required: boolean,
): Record<string, unknown> {
  const list = schedules.filter((s) => s.backupWndBgnTime.trim() || s.backupWndDuration);
  if (list.length || required) {
    const backup = (body.backup ??= {}) as Record<string, unknown>;
    backup.backupSchedules = list.map((s) => ({
      backupWndBgnTime: normalizeTime(s.backupWndBgnTime),
      backupWndDuration: s.backupWndDuration,
    }));
  }
  return body;
}

/** "3:5" or "03:05" -> "03:05:00"; anything else is returned as typed for the schema to reject. */
export function normalizeTime(text: string): string {
  const m = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/.exec(text.trim());
  if (!m) return text.trim();
  return [m[1], m[2], m[3] ?? '0'].map((p) => p.padStart(2, '0')).join(':');
}

/** POST /{version}/db-instances */
export function createBody(
  values: FormValues,
  schedules: BackupSchedule[],
  version: RdsClientApiVersion = 'v3.0',
): Record<string, unknown> {
  const body = buildBody(fieldsFor({ ...INSTANCE_FIELDS, ...CREATE_FIELDS }, version), values, {
    skip: switchedOffSkip(values),
  });
  return withSchedules(body, schedules, true);
}

export type RestoreChoice =
  | { restoreType: 'TIMESTAMP'; restoreYmdt: string }
  | { restoreType: 'BINLOG'; backupId: string; binLogFileName: string; binLogPosition: string }
  | { restoreType: 'BACKUP'; backupId: string };

/** POST /{version}/db-instances/{id}/restore: InstanceSpec plus the restore object. */
export function restoreBody(
  values: FormValues,
  schedules: BackupSchedule[],
  choice: RestoreChoice,
  version: RdsClientApiVersion = 'v3.0',
): Record<string, unknown> {
  const body = withSchedules(
    buildBody(fieldsFor(INSTANCE_FIELDS, version), values, { skip: switchedOffSkip(values) }),
    schedules,
    true,
  );
  if (choice.restoreType === 'TIMESTAMP') body.restore = { restoreType: 'TIMESTAMP', restoreYmdt: choice.restoreYmdt };
  else if (choice.restoreType === 'BACKUP') body.restore = { restoreType: 'BACKUP', backupId: choice.backupId };
  else
    body.restore = {
      restoreType: 'BINLOG',
      backupId: choice.backupId,
      binLog: { binLogFileName: choice.binLogFileName, binLogPosition: toNumber(choice.binLogPosition) },
    };
  return body;
}

/** POST /{version}/backups/{backupId}/restore: InstanceSpec only. */
export function restoreFromBackupBody(
  values: FormValues,
  schedules: BackupSchedule[],
  version: RdsClientApiVersion = 'v3.0',
): Record<string, unknown> {
  return withSchedules(
    buildBody(fieldsFor(INSTANCE_FIELDS, version), values, { skip: switchedOffSkip(values) }),
    schedules,
    true,
  );
}

export const OBS_FIELDS: Record<string, FieldKind> = {
  dbVersion: 'text',
  'restore.tenantId': 'text',
  'restore.username': 'text',
  'restore.password': 'secret',
  'restore.targetContainer': 'text',
  'restore.objectPath': 'text',
};

/** POST /{version}/db-instances/restore-from-obs: InstanceSpec without useDeletionProtection, dbVersion, restore. */
export function restoreFromObsBody(
  values: FormValues,
  schedules: BackupSchedule[],
  version: RdsClientApiVersion = 'v3.0',
): Record<string, unknown> {
  const skip = switchedOffSkip(values);
  skip.add('useDeletionProtection');
  const body = withSchedules(
    buildBody(fieldsFor({ ...INSTANCE_FIELDS, ...OBS_FIELDS }, version), values, { skip }),
    schedules,
    true,
  );
  // Always send the block, so an empty form names each missing field instead of "restore".
  body.restore ??= {};
  return body;
}

/** Fields of POST /{version}/db-instances/{id}/replicate (no HA, no user groups needed but allowed). */
export const REPLICATE_FIELDS: Record<string, FieldKind> = Object.fromEntries(
  Object.entries(INSTANCE_FIELDS).filter(
    ([p]) => !['useHighAvailability', 'pingInterval', 'network.subnetId'].includes(p),
  ),
);

/**
 * The replicate body: what is left empty is omitted, and the service takes the source
 * instance's value for it (flavor, port, parameter group, security groups, public access,
 * storage, backup). Booleans without a source value (deletion protection, notification) are sent.
 * Storage autoscale is sent only when turned on: off leaves the replica to the service's default.
 */
export function replicateBody(
  values: FormValues,
  schedules: BackupSchedule[],
  version: RdsClientApiVersion = 'v3.0',
): Record<string, unknown> {
  const skip = new Set<string>();
  if (values.dbInstanceCandidateName === undefined) skip.add('dbInstanceCandidateName');
  if (values['storage.storageAutoscale.useStorageAutoscale'] !== true)
    for (const p of ['storage.storageAutoscale.useStorageAutoscale', ...AUTOSCALE_DETAIL_PATHS]) skip.add(p);
  return withSchedules(
    buildBody(fieldsFor(REPLICATE_FIELDS, version), values, { omitEmptyLists: true, skip }),
    schedules,
    false,
  );
}

/** Extra checks the schema cannot make: the password typed twice. */
export function confirmIssues(values: FormValues): Array<{ path: string; message: string }> {
  const pw = values.dbPassword;
  const again = values.dbPasswordConfirm;
  if (typeof pw === 'string' && pw && pw !== again)
    return [{ path: 'dbPasswordConfirm', message: l10n.t('The two passwords differ.') }];
  return [];
}

/** One line per leaf of the body, secrets masked: the summary shown before Create. */
export function summarize(body: unknown, prefix = ''): Array<[string, string]> {
  if (Array.isArray(body)) {
    if (!body.length) return [[prefix, '(none)']];
    if (body.every((v) => typeof v !== 'object')) return [[prefix, body.join(', ')]];
    return body.flatMap((v, i) => summarize(v, `${prefix}[${i}]`));
  }
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([k, v]) => summarize(v, prefix ? `${prefix}.${k}` : k));
  }
  if (SECRET_PATHS.has(prefix)) return [[prefix, '••••••••']];
  return [[prefix, String(body)]];
}

/** Form values without the secrets: what may go into webview state. */
export function withoutSecrets(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_PATHS.has(k)));
}

export interface SourceInstance {
  dbInstanceName?: string;
  description?: string | null;
  dbVersion?: string;
  dbFlavorId?: string;
  dbPort?: number;
  parameterGroupId?: string;
  dbSecurityGroupIds?: string[];
  notificationGroupIds?: string[];
  useDeletionProtection?: boolean;
  /** v4.0 answers only. */
  useSlowQueryAnalysis?: boolean;
}

export interface StorageAutoscaleSettings {
  useStorageAutoscale?: boolean;
  threshold?: number;
  maxStorageSize?: number;
  cooldownTime?: number;
}

export interface SourceDetails {
  instance: SourceInstance;
  /** `storageAutoscale`: v4.0 answers only. */
  storage?: { storageType?: string; storageSize?: number; storageAutoscale?: StorageAutoscaleSettings | null };
  backup?: {
    backupPeriod?: number;
    ftwrlWaitTimeout?: number;
    backupRetryCount?: number;
    replicationRegion?: string | null;
    useBackupLock?: boolean;
    backupSchedules?: BackupSchedule[];
  };
  network?: { availabilityZone?: string; subnet?: { subnetId?: string } };
}

/** Form values prefilled from a source instance (restore, replicate). */
export function prefillFromSource(
  src: SourceDetails,
  nameSuffix: string,
): { values: FormValues; schedules: BackupSchedule[] } {
  const i = src.instance;
  const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  const values: FormValues = {
    ...DEFAULT_VALUES,
    dbInstanceName: i.dbInstanceName ? `${i.dbInstanceName}${nameSuffix}`.slice(0, 100) : '',
    description: str(i.description),
    dbVersion: str(i.dbVersion),
    dbFlavorId: str(i.dbFlavorId),
    dbPort: str(i.dbPort ?? 3306),
    parameterGroupId: str(i.parameterGroupId),
    dbSecurityGroupIds: [...(i.dbSecurityGroupIds ?? [])],
    useDeletionProtection: i.useDeletionProtection === true,
    'network.subnetId': str(src.network?.subnet?.subnetId),
    'network.availabilityZone': str(src.network?.availabilityZone),
    'storage.storageType': str(src.storage?.storageType),
    'storage.storageSize': str(src.storage?.storageSize ?? 20),
  };
  // v4.0 answers carry these; a v3.0 form leaves them unsent whatever they hold.
  if (i.useSlowQueryAnalysis !== undefined) values.useSlowQueryAnalysis = i.useSlowQueryAnalysis === true;
  const scale = src.storage?.storageAutoscale;
  if (scale) {
    values['storage.storageAutoscale.useStorageAutoscale'] = scale.useStorageAutoscale === true;
    for (const key of ['threshold', 'maxStorageSize', 'cooldownTime'] as const)
      if (scale[key] !== undefined) values[`storage.storageAutoscale.${key}`] = str(scale[key]);
  }
  const b = src.backup;
  if (b) {
    values['backup.backupPeriod'] = str(b.backupPeriod);
    values['backup.ftwrlWaitTimeout'] = str(b.ftwrlWaitTimeout);
    values['backup.backupRetryCount'] = str(b.backupRetryCount);
    values['backup.replicationRegion'] = str(b.replicationRegion);
    values['backup.useBackupLock'] = b.useBackupLock !== false;
  }
  return { values, schedules: (b?.backupSchedules ?? []).map((s) => ({ ...s })) };
}
