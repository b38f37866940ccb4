// Restore: from an instance (point in time with a preview of the last query, binary-log
// position, or one of its backups), from a backup itself, or from object storage. The instance
// sections of Create follow, prefilled from the source.
import { l10n, formatTimestamp } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import {
  DEFAULT_VALUES,
  prefillFromSource,
  restoreBody,
  restoreFromBackupBody,
  restoreFromObsBody,
  type BackupSchedule,
  type FormValues,
  type RestoreChoice,
  type SourceDetails,
} from '../../src/panels/model/instanceForm';
import type { FieldIssue } from '../../src/panels/protocol';
import { $, h } from '../shared/dom';
import { button, notice, section, selectField, setOptions, textField, type FormStore } from '../shared/form';
import { client, onEvent, start, startingState } from '../shared/rpc';
import { schedulesToValues } from '../shared/instanceSections';
import { loading } from '../shared/loading';
import { Wizard, type WizardState } from '../shared/wizard';

const rpc = client<'restore'>();
const app = $('app');

interface RestorableBackup {
  backup: { backupId: string; backupName: string; createdYmdt?: string };
  restorableBinLogs: string[];
}
interface RestorationInfo {
  oldestRestorableYmdt?: string;
  latestRestorableYmdt?: string;
  restorableBackups: RestorableBackup[];
}

function choiceOf(v: FormValues): RestoreChoice {
  const s = (k: string) => String(v[k] ?? '');
  const type = s('restore.restoreType');
  if (type === 'BINLOG')
    return {
      restoreType: 'BINLOG',
      backupId: s('restore.backupId'),
      binLogFileName: s('restore.binLog.binLogFileName'),
      binLogPosition: s('restore.binLog.binLogPosition'),
    };
  if (type === 'BACKUP') return { restoreType: 'BACKUP', backupId: s('restore.backupId') };
  return { restoreType: 'TIMESTAMP', restoreYmdt: s('restore.restoreYmdt') };
}

start((init) => {
  const source = init.source as SourceDetails | undefined;
  const mode = init.target.source ?? 'instance';
  if (init.error) {
    app.replaceChildren(notice('error', l10n.t('Could not read the source: {0}', init.error.message)));
    return;
  }
  const saved = startingState<WizardState>(init);
  const prefill = source ? prefillFromSource(source, '-restored') : { values: {}, schedules: [] as BackupSchedule[] };
  const initial: FormValues = saved?.values ?? {
    // From object storage there is no source instance to copy settings from: start from Create's defaults.
    ...(mode === 'objectStorage' ? DEFAULT_VALUES : {}),
    ...prefill.values,
    ...schedulesToValues(
      prefill.schedules.length ? prefill.schedules : [{ backupWndBgnTime: '03:00:00', backupWndDuration: 'ONE_HOUR' }],
    ),
    ...(mode === 'instance' ? { 'restore.restoreType': 'TIMESTAMP' } : {}),
    ...(mode === 'objectStorage' ? { dbVersion: '' } : {}),
  };
  let info: RestorationInfo | undefined;
  const preview = h('div', { class: 'last-query', 'aria-live': 'polite' });
  const rangeNote = h('p', { class: 'field-help' });

  const extraIssues = (): FieldIssue[] => {
    if (mode !== 'instance' || !info) return [];
    const v = wizard.store.values;
    if (v['restore.restoreType'] !== 'TIMESTAMP') return [];
    const t = Date.parse(String(v['restore.restoreYmdt'] ?? ''));
    const lo = info.oldestRestorableYmdt ? Date.parse(info.oldestRestorableYmdt) : NaN;
    const hi = info.latestRestorableYmdt ? Date.parse(info.latestRestorableYmdt) : NaN;
    if (Number.isFinite(t) && ((Number.isFinite(lo) && t < lo) || (Number.isFinite(hi) && t > hi)))
      return [
        {
          path: 'restore.restoreYmdt',
          message: l10n.t(
            'Choose a time between {0} and {1}.',
            formatTimestamp(info.oldestRestorableYmdt, { zone: true }),
            formatTimestamp(info.latestRestorableYmdt, { zone: true }),
          ),
        },
      ];
    return [];
  };

  const showLastQuery = async () => {
    const c = choiceOf(wizard.store.values);
    if (c.restoreType === 'BACKUP' || !init.target.id) return;
    const query =
      c.restoreType === 'TIMESTAMP'
        ? { restoreType: 'TIMESTAMP', restoreYmdt: c.restoreYmdt }
        : {
            restoreType: 'BINLOG',
            backupId: c.backupId,
            binLogFileName: c.binLogFileName,
            binLogPosition: Number(c.binLogPosition),
          };
    preview.replaceChildren(h('p', null, l10n.t('Reading the last query...')));
    try {
      const r = await rpc.request('lastQuery', { dbInstanceId: init.target.id, query });
      preview.replaceChildren(
        h(
          'p',
          null,
          r.executedYmdt
            ? l10n.t('Last query executed before that point (at {0}):', formatTimestamp(r.executedYmdt, { zone: true }))
            : l10n.t('Last query executed before that point (time unknown):'),
        ),
        h('pre', { class: 'code' }, r.lastQuery ? String(r.lastQuery) : l10n.t('(none)')),
      );
    } catch (e) {
      preview.replaceChildren(notice('error', (e as Error).message));
    }
  };

  const leading = (store: FormStore): HTMLElement[] => {
    if (mode === 'backup') {
      const b = init.backup as { backupName?: string; dbVersion?: string; createdYmdt?: string } | undefined;
      return [
        h(
          'p',
          { class: 'intro' },
          l10n.t(
            'Restoring backup {0} ({1}, taken {2}) as a new instance.',
            b?.backupName ?? init.target.id,
            b?.dbVersion ?? '',
            formatTimestamp(b?.createdYmdt, { zone: true }) ?? '',
          ),
        ),
      ];
    }
    if (mode === 'objectStorage') {
      return [
        section(
          l10n.t('Backup in object storage'),
          textField(store, 'restore.tenantId', l10n.t('Object storage tenant ID'), { required: true }),
          textField(store, 'restore.username', l10n.t('User (account or IAM ID)'), { required: true }),
          textField(store, 'restore.password', l10n.t('API password'), {
            type: 'password',
            required: true,
            help: l10n.t('Never stored by the panel.'),
          }),
          textField(store, 'restore.targetContainer', l10n.t('Container'), { required: true }),
          textField(store, 'restore.objectPath', l10n.t('Object path'), { required: true }),
          h(
            'p',
            { class: 'field-help' },
            l10n.t('Only engine versions restorable from object storage are offered below.'),
          ),
        ),
      ];
    }
    const sync = () => {
      const t = store.get('restore.restoreType');
      for (const [path, types] of [
        ['restore.restoreYmdt', ['TIMESTAMP']],
        ['restore.backupId', ['BINLOG', 'BACKUP']],
        ['restore.binLog.binLogFileName', ['BINLOG']],
        ['restore.binLog.binLogPosition', ['BINLOG']],
      ] as const) {
        const f = store.fields.get(path);
        if (f) f.row.hidden = !(types as readonly string[]).includes(String(t));
      }
      lastQueryButton.hidden = t === 'BACKUP';
      const chosen = info?.restorableBackups.find((b) => b.backup.backupId === store.get('restore.backupId'));
      setOptions(
        store,
        'restore.binLog.binLogFileName',
        (chosen?.restorableBinLogs ?? []).map((l) => ({ value: l, label: l })),
      );
    };
    store.onChange((p) => {
      if (p === 'restore.restoreType' || p === 'restore.backupId') sync();
      if (p.startsWith('restore.')) preview.replaceChildren();
    });
    const lastQueryButton = button(l10n.t('Preview last query'), () => void showLastQuery(), { secondary: true });
    const sec = section(
      l10n.t('Restore point'),
      selectField(store, 'restore.restoreType', l10n.t('Restore to'), [
        { value: 'TIMESTAMP', label: l10n.t('A point in time') },
        { value: 'BINLOG', label: l10n.t('A binary-log position') },
        { value: 'BACKUP', label: l10n.t('A backup') },
      ]),
      rangeNote,
      textField(store, 'restore.restoreYmdt', l10n.t('Point in time'), {
        placeholder: '2024-03-01T09:00:00+09:00',
        help: l10n.t('Date and time with an offset.'),
      }),
      selectField(store, 'restore.backupId', l10n.t('Backup'), [], { empty: l10n.t('Choose a backup') }),
      selectField(store, 'restore.binLog.binLogFileName', l10n.t('Binary log'), [], {
        empty: l10n.t('Choose a binary log'),
      }),
      textField(store, 'restore.binLog.binLogPosition', l10n.t('Position'), { type: 'number', min: 0 }),
      lastQueryButton,
      preview,
    );
    rpc
      .request('restorationInfo', { dbInstanceId: init.target.id! })
      .then((r: RestorationInfo) => {
        info = r;
        rangeNote.textContent = l10n.t(
          'Restorable from {0} to {1}.',
          formatTimestamp(r.oldestRestorableYmdt, { zone: true }) ?? '?',
          formatTimestamp(r.latestRestorableYmdt, { zone: true }) ?? '?',
        );
        if (!store.get('restore.restoreYmdt') && r.latestRestorableYmdt)
          store.set('restore.restoreYmdt', r.latestRestorableYmdt, false);
        setOptions(
          store,
          'restore.backupId',
          r.restorableBackups.map((b) => ({
            value: b.backup.backupId,
            label: `${b.backup.backupName} (${formatTimestamp(b.backup.createdYmdt, { zone: true }) ?? ''})`,
          })),
        );
        sync();
        wizard.validate();
      })
      .catch((e: Error) => (rangeNote.textContent = l10n.t('Could not read the restorable range: {0}', e.message)));
    queueMicrotask(sync);
    return [sec];
  };

  const wizard = new Wizard({
    mode: mode === 'instance' ? 'restore' : mode === 'backup' ? 'backup' : 'obs',
    target: saved?.target ?? init.target,
    values: initial,
    job: saved?.job,
    operation: () =>
      mode === 'instance' ? 'restoreDbInstance' : mode === 'backup' ? 'restoreFromBackup' : 'restoreFromObjectStorage',
    body: (v, s, version) =>
      mode === 'instance'
        ? restoreBody(v, s, choiceOf(v), version)
        : mode === 'backup'
          ? restoreFromBackupBody(v, s, version)
          : restoreFromObsBody(v, s, version),
    extraIssues,
    submitLabel: l10n.t('Restore'),
    submit: (body) =>
      rpc.request('submit', {
        mode,
        ...(mode === 'instance' ? { dbInstanceId: init.target.id } : {}),
        ...(mode === 'backup' ? { backupId: init.target.id } : {}),
        body,
      }),
    track: (jobId) => rpc.request('track', { jobId }),
    restored: !!saved,
    draft: (state) => rpc.request('draft', { state: state as Record<string, unknown> | null }),
    cancel: () => rpc.request('cancel', {}),
    reveal: (dbInstanceId) => rpc.request('reveal', { dbInstanceId }),
    parameterGroups: (dbVersion) => rpc.request('parameterGroups', { dbVersion }),
    leading,
  });
  onEvent('job', (p) => wizard.onProgress(p));
  loading(app, l10n.t('the choices'), async () => wizard.render(app, await rpc.request('loadCatalog', {})));
});
