// RDS API v4.0 token sign-in (issue 27, item 2) against the sandbox's token host over loopback:
// the first issue, reuse, renewal shortly before expiry, one new token on a refusal, one issuance
// for concurrent callers (a caller that gives up fails no other), a wrong key said once and
// plainly, and the token and the key in no log line.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isApiError, isAuthError, isCancelledError, AuthError } from '../../../src/client/errors';
import { Redactor } from '../../../src/client/http/redact';
import { TOKEN_REFRESH_MARGIN_MS } from '../../../src/client/http/tokenCache';
import { Transport } from '../../../src/client/http/transport';
import { OAuthTokenClient, oauthBaseUrl, WRONG_ACCESS_KEY_MESSAGE } from '../../../src/client/rds/oauthToken';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index';

describe('RDS API v4.0 tokens', () => {
  let sb: Sandbox;
  const lines: string[] = [];
  const logger = {
    trace: (m: string) => void lines.push(m),
    debug: (m: string) => void lines.push(m),
    info: (m: string) => void lines.push(m),
    warn: (m: string) => void lines.push(m),
    error: (m: string) => void lines.push(m),
  };
  let transport: Transport;
  let clock = 0;
  const client = (keys?: { id: string; secret: string }) => {
    const s = sb.sandboxProfile().secrets;
    return new OAuthTokenClient({
      baseUrl: oauthBaseUrl('public', sb.sandboxProfile().endpoints),
      accessKeyId: keys?.id ?? s.rdsAccessKeyId!,
      secretAccessKey: keys?.secret ?? s.rdsSecretAccessKey!,
      transport,
      now: () => Date.now() + clock,
    });
  };

  before(async () => {
    sb = await startSandbox({ timeScale: 3_600_000 });
    transport = new Transport({
      userAgent: 'oauth-test',
      retries: { max: 0, baseDelayMs: 1, maxDelayMs: 1 },
      redactor: new Redactor(),
      logger: { ...logger, enabled: () => true },
    } as never);
  });
  after(async () => {
    await transport.close();
    await sb.close();
  });

  it('the site row gives the token host; an override wins; a site without one says so', () => {
    assert.equal(oauthBaseUrl('public'), 'https://oauth.api.nhncloudservice.com');
    assert.equal(oauthBaseUrl('gov'), 'https://oauth.api.gov-nhncloudservice.com');
    assert.equal(oauthBaseUrl('public', { oauth: 'http://127.0.0.1:9/oauth/' }), 'http://127.0.0.1:9/oauth');
    assert.throws(() => oauthBaseUrl('ngsc'), /offers no oauth service/);
  });

  it('issues once, then reuses the token for every caller, concurrent or not', async () => {
    const c = client();
    const before = sb.rds.oauth.issuedCount;
    const tokens = await Promise.all(Array.from({ length: 20 }, () => c.token()));
    for (let i = 0; i < 5; i++) tokens.push(await c.token());
    assert.equal(new Set(tokens).size, 1);
    assert.equal(c.issued, 1);
    assert.equal(sb.rds.oauth.issuedCount, before + 1);
    assert.ok(sb.rds.oauth.keyOf(tokens[0]), 'the sandbox knows the token');
  });

  it('a caller that gives up is cancelled alone; the others get the token', async () => {
    const c = client();
    const abort = new AbortController();
    const quitter = c.token(abort.signal);
    const others = Promise.all([c.token(), c.token()]);
    abort.abort();
    await assert.rejects(quitter, (e) => isCancelledError(e));
    const [a, b] = await others;
    assert.equal(a, b);
    assert.equal(c.issued, 1);
  });

  it('a new token shortly before expiry: the margin before the lifetime ends, half of a short one', async () => {
    const c = client();
    clock = 0;
    const first = await c.token();
    // 86,400 s by default: reused until 5 minutes before the end.
    clock = 86_400_000 - TOKEN_REFRESH_MARGIN_MS - 1_000;
    assert.equal(await c.token(), first);
    clock = 86_400_000 - TOKEN_REFRESH_MARGIN_MS + 1_000;
    const second = await c.token();
    assert.notEqual(second, first);
    assert.equal(c.issued, 2);

    // The account's shortest lifetime, 60 s: renewed after half of it.
    await fetch(`${sb.url}/_sandbox/oauth/token-lifetime`, { method: 'POST', body: JSON.stringify({ seconds: 60 }) });
    try {
      const d = client();
      clock = 0;
      const t1 = await d.token();
      clock = 29_000;
      assert.equal(await d.token(), t1);
      clock = 31_000;
      assert.notEqual(await d.token(), t1);
    } finally {
      sb.rds.oauth.setLifetime(86_400);
      clock = 0;
    }
  });

  it('a call refused with 80401 (token expired early) gets one new token and is sent again once', async () => {
    const c = client();
    const seen: string[] = [];
    // The call: accepted only with a token the sandbox still knows, as a v4.0 endpoint checks it.
    const call = async (token: string) => {
      seen.push(token);
      if (!sb.rds.oauth.keyOf(token))
        throw new AuthError({
          service: 'rds',
          operation: 'rds.listDbInstances',
          reason: 'unauthenticated',
          code: 80401,
          message: 'token expired',
        });
      return 'ok';
    };
    assert.equal(await c.withToken(call), 'ok');
    await fetch(`${sb.url}/_sandbox/oauth/expire-tokens`, { method: 'POST' });
    assert.equal(await c.withToken(call), 'ok');
    assert.equal(seen.length, 3, 'the refused call was sent again once');
    assert.notEqual(seen[2], seen[1]);
    assert.equal(c.issued, 2);
    assert.ok(lines.some((l) => /refused the v4\.0 token; issuing a new one once/.test(l)));
    // A second refusal is passed on: no loop.
    const always = async () => {
      throw new AuthError({ service: 'rds', operation: 'x', reason: 'unauthenticated', code: 80401, message: 'no' });
    };
    await assert.rejects(c.withToken(always), (e) => isAuthError(e) && e.code === 80401);
    assert.equal(c.issued, 3);
    // A permission failure (80403) is not a token problem: no new token.
    const forbidden = async () => {
      throw new AuthError({ service: 'rds', operation: 'x', reason: 'forbidden', code: 80403, message: 'no' });
    };
    await assert.rejects(c.withToken(forbidden), (e) => isAuthError(e) && e.reason === 'forbidden');
    assert.equal(c.issued, 3);
  });

  it('a wrong key pair: one plain message naming the User Access Key, one request for many callers', async () => {
    const c = client({ id: 'sandbox-admin-access-key', secret: 'not-the-secret-Qz81' });
    const before = sb.server.stats.byOperation['oauth.createToken'] ?? 0;
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => c.token()));
    for (const r of results) {
      assert.equal(r.status, 'rejected');
      const e = (r as PromiseRejectedResult).reason;
      assert.ok(isAuthError(e));
      assert.equal(e.message, WRONG_ACCESS_KEY_MESSAGE);
      assert.match(e.message, /User Access Key/);
    }
    assert.equal((sb.server.stats.byOperation['oauth.createToken'] ?? 0) - before, 1);
  });

  it('a token host that answers without a token: an ApiError saying what to check, not a key error', async () => {
    const c = client();
    sb.server.injectFault({ service: 'oauth', operation: 'oauth.createToken', status: 502, times: 1 });
    await assert.rejects(
      c.token(),
      (e) => isApiError(e) && e.status === 502 && /token address of the profile/.test(e.message),
    );
    assert.match(await c.token(), /\S/, 'the next call issues one');
  });

  it('neither the token, the secret nor their Basic form reaches a log line', async () => {
    const s = sb.sandboxProfile().secrets;
    const c = client();
    lines.length = 0;
    const token = await c.token();
    const basic = Buffer.from(`${s.rdsAccessKeyId}:${s.rdsSecretAccessKey}`).toString('base64');
    // What the transport wrote while issuing (headers and all), as it wrote it.
    assert.ok(lines.length > 0, 'the transport logged the issuance');
    const written = lines.join('\n');
    for (const secret of [token, s.rdsSecretAccessKey!, basic])
      assert.ok(!written.includes(secret), `the transport logged ${secret.slice(0, 4)}...`);
    // Any other line (an error quoting a request) goes through the redactor, which knows all three.
    const masked = transport.redactor.text(`a line that quotes them: ${token} ${s.rdsSecretAccessKey} ${basic}`);
    for (const secret of [token, s.rdsSecretAccessKey!, basic])
      assert.ok(!masked.includes(secret), `the redactor lets ${secret.slice(0, 4)}... through`);
  });

  // December 2026: tokens can be revoked (POST /oauth2/token/revoke); a profile left, edited or
  // removed revokes its token rather than leaving it valid for a day.
  it('revoke: the token held is revoked at the service and forgotten; the next call issues a new one; none held, nothing sent', async () => {
    const c = client();
    const first = await c.token();
    assert.ok(sb.rds.oauth.keyOf(first), 'valid before');
    const revokedBefore = sb.rds.oauth.revokedCount;
    await c.revoke();
    assert.equal(sb.rds.oauth.keyOf(first), undefined, 'the service no longer accepts it');
    assert.equal(sb.rds.oauth.revokedCount, revokedBefore + 1);
    const second = await c.token();
    assert.notEqual(second, first);
    await c.revoke();
    await c.revoke();
    assert.equal(sb.rds.oauth.revokedCount, revokedBefore + 2, 'a second revoke with no token held sends nothing');
    assert.ok(!lines.some((l) => l.includes(first) || l.includes(second)), 'no token in the log');
  });

  it('a revocation that fails is logged, never thrown (the token still expires at its time)', async () => {
    const c = client();
    await c.token();
    const send = transport.request;
    transport.request = async () => {
      throw new Error('network down');
    };
    try {
      await c.revoke();
    } finally {
      transport.request = send;
    }
    assert.ok(lines.some((l) => l.includes('revoking the RDS API v4.0 token failed: network down')));
  });
});
