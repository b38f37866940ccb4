// The shapes of RDS payloads the explorer reads (the RDS for MySQL API v3.0 document). Only the
// fields the tree and the commands use; the client validates the full responses.

export interface DbInstance {
  dbInstanceId: string;
  dbInstanceGroupId?: string;
  dbInstanceName: string;
  description?: string | null;
  dbVersion: string;
  dbPort?: number;
  dbInstanceType?: string;
  dbInstanceStatus: string;
  progressStatus?: string;
  createdYmdt?: string;
  updatedYmdt?: string;
  // detail only
  dbFlavorId?: string;
  parameterGroupId?: string;
  dbSecurityGroupIds?: string[];
  notificationGroupIds?: string[];
  useDeletionProtection?: boolean;
  supportAuthenticationPlugin?: boolean;
  needToApplyParameterGroup?: boolean;
  needMigration?: boolean;
  supportDbVersionUpgrade?: boolean;
}

export interface DbInstanceGroup {
  dbInstanceGroupId: string;
  replicationType?: string;
  createdYmdt?: string;
}

export interface Backup {
  backupId: string;
  backupName: string;
  backupStatus: string;
  dbInstanceId?: string;
  dbVersion?: string;
  backupType?: string;
  backupSize?: number;
  createdYmdt?: string;
}

export interface DbEvent {
  eventCategoryType: string;
  eventCode: string;
  sourceId?: string;
  sourceName?: string;
  messages?: Array<{ langCode: string; message: string }>;
  eventYmdt: string;
}

export interface SecurityRule {
  ruleId: string;
  description?: string | null;
  direction: 'INGRESS' | 'EGRESS';
  etherType: 'IPV4' | 'IPV6';
  port: { portType: 'DB_PORT' | 'PORT' | 'PORT_RANGE'; minPort?: number | null; maxPort?: number | null };
  cidr: string;
}
