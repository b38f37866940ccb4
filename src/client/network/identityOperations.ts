// The identity operations table: Keystone v2.0 token issuance (the live service, as observed) and
// the three EC2-credential operations of the Object Storage API document.
import * as z from 'zod/mini';
import type { Operation } from '../operation';

/**
 * The credential-kind path segment. The object-storage document writes `OS-X`; the live
 * value is Keystone's (the live service, as observed). Every path below uses this one constant.
 */
export const OS_EC2 = 'OS-EC2';

/** At most 3 credentials per user per project (object-storage-api.md, Limits). */
export const EC2_CREDENTIAL_LIMIT = 3;

export const IssueTokenBody = z.strictObject({
  auth: z.strictObject({
    tenantId: z.string().check(z.minLength(1, 'the tenant ID is required')),
    passwordCredentials: z.strictObject({
      username: z.string().check(z.minLength(1, 'the user name (account e-mail or IAM ID) is required')),
      password: z.string().check(z.minLength(1, 'the API password is required')),
    }),
  }),
});

const optStr = z.optional(z.nullable(z.string()));

export const CatalogEndpoint = z.looseObject({ region: optStr, publicURL: z.string() });
export const CatalogEntry = z.looseObject({ type: z.string(), name: optStr, endpoints: z.array(CatalogEndpoint) });
export type CatalogEntry = z.infer<typeof CatalogEntry>;

export const TokenResponse = z.looseObject({
  access: z.looseObject({
    token: z.looseObject({
      id: z.string().check(z.minLength(1)),
      expires: z.string(),
      issued_at: optStr,
      tenant: z.optional(z.looseObject({ id: z.string(), name: optStr })),
    }),
    serviceCatalog: z.optional(z.array(CatalogEntry)),
    user: z.looseObject({ id: z.string(), name: optStr }),
  }),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const Ec2Credential = z.looseObject({
  access: z.string(),
  secret: z.string(),
  tenant_id: optStr,
  user_id: optStr,
  trust_id: z.optional(z.nullable(z.unknown())),
});
export type Ec2Credential = z.infer<typeof Ec2Credential>;

export const CreateEc2CredentialBody = z.strictObject({
  tenant_id: z.string().check(z.minLength(1, 'the object-storage tenant ID is required')),
});

export interface IdentityOperation extends Operation {
  readonly name: 'issueToken' | 'createEc2Credential' | 'listEc2Credentials' | 'deleteEc2Credential';
  /** Key of the answer's payload, when there is one. */
  readonly key?: string;
}

const CREDENTIALS = `/v2.0/users/{userId}/credentials/${OS_EC2}`;

export const IDENTITY_OPERATIONS = [
  {
    id: 'identity.issueToken',
    name: 'issueToken',
    service: 'identity',
    method: 'POST',
    path: '/v2.0/tokens',
    summary: 'Issue an identity token (and the service catalog)',
    body: IssueTokenBody,
    response: TokenResponse,
  },
  {
    id: 'identity.createEc2Credential',
    name: 'createEc2Credential',
    service: 'identity',
    method: 'POST',
    path: CREDENTIALS,
    summary: 'Issue an S3 (EC2) credential for object storage',
    key: 'credential',
    body: CreateEc2CredentialBody,
    response: Ec2Credential,
  },
  {
    id: 'identity.listEc2Credentials',
    name: 'listEc2Credentials',
    service: 'identity',
    method: 'GET',
    path: CREDENTIALS,
    summary: 'List the S3 (EC2) credentials of the user',
    key: 'credentials',
    response: z.array(Ec2Credential),
  },
  {
    id: 'identity.deleteEc2Credential',
    name: 'deleteEc2Credential',
    service: 'identity',
    method: 'DELETE',
    path: `${CREDENTIALS}/{access}`,
    summary: 'Delete an S3 (EC2) credential',
  },
] as const satisfies readonly IdentityOperation[];

export const identityOperation = (name: IdentityOperation['name']): IdentityOperation =>
  (IDENTITY_OPERATIONS as readonly IdentityOperation[]).find((o) => o.name === name)!;
