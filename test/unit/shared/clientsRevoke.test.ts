// A profile left, edited or removed revokes its RDS API v4.0 token (December 2026's
// `POST /oauth2/token/revoke`): the real Clients (src/shared/clients.ts) against the sandbox.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { installVscodeStub } from '../../support/vscodeStub';

installVscodeStub();

const { Clients } = require('../../../src/shared/clients') as typeof import('../../../src/shared/clients');
const { Redactor } = require('../../../src/client/http/redact') as typeof import('../../../src/client/http/redact');
const sandboxMod = require('../../../src/sandbox/index') as typeof import('../../../src/sandbox/index');

let sb: import('../../../src/sandbox/index').Sandbox;
let clients: InstanceType<typeof Clients>;

before(async () => {
  sb = await sandboxMod.startSandbox({ timeScale: 10 });
  const sp = sb.sandboxProfile();
  const profile = { ...sp, id: 'v4', name: 'v4', rdsApiVersion: 'v4.0' as const };
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, show() {} };
  const profiles: any = {
    list: () => [profile],
    active: () => profile,
    secrets: async () => sp.secrets,
    onDidChange: () => ({ dispose() {} }),
  };
  clients = new Clients({ profiles, log: log as never, redactor: new Redactor(), userAgent: 'revoke-test' });
});
after(async () => {
  clients.dispose();
  await sb.close();
});

test("reset() (a profile changed) revokes the v4.0 token the profile's clients held; the next call signs in again", async () => {
  const rds = await clients.api.rds('KR1');
  await rds.listDbFlavors();
  const issued = sb.rds.oauth.issuedCount;
  const revoked = sb.rds.oauth.revokedCount;
  await clients.reset();
  assert.equal(sb.rds.oauth.revokedCount, revoked + 1);
  await (await clients.api.rds('KR1')).listDbFlavors();
  assert.equal(sb.rds.oauth.issuedCount, issued + 1, 'a new token for the rebuilt clients');
});
