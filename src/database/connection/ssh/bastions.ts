// SSH bastions for Connect... (issue 29), the VS Code side of ./tunnel.ts: which bastion an
// instance is reached through (its own choice, else its profile's; remembered in global state),
// the questions that choose one (a host of ~/.ssh/config by name, or one typed in; the SSH agent,
// a private key file or a password), the host key decision against known_hosts, and the key's
// passphrase or the password kept in SecretStorage once the bastion accepted them.
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { CancelledError } from '../../../client/errors';
import { action, ask, askAction, pick } from '../../../shared/prompts';
import type { SandboxBastionSetting, Services } from '../../../shared/services';
import { SECTION, userSetting } from '../../../shared/settings';
import {
  checkHostKey,
  fingerprint,
  hostKeyAlgorithms,
  knownHostsLine,
  knownHostsName,
  knownKeyTypes,
  usesHashedNames,
  type HostKey,
} from './knownHosts';
import { resolveSshHost, sshConfigHosts, type SshEndpoint } from './sshConfig';
import { privateKeyState, SshTunnel, SshTunnelError, type PinnedHostKeys, type SshHop, type SshSignIn } from './tunnel';

/** A bastion as the user chose it. A host of ~/.ssh/config is kept by its alias and read again at each use. */
export interface BastionSetting {
  alias?: string;
  host: string;
  port: number;
  user: string;
  signIn: 'agent' | 'key' | 'password';
  keyFile?: string;
}

/** Through a bastion, or directly (the user said this computer reaches the VPC). */
export type BastionChoice = { bastion: BastionSetting } | { direct: true };

const STATE_KEY = 'nhncloud.db.bastions';

/** The remembered choices: per instance (`<profileId>/<instanceId>`) and per profile (`<profileId>`). */
export class BastionChoices {
  constructor(private readonly state: vscode.Memento) {}

  private all(): Record<string, BastionChoice> {
    return this.state.get<Record<string, BastionChoice>>(STATE_KEY) ?? {};
  }

  /** The instance's own choice, else its profile's. */
  get(profileId: string, instanceId: string): { choice: BastionChoice; scope: 'instance' | 'profile' } | undefined {
    const all = this.all();
    const own = all[`${profileId}/${instanceId}`];
    if (own) return { choice: own, scope: 'instance' };
    const profile = all[profileId];
    return profile ? { choice: profile, scope: 'profile' } : undefined;
  }

  async set(profileId: string, instanceId: string | undefined, choice: BastionChoice | undefined): Promise<void> {
    const all = { ...this.all() };
    const key = instanceId ? `${profileId}/${instanceId}` : profileId;
    if (choice) all[key] = choice;
    else delete all[key];
    await this.state.update(STATE_KEY, all);
  }

  /** The choices of removed profiles go with them. */
  async retainProfiles(known: ReadonlySet<string>): Promise<void> {
    const all = this.all();
    const kept = Object.fromEntries(Object.entries(all).filter(([k]) => known.has(k.split('/')[0])));
    if (Object.keys(kept).length !== Object.keys(all).length) await this.state.update(STATE_KEY, kept);
  }
}

/** `user@host[:port]` of a bastion, with its ~/.ssh/config name. */
export function bastionLabel(b: BastionSetting): string {
  const where = `${b.user}@${b.host}${b.port === 22 ? '' : `:${b.port}`}`;
  return b.alias && b.alias !== b.host ? `${b.alias} (${where})` : where;
}

/** A file setting of the user's own (a workspace cannot name the files that decide whom SSH trusts). */
function filesSetting(key: 'sshConfigFile' | 'knownHostsFile', fallback: string): string {
  const set = userSetting<string>(`${SECTION}.database`, key)?.trim();
  if (!set) return join(homedir(), '.ssh', fallback);
  return set.startsWith('~/') ? join(homedir(), set.slice(2)) : set;
}

/** The OpenSSH client configuration and known hosts files (settings, else ~/.ssh/). */
export const sshConfigFile = (): string => filesSetting('sshConfigFile', 'config');
export const knownHostsFile = (): string => filesSetting('knownHostsFile', 'known_hosts');

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new Error(vscode.l10n.t('Cannot read {0}: {1}', file, (e as NodeJS.ErrnoException).code ?? String(e)), {
      cause: e,
    });
  }
}

/** The SSH agent of this session, if there is one. */
function agentSocket(): string | undefined {
  if (process.platform === 'win32') return 'pageant';
  return process.env.SSH_AUTH_SOCK || undefined;
}

/**
 * Asks which bastion, how to sign in and for what (this instance or every instance of the
 * profile); saves and returns it. Escape anywhere cancels and saves nothing.
 */
export async function chooseBastion(
  choices: BastionChoices,
  o: {
    profileId: string;
    profileName: string;
    instanceId: string;
    instanceName: string;
    title: string;
    /** The profile's sandbox bastion, offered first (its password is kept: no sign-in question). */
    sandboxBastion?: SandboxBastionSetting;
  },
  log: Services['log'],
): Promise<BastionSetting> {
  const configFile = sshConfigFile();
  const configText = await readText(configFile);
  const aliases = sshConfigHosts(configText);
  // Said in the log because a host a user expected and does not see is the first question.
  log.info(
    `SSH bastion: ${aliases.length} host(s) offered from ${configFile}${configText ? '' : ' (empty or missing)'}`,
  );
  const typed = { id: 'typed', label: vscode.l10n.t('$(edit) Enter a host...') };
  const fromConfig = aliases.map((alias) => {
    const r = resolveSshHost(configText, alias);
    return {
      id: `alias:${alias}`,
      label: alias,
      description: `${r.user}@${r.host}${r.port === 22 ? '' : `:${r.port}`}${r.jump ? ` ← ${r.jump.host}` : ''}`,
      detail: vscode.l10n.t('from {0}', configFile),
    };
  });
  const sb = o.sandboxBastion;
  const sandbox = sb && {
    id: 'sandbox',
    label: vscode.l10n.t("$(beaker) The sandbox's bastion"),
    description: `${sb.user}@${sb.host}:${sb.port}`,
    detail: vscode.l10n.t('Host key {0} {1}, as the sandbox printed it', sb.hostKeyType, sb.hostKeyFingerprint),
  };
  const host = await pick([...(sandbox ? [sandbox] : []), ...fromConfig, typed], {
    title: o.title,
    placeHolder: vscode.l10n.t(
      'SSH bastion to reach {0} through (a host with a floating IP in its VPC)',
      o.instanceName,
    ),
  });
  let setting: BastionSetting;
  let configKey: string | undefined;
  if (host.id === 'sandbox' && sb) {
    // Signed in with the password the sandbox made (kept in SecretStorage with the profile).
    setting = { host: sb.host, port: sb.port, user: sb.user, signIn: 'password' };
    await choices.set(o.profileId, undefined, { bastion: setting });
    return setting;
  }
  if (host.id.startsWith('alias:')) {
    const alias = host.id.slice('alias:'.length);
    const r = resolveSshHost(configText, alias);
    setting = { alias, host: r.host, port: r.port, user: r.user, signIn: 'key' };
    configKey = r.identityFiles.find((f) => existsSync(f));
  } else {
    const address = await ask({
      title: o.title,
      prompt: vscode.l10n.t('Bastion host: its floating IP or DNS name'),
      validate: (v) => (/^[^\s@/]+$/.test(v.trim()) ? undefined : vscode.l10n.t('Enter a host name or an IP address.')),
    });
    const port = await ask({
      title: o.title,
      prompt: vscode.l10n.t('SSH port of {0}', address.trim()),
      value: '22',
      validate: (v) =>
        /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 65535
          ? undefined
          : vscode.l10n.t('Enter a port from 1 to 65535.'),
    });
    const user = await ask({
      title: o.title,
      prompt: vscode.l10n.t('User name on {0} (e.g. centos, ubuntu, rocky)', address.trim()),
      validate: (v) => (/^[^\s@]+$/.test(v.trim()) ? undefined : vscode.l10n.t('Enter the user name.')),
    });
    setting = { host: address.trim(), port: Number(port), user: user.trim(), signIn: 'key' };
  }
  const agent = agentSocket();
  const how = await pick(
    [
      ...(configKey
        ? [
            {
              id: 'configKey',
              label: vscode.l10n.t('Private key {0}', configKey),
              detail: vscode.l10n.t('IdentityFile of {0}', configFile),
            },
          ]
        : []),
      ...(agent ? [{ id: 'agent', label: vscode.l10n.t('SSH agent'), detail: agent }] : []),
      {
        id: 'key',
        label: vscode.l10n.t('Private key file...'),
        detail: vscode.l10n.t('e.g. the key pair (.pem) of the bastion instance'),
      },
      {
        id: 'password',
        label: vscode.l10n.t('Password'),
        detail: vscode.l10n.t('when the bastion allows password sign-in'),
      },
    ],
    { title: o.title, placeHolder: vscode.l10n.t('How to sign in to {0}', bastionLabel(setting)) },
  );
  if (how.id === 'configKey') setting.keyFile = configKey;
  else if (how.id === 'agent') setting.signIn = 'agent';
  else if (how.id === 'password') setting.signIn = 'password';
  else {
    const files = await vscode.window.showOpenDialog({
      title: o.title,
      canSelectMany: false,
      defaultUri: vscode.Uri.file(join(homedir(), '.ssh')),
      openLabel: vscode.l10n.t('Use This Key'),
    });
    if (!files?.length) throw new CancelledError();
    setting.keyFile = files[0].fsPath;
  }
  const scope = await pick(
    [
      { id: 'instance', label: vscode.l10n.t('Only {0}', o.instanceName) },
      { id: 'profile', label: vscode.l10n.t('Every DB instance of profile {0}', o.profileName) },
    ],
    { title: o.title, placeHolder: vscode.l10n.t('Which DB instances go through {0}?', bastionLabel(setting)) },
  );
  await choices.set(o.profileId, scope.id === 'instance' ? o.instanceId : undefined, { bastion: setting });
  return setting;
}

/** A secret asked once and kept in SecretStorage only after the bastion accepted it. */
interface PendingSecret {
  subject: string;
  value: string;
}

/**
 * What Connect... hands the session manager to open (or share) the tunnel to `target` through
 * `setting`: the SSH hops with their sign-in (a passphrase or password asked when none is kept),
 * the host key decision, and the secrets kept once the bastion accepted them.
 */
export async function tunnelOptions(
  setting: BastionSetting,
  target: { host: string; port: number },
  o: { profileId: string; title: string; services: Pick<Services, 'profiles' | 'log'> },
): Promise<{ key: string; open(): Promise<SshTunnel> }> {
  const pending: PendingSecret[] = [];
  /** Stored passwords this attempt uses: a refused sign-in forgets them (the next Connect... asks). */
  const storedUsed: string[] = [];
  let bastion: SshEndpoint & { jump?: SshEndpoint } = { ...setting, identityFiles: [] };
  if (setting.alias) {
    const r = resolveSshHost(await readText(sshConfigFile()), setting.alias);
    bastion = { host: r.host, port: r.port, user: r.user, identityFiles: r.identityFiles, jump: r.jump };
  }
  const signInFor = async (hop: SshEndpoint, how: BastionSetting['signIn'], keyFile?: string): Promise<SshSignIn> => {
    if (how === 'agent') {
      const agent = agentSocket();
      if (!agent)
        throw new Error(
          vscode.l10n.t('No SSH agent is running for VS Code (SSH_AUTH_SOCK is not set). Choose a key file instead.'),
        );
      return { agent };
    }
    if (how === 'password') {
      const subject = `password:${hop.user}@${hop.host}:${hop.port}`;
      const stored = await o.services.profiles.sshSecret(o.profileId, subject);
      const password =
        stored ??
        (await ask({
          title: o.title,
          prompt: vscode.l10n.t('SSH password of {0} on {1} (kept in SecretStorage once it works)', hop.user, hop.host),
          password: true,
          validate: (v) => (v ? undefined : vscode.l10n.t('Enter the password.')),
        }));
      if (!stored) pending.push({ subject, value: password });
      else storedUsed.push(subject);
      return { password };
    }
    const file = keyFile ?? hop.identityFiles.find((f) => existsSync(f));
    if (!file)
      throw new Error(
        vscode.l10n.t('No private key file is set for {0}. Use "Set SSH Bastion..." to choose one.', hop.host),
      );
    let privateKey: Buffer;
    try {
      privateKey = await readFile(file);
    } catch (e) {
      throw new Error(
        vscode.l10n.t('Cannot read the private key {0}: {1}', file, (e as NodeJS.ErrnoException).code ?? String(e)),
        {
          cause: e,
        },
      );
    }
    const state = privateKeyState(privateKey);
    if (state === 'ok') return { privateKey };
    if (state === 'invalid')
      throw new Error(vscode.l10n.t('{0} is not a private key that SSH can use (OpenSSH, PEM or PuTTY format).', file));
    const subject = `passphrase:${file}`;
    let passphrase = await o.services.profiles.sshSecret(o.profileId, subject);
    if (passphrase !== undefined && privateKeyState(privateKey, passphrase) !== 'ok') {
      await o.services.profiles.forgetSshSecret(o.profileId, subject);
      passphrase = undefined;
    }
    // Checked once it is entered, not as it is typed: opening a key (bcrypt, in JavaScript) takes
    // about a second, too long for every keystroke.
    const kept = passphrase !== undefined;
    for (let attempt = 0; passphrase === undefined; attempt++) {
      const typed = await ask({
        title: o.title,
        prompt:
          attempt === 0
            ? vscode.l10n.t('Passphrase of the private key {0} (kept in SecretStorage once it works)', file)
            : vscode.l10n.t('That passphrase does not open {0}. Passphrase of the private key:', file),
        password: true,
        validate: (v) => (v ? undefined : vscode.l10n.t('Enter the passphrase.')),
      });
      if (privateKeyState(privateKey, typed) === 'ok') passphrase = typed;
      else if (attempt === 2) throw new Error(vscode.l10n.t('The passphrase does not open the private key {0}.', file));
    }
    if (!kept) pending.push({ subject, value: passphrase });
    return { privateKey, passphrase };
  };
  const hop: SshHop = {
    host: bastion.host,
    port: bastion.port,
    user: bastion.user,
    signIn: await signInFor(bastion, setting.signIn, setting.keyFile),
  };
  const jump: SshHop | undefined = bastion.jump && {
    host: bastion.jump.host,
    port: bastion.jump.port,
    user: bastion.jump.user,
    signIn: agentSocket() ? { agent: agentSocket() } : await signInFor(bastion.jump, 'key'),
  };
  const key = `${hop.user}@${hop.host}:${hop.port}${jump ? `<${jump.user}@${jump.host}:${jump.port}` : ''}->${target.host}:${target.port}`;
  return {
    key,
    open: async () => {
      let tunnel: SshTunnel;
      try {
        tunnel = await SshTunnel.open({
          bastion: hop,
          jump,
          target,
          verifyHostKey,
          pinnedHostKeys,
          onDrop: (why) =>
            o.services.log.warn(`The SSH tunnel ${key} dropped (${why}); the next connection opens it again`),
        });
      } catch (e) {
        if (e instanceof SshTunnelError && e.kind === 'auth')
          for (const subject of storedUsed) await o.services.profiles.forgetSshSecret(o.profileId, subject);
        throw e;
      }
      for (const p of pending) await o.services.profiles.storeSshSecret(o.profileId, p.subject, p.value);
      o.services.log.info(
        `SSH tunnel open: ${tunnel.description} to ${target.host}:${target.port} on 127.0.0.1:${tunnel.localPort}`,
      );
      return tunnel;
    },
  };
}

/** The part of sshd's host key file name for a key type: ssh-ed25519 → ed25519, ecdsa-sha2-nistp256 → ecdsa. */
function hostKeyFileType(type: string): string {
  return type.startsWith('ecdsa-') ? 'ecdsa' : type.replace(/^ssh-/, '');
}

/**
 * The host key algorithms `host`:`port` is held to: those of the key types known_hosts records
 * for it, in OpenSSH's order; undefined when it records none (or only types ssh2 cannot check:
 * verifyHostKey then warns that other types are known).
 */
export async function pinnedHostKeys(host: string, port: number): Promise<PinnedHostKeys | undefined> {
  const file = knownHostsFile();
  const knownTypes = knownKeyTypes(await readText(file), host, port);
  const algorithms = hostKeyAlgorithms(knownTypes);
  return algorithms.length ? { algorithms, knownTypes, name: knownHostsName(host, port), file } : undefined;
}

/**
 * The host key decision `ssh` would make: a key known_hosts has is accepted; an unknown one is
 * shown by its SHA-256 fingerprint and accepted only by the user (then added, hashed when the
 * file hashes its names); a changed or revoked one refuses the connection, saying so plainly.
 */
export async function verifyHostKey(host: string, port: number, key: HostKey): Promise<boolean> {
  const file = knownHostsFile();
  const text = await readText(file);
  const verdict = checkHostKey(text, host, port, key);
  const name = knownHostsName(host, port);
  if (verdict.kind === 'known') return true;
  if (verdict.kind === 'revoked')
    throw new Error(
      vscode.l10n.t(
        'The host key of {0} is marked revoked in {1} (line {2}): not connected.',
        name,
        file,
        verdict.line,
      ),
    );
  if (verdict.kind === 'changed')
    throw new Error(
      vscode.l10n.t(
        'The host key of {0} has CHANGED since it was recorded in {1} (line {2}). The server may have been reinstalled, or someone may be intercepting the connection: not connected. If you know why it changed, remove the old key with "ssh-keygen -R {3}" and connect again. New key: {4} {5}',
        name,
        file,
        verdict.lines.join(', '),
        name,
        key.type,
        fingerprint(key.blob),
      ),
    );
  // Keys of other types recorded for the host (only ones the algorithms could not be held to):
  // said first, as ssh says "but keys of different type are already known for this host".
  const otherTypes = knownKeyTypes(text, host, port);
  const detail = vscode.l10n.t(
    '{0} key fingerprint: {1}\n\nCompare it with the fingerprint the bastion shows (ssh-keygen -lf /etc/ssh/ssh_host_{2}_key.pub on it). Trusting adds it to {3}.',
    key.type,
    fingerprint(key.blob),
    hostKeyFileType(key.type),
    file,
  );
  const answer = await askAction(
    'warning',
    vscode.l10n.t('The authenticity of {0} cannot be established. Trust its host key?', name),
    {
      modal: true,
      detail: otherTypes.length
        ? `${vscode.l10n.t(
            'Warning: {0} records keys of other types for {1} ({2}), but not of this one. The server may have been reinstalled, or someone may be intercepting the connection.',
            file,
            name,
            otherTypes.join(', '),
          )}\n\n${detail}`
        : detail,
    },
    action('trust', vscode.l10n.t('Trust and Connect')),
  );
  if (answer !== 'trust') return false;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const line = knownHostsLine(host, port, key, usesHashedNames(text));
  await appendFile(file, `${text && !text.endsWith('\n') ? '\n' : ''}${line}\n`, { mode: 0o600 });
  return true;
}
