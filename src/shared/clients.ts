// One Transport for the whole extension and one client per profile and region, built on first
// use from the active profile and dropped when a profile or a network setting changes.
import * as vscode from 'vscode';
import { resolveEndpoint, signingRegionFor, type Region } from '../client/endpoints';
import { ValidationError } from '../client/errors';
import type { Redactor } from '../client/http/redact';
import { Transport } from '../client/http/transport';
import type { Ec2CredentialsClient, IdentityClient, NetworkClient } from '../client/network/index';
import * as networkModule from '../client/network/index';
import type { S3Client } from '../client/storage/client';
import * as storageModule from '../client/storage/client';
import { RdsClient } from '../client/rds/client';
import { OAuthTokenClient, oauthBaseUrl } from '../client/rds/oauthToken';
import { productV4Release, RDS_PRODUCTS } from '../client/products';
import { maxListedKeys, proxySettings, requestDeadlineMs, requestTimeoutMs } from './settings';
import type { Log, ProfileStore, Services } from './services';

export class Clients implements vscode.Disposable {
  private transport: Transport | undefined;
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: { profiles: ProfileStore; log: Log; redactor: Redactor; userAgent: string }) {}

  /** The shared transport, configured from the VS Code proxy settings and `nhncloud.requestTimeoutSeconds`. */
  http(): Transport {
    if (!this.transport) {
      const t = requestTimeoutMs();
      const proxy = proxySettings();
      this.transport = new Transport({
        userAgent: this.deps.userAgent,
        proxy,
        timeouts: { connect: Math.min(t, 10_000), headers: t, body: t * 2 },
        deadline: { ms: requestDeadlineMs() },
        logger: this.deps.log,
        redactor: this.deps.redactor,
      });
      this.deps.log.debug(
        `HTTP: timeout ${t / 1000} s, proxy ${proxy.url ? this.deps.redactor.text(redactUserInfo(proxy.url)) : 'none'}`,
      );
    }
    return this.transport;
  }

  readonly api: Services['clients'] = {
    rds: (region, productId = 'mysql') =>
      this.cached(`${productId === 'mysql' ? 'rds' : productId}/${region}`, async () => {
        const profile = this.requireProfile();
        const s = await this.deps.profiles.secrets(profile.id);
        const product = RDS_PRODUCTS[productId];
        const appKey = s[product.appKeyField];
        const missing = [
          !appKey &&
            (productId === 'mariadb' ? vscode.l10n.t('the RDS for MariaDB app key') : vscode.l10n.t('the RDS app key')),
          !s.rdsAccessKeyId && vscode.l10n.t('the user access key ID'),
          !s.rdsSecretAccessKey && vscode.l10n.t('the secret access key'),
        ].filter(Boolean);
        if (missing.length) {
          throw new ValidationError('rds', [
            {
              path: '',
              message: vscode.l10n.t(
                'The profile "{0}" has no {1}. Add them with "NHN Cloud: Edit Profile".',
                profile.name,
                missing.join(', '),
              ),
            },
          ]);
        }
        const apiVersion = profile.rdsApiVersion ?? 'v3.0';
        return new RdsClient({
          baseUrl: resolveEndpoint({
            cloud: profile.cloud,
            service: product.service,
            region,
            overrides: profile.endpoints,
          }),
          credentials: { appKey: appKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
          transport: this.http(),
          apiVersion,
          product: productId,
          v4Release: productV4Release(productId, profile.cloud),
          // One token for the profile's regions: the same key pair signs in everywhere.
          tokens:
            apiVersion === 'v4.0'
              ? await this.cached('rds/oauth', async () => {
                  let baseUrl: string;
                  try {
                    baseUrl = oauthBaseUrl(profile.cloud, profile.endpoints);
                  } catch {
                    throw new ValidationError('oauth', [
                      {
                        path: '',
                        message: vscode.l10n.t(
                          'The profile "{0}" uses RDS API v4.0, but its site names no address that issues v4.0 tokens. Enter it as the "oauth" endpoint, or choose v3.0, with "NHN Cloud: Edit Profile" (Advanced).',
                          profile.name,
                        ),
                      },
                    ]);
                  }
                  return new OAuthTokenClient({
                    baseUrl,
                    accessKeyId: s.rdsAccessKeyId!,
                    secretAccessKey: s.rdsSecretAccessKey!,
                    transport: this.http(),
                  });
                })
              : undefined,
        });
      }),
    network: (region) => this.network(region),
    s3: (region) => this.s3(region),
    storageSigning: (region) => this.storageSigning(region),
    ec2Credentials: () => this.ec2Credentials(),
    catalogRegions: (service) => this.catalogRegions(service),
    knownCatalogRegions: (service) => this.knownCatalogRegions(service),
  };

  // ---- identity, network and object storage (src/network, src/storage) -------------------

  /** Signing regions the server corrected this session, by `<profileId>/<region>` (kept across client rebuilds). */
  private readonly correctedSigning = new Map<string, string>();

  /** Keystone client of the profile for `tenant` ('identity': the network tenant; 'storage': object storage's own tenant). */
  private identityFor(tenant: 'identity' | 'storage'): Promise<IdentityClient> {
    return this.cached(`identity/${tenant}`, async () => {
      const profile = this.requireProfile();
      const s = await this.deps.profiles.secrets(profile.id);
      const tenantId = tenant === 'storage' ? (s.storageTenantId ?? s.identityTenantId) : s.identityTenantId;
      // The missing fields by the labels the profile wizard shows, as a list after the sentence.
      const missing = [
        !tenantId &&
          (tenant === 'storage' ? vscode.l10n.t('Object storage tenant ID') : vscode.l10n.t('Network tenant ID')),
        !s.identityUsername && vscode.l10n.t('API user name'),
        !s.identityApiPassword && vscode.l10n.t('API password'),
      ]
        .filter(Boolean)
        .join(', ');
      if (missing) {
        const message =
          tenant === 'storage'
            ? vscode.l10n.t(
                'The profile "{0}" lacks what object storage needs: {1}. Add it with "NHN Cloud: Edit Profile".',
                profile.name,
                missing,
              )
            : vscode.l10n.t(
                'The profile "{0}" lacks what the network service needs: {1}. Add it with "NHN Cloud: Edit Profile".',
                profile.name,
                missing,
              );
        throw new ValidationError('identity', [{ path: '', message }]);
      }
      return new networkModule.IdentityClient({
        baseUrl: resolveEndpoint({ cloud: profile.cloud, service: 'identity', overrides: profile.endpoints }),
        tenantId: tenantId!,
        username: s.identityUsername!,
        password: s.identityApiPassword!,
        transport: this.http(),
        cloud: profile.cloud,
        overrides: profile.endpoints,
      });
    });
  }

  /** The network client of a region; its address comes from the token's catalog unless overridden. */
  network(region: Region): Promise<NetworkClient> {
    return this.cached(`network/${region}`, async () => {
      const identity = await this.identityFor('identity');
      return new networkModule.NetworkClient({ baseUrl: await identity.endpointFor('network', region), identity });
    });
  }

  /** EC2 (S3) credentials of the profile's user, issued for the object-storage tenant. */
  ec2Credentials(): Promise<{ client: Ec2CredentialsClient; tenantId: string }> {
    return this.cached('ec2', async () => {
      const identity = await this.identityFor('storage');
      return { client: new networkModule.Ec2CredentialsClient({ identity }), tenantId: identity.tenantId };
    });
  }

  /** What an S3 client of the region is built from (presigned URLs sign with the same values). */
  storageSigning(
    region: Region,
  ): Promise<{ baseUrl: string; accessKey: string; secretKey: string; signingRegion: string }> {
    return this.cached(`storage-signing/${region}`, async () => {
      const profile = this.requireProfile();
      const s = await this.deps.profiles.secrets(profile.id);
      if (!s.s3AccessKey || !s.s3SecretKey) {
        throw new ValidationError('storage', [
          {
            path: '',
            message: vscode.l10n.t(
              'The profile "{0}" has no S3 access key and secret key. Issue a pair with "NHN Cloud: Manage S3 Credentials" or add them with "NHN Cloud: Edit Profile".',
              profile.name,
            ),
          },
        ]);
      }
      let baseUrl: string;
      if (profile.endpoints?.storage?.trim() || !s.identityUsername || !s.identityApiPassword) {
        baseUrl = resolveEndpoint({ cloud: profile.cloud, service: 'storage', region, overrides: profile.endpoints });
      } else {
        // The storage tenant's catalog names the object-store address; the default when it fails.
        const identity = await this.identityFor('storage');
        baseUrl = await identity.endpointFor('object-store', region).catch((e: unknown) => {
          this.deps.log.warn(
            `Object storage address of ${region} from the catalog failed (${e instanceof Error ? e.message : String(e)}); using the default.`,
          );
          return resolveEndpoint({ cloud: profile.cloud, service: 'storage', region, overrides: profile.endpoints });
        });
      }
      const signingRegion =
        this.correctedSigning.get(`${profile.id}/${region}`) ??
        signingRegionFor(profile.cloud, region, profile.signingRegions);
      return { baseUrl, accessKey: s.s3AccessKey, secretKey: s.s3SecretKey, signingRegion };
    });
  }

  /** The S3 client of a region: signing region from the profile, a server's correction remembered for the session. */
  s3(region: Region): Promise<S3Client> {
    return this.cached(`s3/${region}`, async () => {
      const profile = this.requireProfile();
      const sign = await this.storageSigning(region);
      const key = `${profile.id}/${region}`;
      return new storageModule.S3Client({
        baseUrl: sign.baseUrl,
        accessKey: sign.accessKey,
        secretKey: sign.secretKey,
        signingRegion: this.correctedSigning.get(key) ?? sign.signingRegion,
        transport: this.http(),
        // Read at each listing: a raised setting applies at once.
        maxListed: maxListedKeys,
        onSigningRegionCorrected: (r) => {
          this.correctedSigning.set(key, r);
          sign.signingRegion = r;
          this.deps.log.info(
            `Object storage ${region}: the server expects signing region "${r}"; using it for this session (set it in Edit Profile to keep it).`,
          );
        },
      });
    });
  }

  /** Catalog regions read this session, by `<profileId>/<service>` (undefined: the profile has no API user). */
  private readonly catalogRegionsRead = new Map<string, string[] | undefined>();

  /**
   * The regions the service catalog of the profile's token lists for network or object storage
   * (each from its own tenant's token). Undefined, and the sites table decides, when the profile
   * has no API user name and password (no token to ask), when it overrides the service's address
   * (the person said where the service is; the catalog is not asked, as for the address), or when
   * the catalog could not be read.
   */
  catalogRegions(service: 'network' | 'storage'): Promise<string[] | undefined> {
    const key = `${this.deps.profiles.active()?.id ?? ''}/${service}`;
    return this.cached(`catalog/${service}`, async () => {
      const profile = this.requireProfile();
      const s = await this.deps.profiles.secrets(profile.id);
      let regions: string[] | undefined;
      if (s.identityUsername && s.identityApiPassword && !profile.endpoints?.[service]?.trim()) {
        const identity = await this.identityFor(service === 'network' ? 'identity' : 'storage');
        regions = await identity
          .catalogRegions(service === 'network' ? 'network' : 'object-store')
          .catch((e: unknown) => {
            this.deps.log.warn(
              `The service catalog of ${profile.name} could not be read for ${service} (${e instanceof Error ? e.message : String(e)}); the sites table decides where it shows.`,
            );
            return undefined;
          });
        if (regions)
          this.deps.log.info(`Service catalog of ${profile.name}: ${service} in ${regions.join(', ') || 'no region'}`);
      }
      this.catalogRegionsRead.set(key, regions);
      return regions;
    }).catch(() => undefined);
  }

  /** What catalogRegions answered for the active profile, if it has answered (never waits). */
  knownCatalogRegions(service: 'network' | 'storage'): { known: boolean; regions?: string[] } {
    const key = `${this.deps.profiles.active()?.id ?? ''}/${service}`;
    return { known: this.catalogRegionsRead.has(key), regions: this.catalogRegionsRead.get(key) };
  }

  /**
   * Drops every client (profile changed); they are rebuilt on next use. A v4.0 token the dropped
   * clients held is revoked (the profile was left, edited or removed): it would otherwise stay
   * valid for up to a day.
   */
  reset(): Promise<void> {
    const revoked: Promise<void>[] = [];
    for (const [key, client] of this.cache)
      if (key.endsWith('/rds/oauth'))
        revoked.push((client as Promise<OAuthTokenClient>).then((c) => c.revoke()).catch(() => undefined));
    this.cache.clear();
    this.catalogRegionsRead.clear();
    return Promise.all(revoked).then(() => undefined);
  }

  /** Drops the transport too (proxy or timeout changed). */
  async resetTransport(): Promise<void> {
    // The revocations go out on the old transport before it closes (2 s at most: a window closing waits for nothing longer).
    await Promise.race([this.reset(), new Promise((r) => setTimeout(r, 2_000).unref?.())]);
    const old = this.transport;
    this.transport = undefined;
    await old?.close();
  }

  private requireProfile() {
    const p = this.deps.profiles.active();
    if (!p)
      throw new ValidationError('profile', [
        { path: '', message: vscode.l10n.t('No NHN Cloud profile is set up yet. Run "NHN Cloud: Add Profile" first.') },
      ]);
    return p;
  }

  /** One client per active profile and `what` (a service and region, or an identity tenant). */
  private cached<T>(what: string, build: () => Promise<T>): Promise<T> {
    const key = `${this.deps.profiles.active()?.id ?? ''}/${what}`;
    let p = this.cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = build();
      this.cache.set(key, p);
      // A failed build (missing keys) must not stick: the user is about to fix the profile.
      p.catch(() => this.cache.get(key) === p && this.cache.delete(key));
    }
    return p;
  }

  dispose(): void {
    void this.resetTransport();
  }
}

function redactUserInfo(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
