// The key test of a profile (Add Profile before saving, Test Connection on a profile's row): one
// cheap call per service the site has and the profile holds keys for, in the first of its
// regions where the service runs: RDS lists the project's regions (v4.0 signs in for a token
// first, revoked afterwards), Network signs in and lists floating IPs by id, Object Storage
// lists the buckets of the S3 key pair. The answer says per service what happened
// ("RDS ✓, Network ✓, Object storage ✗ 403"). Free of `vscode`: the unit tests run it against
// the sandbox.
import { resolveEndpoint, signingRegionFor, type Region } from '../client/endpoints';
import { isApiError, isAuthError } from '../client/errors';
import type { Transport } from '../client/http/transport';
import { IdentityClient } from '../client/network/identity';
import { NetworkClient } from '../client/network/client';
import type { ProfileSecrets } from '../client/profileSecrets';
import { RdsClient } from '../client/rds/client';
import { OAuthTokenClient, oauthBaseUrl } from '../client/rds/oauthToken';
import type { SiteId } from '../client/sites';
import { S3Client } from '../client/storage/client';
import type { RdsClientApiVersion } from '../client/rds/versions';
import type { EndpointOverrides } from '../client/endpoints';
import { l10n } from '../shared/l10n';
import { keyServiceRegions, KEY_SERVICES, siteServices, type KeyService } from './keyFields';
import { productV4Release, RDS_PRODUCTS } from '../client/products';

export { KEY_SERVICES, SERVICE_FIELDS, siteServices, type KeyService } from './keyFields';

/** The part of a profile the test reads. */
export interface KeyTestProfile {
  cloud: SiteId;
  regions: readonly Region[];
  endpoints?: EndpointOverrides;
  signingRegions?: Partial<Record<Region, string>>;
  rdsApiVersion?: RdsClientApiVersion;
}

export interface KeyTestResult {
  service: KeyService;
  region: Region;
  ok: boolean;
  /** Failed: the HTTP status or the service's result code, when it gave one. */
  code?: string;
  /** Failed: what the service or the connection said. */
  message?: string;
}

/** Whether the secrets hold what the service's cheap call needs. */
function hasKeys(service: KeyService, s: ProfileSecrets): boolean {
  switch (service) {
    case 'rds':
      return !!(s.rdsAppKey && s.rdsAccessKeyId && s.rdsSecretAccessKey);
    case 'rdsMariadb':
      return !!(s.rdsMariadbAppKey && s.rdsAccessKeyId && s.rdsSecretAccessKey);
    case 'network':
      return !!(s.identityTenantId && s.identityUsername && s.identityApiPassword);
    case 'storage':
      return !!(s.s3AccessKey && s.s3SecretKey);
  }
}

/** The region a service is tested in: the first of the profile's regions where it runs. */
function regionFor(profile: KeyTestProfile, service: KeyService): Region | undefined {
  const runs = keyServiceRegions(profile.cloud, service);
  return profile.regions.find((r) => runs.includes(r));
}

/** What can be tested: each service the site has, the profile holds keys for and a region of it runs. */
export function testable(
  profile: KeyTestProfile,
  secrets: ProfileSecrets,
): Array<{ service: KeyService; region: Region }> {
  return siteServices(profile.cloud).flatMap((service) => {
    const region = regionFor(profile, service);
    return region && hasKeys(service, secrets) ? [{ service, region }] : [];
  });
}

async function cheapCall(
  service: KeyService,
  region: Region,
  profile: KeyTestProfile,
  s: ProfileSecrets,
  transport: Transport,
): Promise<void> {
  const { cloud, endpoints } = profile;
  if (service === 'rds' || service === 'rdsMariadb') {
    const product = service === 'rds' ? RDS_PRODUCTS.mysql : RDS_PRODUCTS.mariadb;
    const apiVersion = profile.rdsApiVersion ?? 'v3.0';
    const tokens =
      apiVersion === 'v4.0'
        ? new OAuthTokenClient({
            baseUrl: oauthBaseUrl(cloud, endpoints),
            accessKeyId: s.rdsAccessKeyId!,
            secretAccessKey: s.rdsSecretAccessKey!,
            transport,
          })
        : undefined;
    const rds = new RdsClient({
      baseUrl: resolveEndpoint({ cloud, service: product.service, region, overrides: endpoints }),
      credentials: {
        appKey: s[product.appKeyField]!,
        accessKeyId: s.rdsAccessKeyId!,
        secretAccessKey: s.rdsSecretAccessKey!,
      },
      transport,
      apiVersion,
      product: product.id,
      v4Release: productV4Release(product.id, cloud),
      tokens,
    });
    try {
      await rds.listRegions();
    } finally {
      await tokens?.revoke().catch(() => undefined);
    }
    return;
  }
  if (service === 'network') {
    const identity = new IdentityClient({
      baseUrl: resolveEndpoint({ cloud, service: 'identity', overrides: endpoints }),
      tenantId: s.identityTenantId!,
      username: s.identityUsername!,
      password: s.identityApiPassword!,
      transport,
      cloud,
      overrides: endpoints,
    });
    const net = new NetworkClient({ baseUrl: await identity.endpointFor('network', region), identity });
    await net.listFloatingIps({ query: { fields: 'id' } });
    return;
  }
  const s3 = new S3Client({
    baseUrl: resolveEndpoint({ cloud, service: 'storage', region, overrides: endpoints }),
    accessKey: s.s3AccessKey!,
    secretKey: s.s3SecretKey!,
    signingRegion: signingRegionFor(cloud, region, profile.signingRegions),
    transport,
  });
  await s3.listBuckets();
}

/** Runs each testable service's cheap call (side by side); never throws. */
export async function testKeys(
  profile: KeyTestProfile,
  secrets: ProfileSecrets,
  transport: Transport,
): Promise<KeyTestResult[]> {
  // Keys typed into the wizard are not stored yet: the log must know them before the first call.
  transport.redactor.addSecret(...Object.values(secrets));
  return Promise.all(
    testable(profile, secrets).map(async ({ service, region }): Promise<KeyTestResult> => {
      try {
        await cheapCall(service, region, profile, secrets, transport);
        return { service, region, ok: true };
      } catch (e) {
        const code =
          (isApiError(e) || isAuthError(e)) && (e.status ?? e.code) !== undefined
            ? String(e.status ?? e.code)
            : undefined;
        return { service, region, ok: false, code, message: e instanceof Error ? e.message : String(e) };
      }
    }),
  );
}

/** One service's outcome as the summary lists it: "RDS ✓", "Object storage ✗ 403". */
export function resultText(r: KeyTestResult): string {
  const c = r.code;
  switch (r.service) {
    case 'rds':
      return r.ok ? l10n.t('RDS ✓') : c ? l10n.t('RDS ✗ {0}', c) : l10n.t('RDS ✗ no answer');
    case 'rdsMariadb':
      return r.ok
        ? l10n.t('RDS for MariaDB ✓')
        : c
          ? l10n.t('RDS for MariaDB ✗ {0}', c)
          : l10n.t('RDS for MariaDB ✗ no answer');
    case 'network':
      return r.ok ? l10n.t('Network ✓') : c ? l10n.t('Network ✗ {0}', c) : l10n.t('Network ✗ no answer');
    case 'storage':
      return r.ok
        ? l10n.t('Object storage ✓')
        : c
          ? l10n.t('Object storage ✗ {0}', c)
          : l10n.t('Object storage ✗ no answer');
  }
}

/** The whole outcome on one line, in the order of KEY_SERVICES. */
export function keyTestSummary(results: readonly KeyTestResult[]): string {
  return [...results]
    .sort((a, b) => KEY_SERVICES.indexOf(a.service) - KEY_SERVICES.indexOf(b.service))
    .map(resultText)
    .join(', ');
}
