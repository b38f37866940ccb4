// The RDS API v4.0 table against the vendor's guide (issue 27, item 5): test/fixtures/rdsV4Guide.json
// holds every endpoint of `en/api-guide-v4.0.md` (written by scripts/fixtures/rds-v4-guide.mjs), and
// rdsV4GuideAdditions.json the six its successor `en/public/api-guide-mysql-v4.0.md` added (issue 61).
// Every endpoint has exactly one operation of the v4.0 table with its method and path; each
// operation's body and query schemas accept the guide's request example and its response schema
// the guide's response example (the same check the v3.0 document's examples get), and every
// request field the guide names is a field the schema knows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { describeOperation, type Operation } from '../../../src/client/operation';
import { RDS_OPERATIONS } from '../../../src/client/rds/schemas';
import { RDS_V4_OPERATIONS, rdsOperationIn, rdsOperationName } from '../../../src/client/rds/versions';

interface GuideField {
  name: string;
  required?: boolean;
  format: string;
}
interface GuideEndpoint {
  title: string;
  method: string;
  path: string;
  permission: string;
  pathParams: string[];
  query: GuideField[];
  body: GuideField[];
  response: GuideField[];
  requestExample: unknown;
  responseExample: unknown;
}
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(__dirname, '../../fixtures', file), 'utf8')) as { endpoints: GuideEndpoint[] };
/** The guide of March 2026 (91 endpoints), then the six its successor added (issue 61). */
const guide = { endpoints: [...read('rdsV4Guide.json').endpoints, ...read('rdsV4GuideAdditions.json').endpoints] };

/**
 * Where the guide's own example contradicts its field table, the table wins; each entry says
 * what the example gets wrong, and the test checks the example is still wrong that way (so a
 * corrected guide removes the entry).
 */
const EXAMPLE_ERRATA: Record<string, { fix: (example: Record<string, unknown>) => void; why: string }> = {
  'POST /v4.0/db-instances/{dbInstanceId}/replicate': {
    why: 'the example spells storage.storageSize "stroageSize"',
    fix: (e) => {
      const storage = e.storage as Record<string, unknown>;
      storage.storageSize = storage.stroageSize;
      delete storage.stroageSize;
    },
  },
  'POST /v4.0/notification-groups': {
    why: 'the example says isEnable; the table says isEnabled',
    fix: (e) => {
      e.isEnabled = e.isEnable;
      delete e.isEnable;
    },
  },
};

/** Permissions the table names differently from the guide, and why (the test checks the guide still says so). */
const PERMISSION_ERRATA: Record<string, { guide: string; why: string }> = {
  'DELETE /v4.0/db-security-groups/{dbSecurityGroupId}/rules': {
    guide: 'RDSforMySQL:DbSecurityGroupRule.Create',
    why: 'the guide names the create permission for the delete call, a copy of the row above it',
  },
};

const byRoute = new Map(RDS_V4_OPERATIONS.map((op) => [`${op.method} ${op.path}`, op]));
const anonymous = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

test('the guide has 97 endpoints and the v4.0 table 97 operations, one for each, by method and path', () => {
  assert.equal(guide.endpoints.length, 97);
  assert.equal(RDS_V4_OPERATIONS.length, 97);
  const table = RDS_V4_OPERATIONS.map((op) => `${op.method} ${anonymous(op.path)}`).sort();
  const documented = guide.endpoints.map((e) => `${e.method} ${anonymous(e.path)}`).sort();
  assert.deepEqual(table, documented);
  assert.equal(new Set(RDS_V4_OPERATIONS.map((op) => op.id)).size, 97);
});

test('v4.0 keeps 79 of v3.0s operations under their names, drops 3 and adds 18; v3.0 keeps its 82', () => {
  assert.equal(RDS_OPERATIONS.length, 82);
  const v3 = new Set(RDS_OPERATIONS.map(rdsOperationName));
  const v4 = RDS_V4_OPERATIONS.map(rdsOperationName);
  assert.equal(v4.filter((n) => v3.has(n)).length, 79);
  assert.deepEqual([...v3].filter((n) => !v4.includes(n)).sort(), [
    'backupDbInstance',
    'backupDbInstanceToObjectStorage',
    'listStorages',
  ]);
  assert.equal(rdsOperationIn('v3.0', 'createBackup'), undefined);
  assert.equal(rdsOperationIn('v4.0', 'backupDbInstance'), undefined);
  assert.equal(
    describeOperation(rdsOperationIn('v4.0', 'getDbInstance')!),
    'rds GET /v4.0/db-instances/{dbInstanceId}',
  );
  // A site whose guide documents the first release (July 2025) has no March 2026 additions.
  assert.equal(rdsOperationIn('v4.0', 'listBinLogs', '2025-07'), undefined);
  assert.ok(rdsOperationIn('v4.0', 'createBackup', '2025-07'));
  // Nor the six documented since (issue 61); v3.0 never had them.
  for (const name of ['getHighAvailability', 'listMaintenances', 'listAvailabilityZones'] as const) {
    assert.equal(rdsOperationIn('v4.0', name, '2025-07'), undefined, name);
    assert.equal(rdsOperationIn('v3.0', name), undefined, name);
    assert.ok(rdsOperationIn('v4.0', name), name);
  }
});

/** Whether the schema has a field at a dotted path (through optional, nullable, arrays, pipes, checks and unions). */
function shapeAt(schema: unknown, dotted: string): boolean {
  const [key, ...rest] = dotted.split('.');
  return objectsOf(schema).some(
    (o) => key in o.def.shape && (!rest.length || shapeAt(o.def.shape[key], rest.join('.'))),
  );
}
/** The object schemas a schema stands for (a union, such as createBackup's by method, stands for each member). */
function objectsOf(s: unknown): { def: { shape: Record<string, unknown> } }[] {
  for (let i = 0; i < 10 && s; i++) {
    const def = (s as { def: Record<string, unknown> }).def;
    if (def.type === 'object') return [s as { def: { shape: Record<string, unknown> } }];
    if (def.type === 'union' && Array.isArray(def.options)) return def.options.flatMap(objectsOf);
    s = def.innerType ?? def.element ?? def.in;
  }
  return [];
}

for (const e of guide.endpoints) {
  const key = `${e.method} ${e.path}`;
  test(`${key} (${e.title}): the guide's fields and examples fit the v4.0 operation's schemas`, () => {
    const op: Operation | undefined = byRoute.get(key);
    assert.ok(op, `no v4.0 operation for ${key}`);
    // The permission a refusal names: the guide's, where it is not an erratum.
    const permissionErratum = PERMISSION_ERRATA[key];
    if (permissionErratum) {
      assert.equal(e.permission, permissionErratum.guide, `${key}: fixed in the guide? (${permissionErratum.why})`);
      assert.notEqual(op.permission, e.permission);
    } else assert.equal(op.permission, e.permission, `${op.id}: permission`);
    // Path parameters by position (the table names them as the guide does).
    assert.deepEqual(
      op.path.match(/\{[^}]+\}/g) ?? [],
      e.pathParams.map((p) => `{${p}}`),
    );
    for (const f of e.body) {
      assert.ok(shapeAt(op.body, f.name), `${op.id}: the guide's body field ${f.name} is not in the body schema`);
    }
    for (const f of e.query)
      assert.ok(shapeAt(op.query, f.name), `${op.id}: the guide's query field ${f.name} is not in the query schema`);
    if (e.requestExample && typeof e.requestExample === 'object') {
      const example = structuredClone(e.requestExample) as Record<string, unknown>;
      const erratum = EXAMPLE_ERRATA[key];
      if (erratum) {
        assert.equal(op.body!.safeParse(example).success, false, `${key}: fixed in the guide? (${erratum.why})`);
        erratum.fix(example);
      }
      const r = op.body!.safeParse(example);
      assert.ok(r.success, `${op.id} refuses the guide's request example: ${JSON.stringify(r.error?.issues)}`);
    }
    if (e.responseExample && typeof e.responseExample === 'object' && op.response) {
      const r = op.response.safeParse(e.responseExample);
      assert.ok(r.success, `${op.id} refuses the guide's response example: ${JSON.stringify(r.error?.issues)}`);
    }
  });
}
