// The only place that touches SecretStorage (CONTRIBUTING.md, convention 6). One key per secret field,
// namespaced by profile: `nhncloud/<profileId>/<field>`; database passwords (Connect...) under
// `nhncloud/<profileId>/db/<instanceId>/<dbUserName>`, an SSH bastion's key passphrase or password
// under `nhncloud/<profileId>/db/ssh/<subject>`, all listed in `nhncloud/<profileId>/dbIndex` because
// SecretStorage cannot list its keys (VS Code 1.96) and Remove Profile must find them all.
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

export const dbPasswordKey = (profileId: string, instanceId: string, dbUserName: string): string =>
  `nhncloud/${profileId}/db/${instanceId}/${dbUserName}`;
/** `subject`: `passphrase:<key file>` or `password:<user>@<host>:<port>` (./../rds/connection/ssh/bastions.ts). */
export const sshSecretKey = (profileId: string, subject: string): string =>
  `nhncloud/${profileId}/db/ssh/${encodeURIComponent(subject)}`;
const dbIndexKey = (profileId: string): string => `nhncloud/${profileId}/dbIndex`;

export class ProfileSecretStore {
  constructor(private readonly storage: vscode.SecretStorage) {}

  dbPassword(profileId: string, instanceId: string, dbUserName: string): Thenable<string | undefined> {
    return this.storage.get(dbPasswordKey(profileId, instanceId, dbUserName));
  }

  storeDbPassword(profileId: string, instanceId: string, dbUserName: string, password: string): Promise<void> {
    return this.storeIndexed(profileId, dbPasswordKey(profileId, instanceId, dbUserName), password);
  }

  /** True when a password was stored. */
  forgetDbPassword(profileId: string, instanceId: string, dbUserName: string): Promise<boolean> {
    return this.forgetIndexed(profileId, dbPasswordKey(profileId, instanceId, dbUserName));
  }

  sshSecret(profileId: string, subject: string): Thenable<string | undefined> {
    return this.storage.get(sshSecretKey(profileId, subject));
  }

  storeSshSecret(profileId: string, subject: string, value: string): Promise<void> {
    return this.storeIndexed(profileId, sshSecretKey(profileId, subject), value);
  }

  forgetSshSecret(profileId: string, subject: string): Promise<boolean> {
    return this.forgetIndexed(profileId, sshSecretKey(profileId, subject));
  }

  private async storeIndexed(profileId: string, key: string, value: string): Promise<void> {
    const index = await this.dbIndex(profileId);
    if (!index.includes(key)) await this.storage.store(dbIndexKey(profileId), JSON.stringify([...index, key]));
    await this.storage.store(key, value);
  }

  private async forgetIndexed(profileId: string, key: string): Promise<boolean> {
    const had = (await this.storage.get(key)) !== undefined;
    await this.storage.delete(key);
    const index = await this.dbIndex(profileId);
    if (index.includes(key))
      await this.storage.store(dbIndexKey(profileId), JSON.stringify(index.filter((k) => k !== key)));
    return had;
  }

  private async dbIndex(profileId: string): Promise<string[]> {
    try {
      // Stryker disable next-line StringLiteral: JSON.parse('') throws and the catch answers [] as well
      const parsed: unknown = JSON.parse((await this.storage.get(dbIndexKey(profileId))) ?? '[]');
      return Array.isArray(parsed)
        ? parsed.filter((k): k is string => typeof k === 'string' && k.startsWith(`nhncloud/${profileId}/db/`))
        : [];
    } catch {
      return [];
    }
  }

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

  /** Every secret of the profile: its fields and the database passwords kept for it. */
  async deleteAll(profileId: string): Promise<void> {
    const dbKeys = await this.dbIndex(profileId);
    await Promise.all(
      [...SECRET_FIELDS.map((f) => secretKey(profileId, f)), ...dbKeys, dbIndexKey(profileId)].map((k) =>
        this.storage.delete(k),
      ),
    );
  }

  /** The profile id a SecretStorage key belongs to, if it is one of ours. */
  static profileOf(key: string): string | undefined {
    const m = /^nhncloud\/([^/]+)\//.exec(key);
    return m?.[1];
  }
}
