// A schema issue as a form shows it: the field's label, a whole message per rule, any language
// (src/panels/model/issueText.ts; issue 25, rough edge 14).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setL10nBundle } from '../../../src/shared/l10n';
import { issueText } from '../../../src/panels/model/issueText';
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
  // A rule this table does not know keeps the schema's own words (nothing is hidden), as does a field without a label.
  assert.equal(issueText('a must rhyme', 'A'), 'a must rhyme');
  assert.equal(issueText('dbPort must be between 1 and 2', undefined), 'dbPort must be between 1 and 2');
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
