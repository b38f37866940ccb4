// The Add Profile wizard (src/profiles/wizard.ts): what the cloud step carries to the regions step; which fields are masked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();
const { masksInput, regionsAfterCloudStep } =
  require('../../../src/profiles/wizard') as typeof import('../../../src/profiles/wizard');

test('another cloud starts the regions step from its own defaults; the same cloud keeps the choice (issue 25, defect 6)', () => {
  // Public → Government → Public: the public defaults again, not the government's KR1 and KR2.
  const gov = regionsAfterCloudStep('public', 'gov', ['KR1', 'KR2', 'JP1']);
  assert.deepEqual(gov, [], 'government starts from its defaults');
  const back = regionsAfterCloudStep('gov', 'public', ['KR1', 'KR2']);
  assert.deepEqual(back, [], 'public starts from its defaults (every public region checked)');
  // Editing a profile without changing its cloud keeps what the user chose.
  assert.deepEqual(regionsAfterCloudStep('public', 'public', ['JP1']), ['JP1']);
});

test('the wizard shows IDs as typed and masks only secrets (issue 25, rough edge 21)', () => {
  for (const id of ['rdsAppKey', 'rdsAccessKeyId', 's3AccessKey', 'identityTenantId', 'identityUsername'] as const)
    assert.equal(masksInput(id), false, `${id} is shown`);
  for (const secret of ['rdsSecretAccessKey', 'identityApiPassword', 's3SecretKey'] as const)
    assert.equal(masksInput(secret), true, `${secret} is masked`);
});
