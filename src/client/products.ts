// The RDS products NHN Cloud runs on the same API, one row each (issue 65): RDS for MySQL and RDS
// for MariaDB. A row names where the product runs (its host per site and region), the API versions
// and the v4.0 release its guides document, the prefix of its v4.0 permissions, the field of the
// profile that holds its app key, the endpoint override that replaces its host, and its engines
// and authentication plugins as the guides list them. The operations table (./rds/versions.ts) is
// shared: a product offers what its version and release offer, asked through `productHas` (the
// same function the version check is), never "is this MariaDB?".
//
// Source: TOAST-DOCS/RDS `en/public/api-guide-mariadb-v4.0.md` (engines, authentication plugins)
// and TOAST-DOCS/RDS-FOR-MARIADB `en/api-guide-v3.0.md`, `-v4.0.md`, `-gov` variants (hosts,
// endpoints: v3.0's 82, v4.0's first release of 81). RDS for MySQL's hosts are the sites table's
// (./sites.ts). test/unit/client/products.test.ts checks the rows against
// test/fixtures/rdsProducts.json, written from those guides.
import type { Service } from './errors';
import { RDS_PRODUCT_ORDER, type RdsProductId } from './productIds';
import type { ProfileSecrets } from './profileSecrets';
import type { RdsOperationName } from './rds/api';
import { DB_ENGINE_TABLE, MARIADB_ENGINE_TABLE, type EngineRow } from './rds/engines';
import type { Operation } from './operation';
import { RDS_OPERATIONS } from './rds/schemas';
import { RDS_V4_OPERATIONS, rdsOperationIn, rdsOperationName, type RdsClientApiVersion } from './rds/versions';
import type { RdsV4Release } from './rds/v4Rows';
import { SITE_ORDER, SITES, type RdsApiVersion, type Region, type SiteId } from './sites';

export { RDS_PRODUCT_ORDER, type RdsProductId } from './productIds';

/** Where a product runs on one site. */
export interface RdsProductSite {
  readonly regions: readonly Region[];
  /** Address template, `{region}` the lower-case region code. */
  readonly host: string;
  readonly apiVersions: readonly RdsApiVersion[];
  /** The release of v4.0 the product's guide on this site documents (absent without v4.0). */
  readonly v4Release?: RdsV4Release;
}

export interface RdsProduct {
  readonly id: RdsProductId;
  /** The product's name, as NHN Cloud writes it in every language (a brand, not translated). */
  readonly label: string;
  /** The endpoint override that replaces the product's host, and the sandbox's path prefix. */
  readonly service: Extract<Service, 'rds' | 'rdsMariadb'>;
  /** The profile's field that holds the product's app key. */
  readonly appKeyField: Extract<keyof ProfileSecrets, 'rdsAppKey' | 'rdsMariadbAppKey'>;
  /** What the guide's v4.0 permissions start with (`RDSforMySQL:DbInstance.List`). */
  readonly permissionPrefix: string;
  /**
   * Which host issues its v4.0 tokens: the site's `oauth` (both products' guides link to the same
   * User Access Key token page).
   */
  readonly tokenService: Extract<Service, 'oauth'>;
  readonly sites: Readonly<Partial<Record<SiteId, RdsProductSite>>>;
  /** The guide's engine table: the fallback when the service's engine list cannot be read. */
  readonly engines: readonly EngineRow[];
  /** The authentication plugins the guide's engine table names for the product's engines. */
  readonly authenticationPlugins: readonly string[];
}

/** RDS for MySQL runs wherever the sites table says RDS runs, at the site's RDS host. */
const mysqlSites = Object.fromEntries(
  SITE_ORDER.filter((id) => SITES[id].regions.rds.length && SITES[id].hosts.rds).map((id) => [
    id,
    {
      regions: SITES[id].regions.rds,
      host: SITES[id].hosts.rds!,
      apiVersions: SITES[id].rdsApiVersions,
      ...(SITES[id].rdsV4Release && { v4Release: SITES[id].rdsV4Release }),
    } satisfies RdsProductSite,
  ]),
) as Partial<Record<SiteId, RdsProductSite>>;

/**
 * RDS for MariaDB's guides document the first release of v4.0 (81 endpoints: no binary logs,
 * certificates, log contents, backup details, event subscriptions, maintenances, high-availability
 * detail or availability zones).
 */
const mariadbSite = (domain: string): RdsProductSite => ({
  regions: ['KR1'],
  host: `https://{region}-rds-mariadb.api.${domain}`,
  apiVersions: ['v2.0', 'v3.0', 'v4.0'],
  v4Release: '2025-07',
});

export const RDS_PRODUCTS: Readonly<Record<RdsProductId, RdsProduct>> = {
  mysql: {
    id: 'mysql',
    label: 'RDS for MySQL',
    service: 'rds',
    appKeyField: 'rdsAppKey',
    permissionPrefix: 'RDSforMySQL',
    tokenService: 'oauth',
    sites: mysqlSites,
    engines: DB_ENGINE_TABLE,
    authenticationPlugins: ['NATIVE', 'SHA256', 'CACHING_SHA2'],
  },
  mariadb: {
    id: 'mariadb',
    label: 'RDS for MariaDB',
    service: 'rdsMariadb',
    appKeyField: 'rdsMariadbAppKey',
    permissionPrefix: 'RDSforMariaDB',
    tokenService: 'oauth',
    sites: { public: mariadbSite('nhncloudservice.com'), gov: mariadbSite('gov-nhncloudservice.com') },
    engines: MARIADB_ENGINE_TABLE,
    authenticationPlugins: ['ED25519', 'NATIVE'],
  },
};

export const isRdsProductId = (v: unknown): v is RdsProductId =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(RDS_PRODUCTS, v);

/** A product's row; an unknown id (a job or form saved by a later version) reads as RDS for MySQL. */
export const rdsProduct = (id: RdsProductId | string | undefined): RdsProduct =>
  isRdsProductId(id) ? RDS_PRODUCTS[id] : RDS_PRODUCTS.mysql;

/** The regions where a product runs on a site (none where the site does not offer it). */
export const productRegions = (product: RdsProductId, site: SiteId): readonly Region[] =>
  RDS_PRODUCTS[product].sites[site]?.regions ?? [];

/**
 * The products a profile shows: RDS for MySQL always (its folders say what the profile lacks),
 * another product where the profile holds its app key (Profile.rdsProducts).
 */
export const profileProducts = (profile: { rdsProducts?: readonly RdsProductId[] }): RdsProductId[] =>
  RDS_PRODUCT_ORDER.filter((id) => id === 'mysql' || profile.rdsProducts?.includes(id));

/** One place RDS runs for a profile: a product in a region. */
export interface RdsPlace {
  readonly region: Region;
  readonly product: RdsProductId;
}

/**
 * Where a profile's RDS runs, in the tree's order: each product it shows (profileProducts) in each
 * of the profile's regions that product runs in (the palette's pickers and the agent tools ask it).
 */
export const profileRdsPlaces = (profile: {
  rdsProducts?: readonly RdsProductId[];
  regions: readonly Region[];
  cloud: SiteId;
}): RdsPlace[] =>
  profileProducts(profile).flatMap((product) =>
    profile.regions
      .filter((r) => productRegions(product, profile.cloud).includes(r))
      .map((region) => ({ region, product })),
  );

/** The products a site offers in a region, in the listing order. */
export const productsIn = (site: SiteId, region: Region): RdsProduct[] =>
  RDS_PRODUCT_ORDER.map((id) => RDS_PRODUCTS[id]).filter((p) => productRegions(p.id, site).includes(region));

/**
 * The v4.0 release a product's client speaks on a site: the older of the site's and the
 * product's (a product whose guide documents the first release lacks the later additions there).
 */
export function productV4Release(product: RdsProductId, site: SiteId): RdsV4Release {
  const own = RDS_PRODUCTS[product].sites[site]?.v4Release ?? '2026-03';
  const siteRelease = SITES[site].rdsV4Release ?? '2026-03';
  return own < siteRelease ? own : siteRelease;
}

/**
 * Whether a product, at an API version, on a site, offers an operation: the one question the tree
 * and the commands ask (a client's `has` answers it for its own product, version and site).
 */
export const productHas = (
  product: RdsProductId,
  site: SiteId,
  version: RdsClientApiVersion,
  name: RdsOperationName,
): boolean => rdsOperationIn(version, name, productV4Release(product, site)) !== undefined;

/** A v4.0 permission as the product's guide names it (the table holds RDS for MySQL's). */
export const productPermission = (product: RdsProductId, permission: string | undefined): string | undefined =>
  permission?.replace(/^RDSforMySQL:/, `${RDS_PRODUCTS[product].permissionPrefix}:`);

/**
 * An API version's operations as a product's guide documents them: those of the release its
 * guide has, each with the permission under the product's prefix (what the drift check and the
 * operation listing read).
 */
export function productOperations(product: RdsProductId, version: RdsClientApiVersion): Operation[] {
  const release = Object.values(RDS_PRODUCTS[product].sites)[0]?.v4Release ?? '2026-03';
  const table = version === 'v3.0' ? RDS_OPERATIONS : RDS_V4_OPERATIONS;
  return table
    .filter((op) => rdsOperationIn(version, rdsOperationName(op), release))
    .map((op) => (op.permission ? { ...op, permission: productPermission(product, op.permission) } : op));
}
