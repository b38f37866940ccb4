// RdsClient on API v4.0 against the sandbox over loopback (issue 27, items 1 and 2): it signs in
// with a Bearer token, never the key pair; a token the service stops accepting mid-session is
// renewed without the caller noticing for a call safe to repeat, and for a change the caller is
// told nothing was done (and the next try works); concurrent callers share one issuance; a wrong
// key pair is one message for many calls; an operation the version lacks is refused unsent.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isApiError, isAuthError } from '../../../src/client/errors';
import { Redactor } from '../../../src/client/http/redact';
import { Transport } from '../../../src/client/http/transport';
import { RDS_TOKEN_REFUSED_MESSAGE, RdsClient } from '../../../src/client/rds/client';
import { OAuthTokenClient, oauthBaseUrl, WRONG_ACCESS_KEY_MESSAGE } from '../../../src/client/rds/oauthToken';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';
import { clientFor } from '../../support/sandbox';

describe('RdsClient on API v4.0', () => {
  let sb: Sandbox;
  /** The headers of every RDS request the clients made by `watched` sent, in order. */
  const seen: Record<string, string | undefined>[] = [];
  const watched = (apiVersion: 'v3.0' | 'v4.0') => {
    const rds = clientFor(sb, 'KR1', 'ADMIN', 0, apiVersion);
    const send = rds.transport.request.bind(rds.transport);
    rds.transport.request = (r) => {
      if (r.service === 'rds')
        seen.push(Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])));
      return send(r);
    };
    return rds;
  };

  before(async () => {
    sb = await startSandbox({ timeScale: 5 });
  });
  after(async () => {
    await sb.close();
  });

  it('sends the app key and a Bearer token, never the key pair; v3.0 sends the pair', async () => {
    seen.length = 0;
    await watched('v4.0').listDbInstances();
    await watched('v3.0').listDbInstances();
    const [v4, v3] = seen.slice(-2);
    assert.match(v4['x-nhn-authorization'] ?? '', /^Bearer \S+$/);
    assert.equal(v4['x-tc-authentication-id'], undefined);
    assert.equal(v4['x-tc-authentication-secret'], undefined);
    assert.ok(v4['x-tc-app-key']);
    assert.equal(v3['x-nhn-authorization'], undefined);
    assert.ok(v3['x-tc-authentication-secret']);
  });

  it('ten concurrent calls share one token; a token expired early is renewed once, unnoticed, for a read', async () => {
    const rds = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0');
    const first = sb.rds.oauth.issuedCount;
    await Promise.all(Array.from({ length: 10 }, () => rds.listDbFlavors()));
    assert.equal(sb.rds.oauth.issuedCount, first + 1);
    sb.rds.oauth.expireAll();
    const { dbInstances } = await rds.listDbInstances();
    assert.ok(dbInstances.length > 0);
    assert.equal(sb.rds.oauth.issuedCount, first + 2);
  });

  it('a change refused with 80401 is not sent again: the caller is told nothing was done, and the next try works', async () => {
    const rds = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0');
    await rds.listDbInstances();
    sb.rds.oauth.expireAll();
    const created = () =>
      rds.createDbSecurityGroup({
        body: { dbSecurityGroupName: `v4-token-${Date.now()}`, rules: [] } as never,
      });
    const issued = sb.rds.oauth.issuedCount;
    const err = await created().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(isAuthError(err), `refused: ${String(err)}`);
    assert.equal(err.message, RDS_TOKEN_REFUSED_MESSAGE);
    assert.equal(sb.rds.oauth.issuedCount, issued + 1, 'a new token was issued at once');
    await created();
    assert.equal(sb.rds.oauth.issuedCount, issued + 1, 'and used by the next try');
  });

  it('a wrong key pair: one message naming the User Access Key for ten calls, one token request', async () => {
    const profile = sb.sandboxProfile();
    const transport = new Transport({ userAgent: 't', retries: { max: 0 }, redactor: new Redactor() } as never);
    const tokens = new OAuthTokenClient({
      baseUrl: oauthBaseUrl('public', profile.endpoints),
      accessKeyId: profile.secrets.rdsAccessKeyId!,
      secretAccessKey: 'not-the-secret',
      transport,
    });
    const rds = new RdsClient({
      baseUrl: `${sb.url}/rds/kr1`,
      credentials: { appKey: profile.secrets.rdsAppKey!, accessKeyId: 'x', secretAccessKey: 'not-the-secret' },
      transport,
      apiVersion: 'v4.0',
      tokens,
    });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => rds.listDbInstances()));
    const messages = new Set(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok')));
    assert.deepEqual([...messages], [WRONG_ACCESS_KEY_MESSAGE]);
    assert.equal(tokens.issued, 1);
  });

  it('a VIEWER refused a change (80403) is told the permission the guide names for it', async () => {
    const viewer = clientFor(sb, 'KR1', 'VIEWER', 0, 'v4.0');
    await assert.rejects(
      viewer.rebuildDbInstance({ dbInstanceId: (await viewer.listDbInstances()).dbInstances[0].dbInstanceId }),
      (e: unknown) =>
        isAuthError(e) && e.reason === 'forbidden' && e.message.includes('RDSforMySQL:DbInstance.Rebuild'),
    );
  });

  it('an operation the version lacks is refused before anything is sent, naming the version that has it', async () => {
    const v4 = watched('v4.0');
    const v3 = watched('v3.0');
    const count = seen.length;
    await assert.rejects(
      v4.backupDbInstance({ dbInstanceId: 'x', body: { backupName: 'b' } }),
      (e: unknown) => isApiError(e) && /needs RDS API v3\.0; this profile uses v4\.0/.test(e.message),
    );
    await assert.rejects(
      v3.createBackup({ body: { backupName: 'b', backupMethodType: 'FULL', dbInstanceId: 'x' } }),
      (e: unknown) => isApiError(e) && /needs RDS API v4\.0; this profile uses v3\.0/.test(e.message),
    );
    assert.equal(seen.length, count, 'nothing reached the service');
    assert.equal(v4.has('createBackup'), true);
    assert.equal(v3.has('createBackup'), false);
  });
});
