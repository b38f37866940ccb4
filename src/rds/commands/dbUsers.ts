// DB users and DB schemas of an instance. Plugin and TLS are asked only where the instance
// supports them (supportAuthenticationPlugin), with the plugins its engine version accepts.
import * as vscode from 'vscode';
import type { RdsInput } from '../../client/rds/client';
import type { AuthenticationPlugin, TLS_OPTIONS } from '../../client/rds/schemas';
import type { CommandHandler } from '../../shared/services';
import { TreeNode } from '../../shared/tree/nodes';
import type { RdsDeps } from '../tree/base';
import { DbSchemaNode, DbUserNode } from '../tree/instanceParts';
import { InstanceNode } from '../tree/instanceNode';
import { pluginsFor, validate } from './limits';
import { ask, askPassword, confirm, pick, pickMany, track } from './util';
import { instanceFrom, type InstanceTarget } from './targets';
import { rdsIds } from '../tree/ids';
import { orDash } from '../tree/state';
import type { DbSchema, DbUser } from '../tree/types';
import { walkthroughStepDone } from '../../shared/walkthrough';

const AUTHORITIES: Array<{ label: string; authorityType: string; description: string }> = [
  { label: 'READ', authorityType: 'READ', description: vscode.l10n.t('SELECT queries') },
  { label: 'CRUD', authorityType: 'CRUD', description: vscode.l10n.t('DML queries (SELECT, INSERT, UPDATE, DELETE)') },
  { label: 'DDL', authorityType: 'DDL', description: vscode.l10n.t('DDL queries as well (CREATE, ALTER, DROP)') },
  { label: 'ALL', authorityType: 'ALL', description: vscode.l10n.t('every privilege') },
];

/**
 * The authorities to choose from, with the user's own first when it is none of them (CUSTOM, or
 * one the service added since): shown as the service writes it and kept by choosing it.
 */
function authorityChoices(current: string | null | undefined) {
  const known = AUTHORITIES.map((a) => ({ ...a, picked: a.authorityType === current }));
  if (!current || AUTHORITIES.some((a) => a.authorityType === current)) return known;
  return [
    {
      label: current,
      authorityType: current,
      description: vscode.l10n.t('now; privileges set outside these choices'),
      picked: true,
    },
    ...known,
  ];
}
const TLS: Array<{ label: string; tlsOption: (typeof TLS_OPTIONS)[number]; description: string }> = [
  { label: 'NONE', tlsOption: 'NONE', description: vscode.l10n.t('no TLS required') },
  { label: 'SSL', tlsOption: 'SSL', description: vscode.l10n.t('TLS required') },
  { label: 'X509', tlsOption: 'X509', description: vscode.l10n.t('TLS with a client certificate') },
];

/** The instance node of a node inside it (its DB Users / DB Schemas folder, a user, a schema). */
function instanceOf(node: unknown): unknown {
  for (let n = node instanceof TreeNode ? node : undefined; n; n = n.parent) if (n instanceof InstanceNode) return n;
  return node;
}

async function askPlugin(t: InstanceTarget, title: string): Promise<AuthenticationPlugin> {
  // An instance whose engine the service did not name gets the plugins every engine supports.
  const plugins = pluginsFor(t.data.dbVersion ?? '');
  // One choice (MySQL 8.4: caching_sha2_password only) is no question.
  if (plugins.length === 1) return plugins[0];
  return (
    await pick(
      plugins.map((p) => ({
        label: p,
        plugin: p,
        description: SERVER_PLUGIN_NAMES[p] ?? p,
      })),
      { title, placeHolder: vscode.l10n.t('Authentication plugin') },
    )
  ).plugin;
}

/** The server's name of each plugin (what `mysql.user` shows); a plugin not listed shows as the API names it. */
const SERVER_PLUGIN_NAMES: Readonly<Record<string, string>> = {
  NATIVE: 'mysql_native_password',
  SHA256: 'sha256_password',
  CACHING_SHA2: 'caching_sha2_password',
  ED25519: 'ed25519',
};

export function dbUserCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.createDbUser': async (node?: unknown) => {
      const t = await instanceFrom(instanceOf(node), deps, vscode.l10n.t('Create DB User'));
      const title = vscode.l10n.t('New DB user on {0}', t.data.dbInstanceName);
      const dbUserName = await ask({
        title,
        prompt: vscode.l10n.t('User name (1 to 32 characters)'),
        validate: validate.dbUserName,
      });
      const dbPassword = await askPassword(title, validate.dbPassword);
      const host = await ask({
        title,
        prompt: vscode.l10n.t('Host the user connects from (% = any)'),
        value: '%',
        validate: validate.host,
      });
      const authorityType = (await pick(AUTHORITIES, { title, placeHolder: vscode.l10n.t('Authority') })).authorityType;
      const body: RdsInput<'createDbUser'>['body'] = { dbUserName, dbPassword, host, authorityType };
      if (t.data.supportAuthenticationPlugin) {
        body.authenticationPlugin = await askPlugin(t, title);
        body.tlsOption = (await pick(TLS, { title, placeHolder: 'TLS' })).tlsOption;
      }
      const created = await t.rds.createDbUser({ dbInstanceId: t.data.dbInstanceId, body });
      walkthroughStepDone('dbUser');
      track(
        deps,
        t,
        created,
        vscode.l10n.t('Create DB user {0}@{1} on {2}', dbUserName, host, t.data.dbInstanceName),
        rdsIds.instanceFolder(t.nodeId, 'users'),
        [t.nodeId],
      );
    },
    'nhncloud.rds.modifyDbUser': async (node?: unknown) => {
      const { t, user } = await userFrom(node, deps, vscode.l10n.t('Modify DB User'));
      const title = vscode.l10n.t('Modify {0}@{1}', user.dbUserName, orDash(user.host));
      const what = await pickMany(
        [
          { label: vscode.l10n.t('Password'), key: 'password' },
          { label: vscode.l10n.t('Authority'), description: user.authorityType ?? undefined, key: 'authority' },
          ...(t.data.supportAuthenticationPlugin
            ? [
                {
                  label: vscode.l10n.t('Authentication plugin'),
                  description: vscode.l10n.t('{0} (the password must be set again)', user.authenticationPlugin ?? ''),
                  key: 'plugin',
                },
                { label: 'TLS', description: user.tlsOption ?? '', key: 'tls' },
              ]
            : []),
        ],
        { title, placeHolder: vscode.l10n.t('What do you want to change?') },
      );
      if (!what.length) return;
      const keys = new Set(what.map((w) => w.key));
      const body: RdsInput<'modifyDbUser'>['body'] = {};
      if (keys.has('plugin')) body.authenticationPlugin = await askPlugin(t, title);
      // The service requires the password with a plugin change.
      if (keys.has('password') || keys.has('plugin')) body.dbPassword = await askPassword(title, validate.dbPassword);
      if (keys.has('authority'))
        body.authorityType = (
          await pick(authorityChoices(user.authorityType), {
            title,
            placeHolder: vscode.l10n.t('Authority (now {0})', orDash(user.authorityType)),
          })
        ).authorityType;
      if (keys.has('tls'))
        body.tlsOption = (
          await pick(TLS, { title, placeHolder: vscode.l10n.t('TLS (now {0})', user.tlsOption ?? 'NONE') })
        ).tlsOption;
      track(
        deps,
        t,
        await t.rds.modifyDbUser({ dbInstanceId: t.data.dbInstanceId, dbUserId: user.dbUserId, body }),
        vscode.l10n.t('Modify DB user {0}', user.dbUserName),
        rdsIds.instanceFolder(t.nodeId, 'users'),
        [t.nodeId],
      );
    },
    'nhncloud.rds.deleteDbUser': async (node?: unknown) => {
      const { t, user } = await userFrom(node, deps, vscode.l10n.t('Delete DB User'));
      await confirm(
        vscode.l10n.t('Delete DB user {0}@{1} from {2}?', user.dbUserName, orDash(user.host), t.data.dbInstanceName),
        vscode.l10n.t('Delete'),
        vscode.l10n.t('Applications logging in as this user lose access.'),
      );
      track(
        deps,
        t,
        await t.rds.deleteDbUser({ dbInstanceId: t.data.dbInstanceId, dbUserId: user.dbUserId }),
        vscode.l10n.t('Delete DB user {0}', user.dbUserName),
        rdsIds.instanceFolder(t.nodeId, 'users'),
        [t.nodeId],
      );
    },
    'nhncloud.rds.createDbSchema': async (node?: unknown) => {
      const t = await instanceFrom(instanceOf(node), deps, vscode.l10n.t('Create DB Schema'));
      const dbSchemaName = await ask({
        title: vscode.l10n.t('New DB schema on {0}', t.data.dbInstanceName),
        prompt: vscode.l10n.t('Schema name (letters, digits, _ and $)'),
        validate: validate.dbSchemaName,
      });
      track(
        deps,
        t,
        await t.rds.createDbSchema({ dbInstanceId: t.data.dbInstanceId, body: { dbSchemaName } }),
        vscode.l10n.t('Create DB schema {0} on {1}', dbSchemaName, t.data.dbInstanceName),
        rdsIds.instanceFolder(t.nodeId, 'schemas'),
        [t.nodeId],
      );
    },
    'nhncloud.rds.deleteDbSchema': async (node?: unknown) => {
      const t = await instanceFrom(instanceOf(node), deps, vscode.l10n.t('Delete DB Schema'));
      let schema: DbSchema;
      if (node instanceof DbSchemaNode) schema = node.data;
      else {
        const r = await t.rds.listDbSchemas({ dbInstanceId: t.data.dbInstanceId });
        schema = (
          await pick(
            r.dbSchemas.map((s) => ({ label: s.dbSchemaName, s })),
            { title: vscode.l10n.t('Delete DB Schema') },
          )
        ).s;
      }
      await confirm(
        vscode.l10n.t('Delete DB schema {0} from {1}?', schema.dbSchemaName, t.data.dbInstanceName),
        vscode.l10n.t('Delete...'),
        vscode.l10n.t('Every table in it is dropped.'),
      );
      await ask({
        title: vscode.l10n.t('Delete {0}', schema.dbSchemaName),
        prompt: vscode.l10n.t('Type the schema name "{0}" to confirm', schema.dbSchemaName),
        validate: (x) => (x === schema.dbSchemaName ? undefined : vscode.l10n.t('Type the name exactly to confirm.')),
      });
      track(
        deps,
        t,
        await t.rds.deleteDbSchema({ dbInstanceId: t.data.dbInstanceId, dbSchemaId: schema.dbSchemaId }),
        vscode.l10n.t('Delete DB schema {0}', schema.dbSchemaName),
        rdsIds.instanceFolder(t.nodeId, 'schemas'),
        [t.nodeId],
      );
    },
  };
}

async function userFrom(node: unknown, deps: RdsDeps, title: string): Promise<{ t: InstanceTarget; user: DbUser }> {
  const t = await instanceFrom(instanceOf(node), deps, title);
  if (node instanceof DbUserNode) return { t, user: node.data };
  const r = await t.rds.listDbUsers({ dbInstanceId: t.data.dbInstanceId });
  const chosen = await pick(
    r.dbUsers.map((u) => ({
      label: `${u.dbUserName}@${orDash(u.host)}`,
      description: u.authorityType ?? undefined,
      u,
    })),
    { title, placeHolder: vscode.l10n.t('DB user') },
  );
  return { t, user: chosen.u };
}
