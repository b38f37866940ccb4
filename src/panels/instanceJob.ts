// Following a create-type job to the end (vscode-free, so it is tested against the sandbox):
// first the job, then the instance it made, until that instance is AVAILABLE and idle.
import { l10n } from '../shared/l10n';
import type { RdsClient } from '../client/rds/client';
import { jobOutcome, jobResourceId, waitForJob } from '../client/rds/jobs';

/** Instance states after which waiting longer is pointless. */
const INSTANCE_FAILED = new Set(['FAIL_TO_CREATE', 'FAIL_TO_CONNECT', 'DELETED', 'STORAGE_FULL', 'SHUTDOWN']);

/** A job-progress event for the webview (see webviews/shared/wizard.ts JobProgress). */
export interface JobEvent {
  phase: 'job' | 'instance' | 'done' | 'failed';
  jobId: string;
  jobStatus?: string;
  dbInstanceId?: string;
  dbInstanceStatus?: string;
  progressStatus?: string;
  message?: string;
  /** The job ended with errors (COMPLETED_WITH_ERROR): said beside "done". */
  warning?: string;
}

/**
 * Follows the job, then the instance it made, until AVAILABLE. Emits every step; resolves with
 * the last event (phase done or failed). Never throws: a failure is an event the panel shows.
 */
export async function trackInstanceJob(
  rds: RdsClient,
  jobId: string,
  emit: (e: JobEvent) => void,
  signal: AbortSignal,
  timing: { initialDelayMs?: number; maxDelayMs?: number } = {},
): Promise<JobEvent> {
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  let last: JobEvent = { phase: 'job', jobId };
  const send = (e: JobEvent) => {
    last = e;
    emit(e);
    return e;
  };
  try {
    const job = await waitForJob(rds, jobId, {
      signal,
      ...timing,
      onProgress: (j) => send({ phase: 'job', jobId, jobStatus: j.jobStatus }),
    });
    const dbInstanceId = jobResourceId(job);
    const warning =
      jobOutcome(job.jobStatus) === 'partial'
        ? l10n.t(
            "The job ended {0}: the instance exists, but a step failed. The instance's events say which (Show Events on the instance).",
            job.jobStatus,
          )
        : undefined;
    if (!dbInstanceId)
      return send({
        phase: 'done',
        jobId,
        jobStatus: job.jobStatus,
        message: l10n.t('The job completed; it names no instance.'),
        warning,
      });
    for (
      let delay = timing.initialDelayMs ?? 2000;
      !signal.aborted;
      delay = Math.min(delay * 1.5, timing.maxDelayMs ?? 15000)
    ) {
      const inst = await rds.getDbInstance({ dbInstanceId }, { signal });
      const status = inst.dbInstanceStatus ?? '';
      const progress = inst.progressStatus ?? undefined;
      const e: JobEvent = {
        phase: 'instance',
        jobId,
        dbInstanceId,
        dbInstanceStatus: status,
        progressStatus: progress,
        warning,
      };
      if (status === 'AVAILABLE' && (!progress || progress === 'NONE')) return send({ ...e, phase: 'done' });
      if (INSTANCE_FAILED.has(status))
        return send({
          ...e,
          phase: 'failed',
          message: l10n.t('The instance is {0}. See its events for the reason.', status),
        });
      send(e);
      await sleep(delay);
    }
    return last;
  } catch (e) {
    return send({ ...last, phase: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
}
