// The only place that touches SecretStorage (CONTRIBUTING.md, convention 6). One key per secret field,
// namespaced by profile: `nhncloud/<profileId>/<field>`.
import type * as vscode from 'vscode';
import type { ProfileSecrets } from '../shared/services';

export const SECRET_FIELDS = [
  'rdsAppKey',
  'rdsAccessKeyId',
  'rdsSecretAccessKey',
  'identityTenantId',
  'identityUsername',
  'identityApiPassword',
  'storageTenantId',
  's3AccessKey',
  's3SecretKey',
] as const satisfies ReadonlyArray<keyof ProfileSecrets>;

export type SecretField = (typeof SECRET_FIELDS)[number];

export const secretKey = (profileId: string, field: SecretField): string => `nhncloud/${profileId}/${field}`;

export class ProfileSecretStore {
  constructor(private readonly storage: vscode.SecretStorage) {}

  async get(profileId: string): Promise<ProfileSecrets> {
    const out: ProfileSecrets = {};
    const values = await Promise.all(SECRET_FIELDS.map((f) => this.storage.get(secretKey(profileId, f))));
    SECRET_FIELDS.forEach((f, i) => {
      if (values[i]) out[f] = values[i];
    });
    return out;
  }

  /**
   * Writes the fields that are set. `undefined` keeps the stored value (Edit Profile leaves a
   * secret alone unless the user types a new one); an empty string deletes it.
   */
  async set(profileId: string, secrets: ProfileSecrets): Promise<void> {
    for (const f of SECRET_FIELDS) {
      const v = secrets[f];
      if (v === undefined) continue;
      if (v === '') await this.storage.delete(secretKey(profileId, f));
      else await this.storage.store(secretKey(profileId, f), v);
    }
  }

  async deleteAll(profileId: string): Promise<void> {
    await Promise.all(SECRET_FIELDS.map((f) => this.storage.delete(secretKey(profileId, f))));
  }

  /** The profile id a SecretStorage key belongs to, if it is one of ours. */
  static profileOf(key: string): string | undefined {
    const m = /^nhncloud\/([^/]+)\//.exec(key);
    return m?.[1];
  }
}
