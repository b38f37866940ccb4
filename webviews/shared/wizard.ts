// The instance form shared by Create, Restore and Replicate: field checks as typed (the client's
// zod schema for the request, via fieldIssues), the summary with secrets masked, the submit, and
// the job progress until the instance is AVAILABLE. The sections themselves are in
// instanceSections.ts. State (without secrets) is saved on every change so a window reload
// loses nothing.
import { l10n } from '../../src/shared/l10n';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import type { ZodMiniType } from 'zod/mini';
import { authenticationPluginsOf, fieldIssues, requiredPaths } from '../../src/client/rds/schemas';
import { rdsOperationIn, type RdsClientApiVersion } from '../../src/client/rds/versions';
import {
  AUTOSCALE_DETAIL_PATHS,
  confirmIssues,
  type WizardOperation,
  summarize,
  withoutSecrets,
  type BackupSchedule,
  type FormValues,
} from '../../src/panels/model/instanceForm';
import type { FieldIssue, PanelTarget } from '../../src/panels/protocol';
import { clear, h } from './dom';
import { button, FormStore, notice, reviewRows, setOptions, summaryTable } from './form';
import { issueText } from '../../src/panels/model/issueText';
import {
  instanceSections,
  opt,
  scheduleRows,
  schedulesOf,
  schedulesToValues,
  type Catalog,
  type WizardMode,
} from './instanceSections';
import { RequestError, saveState } from './rpc';

export interface JobProgress {
  phase: 'job' | 'instance' | 'done' | 'failed';
  jobId: string;
  jobStatus?: string;
  dbInstanceId?: string;
  dbInstanceStatus?: string;
  progressStatus?: string;
  message?: string;
  /** The job ended with errors (COMPLETED_WITH_ERROR): what to tell beside "done". */
  warning?: string;
}

export interface WizardState {
  target: PanelTarget;
  values: FormValues;
  extra?: Record<string, unknown>;
  job?: JobProgress;
}

export interface WizardOptions {
  mode: WizardMode;
  target: PanelTarget;
  values: FormValues;
  extra?: Record<string, unknown>;
  job?: JobProgress;
  /** The operation the form sends: its body schema in the profile's version checks the form. */
  operation: () => WizardOperation;
  body: (values: FormValues, schedules: BackupSchedule[], version: RdsClientApiVersion) => Record<string, unknown>;
  /** Checks the schema cannot make (password twice, restore point in range). */
  extraIssues?: () => FieldIssue[];
  submitLabel: string;
  submit: (body: Record<string, unknown>) => Promise<{ jobId: string }>;
  track: (jobId: string) => Promise<unknown>;
  reveal: (dbInstanceId: string) => Promise<unknown>;
  parameterGroups: (dbVersion: string) => Promise<Array<{ parameterGroupId: string; parameterGroupName: string }>>;
  /** Sections placed before the instance sections (restore point, source). */
  leading?: (store: FormStore) => HTMLElement[];
  /** The form started from a saved state or a draft, not its defaults: it holds changes already. */
  restored: boolean;
  /** Reports the unsent state (null: nothing unsent) and Cancel (src/panels/formDraft.ts). */
  draft: (state: WizardState | null) => Promise<unknown>;
  cancel: () => Promise<unknown>;
}

export class Wizard {
  readonly store: FormStore;
  private catalog?: Catalog;
  private readonly root = h('div', { class: 'wizard' });
  private readonly review = h('div', { class: 'review', 'aria-live': 'polite' });
  private readonly progress = h('div', { class: 'progress', 'aria-live': 'polite' });
  /** The fields and Review: locked once the request is sent (a second Create would make a second instance). */
  private readonly fields = h('div', { class: 'fields' });
  private readonly schedulesBox = h('div', { class: 'schedules' });
  private job?: JobProgress;
  private busy = false;

  constructor(private readonly opts: WizardOptions) {
    this.store = new FormStore({ ...opts.values });
    this.job = opts.job;
    this.store.onChange((path) => this.changed(path));
  }

  get mode(): WizardMode {
    return this.opts.mode;
  }

  /** The profile's RDS API version, known once the catalog has come (v3.0's fields until then). */
  private get apiVersion(): RdsClientApiVersion {
    return this.catalog?.rdsApiVersion ?? 'v3.0';
  }

  /** Every wizard operation has a body in both versions' tables (test/unit/panels/model.test.ts). */
  private schema(): ZodMiniType {
    return rdsOperationIn(this.apiVersion, this.opts.operation())!.body as ZodMiniType;
  }

  /** Renders into `host`; `catalog` fills the choices. */
  render(host: HTMLElement, catalog: Catalog): void {
    this.catalog = catalog;
    clear(this.root);
    const s = this.store;
    // The fields the schema requires are marked with the schema that checks them (a required
    // Parameter group went unmarked until Review named it).
    s.required = requiredPaths(this.schema());
    const m = this.opts.mode;
    const parts: Array<HTMLElement | null> = [...(this.opts.leading?.(s) ?? [])];
    parts.push(...instanceSections(s, m, catalog, { box: this.schedulesBox, add: () => this.addSchedule() }));
    const actions = h(
      'div',
      { class: 'actions' },
      button(l10n.t('Review'), () => this.showReview(), { id: 'review-request' }),
      button(l10n.t('Cancel'), () => void this.cancel(), { id: 'cancel-form', secondary: true }),
    );
    this.fields.replaceChildren(...parts.filter((p): p is HTMLElement => !!p), actions);
    this.root.append(this.fields, this.review, this.progress);
    host.replaceChildren(this.root);
    this.renderSchedules();
    this.versionChanged();
    this.syncHighAvailability();
    this.syncAutoscale();
    this.validate();
    if (this.opts.restored) this.reportDraft();
    if (this.job) {
      this.renderProgress();
      if (this.job.phase !== 'done' && this.job.phase !== 'failed')
        void this.opts.track(this.job.jobId).catch((e) => this.fail(e));
    }
  }

  private addSchedule(): void {
    const list = schedulesOf(this.store.values);
    list.push({ backupWndBgnTime: '', backupWndDuration: 'ONE_HOUR' });
    Object.assign(this.store.values, schedulesToValues(list));
    this.renderSchedules();
    this.changed('#schedules');
    const fields = this.schedulesBox.querySelectorAll<HTMLElement>('vscode-textfield');
    fields[fields.length - 1]?.focus();
  }

  private removeSchedule(i: number): void {
    const list = schedulesOf(this.store.values);
    list.splice(i, 1);
    for (const k of Object.keys(this.store.values))
      if (k.startsWith('backup.backupSchedules[')) delete this.store.values[k];
    Object.assign(this.store.values, schedulesToValues(list));
    this.renderSchedules();
    this.changed('#schedules');
  }
  private renderSchedules(): void {
    this.schedulesBox.replaceChildren(...scheduleRows(this.store, this.opts.mode, (i) => this.removeSchedule(i)));
  }

  private dbVersion(): string {
    return String(this.store.get('dbVersion') ?? '');
  }

  private versionChanged(): void {
    const v = this.dbVersion();
    if (this.opts.mode === 'create') {
      setOptions(this.store, 'authenticationPlugin', v ? authenticationPluginsOf(v).map((p) => opt(p)) : []);
    }
    if (!v) {
      setOptions(this.store, 'parameterGroupId', []);
      return;
    }
    this.opts
      .parameterGroups(v)
      .then((groups) => {
        if (v !== this.dbVersion()) return;
        setOptions(
          this.store,
          'parameterGroupId',
          groups.map((g) => opt(g.parameterGroupId, g.parameterGroupName)),
        );
        this.validate();
      })
      .catch((e) =>
        this.review.replaceChildren(notice('error', l10n.t('Could not list the parameter groups: {0}', e.message))),
      );
  }

  private syncHighAvailability(): void {
    if (this.opts.mode === 'replicate') return;
    const on = this.store.get('useHighAvailability') === true;
    for (const p of ['dbInstanceCandidateName', 'pingInterval']) {
      const b = this.store.fields.get(p);
      if (b) b.row.hidden = !on;
    }
  }

  /** The autoscale settings show only while autoscale is on (and are not sent while off). */
  private syncAutoscale(): void {
    const on = this.store.get('storage.storageAutoscale.useStorageAutoscale') === true;
    for (const p of AUTOSCALE_DETAIL_PATHS) {
      const b = this.store.fields.get(p);
      if (b) b.row.hidden = !on;
    }
  }

  private changed(path: string): void {
    if (path === 'dbVersion') this.versionChanged();
    if (path === 'useHighAvailability') this.syncHighAvailability();
    if (path === 'storage.storageAutoscale.useStorageAutoscale') this.syncAutoscale();
    clear(this.review);
    this.validate();
    this.persist();
  }

  private state(): WizardState {
    return {
      target: this.opts.target,
      values: withoutSecrets(this.store.values),
      extra: this.opts.extra,
      job: this.job,
    };
  }

  persist(): void {
    saveState(this.state());
    this.reportDraft();
  }

  private draftTimer: number | undefined;
  /** Tells the extension what closing would lose (coalesced: typing sends one report a pause). */
  private reportDraft(): void {
    if (this.draftTimer !== undefined) clearTimeout(this.draftTimer);
    this.draftTimer = window.setTimeout(() => this.sendDraft(), 200);
  }

  private sendDraft(): void {
    if (this.draftTimer !== undefined) clearTimeout(this.draftTimer);
    this.draftTimer = undefined;
    // A sent request runs on as a job: closing the form then loses nothing.
    void this.opts.draft(this.job ? null : this.state()).catch(() => undefined);
  }

  /**
   * The extension decides whether Cancel asks by the last draft it heard of: a report still
   * waiting out its pause goes first (messages arrive in order). Without it a form reopened or
   * restored with changes and cancelled within 200 ms closed without asking, its values lost
   * (an end-to-end run with three files at once clicked Cancel that soon after the reopen).
   */
  private cancel(): Promise<unknown> {
    if (this.draftTimer !== undefined) this.sendDraft();
    return this.opts.cancel();
  }

  body(): Record<string, unknown> {
    return this.opts.body(this.store.values, schedulesOf(this.store.values), this.apiVersion);
  }

  /** Runs the schema on the request as it stands and shows the issues; true when clean. */
  validate(): boolean {
    const issues = [
      ...fieldIssues(this.schema(), this.body()),
      ...confirmIssues(this.store.values),
      ...(this.opts.extraIssues?.() ?? []),
    ];
    this.store.showIssues(issues);
    return issues.length === 0;
  }

  private showReview(): void {
    this.store.showAll = true;
    if (!this.validate()) {
      const loose = this.store.unplacedIssues();
      this.review.replaceChildren(
        notice('error', l10n.t('Some fields need attention (marked below each field).')),
        // No field shows these: said without the schema's words, which name the API field.
        ...loose.map((i) => notice('error', issueText(i.message, undefined, i.path))),
      );
      this.store.focusFirstIssue();
      return;
    }
    const body = this.body();
    const create = button(this.opts.submitLabel, () => void this.doSubmit(body), { id: 'submit' });
    this.review.replaceChildren(
      h('h2', null, l10n.t('Summary')),
      h('p', null, l10n.t('This request will be sent (secrets masked):')),
      summaryTable(reviewRows(this.store, summarize(body))),
      h(
        'div',
        { class: 'actions' },
        create,
        button(l10n.t('Edit'), () => clear(this.review), { secondary: true }),
      ),
    );
    create.focus();
  }

  private async doSubmit(body: Record<string, unknown>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { jobId } = await this.opts.submit(body);
      this.job = { phase: 'job', jobId };
      clear(this.review);
      this.renderProgress();
      this.persist();
      await this.opts.track(jobId);
    } catch (e) {
      if (e instanceof RequestError && e.issues.length) {
        this.store.showIssues(e.issues);
        this.store.showAll = true;
        this.review.replaceChildren(notice('error', l10n.t('Some fields need attention (marked below each field).')));
      } else this.fail(e);
    } finally {
      this.busy = false;
    }
  }

  private fail(e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    if (this.job) this.job = { ...this.job, phase: 'failed', message };
    this.renderProgress();
    if (!this.job) this.review.replaceChildren(notice('error', message));
    this.persist();
  }

  /** Called for every `job` event pushed by the extension. */
  onProgress(p: JobProgress): void {
    if (!this.job || p.jobId !== this.job.jobId) return;
    this.job = p;
    this.renderProgress();
    this.persist();
  }

  private renderProgress(): void {
    const j = this.job;
    // Sent: the form is what was sent, read-only (a failed job leaves it to be fixed and sent again).
    this.fields.inert = !!j && j.phase !== 'failed';
    this.fields.classList.toggle('locked', this.fields.inert);
    if (!j) return clear(this.progress);
    const lines: Array<HTMLElement | null> = [h('h2', null, l10n.t('Progress'))];
    if (j.phase === 'failed') lines.push(notice('error', j.message ?? l10n.t('The job failed.')));
    else if (j.phase === 'done') {
      lines.push(notice('info', l10n.t('The instance is {0}.', j.dbInstanceStatus ?? 'AVAILABLE')));
      if (j.warning) lines.push(notice('warning', j.warning));
      if (j.dbInstanceId)
        lines.push(
          h(
            'div',
            { class: 'actions' },
            button(l10n.t('Reveal in Explorer'), () => void this.opts.reveal(j.dbInstanceId!)),
          ),
        );
    } else {
      lines.push(
        h(
          'div',
          { class: 'progress-line' },
          h('vscode-progress-ring', { 'aria-label': l10n.t('Working') }),
          h(
            'span',
            null,
            j.phase === 'job'
              ? l10n.t('Job {0}', j.jobStatus ?? 'submitted')
              : l10n.t(
                  'Instance {0} {1}',
                  j.dbInstanceStatus ?? '',
                  j.progressStatus && j.progressStatus !== 'NONE' ? `(${j.progressStatus})` : '',
                ),
          ),
        ),
      );
    }
    lines.push(h('p', { class: 'field-help' }, l10n.t('Job {0}', j.jobId)));
    this.progress.replaceChildren(...lines.filter((l): l is HTMLElement => !!l));
  }
}
