// The instance form shared by Create, Restore and Replicate: the instance sections, field
// checks as typed (the client's zod schema for the request, via fieldIssues), the summary with
// secrets masked, the submit, and the job progress until the instance is AVAILABLE.
// State (without secrets) is saved on every change so a window reload loses nothing.
import { l10n } from '../../src/shared/l10n';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import type { ZodMiniType } from 'zod/mini';
import {
  authenticationPluginsOf,
  BACKUP_WND_DURATIONS,
  CREATABLE_DB_VERSIONS,
  fieldIssues,
  OBS_RESTORABLE_DB_VERSIONS,
  REGIONS,
  TLS_OPTIONS,
} from '../../src/client/rds/schemas';
import {
  confirmIssues,
  summarize,
  withoutSecrets,
  type BackupSchedule,
  type FormValues,
} from '../../src/panels/model/instanceForm';
import type { FieldIssue, PanelTarget } from '../../src/panels/protocol';
import { clear, h } from './dom';
import {
  button,
  checkField,
  FormStore,
  multiField,
  notice,
  section,
  selectField,
  setOptions,
  summaryTable,
  textField,
  type Option,
} from './form';
import { RequestError, saveState } from './rpc';

export type WizardMode = 'create' | 'restore' | 'backup' | 'obs' | 'replicate';

export interface Catalog {
  dbVersions: Array<{ dbVersion: string; dbVersionName?: string; restorableFromObs?: boolean }>;
  flavors: Array<{ dbFlavorId: string; dbFlavorName: string; ram: number; vcpus: number }>;
  subnets: Array<{ subnetId: string; subnetName: string; subnetCidr?: string; availableIpCount?: number }>;
  storageTypes: string[];
  securityGroups: Array<{ dbSecurityGroupId: string; dbSecurityGroupName: string }>;
  userGroups: Array<{ userGroupId: string; userGroupName: string }>;
}

export interface JobProgress {
  phase: 'job' | 'instance' | 'done' | 'failed';
  jobId: string;
  jobStatus?: string;
  dbInstanceId?: string;
  dbInstanceStatus?: string;
  progressStatus?: string;
  message?: string;
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
  schema: () => ZodMiniType;
  body: (values: FormValues, schedules: BackupSchedule[]) => Record<string, unknown>;
  /** Checks the schema cannot make (password twice, restore point in range). */
  extraIssues?: () => FieldIssue[];
  submitLabel: string;
  submit: (body: Record<string, unknown>) => Promise<{ jobId: string }>;
  track: (jobId: string) => Promise<unknown>;
  reveal: (dbInstanceId: string) => Promise<unknown>;
  parameterGroups: (dbVersion: string) => Promise<Array<{ parameterGroupId: string; parameterGroupName: string }>>;
  /** Sections placed before the instance sections (restore point, source). */
  leading?: (store: FormStore) => HTMLElement[];
}

const opt = (value: string, label = value): Option => ({ value, label });
const DURATION_LABELS: Record<string, string> = {
  HALF_AN_HOUR: l10n.t('30 minutes'),
  ONE_HOUR: l10n.t('1 hour'),
  ONE_HOUR_AND_HALF: l10n.t('1.5 hours'),
  TWO_HOURS: l10n.t('2 hours'),
  TWO_HOURS_AND_HALF: l10n.t('2.5 hours'),
  THREE_HOURS: l10n.t('3 hours'),
};

export function schedulesOf(values: FormValues): BackupSchedule[] {
  const n = Number(values['#schedules'] ?? 0);
  return Array.from({ length: n }, (_, i) => ({
    backupWndBgnTime: String(values[`backup.backupSchedules[${i}].backupWndBgnTime`] ?? ''),
    backupWndDuration: String(values[`backup.backupSchedules[${i}].backupWndDuration`] ?? ''),
  }));
}

export function schedulesToValues(schedules: BackupSchedule[]): FormValues {
  const out: FormValues = { '#schedules': String(schedules.length) };
  schedules.forEach((s, i) => {
    out[`backup.backupSchedules[${i}].backupWndBgnTime`] = s.backupWndBgnTime;
    out[`backup.backupSchedules[${i}].backupWndDuration`] = s.backupWndDuration;
  });
  return out;
}

export class Wizard {
  readonly store: FormStore;
  private catalog?: Catalog;
  private readonly root = h('div', { class: 'wizard' });
  private readonly review = h('div', { class: 'review', 'aria-live': 'polite' });
  private readonly progress = h('div', { class: 'progress', 'aria-live': 'polite' });
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

  /** Renders into `host`; `catalog` fills the choices. */
  render(host: HTMLElement, catalog: Catalog): void {
    this.catalog = catalog;
    clear(this.root);
    const s = this.store;
    const m = this.opts.mode;
    const parts: Array<HTMLElement | null> = [...(this.opts.leading?.(s) ?? [])];

    if (m === 'create' || m === 'obs') {
      // Only versions the engine table allows for this request (and the service's own flag).
      const allowed: readonly string[] = m === 'obs' ? OBS_RESTORABLE_DB_VERSIONS : CREATABLE_DB_VERSIONS;
      const versions = catalog.dbVersions.filter(
        (v) => allowed.includes(v.dbVersion) && (m !== 'obs' || v.restorableFromObs !== false),
      );
      parts.push(
        section(
          l10n.t('Engine'),
          selectField(
            s,
            'dbVersion',
            l10n.t('DB engine version'),
            versions.map((v) => opt(v.dbVersion, v.dbVersionName || v.dbVersion)),
            { empty: l10n.t('Choose a version'), required: true },
          ),
        ),
      );
    }
    parts.push(
      section(
        l10n.t('Instance'),
        textField(s, 'dbInstanceName', m === 'replicate' ? l10n.t('Replica name') : l10n.t('Instance name'), {
          required: true,
        }),
        textField(s, 'description', l10n.t('Description')),
        selectField(
          s,
          'dbFlavorId',
          l10n.t('Flavor'),
          catalog.flavors.map((f) =>
            opt(f.dbFlavorId, l10n.t('{0} ({1} vCPU, {2} RAM)', f.dbFlavorName, f.vcpus, formatRam(f.ram))),
          ),
          {
            empty: m === 'replicate' ? l10n.t('Same as the source') : l10n.t('Choose a flavor'),
            required: m !== 'replicate',
          },
        ),
      ),
      section(
        l10n.t('Storage'),
        selectField(
          s,
          'storage.storageType',
          l10n.t('Storage type'),
          catalog.storageTypes.map((t) => opt(t)),
          { empty: m === 'replicate' ? l10n.t('Same as the source') : l10n.t('Choose a type') },
        ),
        textField(s, 'storage.storageSize', l10n.t('Storage size (GB)'), {
          type: 'number',
          min: 20,
          max: 2048,
          help: l10n.t('20 to 2048 GB') + (m === 'replicate' ? l10n.t('; empty: same as the source') : ''),
        }),
      ),
      section(
        l10n.t('Network'),
        m === 'replicate'
          ? null
          : selectField(
              s,
              'network.subnetId',
              l10n.t('Subnet'),
              catalog.subnets.map((n) =>
                opt(
                  n.subnetId,
                  l10n.t('{0} {1} ({2} free IPs)', n.subnetName, n.subnetCidr ?? '', n.availableIpCount ?? '?'),
                ),
              ),
              {
                empty: l10n.t('Choose a subnet'),
                required: true,
              },
            ),
        textField(s, 'network.availabilityZone', l10n.t('Availability zone'), {
          placeholder: 'kr-pub-a',
          required: true,
        }),
        checkField(s, 'network.usePublicAccess', l10n.t('Public access (an external domain and address)')),
        textField(s, 'dbPort', l10n.t('Port'), {
          type: 'number',
          min: 3306,
          max: 43306,
          help: l10n.t('3306 to 43306') + (m === 'replicate' ? l10n.t('; empty: same as the source') : ''),
        }),
      ),
      section(
        l10n.t('Settings'),
        selectField(s, 'parameterGroupId', l10n.t('Parameter group'), [], {
          empty: m === 'replicate' ? l10n.t('Same as the source') : l10n.t('Choose a parameter group'),
          help: l10n.t('Only groups of the chosen engine version are listed.'),
        }),
        multiField(
          s,
          'dbSecurityGroupIds',
          l10n.t('DB security groups'),
          catalog.securityGroups.map((g) => opt(g.dbSecurityGroupId, g.dbSecurityGroupName)),
        ),
        multiField(
          s,
          'userGroupIds',
          l10n.t('User groups (notified)'),
          catalog.userGroups.map((g) => opt(g.userGroupId, g.userGroupName)),
        ),
      ),
      m === 'replicate'
        ? section(
            l10n.t('High availability'),
            textField(s, 'dbInstanceCandidateName', l10n.t('Candidate master name'), {
              help: l10n.t('Only used when the source has high availability.'),
            }),
          )
        : section(
            l10n.t('High availability'),
            checkField(s, 'useHighAvailability', l10n.t('Use high availability (a candidate master in another zone)')),
            textField(s, 'dbInstanceCandidateName', l10n.t('Candidate master name')),
            textField(s, 'pingInterval', l10n.t('Ping interval (seconds)'), {
              type: 'number',
              min: 1,
              max: 600,
              help: l10n.t('1 to 600, default 3'),
            }),
          ),
      section(
        l10n.t('Backups'),
        textField(s, 'backup.backupPeriod', l10n.t('Retention (days)'), {
          type: 'number',
          min: 0,
          max: 730,
          help: l10n.t('0 to 730'),
        }),
        h('h3', null, l10n.t('Schedules')),
        this.schedulesBox,
        button(l10n.t('Add schedule'), () => this.addSchedule(), { secondary: true }),
        textField(s, 'backup.backupRetryCount', l10n.t('Retries'), {
          type: 'number',
          min: 0,
          max: 10,
          help: l10n.t('0 to 10, default 0'),
        }),
        textField(s, 'backup.ftwrlWaitTimeout', l10n.t('FTWRL wait timeout (seconds)'), {
          type: 'number',
          min: 0,
          max: 21600,
          help: l10n.t('0 to 21600, default 1800'),
        }),
        selectField(
          s,
          'backup.replicationRegion',
          l10n.t('Replicate backups to region'),
          REGIONS.map((r) => opt(r)),
          { empty: l10n.t('No replication') },
        ),
        checkField(s, 'backup.useBackupLock', l10n.t('Use the backup lock')),
      ),
    );
    if (m === 'create') {
      parts.push(
        section(
          l10n.t('Administrator account'),
          textField(s, 'dbUserName', l10n.t('DB user name'), { required: true, help: l10n.t('1 to 32 characters') }),
          textField(s, 'dbPassword', l10n.t('Password'), {
            type: 'password',
            required: true,
            help: l10n.t('4 to 256 characters; never stored by the panel'),
          }),
          textField(s, 'dbPasswordConfirm', l10n.t('Password again'), { type: 'password', required: true }),
          selectField(s, 'authenticationPlugin', l10n.t('Authentication plugin'), [], {
            empty: l10n.t('Service default'),
          }),
          selectField(
            s,
            'tlsOption',
            'TLS',
            TLS_OPTIONS.map((t) => opt(t)),
            { empty: l10n.t('Service default') },
          ),
        ),
      );
    }
    parts.push(
      section(
        l10n.t('Options'),
        m === 'obs' ? null : checkField(s, 'useDeletionProtection', l10n.t('Deletion protection')),
        checkField(s, 'useDefaultNotification', l10n.t('Default notification')),
      ),
    );
    const actions = h(
      'div',
      { class: 'actions' },
      button(l10n.t('Review'), () => this.showReview(), { id: 'review-request' }),
    );
    this.root.append(...parts.filter((p): p is HTMLElement => !!p), actions, this.review, this.progress);
    host.replaceChildren(this.root);
    this.renderSchedules();
    this.versionChanged();
    this.syncHighAvailability();
    this.validate();
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
    for (const k of [...this.store.fields.keys()])
      if (k.startsWith('backup.backupSchedules[')) this.store.fields.delete(k);
    const list = schedulesOf(this.store.values);
    this.schedulesBox.replaceChildren(
      ...list.map((_, i) =>
        h(
          'div',
          { class: 'schedule-row' },
          textField(
            this.store,
            `backup.backupSchedules[${i}].backupWndBgnTime`,
            l10n.t('Start {0} (hh:mm:ss)', i + 1),
            { placeholder: '03:00:00' },
          ),
          selectField(
            this.store,
            `backup.backupSchedules[${i}].backupWndDuration`,
            l10n.t('Window'),
            BACKUP_WND_DURATIONS.map((d) => opt(d, DURATION_LABELS[d])),
          ),
          button(l10n.t('Remove'), () => this.removeSchedule(i), { secondary: true }),
        ),
      ),
      list.length
        ? h('span')
        : h(
            'p',
            { class: 'field-help' },
            this.opts.mode === 'replicate'
              ? l10n.t('None: the source instance’s schedules are used.')
              : l10n.t('Add at least one schedule.'),
          ),
    );
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

  private changed(path: string): void {
    if (path === 'dbVersion') this.versionChanged();
    if (path === 'useHighAvailability') this.syncHighAvailability();
    clear(this.review);
    this.validate();
    this.persist();
  }

  persist(): void {
    const state: WizardState = {
      target: this.opts.target,
      values: withoutSecrets(this.store.values),
      extra: this.opts.extra,
      job: this.job,
    };
    saveState(state);
  }

  body(): Record<string, unknown> {
    return this.opts.body(this.store.values, schedulesOf(this.store.values));
  }

  /** Runs the schema on the request as it stands and shows the issues; true when clean. */
  validate(): boolean {
    const issues = [
      ...fieldIssues(this.opts.schema(), this.body()),
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
        ...loose.map((i) => notice('error', i.path ? `${i.path}: ${i.message}` : i.message)),
      );
      this.store.focusFirstIssue();
      return;
    }
    const body = this.body();
    const create = button(this.opts.submitLabel, () => void this.doSubmit(body), { id: 'submit' });
    this.review.replaceChildren(
      h('h2', null, l10n.t('Summary')),
      h('p', null, l10n.t('This request will be sent (secrets masked):')),
      summaryTable(summarize(body)),
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
        this.review.replaceChildren(notice('error', e.message));
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
    if (!j) return clear(this.progress);
    const lines: Array<HTMLElement | null> = [h('h2', null, l10n.t('Progress'))];
    if (j.phase === 'failed') lines.push(notice('error', j.message ?? l10n.t('The job failed.')));
    else if (j.phase === 'done') {
      lines.push(notice('info', l10n.t('The instance is {0}.', j.dbInstanceStatus ?? 'AVAILABLE')));
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

function formatRam(mb: number): string {
  return mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${mb} MB`;
}

/**
 * Shows "Loading", runs `load`, and on failure offers Retry instead of a blank page. A panel
 * restored by a window reload can ask before its profile's client is ready (the sandbox starts
 * with the tree), so a failure is retried twice by itself before it is shown.
 */
export function loading(host: HTMLElement, what: string, load: () => Promise<void>, retries = 2): void {
  host.setAttribute('aria-busy', 'true');
  host.replaceChildren(
    h(
      'p',
      { class: 'loading' },
      h('vscode-progress-ring', { 'aria-label': l10n.t('Loading') }),
      ' ',
      l10n.t('Loading {0}…', what),
    ),
  );
  load()
    .then(() => host.setAttribute('aria-busy', 'false'))
    .catch((e: Error) => {
      if (retries > 0) {
        setTimeout(() => loading(host, what, load, retries - 1), 2000 * (3 - retries));
        return;
      }
      host.setAttribute('aria-busy', 'false');
      host.replaceChildren(
        notice('error', l10n.t('Could not load {0}: {1}', what, e.message)),
        button(l10n.t('Retry'), () => loading(host, what, load)),
      );
    });
}
