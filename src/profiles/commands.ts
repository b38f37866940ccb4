// The profile feature: Add (its keys tested before saving), Edit, Remove, Switch Profile, Test
// Connection, Edit Active Profile (the view's title menu), and Show Log.
import * as vscode from 'vscode';
import { siteShortName } from './siteNames';
import { CancelledError } from '../client/errors';
import type { Transport } from '../client/http/transport';
import { newProfileId } from './store';
import { action, askAction, confirm } from '../shared/prompts';
import { profileWizard, type WizardResult } from './wizard';
import { SECRET_FIELDS } from './secrets';
import { keyTestSummary, testable, testKeys, type KeyTestResult } from './keyTest';
import type { Feature, Profile, ProfileSecrets, Services } from '../shared/services';
import { walkthroughStepDone } from '../shared/walkthrough';

/** The profile a command was given: a tree node of it (`{ profile }`) or its id. */
function profileIdOf(arg: unknown): string | undefined {
  return typeof arg === 'string' ? arg : (arg as { profile?: Profile } | undefined)?.profile?.id;
}

export function profileFeature({ profiles, log }: Services, http: () => Transport): Feature {
  /** The profile a command acts on: its argument (a tree node or an id), the only one, or a pick. */
  async function choose(arg: unknown, placeHolder: string): Promise<Profile> {
    const list = profiles.list();
    const id = profileIdOf(arg);
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

  /** The key test of `profile` with `secrets`, behind a progress notification. */
  function runKeyTest(profile: Profile, secrets: ProfileSecrets): Thenable<KeyTestResult[]> {
    return vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Testing the keys of "{0}"...', profile.name || '…'),
      },
      () => testKeys(profile, secrets, http()),
    );
  }

  /**
   * Add and Edit: the keys are tested before saving. All pass (or nothing to test): save. One
   * fails: the person saves anyway, changes the profile (the wizard's list of fields, with what
   * was typed), or cancels (nothing saved).
   */
  async function testThenSave(
    first: WizardResult,
    wizard: (resume: WizardResult) => Promise<WizardResult>,
    stored: ProfileSecrets,
  ): Promise<WizardResult> {
    let result = first;
    for (;;) {
      const merged: ProfileSecrets = { ...stored, ...result.secrets };
      if (!testable(result.profile, merged).length) return result;
      const outcome = await runKeyTest(result.profile, merged);
      const summary = keyTestSummary(outcome);
      for (const r of outcome.filter((x) => !x.ok))
        log.warn(`Key test of ${result.profile.name}: ${r.service} in ${r.region} failed: ${r.message ?? ''}`);
      if (outcome.every((r) => r.ok)) {
        log.info(`Key test of ${result.profile.name}: ${summary}`);
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Keys of "{0}" tested: {1}.', result.profile.name, summary),
        );
        return result;
      }
      const answer = await askAction(
        'warning',
        vscode.l10n.t('Some keys of "{0}" did not work: {1}.', result.profile.name, summary),
        {
          modal: true,
          detail: vscode.l10n.t(
            'Save the profile as it is, or change it (the wrong key, a region, an endpoint). The log says what each service answered.',
          ),
        },
        action('save', vscode.l10n.t('Save Anyway')),
        action('change', vscode.l10n.t('Change the Profile')),
      );
      if (answer === 'save') return result;
      if (answer !== 'change') throw new CancelledError();
      result = await wizard(result);
    }
  }

  async function edit(existing: Profile): Promise<void> {
    const stored = await profiles.secrets(existing.id);
    const base = {
      existing,
      storedSecrets: Object.fromEntries(SECRET_FIELDS.map((f) => [f, !!stored[f]])),
      otherNames: profiles
        .list()
        .filter((p) => p.id !== existing.id)
        .map((p) => p.name),
      newId: newProfileId,
    };
    const first = await profileWizard(base);
    // Only changed keys are tested again: an edit of the name alone sends nothing.
    const changed = Object.values(first.secrets).some(Boolean);
    const { profile, secrets } = changed
      ? await testThenSave(first, (resume) => profileWizard({ ...base, existing: resume.profile, resume }), stored)
      : first;
    await profiles.save(profile, secrets);
    void vscode.window.showInformationMessage(vscode.l10n.t('Profile "{0}" saved.', profile.name));
  }

  return {
    commands: {
      'nhncloud.profile.add': async () => {
        const base = { otherNames: profiles.list().map((p) => p.name), newId: newProfileId };
        const { profile, secrets } = await testThenSave(
          await profileWizard(base),
          (resume) => profileWizard({ ...base, resume }),
          {},
        );
        await profiles.save(profile, secrets);
        await profiles.setActive(profile.id);
        walkthroughStepDone('profile');
        void vscode.window.showInformationMessage(vscode.l10n.t('Profile "{0}" added and active.', profile.name));
      },
      'nhncloud.profile.edit': async (arg?: unknown) => {
        if (!profiles.list().length) return vscode.commands.executeCommand('nhncloud.profile.add');
        await edit(await choose(arg, vscode.l10n.t('Profile to edit')));
      },
      'nhncloud.profile.editActive': async () => {
        const active = profiles.active();
        if (!active) return vscode.commands.executeCommand('nhncloud.profile.add');
        await edit(active);
      },
      'nhncloud.profile.testConnection': async (arg?: unknown) => {
        const p = await choose(arg, vscode.l10n.t('Profile to test'));
        const secrets = await profiles.secrets(p.id);
        if (!testable(p, secrets).length) {
          void vscode.window.showInformationMessage(
            vscode.l10n.t('Profile "{0}" holds no keys to test in its regions. Add them with Edit Profile.', p.name),
          );
          return;
        }
        const outcome = await runKeyTest(p, secrets);
        const summary = keyTestSummary(outcome);
        for (const r of outcome.filter((x) => !x.ok))
          log.warn(`Test Connection of ${p.name}: ${r.service} in ${r.region} failed: ${r.message ?? ''}`);
        if (outcome.every((r) => r.ok)) {
          void vscode.window.showInformationMessage(vscode.l10n.t('Profile "{0}": {1}.', p.name, summary));
          return;
        }
        const answer = await askAction(
          'warning',
          vscode.l10n.t('Profile "{0}": {1}.', p.name, summary),
          {},
          action('edit', vscode.l10n.t('Edit Profile')),
          action('log', vscode.l10n.t('Show Log')),
        );
        if (answer === 'edit') await edit(p);
        else if (answer === 'log') log.show();
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
        const id = profileIdOf(arg);
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
