// Parameter-group editor: every parameter in a virtualised table (only the rows in view exist
// in the DOM, so 600 parameters render and filter within a frame), controls that follow
// allowedValue and updateType, pending changes highlighted, a diff before Save with a restart
// warning, staging of defaults, copy, compare and apply.
import { l10n } from '../../src/shared/l10n';
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
  compareGroups,
  diffRows,
  filterParameters,
  needsRestart,
  resetToDefaults,
  searchKeys,
  setPending,
  type Parameter,
  type ParameterFilter,
  type PendingChanges,
} from '../../src/panels/model/parameters';
import type { PanelTarget } from '../../src/panels/protocol';
import { $, h } from '../shared/dom';
import { button, notice } from '../shared/form';
import { client, getState, onEvent, saveState, start } from '../shared/rpc';

const rpc = client<'parameterGroup'>();
const app = $('app');
const ROW_HEIGHT = 34;
const OVERSCAN = 8;

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

type Ctl = HTMLElement & { value: any; checked?: boolean; invalid?: boolean };

class Editor {
  private group!: Group;
  private params: Parameter[] = [];
  private keys: string[] = [];
  private controls: ParameterControl[] = [];
  private instances: InstanceRef[] = [];
  private others: Array<{ parameterGroupId: string; parameterGroupName: string }> = [];
  private visible: number[] = [];
  private rows = new Map<number, HTMLElement>();
  private frame = 0;

  private readonly header = h('header', { class: 'pg-header' });
  private readonly banner = h('div', { class: 'pg-banner', 'aria-live': 'polite' });
  private readonly count = h('span', { class: 'pg-count', 'aria-live': 'polite' });
  private readonly saveButton = button(l10n.t('Review changes'), () => this.review(), { id: 'review' });
  private readonly scroller = h('div', { class: 'pg-scroller', tabIndex: -1 });
  private readonly spacer = h('div', { class: 'pg-spacer' });
  private readonly body = h('div', { class: 'pg-body', role: 'rowgroup' });
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
          ? l10n.t(
              '{0} · {1} · {2} parameters · {3}',
              g.dbVersion,
              g.parameterGroupStatus ?? '',
              this.params.length,
              g.description,
            )
          : l10n.t('{0} · {1} · {2} parameters', g.dbVersion, g.parameterGroupStatus ?? '', this.params.length),
      ),
    );
    const filterBox = h('vscode-textfield', {
      placeholder: l10n.t('Filter by name, value or file group'),
      'aria-label': l10n.t('Filter parameters'),
      id: 'filter',
    }) as Ctl;
    filterBox.value = this.filter.text;
    filterBox.addEventListener('input', () => {
      this.filter = { ...this.filter, text: filterBox.value };
      this.refilter();
    });
    const toggle = (label: string, key: 'modifiedOnly' | 'differsFromDefault') => {
      const c = h('vscode-checkbox', { id: `t-${key}` }, label) as Ctl;
      c.checked = this.filter[key];
      c.addEventListener('change', () => {
        this.filter = { ...this.filter, [key]: c.checked === true };
        this.refilter();
      });
      return c;
    };
    const head = h(
      'div',
      { class: 'pg-row pg-head', role: 'row' },
      ...[
        l10n.t('Name'),
        l10n.t('Value'),
        l10n.t('Default'),
        l10n.t('Allowed values'),
        l10n.t('Update'),
        l10n.t('Apply'),
        l10n.t('File group'),
      ].map((t) => h('div', { role: 'columnheader', class: 'pg-cell' }, t)),
    );
    this.scroller.replaceChildren(this.spacer, this.body);
    this.scroller.addEventListener('scroll', () => this.schedule());
    const table = h(
      'div',
      { class: 'pg-table', role: 'table', 'aria-label': l10n.t('Parameters') },
      head,
      this.scroller,
    );
    app.replaceChildren(
      this.header,
      this.banner,
      h(
        'div',
        { class: 'pg-toolbar' },
        filterBox,
        toggle('Modified only', 'modifiedOnly'),
        toggle('Differs from default', 'differsFromDefault'),
        this.count,
      ),
      h(
        'div',
        { class: 'actions' },
        this.saveButton,
        button(l10n.t('Discard changes'), () => this.setAllPending({}), { secondary: true }),
        button(l10n.t('Stage defaults'), () => this.stageDefaults(), { secondary: true }),
        button(l10n.t('Copy as new group'), () => this.copyForm(), { secondary: true }),
        button(l10n.t('Compare…'), () => this.compareForm(), { secondary: true }),
      ),
      this.panel,
      table,
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
      button(l10n.t('Apply to {0} instance(s)', need.length), () => void this.apply(need)),
    );
  }

  private async apply(need: InstanceRef[]): Promise<void> {
    this.banner.append(h('p', { class: 'field-help', id: 'apply-status' }, l10n.t('Applying…')));
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
    if (s) s.textContent = `Applying: ${name} ${p.jobStatus}`;
  }

  private refilter(): void {
    this.visible = filterParameters(this.params, this.keys, this.pending, this.filter);
    this.count.textContent = this.visible.length
      ? l10n.t('{0} of {1}', this.visible.length, this.params.length)
      : l10n.t('No parameter matches (of {0})', this.params.length);
    this.spacer.style.height = `${this.visible.length * ROW_HEIGHT}px`;
    for (const el of this.rows.values()) el.remove();
    this.rows.clear();
    this.updateSave();
    this.persist();
    this.paint();
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => ((this.frame = 0), this.paint()));
  }

  /** Keeps exactly the rows in view (plus overscan) in the DOM, reusing those that stay. */
  private paint(): void {
    const top = this.scroller.scrollTop;
    const height = this.scroller.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(this.visible.length - 1, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    for (const [pos, el] of this.rows) {
      if (pos < first || pos > last) {
        el.remove();
        this.rows.delete(pos);
      }
    }
    // Insert new rows in position order without moving existing ones (moving a row would
    // take the keyboard focus away from the control in it).
    let before: HTMLElement | null = null;
    for (let pos = last; pos >= first; pos--) {
      let el = this.rows.get(pos);
      if (!el) {
        el = this.row(pos);
        this.rows.set(pos, el);
        this.body.insertBefore(el, before);
      }
      before = el;
    }
  }

  private row(pos: number): HTMLElement {
    const i = this.visible[pos];
    const p = this.params[i];
    const pending = Object.hasOwn(this.pending, p.parameterId);
    const value = pending ? this.pending[p.parameterId] : p.value;
    const control = this.controls[i];
    const reason = readOnlyReason(p.updateType);
    const error = pending ? checkParameterValue(control, value) : undefined;
    const el = h(
      'div',
      {
        class: `pg-row${pending ? ' pg-pending' : ''}${error ? ' pg-invalid' : ''}`,
        role: 'row',
        'aria-rowindex': String(pos + 2),
        'data-name': p.parameterName,
        'data-group': p.parameterFileGroup ?? '',
      },
      h(
        'div',
        { role: 'cell', class: 'pg-cell pg-name', title: p.fileParameterName || p.parameterName },
        p.parameterName,
      ),
      h(
        'div',
        { role: 'cell', class: 'pg-cell pg-value' },
        reason
          ? h('span', { class: 'pg-readonly', title: reason, 'aria-label': `${value}. ${reason}` }, value, ' 🔒')
          : this.control(p, control, value, error),
      ),
      h('div', { role: 'cell', class: 'pg-cell' }, p.defaultValue),
      h('div', { role: 'cell', class: 'pg-cell pg-allowed', title: p.allowedValue ?? '' }, p.allowedValue || '—'),
      h('div', { role: 'cell', class: 'pg-cell' }, p.updateType),
      h('div', { role: 'cell', class: 'pg-cell' }, p.applyType),
      h('div', { role: 'cell', class: 'pg-cell' }, p.parameterFileGroup ?? ''),
    );
    el.style.top = `${pos * ROW_HEIGHT}px`;
    return el;
  }

  private control(p: Parameter, control: ParameterControl, value: string, error: string | undefined): HTMLElement {
    const label = l10n.t('Value of {0}', p.parameterName);
    let el: Ctl;
    if (control.kind === 'toggle') {
      el = h('vscode-checkbox', { 'aria-label': label }, control.on) as Ctl;
      el.checked = value === control.on;
      el.addEventListener('change', () => this.edit(p, el.checked ? control.on : control.off));
    } else if (control.kind === 'select') {
      el = h(
        'vscode-single-select',
        { 'aria-label': label },
        ...control.options.map((o) => h('vscode-option', { value: o }, o)),
      ) as Ctl;
      if (!control.options.includes(value)) el.prepend(h('vscode-option', { value }, value));
      queueMicrotask(() => (el.value = value));
      el.addEventListener('change', () => this.edit(p, el.value));
    } else {
      el = h('vscode-textfield', {
        'aria-label': label,
        type: 'text',
        title: control.kind === 'range' ? l10n.t('{0} to {1}', control.min, control.max) : undefined,
      }) as Ctl;
      el.value = value;
      // Validate as typed but record on change, so a half-typed number does not re-render the row.
      el.addEventListener('input', () => {
        const err = checkParameterValue(control, el.value);
        el.invalid = !!err;
        el.title = err ?? '';
      });
      el.addEventListener('change', () => this.edit(p, el.value));
    }
    if (error) {
      el.invalid = true;
      el.title = error;
    }
    return el;
  }

  private edit(p: Parameter, value: string): void {
    this.pending = setPending(this.pending, p, value);
    this.repaintRow(p.parameterId);
    this.updateSave();
    this.persist();
  }

  private repaintRow(parameterId: string): void {
    for (const [pos, el] of this.rows) {
      if (this.params[this.visible[pos]].parameterId !== parameterId) continue;
      const pending = Object.hasOwn(this.pending, parameterId);
      const i = this.visible[pos];
      const error = pending ? checkParameterValue(this.controls[i], this.pending[parameterId]) : undefined;
      el.classList.toggle('pg-pending', pending);
      el.classList.toggle('pg-invalid', !!error);
    }
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
    this.saveButton.textContent = n ? l10n.t('Review {0} change(s)', n) : l10n.t('Review changes');
    (this.saveButton as Ctl & { disabled: boolean }).disabled = n === 0;
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
        l10n.t('{0} parameter(s) staged back to their defaults. Review and save to apply.', Object.keys(staged).length),
      ),
    );
  }

  private review(): void {
    const rows = diffRows(this.params, this.pending);
    if (!rows.length) return;
    const invalid = this.invalidEdits();
    const restartWarn = needsRestart(rows)
      ? notice(
          'warning',
          this.instances.length
            ? l10n.t(
                'Some changes are applied through the configuration file (FILE/BOTH): these instances restart when the group is applied: {0}.',
                this.instances.map((i) => i.dbInstanceName).join(', '),
              )
            : l10n.t(
                'Some changes are applied through the configuration file (FILE/BOTH): instances restart when the group is applied.',
              ),
        )
      : null;
    const save = button(
      l10n.t('Save'),
      () => void this.save(rows.map((r) => ({ parameterId: r.parameterId, value: r.to }))),
      { id: 'save', disabled: invalid.length > 0 },
    );
    this.panel.replaceChildren(
      h('h2', null, l10n.t('Changes')),
      h(
        'table',
        { class: 'summary diff' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ...[l10n.t('Parameter'), l10n.t('Saved value'), l10n.t('New value'), l10n.t('Apply type')].map((t) =>
              h('th', { scope: 'col' }, t),
            ),
          ),
        ),
        h(
          'tbody',
          null,
          ...rows.map((r) =>
            h(
              'tr',
              null,
              h('th', { scope: 'row' }, r.parameterName),
              h('td', { class: 'diff-from' }, r.from),
              h('td', { class: 'diff-to' }, r.to),
              h('td', null, r.applyType),
            ),
          ),
        ),
      ),
      ...invalid.map((m) => notice('error', m)),
      ...(restartWarn ? [restartWarn] : []),
      h(
        'div',
        { class: 'actions' },
        save,
        button(l10n.t('Close'), () => this.panel.replaceChildren(), { secondary: true }),
      ),
    );
    save.focus();
  }

  private async save(modifiedParameters: Array<{ parameterId: string; value: string }>): Promise<void> {
    try {
      await rpc.request('save', { parameterGroupId: this.group.parameterGroupId, modifiedParameters });
      this.pending = {};
      await this.load();
      this.panel.replaceChildren(notice('info', l10n.t('Saved {0} change(s).', modifiedParameters.length)));
    } catch (e) {
      this.panel.append(notice('error', (e as Error).message));
    }
  }

  private copyForm(): void {
    const name = h('vscode-textfield', { 'aria-label': l10n.t('Name of the copy'), id: 'copy-name' }) as Ctl;
    name.value = `${this.group.parameterGroupName}-copy`;
    const desc = h('vscode-textfield', { 'aria-label': l10n.t('Description of the copy') }) as Ctl;
    const go = async () => {
      if (!name.value.trim()) return void (name.invalid = true);
      try {
        await rpc.request('copy', {
          parameterGroupId: this.group.parameterGroupId,
          parameterGroupName: name.value.trim(),
          ...(desc.value ? { description: desc.value } : {}),
        });
        this.panel.replaceChildren(
          notice('info', l10n.t('Copied as {0}; it opened in a new editor.', name.value.trim())),
        );
      } catch (e) {
        this.panel.append(notice('error', (e as Error).message));
      }
    };
    this.panel.replaceChildren(
      h('h2', null, l10n.t('Copy as a new group')),
      h('label', null, l10n.t('Name'), ' ', name),
      h('label', null, ' ', l10n.t('Description'), ' ', desc),
      h(
        'div',
        { class: 'actions' },
        button(l10n.t('Copy'), () => void go()),
        button(l10n.t('Cancel'), () => this.panel.replaceChildren(), { secondary: true }),
      ),
    );
    name.focus();
  }

  private compareForm(): void {
    if (!this.others.length)
      return void this.panel.replaceChildren(
        notice('info', l10n.t('No other parameter group of {0} to compare with.', this.group.dbVersion)),
      );
    const pick = h(
      'vscode-single-select',
      { 'aria-label': l10n.t('Group to compare with') },
      ...this.others.map((g) => h('vscode-option', { value: g.parameterGroupId }, g.parameterGroupName)),
    ) as Ctl;
    const out = h('div');
    const go = async () => {
      const other = this.others.find((g) => g.parameterGroupId === pick.value) ?? this.others[0];
      out.replaceChildren(h('p', null, l10n.t('Comparing…')));
      try {
        const r = await rpc.request('compare', { parameterGroupId: other.parameterGroupId });
        const diff = compareGroups(this.params, r.parameters);
        out.replaceChildren(
          diff.length
            ? h(
                'table',
                { class: 'summary diff' },
                h(
                  'thead',
                  null,
                  h(
                    'tr',
                    null,
                    h('th', { scope: 'col' }, l10n.t('Parameter')),
                    h('th', { scope: 'col' }, this.group.parameterGroupName),
                    h('th', { scope: 'col' }, other.parameterGroupName),
                  ),
                ),
                h(
                  'tbody',
                  null,
                  ...diff.map((d) =>
                    h(
                      'tr',
                      null,
                      h('th', { scope: 'row' }, d.parameterName),
                      h('td', null, d.left ?? '(absent)'),
                      h('td', null, d.right ?? '(absent)'),
                    ),
                  ),
                ),
              )
            : notice('info', l10n.t('The two groups hold the same values.')),
        );
      } catch (e) {
        out.replaceChildren(notice('error', (e as Error).message));
      }
    };
    this.panel.replaceChildren(
      h('h2', null, l10n.t('Compare with another group')),
      pick,
      h(
        'div',
        { class: 'actions' },
        button(l10n.t('Compare'), () => void go()),
        button(l10n.t('Close'), () => this.panel.replaceChildren(), { secondary: true }),
      ),
      out,
    );
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
    app.replaceChildren(h('p', { class: 'loading' }, l10n.t('Loading the parameters…')));
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
