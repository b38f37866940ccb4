// RDS for MariaDB's guides against the shared operations table (issue 65): the MariaDB guides'
// every endpoint (test/fixtures/mariadbV3Guide.json and mariadbV4Guide.json, extracted by
// `npm run check:guide -- --write-fixture` from TOAST-DOCS/RDS-FOR-MARIADB en/api-guide-v3.0.md and
// -v4.0.md) has exactly one operation of the product's table (src/client/products.ts
// productOperations: v3.0's 82, v4.0's first release of 81) with its method, path, path parameters
// and permission under RDSforMariaDB; every request field is one the schema knows; every request
// example passes the request schema and every response example the response schema, but for the
// guide's own typos named in scripts/checkGuide/accepted.ts (ACCEPTED_MARIADB) with the reason.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ACCEPTED_MARIADB } from '../../../scripts/checkGuide/accepted';
import { acceptedBy, differences, type DifferenceKind } from '../../../scripts/checkGuide/check';
import type { GuideEndpoint } from '../../../scripts/checkGuide/parse';
import { productOperations } from '../../../src/client/products';

const CHECKED: DifferenceKind[] = [
  'missing-operation',
  'path-parameter',
  'permission',
  'unknown-field',
  'request-example',
  'response-example',
];
const anonymous = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

for (const [file, version, count] of [
  ['mariadbV3Guide.json', 'v3.0', 82],
  ['mariadbV4Guide.json', 'v4.0', 81],
] as const) {
  const guide = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures', file), 'utf8')) as {
    version: string;
    endpoints: GuideEndpoint[];
  };
  const table = productOperations('mariadb', version);

  test(`MariaDB ${version}: the guide's ${count} endpoints are the product's ${count} operations, one each`, () => {
    assert.equal(guide.version, version);
    assert.equal(guide.endpoints.length, count);
    assert.deepEqual(
      table.map((op) => `${op.method} ${anonymous(op.path)}`).sort(),
      guide.endpoints.map((e) => `${e.method} ${anonymous(e.path)}`).sort(),
    );
  });

  test(`MariaDB ${version}: every example and field fits the schemas, but for the guide's named typos`, () => {
    const found = differences(version, guide.endpoints, table).filter(
      (d) => CHECKED.includes(d.kind) && !acceptedBy(d, ACCEPTED_MARIADB),
    );
    assert.deepEqual(
      found.map((d) => `${d.endpoint}: ${d.message}`),
      [],
    );
    // The examples were checked: the guide has them.
    assert.ok(guide.endpoints.filter((e) => e.responseExample).length > count / 2);
  });
}
