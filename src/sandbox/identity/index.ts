// The sandbox's identity service (Keystone v2.0 as the live service has it), served under
// /identity/v2.0/...: token issuance with an expiry and a serviceCatalog that points back at
// the sandbox, and the EC2-credential operations (at most 3 per user and project).
// The state is shared: the network sandbox checks tokens here, the storage sandbox looks up
// EC2 secrets here (findEc2Secret).
import { serviceRegions } from '../../client/sites';
import { randomBytes } from 'node:crypto';
import {
  IDENTITY_OPERATIONS,
  EC2_CREDENTIAL_LIMIT,
  IssueTokenBody,
  CreateEc2CredentialBody,
} from '../../client/network/identityOperations';
import { matchTemplate, type SandboxCall, type SandboxReply, type SandboxService } from '../server';

/** The sandbox's one user. `password` is the API password a sandbox profile stores. */
export const SANDBOX_IDENTITY = {
  username: 'sandbox@example.com',
  password: 'sandbox-api-password',
  userId: '5f0c8a3e2b7d4e6f9a1b2c3d4e5f6a7b',
  /** The network tenant (project). */
  tenantId: '3e1f0c2d4b5a69788796a5b4c3d2e1f0',
  /** Object storage's own tenant: on the live service it can differ from the network one. */
  storageTenantId: 'a9b8c7d6e5f40312233445566778899a',
  tenantName: 'sandbox-project',
} as const;

/** The seeded EC2 credential pair the storage sandbox accepts (of SANDBOX_IDENTITY.storageTenantId). */
export const SANDBOX_EC2 = {
  access: 'd4e2c9a1b7f34c55a0e6b8f21c3d9e47',
  secret: '6b1f8e2a9c4d47e0b35a2f9c8d71e604',
} as const;

export interface SandboxToken {
  id: string;
  tenantId: string;
  userId: string;
  expiresAt: number;
}

export interface Ec2Record {
  access: string;
  secret: string;
  tenant_id: string;
  user_id: string;
  trust_id: null;
}

export class IdentityState {
  /** Lifetime of new tokens; short in tests. */
  tokenTtlMs = 60 * 60_000;
  readonly tokens = new Map<string, SandboxToken>();
  /** EC2 credentials by access key. */
  readonly credentials = new Map<string, Ec2Record>();
  /** Tokens issued since the last reset (tests count issuances with it). */
  issuedCount = 0;
  /**
   * Regions the token's catalog lists per service, where a test wants other than the public
   * cloud's row of the sites table (a region the table does not know, one it lacks).
   */
  catalogRegions: { network?: string[]; storage?: string[] } = {};
  /** Called after the EC2 credentials changed (the data folder's saver listens: ../network/module.ts). */
  changed: () => void = () => {};

  constructor() {
    this.reset();
  }

  reset(): void {
    this.tokens.clear();
    this.credentials.clear();
    this.issuedCount = 0;
    this.catalogRegions = {};
    this.credentials.set(SANDBOX_EC2.access, {
      access: SANDBOX_EC2.access,
      secret: SANDBOX_EC2.secret,
      tenant_id: SANDBOX_IDENTITY.storageTenantId,
      user_id: SANDBOX_IDENTITY.userId,
      trust_id: null,
    });
  }

  issue(tenantId: string): SandboxToken {
    const t: SandboxToken = {
      id: randomBytes(16).toString('hex'),
      tenantId,
      userId: SANDBOX_IDENTITY.userId,
      expiresAt: Date.now() + this.tokenTtlMs,
    };
    this.tokens.set(t.id, t);
    this.issuedCount++;
    return t;
  }

  /** The token if it exists and has not expired. */
  check(id: string | string[] | undefined): SandboxToken | undefined {
    if (typeof id !== 'string') return undefined;
    const t = this.tokens.get(id);
    if (!t) return undefined;
    if (Date.now() >= t.expiresAt) {
      this.tokens.delete(id);
      return undefined;
    }
    return t;
  }

  /** The EC2 credentials as data (tokens are not kept: a client asks for a new one). */
  snapshot(): { credentials: Ec2Record[] } {
    return { credentials: [...this.credentials.values()] };
  }

  /** The EC2 credentials as kept; throws, changing nothing, on a shape it did not write. */
  restore(data: Record<string, unknown>): void {
    const list = data.credentials;
    if (!Array.isArray(list) || list.some((c) => typeof c?.access !== 'string' || typeof c?.secret !== 'string'))
      throw new Error('credentials is not a list of EC2 credentials');
    this.credentials.clear();
    for (const c of list as Ec2Record[]) this.credentials.set(c.access, c);
  }

  /** Makes every issued token invalid at once, as if they had all expired (tests: "401 mid-operation"). */
  expireAll(): void {
    this.tokens.clear();
  }
}

/** The state every sandbox service shares (network checks tokens, storage looks up secrets). */
export const identityState = new IdentityState();

/** The secret of an EC2 access key, for the storage sandbox's signature check. */
export function findEc2Secret(access: string): string | undefined {
  return identityState.credentials.get(access)?.secret;
}

const json = (status: number, body: unknown): SandboxReply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Keystone's error body. */
const keystoneError = (status: number, title: string, message: string): SandboxReply =>
  json(status, { error: { code: status, title, message } });

const unauthorized = () => keystoneError(401, 'Unauthorized', 'The request you have made requires authentication.');

/** `YYYY-MM-DDThh:mm:ssZ`, the form of access.token.expires. */
const keystoneTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface IdentityServiceOptions {
  state?: IdentityState;
  /** Overrides state.tokenTtlMs. */
  tokenTtlMs?: number;
  /** Base URL for the catalog; default: `http://` + the request's Host header. */
  publicUrl?: string;
}

export function createIdentityService(opts: IdentityServiceOptions = {}): SandboxService {
  const state = opts.state ?? identityState;
  if (opts.tokenTtlMs !== undefined) state.tokenTtlMs = opts.tokenTtlMs;

  const catalog = (base: string) => {
    // The public cloud's regions of each service, as its row of the sites table has them.
    const per = (prefix: string, service: 'network' | 'storage') =>
      (state.catalogRegions[service] ?? serviceRegions('public', service)).map((r) => ({
        region: r,
        publicURL: `${base}/${prefix}/${r.toLowerCase()}`,
      }));
    return [
      { type: 'network', name: 'neutron', endpoints: per('network', 'network') },
      { type: 'object-store', name: 'swift', endpoints: per('storage', 'storage') },
      { type: 'identity', name: 'keystone', endpoints: [{ region: 'KR1', publicURL: `${base}/identity/v2.0` }] },
    ];
  };

  async function parseBody(call: SandboxCall): Promise<unknown> {
    const raw = (await call.body()).toString('utf8');
    try {
      return raw ? JSON.parse(raw) : undefined;
    } catch {
      return Symbol.for('malformed');
    }
  }

  async function handle(call: SandboxCall): Promise<SandboxReply> {
    if (call.operation === 'identity.issueToken') {
      const parsed = IssueTokenBody.safeParse(await parseBody(call));
      if (!parsed.success)
        return keystoneError(
          400,
          'Bad Request',
          'Expecting auth.tenantId and auth.passwordCredentials (username, password).',
        );
      const { tenantId, passwordCredentials } = parsed.data.auth;
      const tenants: string[] = [SANDBOX_IDENTITY.tenantId, SANDBOX_IDENTITY.storageTenantId];
      if (
        passwordCredentials.username !== SANDBOX_IDENTITY.username ||
        passwordCredentials.password !== SANDBOX_IDENTITY.password ||
        !tenants.includes(tenantId)
      ) {
        return unauthorized();
      }
      const t = state.issue(tenantId);
      const base = opts.publicUrl ?? `http://${call.headers.host ?? '127.0.0.1'}`;
      return json(200, {
        access: {
          token: {
            id: t.id,
            issued_at: keystoneTime(t.expiresAt - state.tokenTtlMs),
            expires: keystoneTime(t.expiresAt),
            tenant: { id: tenantId, name: SANDBOX_IDENTITY.tenantName, enabled: true, description: null },
          },
          serviceCatalog: catalog(base),
          user: {
            id: t.userId,
            username: SANDBOX_IDENTITY.username,
            name: SANDBOX_IDENTITY.username,
            roles: [{ name: 'Member' }],
            roles_links: [],
          },
          metadata: { is_admin: 0, roles: [] },
        },
      });
    }

    const token = state.check(call.headers['x-auth-token']);
    if (!token) return unauthorized();
    if (call.params.userId !== token.userId)
      return keystoneError(
        403,
        'Forbidden',
        'You are not authorized to perform the requested action: the user ID does not match the token.',
      );

    switch (call.operation) {
      case 'identity.createEc2Credential': {
        const parsed = CreateEc2CredentialBody.safeParse(await parseBody(call));
        if (!parsed.success) return keystoneError(400, 'Bad Request', 'Expecting tenant_id.');
        const tenantId = parsed.data.tenant_id;
        if (tenantId !== SANDBOX_IDENTITY.tenantId && tenantId !== SANDBOX_IDENTITY.storageTenantId) {
          return keystoneError(404, 'Not Found', `Could not find project: ${tenantId}.`);
        }
        const mine = [...state.credentials.values()].filter(
          (c) => c.user_id === token.userId && c.tenant_id === tenantId,
        );
        if (mine.length >= EC2_CREDENTIAL_LIMIT) {
          return keystoneError(
            400,
            'Bad Request',
            `Credential limit exceeded: at most ${EC2_CREDENTIAL_LIMIT} per user and project.`,
          );
        }
        const rec: Ec2Record = {
          access: randomBytes(16).toString('hex'),
          secret: randomBytes(16).toString('hex'),
          tenant_id: tenantId,
          user_id: token.userId,
          trust_id: null,
        };
        state.credentials.set(rec.access, rec);
        state.changed();
        return json(200, { credential: rec });
      }
      case 'identity.listEc2Credentials':
        return json(200, { credentials: [...state.credentials.values()].filter((c) => c.user_id === token.userId) });
      case 'identity.deleteEc2Credential': {
        const rec = state.credentials.get(call.params.access);
        if (!rec || rec.user_id !== token.userId)
          return keystoneError(404, 'Not Found', `Could not find credential: ${call.params.access}.`);
        state.credentials.delete(rec.access);
        state.changed();
        return { status: 204 };
      }
      default:
        return keystoneError(404, 'Not Found', 'The resource could not be found.');
    }
  }

  return {
    name: 'identity',
    regional: false,
    route(method, path) {
      for (const op of IDENTITY_OPERATIONS) {
        if (op.method !== method) continue;
        const params = matchTemplate(op.path, path);
        if (params) return { operation: op.id, params };
      }
      return undefined;
    },
    handle,
    notFound: (method, path) => keystoneError(404, 'Not Found', `The identity sandbox has no ${method} ${path}.`),
    malformedBody: '{"access": {"token": ',
  };
}
