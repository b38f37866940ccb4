// The table of RDS products (src/client/products.ts, issue 65) against the vendor's guides
// (test/fixtures/rdsProducts.json, written by hand from them): each product's hosts per site and
// region, permission prefix, engines and authentication plugins; and the operations RDS for
// MariaDB's v4.0 lacks are exactly those its guide leaves out, asked through the same function as a
// version's (productHas).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { resolveEndpoint } from '../../../src/client/endpoints';
import {
  productHas,
  productOperations,
  productPermission,
  productRegions,
  productsIn,
  RDS_PRODUCT_ORDER,
  RDS_PRODUCTS,
} from '../../../src/client/products';
import { RDS_V4_OPERATIONS, rdsOperationName } from '../../../src/client/rds/versions';
import { SITE_ORDER, SITES, type Region, type SiteId } from '../../../src/client/sites';

interface GuideProduct {
  label: string;
  permissionPrefix: string;
  hosts?: Record<string, Record<string, string>>;
  authenticationPlugins?: string[];
  engines?: [string, boolean, boolean][];
  v4Lacks?: string[];
}
const guide = JSON.parse(readFileSync(join(__dirname, '../../fixtures/rdsProducts.json'), 'utf8')) as {
  products: Record<string, GuideProduct>;
};

test('the table has exactly the products the guides document, MySQL first', () => {
  assert.deepEqual([...RDS_PRODUCT_ORDER], Object.keys(guide.products));
  for (const [id, g] of Object.entries(guide.products)) {
    const p = RDS_PRODUCTS[id as 'mysql' | 'mariadb'];
    assert.equal(p.label, g.label);
    assert.equal(p.permissionPrefix, g.permissionPrefix);
  }
});

test('RDS for MariaDB runs where its guides say, at the host they write, and nowhere else', () => {
  const g = guide.products.mariadb;
  for (const site of SITE_ORDER) {
    const want = g.hosts![site] ?? {};
    assert.deepEqual([...productRegions('mariadb', site)], Object.keys(want), site);
    for (const [region, url] of Object.entries(want))
      assert.equal(resolveEndpoint({ cloud: site, service: 'rdsMariadb', region: region as Region }), url);
  }
  assert.deepEqual(
    productsIn('public', 'KR1').map((p) => p.id),
    ['mysql', 'mariadb'],
  );
  assert.deepEqual(
    productsIn('public', 'KR2').map((p) => p.id),
    ['mysql'],
  );
  // The profile's override wins, as for every service.
  assert.equal(
    resolveEndpoint({
      cloud: 'public',
      service: 'rdsMariadb',
      region: 'KR1',
      overrides: { rdsMariadb: 'http://127.0.0.1:9/rdsMariadb/{region}' },
    }),
    'http://127.0.0.1:9/rdsMariadb/kr1',
  );
});

test('RDS for MySQL runs exactly where the sites table has RDS', () => {
  for (const site of SITE_ORDER)
    assert.deepEqual([...productRegions('mysql', site)], [...SITES[site as SiteId].regions.rds], site);
});

test('MariaDB engines and authentication plugins are its guide’s table', () => {
  const g = guide.products.mariadb;
  assert.deepEqual(
    RDS_PRODUCTS.mariadb.engines.map((e) => [e.dbVersion, e.canCreate, e.restorableFromObs]),
    g.engines,
  );
  assert.deepEqual([...RDS_PRODUCTS.mariadb.authenticationPlugins].sort(), [...g.authenticationPlugins!].sort());
});

test('MariaDB v4.0 lacks exactly what its guide leaves out; v3.0 lacks nothing; MySQL lacks nothing', () => {
  const lacks = RDS_V4_OPERATIONS.filter((op) => !productHas('mariadb', 'public', 'v4.0', rdsOperationName(op))).map(
    (op) => `${op.method} ${op.path}`,
  );
  assert.deepEqual(lacks.sort(), [...guide.products.mariadb.v4Lacks!].sort());
  assert.equal(productOperations('mariadb', 'v4.0').length, 97 - lacks.length);
  assert.equal(productOperations('mariadb', 'v3.0').length, 82);
  assert.equal(productOperations('mysql', 'v4.0').length, 97);
  assert.ok(productHas('mysql', 'public', 'v4.0', 'listBinLogs'));
  assert.ok(!productHas('mariadb', 'public', 'v4.0', 'listBinLogs'));
});

test('a v4.0 permission is named under the product’s prefix', () => {
  assert.equal(productPermission('mariadb', 'RDSforMySQL:DbInstance.List'), 'RDSforMariaDB:DbInstance.List');
  assert.equal(productPermission('mysql', 'RDSforMySQL:DbInstance.List'), 'RDSforMySQL:DbInstance.List');
  assert.ok(
    productOperations('mariadb', 'v4.0').every((op) => !op.permission || op.permission.startsWith('RDSforMariaDB:')),
  );
});
