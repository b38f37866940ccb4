// Asynchronous work of the RDS sandbox. A job walks PREPARING -> READY -> RUNNING -> COMPLETED
// one `timeScale` step at a time (RUNNING takes two steps). State is advanced lazily: every
// request (and RdsSandbox.advance) first settles what the clock says is due, so no timers
// outlive the server and a test never waits on a timer it cannot see.
import { jobOutcome } from '../../client/rds/jobStates';
import type { Instance, Job } from './types';
import { ymdt } from './util';

export interface JobSpec {
  /** Operation name from the rows (createDbUser, ...), matched by the failure knob. */
  operation: string;
  /** Instances that show `progress` while the job runs (restored to NONE at the end). */
  busy?: { instance: Instance; progress: string }[];
  /** DB_INSTANCE ids reported in resourceRelations. */
  relations?: string[];
  /** Applied when the job completes. */
  effect?: () => void;
  /** Applied instead of `effect` when the job fails (undo what the request started). */
  onFail?: () => void;
}

const STEPS: [number, string][] = [
  [0, 'PREPARING'],
  [1, 'READY'],
  [2, 'RUNNING'],
  [4, 'COMPLETED'],
];

export class JobEngine {
  readonly jobs = new Map<string, Job>();
  /** Jobs not yet COMPLETED or FAILED: advance() only looks at these. */
  private readonly active = new Set<Job>();
  /** Per operation (or `*`): the states the next jobs end in, first first. */
  private readonly endNext = new Map<string, string[]>();
  private readonly busyInstances = new Map<string, Instance>();
  /** Called when a job ends (the data folder's saver listens: ../stateFile.ts). */
  onEnd: () => void = () => {};

  constructor(
    /** Milliseconds per step. */
    public timeScale: number,
    private readonly now: () => number,
    private readonly newId: () => string,
  ) {}

  /** The next `times` jobs of `operation` (a row name, or `*` for any) end FAILED. */
  failNextJob(operation: string, times = 1): void {
    this.endNextJob(operation, 'FAILED', times);
  }

  /**
   * The next `times` jobs of `operation` (or `*`) end in `status` instead of COMPLETED: a failure
   * state, COMPLETED_WITH_ERROR, or any other text (a state the client has never seen; the job
   * then stays in it).
   */
  endNextJob(operation: string, status: string, times = 1): void {
    const queue = this.endNext.get(operation) ?? [];
    for (let i = 0; i < times; i++) queue.push(status);
    this.endNext.set(operation, queue);
  }

  private consumeEnding(operation: string): string | undefined {
    for (const key of [operation, '*']) {
      const queue = this.endNext.get(key);
      if (queue?.length) {
        const status = queue.shift();
        if (!queue.length) this.endNext.delete(key);
        return status;
      }
    }
    return undefined;
  }

  start(spec: JobSpec): Job {
    const at = this.now();
    const busy = spec.busy ?? [];
    for (const b of busy) {
      b.instance.progressStatus = b.progress;
      b.instance.updatedYmdt = ymdt(at);
      this.busyInstances.set(b.instance.dbInstanceId, b.instance);
    }
    const job: Job = {
      jobId: this.newId(),
      operation: spec.operation,
      jobStatus: 'PREPARING',
      resourceRelations: (spec.relations ?? []).map((id) => ({ resourceType: 'DB_INSTANCE', resourceId: id })),
      createdYmdt: ymdt(at),
      updatedYmdt: ymdt(at),
      startedAt: at,
      busy: busy.map((b) => b.instance.dbInstanceId),
      effect: spec.effect ?? (() => {}),
      onFail: spec.onFail ?? (() => {}),
      endsAs: this.consumeEnding(spec.operation),
    };
    this.jobs.set(job.jobId, job);
    this.active.add(job);
    this.advance();
    return job;
  }

  /** True while any job runs (its effect is code, not data: the state is kept only between jobs). */
  get running(): boolean {
    return this.active.size > 0;
  }

  /**
   * Ends every running job now, as its time would have (its effect or onFail applied): the
   * sandbox's close when its state is kept, so the next start finds each job finished and its
   * result in place instead of a job no code can finish (issue 63).
   */
  finishAll(): void {
    const now = this.now();
    for (const job of this.active) job.startedAt = Math.min(job.startedAt, now - 4 * Math.max(this.timeScale, 0) - 1);
    this.advance();
  }

  /** Jobs as data (their effects are not): the finished ones, which a kept state holds. */
  finished(): Omit<Job, 'effect' | 'onFail'>[] {
    return [...this.jobs.values()].filter((j) => !this.active.has(j)).map(({ effect: _e, onFail: _f, ...j }) => j);
  }

  /** Puts back the finished jobs of a kept state (a client that follows one finds it ended). */
  restore(jobs: Omit<Job, 'effect' | 'onFail'>[]): void {
    this.jobs.clear();
    for (const j of jobs) this.jobs.set(j.jobId, { ...j, effect: () => {}, onFail: () => {} });
  }

  /** Settles every job whose time has come. Cheap when nothing is running. */
  advance(): void {
    const now = this.now();
    let ended = false;
    for (const job of [...this.active]) {
      const steps = this.timeScale <= 0 ? Infinity : (now - job.startedAt) / this.timeScale;
      let status = job.jobStatus;
      for (const [from, s] of STEPS) if (steps >= from) status = s;
      if (status === 'COMPLETED' && job.endsAs) status = job.endsAs;
      if (status === job.jobStatus) continue;
      job.jobStatus = status;
      job.updatedYmdt = ymdt(now);
      // The end: COMPLETED, a state that ends a job, or one no guide names (the job stays there).
      if (status === 'COMPLETED' || status === job.endsAs) {
        this.active.delete(job);
        for (const id of job.busy) {
          const inst = this.busyInstances.get(id);
          if (inst) {
            inst.progressStatus = 'NONE';
            inst.updatedYmdt = ymdt(now);
          }
          if (![...this.active].some((j) => j.busy.includes(id))) this.busyInstances.delete(id);
        }
        const outcome = jobOutcome(status);
        if (outcome === 'succeeded' || outcome === 'partial') job.effect();
        else if (outcome === 'failed') job.onFail();
        ended = true;
      }
    }
    if (ended) this.onEnd();
  }

  /** True while a job is running on the instance. */
  isBusy(dbInstanceId: string): boolean {
    return this.busyInstances.has(dbInstanceId);
  }
}
