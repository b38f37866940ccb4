// Load (issue 9, item 7) at client level: 20 RDS jobs waited on at once while 5 multipart
// transfers are in flight, against the sandbox. Each job's polls show that polling backs off
// (few polls, growing gaps), reads stay answered meanwhile, and every job and transfer ends as
// it should. The per-second counts are printed for the record.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redactor } from '../../../src/client/http/redact';
import { Transport } from '../../../src/client/http/transport';
import { RdsClient } from '../../../src/client/rds/client';
import { waitForJob } from '../../../src/client/rds/jobs';
import { S3Client } from '../../../src/client/storage/client';
import { MiB, upload } from '../../../src/client/storage/transfer';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { SANDBOX_EC2 } from '../../../src/sandbox/identity/index';

const JOBS = 20;
const TRANSFERS = 5;
/** One job step: a job takes four (PREPARING, READY, RUNNING x2), about 4.8 s in all. */
const STEP_MS = 1_200;

describe('load: 20 jobs and 5 transfers at once', () => {
  let sb: Sandbox;
  let dir: string;
  let transport: Transport;

  before(async () => {
    sb = await startSandbox({ timeScale: STEP_MS });
    sb.rds.scale(JOBS, 'KR1');
    dir = await mkdtemp(join(tmpdir(), 'reliability-load-'));
    transport = new Transport({
      userAgent: 'load-test',
      retries: { max: 2, baseDelayMs: 5 },
      redactor: new Redactor(),
    });
  });
  after(async () => {
    await transport.close();
    await sb.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('polling backs off, reads stay answered, every job and transfer completes', async () => {
    const s = sb.sandboxProfile().secrets;
    const rds = new RdsClient({
      baseUrl: `${sb.url}/rds/kr1`,
      credentials: { appKey: s.rdsAppKey!, accessKeyId: s.rdsAccessKeyId!, secretAccessKey: s.rdsSecretAccessKey! },
      transport,
    });
    const s3 = new S3Client({
      baseUrl: `${sb.url}/storage/kr1`,
      accessKey: SANDBOX_EC2.access,
      secretKey: SANDBOX_EC2.secret,
      transport,
    });
    await s3.createBucket('load-test');
    const files: string[] = [];
    for (let i = 0; i < TRANSFERS; i++) {
      const f = join(dir, `file-${i}.bin`);
      await writeFile(f, Buffer.alloc(10 * MiB, i));
      files.push(f);
    }
    const { dbInstances } = await rds.listDbInstances();
    const targets = dbInstances.filter((i) => i.dbInstanceStatus === 'AVAILABLE').slice(0, JOBS);
    assert.equal(targets.length, JOBS, 'enough available instances');

    sb.server.resetStats();
    const polls = () => sb.server.stats.byOperation['rds.getJob'] ?? 0;
    const perSecond: number[] = [];
    let last = 0;
    const sampler = setInterval(() => {
      const now = polls();
      perSecond.push(now - last);
      last = now;
    }, 1_000);

    // When each job was polled, by job id (the client's own calls, counted at the call).
    const pollTimes = new Map<string, number[]>();
    const getJob = rds.getJob.bind(rds);
    rds.getJob = ((input: Parameters<typeof getJob>[0], ...rest: unknown[]) => {
      const id = (input as { jobId: string }).jobId;
      pollTimes.set(id, [...(pollTimes.get(id) ?? []), Date.now()]);
      return (getJob as (...a: unknown[]) => ReturnType<typeof getJob>)(input, ...rest);
    }) as typeof getJob;
    const started = Date.now();
    const jobIds = await Promise.all(
      targets.map(
        async (i, n) =>
          (await rds.backupDbInstance({ dbInstanceId: i.dbInstanceId, body: { backupName: `load-${n}` } })).jobId,
      ),
    );
    const jobs = Promise.all(
      jobIds.map((jobId) => waitForJob(rds, jobId, { initialDelayMs: 100, maxDelayMs: 1_500, timeoutMs: 60_000 })),
    );
    const transfers = Promise.all(
      files.map((file, i) => upload(s3, { bucket: 'load-test', key: `load/${i}.bin`, file, concurrency: 2 })),
    );
    // The explorer keeps reading while all that runs: every read is answered.
    const reads: number[] = [];
    const reader = (async () => {
      for (let i = 0; i < 5; i++) {
        const t0 = Date.now();
        await rds.listDbInstances();
        reads.push(Date.now() - t0);
        await new Promise((r) => setTimeout(r, 300));
      }
    })();

    const [done, uploaded] = await Promise.all([jobs, transfers, reader]);
    clearInterval(sampler);
    const elapsed = Date.now() - started;

    assert.equal(done.length, JOBS);
    assert.ok(done.every((j) => j.jobStatus === 'COMPLETED'));
    assert.deepEqual(
      uploaded.map((u) => u.parts),
      Array(TRANSFERS).fill(2),
    );
    for (let i = 0; i < TRANSFERS; i++)
      assert.equal((await s3.headObject('load-test', `load/${i}.bin`)).size, 10 * MiB);
    assert.deepEqual((await s3.listMultipartUploads('load-test')).uploads, []);
    // Every read is answered while the load runs (their times are printed, not asserted: a
    // timed assertion fails on a busy machine, not on a defect).
    assert.equal(reads.length, 5);

    // Backing off, by counts and per job (not per wall-clock second, which a loaded machine skews):
    // a fixed 100 ms interval would poll each ~4.8 s job ~48 times with gaps of ~100 ms.
    const total = polls();
    for (const [jobId, times] of pollTimes) {
      assert.ok(times.length <= 15, `job ${jobId} polled ${times.length} times`);
      const gaps = times.slice(1).map((t, i) => t - times[i]);
      assert.ok(Math.max(...gaps) >= 500, `job ${jobId}: the gaps between polls never grew (${gaps.join(', ')} ms)`);
    }
    assert.equal(pollTimes.size, JOBS);
    assert.ok(total <= JOBS * 15, `${total} polls for ${JOBS} jobs over ${elapsed} ms`);
    console.log(
      `load: ${JOBS} jobs, ${TRANSFERS} transfers, ${elapsed} ms; getJob per second ${perSecond.join(', ')}; ${total} polls (${(total / JOBS).toFixed(1)} per job); reads ${reads.join(', ')} ms`,
    );
  });
});
