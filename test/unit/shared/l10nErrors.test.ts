// Errors of the client layer are English; where a person reads one, the known ones (by kind and
// code) are said in the display language, and anything else keeps its own message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError, AuthError } from '../../../src/client/errors';
import { installVscodeStub, stubVscode } from '../../support/vscodeStub';

installVscodeStub();
const { errorMessage, knownErrorText } =
  require('../../../src/shared/errorText') as typeof import('../../../src/shared/errorText');

const forbidden = new AuthError({
  service: 'rds',
  operation: 'rds.listDbInstances',
  reason: 'forbidden',
  message: 'Forbidden (80403).',
  code: 80403,
});
const notEnabled = new ApiError({
  service: 'rds',
  operation: 'rds.listDbInstances',
  message: 'The service is not enabled (4005).',
  code: 4005,
});
const refused = new ApiError({
  service: 'network',
  operation: 'network.listFloatingIps',
  message: 'connect ECONNREFUSED 127.0.0.1:1',
  code: 'ECONNREFUSED',
});
const region = new ApiError({
  service: 'storage',
  operation: 'storage.listBuckets',
  message: 'wrong region',
  code: 'AuthorizationHeaderMalformed',
  status: 400,
});
const other = new ApiError({
  service: 'rds',
  operation: 'rds.createDbUser',
  message: 'The user name is taken.',
  code: 500123,
});

test('known failures have a sentence of their own; others none', () => {
  assert.match(knownErrorText(forbidden) ?? '', /80403/);
  assert.match(knownErrorText(notEnabled) ?? '', /not enabled/);
  assert.match(knownErrorText(refused) ?? '', /ECONNREFUSED.*proxy/);
  assert.match(knownErrorText(region) ?? '', /signing region/);
  assert.equal(knownErrorText(other), undefined);
});

test('English keeps the error messages; another display language gets the known sentence', () => {
  const env = stubVscode.env as { language: string };
  try {
    env.language = 'en';
    assert.equal(errorMessage(notEnabled), 'The service is not enabled (4005).');
    env.language = 'ko';
    assert.equal(errorMessage(notEnabled), knownErrorText(notEnabled));
    assert.equal(errorMessage(other), 'The user name is taken.');
  } finally {
    env.language = 'en';
  }
});

test('a server that would hold the extension host is named in the display language (issue 62, item 4)', () => {
  const api = (code: string, service: 'storage' | 'rds' = 'storage', operation = 'storage.listObjects') =>
    new ApiError({ service, operation, code, message: `English ${code}` });
  assert.match(knownErrorText(api('TooSlow', 'rds', 'rds.listDbInstances')) ?? '', /too slowly.*rds\.listDbInstances/);
  assert.match(knownErrorText(api('AnswerTooLarge', 'rds', 'rds.listEvents')) ?? '', /larger.*rds\.listEvents/);
  assert.match(knownErrorText(api('MarkerRepeated')) ?? '', /same continuation marker twice \(storage\.listObjects\)/);
  assert.match(knownErrorText(api('NoProgress')) ?? '', /no progress/);
  assert.match(knownErrorText(api('ListingCeiling')) ?? '', /nhncloud\.storage\.maxListedKeys/);
  assert.doesNotMatch(knownErrorText(api('ListingCeiling', 'rds', 'rds.listBackups')) ?? '', /maxListedKeys/);
});
