// Job waiting (success, failure, cancel, time limit) and paging against a loopback server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isApiError, isCancelledError, type ApiError } from '../../../src/client/errors';
import type { RdsClient } from '../../../src/client/rds/client';
import {
  isJobFinished,
  jobEndedText,
  jobOutcome,
  jobResourceId,
  listAllBackups,
  listAllEvents,
  waitForJob,
  type Job,
} from '../../../src/client/rds/jobs';
import { fail, makeClient, ok, startServer, type Answer, type TestServer } from '../../support/rdsServer';

const INSTANCE = '9f1d2c3b-0000-4000-8000-00000000abcd';
const fast = { initialDelayMs: 1, maxDelayMs: 2 };

/** Answers `GET /v3.0/jobs/{jobId}` with the states listed for that job id, the last one repeated. */
function jobServer(scripts: Record<string, string[]>) {
  const polls: Record<string, number> = {};
  return (jobId: string): Answer => {
    const states = scripts[jobId];
    if (!states) return fail(-1, 'no such job');
    const n = (polls[jobId] = (polls[jobId] ?? 0) + 1);
    const jobStatus = states[Math.min(n, states.length) - 1];
    return ok({
      jobId,
      jobStatus,
      resourceRelations: [{ resourceType: 'DB_INSTANCE', resourceId: INSTANCE }],
      createdYmdt: '2024-03-01T09:00:00+09:00',
      updatedYmdt: '2024-03-01T09:00:05.123+09:00',
    });
  };
}

describe('waitForJob', () => {
  let server: TestServer;
  let rds: RdsClient;
  const answer = jobServer({
    ok: ['PREPARING', 'READY', 'RUNNING', 'RUNNING', 'COMPLETED'],
    failed: ['READY', 'RUNNING', 'FAILED'],
    canceled: ['CANCELED'],
    failToReady: ['FAIL_TO_READY'],
    endless: ['RUNNING'],
    flaky: ['RUNNING', 'COMPLETED'],
    created: ['CREATED', 'REGISTERED', 'COMPLETED'],
    withError: ['RUNNING', 'COMPLETED_WITH_ERROR'],
    cannotProgress: ['RUNNING', 'CANNOT_PROGRESS'],
    failToRegister: ['WAIT_TO_REGISTER', 'FAIL_TO_REGISTER'],
    mystery: ['RUNNING', 'QUIESCED'],
    mysteryThenDone: ['QUIESCED', 'QUIESCED', 'COMPLETED'],
  });
  let dropNext = 0;
  before(async () => {
    server = await startServer((req) => {
      if (dropNext > 0) {
        dropNext--;
        return { raw: 'unavailable', status: 503 };
      }
      return answer(decodeURIComponent(req.url.pathname.split('/').at(-1)!));
    });
    rds = makeClient(server.url, { retries: { max: 0 } });
  });
  after(async () => {
    await rds.transport.close();
    await server.close();
  });

  test('polls until COMPLETED, reports progress, returns the related resource ids', async () => {
    const seen: string[] = [];
    const job = await waitForJob(rds, 'ok', { ...fast, onProgress: (j: Job) => seen.push(j.jobStatus) });
    assert.equal(job.jobStatus, 'COMPLETED');
    assert.deepEqual(seen, ['PREPARING', 'READY', 'RUNNING', 'RUNNING', 'COMPLETED']);
    assert.equal(jobResourceId(job), INSTANCE);
    assert.equal(jobResourceId(job, 'BACKUP'), undefined);
  });

  for (const [jobId, state] of [
    ['failed', 'FAILED'],
    ['canceled', 'CANCELED'],
    ['failToReady', 'FAIL_TO_READY'],
  ] as const) {
    test(`a job ending ${state} rejects with an ApiError naming the state`, async () => {
      const err = (await waitForJob(rds, jobId, fast).then(
        () => assert.fail('resolved'),
        (e: unknown) => e,
      )) as ApiError;
      assert.ok(isApiError(err));
      assert.equal(err.code, state);
      assert.match(err.message, new RegExp(`job ${jobId} ended ${state}`));
    });
  }

  // The states of December 2026's guides (issue 61): a test that fails with the jobs.ts of before,
  // which polled CANNOT_PROGRESS and FAIL_TO_REGISTER for an hour and COMPLETED_WITH_ERROR too.
  for (const [jobId, state] of [
    ['cannotProgress', 'CANNOT_PROGRESS'],
    ['failToRegister', 'FAIL_TO_REGISTER'],
  ] as const) {
    test(`a job ending ${state} rejects at once with an ApiError naming the state`, async () => {
      const err = (await waitForJob(rds, jobId, { ...fast, timeoutMs: 5_000 }).then(
        () => assert.fail('resolved'),
        (e: unknown) => e,
      )) as ApiError;
      assert.ok(isApiError(err));
      assert.equal(err.code, state);
      assert.equal(err.retryable, false);
    });
  }

  test('COMPLETED_WITH_ERROR ends the wait with the job (its result exists), marked partial', async () => {
    const job = await waitForJob(rds, 'withError', { ...fast, timeoutMs: 5_000 });
    assert.equal(job.jobStatus, 'COMPLETED_WITH_ERROR');
    assert.equal(jobOutcome(job.jobStatus), 'partial');
    assert.match(jobEndedText('withError', job.jobStatus), /completed with errors .* events/);
  });

  test('CREATED is a running state', async () => {
    const seen: string[] = [];
    const job = await waitForJob(rds, 'created', { ...fast, onProgress: (j: Job) => seen.push(j.jobStatus) });
    assert.deepEqual(seen, ['CREATED', 'REGISTERED', 'COMPLETED']);
    assert.equal(job.jobStatus, 'COMPLETED');
  });

  test('a state no guide names is passed on as written and, held past the patience, ends the wait', async () => {
    const seen: string[] = [];
    const err = (await waitForJob(rds, 'mystery', {
      ...fast,
      unknownStatePatienceMs: 50,
      onProgress: (j: Job) => seen.push(j.jobStatus),
    }).then(
      () => assert.fail('resolved'),
      (e: unknown) => e,
    )) as ApiError;
    assert.ok(isApiError(err));
    assert.equal(err.code, 'QUIESCED');
    assert.match(err.message, /state QUIESCED, which this version of the extension does not know/);
    assert.ok(seen.includes('QUIESCED'));
  });

  test('a state no guide names that passes is waited through', async () => {
    const job = await waitForJob(rds, 'mysteryThenDone', { ...fast, unknownStatePatienceMs: 60_000 });
    assert.equal(job.jobStatus, 'COMPLETED');
  });

  test('every state of the guides has a meaning; only an unnamed one is unknown', () => {
    // The 16 values of GET /v4.0/jobs/{jobId}'s jobStatus in the guide of December 2026.
    const guide =
      'DELETED CANNOT_PROGRESS FAILED ERROR CANCELED INTERRUPTED COMPLETED COMPLETED_WITH_ERROR RUNNING PREPARING READY CREATED FAIL_TO_READY REGISTERED FAIL_TO_REGISTER WAIT_TO_REGISTER';
    for (const s of guide.split(' ')) assert.notEqual(jobOutcome(s), 'unknown', s);
    assert.equal(jobOutcome('QUIESCED'), 'unknown');
    assert.equal(isJobFinished('QUIESCED'), false);
    assert.equal(isJobFinished('COMPLETED_WITH_ERROR'), true);
  });

  test('a failed poll that may succeed later (HTTP 503) does not end the wait', async () => {
    dropNext = 1;
    const job = await waitForJob(rds, 'flaky', fast);
    assert.equal(job.jobStatus, 'COMPLETED');
  });

  test('aborting stops the wait at once with CancelledError, even in a long delay', { timeout: 20_000 }, async () => {
    const controller = new AbortController();
    const polled = new Promise<void>((resolve) => {
      void waitForJob(rds, 'endless', {
        initialDelayMs: 600_000, // a dangling timer would keep this test (and the process) alive
        signal: controller.signal,
        onProgress: () => resolve(),
      }).then(
        () => assert.fail('resolved'),
        (e: unknown) => {
          assert.ok(isCancelledError(e), String(e));
          done();
        },
      );
    });
    let done!: () => void;
    const cancelled = new Promise<void>((resolve) => (done = resolve));
    await polled;
    controller.abort();
    await cancelled;
  });

  test('an already aborted signal sends nothing', async () => {
    const before = server.requests.length;
    await assert.rejects(waitForJob(rds, 'ok', { signal: AbortSignal.abort() }), (e: unknown) => isCancelledError(e));
    assert.equal(server.requests.length, before);
  });

  test('the overall limit ends the wait with a clear ApiError', async () => {
    const err = (await waitForJob(rds, 'endless', { ...fast, timeoutMs: 20 }).then(
      () => assert.fail('resolved'),
      (e: unknown) => e,
    )) as ApiError;
    assert.ok(isApiError(err));
    assert.match(err.message, /did not finish within .* minutes \(last state RUNNING\)/);
  });
});

describe('paging', () => {
  let server: TestServer;
  let rds: RdsClient;
  const TOTAL = 250;
  before(async () => {
    server = await startServer((req) => {
      const page = Number(req.url.searchParams.get('page'));
      const size = Number(req.url.searchParams.get('size'));
      const ids = Array.from({ length: TOTAL }, (_, i) => i).slice((page - 1) * size, page * size);
      if (req.url.pathname === '/v3.0/backups')
        return ok({ totalCounts: TOTAL, backups: ids.map((i) => ({ backupId: `b${i}`, backupType: 'AUTO' })) });
      return ok({
        totalCounts: TOTAL,
        events: ids.map((i) => ({ eventCode: `E_${i}`, eventCategoryType: 'INSTANCE' })),
      });
    });
    rds = makeClient(server.url);
  });
  after(async () => {
    await rds.transport.close();
    await server.close();
  });

  test('listAllBackups reads every page, page by page, with the filters', async () => {
    const pages: number[] = [];
    const ids: string[] = [];
    for await (const page of listAllBackups(rds, { backupType: 'AUTO', dbInstanceId: INSTANCE }, { pageSize: 100 })) {
      pages.push(page.page);
      ids.push(...page.items.map((b) => b.backupId));
      assert.equal(page.totalCounts, TOTAL);
    }
    assert.deepEqual(pages, [1, 2, 3]);
    assert.equal(new Set(ids).size, TOTAL);
    const q = server.requests.at(-1)!.url.searchParams;
    assert.equal(q.get('page'), '3');
    assert.equal(q.get('size'), '100');
    assert.equal(q.get('backupType'), 'AUTO');
    assert.equal(q.get('dbInstanceId'), INSTANCE);
  });

  test('listAllEvents stops when the caller stops', async () => {
    const before = server.requests.length;
    for await (const page of listAllEvents(
      rds,
      { from: '2024-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z', eventCategoryType: 'ALL' },
      { pageSize: 50 },
    )) {
      assert.equal(page.items.length, 50);
      break;
    }
    assert.equal(server.requests.length - before, 1);
  });

  test('listAllEvents with a page size above 100 is refused before sending', async () => {
    const before = server.requests.length;
    const it = listAllEvents(
      rds,
      { from: '2024-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z', eventCategoryType: 'ALL' },
      { pageSize: 500 },
    );
    await assert.rejects(it.next(), /size must be between 1 and 100/);
    assert.equal(server.requests.length, before);
  });
});
