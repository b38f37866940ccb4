// The job tracker (CONTRIBUTING.md, convention 8): every job-returning action is followed to its
// end. A status-bar item counts running jobs, the affected node shows progress and is
// refreshed when the job ends, a notification reports the outcome ("Reveal in Tree",
// "Show Log"), records live in workspaceState so a window reload resumes them, and
// `nhncloud.jobs.list` lists recent ones. The schedule and the status rules are pure
// (./schedule.ts, unit-tested).
//
// Polling while the explorer view is hidden: busy *nodes* (progressStatus != NONE) are
// polled only while the view is visible (BusyWatcher, ./busyWatcher.ts); *jobs* the user started keep being
// followed at the backoff schedule (<= 43 requests over 10 minutes) because the user waits
// for their notification, wherever the focus is.
import * as vscode from 'vscode';
import { isAuthError, isCancelledError } from '../client/errors';
import type { Region } from '../client/endpoints';
import type { CommandHandler, Feature, Services } from '../shared/services';
import { jobOutcome, UNKNOWN_STATE_PATIENCE_MS } from '../client/rds/jobStates';
import {
  GIVE_UP_AFTER_MS,
  formatElapsed,
  jitteredDelay,
  jobState,
  jobStatusLabel,
  pruneJobs,
  type JobRecord,
  type MadeRow,
} from './schedule';
import type { TreeNode } from '../shared/tree/nodes';
import { formatTime, plural } from '../shared/l10n';
import { action, askAction } from '../shared/prompts';
import { rdsProduct, type RdsProductId } from '../client/products';

const STATE_KEY = 'nhncloud.jobs';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** What the tracker needs of the explorer (./tree/explorer.ts). */
export interface JobExplorer {
  reveal(id: string): Promise<boolean>;
  refreshId(id: string): void;
  findNode(id: string): Promise<TreeNode | undefined>;
}

/** Something that is not a job but is shown with them while it exists (a temporary access rule). */
export interface StandingItem {
  title: string;
  description?: string;
  detail?: string;
  /** Tree id revealed when it is picked from the jobs list. */
  nodeId?: string;
}

export interface TrackOptions {
  jobId: string;
  region: Region;
  /** The RDS product whose API answers for the job (RDS for MySQL when left out). */
  product?: RdsProductId;
  title: string;
  /** Tree id of the node the job changes (shown busy, refreshed, revealed). */
  nodeId?: string;
  /** More tree ids to refresh when it ends. */
  refreshIds?: string[];
  /** The row it makes: Reveal in Tree selects that row, in its folder, once the job is done. */
  made?: MadeRow;
}

export class JobTracker {
  private jobs: JobRecord[];
  private readonly following = new Map<string, AbortController>();
  private readonly statusBar: vscode.StatusBarItem;
  private readonly changed = new vscode.EventEmitter<JobRecord>();
  /** Fires when a job starts, progresses or ends. */
  readonly onDidChange = this.changed.event;
  private readonly subs: vscode.Disposable[] = [];
  private ticker?: NodeJS.Timeout;
  /** Sources of standing items: things that exist for a while and are shown with the jobs. */
  private readonly standingSources = new Set<() => StandingItem[]>();

  constructor(
    private readonly services: Services,
    private readonly explorer: JobExplorer,
  ) {
    this.jobs = pruneJobs(services.context.workspaceState.get<JobRecord[]>(STATE_KEY) ?? [], Date.now());
    this.statusBar = vscode.window.createStatusBarItem('nhncloud.jobs', vscode.StatusBarAlignment.Left, 50);
    this.statusBar.name = vscode.l10n.t('NHN Cloud jobs');
    this.statusBar.command = 'nhncloud.jobs.list';
    this.subs.push(
      this.statusBar,
      this.changed,
      services.profiles.onDidChange(() => this.resume()),
    );
    this.resume();
    this.render();
  }

  /** Follow a job the service just returned. Resolves at once; the job is followed in the background. */
  track(opts: TrackOptions): JobRecord {
    const profile = this.services.profiles.active();
    const now = Date.now();
    const rec: JobRecord = {
      jobId: opts.jobId,
      profileId: profile?.id ?? '',
      region: opts.region,
      ...(opts.product && opts.product !== 'mysql' && { product: opts.product }),
      title: opts.title,
      nodeId: opts.nodeId,
      refreshIds: opts.refreshIds,
      ...(opts.made && { made: opts.made }),
      startedAt: now,
      updatedAt: now,
      status: 'REGISTERED',
      state: 'running',
    };
    this.jobs = pruneJobs([rec, ...this.jobs.filter((j) => j.jobId !== rec.jobId)], now);
    this.services.log.info(`Job ${rec.jobId} started: ${rec.title} (${rec.region})`);
    void this.persist();
    this.render();
    if (rec.nodeId) this.explorer.refreshId(rec.nodeId);
    this.changed.fire(rec);
    this.follow(rec);
    return rec;
  }

  /** The running job that affects this tree node, if any (the node shows it as progress). */
  runningFor(nodeId: string): JobRecord | undefined {
    return this.jobs.find((j) => j.state === 'running' && j.nodeId === nodeId);
  }

  /** A running job on this node or below it (its users, schemas...): its end refreshes the node anyway. */
  runningUnder(nodeId: string): JobRecord | undefined {
    return this.jobs.find(
      (j) => j.state === 'running' && !!j.nodeId && (j.nodeId === nodeId || j.nodeId.startsWith(`${nodeId}/`)),
    );
  }

  list(): readonly JobRecord[] {
    return this.jobs;
  }

  /** Follow every running job of the active profile that is not followed yet (after a reload or a profile switch). */
  resume(): void {
    const active = this.services.profiles.active()?.id;
    for (const j of this.jobs) {
      if (j.state === 'running' && j.profileId === active && !this.following.has(j.jobId)) this.follow(j);
    }
  }

  private follow(rec: JobRecord) {
    const ac = new AbortController();
    this.following.set(rec.jobId, ac);
    void this.poll(rec, ac.signal).finally(() => this.following.delete(rec.jobId));
  }

  private async poll(rec: JobRecord, signal: AbortSignal) {
    let failures = 0;
    /** Since when the job has been in the state no guide names that it is in now. */
    let unknownSince: number | undefined;
    for (let attempt = 0; !signal.aborted; attempt++) {
      await sleep(jitteredDelay(attempt), signal);
      if (signal.aborted) return;
      if (this.services.profiles.active()?.id !== rec.profileId) return; // resumed on switching back
      try {
        const rds = await this.services.clients.rds(rec.region as Region, rdsProduct(rec.product).id);
        const job = await rds.getJob({ jobId: rec.jobId }, { signal });
        failures = 0;
        const status = job.jobStatus || rec.status;
        const created = job.resourceRelations.find((r) => r.resourceType === 'DB_INSTANCE');
        if (created) rec.resourceId = created.resourceId;
        const state = jobState(status);
        if (status !== rec.status) {
          rec.status = status;
          rec.updatedAt = Date.now();
          unknownSince = undefined;
          this.changed.fire(rec);
          void this.persist();
        }
        if (state !== 'running') return this.finish(rec, state);
        if (jobOutcome(status) === 'unknown') {
          // Shown as the service wrote it (status bar, jobs list); given up on if it stays there.
          if (unknownSince === undefined) {
            unknownSince = Date.now();
            this.services.log.warn(`Job ${rec.jobId} is in a state this version does not know: ${status}`);
          } else if (Date.now() - unknownSince >= UNKNOWN_STATE_PATIENCE_MS)
            return this.finish(
              rec,
              'unknown',
              vscode.l10n.t('it stayed in the state {0}, which this version does not know', status),
            );
        }
      } catch (e) {
        if (isCancelledError(e) && signal.aborted) return;
        failures++;
        this.services.log.warn(
          `Polling job ${rec.jobId} failed (${failures}): ${e instanceof Error ? e.message : String(e)}`,
        );
        if (isAuthError(e) || failures >= 5)
          return this.finish(rec, 'unknown', e instanceof Error ? e.message : String(e));
      }
      if (Date.now() - rec.startedAt > GIVE_UP_AFTER_MS)
        return this.finish(rec, 'unknown', vscode.l10n.t('still running after {0}', formatElapsed(GIVE_UP_AFTER_MS)));
    }
  }

  private async finish(rec: JobRecord, state: JobRecord['state'], reason?: string) {
    rec.state = state;
    rec.endedAt = rec.updatedAt = Date.now();
    void this.persist();
    this.render();
    this.changed.fire(rec);
    for (const id of [rec.nodeId, ...(rec.refreshIds ?? [])]) if (id) this.explorer.refreshId(id);
    const took = formatElapsed(rec.endedAt - rec.startedAt);
    const showLog = action('showLog', vscode.l10n.t('Show Log'));
    const actions = rec.nodeId ? [action('reveal', vscode.l10n.t('Reveal in Tree')), showLog] : [showLog];
    let pick: 'reveal' | 'showLog' | 'events' | undefined;
    if (state === 'succeeded') {
      this.services.log.info(`Job ${rec.jobId} completed: ${rec.title} (${took})`);
      pick = await askAction('info', vscode.l10n.t('{0}: done in {1}.', rec.title, took), {}, ...actions);
    } else if (state === 'partial') {
      this.services.log.warn(`Job ${rec.jobId} ended ${rec.status}: ${rec.title} (${took})`);
      pick = await askAction(
        'warning',
        vscode.l10n.t(
          "{0}: done in {1}, but with errors: a step failed (the job's state: {2}). The DB instance's events say which.",
          rec.title,
          took,
          jobStatusLabel(rec.status),
        ),
        {},
        action('events', vscode.l10n.t('Show Events')),
        ...actions,
      );
    } else if (state === 'failed') {
      this.services.log.error(`Job ${rec.jobId} ended ${rec.status}: ${rec.title}`);
      pick = await askAction(
        'error',
        vscode.l10n.t(
          "{0}: failed after {2} (the job's state: {1}). See the DB instance's events for the cause.",
          rec.title,
          jobStatusLabel(rec.status),
          took,
        ),
        {},
        action('events', vscode.l10n.t('Show Events')),
        ...actions,
      );
    } else {
      this.services.log.warn(`Job ${rec.jobId} no longer followed: ${reason ?? ''}`);
      const message = reason
        ? vscode.l10n.t(
            '{0}: its outcome is unknown ({1}). Refresh the tree later to see the result.',
            rec.title,
            reason,
          )
        : vscode.l10n.t('{0}: its outcome is unknown. Refresh the tree later to see the result.', rec.title);
      pick = await askAction('warning', message, {}, ...actions);
    }
    if (pick === 'reveal' && rec.nodeId) await this.revealJob(rec);
    if (pick === 'events')
      await vscode.commands.executeCommand(
        'nhncloud.rds.showInstanceEvents',
        rec.nodeId ? await this.explorer.findNode(rec.nodeId) : undefined,
      );
    if (pick === 'showLog') this.services.log.show();
  }

  private async revealJob(rec: JobRecord) {
    const made = rec.state === 'succeeded' && rec.made ? await this.madeRowId(rec.made) : undefined;
    if (!(await this.explorer.reveal(made ?? rec.nodeId!))) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0}: the resource is no longer in the tree.', rec.title),
      );
    }
  }

  /** The tree id of the row a finished job made (its folder read again since the job's end refreshed it). */
  private async madeRowId(made: MadeRow): Promise<string | undefined> {
    const folder = await this.explorer.findNode(made.folderId).catch(() => undefined);
    const rows = folder ? await folder.getChildren() : [];
    return rows.find((r) => r.label === made.label)?.id;
  }

  private persist(): Thenable<void> {
    this.jobs = pruneJobs(this.jobs, Date.now());
    return this.services.context.workspaceState.update(STATE_KEY, this.jobs);
  }

  /**
   * Shows what `source` lists (a temporary DB security group rule of Connect...) with the jobs, in
   * the status bar and the jobs list, until disposed; `changed` fires when the list changes.
   */
  addStanding(source: () => StandingItem[], changed: vscode.Event<void>): vscode.Disposable {
    this.standingSources.add(source);
    const sub = changed(() => this.render());
    this.render();
    return {
      dispose: () => {
        sub.dispose();
        this.standingSources.delete(source);
        this.render();
      },
    };
  }

  standing(): StandingItem[] {
    return [...this.standingSources].flatMap((s) => s());
  }

  private render() {
    const running = this.jobs.filter((j) => j.state === 'running');
    const standing = this.standing();
    if (!running.length && standing.length) {
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = undefined;
      this.statusBar.text = plural(
        standing.length,
        vscode.l10n.t('$(shield) {0} temporary access rule', standing.length),
        vscode.l10n.t('$(shield) {0} temporary access rules', standing.length),
      );
      this.statusBar.tooltip = new vscode.MarkdownString(undefined, true)
        .appendText(standing.map((x) => x.title).join('\n'))
        .appendMarkdown('\n\n' + vscode.l10n.t('Click to list recent jobs.'));
      this.statusBar.show();
      return;
    }
    if (!running.length) {
      this.statusBar.hide();
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = undefined;
      return;
    }
    this.statusBar.text =
      running.length > 1
        ? vscode.l10n.t('$(sync~spin) {0} NHN Cloud jobs', running.length)
        : vscode.l10n.t('$(sync~spin) 1 NHN Cloud job');
    const tip = new vscode.MarkdownString(undefined, true);
    tip.appendText(
      [
        ...running.map((j) =>
          vscode.l10n.t('{0}: {1} for {2}', j.title, jobStatusLabel(j.status), formatElapsed(Date.now() - j.startedAt)),
        ),
        ...standing.map((x) => x.title),
      ].join('\n'),
    );
    tip.appendMarkdown('\n\n' + vscode.l10n.t('Click to list recent jobs.'));
    this.statusBar.tooltip = tip;
    this.statusBar.show();
    // Keeps the elapsed times of the tooltip current; no request is made.
    this.ticker ??= setInterval(() => this.render(), 5000);
  }

  /** `nhncloud.jobs.list`: recent jobs, running first, with elapsed time and state. */
  async showList(): Promise<void> {
    const now = Date.now();
    const icon = {
      running: '$(sync~spin)',
      succeeded: '$(pass)',
      partial: '$(warning)',
      failed: '$(error)',
      unknown: '$(question)',
    } as const;
    const items = [...this.jobs]
      .sort((a, b) => Number(b.state === 'running') - Number(a.state === 'running') || b.startedAt - a.startedAt)
      .map((j) => ({
        label: `${icon[j.state]} ${j.title}`,
        description:
          j.state === 'running'
            ? vscode.l10n.t('{0} for {1}', jobStatusLabel(j.status), formatElapsed(now - j.startedAt))
            : vscode.l10n.t(
                '{0} · {1} · ended {2}',
                jobStatusLabel(j.status),
                formatElapsed((j.endedAt ?? now) - j.startedAt),
                formatTime(new Date(j.endedAt ?? j.updatedAt)),
              ),
        detail: vscode.l10n.t('{0} · job {1}', j.region, j.jobId),
        job: j,
      }));
    const standing = this.standing().map((x) => ({
      label: `$(shield) ${x.title}`,
      description: x.description ?? '',
      detail: x.detail,
      standing: x,
    }));
    if (!items.length && !standing.length) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No NHN Cloud job in this workspace yet.'));
      return;
    }
    const picked = await vscode.window.showQuickPick([...standing, ...items], {
      title: vscode.l10n.t('NHN Cloud jobs'),
      matchOnDetail: true,
      placeHolder: vscode.l10n.t('Pick a job to reveal its resource'),
    });
    if (!picked) return;
    if ('standing' in picked) {
      if (picked.standing.nodeId) await this.explorer.reveal(picked.standing.nodeId);
      return;
    }
    const pick = picked;
    const chosen = await vscode.window.showQuickPick(
      [
        ...(pick.job.nodeId ? [{ label: vscode.l10n.t('Reveal in Tree'), id: 'reveal' as const }] : []),
        { label: vscode.l10n.t('Copy Job ID'), id: 'copyId' as const },
        { label: vscode.l10n.t('Show Log'), id: 'showLog' as const },
      ],
      { title: pick.job.title },
    );
    if (chosen?.id === 'reveal') await this.revealJob(pick.job);
    if (chosen?.id === 'copyId') await vscode.env.clipboard.writeText(pick.job.jobId);
    if (chosen?.id === 'showLog') this.services.log.show();
  }

  feature(): Feature {
    const commands: Record<string, CommandHandler> = { 'nhncloud.jobs.list': () => this.showList() };
    return { commands, dispose: () => this.dispose() };
  }

  dispose(): void {
    for (const ac of this.following.values()) ac.abort();
    this.following.clear();
    if (this.ticker) clearInterval(this.ticker);
    for (const s of this.subs) s.dispose();
  }
}
