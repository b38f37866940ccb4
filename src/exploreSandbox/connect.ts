// "Connect to a Running Sandbox": a profile for a sandbox that runs outside this window
// (`npm run sandbox`, one in a container or on a teammate's machine). The sandbox says its own
// regions, endpoint paths and keys (`POST /_sandbox/profile`, src/sandbox/index.ts), so a person
// gives its address, a role and a name instead of copying what `npm run sandbox` prints into
// Add Profile's twenty-odd steps. The profile does not own the process: Stop the Sandbox leaves
// it alone and Remove Profile removes it like any other.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { CancelledError } from '../client/errors';
import type { Transport } from '../client/http/transport';
import { isSiteId, type SiteId } from '../client/sites';
import { checks } from '../profiles/wizard';
import { ask, pick } from '../shared/prompts';
import type { Profile, ProfileSecrets, ProfileStore } from '../shared/services';
import type { SandboxProfile, SandboxRole } from '../sandbox/index';

const ROLES: readonly SandboxRole[] = ['ADMIN', 'VIEWER'];

/** What `/_sandbox/profile` answers; anything else is not a sandbox (or one of another shape). */
const sandboxProfileSchema = z.object({
  name: z.string(),
  cloud: z.string().check(z.refine(isSiteId)),
  regions: z.array(z.string()),
  endpoints: z.object({
    rds: z.string(),
    // A sandbox of before RDS for MariaDB has none: its profile then has no MariaDB.
    rdsMariadb: z.optional(z.string()),
    network: z.string(),
    identity: z.string(),
    storage: z.string(),
    oauth: z.string(),
  }),
  secrets: z.record(z.string(), z.string()),
  bastion: z.optional(
    z.object({
      host: z.string(),
      port: z.number(),
      user: z.string(),
      password: z.string(),
      hostKeyType: z.string(),
      hostKeyFingerprint: z.string(),
    }),
  ),
});

/**
 * The profile of a sandbox: its site, regions and keys, each endpoint `base` + the sandbox's
 * path (`base` '' when the paths are already whole addresses, as an in-process sandbox gives).
 * RDS API v3.0, the version the extension's sandbox profiles have always had (the sandbox speaks
 * v4.0 too: Edit Profile switches).
 */
export function profileOfSandbox(
  sp: SandboxProfile,
  opts: { id: string; name?: string; base?: string },
): { profile: Profile; secrets: ProfileSecrets; bastion?: SandboxBastionSecret } {
  const base = opts.base ?? '';
  const e = sp.endpoints;
  // The bastion listens where the sandbox does: its own host is the loopback of that machine.
  const b = sp.bastion && { ...sp.bastion, host: base ? new URL(base).hostname : sp.bastion.host };
  return {
    profile: {
      id: opts.id,
      name: opts.name ?? sp.name,
      cloud: sp.cloud,
      regions: sp.regions,
      endpoints: {
        rds: base + e.rds,
        ...(e.rdsMariadb !== undefined && { rdsMariadb: base + e.rdsMariadb }),
        network: base + e.network,
        identity: base + e.identity,
        storage: base + e.storage,
        oauth: base + e.oauth,
      },
      sandbox: true,
      ...(b
        ? {
            sandboxBastion: {
              host: b.host,
              port: b.port,
              user: b.user,
              hostKeyType: b.hostKeyType,
              hostKeyFingerprint: b.hostKeyFingerprint,
            },
          }
        : {}),
    },
    secrets: { ...sp.secrets } as ProfileSecrets,
    ...(b ? { bastion: { subject: `password:${b.user}@${b.host}:${b.port}`, password: b.password } } : {}),
  };
}

/** The sandbox bastion's password as the profile keeps it (an SSH secret, see bastions.ts tunnelOptions). */
export interface SandboxBastionSecret {
  subject: string;
  password: string;
}

/** Saves a sandbox's profile with its bastion's password (SecretStorage). */
export async function saveSandboxProfile(
  profiles: ProfileStore,
  made: { profile: Profile; secrets: ProfileSecrets; bastion?: SandboxBastionSecret },
): Promise<void> {
  await profiles.save(made.profile, made.secrets);
  if (made.bastion) await profiles.storeSshSecret(made.profile.id, made.bastion.subject, made.bastion.password);
}

/** The address as typed, without a trailing slash; undefined when it is not a plain http(s) address. */
export function sandboxBase(text: string): string | undefined {
  try {
    const u = new URL(text.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    // A user name or password in the address would reach the log and the notification.
    if (u.search || u.hash || u.username || u.password) return undefined;
    return u.toString().replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** Reads the profile of `role` from the sandbox at `base`; the error says what to do. */
export async function readSandboxProfile(
  http: Transport,
  base: string,
  role: SandboxRole,
  site: SiteId,
): Promise<SandboxProfile> {
  let status: number;
  let text: string;
  try {
    const res = await http.request({
      // The control route is the sandbox's own, no service's: logged under the operation's name.
      service: 'rds',
      operation: 'sandbox.profile',
      method: 'POST',
      url: `${base}/_sandbox/profile`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role, site }),
      // One attempt: an address with nothing behind it is answered at once, not after retries.
      idempotent: false,
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    if (err instanceof CancelledError) throw err;
    const code = (err as { code?: string }).code ?? (err as Error).message;
    throw new Error(
      vscode.l10n.t(
        'No sandbox answers at {0} ({1}). Start one with "npm run sandbox", then give the address it prints.',
        base,
        code,
      ),
    );
  }
  if (status !== 200)
    throw new Error(
      vscode.l10n.t(
        'The server at {0} is not an NHN Cloud sandbox: it answered HTTP {1} to /_sandbox/profile.',
        base,
        String(status),
      ),
    );
  let parsed: SandboxProfile | undefined;
  try {
    const result = sandboxProfileSchema.safeParse(JSON.parse(text));
    if (result.success) parsed = result.data as SandboxProfile;
  } catch {
    // not JSON: said below
  }
  if (!parsed)
    throw new Error(
      vscode.l10n.t(
        'The server at {0} is not an NHN Cloud sandbox: its answer to /_sandbox/profile is not a sandbox profile.',
        base,
      ),
    );
  return parsed;
}

/**
 * The three questions: the address (asked again, with what went wrong, until a sandbox answers
 * there or the person cancels; what they typed stays in the box), the role, the name.
 */
export async function connectSandboxWizard(opts: {
  http: Transport;
  site: SiteId;
  otherNames: string[];
  newId: () => string;
}): Promise<{ profile: Profile; secrets: ProfileSecrets; bastion?: SandboxBastionSecret; base: string }> {
  const title = vscode.l10n.t('Connect to a Running Sandbox');
  let typed = '';
  let failure: string | undefined;
  let base: string;
  let profiles: Record<SandboxRole, SandboxProfile>;
  for (;;) {
    typed = await ask({
      title,
      // After a failure the box opens again with what was typed and says why in its prompt:
      // Enter tries the same address again (the sandbox may have been started meanwhile).
      prompt:
        failure ??
        vscode.l10n.t('Address of the sandbox, as "npm run sandbox" prints it (NHN Cloud sandbox listening on ...)'),
      placeHolder: 'http://127.0.0.1:8484',
      value: typed,
      validate: (text) =>
        sandboxBase(text)
          ? undefined
          : vscode.l10n.t(
              'Give an http:// or https:// address with no user name, password or query, e.g. http://127.0.0.1:8484.',
            ),
    });
    base = sandboxBase(typed)!;
    try {
      const at = base;
      const [admin, viewer] = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading the sandbox at {0}...', at) },
        () => Promise.all(ROLES.map((role) => readSandboxProfile(opts.http, at, role, opts.site))),
      );
      profiles = { ADMIN: admin, VIEWER: viewer };
      break;
    } catch (err) {
      if (err instanceof CancelledError) throw err;
      failure = (err as Error).message;
    }
  }
  const role = (
    await pick(
      [
        {
          label: vscode.l10n.t('Administrator'),
          description: 'ADMIN',
          detail: vscode.l10n.t('Every action works.'),
          role: 'ADMIN' as const,
        },
        {
          label: vscode.l10n.t('Viewer'),
          description: 'VIEWER',
          detail: vscode.l10n.t('Reads only: every action is refused, as for a read-only member of a project.'),
          role: 'VIEWER' as const,
        },
      ],
      { title, placeHolder: vscode.l10n.t('Sign in to the sandbox as') },
    )
  ).role;
  const sp = profiles[role];
  const host = new URL(base).host;
  const suggested = `${sp.name} · ${host}`;
  const taken = (n: string) => opts.otherNames.some((o) => o.toLowerCase() === n.toLowerCase());
  const name = (
    await ask({
      title,
      prompt: vscode.l10n.t('Profile name'),
      value: suggested.length <= 40 && !taken(suggested) ? suggested : '',
      validate: checks.name(opts.otherNames),
    })
  ).trim();
  return { ...profileOfSandbox(sp, { id: opts.newId(), name, base }), base };
}
