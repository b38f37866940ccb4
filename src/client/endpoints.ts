// Default addresses of the two clouds (the live service, as observed). Every one can be
// overridden per profile; an override may contain `{region}` (lower-case region code).
import type { Service } from './errors';

export type Cloud = 'public' | 'gov';
export type Region = 'KR1' | 'KR2' | 'KR3' | 'JP1';

/** Regions in which each service exists, per cloud. */
export const SERVICE_REGIONS: Record<Cloud, Record<Exclude<Service, 'identity'> | 'transitHub', Region[]>> = {
  public: {
    rds: ['KR1', 'KR2', 'JP1'],
    network: ['KR1', 'KR2', 'KR3', 'JP1'],
    transitHub: ['KR1'],
    storage: ['KR1', 'KR2', 'KR3', 'JP1'],
  },
  gov: { rds: ['KR1'], network: ['KR1', 'KR2'], transitHub: ['KR1'], storage: ['KR1', 'KR2'] },
};

export const ALL_REGIONS: Record<Cloud, Region[]> = {
  public: ['KR1', 'KR2', 'KR3', 'JP1'],
  gov: ['KR1', 'KR2'],
};

const DEFAULTS: Record<Cloud, Record<Service, string>> = {
  public: {
    rds: 'https://{region}-rds-mysql.api.nhncloudservice.com',
    identity: 'https://api-identity-infrastructure.nhncloudservice.com',
    network: 'https://{region}-api-network-infrastructure.nhncloudservice.com',
    storage: 'https://{region}-api-object-storage.nhncloudservice.com',
  },
  gov: {
    rds: 'https://{region}-rds-mysql.api.gov-nhncloudservice.com',
    identity: 'https://api-identity-infrastructure.gov-nhncloudservice.com',
    network: 'https://{region}-api-network-infrastructure.gov-nhncloudservice.com',
    storage: 'https://{region}-api-object-storage.gov-nhncloudservice.com',
  },
};

/** The object-storage document's signing region; the live service may want KR1/KR2 (corrected at run time). */
export const DEFAULT_SIGNING_REGION = 'gov';

export type EndpointOverrides = Partial<Record<Service, string>>;

/**
 * The base URL (no trailing slash) of a service in a region.
 * Order of preference: the profile's override, then the token's serviceCatalog address, then the default.
 */
export function resolveEndpoint(opts: {
  cloud: Cloud;
  service: Service;
  region?: Region;
  overrides?: EndpointOverrides;
  /** publicURL from the identity token's serviceCatalog for this service and region. */
  catalogUrl?: string;
}): string {
  const override = opts.overrides?.[opts.service]?.trim();
  const template = override || opts.catalogUrl || DEFAULTS[opts.cloud][opts.service];
  const url = template.replace(/\{region\}/g, (opts.region ?? 'KR1').toLowerCase());
  return url.replace(/\/+$/, '');
}
