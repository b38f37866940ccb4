// Hosts of the user's OpenSSH client configuration (~/.ssh/config), offered by name when a
// bastion is chosen (issue 29): `Host`, `HostName`, `User`, `Port`, `IdentityFile` and one level
// of `ProxyJump`. Parsed by the `ssh-config` package (the same rules `ssh` applies: the first
// value obtained wins, `Host *` defaults at the end apply to every host); `Match exec` is never
// run (a configuration file must not start programs from the editor).
import SSHConfig from 'ssh-config';
import * as vscode from 'vscode';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { plural } from '../../../shared/l10n';

/** Where to reach an SSH server and as whom, as a configuration file or the user said. */
export interface SshEndpoint {
  host: string;
  port: number;
  user: string;
  /** Private key files to offer, in order (IdentityFile), with `~` and `%` tokens expanded. */
  identityFiles: string[];
}

export interface ResolvedSshHost extends SshEndpoint {
  /** The alias it was resolved from. */
  alias: string;
  /** ProxyJump's one hop, when the configuration names one. */
  jump?: SshEndpoint;
}

/** The `Host` names of a configuration that stand for one host (no wildcard, no negation). */
export function sshConfigHosts(text: string): string[] {
  const names = new Set<string>();
  for (const line of SSHConfig.parse(text)) {
    if (line.type !== SSHConfig.DIRECTIVE || line.param.toLowerCase() !== 'host') continue;
    const values = typeof line.value === 'string' ? line.value.split(/\s+/) : line.value.map((v) => v.val);
    for (const v of values) if (v && !/[*?!]/.test(v)) names.add(v);
  }
  return [...names];
}

/** OpenSSH's `%` tokens that make sense here (ssh_config(5), TOKENS) and `~`. */
function expand(value: string, tokens: { h: string; r: string; p: number; n: string }): string {
  const home = homedir();
  const out = value.replace(/%([%dhnpru])/g, (_, t: string) => {
    switch (t) {
      case '%':
        return '%';
      case 'd':
        return home;
      case 'h':
        return tokens.h;
      case 'n':
        return tokens.n;
      case 'p':
        return String(tokens.p);
      case 'r':
        return tokens.r;
      default:
        return userInfo().username;
    }
  });
  return out.startsWith('~/') ? join(home, out.slice(2)) : out === '~' ? home : out;
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** A `[user@]host[:port]` hop of ProxyJump. */
function parseHop(hop: string): { host: string; port?: number; user?: string } {
  const at = hop.lastIndexOf('@');
  const user = at >= 0 ? hop.slice(0, at) : undefined;
  const rest = at >= 0 ? hop.slice(at + 1) : hop;
  const m = /^\[(.+)\](?::(\d+))?$/.exec(rest) ?? /^([^:]+)(?::(\d+))?$/.exec(rest);
  return { host: m?.[1] ?? rest, port: m?.[2] ? Number(m[2]) : undefined, user };
}

function endpointOf(config: SSHConfig, alias: string, override: { port?: number; user?: string } = {}): SshEndpoint {
  const c = config.compute(alias, { ignoreCase: true, matchExec: false });
  const user = override.user ?? first(c.user) ?? userInfo().username;
  const port = override.port ?? Number(first(c.port) ?? 22);
  const hostName = first(c.hostname);
  const host = hostName ? expand(hostName, { h: alias, r: user, p: port, n: alias }) : alias;
  const files = c.identityfile ? (Array.isArray(c.identityfile) ? c.identityfile : [c.identityfile]) : [];
  return {
    host,
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 22,
    user,
    identityFiles: files.map((f) => expand(f, { h: host, r: user, p: port, n: alias })),
  };
}

/**
 * What `ssh <alias>` would use. A ProxyJump of more than one hop is refused with a message (one
 * level is what the tunnel follows); `none` means no jump.
 */
export function resolveSshHost(text: string, alias: string): ResolvedSshHost {
  const config = SSHConfig.parse(text);
  const target = endpointOf(config, alias);
  const c = config.compute(alias, { ignoreCase: true, matchExec: false });
  const proxyJump = first(c.proxyjump);
  const resolved: ResolvedSshHost = { ...target, alias };
  if (proxyJump && proxyJump.toLowerCase() !== 'none') {
    const hops = proxyJump.split(',').map((h) => h.trim());
    if (hops.length > 1)
      throw new Error(
        plural(
          hops.length,
          vscode.l10n.t(
            'The SSH host {0} jumps through {1} host (ProxyJump {2}); one jump host is supported.',
            alias,
            hops.length,
            proxyJump,
          ),
          vscode.l10n.t(
            'The SSH host {0} jumps through {1} hosts (ProxyJump {2}); one jump host is supported.',
            alias,
            hops.length,
            proxyJump,
          ),
        ),
      );
    const hop = parseHop(hops[0]);
    resolved.jump = endpointOf(config, hop.host, { port: hop.port, user: hop.user });
  }
  return resolved;
}
