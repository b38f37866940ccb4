// How network and identity failures reach a person: HTTP statuses and Neutron/Keystone error
// bodies mapped to ApiError/AuthError, and the sandbox's fault knobs (5xx retried on reads
// only, malformed JSON, dropped connections). Plus the small parsers the model relies on.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/networkFixture';
import { checkResponse, errorBodyMessage, httpError } from '../../../src/client/network/http';
import { FloatingIp, TransitHub } from '../../../src/client/network/schemas';
import { cidrContains, cidrProblem, parseNetworkTime } from '../../../src/client/network/schemas';
import { isApiError, isAuthError } from '../../../src/client/errors';
import { SEED } from '../../../src/sandbox/network/index';

describe('network errors: bodies and statuses', () => {
  it('reads the message of every error body shape', () => {
    assert.deepEqual(
      errorBodyMessage(
        '{"NeutronError": {"type": "FloatingIPNotFound", "message": "Floating IP x could not be found", "detail": ""}}',
      ),
      {
        message: 'Floating IP x could not be found',
        type: 'FloatingIPNotFound',
      },
    );
    assert.deepEqual(
      errorBodyMessage(
        '{"error": {"code": 401, "title": "Unauthorized", "message": "The request you have made requires authentication."}}',
      ),
      {
        message: 'The request you have made requires authentication.',
        type: 'Unauthorized',
      },
    );
    assert.deepEqual(errorBodyMessage('{"message": "Rate limit exceeded"}'), { message: 'Rate limit exceeded' });
    assert.deepEqual(errorBodyMessage('{"itemNotFound": {"message": "No such VPC", "code": 404}}'), {
      message: 'No such VPC',
      type: undefined,
    });
    assert.deepEqual(
      errorBodyMessage('{"NeutronError": {"type": "BadRequest", "message": "Invalid input", "detail": "cidr is bad"}}'),
      { message: 'Invalid input cidr is bad', type: 'BadRequest' },
    );
    assert.deepEqual(errorBodyMessage('upstream connect error'), { message: 'upstream connect error' });
    assert.deepEqual(errorBodyMessage('<html><body>502 Bad Gateway</body></html>'), {});
  });

  it('maps statuses to clear errors', () => {
    const neutron = (type: string, message: string) => JSON.stringify({ NeutronError: { type, message, detail: '' } });
    const e404 = httpError(
      'network',
      'network.getTransitHub',
      404,
      neutron('TransitHubNotFound', 'Transit hub x could not be found'),
    );
    assert.ok(isApiError(e404) && e404.status === 404 && e404.code === 'TransitHubNotFound');
    assert.match(e404.message, /not found .*Transit hub x could not be found/);
    const e409 = httpError(
      'network',
      'network.deleteTransitHub',
      409,
      neutron('InUse', 'Transit hub x is in use by 2 attachments'),
    );
    assert.match(e409.message, /in use \/ conflict .*2 attachments/);
    const e400 = httpError(
      'network',
      'network.createRoutingRule',
      400,
      neutron('BadRequest', 'Invalid input for cidr'),
    );
    assert.match(e400.message, /refused the request \(HTTP 400\): Invalid input for cidr\./);
    const e401 = httpError(
      'network',
      'network.listFloatingIps',
      401,
      '{"error": {"message": "Authentication required"}}',
    );
    assert.ok(isAuthError(e401) && e401.reason === 'unauthenticated');
    const e403 = httpError(
      'network',
      'network.createTransitHub',
      403,
      '{"error": {"message": "Policy does not allow"}}',
    );
    assert.ok(isAuthError(e403) && e403.reason === 'forbidden');
    assert.match(e403.message, /Policy does not allow.*administrator/);
    const e503 = httpError('network', 'network.listFloatingIps', 503, '');
    assert.ok(isApiError(e503) && e503.retryable);
    assert.match(e503.message, /failed .*HTTP 503.*Try again later/);
  });

  it('answers: unknown fields pass, a missing documented field is a clear ApiError', () => {
    const hub = checkResponse('network', 'network.getTransitHub', TransitHub, {
      id: 'h',
      name: 'x',
      created_at: '2024-02-12 22:19:05',
      remote: true,
      something_new: [1],
    });
    assert.equal((hub as Record<string, unknown>).something_new !== undefined, true);
    assert.throws(
      () => checkResponse('network', 'network.getFloatingIp', FloatingIp, { id: 'f', status: 'DOWN' }),
      (e) => isApiError(e) && /unexpected shape \(floating_network_id is required/.test(e.message),
    );
  });

  it('the sandbox answers Neutron bodies that reach the user intact', async () => {
    const fx = await startFixture();
    try {
      await assert.rejects(fx.client.deleteTransitHub({ transitHubId: SEED.hubId }), (e) => {
        assert.ok(isApiError(e));
        assert.equal(e.status, 409);
        assert.equal(e.code, 'InUse');
        assert.match(
          e.message,
          /^network\.deleteTransitHub: in use \/ conflict \(HTTP 409\): Transit hub .* is in use by 2 attachments, 1 routing table, 1 multicast domain, 1 share permission/,
        );
        return true;
      });
    } finally {
      await fx.close();
    }
  });
});

describe('network errors: faults', () => {
  let fx: Fixture;
  before(async () => {
    fx = await startFixture();
    await fx.identity.token();
  });
  after(() => fx.close());
  const count = (id: string) => fx.server.stats.byOperation[id] ?? 0;
  const fresh = () => {
    fx.server.clearFaults();
    fx.server.resetStats();
  };

  it('a 5xx on a GET is retried and succeeds', async () => {
    fresh();
    fx.server.injectFault({ operation: 'network.listTransitHubs', status: 503, times: 1 });
    assert.equal((await fx.client.listTransitHubs()).length, 1);
    assert.equal(count('network.listTransitHubs'), 2);
  });

  it('a lasting 5xx on a GET gives up after the retries with a retryable ApiError', async () => {
    fresh();
    fx.server.injectFault({ operation: 'network.getTransitHub', status: 502 });
    await assert.rejects(
      fx.client.getTransitHub({ transitHubId: SEED.hubId }),
      (e) => isApiError(e) && e.status === 502 && e.retryable,
    );
    assert.equal(count('network.getTransitHub'), 3);
  });

  it('a 5xx on a POST, PUT or DELETE is not retried (it may have happened)', async () => {
    fresh();
    fx.server.injectFault({ operation: 'network.createFloatingIp', status: 500, times: 1 });
    fx.server.injectFault({ operation: 'network.updateFloatingIp', status: 500, times: 1 });
    fx.server.injectFault({ operation: 'network.deleteRoutingRule', status: 500, times: 1 });
    await assert.rejects(
      fx.client.createFloatingIp({ body: { floating_network_id: SEED.externalNetworkId } }),
      (e) => isApiError(e) && e.status === 500,
    );
    await assert.rejects(
      fx.client.updateFloatingIp({ floatingIpId: SEED.downFloatingIpId, body: { port_id: null } }),
      (e) => isApiError(e) && e.status === 500,
    );
    await assert.rejects(
      fx.client.deleteRoutingRule({ routingRuleId: SEED.blackholeRuleId }),
      (e) => isApiError(e) && e.status === 500,
    );
    assert.equal(count('network.createFloatingIp'), 1);
    assert.equal(count('network.updateFloatingIp'), 1);
    assert.equal(count('network.deleteRoutingRule'), 1);
  });

  it('a body that is not JSON is a clear ApiError', async () => {
    fresh();
    fx.server.injectFault({ operation: 'network.listFloatingIps', malformed: true, times: 1 });
    await assert.rejects(fx.client.listFloatingIps(), (e) => isApiError(e) && /not valid JSON/.test(e.message));
  });

  it('a dropped connection on a GET is retried; on a POST it is a clear ApiError', async () => {
    fresh();
    fx.server.injectFault({ operation: 'network.listRoutingRules', drop: true, times: 1 });
    assert.ok((await fx.client.listRoutingRules()).length > 0);
    assert.equal(count('network.listRoutingRules'), 2);
    fx.server.injectFault({ operation: 'network.createTransitHub', drop: true, times: 1 });
    await assert.rejects(
      fx.client.createTransitHub({
        body: { multicast_enable: false, default_association_enable: false, default_propagation_enable: false },
      }),
      (e) => {
        assert.ok(isApiError(e));
        assert.match(e.message, /dropped|failed|broke/);
        assert.match(e.message, /Check the network/);
        return true;
      },
    );
    assert.equal(count('network.createTransitHub'), 1);
  });

  it('token issuance is retried after a 5xx (it creates nothing)', async () => {
    fresh();
    fx.identity.invalidate();
    fx.server.injectFault({ operation: 'identity.issueToken', status: 503, times: 1 });
    assert.ok(await fx.identity.token());
    assert.equal(count('identity.issueToken'), 2);
  });

  it('a 403 is a forbidden AuthError and does not re-issue the token', async () => {
    fresh();
    const issued = fx.state.issuedCount;
    fx.server.injectFault({ operation: 'network.createTransitHub', status: 403, times: 1 });
    await assert.rejects(
      fx.client.createTransitHub({
        body: { multicast_enable: false, default_association_enable: false, default_propagation_enable: false },
      }),
      (e) => isAuthError(e) && e.reason === 'forbidden',
    );
    assert.equal(fx.state.issuedCount, issued);
  });

  it('an unknown route answers 404 with a Neutron body', async () => {
    const res = await fetch(`${fx.url}/network/kr1/v2.0/nothing-here`);
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { NeutronError: { type: string } }).NeutronError.type, 'HTTPNotFound');
  });

  it('a call without a token answers 401', async () => {
    const res = await fetch(`${fx.url}/network/kr1/v2.0/floatingips`);
    assert.equal(res.status, 401);
  });
});

describe('network parsers', () => {
  it('reads transit-hub and ISO timestamps as UTC', () => {
    assert.equal(parseNetworkTime('2024-02-12 22:19:05')?.toISOString(), '2024-02-12T22:19:05.000Z');
    assert.equal(parseNetworkTime('2024-02-12T22:19:05Z')?.toISOString(), '2024-02-12T22:19:05.000Z');
    assert.equal(parseNetworkTime('2024-02-12T22:19:05.123+09:00')?.toISOString(), '2024-02-12T13:19:05.123Z');
    assert.equal(parseNetworkTime('yesterday'), undefined);
    assert.equal(parseNetworkTime(null), undefined);
  });

  it('checks CIDRs and tells what is wrong', () => {
    assert.equal(cidrProblem('10.0.0.0/8'), undefined);
    assert.equal(cidrProblem('0.0.0.0/0'), undefined);
    assert.equal(cidrProblem('192.168.1.7/32'), undefined);
    assert.match(cidrProblem('10.0.0.1/8')!, /did you mean 10\.0\.0\.0\/8/);
    assert.match(cidrProblem('10.0.0.0/33')!, /prefix length/);
    assert.match(cidrProblem('10.0.0/8')!, /not an IPv4 address/);
    assert.match(cidrProblem('10.0.0.0')!, /IPv4 range/);
    assert.match(cidrProblem('256.0.0.0/8')!, /not an IPv4 address/);
    assert.equal(cidrContains('10.10.0.0/16', '10.10.1.10'), true);
    assert.equal(cidrContains('10.10.0.0/16', '10.11.0.1'), false);
    assert.equal(cidrContains('0.0.0.0/0', '8.8.8.8'), true);
  });
});
