// Parameter-group editor: every parameter in a virtualised table (table.ts), pending changes
// kept across reloads, filters, staging of defaults and applying the group to its instances;
// the diff before Save, copy and compare are in actionPanel.ts.
import { l10n, plural } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import {
  checkParameterValue,
  parseAllowedValue,
  readOnlyReason,
  type ParameterControl,
} from '../../src/panels/model/allowedValue';
import {
  diffRows,
  filterParameters,
  resetToDefaults,
  searchKeys,
  setPending,
  type Parameter,
  type ParameterFilter,
  type PendingChanges,
} from '../../src/panels/model/parameters';
import type { PanelTarget } from '../../src/panels/protocol';
import { $, h } from '../shared/dom';
import { button, notice, type Control } from '../shared/form';
import { client, getState, onEvent, saveState, start } from '../shared/rpc';
import { showChanges, showCompareForm, showCopyForm } from './actionPanel';
import { ParameterTable } from './table';

const rpc = client<'parameterGroup'>();
const app = $('app');

interface Group {
  parameterGroupId: string;
  parameterGroupName: string;
  description?: string | null;
  dbVersion: string;
  parameterGroupStatus?: string;
  parameters: Parameter[];
}
interface InstanceRef {
  dbInstanceId: string;
  dbInstanceName: string;
  dbInstanceStatus?: string;
  needToApplyParameterGroup: boolean;
}
interface SavedState {
  target: PanelTarget;
  pending: PendingChanges;
  filter: ParameterFilter;
}

class Editor {
  private group!: Group;
  private params: Parameter[] = [];
  private keys: string[] = [];
  private controls: ParameterControl[] = [];
  private instances: InstanceRef[] = [];
  private others: Array<{ parameterGroupId: string; parameterGroupName: string }> = [];
  private readonly table = new ParameterTable({
    params: () => this.params,
    controls: () => this.controls,
    pending: () => this.pending,
    edit: (p, value) => this.edit(p, value),
  });

  private readonly header = h('header', { class: 'pg-header' });
  private readonly banner = h('div', { class: 'pg-banner', 'aria-live': 'polite' });
  private readonly count = h('span', { class: 'pg-count', 'aria-live': 'polite' });
  private readonly saveButton = button(l10n.t('Review changes'), () => this.review(), { id: 'review' });
  private readonly panel = h('div', { class: 'pg-panel', 'aria-live': 'polite' });

  constructor(
    private target: PanelTarget,
    private pending: PendingChanges,
    private filter: ParameterFilter,
  ) {}

  async load(): Promise<void> {
    const r = await rpc.request('load', { parameterGroupId: this.target.id! });
    this.group = r.group;
    this.instances = r.instances;
    this.others = r.others;
    this.params = [...r.group.parameters].sort((a: Parameter, b: Parameter) =>
      a.parameterName.localeCompare(b.parameterName),
    );
    this.keys = searchKeys(this.params);
    this.controls = this.params.map((p) => parseAllowedValue(p.allowedValue));
    // Drop saved edits of parameters that no longer exist or now hold the edited value.
    const byId = new Map(this.params.map((p) => [p.parameterId, p]));
    for (const id of Object.keys(this.pending))
      if (!byId.has(id) || byId.get(id)!.value === this.pending[id]) delete this.pending[id];
    this.render();
  }

  private persist(): void {
    saveState({ target: this.target, pending: this.pending, filter: this.filter } satisfies SavedState);
  }

  private render(): void {
    const g = this.group;
    this.header.replaceChildren(
      h('h1', null, g.parameterGroupName),
      h(
        'p',
        { class: 'field-help' },
        g.description
          ? plural(
              this.params.length,
              l10n.t(
                '{0} · {1} · {2} parameter · {3}',
                g.dbVersion,
                g.parameterGroupStatus ?? '',
                this.params.length,
                g.description,
              ),
              l10n.t(
                '{0} · {1} · {2} parameters · {3}',
                g.dbVersion,
                g.parameterGroupStatus ?? '',
                this.params.length,
                g.description,
              ),
            )
          : plural(
              this.params.length,
              l10n.t('{0} · {1} · {2} parameter', g.dbVersion, g.parameterGroupStatus ?? '', this.params.length),
              l10n.t('{0} · {1} · {2} parameters', g.dbVersion, g.parameterGroupStatus ?? '', this.params.length),
            ),
      ),
    );
    const filterBox = h('vscode-textfield', {
      placeholder: l10n.t('Filter by name, value or file group'),
      'aria-label': l10n.t('Filter parameters'),
      id: 'filter',
    }) as Control;
    filterBox.value = this.filter.text;
    filterBox.addEventListener('input', () => {
      this.filter = { ...this.filter, text: filterBox.value };
      this.refilter();
    });
    const toggle = (label: string, key: 'modifiedOnly' | 'differsFromDefault') => {
      const c = h('vscode-checkbox', { id: `t-${key}` }, label) as Control;
      c.checked = this.filter[key];
      c.addEventListener('change', () => {
        this.filter = { ...this.filter, [key]: c.checked === true };
        this.refilter();
      });
      return c;
    };
    app.replaceChildren(
      this.header,
      this.banner,
      h(
        'div',
        { class: 'pg-toolbar' },
        filterBox,
        toggle(l10n.t('Modified only'), 'modifiedOnly'),
        toggle(l10n.t('Differs from default'), 'differsFromDefault'),
        this.count,
      ),
      h(
        'div',
        { class: 'actions' },
        this.saveButton,
        button(l10n.t('Discard changes'), () => this.setAllPending({}), { secondary: true }),
        button(l10n.t('Stage defaults'), () => this.stageDefaults(), { secondary: true }),
        button(l10n.t('Copy as new group'), () => this.copyForm(), { secondary: true }),
        button(l10n.t('Compare...'), () => this.compareForm(), { secondary: true }),
      ),
      this.panel,
      this.table.element(),
    );
    this.renderBanner();
    this.refilter();
  }

  private renderBanner(): void {
    const need = this.instances.filter((i) => i.needToApplyParameterGroup);
    if (!need.length) {
      this.banner.replaceChildren(
        this.instances.length
          ? h(
              'p',
              { class: 'field-help' },
              l10n.t('Used by {0}.', this.instances.map((i) => i.dbInstanceName).join(', ')),
            )
          : h('p', { class: 'field-help' }, l10n.t('No instance uses this group.')),
      );
      return;
    }
    this.banner.replaceChildren(
      notice('warning', l10n.t('The group needs applying to: {0}.', need.map((i) => i.dbInstanceName).join(', '))),
      button(
        plural(
          need.length,
          l10n.t('Apply to {0} instance', need.length),
          l10n.t('Apply to {0} instances', need.length),
        ),
        () => void this.apply(need),
      ),
    );
  }

  private async apply(need: InstanceRef[]): Promise<void> {
    this.banner.append(h('p', { class: 'field-help', id: 'apply-status' }, l10n.t('Applying...')));
    try {
      const r = await rpc.request('apply', {
        parameterGroupId: this.group.parameterGroupId,
        dbInstanceIds: need.map((i) => i.dbInstanceId),
      });
      if (r.applied) await this.load();
      else this.renderBanner();
    } catch (e) {
      this.banner.append(notice('error', (e as Error).message));
    }
  }

  onApplyProgress(p: { dbInstanceId: string; jobStatus: string }): void {
    const s = document.getElementById('apply-status');
    const name = this.instances.find((i) => i.dbInstanceId === p.dbInstanceId)?.dbInstanceName ?? p.dbInstanceId;
    // jobStatus is the API's status code (e.g. IN_PROGRESS), shown as the API names it.
    if (s) s.textContent = l10n.t('Applying to {0}: {1}', name, p.jobStatus);
  }

  private refilter(): void {
    const visible = filterParameters(this.params, this.keys, this.pending, this.filter);
    this.count.textContent = visible.length
      ? l10n.t('{0} of {1}', visible.length, this.params.length)
      : l10n.t('No parameter matches (of {0})', this.params.length);
    this.updateSave();
    this.persist();
    this.table.show(visible);
  }

  private edit(p: Parameter, value: string): void {
    this.pending = setPending(this.pending, p, value);
    this.table.repaintRow(p.parameterId);
    this.updateSave();
    this.persist();
  }

  private invalidEdits(): string[] {
    return diffRows(this.params, this.pending).flatMap((r) => {
      const i = this.params.findIndex((p) => p.parameterId === r.parameterId);
      const err = checkParameterValue(this.controls[i], r.to);
      return err ? [`${r.parameterName}: ${err}`] : [];
    });
  }

  private updateSave(): void {
    const n = Object.keys(this.pending).length;
    this.saveButton.textContent = n
      ? plural(n, l10n.t('Review {0} change', n), l10n.t('Review {0} changes', n))
      : l10n.t('Review changes');
    (this.saveButton as Control).disabled = n === 0;
  }

  private setAllPending(p: PendingChanges): void {
    this.pending = p;
    this.panel.replaceChildren();
    this.refilter();
  }

  private stageDefaults(): void {
    const staged = resetToDefaults(this.params, (p) => !readOnlyReason(p.updateType));
    this.setAllPending(staged);
    this.panel.replaceChildren(
      notice(
        'info',
        plural(
          Object.keys(staged).length,
          l10n.t('{0} parameter staged back to their defaults. Review and save to apply.', Object.keys(staged).length),
          l10n.t('{0} parameters staged back to their defaults. Review and save to apply.', Object.keys(staged).length),
        ),
      ),
    );
  }

  private review(): void {
    const rows = diffRows(this.params, this.pending);
    if (!rows.length) return;
    showChanges(
      this.panel,
      rows,
      this.invalidEdits(),
      this.instances.map((i) => i.dbInstanceName),
      (modified) => this.save(modified),
    );
  }

  private async save(modifiedParameters: Array<{ parameterId: string; value: string }>): Promise<void> {
    try {
      await rpc.request('save', { parameterGroupId: this.group.parameterGroupId, modifiedParameters });
      this.pending = {};
      await this.load();
      this.panel.replaceChildren(
        notice(
          'info',
          plural(
            modifiedParameters.length,
            l10n.t('Saved {0} change.', modifiedParameters.length),
            l10n.t('Saved {0} changes.', modifiedParameters.length),
          ),
        ),
      );
    } catch (e) {
      this.panel.append(notice('error', (e as Error).message));
    }
  }

  private copyForm(): void {
    showCopyForm(this.panel, this.group);
  }

  private compareForm(): void {
    showCompareForm(this.panel, this.group, this.others, this.params);
  }
}

start((init) => {
  const saved = getState<SavedState>();
  const target = saved?.target ?? init.target;
  if (!target.id) return void app.replaceChildren(notice('error', l10n.t('No parameter group was given.')));
  const editor = new Editor(
    target,
    saved?.pending ?? {},
    saved?.filter ?? { text: '', modifiedOnly: false, differsFromDefault: false },
  );
  onEvent('apply', (p) => editor.onApplyProgress(p));
  const attempt = () => {
    app.replaceChildren(h('p', { class: 'loading' }, l10n.t('Loading the parameters...')));
    editor
      .load()
      .catch((e: Error) =>
        app.replaceChildren(
          notice('error', l10n.t('Could not load the parameter group: {0}', e.message)),
          button(l10n.t('Retry'), attempt),
        ),
      );
  };
  attempt();
});
