// The RDS for MySQL sandbox service, API v3.0 and v4.0 over the same state: routes each request to
// an operation of either version's table (src/client/rds/versions.ts), checks the three X-TC-*
// headers (v3.0) or the app key and a Bearer token of ./oauth.ts (v4.0), and the role, validates
// query and body with the client's own schemas of that version, settles due jobs, and answers
// HTTP 200 with `header` like the live service. One handler per operation name serves both.
import type { RdsOperationName } from '../../client/rds/api';
import { expandUnknownKeys, formatPath, queryFromSearchParams, RDS_OPERATIONS } from '../../client/rds/schemas';
import { RDS_V4_OPERATIONS, rdsOperationName } from '../../client/rds/versions';
import { matchTemplate, type SandboxCall, type SandboxReply, type SandboxService } from '../server';
import { catalogHandlers } from './handlers/catalog';
import type { Ctx, Handler } from './handlers/context';
import { dataHandlers } from './handlers/data';
import { groupHandlers } from './handlers/groups';
import { instanceSettingsHandlers } from './handlers/instanceSettings';
import { instanceHandlers } from './handlers/instances';
import { maintenanceHandlers } from './handlers/maintenance';
import { monitoringHandlers } from './handlers/monitoring';
import { v4Handlers } from './handlers/v4';
import type { OAuthTokens } from './oauth';
import { parameterGroupHandlers } from './handlers/parameterGroups';
import { restoreHandlers } from './handlers/restore';
import { securityGroupHandlers } from './handlers/securityGroups';
import type { SandboxDatabases } from './mariadb/databases';
import type { RdsState } from './state';
import { envelope, failure, RdsFault, RESULT } from './util';

export interface RdsKeyPair {
  role: 'ADMIN' | 'VIEWER';
  appKey: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const HANDLERS: Record<RdsOperationName, Handler> = {
  ...catalogHandlers,
  ...instanceHandlers,
  ...instanceSettingsHandlers,
  ...restoreHandlers,
  ...dataHandlers,
  ...securityGroupHandlers,
  ...parameterGroupHandlers,
  ...groupHandlers,
  ...monitoringHandlers,
  ...v4Handlers,
  ...maintenanceHandlers,
} as Record<RdsOperationName, Handler>;

const ALL_RDS_OPERATIONS = [...RDS_OPERATIONS, ...RDS_V4_OPERATIONS];
const OPERATIONS = new Map(ALL_RDS_OPERATIONS.map((op) => [op.id, op]));

/** Routes with the most literal segments first, so `/db-instances/restore-from-obs` beats `{dbInstanceId}`. */
const paramCount = (path: string) => path.split('{').length - 1;
const ROUTES = [...ALL_RDS_OPERATIONS].sort((a, b) => paramCount(a.path) - paramCount(b.path));

/** The VIEWER role may read everything and change only user groups and notification groups (spec, Authentication). */
export const viewerMayCall = (name: string, method: string): boolean =>
  method === 'GET' || /UserGroup|NotificationGroup/.test(name);

/**
 * One readable line per issue, naming the field by its full path: "backup.backupPeriod must be
 * between 0 and 730" (the schema's messages name the last segment; the path adds the parents).
 */
function issuesText(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; expected?: unknown }[],
  part: string,
): string {
  return expandUnknownKeys(issues)
    .map((i: { path: readonly PropertyKey[]; message: string; code?: string; expected?: unknown }) => {
      const path = formatPath(i.path) || part;
      // The longest tail of the path the message starts with ("port.portType ...") becomes the full path.
      for (let k = 0; k < i.path.length; k++) {
        const tail = formatPath(i.path.slice(k));
        if (i.message.startsWith(`${tail} `)) return `${path}${i.message.slice(tail.length)}`;
      }
      if (i.code === 'invalid_type' && /^Invalid input/.test(i.message))
        return `${path} is missing or is not ${i.expected === 'array' ? 'a list' : `a valid ${String(i.expected ?? 'value')}`}`;
      return `${path}: ${i.message}`;
    })
    .join('; ');
}

export class RdsService implements SandboxService {
  readonly regional = true;
  readonly malformedBody = '{"header": {"resultCode": 0, "isSuccessful": tr';

  constructor(
    private readonly state: RdsState,
    private readonly keys: RdsKeyPair[],
    private readonly databases?: SandboxDatabases,
    /** v4.0's tokens; without them every v4.0 call is refused as unauthenticated. */
    private readonly tokens?: OAuthTokens,
    /** The path prefix: `rds` (RDS for MySQL) or `rdsMariadb` (RDS for MariaDB, its own host). */
    readonly name: 'rds' | 'rdsMariadb' = 'rds',
  ) {
    for (const op of ALL_RDS_OPERATIONS)
      if (!HANDLERS[rdsOperationName(op)]) throw new Error(`RDS sandbox: no handler for ${op.id}`);
  }

  route(method: string, path: string): { operation: string; params: Record<string, string> } | undefined {
    for (const op of ROUTES) {
      if (op.method !== method) continue;
      const params = matchTemplate(op.path, path);
      if (params) return { operation: op.id, params };
    }
    return undefined;
  }

  /**
   * The key pair a request signs with: v3.0 sends the pair itself, v4.0 a token issued from it
   * (`X-NHN-AUTHORIZATION: Bearer ...`, still valid) beside the same app key.
   */
  private keyOf(call: SandboxCall, v4: boolean): RdsKeyPair | undefined {
    const appKey = call.headers['x-tc-app-key'];
    if (v4) {
      const bearer = /^Bearer (.+)$/.exec(String(call.headers['x-nhn-authorization'] ?? ''))?.[1];
      // The token is the user's (one for both products); the app key names the product's service.
      const user = bearer ? this.tokens?.keyOf(bearer) : undefined;
      return user ? this.keys.find((k) => k.accessKeyId === user.accessKeyId && k.appKey === appKey) : undefined;
    }
    return this.keys.find(
      (k) =>
        k.appKey === appKey &&
        k.accessKeyId === call.headers['x-tc-authentication-id'] &&
        k.secretAccessKey === call.headers['x-tc-authentication-secret'],
    );
  }

  notFound(method: string, path: string): SandboxReply {
    // The live gateway answers unknown paths with a JSON 404; keep the header shape so clients can read it.
    return { ...failure(-1, `No RDS operation ${method} ${path}`), status: 404 };
  }

  failure(code: number, message: string): SandboxReply {
    return failure(code, message);
  }

  async handle(call: SandboxCall): Promise<SandboxReply> {
    const op = OPERATIONS.get(call.operation)!;
    const name = rdsOperationName(op);
    const key = this.keyOf(call, op.id.startsWith('rds.v4.'));
    if (!key) return failure(RESULT.UNAUTHORIZED, 'Unauthorized');
    const region = this.state.region(call.region ?? '');
    if (!region) return failure(RESULT.NOT_FOUND, `Unknown region ${call.region}; RDS runs in KR1, KR2, JP1 and KR4.`);
    if (!region.enabled)
      return failure(RESULT.NOT_ENABLED, `RDS for MySQL is not enabled in ${region.region} for this project.`);
    if (key.role === 'VIEWER' && !viewerMayCall(name, call.method)) return failure(RESULT.FORBIDDEN, 'Forbidden');

    let body: unknown = {};
    const raw = (await call.body()).toString('utf8');
    if (raw.trim()) {
      try {
        body = JSON.parse(raw);
      } catch {
        return failure(RESULT.MALFORMED_BODY, 'The request body is not valid JSON.');
      }
    }
    // Read the query the way the client's schemas expect it (repeated parameters are arrays).
    let query: Record<string, unknown> = queryFromSearchParams(call.query);
    if (op.query) {
      const r = op.query.safeParse(query);
      if (!r.success) return failure(RESULT.INVALID_FIELD, issuesText(r.error.issues, 'query'));
      query = (r.data ?? {}) as Record<string, unknown>;
    }
    if (op.body) {
      const r = op.body.safeParse(raw.trim() ? body : undefined);
      if (!r.success) return failure(RESULT.INVALID_FIELD, issuesText(r.error.issues, 'body'));
      body = r.data ?? {};
    }

    this.state.jobs.advance();
    // The query and body are what this operation's own schemas (op.query, op.body) produced just
    // above: the handler's types for them are those schemas' outputs (Ctx<K>).
    const ctx: Ctx = {
      state: this.state,
      r: region,
      params: call.params,
      query: query as Ctx['query'],
      body: body as Ctx['body'],
      now: this.state.now(),
      // The operation's own table says whether it pages (its query takes `page`), not a version's name.
      paged: queryTakesPage(op.query),
    };
    try {
      const payload = HANDLERS[name](ctx);
      // A change (or a call that may have made one) is kept in the data folder, when there is one.
      if (call.method !== 'GET') this.state.changed();
      // The real databases follow what the finished jobs changed before the answer leaves.
      await this.databases?.sync();
      return envelope(payload ?? {});
    } catch (err) {
      if (err instanceof RdsFault) return failure(err.code, err.message);
      return failure(-1, `Sandbox failure in ${name}: ${(err as Error).message}`);
    }
  }
}

/** Whether an operation's query schema has a `page` field (zod mini: through optional and pipes). */
function queryTakesPage(schema: unknown): boolean {
  for (let s = schema, i = 0; s && i < 10; i++) {
    const def = (s as { def: { type?: string; shape?: object; innerType?: unknown; in?: unknown } }).def;
    if (def.type === 'object' && def.shape) return 'page' in def.shape;
    s = def.innerType ?? def.in;
  }
  return false;
}
