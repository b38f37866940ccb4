// Resource -> response shapes (sandbox-only fields left out).
import { supportsAuthPlugin, supportsUpgrade } from '../seed/catalog';
import type { RegionState } from '../state';
import type { Backup, Instance, Job } from '../types';

export const instanceItem = (i: Instance) => ({
  dbInstanceId: i.dbInstanceId,
  dbInstanceGroupId: i.dbInstanceGroupId,
  dbInstanceName: i.dbInstanceName,
  description: i.description,
  dbVersion: i.dbVersion,
  dbPort: i.dbPort,
  dbInstanceType: i.dbInstanceType,
  dbInstanceStatus: i.dbInstanceStatus,
  progressStatus: i.progressStatus,
  createdYmdt: i.createdYmdt,
  updatedYmdt: i.updatedYmdt,
});

export const instanceDetail = (i: Instance) => ({
  ...instanceItem(i),
  dbFlavorId: i.dbFlavorId,
  parameterGroupId: i.parameterGroupId,
  dbSecurityGroupIds: i.dbSecurityGroupIds,
  notificationGroupIds: i.notificationGroupIds,
  useDeletionProtection: i.useDeletionProtection,
  // v4.0 documents it; one handler answers both versions, and v3.0's answer is read loosely.
  useSlowQueryAnalysis: i.useSlowQueryAnalysis ?? false,
  supportAuthenticationPlugin: supportsAuthPlugin(i.dbVersion),
  needToApplyParameterGroup: i.needToApplyParameterGroup,
  needMigration: i.needMigration,
  supportDbVersionUpgrade: supportsUpgrade(i.dbVersion),
});

export const jobView = (j: Job) => ({
  jobId: j.jobId,
  jobStatus: j.jobStatus,
  resourceRelations: j.resourceRelations,
  createdYmdt: j.createdYmdt,
  updatedYmdt: j.updatedYmdt,
});

export const backupItem = (b: Backup) => ({
  backupId: b.backupId,
  backupName: b.backupName,
  backupStatus: b.backupStatus,
  dbInstanceId: b.dbInstanceId,
  dbVersion: b.dbVersion,
  utilVersion: b.utilVersion,
  backupType: b.backupType,
  backupSize: b.backupSize,
  createdYmdt: b.createdYmdt,
  updatedYmdt: b.updatedYmdt,
});

/**
 * `withDatabase`: the instance has a real database in the sandbox (../mariadb/databases.ts): its
 * endpoints are 127.0.0.1 (the port is the instance's dbPort), where a client can connect.
 */
export function networkInfo(r: RegionState, i: Instance, withDatabase = false) {
  const subnet = r.subnets.find((s) => s.subnetId === i.network.subnetId) ?? r.subnets[0];
  if (withDatabase) {
    const endPoints = [{ domain: '127.0.0.1', ipAddress: '127.0.0.1', endPointType: 'INTERNAL' }];
    if (i.network.usePublicAccess)
      endPoints.push({ domain: '127.0.0.1', ipAddress: '127.0.0.1', endPointType: 'EXTERNAL' });
    return {
      availabilityZone: i.network.availabilityZone,
      subnet: { subnetId: subnet.subnetId, subnetName: subnet.subnetName, subnetCidr: subnet.subnetCidr },
      endPoints,
    };
  }
  const host = `${i.dbInstanceId.slice(0, 8)}.${r.region.toLowerCase()}.rds.sandbox.internal`;
  const octets = [...i.dbInstanceId.replace(/-/g, '').slice(0, 4)].map((c) => parseInt(c, 16));
  const base = subnet.subnetCidr.split('.').slice(0, 3).join('.');
  const endPoints = [
    { domain: host, ipAddress: `${base}.${10 + octets[0] * 14 + octets[1]}`, endPointType: 'INTERNAL' },
  ];
  if (i.network.usePublicAccess)
    endPoints.push({
      domain: `public-${host}`,
      ipAddress: `133.186.${octets[2] * 16 + octets[3]}.${octets[0] * 16 + octets[1]}`,
      endPointType: 'EXTERNAL',
    });
  return {
    availabilityZone: i.network.availabilityZone,
    subnet: { subnetId: subnet.subnetId, subnetName: subnet.subnetName, subnetCidr: subnet.subnetCidr },
    endPoints,
  };
}
