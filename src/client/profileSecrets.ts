// The credentials of one profile, one field per secret (kept in SecretStorage by src/profiles;
// made by the sandbox for its own profiles). Declared here, vscode-free, so both sides share it.
export interface ProfileSecrets {
  rdsAppKey?: string;
  /** RDS for MariaDB's app key (the access key pair is the same user's). */
  rdsMariadbAppKey?: string;
  rdsAccessKeyId?: string;
  rdsSecretAccessKey?: string;
  identityTenantId?: string;
  identityUsername?: string;
  identityApiPassword?: string;
  storageTenantId?: string;
  s3AccessKey?: string;
  s3SecretKey?: string;
}
