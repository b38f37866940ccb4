// The only place that touches SecretStorage (CONTRIBUTING.md, convention 6). Every secret of a
// profile is one entry of ONE SecretStorage value, `nhncloud/<profileId>/secrets`, a JSON object:
// the profile's fields by name (`rdsAppKey`, ...), database passwords (Connect...) under
// `db/<instanceId>/<dbUserName>`, an SSH bastion's key passphrase or password under
// `db/ssh/<subject>`. Remove Profile deletes that one value.
//
// Why one value and not one key per secret (the layout up to 0.1.0, still read and moved over on
// the first write): code-server keeps the whole browser-side secret store as one sealed record
// in localStorage and rewrites it, unawaited, after every single write; the rewrites can land out
// of order (each waits on a key request to the server), so of nine writes in a row the last to
// land may be the third's, and after a window reload the profile had lost its later fields (its
// S3 keys; run 88 and a CI run of round three). One write per change leaves no older rewrite of
// ours to land after it.
import type * as vscode from 'vscode';
import type { ProfileSecrets } from '../shared/services';

export const SECRET_FIELDS = [
  'rdsAppKey',
  'rdsMariadbAppKey',
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

/** The SecretStorage key of a profile's secrets. */
export const secretsKey = (profileId: string): string => `nhncloud/${profileId}/secrets`;

/** Names of the entries of the record (and, before it, the suffixes of the per-secret keys). */
const dbPasswordEntry = (instanceId: string, dbUserName: string): string => `db/${instanceId}/${dbUserName}`;
/** `subject`: `passphrase:<key file>` or `password:<user>@<host>:<port>` (src/database/connection/ssh/bastions.ts). */
const sshSecretEntry = (subject: string): string => `db/ssh/${encodeURIComponent(subject)}`;

/** The keys of the layout before the record: one per field, the database secrets listed in an index. */
export const legacyKey = (profileId: string, entry: string): string => `nhncloud/${profileId}/${entry}`;
const legacyIndexKey = (profileId: string): string => `nhncloud/${profileId}/dbIndex`;

type SecretRecord = Record<string, string>;

/** A stored record; an unreadable one reads as empty (nothing in it could be used). */
function parseRecord(raw: string): SecretRecord {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export class ProfileSecretStore {
  /** Per profile, the last change begun: changes of one profile are read, applied and written one at a time. */
  private readonly writing = new Map<string, Promise<unknown>>();

  constructor(private readonly storage: vscode.SecretStorage) {}

  async get(profileId: string): Promise<ProfileSecrets> {
    const record = (await this.read(profileId)).record;
    const out: ProfileSecrets = {};
    for (const f of SECRET_FIELDS) if (record[f]) out[f] = record[f];
    return out;
  }

  /**
   * Writes the fields that are set. `undefined` keeps the stored value (Edit Profile leaves a
   * secret alone unless the user types a new one); an empty string deletes it.
   */
  async set(profileId: string, secrets: ProfileSecrets): Promise<void> {
    await this.change(profileId, (record) => {
      let changed = false;
      for (const f of SECRET_FIELDS) {
        const v = secrets[f];
        if (v === undefined || (record[f] ?? '') === v) continue;
        if (v === '') delete record[f];
        else record[f] = v;
        changed = true;
      }
      return changed;
    });
  }

  async dbPassword(profileId: string, instanceId: string, dbUserName: string): Promise<string | undefined> {
    return (await this.read(profileId)).record[dbPasswordEntry(instanceId, dbUserName)];
  }

  storeDbPassword(profileId: string, instanceId: string, dbUserName: string, password: string): Promise<void> {
    return this.storeEntry(profileId, dbPasswordEntry(instanceId, dbUserName), password);
  }

  /** True when a password was stored. */
  forgetDbPassword(profileId: string, instanceId: string, dbUserName: string): Promise<boolean> {
    return this.forgetEntry(profileId, dbPasswordEntry(instanceId, dbUserName));
  }

  async sshSecret(profileId: string, subject: string): Promise<string | undefined> {
    return (await this.read(profileId)).record[sshSecretEntry(subject)];
  }

  storeSshSecret(profileId: string, subject: string, value: string): Promise<void> {
    return this.storeEntry(profileId, sshSecretEntry(subject), value);
  }

  forgetSshSecret(profileId: string, subject: string): Promise<boolean> {
    return this.forgetEntry(profileId, sshSecretEntry(subject));
  }

  /** Every secret of the profile: its record and whatever the layout before it left. */
  deleteAll(profileId: string): Promise<void> {
    return this.serialized(profileId, async () => {
      const hasRecord = (await this.storage.get(secretsKey(profileId))) !== undefined;
      const { legacyKeys } = await this.readLegacy(profileId);
      // Only keys that exist: in code-server every delete is a rewrite of the whole store too.
      for (const k of [...(hasRecord ? [secretsKey(profileId)] : []), ...legacyKeys]) await this.storage.delete(k);
    });
  }

  /** The profile id a SecretStorage key belongs to, if it is one of ours. */
  static profileOf(key: string): string | undefined {
    const m = /^nhncloud\/([^/]+)\//.exec(key);
    return m?.[1];
  }

  private async storeEntry(profileId: string, entry: string, value: string): Promise<void> {
    await this.change(profileId, (record) => {
      if (record[entry] === value) return false;
      record[entry] = value;
      return true;
    });
  }

  /** True when the entry was there. */
  private forgetEntry(profileId: string, entry: string): Promise<boolean> {
    return this.change(profileId, (record) => {
      if (!(entry in record)) return false;
      delete record[entry];
      return true;
    });
  }

  /**
   * Reads the profile's secrets, lets `apply` change them in place and, when it says it did,
   * writes them back in one SecretStorage write; answers what `apply` said. A profile still in the
   * layout before the record is moved over by its first change: the record first, then each old
   * key that exists is deleted (a rewrite of the store landing late then still holds the record;
   * the old keys are only ever read while no record exists).
   */
  private change(profileId: string, apply: (record: SecretRecord) => boolean): Promise<boolean> {
    return this.serialized(profileId, async () => {
      const { record, legacyKeys } = await this.read(profileId);
      if (!apply(record)) return false;
      await this.storage.store(secretsKey(profileId), JSON.stringify(record));
      for (const k of legacyKeys) await this.storage.delete(k);
      return true;
    });
  }

  /** Runs `work` once every earlier change of the profile has ended (however it ended). */
  private serialized<T>(profileId: string, work: () => Promise<T>): Promise<T> {
    const run = (this.writing.get(profileId) ?? Promise.resolve()).then(work);
    this.writing.set(
      profileId,
      run.catch(() => undefined),
    );
    return run;
  }

  /** The record, or (no record yet) what the old per-secret keys hold, with those keys. */
  private async read(profileId: string): Promise<{ record: SecretRecord; legacyKeys: string[] }> {
    const raw = await this.storage.get(secretsKey(profileId));
    if (raw !== undefined) return { record: parseRecord(raw), legacyKeys: [] };
    return this.readLegacy(profileId);
  }

  /** The layout before the record: `nhncloud/<id>/<field>`, database secrets listed in `dbIndex`. */
  private async readLegacy(profileId: string): Promise<{ record: SecretRecord; legacyKeys: string[] }> {
    const prefix = legacyKey(profileId, '');
    const index = await this.storage.get(legacyIndexKey(profileId));
    const candidates = [...SECRET_FIELDS.map((f) => legacyKey(profileId, f)), ...listedDbKeys(index, prefix)];
    const values = await Promise.all(candidates.map((k) => this.storage.get(k)));
    const record: SecretRecord = {};
    const legacyKeys: string[] = [];
    candidates.forEach((k, i) => {
      const v = values[i];
      if (v === undefined) return;
      legacyKeys.push(k);
      record[k.slice(prefix.length)] = v;
    });
    if (index !== undefined) legacyKeys.push(legacyIndexKey(profileId));
    return { record, legacyKeys };
  }
}

/**
 * The database keys an old `dbIndex` lists: only entries of this very profile under `db/`, so a
 * damaged or tampered index never reaches another key; unreadable, it lists none.
 */
function listedDbKeys(index: string | undefined, prefix: string): string[] {
  try {
    // Stryker disable next-line StringLiteral: JSON.parse('') throws and the catch answers [] as well
    const parsed: unknown = JSON.parse(index ?? '[]');
    // Stryker disable next-line ConditionalExpression: a non-list has no filter; the catch answers [] as well
    return Array.isArray(parsed)
      ? parsed.filter((k): k is string => typeof k === 'string' && k.startsWith(`${prefix}db/`))
      : [];
  } catch {
    return [];
  }
}
