// What Connect... asks before it connects (vscode side of ./commands.ts): the instance a tree node
// belongs to, the endpoint (public first) and the DB user. The database client's side of it (the
// default schema, the connection URL) is src/database/connection/connectChoices.ts; the query
// console finds the instance and schema of a node through rdsConsoleNodes.
import * as vscode from 'vscode';
import type { ConsoleNodes } from '../../database/connection/console';
import { pick } from '../../shared/prompts';
import { TreeNode } from '../../shared/tree/nodes';
import { ancestor } from '../../shared/tree/serviceRoot';
import type { InstanceTarget } from '../commands/targets';
import type { RdsDeps } from '../tree/base';
import { InstanceNode } from '../tree/instanceNode';
import { DbSchemaNode } from '../tree/instanceParts';
import type { DbUser } from '../tree/types';

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

/** The RDS tree's answers to the query console: the instance and schema of a node, and Connect.... */
export const rdsConsoleNodes: ConsoleNodes = {
  connectCommand: 'nhncloud.rds.connection.connect',
  instanceOf: (arg) => {
    const node = instanceNodeOf(arg);
    return node ? { instanceId: node.data.dbInstanceId, node } : undefined;
  },
  schemaOf: (arg) => (arg instanceof DbSchemaNode ? arg.data.dbSchemaName : undefined),
};
