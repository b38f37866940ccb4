// Create a read replica: prefilled from the source; a field left empty is omitted and the
// service takes the source's value (flavor, port, parameter group, security groups, storage,
// backup settings, public access).
import { l10n } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import { prefillFromSource, replicateBody, type SourceDetails } from '../../src/panels/model/instanceForm';
import { $, h } from '../shared/dom';
import { notice } from '../shared/form';
import { client, onEvent, start, startingState } from '../shared/rpc';
import { schedulesToValues } from '../shared/instanceSections';
import { loading } from '../shared/loading';
import { Wizard, type WizardState } from '../shared/wizard';

const rpc = client<'replicate'>();
const app = $('app');

start((init) => {
  const source = init.source as SourceDetails | undefined;
  const sourceId = init.target.id;
  if (init.error || !source || !sourceId) {
    app.replaceChildren(
      notice(
        'error',
        init.error
          ? l10n.t('Could not read the source instance: {0}', init.error.message)
          : l10n.t('Could not read the source instance: no instance was given.'),
      ),
    );
    return;
  }
  const saved = startingState<WizardState>(init);
  const prefill = prefillFromSource(source, '-replica');
  const wizard = new Wizard({
    mode: 'replicate',
    target: saved?.target ?? init.target,
    values: saved?.values ?? { ...prefill.values, ...schedulesToValues(prefill.schedules) },
    job: saved?.job,
    operation: () => 'replicateDbInstance',
    body: replicateBody,
    submitLabel: l10n.t('Create replica'),
    submit: (body) => rpc.request('submit', { dbInstanceId: sourceId, body }),
    track: (jobId) => rpc.request('track', { jobId }),
    restored: !!saved,
    draft: (state) => rpc.request('draft', { state: state as Record<string, unknown> | null }),
    cancel: () => rpc.request('cancel', {}),
    reveal: (dbInstanceId) => rpc.request('reveal', { dbInstanceId }),
    parameterGroups: (dbVersion) => rpc.request('parameterGroups', { dbVersion }),
    leading: () => [
      h(
        'p',
        { class: 'intro' },
        l10n.t(
          'Source: {0} ({1}). Fields you clear take the source’s value.',
          source.instance.dbInstanceName ?? sourceId,
          source.instance.dbVersion ?? '',
        ),
      ),
    ],
  });
  onEvent('job', (p) => wizard.onProgress(p));
  loading(app, l10n.t('the choices'), async () => wizard.render(app, await rpc.request('loadCatalog', {})));
});
