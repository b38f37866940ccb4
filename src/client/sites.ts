// The sites NHN Cloud runs, one row each (issue 26): the public cloud, the government cloud and
// the public-sector sites, with the hosts of each service, the regions each service runs in, the
// web console and the RDS API versions its guides document. Every question that used to be
// "public or gov?" reads this table; adding a site is adding a row.
//
// Source: the vendor's English guides (public repositories TOAST-DOCS/RDS, TOAST-DOCS/Transit-Hub,
// TOAST-DOCS/Floating-IP, TOAST-DOCS/Storage-Object-Storage), late 2026. The unit test
// test/unit/client/sites.test.ts checks every resolved address against a fixture written from
// those guides' endpoint tables, the guide named beside each row.
import type { Service } from './errors';
import type { RdsV4Release } from './rds/v4Rows';

export type Region = 'KR1' | 'KR2' | 'KR3' | 'KR4' | 'JP1' | 'US1';

/** The order regions are listed in everywhere (wizard, tree, messages). */
export const REGION_ORDER = ['KR1', 'KR2', 'KR3', 'KR4', 'JP1', 'US1'] as const satisfies readonly Region[];

/**
 * A site's id, as a profile stores it (the field is still called `cloud`: profiles saved as
 * `public` or `gov` load unchanged).
 */
export type SiteId = 'public' | 'gov' | 'ncgn' | 'ngoic' | 'ngovc' | 'ngsc' | 'ninc' | 'ngcc';
/** The name profiles have always stored the site under. */
export type Cloud = SiteId;

/** What runs where: each key is a node of the tree (Network shows where either of its two runs). */
export type SiteService = 'rds' | 'floatingIp' | 'transitHub' | 'storage';

export type RdsApiVersion = 'v2.0' | 'v3.0' | 'v4.0';

export interface Site {
  readonly id: SiteId;
  /** The domain a person recognizes the site by (shown beside its name). */
  readonly domain: string;
  /**
   * Address templates per service; `{region}` is the lower-case region code. A site without a
   * service has no host for it; `oauth` is where the site's guides issue RDS API v4.0 tokens.
   * RDS for MariaDB's host is its product's row (./products.ts).
   */
  readonly hosts: Readonly<Partial<Record<Service, string>>>;
  readonly regions: Readonly<Record<SiteService, readonly Region[]>>;
  /** The S3 signing region per storage region, as the site's storage guide names it. */
  readonly signingRegions: Readonly<Partial<Record<Region, string>>>;
  /** The web console, where the guides name one. */
  readonly console?: string;
  readonly rdsApiVersions: readonly RdsApiVersion[];
  /**
   * The release of RDS API v4.0 the site's guide documents: the current one (March 2026, 91
   * endpoints) or the first (July 2025, 81: no binary logs, certificates, log contents, backup
   * details or event subscriptions). Absent where the site has no v4.0.
   */
  readonly rdsV4Release?: RdsV4Release;
  /**
   * Availability zones per region where the vendor's guides name them (the RDS API lists none);
   * a form offers these, and takes free text in a region without a row.
   */
  readonly availabilityZones?: Readonly<Partial<Record<Region, readonly string[]>>>;
}

/** A site on a domain that follows the public cloud's host pattern. */
function standardHosts(
  domain: string,
  rdsHost = `{region}-rds-mysql.api.${domain}`,
): Record<Exclude<Service, 'oauth' | 'rdsMariadb'>, string> {
  return {
    rds: `https://${rdsHost}`,
    identity: `https://api-identity-infrastructure.${domain}`,
    network: `https://{region}-api-network-infrastructure.${domain}`,
    storage: `https://{region}-api-object-storage.${domain}`,
  };
}

/**
 * A KR4 (Daegu) public-sector site: every service in KR4, RDS behind the site's proxy at
 * `<site>-kr4-rds-proxy.cloud.toastoven.net` (the site's RDS guides of December 2026, v3.0 and
 * v4.0 alike; earlier ones wrote `kr4-rds-mysql-api.<domain>`). Their v4.0 guides document the
 * current release but link to no token page of their own, so no OAuth host is recorded and a
 * new profile starts on v3.0 (the wizard says why).
 */
function kr4Site(id: SiteId, domain: string, console?: string): Site {
  return {
    id,
    domain,
    hosts: standardHosts(domain, `${id}-kr4-rds-proxy.cloud.toastoven.net`),
    regions: { rds: ['KR4'], floatingIp: ['KR4'], transitHub: ['KR4'], storage: ['KR4'] },
    signingRegions: { KR4: 'KR4' },
    console,
    rdsApiVersions: ['v3.0', 'v4.0'],
    rdsV4Release: '2026-03',
  };
}

export const SITES: Readonly<Record<SiteId, Site>> = {
  public: {
    id: 'public',
    domain: 'nhncloudservice.com',
    hosts: { ...standardHosts('nhncloudservice.com'), oauth: 'https://oauth.api.nhncloudservice.com' },
    regions: {
      rds: ['KR1', 'KR2', 'JP1'],
      floatingIp: ['KR1', 'KR2', 'JP1', 'US1'],
      transitHub: ['KR1', 'KR2', 'KR3'],
      // US1 object storage was withdrawn in March 2026.
      storage: ['KR1', 'KR2', 'KR3', 'JP1'],
    },
    signingRegions: { KR1: 'KR1', KR2: 'KR2', KR3: 'KR3', JP1: 'JP1' },
    console: 'https://console.nhncloud.com',
    rdsApiVersions: ['v2.0', 'v3.0', 'v4.0'],
    rdsV4Release: '2026-03',
    // The NKS user guide: "Pangyo Region: kr-pub-a or kr-pub-b; Pyeongchon region: kr2-pub-a or
    // kr2-pub-b"; Tokyo's zones follow the same pattern (jp-pub-a, jp-pub-b).
    availabilityZones: {
      KR1: ['kr-pub-a', 'kr-pub-b'],
      KR2: ['kr2-pub-a', 'kr2-pub-b'],
      JP1: ['jp-pub-a', 'jp-pub-b'],
    },
  },
  gov: {
    id: 'gov',
    domain: 'gov-nhncloudservice.com',
    hosts: { ...standardHosts('gov-nhncloudservice.com'), oauth: 'https://oauth.api.gov-nhncloudservice.com' },
    regions: { rds: ['KR1'], floatingIp: ['KR1', 'KR2'], transitHub: ['KR1'], storage: ['KR1', 'KR2'] },
    // The object-storage document said `gov`; the current guide says KR1 / KR2 (a server that
    // still wants `gov` names it, and the client switches for the session).
    signingRegions: { KR1: 'KR1', KR2: 'KR2' },
    console: 'https://console.gov-nhncloud.com',
    rdsApiVersions: ['v2.0', 'v3.0', 'v4.0'],
    rdsV4Release: '2026-03',
  },
  ncgn: {
    id: 'ncgn',
    domain: 'gncloud.go.kr',
    // Object storage has one address for the site: no region in its host.
    hosts: { ...standardHosts('gncloud.go.kr'), storage: 'https://api-object-storage.gncloud.go.kr' },
    regions: { rds: ['KR1'], floatingIp: ['KR1'], transitHub: [], storage: ['KR1'] },
    signingRegions: { KR1: 'KR1' },
    console: 'https://console.gncloud.go.kr',
    rdsApiVersions: ['v2.0', 'v3.0', 'v4.0'],
    rdsV4Release: '2026-03',
  },
  ngoic: kr4Site('ngoic', 'ngoic.com'),
  ngovc: kr4Site('ngovc', 'ngovc.com'),
  ngsc: kr4Site('ngsc', 'ngsc.go.kr', 'https://console.ngsc.go.kr'),
  ninc: kr4Site('ninc', 'ninc.go.kr', 'https://console.ninc.go.kr'),
  // Object storage only (the storage guide's `-ngcc` pages): identity under a path, and the
  // S3 / Swift address over plain http, as the guide writes it.
  ngcc: {
    id: 'ngcc',
    domain: 'kr.cloud.toastoven.net',
    hosts: {
      identity: 'https://ngcc-kr4-iaas.kr.cloud.toastoven.net/identity',
      storage: 'http://ngcc-kr4-swift.kr.cloud.toastoven.net',
    },
    regions: { rds: [], floatingIp: [], transitHub: [], storage: ['KR4'] },
    signingRegions: { KR4: 'KR4' },
    rdsApiVersions: [],
  },
};

/** The rows in the order the profile wizard offers them. */
export const SITE_ORDER: readonly SiteId[] = ['public', 'gov', 'ncgn', 'ngoic', 'ngovc', 'ngsc', 'ninc', 'ngcc'];

export function isSiteId(value: unknown): value is SiteId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SITES, value);
}

/** The site a profile names; a value this version does not know is an error that says so. */
export function siteOf(id: string): Site {
  if (!isSiteId(id)) throw new Error(`Unknown NHN Cloud site "${id}" (known: ${SITE_ORDER.join(', ')}).`);
  return SITES[id];
}

/** The regions a service (or Network: floating IPs or transit hubs) runs in on a site. */
export function serviceRegions(site: SiteId, service: SiteService | 'network'): Region[] {
  const r = siteOf(site).regions;
  const set = new Set(service === 'network' ? [...r.floatingIp, ...r.transitHub] : r[service]);
  return REGION_ORDER.filter((x) => set.has(x));
}

/**
 * Every region where RDS for MySQL runs on some site (KR1, KR2, KR4, JP1): what a request field
 * naming a region accepts. Which of them a person is offered is the profile's site's row.
 */
export const RDS_REGIONS_OF_ANY_SITE = REGION_ORDER.filter((r) =>
  SITE_ORDER.some((id) => SITES[id].regions.rds.includes(r)),
) as unknown as readonly [Region, ...Region[]];

/** Every region where anything runs on the site. */
export function siteRegions(site: SiteId): Region[] {
  const r = siteOf(site).regions;
  const set = new Set(Object.values(r).flat());
  return REGION_ORDER.filter((x) => set.has(x));
}

/**
 * The RDS API version a new profile on the site starts with: v4.0 where the site's guide has the
 * current v4.0 and names the host that issues its tokens, else v3.0 (a profile saved before v4.0
 * has no version and keeps v3.0 until its user chooses).
 */
export function defaultRdsApiVersion(site: SiteId): 'v3.0' | 'v4.0' {
  const s = siteOf(site);
  return s.rdsV4Release === '2026-03' && s.hosts.oauth ? 'v4.0' : 'v3.0';
}
