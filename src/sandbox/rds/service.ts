// The RDS for MySQL v3.0 sandbox service: routes each request to one of the 82 operations of
// the table (src/client/rds/rows.ts), checks the three X-TC-* headers and the role, validates
// query and body with the client's own schemas, settles due jobs, and answers HTTP 200 with
// `header` like the live service.
import type { RdsOperationName } from '../../client/rds/api';
import { RDS_OPERATION_ROWS } from '../../client/rds/rows';
import { expandUnknownKeys, formatPath, queryFromSearchParams, RDS_OPERATIONS } from '../../client/rds/schemas';
import { matchTemplate, type SandboxCall, type SandboxReply, type SandboxService } from '../server';
import { catalogHandlers } from './handlers/catalog';
import type { Ctx, Handler } from './handlers/context';
import { dataHandlers } from './handlers/data';
import { groupHandlers } from './handlers/groups';
import { instanceSettingsHandlers } from './handlers/instanceSettings';
import { instanceHandlers } from './handlers/instances';
import { monitoringHandlers } from './handlers/monitoring';
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
} as Record<RdsOperationName, Handler>;

const OPERATIONS = new Map(RDS_OPERATIONS.map((op) => [op.id.slice(4), op]));

/** Routes with the most literal segments first, so `/db-instances/restore-from-obs` beats `{dbInstanceId}`. */
const paramCount = (path: string) => path.split('{').length - 1;
const ROUTES = [...RDS_OPERATION_ROWS].sort((a, b) => paramCount(a.path) - paramCount(b.path));

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
  readonly name = 'rds' as const;
  readonly regional = true;
  readonly malformedBody = '{"header": {"resultCode": 0, "isSuccessful": tr';

  constructor(
    private readonly state: RdsState,
    private readonly keys: RdsKeyPair[],
    private readonly databases?: SandboxDatabases,
  ) {
    for (const row of RDS_OPERATION_ROWS)
      if (!HANDLERS[row.name]) throw new Error(`RDS sandbox: no handler for ${row.name}`);
  }

  route(method: string, path: string): { operation: string; params: Record<string, string> } | undefined {
    for (const row of ROUTES) {
      if (row.method !== method) continue;
      const params = matchTemplate(row.path, path);
      if (params) return { operation: `rds.${row.name}`, params };
    }
    return undefined;
  }

  notFound(method: string, path: string): SandboxReply {
    // The live gateway answers unknown paths with a JSON 404; keep the header shape so clients can read it.
    return { ...failure(-1, `No RDS operation ${method} ${path}`), status: 404 };
  }

  failure(code: number, message: string): SandboxReply {
    return failure(code, message);
  }

  async handle(call: SandboxCall): Promise<SandboxReply> {
    const name = call.operation.slice(4) as RdsOperationName;
    const key = this.keys.find(
      (k) =>
        k.appKey === call.headers['x-tc-app-key'] &&
        k.accessKeyId === call.headers['x-tc-authentication-id'] &&
        k.secretAccessKey === call.headers['x-tc-authentication-secret'],
    );
    if (!key) return failure(RESULT.UNAUTHORIZED, 'Unauthorized');
    const region = this.state.region(call.region ?? '');
    if (!region) return failure(RESULT.NOT_FOUND, `Unknown region ${call.region}; RDS runs in KR1, KR2, JP1 and KR4.`);
    if (!region.enabled)
      return failure(RESULT.NOT_ENABLED, `RDS for MySQL is not enabled in ${region.region} for this project.`);
    if (key.role === 'VIEWER' && !viewerMayCall(name, call.method)) return failure(RESULT.FORBIDDEN, 'Forbidden');

    const op = OPERATIONS.get(name)!;
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
    };
    try {
      const payload = HANDLERS[name](ctx);
      // The real databases follow what the finished jobs changed before the answer leaves.
      await this.databases?.sync();
      return envelope(payload ?? {});
    } catch (err) {
      if (err instanceof RdsFault) return failure(err.code, err.message);
      return failure(-1, `Sandbox failure in ${name}: ${(err as Error).message}`);
    }
  }
}
