// Builders for new resources, used by the seed and by the create/restore/replicate handlers
// so both produce the same shapes.
import { family, supportsAuthPlugin } from './seed/catalog';
import { logFilesFor } from './seed/logs';
import { MYSQL57_PARAMETERS, MYSQL8_PARAMETERS } from './seed/mysqlParameters';
import type { RegionState } from './state';
import type { Backup, BackupSettings, DbUser, Instance, InstanceGroup, ParameterGroup } from './types';
import { ymdt } from './util';

export const DEFAULT_BACKUP: BackupSettings = {
  backupPeriod: 7,
  ftwrlWaitTimeout: 1800,
  backupRetryCount: 0,
  replicationRegion: null,
  useBackupLock: true,
  backupSchedules: [{ backupWndBgnTime: '03:00:00', backupWndDuration: 'ONE_HOUR' }],
};

export interface InstanceInit {
  id: string;
  groupId: string;
  name: string;
  dbVersion: string;
  type?: Instance['dbInstanceType'];
  status?: Instance['dbInstanceStatus'];
  progressStatus?: string;
  description?: string | null;
  dbPort?: number;
  dbFlavorId: string;
  parameterGroupId: string;
  dbSecurityGroupIds?: string[];
  userGroupIds?: string[];
  notificationGroupIds?: string[];
  useDeletionProtection?: boolean;
  storage?: Partial<Instance['storage']>;
  backup?: Partial<BackupSettings>;
  network: Instance['network'];
  pingInterval?: number;
  at: number;
  users?: DbUser[];
}

export function newInstance(init: InstanceInit): Instance {
  return {
    dbInstanceId: init.id,
    dbInstanceGroupId: init.groupId,
    dbInstanceName: init.name,
    description: init.description ?? null,
    dbVersion: init.dbVersion,
    dbPort: init.dbPort ?? 3306,
    dbInstanceType: init.type ?? 'MASTER',
    dbInstanceStatus: init.status ?? 'AVAILABLE',
    progressStatus: init.progressStatus ?? 'NONE',
    createdYmdt: ymdt(init.at),
    updatedYmdt: ymdt(init.at),
    dbFlavorId: init.dbFlavorId,
    parameterGroupId: init.parameterGroupId,
    dbSecurityGroupIds: init.dbSecurityGroupIds ?? [],
    notificationGroupIds: init.notificationGroupIds ?? [],
    userGroupIds: init.userGroupIds ?? [],
    useDeletionProtection: init.useDeletionProtection ?? false,
    needToApplyParameterGroup: false,
    needMigration: false,
    storage: { storageType: 'General SSD', storageSize: 100, storageStatus: 'ATTACHED', ...init.storage },
    backup: {
      ...DEFAULT_BACKUP,
      ...init.backup,
      backupSchedules: init.backup?.backupSchedules ?? DEFAULT_BACKUP.backupSchedules.map((s) => ({ ...s })),
    },
    network: { ...init.network },
    pingInterval: init.pingInterval ?? 3,
    haPaused: false,
    users: init.users ?? [],
    schemas: [],
    logFiles: logFilesFor(init.name, init.dbVersion.replace('MYSQL_V', ''), init.at),
  };
}

export function newUser(
  id: string,
  name: string,
  host: string,
  authorityType: DbUser['authorityType'],
  dbVersion: string,
  at: number,
  plugin?: DbUser['authenticationPlugin'],
  tls?: DbUser['tlsOption'],
): DbUser {
  return {
    dbUserId: id,
    dbUserName: name,
    host,
    authorityType,
    dbUserStatus: 'STABLE',
    authenticationPlugin: plugin ?? defaultPlugin(dbVersion),
    tlsOption: tls ?? 'NONE',
    createdYmdt: ymdt(at),
    updatedYmdt: ymdt(at),
  };
}

/** NATIVE, or CACHING_SHA2 where NATIVE is unsupported (8.4), as the spec says. */
export const defaultPlugin = (dbVersion: string): DbUser['authenticationPlugin'] =>
  dbVersion.startsWith('MYSQL_V84') ? 'CACHING_SHA2' : 'NATIVE';

export function newGroup(id: string, replicationType: InstanceGroup['replicationType'], at: number): InstanceGroup {
  return { dbInstanceGroupId: id, replicationType, createdYmdt: ymdt(at), updatedYmdt: ymdt(at) };
}

export function newParameterGroup(
  region: RegionState,
  id: string,
  name: string,
  dbVersion: string,
  description: string | null,
  at: number,
  newId: () => string,
): ParameterGroup {
  const defs = family(dbVersion) === '5.7' || family(dbVersion) === '5.6' ? MYSQL57_PARAMETERS : MYSQL8_PARAMETERS;
  const g: ParameterGroup = {
    parameterGroupId: id,
    parameterGroupName: name,
    description,
    dbVersion,
    parameterGroupType: 'USER',
    dbEngineVersionFamily: null,
    parameterGroupStatus: 'STABLE',
    createdYmdt: ymdt(at),
    updatedYmdt: ymdt(at),
    parameters: defs.map((d) => ({
      parameterId: newId(),
      parameterFileGroup: d.parameterFileGroup,
      parameterName: d.parameterName,
      fileParameterName: d.parameterName,
      value: d.defaultValue,
      defaultValue: d.defaultValue,
      allowedValue: d.allowedValue,
      updateType: d.updateType,
      applyType: d.applyType,
    })),
  };
  region.parameterGroups.set(id, g);
  return g;
}

export function newBackup(init: {
  id: string;
  name: string;
  instance: Instance;
  type: Backup['backupType'];
  status?: Backup['backupStatus'];
  size: number;
  at: number;
  binlog: number;
  position: number;
}): Backup {
  return {
    backupId: init.id,
    backupName: init.name,
    backupStatus: init.status ?? 'COMPLETED',
    dbInstanceId: init.instance.dbInstanceId,
    dbInstanceName: init.instance.dbInstanceName,
    dbVersion: init.instance.dbVersion,
    utilVersion: init.instance.dbVersion.startsWith('MYSQL_V8') ? '8.0.35' : '2.4.29',
    backupType: init.type,
    backupSize: init.size,
    useBackupLock: init.instance.backup.useBackupLock,
    failoverCount: 0,
    binLogFileName: `mysql-bin.${String(init.binlog).padStart(6, '0')}`,
    binLogPosition: init.position,
    createdYmdt: ymdt(init.at),
    updatedYmdt: ymdt(init.at),
  };
}

export const authPluginSupported = supportsAuthPlugin;
