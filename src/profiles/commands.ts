// The profile feature: Add, Edit, Remove and Switch Profile, and Show Log.
import * as vscode from 'vscode';
import { siteShortName } from './siteNames';
import { CancelledError } from '../client/errors';
import { newProfileId } from './store';
import { confirm } from '../shared/prompts';
import { profileWizard } from './wizard';
import { SECRET_FIELDS } from './secrets';
import type { Feature, Profile, Services } from '../shared/services';
import { walkthroughStepDone } from '../shared/walkthrough';

export function profileFeature({ profiles, log }: Services): Feature {
  /** The profile a command acts on: its argument (a tree node or an id), the only one, or a pick. */
  async function choose(arg: unknown, placeHolder: string): Promise<Profile> {
    const list = profiles.list();
    const id = typeof arg === 'string' ? arg : (arg as { profile?: Profile } | undefined)?.profile?.id;
    const given = id ? list.find((p) => p.id === id) : undefined;
    if (given) return given;
    if (!list.length) throw new CancelledError(vscode.l10n.t('No profile'));
    if (list.length === 1) return list[0];
    const active = profiles.active()?.id;
    const chosen = await vscode.window.showQuickPick(
      list.map((p) => ({
        label: p.name,
        description: describe(p),
        detail: p.id === active ? vscode.l10n.t('active') : undefined,
        profile: p,
      })),
      { placeHolder, ignoreFocusOut: true },
    );
    if (!chosen) throw new CancelledError();
    return chosen.profile;
  }

  return {
    commands: {
      'nhncloud.profile.add': async () => {
        const { profile, secrets } = await profileWizard({
          otherNames: profiles.list().map((p) => p.name),
          newId: newProfileId,
        });
        await profiles.save(profile, secrets);
        await profiles.setActive(profile.id);
        walkthroughStepDone('profile');
        void vscode.window.showInformationMessage(vscode.l10n.t('Profile "{0}" added and active.', profile.name));
      },
      'nhncloud.profile.edit': async (arg?: unknown) => {
        if (!profiles.list().length) return vscode.commands.executeCommand('nhncloud.profile.add');
        const existing = await choose(arg, vscode.l10n.t('Profile to edit'));
        const stored = await profiles.secrets(existing.id);
        const { profile, secrets } = await profileWizard({
          existing,
          storedSecrets: Object.fromEntries(SECRET_FIELDS.map((f) => [f, !!stored[f]])),
          otherNames: profiles
            .list()
            .filter((p) => p.id !== existing.id)
            .map((p) => p.name),
          newId: newProfileId,
        });
        await profiles.save(profile, secrets);
        void vscode.window.showInformationMessage(vscode.l10n.t('Profile "{0}" saved.', profile.name));
      },
      'nhncloud.profile.remove': async (arg?: unknown) => {
        const p = await choose(arg, vscode.l10n.t('Profile to remove'));
        await confirm(
          vscode.l10n.t('Remove the profile "{0}"?', p.name),
          vscode.l10n.t('Remove'),
          vscode.l10n.t(
            'Its keys and passwords are deleted from the secret storage of VS Code. Nothing changes in NHN Cloud.',
          ),
        );
        await profiles.remove(p.id);
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Profile "{0}" removed, with its stored keys.', p.name),
        );
      },
      'nhncloud.profile.switch': async (arg?: unknown) => {
        const list = profiles.list();
        if (!list.length) return vscode.commands.executeCommand('nhncloud.profile.add');
        const id = typeof arg === 'string' ? arg : undefined;
        let target = id ? list.find((p) => p.id === id) : undefined;
        if (!target) {
          const active = profiles.active()?.id;
          const ADD = { label: vscode.l10n.t('$(add) Add Profile...'), profile: undefined as Profile | undefined };
          const chosen = await vscode.window.showQuickPick(
            [
              ...list.map((p) => ({
                label: `${p.id === active ? '$(check) ' : ''}${p.name}`,
                description: describe(p),
                profile: p as Profile | undefined,
              })),
              ADD,
            ],
            { placeHolder: vscode.l10n.t('Switch to profile'), ignoreFocusOut: true },
          );
          if (!chosen) throw new CancelledError();
          if (!chosen.profile) return vscode.commands.executeCommand('nhncloud.profile.add');
          target = chosen.profile;
        }
        await profiles.setActive(target.id);
      },
      'nhncloud.showLog': () => log.show(),
    },
  };
}

function describe(p: Profile): string {
  const regions = p.regions.join(', ');
  const site = siteShortName(p.cloud);
  return p.sandbox ? vscode.l10n.t('{0} · {1} · sandbox', site, regions) : vscode.l10n.t('{0} · {1}', site, regions);
}
