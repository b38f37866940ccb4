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

test('RDS API version: a new profile starts from its site default (v4.0 where the guide has the current v4.0 and a token host), an edited one keeps its own while the site has it', () => {
  const { rdsVersionAfterCloudStep, rdsVersionsOf } =
    require('../../../src/profiles/wizard') as typeof import('../../../src/profiles/wizard');
  const { defaultRdsApiVersion } = require('../../../src/client/sites') as typeof import('../../../src/client/sites');
  assert.equal(defaultRdsApiVersion('public'), 'v4.0');
  assert.equal(defaultRdsApiVersion('gov'), 'v4.0');
  // The current v4.0 but no token host known, or the first release of v4.0: v3.0.
  assert.equal(defaultRdsApiVersion('ncgn'), 'v3.0');
  assert.equal(defaultRdsApiVersion('ngsc'), 'v3.0');
  assert.deepEqual(rdsVersionsOf('ngsc'), ['v3.0', 'v4.0']);
  assert.deepEqual(rdsVersionsOf('ngcc'), []);
  // New profiles follow the site.
  assert.equal(rdsVersionAfterCloudStep({ cloud: 'public', rdsApiVersion: 'v4.0' }, 'ngsc', false), 'v3.0');
  assert.equal(rdsVersionAfterCloudStep({ cloud: 'ngsc', rdsApiVersion: 'v3.0' }, 'gov', false), 'v4.0');
  // A profile saved before v4.0 (no version) keeps v3.0; a chosen v4.0 survives a move to a site that has it.
  assert.equal(rdsVersionAfterCloudStep({ cloud: 'public' }, 'public', true), undefined);
  assert.equal(rdsVersionAfterCloudStep({ cloud: 'public' }, 'gov', true), undefined);
  assert.equal(rdsVersionAfterCloudStep({ cloud: 'public', rdsApiVersion: 'v4.0' }, 'ngsc', true), 'v4.0');
  // A site without RDS has no version.
  assert.equal(rdsVersionAfterCloudStep({ cloud: 'public', rdsApiVersion: 'v4.0' }, 'ngcc', true), undefined);
});

test('Add Profile asks only the keys of the services the site runs: the storage-only site asks no RDS key nor network tenant (issue 63)', () => {
  const { fieldsAsked } = require('../../../src/profiles/wizard') as typeof import('../../../src/profiles/wizard');
  assert.deepEqual(fieldsAsked('ngcc'), [
    'identityUsername',
    'identityApiPassword',
    'storageTenantId',
    's3AccessKey',
    's3SecretKey',
  ]);
  // RDS for MariaDB's app key where the site runs it (public, gov), not on ngsc.
  for (const site of ['public', 'gov'] as const) assert.equal(fieldsAsked(site).length, 10, site);
  assert.equal(fieldsAsked('ngsc').length, 9);
});
