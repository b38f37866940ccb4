// The table of sites (src/client/sites.ts) against the vendor's guides: every address of every
// region, service and site resolves to what the guide writes (test/fixtures/siteEndpoints.json,
// each row naming its guide), each service runs exactly where the guides say, and a profile
// stored before the table (cloud `public` or `gov`) resolves as it always did.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_SIGNING_REGION, resolveEndpoint, signingRegionFor } from '../../../src/client/endpoints';
import {
  SITE_ORDER,
  SITES,
  serviceRegions,
  siteOf,
  siteRegions,
  type Region,
  type SiteId,
} from '../../../src/client/sites';

interface Row {
  url: string;
  guide: string;
  signingRegion?: string;
}
interface GuideSite {
  domain: string;
  console: string | null;
  oauth: string | null;
  rdsApiVersions: string[];
  identity?: Row;
  rds: Record<string, Row>;
  floatingIp: Record<string, Row>;
  transitHub: Record<string, Row>;
  storage: Record<string, Row>;
}
const guides = JSON.parse(readFileSync(join(__dirname, '../../fixtures/siteEndpoints.json'), 'utf8')) as {
  sites: Record<string, GuideSite>;
};

test('the table has exactly the sites the guides document, in the wizard order', () => {
  assert.deepEqual([...SITE_ORDER].sort(), Object.keys(guides.sites).sort());
  assert.deepEqual([...SITE_ORDER].sort(), Object.keys(SITES).sort());
});

for (const [id, guide] of Object.entries(guides.sites)) {
  const site = id as SiteId;
  test(`${id} (${guide.domain}): every address, region, console and API version as its guides write them`, () => {
    assert.equal(SITES[site].domain, guide.domain);
    assert.equal(SITES[site].console ?? null, guide.console);
    assert.equal(SITES[site].hosts.oauth ?? null, guide.oauth);
    assert.deepEqual([...SITES[site].rdsApiVersions], guide.rdsApiVersions);
    const services = [
      ['rds', 'rds'],
      ['floatingIp', 'network'],
      ['transitHub', 'network'],
      ['storage', 'storage'],
    ] as const;
    for (const [where, service] of services) {
      const rows = guide[where];
      assert.deepEqual(
        serviceRegions(site, where),
        Object.keys(rows).sort(
          (a, b) => siteRegions(site).indexOf(a as Region) - siteRegions(site).indexOf(b as Region),
        ),
        `${id} ${where}: regions`,
      );
      for (const [region, row] of Object.entries(rows)) {
        assert.equal(
          resolveEndpoint({ cloud: site, service, region: region as Region }),
          row.url,
          `${id} ${where} ${region} (${row.guide})`,
        );
        if (row.signingRegion)
          assert.equal(
            signingRegionFor(site, region as Region),
            row.signingRegion,
            `${id} ${region} signing (${row.guide})`,
          );
      }
    }
    if (guide.identity)
      assert.equal(
        resolveEndpoint({ cloud: site, service: 'identity' }),
        guide.identity.url.replace(/\/v2\.0$/, ''),
        `${id} identity (${guide.identity.guide})`,
      );
  });
}

test('a profile stored as public or gov resolves every address it resolved before the table', () => {
  // The addresses of the two-cloud code this table replaced, for the regions each cloud had.
  const before: Record<'public' | 'gov', { regions: Region[]; template: Record<string, string> }> = {
    public: {
      regions: ['KR1', 'KR2', 'KR3', 'JP1'],
      template: {
        rds: 'https://{region}-rds-mysql.api.nhncloudservice.com',
        identity: 'https://api-identity-infrastructure.nhncloudservice.com',
        network: 'https://{region}-api-network-infrastructure.nhncloudservice.com',
        storage: 'https://{region}-api-object-storage.nhncloudservice.com',
      },
    },
    gov: {
      regions: ['KR1', 'KR2'],
      template: {
        rds: 'https://{region}-rds-mysql.api.gov-nhncloudservice.com',
        identity: 'https://api-identity-infrastructure.gov-nhncloudservice.com',
        network: 'https://{region}-api-network-infrastructure.gov-nhncloudservice.com',
        storage: 'https://{region}-api-object-storage.gov-nhncloudservice.com',
      },
    },
  };
  for (const [cloud, old] of Object.entries(before) as [keyof typeof before, (typeof before)['public']][]) {
    for (const region of old.regions)
      for (const [service, template] of Object.entries(old.template))
        assert.equal(
          resolveEndpoint({ cloud, service: service as 'rds', region }),
          template.replace('{region}', region.toLowerCase()),
          `${cloud} ${service} ${region}`,
        );
  }
  // An override still wins, and a catalog address beats the table.
  assert.equal(
    resolveEndpoint({
      cloud: 'gov',
      service: 'storage',
      region: 'KR2',
      overrides: { storage: 'http://127.0.0.1:9/{region}/' },
    }),
    'http://127.0.0.1:9/kr2',
  );
  assert.equal(
    resolveEndpoint({ cloud: 'gov', service: 'network', region: 'KR1', catalogUrl: 'https://catalog.example/net' }),
    'https://catalog.example/net',
  );
});

test('signing region: the profile setting, else the site row, else the document default; unknown sites are refused', () => {
  assert.equal(signingRegionFor('gov', 'KR2'), 'KR2');
  assert.equal(signingRegionFor('gov', 'KR2', { KR2: 'gov' }), 'gov');
  assert.equal(signingRegionFor('public', 'US1'), DEFAULT_SIGNING_REGION);
  assert.throws(() => siteOf('moon'), /Unknown NHN Cloud site "moon"/);
  assert.throws(() => resolveEndpoint({ cloud: 'ngcc', service: 'rds', region: 'KR4' }), /offers no rds service/);
});
