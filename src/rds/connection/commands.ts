// The database connection commands (issue 17): Connect..., Forget Password, Disconnect, Allow My
// Address, Copy Connection URL, Open in Terminal, Select Top 100, Copy CREATE Statement.
// The password is asked once and kept in SecretStorage only after the server accepted it.
import * as vscode from 'vscode';
import { CancelledError } from '../../client/errors';
import { action, ask, askAction, pick } from '../../shared/prompts';
import type { CommandHandler } from '../../shared/services';
import { presentErrorsWith } from '../../shared/commands';
import { instanceFrom, type InstanceTarget } from '../commands/targets';
import type { RdsDeps } from '../tree/base';
import { TemporaryRules, LAST_ADDRESS_KEY, addressCidr } from './addressRules';
import { isDbConnectError } from '../../database/connection/connectError';
import { createStatement, DbTableNode, quoteIdent } from '../../database/connection/schemaTree';
import type { DbSession } from '../../database/connection/session';
import { sessionId, type DbSessionManager } from '../../database/connection/sessions';
import { openTerminal } from '../../database/connection/terminal';
import { dbTlsSettings, tlsOptions } from '../../database/connection/tls';
import {
  chooseDefaultSchema,
  connectionUrl,
  isConnectForCommand,
  RememberedSchemas,
  sessionAddress,
} from '../../database/connection/connectChoices';
import { chooseEndpoint, chooseUser, endpointIndexOf, instanceNodeOf, type Endpoint } from './connectChoices';
import { DbSchemaNode } from '../tree/instanceParts';
import { sqlLanguage } from '../../database/connection/consoleSupport';
import { isLoopback } from '../../client/http/transport';
import { TableDataPanel } from '../../panels/tableDataPanel';
import { CsvImportPanel } from '../../panels/csvImportPanel';
import {
  BastionChoices,
  bastionLabel,
  chooseBastion,
  tunnelOptions,
  type BastionSetting,
} from '../../database/connection/ssh/bastions';
import { rdsProduct } from '../../client/products';
import { rdsIds } from '../tree/ids';
import type { DbSessionTarget } from '../../database/connection/session';

const PRODUCTION_KEY = 'nhncloud.db.productionInstances';
/** The query console's command (./console.ts) that Connect... offers to run. */
const CONSOLE_OPEN = 'nhncloud.rds.query.openConsole';

/** The RDS deps plus the window's database sessions. */
export type ConnectionDeps = RdsDeps & { sessions: DbSessionManager };

export function connectionFeature(deps: ConnectionDeps): {
  commands: Record<string, CommandHandler>;
  dispose(): Promise<void>;
} {
  const { services, sessions } = deps;
  const rules = new TemporaryRules(deps);
  const state = {
    get: <T>(key: string) => services.context.globalState.get<T>(key),
    update: (key: string, value: unknown) => services.context.globalState.update(key, value),
  };
  const profileId = () => services.profiles.active()?.id ?? '';
  const rememberedSchemas = new RememberedSchemas(services.context.globalState);
  const bastions = new BastionChoices(services.context.globalState);
  TableDataPanel.useSessions(sessions);
  const profileName = () => services.profiles.active()?.name ?? '';
  const instanceRowOf = (t: DbSessionTarget) =>
    t.instanceNodeId ?? rdsIds.instance(rdsIds.root(t.profileId, t.region), t.instanceId);

  const refreshSchemas = (s: { target: DbSessionTarget }) =>
    deps.explorer.refreshId(`${instanceRowOf(s.target)}/schemas`);

  // The instances' rows say "connected" (and offer Disconnect) while a session of theirs lives:
  // each row whose state changed is redrawn when a session opens or ends.
  let connectedRows = new Set<string>();
  const subs: vscode.Disposable[] = [
    // "The connection ... has ended" from any command is the session's notice, closed by its next Connect....
    presentErrorsWith((err) => sessions.notices.present(err)),
    sessions.onDidChange(() => {
      void vscode.commands.executeCommand('setContext', 'nhncloud.db.connected', sessions.all().length > 0);
      const now = new Set(sessions.all().map((s) => instanceRowOf(s.target)));
      for (const id of new Set([...now, ...connectedRows]))
        if (now.has(id) !== connectedRows.has(id)) deps.explorer.redrawId(id);
      connectedRows = now;
    }),
    services.profiles.onDidChange(() => {
      // A removed profile's sessions end (and their rules go) with it.
      const known = new Set(services.profiles.list().map((p) => p.id));
      for (const s of sessions.all()) if (!known.has(s.target.profileId)) void s.end();
      void bastions.retainProfiles(known);
      void cleanLeftovers();
    }),
    // Shown with the jobs while they exist (status bar and Show Jobs).
    deps.jobs.addStanding(
      () =>
        rules.mine().map((r) => ({
          title: vscode.l10n.t('Temporary rule: {0} on port {1} of {2}', r.cidr, r.port, r.instanceName),
          description: r.dbSecurityGroupName,
          detail: vscode.l10n.t('Removed when the connection ends or VS Code closes.'),
          nodeId: `${rdsIds.root(r.profileId, r.region, rdsProduct(r.product).id)}/securityGroup/${r.dbSecurityGroupId}`,
        })),
      rules.onDidChange,
    ),
  ];
  // Rules left by a window that died are removed at the start (and when their profile becomes active).
  const cleanLeftovers = () =>
    rules
      .removeLeftovers()
      .catch((e) =>
        services.log.warn(
          `Checking for leftover temporary rules failed: ${e instanceof Error ? e.message : String(e)}`,
        ),
      );
  setTimeout(() => void cleanLeftovers(), 0).unref?.();

  async function isProduction(t: InstanceTarget, title: string): Promise<boolean> {
    const marks = state.get<Record<string, boolean>>(PRODUCTION_KEY) ?? {};
    const key = `${profileId()}/${t.data.dbInstanceId}`;
    if (key in marks) return marks[key];
    const chosen = await pick(
      [
        { id: 'no', label: vscode.l10n.t('Not production'), detail: vscode.l10n.t('Statements run as typed.') },
        {
          id: 'yes',
          label: vscode.l10n.t('Production'),
          detail: vscode.l10n.t('DROP, TRUNCATE, and DELETE or UPDATE without WHERE ask before they run.'),
        },
      ],
      {
        title,
        placeHolder: vscode.l10n.t('Is {0} a production database? (asked once per instance)', t.data.dbInstanceName),
      },
    );
    const production = chosen.id === 'yes';
    await state.update(PRODUCTION_KEY, { ...marks, [key]: production });
    return production;
  }

  /** Connect...: user, endpoint, password (kept after the server accepted it), TLS; the session is kept. */
  async function connect(
    arg?: unknown,
    preferredUser?: string,
    knownTarget?: InstanceTarget,
    /** Connect... runs inside a command that goes on to use the session (a console, a table): no offer of a console. */
    forCommand = false,
  ): Promise<DbSession | undefined> {
    const title = vscode.l10n.t('Connect to Database');
    const t = knownTarget ?? (await instanceFrom(instanceNodeOf(arg) ?? arg, deps, title));
    const user = await chooseUser(t, title, preferredUser);
    const endpoint = await chooseEndpoint(t, endpointIndexOf(arg), services.log);
    const port = t.data.dbPort;
    if (!port) throw new Error(vscode.l10n.t('DB instance {0} reports no port.', t.data.dbInstanceName));
    const pid = profileId();
    const stored = await services.profiles.dbPassword(pid, t.data.dbInstanceId, user.dbUserName);
    const password =
      stored ??
      (await ask({
        title,
        prompt: vscode.l10n.t(
          'Password of {0} on {1} (kept in the OS keychain through VS Code SecretStorage)',
          user.dbUserName,
          t.data.dbInstanceName,
        ),
        password: true,
        validate: (v) => (v.length ? undefined : vscode.l10n.t('Enter the password.')),
      }));
    const production = await isProduction(t, title);
    const bastion = await bastionFor(t, endpoint, title);
    const tunnel = bastion
      ? await tunnelOptions(bastion, { host: endpoint.host, port }, { profileId: pid, title, services })
      : undefined;
    const ssl = await tlsOptions(user.tlsOption ?? undefined, dbTlsSettings());
    const target = {
      profileId: pid,
      region: t.region,
      instanceId: t.data.dbInstanceId,
      instanceName: t.data.dbInstanceName,
      instanceNodeId: t.nodeId,
    };
    try {
      const session = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Connecting to {0} as {1}...', t.data.dbInstanceName, user.dbUserName),
        },
        () =>
          sessions.open({
            target,
            user: user.dbUserName,
            password,
            endpoint: { ...endpoint, port },
            ssl,
            production,
            tunnel,
          }),
      );
      if (!stored) await services.profiles.storeDbPassword(pid, t.data.dbInstanceId, user.dbUserName, password);
      services.log.info(
        `Connected to ${t.data.dbInstanceName} as ${user.dbUserName} (${endpoint.kind} endpoint ${endpoint.host}:${port}${ssl ? ', TLS' : ''}${session.via.bastion ? `, through the SSH bastion ${session.via.bastion} on 127.0.0.1:${session.via.port}` : ''})`,
      );
      // Connected from a schema node: that schema; else the one chosen before, the only one, or asked.
      session.schema = await chooseDefaultSchema(
        session,
        rememberedSchemas,
        title,
        arg instanceof DbSchemaNode ? arg.data.dbSchemaName : undefined,
      );
      session.onDidEnd(() => {
        refreshSchemas(session);
        void rules.removeFor(session.id);
      });
      // A table created or dropped in a console shows in the tree at once.
      session.onDidChangeObjects(() => refreshSchemas(session));
      refreshSchemas(session);
      // Said in the status bar either way (the console's own Connect... goes on to its console);
      // a Connect... the user chose also offers the console.
      const connected = vscode.l10n.t('Connected to {0} as {1}.', t.data.dbInstanceName, user.dbUserName);
      void vscode.window.setStatusBarMessage(connected, 5000);
      if (!forCommand) void offerConsole(session, connected);
      return session;
    } catch (err) {
      if (!isDbConnectError(err)) throw err;
      services.log.warn(
        `Connecting to ${t.data.dbInstanceName} as ${user.dbUserName} failed (${err.kind}, ${String(err.code ?? '')}): ${err.message}`,
      );
      // Nothing half-done stays: a rule made for this attempt goes, a refused password is not kept.
      await rules.removeFor(sessionId(pid, t.data.dbInstanceId, user.dbUserName));
      if (err.kind === 'auth' && stored)
        await services.profiles.forgetDbPassword(pid, t.data.dbInstanceId, user.dbUserName);
      const actions: Array<ReturnType<typeof action<'retry' | 'allow' | 'bastion' | 'showLog'>>> = [
        action('retry', vscode.l10n.t('Try Again')),
      ];
      // A private endpoint reached directly, or a bastion that failed: choosing (another) bastion is the way on.
      if (err.kind === 'tunnel') actions.unshift(action('bastion', vscode.l10n.t('Change SSH Bastion...')));
      else if (
        endpoint.kind === 'private' &&
        !bastion &&
        ['timeout', 'unreachable', 'server', 'gone'].includes(err.kind)
      )
        actions.unshift(action('bastion', vscode.l10n.t('Use an SSH Bastion...')));
      else if (err.kind === 'timeout' && t.data.dbSecurityGroupIds?.length)
        actions.unshift(action('allow', vscode.l10n.t('Allow My Address...')));
      actions.push(action('showLog', vscode.l10n.t('Show Log')));
      const choice = await askAction('error', err.message, {}, ...actions);
      if (choice === 'retry') return connect(arg, user.dbUserName, t, forCommand);
      if (choice === 'allow') return allowAndConnect(t, user.dbUserName, endpoint, port, forCommand);
      if (choice === 'bastion') {
        await setBastion(t, title);
        return connect(arg, user.dbUserName, t, forCommand);
      }
      if (choice === 'showLog') services.log.show();
      return undefined;
    }
  }

  /**
   * The bastion Connect... goes through: the one remembered for the instance or its profile; for
   * a private endpoint this computer may not reach (not loopback: the sandbox's are), asked once
   * (through a bastion, or directly because this computer is in the VPC); none otherwise.
   */
  async function bastionFor(t: InstanceTarget, endpoint: Endpoint, title: string): Promise<BastionSetting | undefined> {
    const remembered = bastions.get(profileId(), t.data.dbInstanceId);
    if (remembered) return 'bastion' in remembered.choice ? remembered.choice.bastion : undefined;
    if (endpoint.kind !== 'private' || isLoopback(endpoint.host)) return undefined;
    const how = await pick(
      [
        {
          id: 'bastion',
          label: vscode.l10n.t('Through an SSH bastion...'),
          detail: vscode.l10n.t('A host with a floating IP in the VPC that you can SSH into.'),
        },
        {
          id: 'direct',
          label: vscode.l10n.t('Directly'),
          detail: vscode.l10n.t('This computer reaches the VPC (a VPN, or VS Code runs on an instance in it).'),
        },
      ],
      {
        title,
        placeHolder: vscode.l10n.t(
          '{0} has no public endpoint: how does this computer reach {1}? (asked once)',
          t.data.dbInstanceName,
          endpoint.host,
        ),
      },
    );
    if (how.id === 'direct') {
      await bastions.set(profileId(), t.data.dbInstanceId, { direct: true });
      return undefined;
    }
    return setBastion(t, title);
  }

  function setBastion(t: InstanceTarget, title: string): Promise<BastionSetting> {
    return chooseBastion(
      bastions,
      {
        profileId: profileId(),
        profileName: profileName(),
        instanceId: t.data.dbInstanceId,
        instanceName: t.data.dbInstanceName,
        title,
        sandboxBastion: services.profiles.active()?.sandboxBastion,
      },
      services.log,
    );
  }

  /** Asks the address and the group, adds the rule, then connects; the rule belongs to that session. */
  async function allowAndConnect(
    t: InstanceTarget,
    user: string,
    endpoint: Endpoint,
    port: number,
    forCommand = false,
  ): Promise<DbSession | undefined> {
    await allowAddress(t, sessionId(profileId(), t.data.dbInstanceId, user), port);
    const session = await connect(undefined, user, t, forCommand);
    return session;
  }

  /** After a Connect... the user chose: say so, and offer the query console on that session. */
  async function offerConsole(session: DbSession, connected: string): Promise<void> {
    const choice = await askAction('info', connected, {}, action('console', vscode.l10n.t('Open Console')));
    // By its id: a notification pressed after a reconnect opens the console on the live session
    // (one that has ended since is said by the ended notice).
    if (choice === 'console') await vscode.commands.executeCommand(CONSOLE_OPEN, session.id);
  }

  async function allowAddress(t: InstanceTarget, forSession: string, port: number): Promise<void> {
    const title = vscode.l10n.t('Allow My Address for This Session');
    const groupIds = t.data.dbSecurityGroupIds ?? [];
    if (!groupIds.length)
      throw new Error(
        vscode.l10n.t(
          'DB instance {0} has no DB security group; attach one with "Modify Instance" first.',
          t.data.dbInstanceName,
        ),
      );
    const list = await t.rds.listDbSecurityGroups();
    const groups = (
      (list?.dbSecurityGroups ?? []) as Array<{
        dbSecurityGroupId: string;
        dbSecurityGroupName: string;
        description?: string;
      }>
    ).filter((g) => groupIds.includes(g.dbSecurityGroupId));
    if (!groups.length)
      throw new Error(vscode.l10n.t('The DB security groups of {0} could not be read.', t.data.dbInstanceName));
    let group = groups[0];
    if (groups.length > 1) {
      const chosen = await pick(
        groups.map((g) => ({
          id: g.dbSecurityGroupId,
          label: g.dbSecurityGroupName,
          description: g.description ?? '',
        })),
        { title, placeHolder: vscode.l10n.t('DB security group for the rule') },
      );
      group = groups.find((g) => g.dbSecurityGroupId === chosen.id)!;
    }
    const text = await ask({
      title,
      prompt: vscode.l10n.t(
        'Your public IP address as the instance sees it (one address; the rule allows it on port {0} until the session ends)',
        port,
      ),
      value: state.get<string>(LAST_ADDRESS_KEY) ?? '',
      validate: (v) =>
        addressCidr(v) ? undefined : vscode.l10n.t('Enter one IPv4 or IPv6 address, such as 203.0.113.7.'),
    });
    const address = addressCidr(text)!;
    await state.update(LAST_ADDRESS_KEY, text.trim());
    const root = t.rootId;
    await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Allowing {0} on port {1} in {2}...', address.cidr, port, group.dbSecurityGroupName),
      },
      () =>
        rules.add({
          profileId: profileId(),
          region: t.region,
          instanceId: t.data.dbInstanceId,
          instanceName: t.data.dbInstanceName,
          dbSecurityGroupId: group.dbSecurityGroupId,
          dbSecurityGroupName: group.dbSecurityGroupName,
          cidr: address.cidr,
          etherType: address.etherType,
          port,
          sessionId: forSession,
          rds: t.rds,
          rootId: root,
        }),
    );
  }

  /** The session a command acts on: the node's instance's, or one the user picks. */
  async function sessionFrom(arg: unknown, title: string): Promise<DbSession> {
    if (arg instanceof DbTableNode) return arg.session;
    const inst = instanceNodeOf(arg);
    const candidates = inst ? sessions.forInstance(profileId(), inst.data.dbInstanceId) : [...sessions.all()];
    if (!candidates.length)
      throw new Error(
        inst
          ? vscode.l10n.t('{0} is not connected. Use "Connect..." first.', inst.data.dbInstanceName)
          : vscode.l10n.t('No database is connected. Use "Connect..." on a DB instance first.'),
      );
    if (candidates.length === 1) return candidates[0];
    const chosen = await pick(
      candidates.map((s) => ({
        id: s.id,
        label: `${s.user}@${s.target.instanceName}`,
        description: sessionAddress(s),
      })),
      { title, placeHolder: vscode.l10n.t('Connection') },
    );
    return sessions.get(chosen.id)!;
  }

  const commands: Record<string, CommandHandler> = {
    'nhncloud.rds.connection.connect': (arg?: unknown, how?: unknown) =>
      connect(arg, undefined, undefined, isConnectForCommand(how)),
    'nhncloud.rds.connection.setBastion': async (arg?: unknown) => {
      const title = vscode.l10n.t('Set SSH Bastion');
      const t = await instanceFrom(instanceNodeOf(arg) ?? arg, deps, title);
      const b = await setBastion(t, title);
      // The instances' menus now offer Stop Using SSH Bastion (their contextValue says .bastion).
      deps.explorer.refreshId(t.rootId);
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          '{0} is reached through the SSH bastion {1} from its next Connect.',
          t.data.dbInstanceName,
          bastionLabel(b),
        ),
      );
    },
    'nhncloud.rds.connection.clearBastion': async (arg?: unknown) => {
      const title = vscode.l10n.t('Stop Using SSH Bastion');
      const t = await instanceFrom(instanceNodeOf(arg) ?? arg, deps, title);
      const current = bastions.get(profileId(), t.data.dbInstanceId);
      if (!current || !('bastion' in current.choice)) {
        // Nothing to stop: said, not an error.
        void vscode.window.showInformationMessage(
          vscode.l10n.t('{0} is not reached through an SSH bastion.', t.data.dbInstanceName),
        );
        return;
      }
      if (current.scope === 'profile') {
        const which = await pick(
          [
            { id: 'instance', label: vscode.l10n.t('Only {0} connects directly', t.data.dbInstanceName) },
            { id: 'profile', label: vscode.l10n.t('No DB instance of profile {0} uses it', profileName()) },
          ],
          {
            title,
            placeHolder: vscode.l10n.t('{0} is the bastion of the whole profile', bastionLabel(current.choice.bastion)),
          },
        );
        if (which.id === 'instance') await bastions.set(profileId(), t.data.dbInstanceId, { direct: true });
        else await bastions.set(profileId(), undefined, undefined);
      } else await bastions.set(profileId(), t.data.dbInstanceId, undefined);
      deps.explorer.refreshId(t.rootId);
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0} connects without the SSH bastion from its next Connect.', t.data.dbInstanceName),
      );
    },
    'nhncloud.rds.connection.disconnect': async (arg?: unknown) => {
      const s = await sessionFrom(arg, vscode.l10n.t('Disconnect'));
      await s.end();
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Disconnected from {0}.', s.target.instanceName), 5000);
    },
    'nhncloud.rds.connection.forgetPassword': async (arg?: unknown) => {
      const title = vscode.l10n.t('Forget Database Password');
      const t = await instanceFrom(instanceNodeOf(arg) ?? arg, deps, title);
      const user = await chooseUser(t, title);
      const had = await services.profiles.forgetDbPassword(profileId(), t.data.dbInstanceId, user.dbUserName);
      void vscode.window.showInformationMessage(
        had
          ? vscode.l10n.t(
              'The password of {0} on {1} is forgotten; Connect will ask for it.',
              user.dbUserName,
              t.data.dbInstanceName,
            )
          : vscode.l10n.t('No password of {0} on {1} was kept.', user.dbUserName, t.data.dbInstanceName),
      );
    },
    'nhncloud.rds.connection.allowMyAddress': async (arg?: unknown) => {
      const title = vscode.l10n.t('Allow My Address for This Session');
      const s = await sessionFrom(arg, title).catch((e) => {
        if (e instanceof CancelledError) throw e;
        return undefined;
      });
      const t = await instanceFrom(instanceNodeOf(arg) ?? arg, deps, title);
      // Without a session, the rule belongs to the next Connect of this instance (it asks the user).
      if (s && s.target.instanceId === t.data.dbInstanceId) {
        await allowAddress(t, s.id, s.endpoint.port);
        return;
      }
      const user = await chooseUser(t, title);
      if (!t.data.dbPort) throw new Error(vscode.l10n.t('DB instance {0} reports no port.', t.data.dbInstanceName));
      const endpoint = await chooseEndpoint(t, endpointIndexOf(arg), services.log);
      await allowAndConnect(t, user.dbUserName, endpoint, t.data.dbPort);
    },
    'nhncloud.rds.connection.copyUrl': async (arg?: unknown) => {
      const s = await sessionFrom(arg, vscode.l10n.t('Copy Connection URL'));
      const url = connectionUrl(s);
      await vscode.env.clipboard.writeText(url);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', url), 5000);
    },
    'nhncloud.rds.connection.openTerminal': async (arg?: unknown) => {
      const s = await sessionFrom(arg, vscode.l10n.t('Open in Terminal'));
      const password = await services.profiles.dbPassword(s.target.profileId, s.target.instanceId, s.user);
      if (password === undefined)
        throw new Error(
          vscode.l10n.t('No password of {0} on {1} is kept. Connect again first.', s.user, s.target.instanceName),
        );
      await openTerminal(s, password, dbTlsSettings(), services.log);
    },
    'nhncloud.rds.connection.selectTop': async (arg?: unknown) => {
      if (!(arg instanceof DbTableNode))
        throw new Error(
          vscode.l10n.t('Select Top 100 runs on a table or view of a connected instance in the NHN Cloud explorer.'),
        );
      const sql = `SELECT * FROM ${quoteIdent(arg.schema)}.${quoteIdent(arg.table)} LIMIT 100;\n`;
      const available = await vscode.commands.getCommands(true);
      if (available.includes(CONSOLE_OPEN)) {
        await vscode.commands.executeCommand(CONSOLE_OPEN, arg.session.id, sql);
        if (available.includes('nhncloud.rds.query.run'))
          await vscode.commands.executeCommand('nhncloud.rds.query.run');
        return;
      }
      const doc = await vscode.workspace.openTextDocument({ language: await sqlLanguage(), content: sql });
      await vscode.window.showTextDocument(doc);
    },
    'nhncloud.rds.connection.openTable': async (arg?: unknown) => {
      if (!(arg instanceof DbTableNode))
        throw new Error(
          vscode.l10n.t('Open Table runs on a table or view of a connected instance in the NHN Cloud explorer.'),
        );
      TableDataPanel.open(services, arg.session, arg.schema, arg.table);
    },
    'nhncloud.rds.connection.importCsv': async (arg?: unknown) => {
      if (!(arg instanceof DbTableNode) || arg.isView)
        throw new Error(vscode.l10n.t('Import CSV runs on a table of a connected instance in the NHN Cloud explorer.'));
      const files = await vscode.window.showOpenDialog({
        title: vscode.l10n.t('Import CSV into {0}', `${arg.schema}.${arg.table}`),
        canSelectMany: false,
        filters: { [vscode.l10n.t('CSV and text files')]: ['csv', 'tsv', 'txt'], [vscode.l10n.t('All files')]: ['*'] },
        openLabel: vscode.l10n.t('Import'),
      });
      if (!files?.length) throw new CancelledError();
      CsvImportPanel.open(services, arg.session, arg.schema, arg.table, files[0].fsPath);
    },
    'nhncloud.rds.connection.copyCreate': async (arg?: unknown) => {
      if (!(arg instanceof DbTableNode))
        throw new Error(
          vscode.l10n.t(
            'Copy CREATE Statement runs on a table or view of a connected instance in the NHN Cloud explorer.',
          ),
        );
      await vscode.env.clipboard.writeText(await createStatement(arg));
      void vscode.window.setStatusBarMessage(
        vscode.l10n.t('Copied the CREATE statement of {0}.', `${arg.schema}.${arg.table}`),
        5000,
      );
    },
  };

  return {
    commands,
    async dispose() {
      for (const d of subs) d.dispose();
      await sessions.endAll();
      await rules.removeAllMine();
      rules.dispose();
    },
  };
}
