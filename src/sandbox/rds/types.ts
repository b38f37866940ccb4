// In-memory resource shapes of the RDS sandbox. Field names follow the spec so handlers can
// answer with plain spreads; sandbox-only fields (content, internal links) are stripped there.

import type { Region } from '../../client/sites';

/** The regions of the RDS sandbox: where RDS for MySQL runs on some site (src/client/sites.ts). */
export type RegionCode = 'KR1' | 'KR2' | 'KR4' | 'JP1';
export const RDS_REGIONS: RegionCode[] = ['KR1', 'KR2', 'KR4', 'JP1'];

export type InstanceType = 'MASTER' | 'FAILED_MASTER' | 'CANDIDATE_MASTER' | 'READ_ONLY_SLAVE';
export type InstanceStatus =
  | 'AVAILABLE'
  | 'BEFORE_CREATE'
  | 'STORAGE_FULL'
  | 'FAIL_TO_CREATE'
  | 'FAIL_TO_CONNECT'
  | 'REPLICATION_STOP'
  | 'FAILOVER'
  | 'SHUTDOWN'
  | 'DELETED';

export interface BackupSchedule {
  backupWndBgnTime: string;
  backupWndDuration: string;
}
export interface BackupSettings {
  backupPeriod: number;
  ftwrlWaitTimeout: number;
  backupRetryCount: number;
  replicationRegion: Region | null;
  useBackupLock: boolean;
  backupSchedules: BackupSchedule[];
}

export interface DbUser {
  dbUserId: string;
  dbUserName: string;
  host: string;
  authorityType: (typeof SANDBOX_AUTHORITY_TYPES)[number];
  dbUserStatus: 'STABLE' | 'CREATING' | 'UPDATING' | 'DELETING' | 'DELETED';
  authenticationPlugin: (typeof SANDBOX_PLUGINS)[number];
  tlsOption: (typeof SANDBOX_TLS_OPTIONS)[number];
  createdYmdt: string;
  updatedYmdt: string;
}

export interface DbSchema {
  dbSchemaId: string;
  dbSchemaName: string;
  dbSchemaStatus: 'STABLE' | 'CREATING' | 'DELETING' | 'DELETED';
  createdYmdt: string;
}

export interface LogFile {
  logFileName: string;
  logFileType: 'ERROR' | 'BINLOG' | 'GENERAL' | 'SLOW_QUERY' | 'AUDIT' | 'BACKUP';
  logFileSize: number;
  createdYmdt: string;
  /** Sandbox only: what an export writes to object storage. */
  content: string;
}

export interface StorageAutoscale {
  useStorageAutoscale?: boolean;
  threshold?: number;
  maxStorageSize?: number;
  cooldownTime?: number;
}

export interface Instance {
  dbInstanceId: string;
  dbInstanceGroupId: string;
  dbInstanceName: string;
  description: string | null;
  dbVersion: string;
  dbPort: number;
  dbInstanceType: InstanceType;
  dbInstanceStatus: InstanceStatus;
  progressStatus: string;
  createdYmdt: string;
  updatedYmdt: string;
  dbFlavorId: string;
  parameterGroupId: string;
  dbSecurityGroupIds: string[];
  notificationGroupIds: string[];
  userGroupIds: string[];
  useDeletionProtection: boolean;
  needToApplyParameterGroup: boolean;
  needMigration: boolean;
  storage: {
    storageType: string;
    storageSize: number;
    storageStatus: 'DETACHED' | 'ATTACHED' | 'DELETED';
    /** API v4.0: storage autoscale, when it was ever set. */
    storageAutoscale?: StorageAutoscale;
  };
  /** API v4.0: slow query analysis (the guide's default: on). */
  useSlowQueryAnalysis?: boolean;
  backup: BackupSettings;
  network: { availabilityZone: string; subnetId: string; usePublicAccess: boolean };
  pingInterval: number;
  haPaused: boolean;
  users: DbUser[];
  schemas: DbSchema[];
  logFiles: LogFile[];
}

export interface InstanceGroup {
  dbInstanceGroupId: string;
  replicationType: 'STANDALONE' | 'HIGH_AVAILABILITY';
  createdYmdt: string;
  updatedYmdt: string;
}

export interface Backup {
  backupId: string;
  backupName: string;
  backupStatus: 'BACKING_UP' | 'COMPLETED' | 'DELETING' | 'DELETED' | 'ERROR';
  dbInstanceId: string;
  dbInstanceName: string;
  dbVersion: string;
  utilVersion: string;
  backupType: 'AUTO' | 'MANUAL';
  backupSize: number;
  useBackupLock: boolean;
  failoverCount: number;
  binLogFileName: string;
  binLogPosition: number;
  createdYmdt: string;
  updatedYmdt: string;
  /** API v4.0: how it was taken (a v3.0 backup, and every automatic one, is FULL). */
  backupMethodType?: 'FULL' | 'INCREMENTAL' | 'SNAPSHOT';
  /** Sandbox only: the backup an incremental one builds on (the guide shows no such field). */
  baseBackupId?: string;
}

/** API v4.0: who hears of which events, by e-mail or SMS. */
export interface EventSubscription {
  eventSubscriptionId: string;
  eventCategoryType: string;
  eventSubscriptionName: string;
  enabled: boolean;
  notifyEmail: boolean;
  notifySms: boolean;
  eventCodes: string[];
  sources: { sourceId: string; eventCategoryType: string }[];
  userGroupIds: string[];
  createdYmdt: string;
}

/**
 * API v4.0: a maintenance of an instance (issue 61). PENDING (or SUSPENDED: held) waits for its
 * person: Run Now or Schedule; READY is scheduled for the next maintenance window, where Delete
 * cancels it (a provider's goes back to PENDING); RUNNING, then COMPLETED or FAILED.
 */
export interface Maintenance {
  maintenanceId: string;
  dbInstanceId: string;
  category: string;
  description: string | null;
  type: string;
  payload: Record<string, unknown>;
  required: boolean;
  deadlineYmdt: string | null;
  status: string;
  executionType: string | null;
  addedYmdt: string;
  /** Sandbox: a scheduled (READY) one's planned start, the next maintenance window. */
  executionStartedYmdt: string | null;
  executionCompletedYmdt: string | null;
  haPairSynced: boolean;
}

export interface SecurityGroupRule {
  ruleId: string;
  description: string | null;
  direction: 'INGRESS' | 'EGRESS';
  etherType: 'IPV4' | 'IPV6';
  port: { portType: (typeof SANDBOX_PORT_TYPES)[number]; minPort: number | null; maxPort: number | null };
  cidr: string;
  createdYmdt: string;
  updatedYmdt: string;
}
export interface SecurityGroup {
  dbSecurityGroupId: string;
  dbSecurityGroupName: string;
  description: string | null;
  progressStatus: string;
  createdYmdt: string;
  updatedYmdt: string;
  rules: SecurityGroupRule[];
}

export interface Parameter {
  parameterId: string;
  parameterFileGroup: string;
  parameterName: string;
  fileParameterName: string;
  value: string;
  defaultValue: string;
  allowedValue: string;
  updateType: 'VARIABLE' | 'CONSTANT' | 'INIT_VARIABLE';
  applyType: 'SESSION' | 'FILE' | 'BOTH';
}
export interface ParameterGroup {
  parameterGroupId: string;
  parameterGroupName: string;
  description: string | null;
  /** The engine whose parameters it holds (a FAMILY group: the family's newest; answered as null). */
  dbVersion: string;
  /** USER (made by a person), DEFAULT (one engine's defaults), FAMILY (every minor version of a family). */
  parameterGroupType: 'USER' | 'ADMIN' | 'FAMILY' | 'DEFAULT';
  /** A FAMILY group's family (MYSQL_V84_FAMILY), else null. */
  dbEngineVersionFamily: string | null;
  parameterGroupStatus: 'STABLE' | 'NEED_TO_APPLY';
  createdYmdt: string;
  updatedYmdt: string;
  parameters: Parameter[];
}

export interface UserGroup {
  userGroupId: string;
  userGroupName: string;
  userGroupTypeCode: 'ENTIRE' | 'INDIVIDUAL_MEMBER';
  memberIds: string[];
  createdYmdt: string;
  updatedYmdt: string;
}
export interface NotificationGroup {
  notificationGroupId: string;
  notificationGroupName: string;
  notifyEmail: boolean;
  notifySms: boolean;
  isEnabled: boolean;
  dbInstanceIds: string[];
  userGroupIds: string[];
  createdYmdt: string;
  updatedYmdt: string;
}

export interface RdsEvent {
  eventCategoryType: string;
  eventCode: string;
  sourceId: string;
  sourceName: string;
  messages: { langCode: 'EN' | 'JA' | 'KO' | 'ZH'; message: string }[];
  eventYmdt: string;
  /** Sandbox only: epoch ms for filtering and ordering. */
  at: number;
}

export interface Job {
  jobId: string;
  operation: string;
  jobStatus: string;
  resourceRelations: { resourceType: string; resourceId: string }[];
  createdYmdt: string;
  updatedYmdt: string;
  /** Sandbox only. */
  startedAt: number;
  /** Instances whose progressStatus shows this job while it runs. */
  busy: string[];
  effect: () => void;
  onFail: () => void;
  /**
   * The state the job ends in instead of COMPLETED (a control route set it): FAILED and the other
   * failures run `onFail`; COMPLETED_WITH_ERROR runs `effect` (the result exists, a step failed);
   * a state no guide names is where the job stays.
   */
  endsAs?: string;
}

/** What an export to object storage produced (log files, backups). See RdsSandbox.onExport. */
export interface ExportedObject {
  region: RegionCode;
  tenantId: string;
  username: string;
  bucket: string;
  path: string;
  content: string;
  operation: string;
  at: string;
}

/**
 * The service's own vocabularies (the guide of December 2026): the sandbox, like the service,
 * refuses anything else. The client accepts any value of the shape (it may be newer than it).
 */
export const SANDBOX_AUTHORITY_TYPES = ['READ', 'CRUD', 'DDL', 'CUSTOM', 'ALL'] as const;
export const SANDBOX_PLUGINS = ['NATIVE', 'SHA256', 'CACHING_SHA2', 'ED25519'] as const;
export const SANDBOX_TLS_OPTIONS = ['NONE', 'SSL', 'X509'] as const;
export const SANDBOX_PORT_TYPES = ['DB_PORT', 'PORT', 'PORT_RANGE', 'ALL'] as const;
