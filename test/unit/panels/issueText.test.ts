// A schema issue as a form shows it: the field's label, a whole message per rule, any language
// (src/panels/model/issueText.ts; issue 25, rough edge 14).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setL10nBundle } from '../../../src/shared/l10n';
import { issueText, knownRule } from '../../../src/panels/model/issueText';
import { WIZARD_OPERATIONS } from '../../../src/panels/model/instanceForm';
import { RDS_CLIENT_API_VERSIONS, rdsOperationIn } from '../../../src/client/rds/versions';
import { CreateDbInstanceBody } from '../../../src/client/rds/schemas/instances';
import { fieldIssues } from '../../../src/client/rds/schemas/issues';

test('each rule of the schemas reads with the label instead of the API field', () => {
  setL10nBundle(undefined, 'en');
  assert.equal(issueText('dbPort must be between 3306 and 43306', 'Port'), 'Port must be between 3306 and 43306.');
  assert.equal(issueText('network.subnetId is required', 'Subnet'), 'Subnet is required.');
  assert.equal(
    issueText('dbUserName must be 4 to 16 characters long', 'User'),
    'User must be 4 to 16 characters long.',
  );
  assert.equal(issueText('x must be one of A, B', 'X'), 'X must be one of A, B.');
  // A rule this table does not know, or a field without a label, never shows the schema's words:
  // they name the API field (issue 63, defect 4).
  assert.equal(issueText('a must rhyme', 'A'), 'A has a value that is not accepted. Check it and try again.');
  assert.equal(
    issueText('dbPort must be between 1 and 2', undefined),
    'A value of the form is not accepted. Check the fields and try again.',
  );
});

test('in Korean the whole message is Korean, with the Korean label', () => {
  setL10nBundle({ '{0} must be between {1} and {2}.': '{0}은(는) {1}에서 {2} 사이여야 합니다.' }, 'ko');
  try {
    assert.equal(
      issueText('dbPort must be between 3306 and 43306', '포트'),
      '포트은(는) 3306에서 43306 사이여야 합니다.',
    );
  } finally {
    setL10nBundle(undefined, 'en');
  }
});

test("every issue the Create form's schema gives an empty body reads with a label (no API name left)", () => {
  const issues = fieldIssues(CreateDbInstanceBody, {
    dbPort: 80,
    network: {},
    storage: { storageSize: 5000 },
    backup: {},
  });
  assert.ok(issues.length > 3, 'the empty body has several issues');
  for (const i of issues) {
    const shown = issueText(i.message, 'LABEL');
    assert.match(shown, /^LABEL /, `"${i.message}" (${i.path}) reads as "${shown}"`);
  }
});

test("a DB instance name follows the guide's rule: 1 to 100 letters, digits, - and _, a letter first (issue 25, rough edge 15)", () => {
  setL10nBundle(undefined, 'en');
  const nameIssues = (name: string) =>
    fieldIssues(CreateDbInstanceBody, { dbInstanceName: name })
      .filter((i) => i.path === 'dbInstanceName')
      .map((i) => issueText(i.message, 'Instance name'));
  for (const good of ['orders-db', 'a', 'Orders_DB-2', `a${'b'.repeat(99)}`])
    assert.deepEqual(nameIssues(good), [], good);
  for (const bad of ['1orders', '-orders', 'orders db', 'orders.db', '주문', ''])
    assert.ok(nameIssues(bad).length > 0, `${JSON.stringify(bad)} passed`);
  assert.deepEqual(nameIssues('orders db'), [
    'Instance name must start with a letter and hold only letters, digits, - and _.',
  ]);
  assert.deepEqual(nameIssues(`a${'b'.repeat(100)}`), ['Instance name must be 1 to 100 characters long.']);
});

// Issue 63, defect 4 ("backupWndBgnTime must be a time of day..." under a field labelled Start 1):
// every check of every form's request schema (Create, the three Restores, Replicate; RDS API v3.0
// and v4.0), broken every way for every field, reads by the label alone, in English and Korean,
// with no field name of the schemas left in it.
type Def = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
};
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } })?._zod?.def;

/** Every leaf field of a request schema, as a path ("backup.backupSchedules[0].backupWndBgnTime"). */
function leafPaths(schema: unknown, prefix = ''): string[] {
  const d = defOf(schema);
  if (!d) return [];
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape!).flatMap(([k, v]) => {
        const p = prefix ? `${prefix}.${k}` : k;
        const below = leafPaths(v, p);
        return below.length ? below : [p];
      });
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'default':
    case 'readonly':
      return leafPaths(d.innerType, prefix);
    case 'array':
      return leafPaths(d.element, `${prefix}[0]`);
    case 'pipe': {
      const inner = leafPaths(d.in, prefix);
      return inner.length ? inner : leafPaths(d.out, prefix);
    }
    case 'union':
      return [...new Set(d.options!.flatMap((o) => leafPaths(o, prefix)))];
    default:
      return [];
  }
}

function setPath(o: Record<string, unknown>, path: string, v: unknown): void {
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let c = o as Record<string, unknown>;
  for (let i = 0; i < parts.length - 1; i++) {
    c[parts[i]] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
    c = c[parts[i]] as Record<string, unknown>;
  }
  c[parts[parts.length - 1]] = v;
}

const BROKEN: unknown[] = [{}, -99999, 99999999, 'x'.repeat(300), '!!', '', 1.5, true, ['a b']];

function everyIssue(): { messages: Map<string, string>; fieldNames: Set<string> } {
  const messages = new Map<string, string>();
  const fieldNames = new Set<string>();
  for (const version of RDS_CLIENT_API_VERSIONS)
    for (const op of WIZARD_OPERATIONS) {
      const schema = rdsOperationIn(version, op)?.body;
      if (!schema) continue;
      const paths = leafPaths(schema);
      for (const p of paths) for (const name of p.split(/[.[\]]+/)) if (/^[a-z]/.test(name)) fieldNames.add(name);
      for (const p of paths)
        for (const bad of BROKEN) {
          const body: Record<string, unknown> = {};
          setPath(body, p, bad);
          for (const i of fieldIssues(schema as Parameters<typeof fieldIssues>[0], body))
            messages.set(`${i.path}\n${i.message}`, `${version} ${op} ${i.path}`);
        }
    }
  return { messages, fieldNames };
}

for (const lang of ['en', 'ko'] as const) {
  test(`every issue of every form schema reads by its label in ${lang}, with no API field name (issue 63, defect 4)`, () => {
    const bundle =
      lang === 'en'
        ? undefined
        : JSON.parse(readFileSync(join(__dirname, '../../../l10n/bundle.l10n.ko.json'), 'utf8'));
    setL10nBundle(bundle, lang);
    try {
      const { messages, fieldNames } = everyIssue();
      assert.ok(messages.size > 20, `the schemas give many messages (${messages.size})`);
      assert.ok(fieldNames.has('backupWndBgnTime') && fieldNames.has('dbFlavorId'), 'the field names are collected');
      const unknown = [...messages]
        .map(([k, where]) => [k.split('\n')[1], where])
        .filter(([m]) => !knownRule(m))
        .map(([m, where]) => `${where}: ${m}`);
      assert.deepEqual(unknown, [], 'rules issueText does not know (they would read as the fallback)');
      const leaks: string[] = [];
      for (const [k, where] of messages) {
        const m = k.split('\n')[1];
        const shown = issueText(m, '«LABEL»');
        if (!shown.includes('«LABEL»')) leaks.push(`${where}: "${shown}" does not name the label`);
        const named = shown.split(/[^A-Za-z]+/).filter((w) => fieldNames.has(w));
        if (named.length) leaks.push(`${where}: "${shown}" names ${named.join(', ')}`);
        if (lang === 'ko' && !/[\uac00-\ud7a3]/.test(shown)) leaks.push(`${where}: "${shown}" is not Korean`);
      }
      assert.deepEqual(leaks, []);
    } finally {
      setL10nBundle(undefined, 'en');
    }
  });
}
