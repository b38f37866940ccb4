// What Connect... asks once it has an endpoint and a user (the RDS side asks those:
// src/rds/connection/connectChoices.ts): the default schema, remembered per connection; and how a
// session's address and connection URL read.
import * as vscode from 'vscode';
import type { DbSession } from './session';

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

/**
 * The second argument a command gives Connect... when it connects on the way to something else
 * (the query console, a table): Connect... then only says it connected, and offers no console.
 * From the tree or the palette Connect... gets a node (and VS Code's list of selected rows) instead.
 */
export const CONNECT_FOR_COMMAND = { forCommand: true } as const;

export function isConnectForCommand(how: unknown): boolean {
  return (
    typeof how === 'object' &&
    how !== null &&
    !Array.isArray(how) &&
    (how as { forCommand?: unknown }).forCommand === true
  );
}
