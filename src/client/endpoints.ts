// The address of a service in a region: the profile's override, then the identity token's
// service catalog, then the site's row in the table of sites (src/client/sites.ts).
import type { Service } from './errors';
import { RDS_PRODUCT_ORDER, RDS_PRODUCTS } from './products';
import { siteOf, type Cloud, type Region } from './sites';

export type { Cloud, Region };

/**
 * The signing region when neither the profile nor the site's row names one (a client built
 * without either, as the tests and the bench build them): KR1, as the current guides say. The
 * object-storage document's `gov` is what older servers want; a server that wants another
 * names it, and the client switches for the session (src/client/storage/requests.ts).
 */
export const DEFAULT_SIGNING_REGION = 'KR1';

/** The S3 signing region of a storage region: the profile's setting, else the site's guide, else the default. */
export function signingRegionFor(cloud: Cloud, region: Region, configured?: Partial<Record<Region, string>>): string {
  return configured?.[region]?.trim() || siteOf(cloud).signingRegions[region] || DEFAULT_SIGNING_REGION;
}

export type EndpointOverrides = Partial<Record<Service, string>>;

/**
 * The base URL (no trailing slash) of a service in a region.
 * Order of preference: the profile's override, then the token's serviceCatalog address, then the site's host.
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
  const template = override || opts.catalogUrl || hostOf(opts.cloud, opts.service);
  if (!template)
    throw new Error(
      `The site ${siteOf(opts.cloud).domain} offers no ${opts.service} service; set its address in the profile's endpoint overrides if yours does.`,
    );
  const url = template.replace(/\{region\}/g, (opts.region ?? 'KR1').toLowerCase());
  return url.replace(/\/+$/, '');
}

/** A service's address template on a site: the site's row, else the RDS product's row that names the service. */
function hostOf(cloud: Cloud, service: Service): string | undefined {
  const product = RDS_PRODUCT_ORDER.map((id) => RDS_PRODUCTS[id]).find((p) => p.service === service);
  return siteOf(cloud).hosts[service] ?? product?.sites[cloud]?.host;
}
