// The sandbox's token host for RDS API v4.0 (issue 27): `POST /oauth/oauth2/token/create` with
// `Authorization: Basic base64(keyId:secret)` and the form body `grant_type=client_credentials`
// answers `{ access_token, token_type: "Bearer", expires_in }`, as the vendor's guide describes.
// The keys are the RDS sandbox's user access keys. A refused client gets RFC 6749's answer
// (401 `invalid_client`): the guide shows no error body. Tokens live for `lifetimeS` (86,400 by
// default, 60 to 86,400 as the account's setting allows; a control route changes it, and another
// expires every token issued, so a test can make a token expire mid-session).
import { randomBytes } from 'node:crypto';
import type { SandboxCall, SandboxReply, SandboxService } from '../server';
import type { RdsKeyPair } from './service';

export const OAUTH_DEFAULT_LIFETIME_S = 86_400;

export class OAuthTokens {
  /** Lifetime of tokens issued from now on. */
  lifetimeS = OAUTH_DEFAULT_LIFETIME_S;
  private readonly issued = new Map<string, { key: RdsKeyPair; expiresAt: number }>();
  /** Tokens issued so far (for tests in this process). */
  issuedCount = 0;

  constructor(
    readonly keys: readonly RdsKeyPair[],
    private readonly now: () => number = Date.now,
  ) {}

  /** The account's token lifetime, within the range the console allows. */
  setLifetime(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 60 || seconds > 86_400)
      throw new Error(`a token lifetime is 60 to 86400 seconds, not ${seconds}`);
    this.lifetimeS = seconds;
  }

  issue(key: RdsKeyPair): { token: string; lifetimeS: number } {
    const token = randomBytes(24).toString('base64url');
    this.issued.set(token, { key, expiresAt: this.now() + this.lifetimeS * 1000 });
    this.issuedCount++;
    return { token, lifetimeS: this.lifetimeS };
  }

  /** The key pair a valid token was issued to; undefined for an unknown or expired token. */
  keyOf(token: string): RdsKeyPair | undefined {
    const t = this.issued.get(token);
    return t && this.now() < t.expiresAt ? t.key : undefined;
  }

  /** Revokes a token of `key` (RFC 7009: an unknown token or one of another client is no error). */
  revoke(key: RdsKeyPair, token: string): void {
    if (this.issued.get(token)?.key === key) this.issued.delete(token);
    this.revokedCount++;
  }
  /** Revocation requests answered (for tests in this process). */
  revokedCount = 0;

  /** Every token issued so far is expired from now on. */
  expireAll(): void {
    this.issued.clear();
  }
}

function json(status: number, body: unknown): SandboxReply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export function createOAuthService(tokens: OAuthTokens): SandboxService {
  /** The key pair of the request's Basic credentials, if they are one of the account's. */
  const clientOf = (call: SandboxCall): RdsKeyPair | undefined => {
    const basic = /^Basic\s+(.+)$/i.exec(String(call.headers.authorization ?? ''))?.[1];
    const [id, ...rest] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    return tokens.keys.find((k) => k.accessKeyId === id && k.secretAccessKey === rest.join(':'));
  };
  return {
    name: 'oauth',
    regional: false,
    route: (method, path) =>
      method !== 'POST'
        ? undefined
        : path === '/oauth2/token/create'
          ? { operation: 'oauth.createToken', params: {} }
          : path === '/oauth2/token/revoke'
            ? { operation: 'oauth.revokeToken', params: {} }
            : undefined,
    async handle(call: SandboxCall): Promise<SandboxReply> {
      const form = new URLSearchParams((await call.body()).toString('utf8'));
      if (call.operation === 'oauth.revokeToken') {
        const client = clientOf(call);
        if (!client) return json(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
        const token = form.get('token');
        if (!token) return json(400, { error: 'invalid_request', error_description: 'token is required' });
        tokens.revoke(client, token);
        return json(200, {});
      }
      if (form.get('grant_type') !== 'client_credentials')
        return json(400, {
          error: 'unsupported_grant_type',
          error_description: 'grant_type=client_credentials is required',
        });
      const key = clientOf(call);
      if (!key) return json(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      const { token, lifetimeS } = tokens.issue(key);
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: lifetimeS });
    },
    notFound: (method, path) => json(404, { error: 'not_found', error_description: `${method} ${path}` }),
    malformedBody: '{"access_token": ',
  };
}
