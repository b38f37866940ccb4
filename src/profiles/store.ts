// Profiles: the non-secret part in globalState (`nhncloud.profiles`, `nhncloud.activeProfile`),
// the secrets in SecretStorage (./secrets.ts). Every secret of every profile is registered with
// the Redactor as soon as it is loaded or saved, so the log can never print one.
import * as vscode from 'vscode';
import type { Redactor } from '../client/http/redact';
import { ACTIVE_KEY, PROFILES_KEY, setProfileCountContext } from './contextKeys';
import { ProfileSecretStore, SECRET_FIELDS } from './secrets';
import type { Log, Profile, ProfileSecrets, ProfileStore } from '../shared/services';
import { RDS_PRODUCT_ORDER, RDS_PRODUCTS } from '../client/products';

// Where the active profile's id is kept (the profiles: PROFILES_KEY): both read by the shim too.
export { ACTIVE_KEY } from './contextKeys';
export const RDS_API_VERSION_CONTEXT = 'nhncloud.rdsApiVersion';

export class Profiles implements ProfileStore, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly secretStore: ProfileSecretStore;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  /** Resolves once the secrets of every stored profile are known to the Redactor. */
  readonly ready: Promise<void>;

  constructor(
    private readonly state: vscode.Memento,
    secrets: vscode.SecretStorage,
    private readonly redactor: Redactor,
    private readonly log: Log,
  ) {
    this.secretStore = new ProfileSecretStore(secrets);
    // Another window may change a secret: keep the Redactor current.
    this.disposables.push(
      secrets.onDidChange((e) => {
        const id = ProfileSecretStore.profileOf(e.key);
        if (id) void this.registerSecrets(id);
      }),
    );
    this.ready = Promise.all(this.list().map((p) => this.registerSecrets(p.id))).then(() => undefined);
    void this.updateContext();
  }

  list(): Profile[] {
    const raw = this.state.get<Profile[]>(PROFILES_KEY);
    return Array.isArray(raw) ? raw : [];
  }

  get(id: string): Profile | undefined {
    return this.list().find((p) => p.id === id);
  }

  active(): Profile | undefined {
    const list = this.list();
    const id = this.state.get<string>(ACTIVE_KEY);
    return list.find((p) => p.id === id) ?? list[0];
  }

  async setActive(id: string): Promise<void> {
    const p = this.get(id);
    if (!p) throw new Error(vscode.l10n.t('There is no profile with id {0}.', id));
    await this.state.update(ACTIVE_KEY, id);
    this.log.info(`Active profile: ${p.name}`);
    await this.updateContext();
    this.changed.fire();
  }

  async secrets(id: string): Promise<ProfileSecrets> {
    const s = await this.secretStore.get(id);
    this.registerValues(s);
    return s;
  }

  /** Adds or replaces a profile. Secret fields left `undefined` keep their stored value. */
  async save(profile: Profile, secrets: ProfileSecrets): Promise<void> {
    this.registerValues(secrets);
    await this.secretStore.set(profile.id, secrets);
    // Which products' keys it holds now (the secrets merge: an empty field deletes, a missing one keeps).
    const held = await this.secretStore.get(profile.id);
    profile = { ...profile, rdsProducts: RDS_PRODUCT_ORDER.filter((id) => !!held[RDS_PRODUCTS[id].appKeyField]) };
    const list = this.list();
    const i = list.findIndex((p) => p.id === profile.id);
    if (i >= 0) list[i] = profile;
    else list.push(profile);
    await this.state.update(PROFILES_KEY, list);
    // The first profile becomes the active one; afterwards setActive decides.
    if (!this.get(this.state.get<string>(ACTIVE_KEY) ?? '')) await this.state.update(ACTIVE_KEY, profile.id);
    const stored = Object.keys(secrets).filter((k) => secrets[k as keyof ProfileSecrets]);
    this.log.info(
      `Profile ${i >= 0 ? 'updated' : 'added'}: ${profile.name} (${profile.cloud} cloud, regions ${profile.regions.join(', ')}; secrets written: ${stored.join(', ') || 'none'})`,
    );
    await this.updateContext();
    this.changed.fire();
  }

  async remove(id: string): Promise<void> {
    const p = this.get(id);
    await this.secretStore.deleteAll(id);
    const rest = this.list().filter((x) => x.id !== id);
    await this.state.update(PROFILES_KEY, rest);
    if (this.state.get<string>(ACTIVE_KEY) === id) await this.state.update(ACTIVE_KEY, rest[0]?.id);
    this.log.info(`Profile removed with its stored secrets: ${p?.name ?? id}`);
    await this.updateContext();
    this.changed.fire();
  }

  /** The kept password of a database user (Connect...), known to the Redactor from here on. */
  async dbPassword(profileId: string, instanceId: string, dbUserName: string): Promise<string | undefined> {
    const p = await this.secretStore.dbPassword(profileId, instanceId, dbUserName);
    this.redactor.addSecret(p);
    return p;
  }

  async storeDbPassword(profileId: string, instanceId: string, dbUserName: string, password: string): Promise<void> {
    this.redactor.addSecret(password);
    await this.secretStore.storeDbPassword(profileId, instanceId, dbUserName, password);
  }

  forgetDbPassword(profileId: string, instanceId: string, dbUserName: string): Promise<boolean> {
    return this.secretStore.forgetDbPassword(profileId, instanceId, dbUserName);
  }

  /** An SSH bastion's passphrase or password, known to the Redactor from here on. */
  async sshSecret(profileId: string, subject: string): Promise<string | undefined> {
    const v = await this.secretStore.sshSecret(profileId, subject);
    this.redactor.addSecret(v);
    return v;
  }

  async storeSshSecret(profileId: string, subject: string, value: string): Promise<void> {
    this.redactor.addSecret(value);
    await this.secretStore.storeSshSecret(profileId, subject, value);
  }

  forgetSshSecret(profileId: string, subject: string): Promise<boolean> {
    return this.secretStore.forgetSshSecret(profileId, subject);
  }

  private async registerSecrets(id: string): Promise<void> {
    try {
      this.registerValues(await this.secretStore.get(id));
    } catch (e) {
      this.log.warn(`Could not read the stored secrets of a profile: ${String((e as Error).message)}`);
    }
  }

  private registerValues(s: ProfileSecrets): void {
    this.redactor.addSecret(...SECRET_FIELDS.map((f) => s[f]));
  }

  private async updateContext(): Promise<void> {
    await setProfileCountContext(this.list().length);
    // Menus show what the active profile's RDS API version can do (v4.0-only items, v3.0-only ones).
    await vscode.commands.executeCommand('setContext', RDS_API_VERSION_CONTEXT, this.active()?.rdsApiVersion ?? 'v3.0');
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** A new, unique profile id (never shown; used in SecretStorage keys). */
export function newProfileId(): string {
  return `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
