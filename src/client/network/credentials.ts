// EC2 (S3) credentials of object storage: issue, list and delete through the identity API
// (the Object Storage API document, "Credential operations"), at most 3 per user and project.
import * as z from 'zod/mini';
import { ApiError, isApiError } from '../errors';
import { checkResponse, requestJson, validate } from './http';
import type { IdentityClient } from './identity';
import { EC2_CREDENTIAL_LIMIT, identityOperation, type Ec2Credential } from './identityOperations';

export const CREDENTIAL_LIMIT_MESSAGE = `You already have ${EC2_CREDENTIAL_LIMIT} S3 credentials, the maximum: delete one first`;

interface CallOptions {
  signal?: AbortSignal;
}

export class Ec2CredentialsClient {
  private readonly identity: IdentityClient;

  constructor(opts: { identity: IdentityClient }) {
    this.identity = opts.identity;
  }

  /**
   * Issues a credential for the object-storage tenant (which may differ from the network one;
   * default: the identity client's tenant). At the limit, rejects with an ApiError whose code
   * is `CredentialLimitExceeded` and whose message says to delete one first.
   */
  async create(input: { tenantId?: string } = {}, opts: CallOptions = {}): Promise<Ec2Credential> {
    const op = identityOperation('createEc2Credential');
    const body = validate(op.id, op.body!, { tenant_id: input.tenantId ?? this.identity.tenantId }, 'body');
    try {
      const json = await this.call(op.id, op.method, op.path, {}, body, opts);
      const credential = checkResponse(
        'identity',
        op.id,
        op.response,
        (json as Record<string, unknown> | undefined)?.[op.key!],
      ) as Ec2Credential;
      this.identity.transport.redactor.addSecret(credential.secret);
      return credential;
    } catch (err) {
      // The live refusal at the limit is not documented; whatever 4xx it is, count to tell.
      if (isApiError(err) && err.status !== undefined && err.status >= 400 && err.status < 500) {
        const existing = await this.list({}, opts).catch(() => undefined);
        if (existing && existing.length >= EC2_CREDENTIAL_LIMIT) {
          throw new ApiError({
            service: 'identity',
            operation: op.id,
            status: err.status,
            code: 'CredentialLimitExceeded',
            message: CREDENTIAL_LIMIT_MESSAGE,
            cause: err,
          });
        }
      }
      throw err;
    }
  }

  /** The user's credentials (every tenant). Secrets are registered with the redactor. */
  async list(_input: Record<string, never> = {}, opts: CallOptions = {}): Promise<Ec2Credential[]> {
    const op = identityOperation('listEc2Credentials');
    const json = await this.call(op.id, op.method, op.path, {}, undefined, opts);
    const list = checkResponse(
      'identity',
      op.id,
      op.response,
      (json as Record<string, unknown> | undefined)?.[op.key!],
    ) as Ec2Credential[];
    for (const c of list) this.identity.transport.redactor.addSecret(c.secret);
    return list;
  }

  async delete(input: { access: string }, opts: CallOptions = {}): Promise<void> {
    const op = identityOperation('deleteEc2Credential');
    validate(op.id, ACCESS, input.access, 'access');
    await this.call(op.id, op.method, op.path, { access: input.access }, undefined, opts);
  }

  private async call(
    operation: string,
    method: string,
    path: string,
    params: Record<string, string>,
    body: unknown,
    opts: CallOptions,
  ): Promise<unknown> {
    return this.identity.withToken(
      async (token) => {
        const userId = await this.identity.userId({ signal: opts.signal });
        const { json } = await requestJson({
          transport: this.identity.transport,
          service: 'identity',
          operation,
          method,
          url: this.identity.url(path, { ...params, userId }),
          headers: { 'x-auth-token': token },
          body,
          idempotent: method === 'GET',
          signal: opts.signal,
        });
        return json;
      },
      { signal: opts.signal },
    );
  }
}

const ACCESS = z.string().check(z.minLength(1, 'the access key of the credential is required'));
