// The drift check of the RDS API guides (`npm run check:guide`, scripts/checkGuide; issue 61, item 5),
// on trimmed copies of the vendor's current guides (test/fixtures/guides, five endpoints each): a clean
// endpoint reports nothing; each kind of difference, injected into a copy here, is reported and exits 1;
// an accepted difference is counted, not reported. Then the acceptance over the whole guides as extracted
// (test/fixtures/rdsV4Guide.json, rdsV3Guide.json): every request schema accepts each request example of
// the current guides, but for the guide's own typos and placeholders that scripts/checkGuide/accepted.ts
// names with the reason.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { ACCEPTED } from '../../../scripts/checkGuide/accepted';
import { acceptedBy, differences, report, type Difference } from '../../../scripts/checkGuide/check';
import { main } from '../../../scripts/checkGuide/main';
import { parseGuide, type GuideEndpoint } from '../../../scripts/checkGuide/parse';

const FIXTURES = path.join(__dirname, '../../fixtures');
const V4 = readFileSync(path.join(FIXTURES, 'guides/mysql-v4.0-trimmed.md'), 'utf8');
const V3 = readFileSync(path.join(FIXTURES, 'guides/mysql-v3.0-trimmed.md'), 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'check-guide-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `npm run check:guide -- <args> <a file holding text>`: the exit code and what it printed. */
function run(text: string, ...args: string[]): { code: number; output: string } {
  const file = path.join(dir, `guide-${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(file, text);
  const lines: string[] = [];
  const code = main([...args, file], (s) => lines.push(s));
  return { code, output: lines.join('\n') };
}

/** The text with `from` replaced by `to`, once; fails when `from` is not in it (the fixture changed). */
function inject(text: string, from: string, to: string): string {
  assert.equal(text.split(from).length, 2, `"${from}" is in the trimmed guide exactly once`);
  return text.replace(from, to);
}

const PROTECTION = 'PUT /v4.0/db-instances/{dbInstanceId}/deletion-protection';
const PROTECTION_ROW = '| useDeletionProtection | Boolean | Y | Whether to protect against deletion |';

test('the trimmed guides read as their layout says: version, endpoints, fields, conditions and listed values', () => {
  const v4 = parseGuide(V4);
  assert.equal(v4.version, 'v4.0');
  assert.deepEqual(
    v4.endpoints.map((e) => `${e.method} ${e.path}`),
    [
      'GET /v4.0/db-instance-groups/{dbInstanceGroupId}',
      'PUT /v4.0/db-instances/{dbInstanceId}/backup-info',
      PROTECTION,
      'POST /v4.0/db-instances/{dbInstanceId}/log-files/export',
      'GET /v4.0/backups',
    ],
  );
  assert.deepEqual(v4.warnings, []);
  const [group, backupInfo, protection, , backups] = v4.endpoints;
  assert.deepEqual(group.pathParams, ['dbInstanceGroupId']);
  assert.equal(protection.permission, 'RDSforMySQL:DbInstance.Modify');
  assert.deepEqual(protection.body, [{ name: 'useDeletionProtection', required: true, format: 'Boolean' }]);
  assert.deepEqual(protection.requestExample, { useDeletionProtection: false });
  assert.deepEqual(backupInfo.body.find((f) => f.name === 'backupSchedules.backupWndDuration')?.values, [
    'HALF_AN_HOUR',
    'ONE_HOUR',
    'ONE_HOUR_AND_HALF',
    'TWO_HOURS',
    'TWO_HOURS_AND_HALF',
    'THREE_HOURS',
  ]);
  assert.deepEqual(
    backups.query.map((f) => `${f.name}${f.required ? '!' : ''}`),
    ['backupType', 'dbInstanceId', 'dbVersion', 'page', 'size'],
  );
  // The response example without its header.
  assert.deepEqual(Object.keys(group.responseExample as object), [
    'dbInstanceGroupId',
    'dbInstanceGroupName',
    'dbInstanceGroupStatus',
    'replicationType',
    'dbInstances',
    'createdYmdt',
    'updatedYmdt',
  ]);
  const v3 = parseGuide(V3);
  assert.equal(v3.version, 'v3.0');
  assert.equal(v3.endpoints.length, 5);
  // v3.0 names no permissions; its backup list requires paging.
  assert.ok(v3.endpoints.every((e) => e.permission === ''));
  assert.deepEqual(
    v3.endpoints[4].query.filter((f) => f.required).map((f) => f.name),
    ['page', 'size'],
  );
});

test('the layout before 2026-05 reads too: one table with Type Body, Required O or X, conditions in the cell', () => {
  const old = [
    '## DB Instance',
    '### Restore DB Instance',
    '```http',
    'POST /v4.0/db-instances/{dbInstanceId}/restore',
    '```',
    '| Permission Name | Description |',
    '|---|---|',
    '| RDSforMySQL:DbInstance.Restore | Restore |',
    '#### Request',
    '| Name | Type | Format | Required | Description |',
    '|---|---|---|---|---|',
    '| dbInstanceId | URL | UUID | O | DB instance identifier |',
    '| restore.restoreType | Body | Enum | O | Restoration type<br/>- `TIMESTAMP`<br/>- `BACKUP` |',
    '| restore.backupId | Body | UUID | O (if restoreType is `BACKUP`) | Backup',
    'identifier |',
    '| description | Body | String | X | Description |',
    '```json',
    '{ "restore": { "restoreType": "TIMESTAMP", }, // a comment',
    '  ... }',
    '```',
    '#### Response',
    '| Name | Type | Format | Description |',
    '|---|---|---|---|',
    '| jobId | Body | UUID | Task identifier |',
  ].join('\n');
  const g = parseGuide(old);
  const [e] = g.endpoints;
  assert.equal(e.permission, 'RDSforMySQL:DbInstance.Restore');
  assert.deepEqual(e.pathParams, ['dbInstanceId']);
  assert.deepEqual(e.body, [
    { name: 'restore.restoreType', required: true, format: 'Enum', values: ['TIMESTAMP', 'BACKUP'] },
    { name: 'restore.backupId', required: false, format: 'UUID', requiredWhen: ['if restoreType is `BACKUP`'] },
    { name: 'description', required: false, format: 'String' },
  ]);
  assert.deepEqual(e.requestExample, { restore: { restoreType: 'TIMESTAMP' } });
  assert.deepEqual(e.response, [{ name: 'jobId', format: 'UUID' }]);
  assert.deepEqual(g.cleaned, ['Restore DB Instance (request)']);
  assert.equal(g.warnings.length, 1, 'the broken row is joined back, with a warning');
});

test('a clean guide reports nothing and exits 0; the accepted difference is counted, not reported', () => {
  for (const text of [V4, V3]) {
    const { code, output } = run(text, '--partial');
    assert.equal(code, 0, output);
    assert.match(output, /^ +0 {2}differences in all, at 0 endpoints$/m);
    // Export Log File's example exports logFileNames [] (a placeholder, accepted).
    assert.match(output, /^ +1 {2}accepted \(scripts\/checkGuide\/accepted\.ts\)$/m);
    assert.doesNotMatch(output, /logFileNames/);
  }
  const shown = run(V4, '--partial', '--show-accepted').output;
  assert.match(
    shown,
    /request example at logFileNames: .*\[accepted: placeholder: the example exports logFileNames \[\]/,
  );
  // The same difference without the accepted list is reported.
  const guide = parseGuide(V4);
  const diffs = differences('v4.0', guide.endpoints, undefined, { partial: true });
  assert.deepEqual(
    diffs.map((d) => `${d.kind} ${d.field}`),
    ['request-example logFileNames'],
  );
  const unaccepted = report('trimmed', 'v4.0', guide.endpoints, diffs, []);
  assert.equal(unaccepted.open.length, 1);
  assert.match(unaccepted.text, /request example at logFileNames/);
  // The clean endpoints, one by one: nothing.
  for (const e of guide.endpoints.filter((x) => !x.path.endsWith('/export')))
    assert.deepEqual(differences('v4.0', [e], undefined, { partial: true }), [], `${e.method} ${e.path}`);
});

/** The injected variants: what to change in the v4.0 copy, and the line the check must print. */
const INJECTED: { kind: string; from: string; to: string; line: RegExp }[] = [
  {
    kind: 'unknown field',
    from: PROTECTION_ROW,
    to: PROTECTION_ROW.replace('useDeletionProtection', 'useDeletionProtections'),
    line: /- body field useDeletionProtections: the guide documents it, the body schema does not know it/,
  },
  {
    kind: 'refused listed value',
    from: PROTECTION_ROW,
    to: PROTECTION_ROW.replace('deletion |', 'deletion<br/>- `MAYBE`: when in doubt |'),
    line: /- body field useDeletionProtection: the guide lists MAYBE, the schema refuses it/,
  },
  {
    kind: 'required-ness',
    from: PROTECTION_ROW,
    to: PROTECTION_ROW.replace('| Y |', '| N |'),
    line: /- body field useDeletionProtection: the guide makes it optional, the schema requires it/,
  },
  {
    kind: 'missing endpoint',
    from: PROTECTION,
    to: `${PROTECTION}s`,
    line: /- no v4\.0 operation has this method and path/,
  },
  {
    kind: 'request example',
    from: '    "useDeletionProtection": false\n',
    to: '    "useDeletionProtection": "no"\n',
    line: /- request example at useDeletionProtection: /,
  },
];

for (const v of INJECTED) {
  test(`an injected ${v.kind} is reported under its endpoint and exits 1`, () => {
    const { code, output } = run(inject(V4, v.from, v.to), '--partial');
    assert.equal(code, 1, output);
    assert.match(output, v.line);
    assert.match(
      output,
      /^PUT \/v4\.0\/db-instances\/\{dbInstanceId\}\/deletion-protections? {2}\(Change DB Instance Deletion Protection Settings\)$/m,
    );
    assert.match(output, /^ +1 {2}differences in all, at 1 endpoints$/m);
  });
}

test('without --partial, the operations an excerpt leaves out are reported, and --json lists the differences', () => {
  const { code, output } = run(V4);
  assert.equal(code, 1);
  assert.match(output, /^GET \/v4\.0\/db-instances\/\{dbInstanceId\} {2}\(rds\.v4\.getDbInstance\)$/m);
  assert.match(output, /- rds\.v4\.getDbInstance: the guide has no endpoint with this method and path/);
  assert.match(output, /operations the guide does not document/);
  const json = JSON.parse(run(inject(V4, PROTECTION, `${PROTECTION}s`), '--partial', '--json').output) as {
    version: string;
    differences: Difference[];
  }[];
  assert.equal(json[0].version, 'v4.0');
  assert.deepEqual(
    json[0].differences.map((d) => [d.kind, d.endpoint]),
    [['missing-operation', `${PROTECTION}s`]],
  );
});

test('--write-fixture writes the endpoints as read, in prettier-compatible JSON', () => {
  const out = path.join(dir, 'fixture.json');
  const { code } = run(V3, '--partial', '--write-fixture', out, '--source', 'trimmed v3.0');
  assert.equal(code, 0);
  const fixture = JSON.parse(readFileSync(out, 'utf8')) as {
    source: string;
    version: string;
    endpoints: GuideEndpoint[];
  };
  assert.equal(fixture.source, 'trimmed v3.0');
  assert.equal(fixture.version, 'v3.0');
  assert.deepEqual(fixture.endpoints, JSON.parse(JSON.stringify(parseGuide(V3).endpoints)));
  assert.equal(main(['--write-fixture', out]), 2, 'a fixture needs exactly one guide');
});

// ---------------------------------------------------------------------------------------------------------
// The acceptance over the whole current guides, as extracted.

const fixture = (file: string) =>
  JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as { version: string; endpoints: GuideEndpoint[] };

for (const [file, version, count] of [
  ['rdsV4Guide.json', 'v4.0', 97],
  ['rdsV3Guide.json', 'v3.0', 87],
] as const) {
  const guide = fixture(file);
  const diffs = differences(version, guide.endpoints, undefined, { partial: true });

  test(`${file}: the current ${version} guide, ${count} endpoints`, () => {
    assert.equal(guide.version, version);
    assert.equal(guide.endpoints.length, count);
  });

  test(`${version}: every request schema accepts each request example of the guide, but for its named typos and placeholders`, () => {
    const refused = diffs.filter((d) => d.kind === 'request-example' && !acceptedBy(d, ACCEPTED));
    assert.deepEqual(
      refused.map((d) => `${d.endpoint}: ${d.message}`),
      [],
      "fix the schema, or name the guide's own mistake in scripts/checkGuide/accepted.ts with the reason",
    );
    // Every accepted example difference of this version still happens (a corrected guide removes its entry).
    for (const a of ACCEPTED.filter((x) => x.version === version && x.kind === 'request-example'))
      assert.ok(
        diffs.some((d) => acceptedBy(d, [a])),
        `${a.endpoint} ${a.field}: the guide no longer shows this (${a.why}); remove the entry`,
      );
  });

  test(`${version}: every response schema accepts each response example of the guide`, () => {
    const refused = diffs.filter((d) => d.kind === 'response-example' && !acceptedBy(d, ACCEPTED));
    assert.deepEqual(
      refused.map((d) => `${d.endpoint}: ${d.message}`),
      [],
    );
  });
}
