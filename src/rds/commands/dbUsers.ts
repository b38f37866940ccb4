// DB users and DB schemas of an instance. Plugin and TLS are asked only where the instance
// supports them (supportAuthenticationPlugin), with the plugins its engine version accepts.
import type { CommandHandler } from '../../shared/services';
import { TreeNode } from '../../shared/tree/nodes';
import type { RdsDeps } from '../tree/base';
import { DbSchemaNode, DbUserNode, InstanceNode } from '../tree/instance';
import { pluginsFor, validate } from './limits';
import { ask, askPassword, confirm, instanceFrom, pick, pickMany, track, type InstanceTarget } from './util';

const AUTHORITIES = [
  { label: 'READ', description: 'SELECT queries' },
  { label: 'CRUD', description: 'DML queries (SELECT, INSERT, UPDATE, DELETE)' },
  { label: 'DDL', description: 'DDL queries as well (CREATE, ALTER, DROP)' },
];
const TLS = [
  { label: 'NONE', description: 'no TLS required' },
  { label: 'SSL', description: 'TLS required' },
  { label: 'X509', description: 'TLS with a client certificate' },
];

/** The instance node of a node inside it (its DB Users / DB Schemas folder, a user, a schema). */
function instanceOf(node: unknown): unknown {
  for (let n = node instanceof TreeNode ? node : undefined; n; n = n.parent) if (n instanceof InstanceNode) return n;
  return node;
}

async function askPlugin(t: InstanceTarget, title: string): Promise<string> {
  const plugins = pluginsFor(t.data.dbVersion);
  // One choice (MySQL 8.4: caching_sha2_password only) is no question.
  if (plugins.length === 1) return plugins[0];
  return (await pick(plugins.map((p) => ({ label: p, description: p === 'NATIVE' ? 'mysql_native_password' : p === 'SHA256' ? 'sha256_password' : 'caching_sha2_password' })), { title, placeHolder: 'Authentication plugin' })).label;
}

export function dbUserCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.createDbUser': async (node?: unknown) => {
      const t = await instanceFrom(instanceOf(node), deps, 'Create DB User');
      const title = `New DB user on ${t.data.dbInstanceName}`;
      const dbUserName = await ask({ title, prompt: 'User name (1 to 32 characters)', validate: validate.dbUserName });
      const dbPassword = await askPassword(title, validate.dbPassword);
      const host = await ask({ title, prompt: 'Host the user connects from (% = any)', value: '%', validate: validate.host });
      const authorityType = (await pick(AUTHORITIES, { title, placeHolder: 'Authority' })).label;
      const body: Record<string, unknown> = { dbUserName, dbPassword, host, authorityType };
      if (t.data.supportAuthenticationPlugin) {
        body.authenticationPlugin = await askPlugin(t, title);
        body.tlsOption = (await pick(TLS, { title, placeHolder: 'TLS' })).label;
      }
      track(deps, t, await t.rds.createDbUser({ dbInstanceId: t.data.dbInstanceId, body: body as any }), `Create DB user ${dbUserName}@${host} on ${t.data.dbInstanceName}`, `${t.nodeId}/users`, [t.nodeId]);
    },
    'nhncloud.rds.modifyDbUser': async (node?: unknown) => {
      const { t, user } = await userFrom(node, deps, 'Modify DB User');
      const title = `Modify ${user.dbUserName}@${user.host}`;
      const what = await pickMany(
        [
          { label: 'Password', key: 'password' },
          { label: 'Authority', description: user.authorityType, key: 'authority' },
          ...(t.data.supportAuthenticationPlugin
            ? [
                { label: 'Authentication plugin', description: `${user.authenticationPlugin ?? ''} (the password must be set again)`, key: 'plugin' },
                { label: 'TLS', description: user.tlsOption ?? '', key: 'tls' },
              ]
            : []),
        ],
        { title, placeHolder: 'What do you want to change?' },
      );
      if (!what.length) return;
      const keys = new Set(what.map((w) => w.key));
      const body: Record<string, unknown> = {};
      if (keys.has('plugin')) body.authenticationPlugin = await askPlugin(t, title);
      // The service requires the password with a plugin change.
      if (keys.has('password') || keys.has('plugin')) body.dbPassword = await askPassword(title, validate.dbPassword);
      if (keys.has('authority')) body.authorityType = (await pick(AUTHORITIES, { title, placeHolder: `Authority (now ${user.authorityType})` })).label;
      if (keys.has('tls')) body.tlsOption = (await pick(TLS, { title, placeHolder: `TLS (now ${user.tlsOption ?? 'NONE'})` })).label;
      track(deps, t, await t.rds.modifyDbUser({ dbInstanceId: t.data.dbInstanceId, dbUserId: user.dbUserId, body }), `Modify DB user ${user.dbUserName}`, `${t.nodeId}/users`, [t.nodeId]);
    },
    'nhncloud.rds.deleteDbUser': async (node?: unknown) => {
      const { t, user } = await userFrom(node, deps, 'Delete DB User');
      await confirm(`Delete DB user ${user.dbUserName}@${user.host} from ${t.data.dbInstanceName}?`, 'Delete', 'Applications logging in as this user lose access.');
      track(deps, t, await t.rds.deleteDbUser({ dbInstanceId: t.data.dbInstanceId, dbUserId: user.dbUserId }), `Delete DB user ${user.dbUserName}`, `${t.nodeId}/users`, [t.nodeId]);
    },
    'nhncloud.rds.createDbSchema': async (node?: unknown) => {
      const t = await instanceFrom(instanceOf(node), deps, 'Create DB Schema');
      const dbSchemaName = await ask({ title: `New DB schema on ${t.data.dbInstanceName}`, prompt: 'Schema name (letters, digits, _ and $)', validate: validate.dbSchemaName });
      track(deps, t, await t.rds.createDbSchema({ dbInstanceId: t.data.dbInstanceId, body: { dbSchemaName } }), `Create DB schema ${dbSchemaName} on ${t.data.dbInstanceName}`, `${t.nodeId}/schemas`, [t.nodeId]);
    },
    'nhncloud.rds.deleteDbSchema': async (node?: unknown) => {
      const t = await instanceFrom(instanceOf(node), deps, 'Delete DB Schema');
      let schema: { dbSchemaId: string; dbSchemaName: string };
      if (node instanceof DbSchemaNode) schema = node.data;
      else {
        const r: any = await t.rds.listDbSchemas({ dbInstanceId: t.data.dbInstanceId });
        schema = (await pick(((r?.dbSchemas ?? []) as any[]).map((s: any) => ({ label: s.dbSchemaName as string, s })), { title: 'Delete DB Schema' })).s as typeof schema;
      }
      await confirm(`Delete DB schema ${schema.dbSchemaName} from ${t.data.dbInstanceName}?`, 'Delete...', 'Every table in it is dropped.');
      await ask({ title: `Delete ${schema.dbSchemaName}`, prompt: `Type the schema name "${schema.dbSchemaName}" to confirm`, validate: (x) => (x === schema.dbSchemaName ? undefined : 'Type the name exactly to confirm.') });
      track(deps, t, await t.rds.deleteDbSchema({ dbInstanceId: t.data.dbInstanceId, dbSchemaId: schema.dbSchemaId }), `Delete DB schema ${schema.dbSchemaName}`, `${t.nodeId}/schemas`, [t.nodeId]);
    },
  };
}

async function userFrom(node: unknown, deps: RdsDeps, title: string) {
  const t = await instanceFrom(instanceOf(node), deps, title);
  if (node instanceof DbUserNode) return { t, user: node.data };
  const r: any = await t.rds.listDbUsers({ dbInstanceId: t.data.dbInstanceId });
  const chosen = await pick(((r?.dbUsers ?? []) as any[]).map((u: any) => ({ label: `${u.dbUserName}@${u.host}`, description: u.authorityType as string, u })), { title, placeHolder: 'DB user' });
  return { t, user: chosen.u as DbUserNode['data'] };
}
