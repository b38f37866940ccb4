// The job tracker's schedule and bookkeeping: cost of a 10-minute job, job states, pruning.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  FIRST_DELAY_MS,
  MAX_DELAY_MS,
  backoffDelay,
  jitteredDelay,
  jobState,
  pollSchedule,
  pruneJobs,
  formatElapsed,
  type JobRecord,
} from '../../../src/jobs/schedule';

test('a 10-minute job costs at most 60 requests, the delay grows to 15 s and stays there', () => {
  const polls = pollSchedule(10 * 60 * 1000);
  assert.ok(polls.length <= 60, `${polls.length} requests`);
  assert.ok(polls.length >= 30, `${polls.length} requests: still watched closely`);
  assert.ok(backoffDelay(0) <= 3000 && backoffDelay(0) === FIRST_DELAY_MS);
  for (let i = 1; i < 30; i++) assert.ok(backoffDelay(i) >= backoffDelay(i - 1));
  assert.equal(backoffDelay(100), MAX_DELAY_MS);
  assert.ok(MAX_DELAY_MS >= 10000 && MAX_DELAY_MS <= 15000);
});

test('jitter stays within 10 % of the delay', () => {
  for (const r of [0, 0.5, 0.999]) {
    const d = jitteredDelay(3, () => r);
    assert.ok(d >= backoffDelay(3) * 0.9 - 1 && d <= backoffDelay(3) * 1.1 + 1, String(d));
  }
});

test('job states: COMPLETED succeeds, COMPLETED_WITH_ERROR is partial, the failure set fails, the rest runs', () => {
  assert.equal(jobState('COMPLETED'), 'succeeded');
  assert.equal(jobState('COMPLETED_WITH_ERROR'), 'partial');
  for (const s of [
    'FAILED',
    'ERROR',
    'CANCELED',
    'INTERRUPTED',
    'FAIL_TO_READY',
    'FAIL_TO_REGISTER',
    'CANNOT_PROGRESS',
    'DELETED',
  ])
    assert.equal(jobState(s), 'failed', s);
  // A state no guide names keeps the job followed (the tracker gives up on it after a while).
  for (const s of ['CREATED', 'PREPARING', 'READY', 'RUNNING', 'REGISTERED', 'WAIT_TO_REGISTER', 'QUIESCED', undefined])
    assert.equal(jobState(s), 'running', String(s));
});

test('pruning keeps running jobs, drops finished ones older than a week, caps the list', () => {
  const now = Date.UTC(2026, 0, 10);
  const rec = (i: number, state: JobRecord['state'], age: number): JobRecord => ({
    jobId: `j${i}`,
    profileId: 'p',
    region: 'KR1',
    title: `t${i}`,
    startedAt: now - age,
    updatedAt: now - age,
    endedAt: state === 'running' ? undefined : now - age,
    status: 'X',
    state,
  });
  const jobs = [rec(1, 'running', 30 * 86400_000), rec(2, 'succeeded', 8 * 86400_000), rec(3, 'failed', 3600_000)];
  assert.deepEqual(
    pruneJobs(jobs, now).map((j) => j.jobId),
    ['j3', 'j1'],
  );
  const many = Array.from({ length: 80 }, (_, i) => rec(i, 'succeeded', i * 1000));
  assert.equal(pruneJobs(many, now).length, 50);
  assert.equal(pruneJobs(many, now)[0].jobId, 'j0', 'newest first');
});

test('elapsed time reads naturally', () => {
  assert.equal(formatElapsed(5_000), '5 s');
  assert.equal(formatElapsed(200_000), '3 min 20 s');
  assert.equal(formatElapsed(3_900_000), '1 h 5 min');
});
