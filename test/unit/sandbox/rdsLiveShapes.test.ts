// The RDS sandbox takes exactly what the service takes, sent as raw JSON (not through the
// client, whose schemas the sandbox shares): a misspelt field is refused by name, and a user
// group of all members needs no memberIds (the service owners' guide).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { raw } from '../../support/sandbox';

describe('RDS sandbox: the shapes of the service owners guide', () => {
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox({ timeScale: 3_600_000 });
  });
  after(() => sb.close());

  test('a misspelt body field is refused by name, nothing created', async () => {
    const r = await raw(sb, 'POST', '/v3.0/user-groups', {
      body: JSON.stringify({ userGroupName: 'typo-group', selectAllYN: true, memberIdz: [] }),
    });
    assert.equal(r.json.header.isSuccessful, false);
    assert.match(r.json.header.resultMessage, /memberIdz is not a field of this request/);
    const list = await raw(sb, 'GET', '/v3.0/user-groups');
    assert.ok(!list.json.userGroups.some((g: { userGroupName: string }) => g.userGroupName === 'typo-group'));
  });

  test('a user group of all members without memberIds', async () => {
    const r = await raw(sb, 'POST', '/v3.0/user-groups', {
      body: JSON.stringify({ userGroupName: 'everyone', selectAllYN: true }),
    });
    assert.equal(r.json.header.isSuccessful, true, r.text);
    const none = await raw(sb, 'POST', '/v3.0/user-groups', { body: JSON.stringify({ userGroupName: 'nobody' }) });
    assert.equal(none.json.header.isSuccessful, false);
    assert.match(none.json.header.resultMessage, /memberIds is required unless selectAllYN is true/);
  });
});
