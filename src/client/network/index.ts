// Public surface of the identity and network client (loaded lazily by main.ts, never by the shim).

export {
  IdentityClient,
  WRONG_PASSWORD_MESSAGE,
  type IdentityClientOptions,
  type TokenSession,
  type CatalogType,
} from './identity';
export { NetworkClient, type NetworkClientOptions, type NetworkInput, type NetworkOutput } from './client';
export { Ec2CredentialsClient, CREDENTIAL_LIMIT_MESSAGE } from './credentials';
export { IDENTITY_OPERATIONS, OS_EC2, EC2_CREDENTIAL_LIMIT, type Ec2Credential } from './identityOperations';
export {
  NETWORK_OPERATIONS,
  IDENTITY_AND_NETWORK_OPERATIONS,
  type NetworkOperation,
  type NetworkOperationName,
} from './operations';
export * from './schemas';
