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

// Issue 61: v4.0 pages lists 20 at a time when no page is named; a caller without a page gets
// the whole list (a tree of 250 parameter groups showed 20 before).
describe('RdsClient on API v4.0: paged lists read whole', () => {
  let sb: Sandbox;
  before(async () => {
    sb = await startSandbox({ timeScale: 5 });
  });
  after(async () => {
    await sb.close();
  });

  it('a list without a page is every page, 100 at a time; a page named is that page', async () => {
    const rds = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0');
    const before = (await rds.listParameterGroups()).parameterGroups.length;
    for (let i = 0; i < 230; i++)
      await rds.createParameterGroup({ body: { parameterGroupName: `pg-${i}`, dbVersion: 'MYSQL_V8046' } });
    const pages: string[] = [];
    const send = rds.transport.request.bind(rds.transport);
    rds.transport.request = (r) => {
      if (r.url.includes('/parameter-groups')) pages.push(new URL(r.url).search);
      return send(r);
    };
    const all = await rds.listParameterGroups();
    assert.equal(all.parameterGroups.length, before + 230);
    assert.equal(all.totalCounts, before + 230);
    assert.equal(new Set(all.parameterGroups.map((g) => g.parameterGroupId)).size, before + 230);
    assert.deepEqual(pages, ['?page=1&size=100', '?page=2&size=100', '?page=3&size=100']);
    const second = await rds.listParameterGroups({ query: { page: 2, size: 20 } });
    assert.equal(second.parameterGroups.length, 20);
  });

  it('user groups: the whole list without a page; a page without a size is 20, as the guide says', async () => {
    const rds = clientFor(sb, 'KR1', 'ADMIN', 0, 'v4.0');
    for (let i = 0; i < 25; i++) await rds.createUserGroup({ body: { userGroupName: `ug-${i}`, selectAll: true } });
    const whole = await rds.listUserGroups();
    assert.ok(whole.userGroups.length >= 25);
    const first = await rds.listUserGroups({ query: { page: 1 } });
    assert.equal(first.userGroups.length, 20);
  });
});
