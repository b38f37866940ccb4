// "Explore the Sandbox": start the local emulator inside the extension host on a free
// loopback port and add a "Sandbox" profile pointing at it, so anyone can try every view
// without an account; stopping removes the profile. The emulator is loaded only here
// (dist/sandbox.js, external to dist/main.js), never at activation.
//
// `nhncloud.sandbox.autoStart` starts it when the tree first loads (npm start sets it). A
// Sandbox profile left over from an earlier session (the server died with the window) is
// restarted on first load as well, on a new port, so the profile keeps working.
import * as vscode from 'vscode';
import { readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { Feature, Services } from '../shared/services';
import { walkthroughStepDone } from '../shared/walkthrough';
import { isSiteId, type SiteId } from '../client/sites';
import type { Transport } from '../client/http/transport';
import { newProfileId } from '../profiles/store';
import { confirm } from '../shared/prompts';
import { connectSandboxWizard, profileOfSandbox, saveSandboxProfile } from './connect';

export const SANDBOX_PROFILE_ID = 'sandbox';

type SandboxModule = typeof import('../sandbox/index');
type Sandbox = Awaited<ReturnType<SandboxModule['startSandbox']>>;

/** dist/sandbox.js next to dist/main.js in the bundle; the TypeScript source under tsx (tests). */
function loadSandboxModule(): SandboxModule {
  if (__filename.endsWith('.ts')) {
    // A computed path keeps esbuild from bundling the emulator into main.js.
    const source = path.join(__dirname, '..', 'sandbox', 'index.ts');
    return require(source) as SandboxModule;
  }
  // Bundled: dist/sandbox.js beside dist/main.js (esbuild.mjs), loaded only here.
  return require('./sandbox.js') as SandboxModule;
}

/** `nhncloud.sandbox.site`: the site the Sandbox profile is made for (a value no site has: the public cloud, said in the log). */
function sandboxSite(services: Services): SiteId {
  const wanted = vscode.workspace.getConfiguration('nhncloud.sandbox').get<string>('site', 'public');
  if (isSiteId(wanted)) return wanted;
  services.log.warn(
    `nhncloud.sandbox.site: no site is called "${wanted}"; the Sandbox profile is made for the public cloud.`,
  );
  return 'public';
}

export class SandboxController {
  private sandbox?: Sandbox;
  private starting?: Promise<Sandbox>;

  constructor(
    private readonly services: Services,
    /** The extension's one HTTP transport (proxy settings, timeouts): Connect reads a sandbox with it. */
    private readonly http: () => Transport,
  ) {}

  get running(): boolean {
    return !!this.sandbox;
  }

  get url(): string | undefined {
    return this.sandbox?.url;
  }

  /**
   * Start (once). `activate`: make the Sandbox profile active (Explore the Sandbox); otherwise
   * (a restart on first load) only when it is new, so the profile the person chose survives a
   * window reload (issue 63: "Active profile: Sandbox" after every reload).
   */
  async start(activate = true): Promise<Sandbox> {
    if (this.sandbox) return this.sandbox;
    this.starting ??= (async () => {
      const timeScale = vscode.workspace.getConfiguration('nhncloud.sandbox').get<number>('jobStepMs', 1500);
      const mod = loadSandboxModule();
      // Kept in the extension's storage, so a window reload (which restarts this sandbox) finds
      // what the person made: instances, backups, floating IPs, objects and multipart uploads,
      // and its bastion's host key, port and password.
      const sb = await mod.startSandbox({
        timeScale,
        dataDir: this.dataDir(),
        bastion: true,
        log: (message) => this.services.log.warn(message),
      });
      const made = profileOfSandbox(sb.sandboxProfile({ site: sandboxSite(this.services) }), {
        id: SANDBOX_PROFILE_ID,
      });
      const { profile } = made;
      const existed = this.services.profiles.list().some((p) => p.id === SANDBOX_PROFILE_ID);
      await saveSandboxProfile(this.services.profiles, made);
      if (activate || !existed) await this.services.profiles.setActive(profile.id);
      this.sandbox = sb;
      void vscode.commands.executeCommand('setContext', 'nhncloud.sandboxRunning', true);
      walkthroughStepDone('sandbox');
      this.services.log.info(
        `Sandbox started on ${sb.url} (job step ${timeScale} ms); active profile "${this.services.profiles.active()?.name}"`,
      );
      const b = sb.bastion?.info;
      if (b)
        this.services.log.info(
          `Sandbox SSH bastion on ${b.user}@${b.host}:${b.port}, host key ${b.hostKeyType} ${b.hostKeyFingerprint}`,
        );
      return sb;
    })().finally(() => (this.starting = undefined));
    return this.starting;
  }

  /** The sandbox's data folder in the extension's storage (none when VS Code gives no storage). */
  private dataDir(): string | undefined {
    const storage = this.services.context.globalStorageUri?.fsPath;
    return storage ? path.join(storage, 'sandbox') : undefined;
  }

  /**
   * Reset the Sandbox: what it kept is deleted (its bastion's host key stays, so the host the
   * person trusted is still the same), and a running sandbox starts again from its sample data.
   */
  async reset(): Promise<void> {
    const running = this.sandbox ?? (await this.starting);
    this.sandbox = undefined;
    await running?.close();
    const dir = this.dataDir();
    let entries: string[] = [];
    try {
      entries = dir ? readdirSync(dir) : [];
    } catch {
      // Nothing kept yet.
    }
    for (const entry of entries)
      if (entry !== 'bastion') rmSync(path.join(dir!, entry), { recursive: true, force: true });
    this.services.log.info(`Sandbox reset: its kept state in ${dir ?? '(no folder)'} deleted`);
    if (running) await this.start(false);
  }

  /** Stop the server and remove the Sandbox profile (and its secrets). */
  async stop(): Promise<void> {
    const sb = this.sandbox;
    this.sandbox = undefined;
    void vscode.commands.executeCommand('setContext', 'nhncloud.sandboxRunning', false);
    if (this.services.profiles.list().some((p) => p.id === SANDBOX_PROFILE_ID))
      await this.services.profiles.remove(SANDBOX_PROFILE_ID);
    if (sb) {
      await sb.close();
      this.services.log.info('Sandbox stopped and its profile removed');
    }
  }

  /** On first tree load: start when configured, or when a Sandbox profile of an earlier session is left. */
  async autoStart(): Promise<void> {
    const configured = vscode.workspace.getConfiguration('nhncloud.sandbox').get<boolean>('autoStart', false);
    const leftOver = this.services.profiles.list().some((p) => p.id === SANDBOX_PROFILE_ID);
    if (configured || leftOver) await this.start(false);
  }

  feature(): Feature {
    return {
      commands: {
        'nhncloud.sandbox.explore': async () => {
          const sb = await vscode.window.withProgress(
            {
              location: vscode.ProgressLocation.Notification,
              title: vscode.l10n.t('Starting the NHN Cloud sandbox...'),
            },
            () => this.start(),
          );
          await vscode.commands.executeCommand('nhncloud.explorer.focus');
          void vscode.window.showInformationMessage(
            vscode.l10n.t(
              'The sandbox runs on {0} and the "Sandbox" profile is active: every action works against local fake data. Stop it with "NHN Cloud: Stop the Sandbox".',
              sb.url,
            ),
          );
        },
        'nhncloud.sandbox.connect': async () => {
          const { base, ...made } = await connectSandboxWizard({
            http: this.http(),
            site: sandboxSite(this.services),
            otherNames: this.services.profiles.list().map((p) => p.name),
            newId: newProfileId,
          });
          const { profile } = made;
          await saveSandboxProfile(this.services.profiles, made);
          await this.services.profiles.setActive(profile.id);
          walkthroughStepDone('sandbox');
          this.services.log.info(`Profile "${profile.name}" added for the sandbox at ${base}`);
          await vscode.commands.executeCommand('nhncloud.explorer.focus');
          void vscode.window.showInformationMessage(
            vscode.l10n.t('Profile "{0}" added and active: it works against the sandbox at {1}.', profile.name, base),
          );
        },
        'nhncloud.sandbox.reset': async () => {
          // A cancel ends the command as cancelled (CancelledError): nothing is deleted.
          await confirm(
            vscode.l10n.t(
              'Reset the sandbox? Everything made in it (DB instances, backups, floating IPs, buckets, objects and uploads) is deleted, and it starts again from its sample data.',
            ),
            vscode.l10n.t('Reset'),
          );
          const wasRunning = this.running;
          await vscode.window.withProgress(
            {
              location: vscode.ProgressLocation.Notification,
              title: vscode.l10n.t('Resetting the NHN Cloud sandbox...'),
            },
            () => this.reset(),
          );
          void vscode.window.showInformationMessage(
            wasRunning
              ? vscode.l10n.t('The sandbox was reset: it runs again with its sample data only.')
              : vscode.l10n.t('The sandbox was reset: it starts with its sample data only next time.'),
          );
        },
        'nhncloud.sandbox.stop': async () => {
          if (!this.sandbox && !this.services.profiles.list().some((p) => p.id === SANDBOX_PROFILE_ID)) {
            void vscode.window.showInformationMessage(vscode.l10n.t('The sandbox is not running.'));
            return;
          }
          await this.stop();
          void vscode.window.showInformationMessage(vscode.l10n.t('Sandbox stopped; its profile was removed.'));
        },
      },
      dispose: async () => {
        // The server dies with the extension host; keep the profile so the next session restarts it.
        await this.sandbox?.close();
        this.sandbox = undefined;
      },
    };
  }
}
