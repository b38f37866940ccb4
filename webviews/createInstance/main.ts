// Create DB instance: the full InstanceSpec plus engine, administrator account, plugin and TLS.
import { l10n } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import { createBody, DEFAULT_VALUES } from '../../src/panels/model/instanceForm';
import { $ } from '../shared/dom';
import { client, onEvent, start, startingState } from '../shared/rpc';
import { schedulesToValues } from '../shared/instanceSections';
import { loading } from '../shared/loading';
import { Wizard, type WizardState } from '../shared/wizard';

const rpc = client<'createInstance'>();
const app = $('app');

start((init) => {
  const saved = startingState<WizardState>(init);
  const wizard = new Wizard({
    mode: 'create',
    target: saved?.target ?? init.target,
    values: saved?.values ?? {
      ...DEFAULT_VALUES,
      ...schedulesToValues([{ backupWndBgnTime: '03:00:00', backupWndDuration: 'ONE_HOUR' }]),
    },
    job: saved?.job,
    operation: () => 'createDbInstance',
    body: createBody,
    submitLabel: l10n.t('Create'),
    submit: (body) => rpc.request('submit', { body }),
    track: (jobId) => rpc.request('track', { jobId }),
    restored: !!saved,
    draft: (state) => rpc.request('draft', { state: state as Record<string, unknown> | null }),
    cancel: () => rpc.request('cancel', {}),
    reveal: (dbInstanceId) => rpc.request('reveal', { dbInstanceId }),
    parameterGroups: (dbVersion) => rpc.request('parameterGroups', { dbVersion }),
  });
  onEvent('job', (p) => wizard.onProgress(p));
  loading(app, l10n.t('the choices'), async () => wizard.render(app, await rpc.request('loadCatalog', {})));
});
