// The Add Profile wizard's cloud step (src/profiles/wizard.ts): what it carries to the regions step.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();
const { regionsAfterCloudStep } =
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
