// EC2 (S3) credentials of the profile's user: list, issue (at most 3 per user and project),
// delete, and choose the pair this profile signs object-storage requests with. The chosen pair
// goes to SecretStorage (ProfileStore.save) only; secrets are never shown in a list or logged.
import * as vscode from 'vscode';
import type { Ec2Credential } from '../../client/network/identityOperations';
import type { CommandHandler } from '../../shared/services';
import { confirm, pick } from '../../shared/prompts';
import type { StorageDeps } from '../tree/nodes';

/** S3 credentials a user may hold per project (the storage guide). */
const CREDENTIAL_LIMIT = 3;

/** The access key shortened for lists: enough to tell keys apart. */
export const shortKey = (access: string) => (access.length > 12 ? `${access.slice(0, 8)}…${access.slice(-4)}` : access);

export function credentialCommands(deps: StorageDeps): Record<string, CommandHandler> {
  const use = async (c: Ec2Credential) => {
    const profile = deps.services.profiles.active();
    if (!profile) throw new Error(vscode.l10n.t('No active profile.'));
    // Only the two S3 fields are written; the other secrets stay as they are.
    await deps.services.profiles.save(profile, { s3AccessKey: c.access, s3SecretKey: c.secret });
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Profile "{0}" now signs object-storage requests with {1}.', profile.name, shortKey(c.access)),
    );
  };
  return {
    'nhncloud.storage.manageCredentials': async () => {
      const profile = deps.services.profiles.active();
      if (!profile) throw new Error(vscode.l10n.t('No NHN Cloud profile yet: add one with "NHN Cloud: Add Profile".'));
      const { client, tenantId } = await deps.services.clients.ec2Credentials();
      const current = (await deps.services.profiles.secrets(profile.id)).s3AccessKey;
      const list = await client.list();
      const mine = list.filter((c) => !c.tenant_id || c.tenant_id === tenantId);
      /** Deletes a pair after asking; a profile that signed with it forgets it. */
      const remove = async (c: Ec2Credential) => {
        await confirm(
          vscode.l10n.t('Delete S3 credential {0}?', shortKey(c.access)),
          vscode.l10n.t('Delete'),
          c.access === current
            ? vscode.l10n.t(
                'This profile signs with it: object storage stops working for the profile until another pair is chosen.',
              )
            : vscode.l10n.t('Applications using this key pair lose access to object storage.'),
        );
        await client.delete({ access: c.access });
        if (c.access === current) await deps.services.profiles.save(profile, { s3AccessKey: '', s3SecretKey: '' });
        void vscode.window.showInformationMessage(vscode.l10n.t('S3 credential {0} deleted.', shortKey(c.access)));
      };
      const chosen = await pick(
        [
          {
            label: vscode.l10n.t('$(add) Issue a new credential'),
            description:
              mine.length >= CREDENTIAL_LIMIT
                ? vscode.l10n.t('the limit of {0} is reached: picking this offers to delete one', CREDENTIAL_LIMIT)
                : vscode.l10n.t('{0} of {1} issued', mine.length, CREDENTIAL_LIMIT),
            c: undefined as Ec2Credential | undefined,
          },
          ...mine.map((c) => ({
            label: `$(key) ${shortKey(c.access)}`,
            description: c.access === current ? vscode.l10n.t('used by this profile') : '',
            detail: `tenant ${c.tenant_id ?? ''}`,
            c,
          })),
        ],
        {
          title: vscode.l10n.t('S3 credentials (object-storage tenant {0})', tenantId),
          placeHolder: vscode.l10n.t('Pick a credential to use or delete it, or issue one'),
        },
      );
      if (!chosen.c) {
        // The service refuses a fourth pair: say so, and offer to make room first.
        if (mine.length >= CREDENTIAL_LIMIT) {
          const victim = await pick(
            mine.map((c) => ({
              label: `$(trash) ${shortKey(c.access)}`,
              description: c.access === current ? vscode.l10n.t('used by this profile') : '',
              c,
            })),
            {
              title: vscode.l10n.t(
                'A user holds at most {0} S3 credentials per project, and {1} are issued: delete one to issue a new one',
                CREDENTIAL_LIMIT,
                mine.length,
              ),
              placeHolder: vscode.l10n.t('The credential to delete'),
            },
          );
          await remove(victim.c);
        }
        const created = await client.create({ tenantId });
        await use(created);
        deps.services.refresh(undefined);
        return created.access;
      }
      const c = chosen.c;
      const action = await pick(
        [
          {
            label: vscode.l10n.t('Use for this profile'),
            description: vscode.l10n.t('store the pair in the profile (SecretStorage)'),
            a: 'use' as const,
          },
          { label: vscode.l10n.t('Copy access key'), a: 'copy' as const },
          {
            label: vscode.l10n.t('Delete credential'),
            description: c.access === current ? vscode.l10n.t('this profile uses it') : '',
            a: 'delete' as const,
          },
        ],
        { title: shortKey(c.access) },
      );
      if (action.a === 'copy') return vscode.env.clipboard.writeText(c.access);
      if (action.a === 'use') {
        await use(c);
        deps.services.refresh(undefined);
        return c.access;
      }
      await remove(c);
    },
  };
}
