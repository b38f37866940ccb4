// What Connect... asks before it connects (vscode side of ./commands.ts): the instance a tree node
// belongs to, the endpoint (public first) and the DB user; and the connection URL it can copy.
import * as vscode from 'vscode';
import { pick } from '../../shared/prompts';
import { TreeNode } from '../../shared/tree/nodes';
import { ancestor } from '../../shared/tree/serviceRoot';
import type { InstanceTarget } from '../../rds/commands/targets';
import type { RdsDeps } from '../../rds/tree/base';
import { InstanceNode } from '../../rds/tree/instanceNode';
import type { DbUser } from '../../rds/tree/types';
import type { DbSession } from './session';

export interface Endpoint {
  host: string;
  kind: 'public' | 'private';
}

/** The instance node above a tree node (instance, its Network endpoint, a schema...). */
export function instanceNodeOf(arg: unknown): InstanceNode | undefined {
  return arg instanceof TreeNode ? ancestor(arg, InstanceNode) : undefined;
}

/** The endpoint index of a Network endpoint node (`…/network/endpoint/<k>`). */
export function endpointIndexOf(arg: unknown): number | undefined {
  const m = arg instanceof TreeNode ? /\/network\/endpoint\/(\d+)$/.exec(arg.id) : null;
  return m ? Number(m[1]) : undefined;
}

/** The endpoint Connect... uses: the chosen one, else public when the instance has one, else private (said). */
export async function chooseEndpoint(
  t: InstanceTarget,
  index: number | undefined,
  log: RdsDeps['services']['log'],
): Promise<Endpoint> {
  const n = await t.rds.getNetworkInfo({ dbInstanceId: t.data.dbInstanceId });
  const all = n.endPoints ?? [];
  const isPublic = (e: { endPointType?: string | null }) =>
    e.endPointType === 'EXTERNAL' || e.endPointType === 'PUBLIC';
  const chosen = index !== undefined && all[index] ? all[index] : (all.find(isPublic) ?? all[0]);
  const host = chosen?.domain || chosen?.ipAddress;
  if (!chosen || !host)
    throw new Error(vscode.l10n.t('DB instance {0} reports no endpoint to connect to.', t.data.dbInstanceName));
  const kind = isPublic(chosen) ? 'public' : 'private';
  // How a private endpoint is reached (an SSH bastion, or directly from inside the VPC) is
  // Connect...'s next question (./commands.ts, bastionFor).
  if (kind === 'private') log.info(`Connecting to the private endpoint ${host} of ${t.data.dbInstanceName}`);
  return { host, kind };
}

/** The DB user to connect as: the preferred one, the only one, or the one picked. */
export async function chooseUser(t: InstanceTarget, title: string, preferred?: string): Promise<DbUser> {
  const r = await t.rds.listDbUsers({ dbInstanceId: t.data.dbInstanceId });
  // A user whose status the service left out (absent or null) is usable; only a changing one is not.
  const users = r.dbUsers.filter((u) => !u.dbUserStatus || u.dbUserStatus === 'STABLE');
  if (!users.length)
    throw new Error(
      vscode.l10n.t(
        'DB instance {0} has no DB user to connect with. Create one with "Create DB User".',
        t.data.dbInstanceName,
      ),
    );
  const known = preferred ? users.find((u) => u.dbUserName === preferred) : undefined;
  if (known) return known;
  if (users.length === 1) return users[0];
  const items = users.map((u) => ({
    id: u.dbUserId,
    label: u.dbUserName,
    description: u.host ? `@${u.host}` : undefined,
    detail: [u.authorityType, u.authenticationPlugin, u.tlsOption && u.tlsOption !== 'NONE' ? `TLS ${u.tlsOption}` : '']
      .filter(Boolean)
      .join(' · '),
  }));
  const chosen = await pick(items, { title, placeHolder: vscode.l10n.t('DB user') });
  return users.find((u) => u.dbUserId === chosen.id)!;
}

/** Where a session connects, for a pick's description: the endpoint, and `$(remote) bastion` through a tunnel. */
export function sessionAddress(s: Pick<DbSession, 'endpoint' | 'via'>): string {
  const endpoint = `${s.endpoint.host}:${s.endpoint.port}`;
  return s.via.bastion ? `${endpoint} $(remote) ${s.via.bastion}` : endpoint;
}

/** `mysql://user@host:port/schema` (user and schema percent-encoded); never the password. */
export function connectionUrl(s: Pick<DbSession, 'user' | 'endpoint' | 'schema'>): string {
  const host = s.endpoint.host.includes(':') ? `[${s.endpoint.host}]` : s.endpoint.host;
  return `mysql://${encodeURIComponent(s.user)}@${host}:${s.endpoint.port}/${s.schema ? encodeURIComponent(s.schema) : ''}`;
}

/**
 * The default schema of a new connection (issue 25, rough edge 9: a console without one failed
 * its first CREATE TABLE with "No database selected"): the schema node Connect... came from, else
 * the answer remembered for this connection ('' = "no default schema"; a remembered schema the
 * user no longer sees is asked again), else the user's only schema; 'ask' when the user sees
 * several and none was chosen before.
 */
export function defaultSchema(o: {
  fromNode?: string;
  remembered?: string;
  schemas: readonly string[];
}): { schema: string | undefined } | 'ask' {
  if (o.fromNode) return { schema: o.fromNode };
  if (o.remembered === '') return { schema: undefined };
  if (o.remembered !== undefined && o.schemas.includes(o.remembered)) return { schema: o.remembered };
  if (o.schemas.length <= 1) return { schema: o.schemas[0] };
  return 'ask';
}

/** Per connection (profile, instance, user): the default schema chosen last, '' for none. */
export class RememberedSchemas {
  private static readonly KEY = 'nhncloud.db.defaultSchemas';
  constructor(private readonly state: vscode.Memento) {}
  get(sessionId: string): string | undefined {
    return this.state.get<Record<string, string>>(RememberedSchemas.KEY)?.[sessionId];
  }
  async set(sessionId: string, schema: string | undefined): Promise<void> {
    const all = this.state.get<Record<string, string>>(RememberedSchemas.KEY) ?? {};
    await this.state.update(RememberedSchemas.KEY, { ...all, [sessionId]: schema ?? '' });
  }
}

/**
 * The default schema of a session that just connected (see defaultSchema), asked once when the
 * user sees several. Escape leaves the session without one and remembers nothing (asked again
 * next time); the answer, "no default schema" included, is remembered for the connection.
 */
export async function chooseDefaultSchema(
  session: DbSession,
  remembered: RememberedSchemas,
  title: string,
  fromNode?: string,
): Promise<string | undefined> {
  const decided = defaultSchema({ fromNode, remembered: remembered.get(session.id), schemas: session.userSchemas });
  if (decided !== 'ask') return decided.schema;
  const chosen = await vscode.window.showQuickPick(
    [
      ...session.userSchemas.map((name) => ({ label: name, schema: name })),
      {
        label: vscode.l10n.t('No default schema'),
        description: vscode.l10n.t('statements name their schema, or USE one'),
        schema: '',
      },
    ],
    {
      title,
      placeHolder: vscode.l10n.t(
        'Default schema of {0} on {1} (asked once; the status bar of a query console changes it)',
        session.user,
        session.target.instanceName,
      ),
      ignoreFocusOut: true,
    },
  );
  if (!chosen) return undefined;
  await remembered.set(session.id, chosen.schema);
  return chosen.schema || undefined;
}
