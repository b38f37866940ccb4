// The virtualised parameter table: only the rows in view (plus overscan) exist in the DOM, so
// 600 parameters render and filter within a frame. Each row's value control follows the
// parameter's allowedValue and updateType; pending and invalid edits are highlighted.
import { l10n } from '../../src/shared/l10n';
import { checkParameterValue, readOnlyReason, type ParameterControl } from '../../src/panels/model/allowedValue';
import type { Parameter, PendingChanges } from '../../src/panels/model/parameters';
import { h } from '../shared/dom';
import type { Control } from '../shared/form';

const ROW_HEIGHT = 34;
const OVERSCAN = 8;

/** What the table shows and where an edit goes; read on every paint, so reloads show at once. */
export interface TableSource {
  params: () => Parameter[];
  controls: () => ParameterControl[];
  pending: () => PendingChanges;
  edit: (p: Parameter, value: string) => void;
}

export class ParameterTable {
  private visible: number[] = [];
  private rows = new Map<number, HTMLElement>();
  private frame = 0;
  private readonly scroller = h('div', { class: 'pg-scroller', tabIndex: -1 });
  private readonly spacer = h('div', { class: 'pg-spacer' });
  private readonly body = h('div', { class: 'pg-body', role: 'rowgroup' });

  constructor(private readonly source: TableSource) {
    this.scroller.replaceChildren(this.spacer, this.body);
    this.scroller.addEventListener('scroll', () => this.schedule());
  }

  /** The table with its column headers. */
  element(): HTMLElement {
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
    return h('div', { class: 'pg-table', role: 'table', 'aria-label': l10n.t('Parameters') }, head, this.scroller);
  }

  /** Shows the parameters at these indexes (of `params()`), in this order, from scratch. */
  show(visible: number[]): void {
    this.visible = visible;
    this.spacer.style.height = `${visible.length * ROW_HEIGHT}px`;
    for (const el of this.rows.values()) el.remove();
    this.rows.clear();
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
    const p = this.source.params()[i];
    const pending = Object.hasOwn(this.source.pending(), p.parameterId);
    const value = pending ? this.source.pending()[p.parameterId] : p.value;
    const control = this.source.controls()[i];
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
    let el: Control;
    if (control.kind === 'toggle') {
      el = h('vscode-checkbox', { 'aria-label': label }, control.on) as Control;
      el.checked = value === control.on;
      el.addEventListener('change', () => this.source.edit(p, el.checked ? control.on : control.off));
    } else if (control.kind === 'select') {
      el = h(
        'vscode-single-select',
        { 'aria-label': label },
        ...control.options.map((o) => h('vscode-option', { value: o }, o)),
      ) as Control;
      if (!control.options.includes(value)) el.prepend(h('vscode-option', { value }, value));
      queueMicrotask(() => (el.value = value));
      el.addEventListener('change', () => this.source.edit(p, el.value));
    } else {
      el = h('vscode-textfield', {
        'aria-label': label,
        type: 'text',
        title: control.kind === 'range' ? l10n.t('{0} to {1}', control.min, control.max) : undefined,
      }) as Control;
      el.value = value;
      // Validate as typed but record on change, so a half-typed number does not re-render the row.
      el.addEventListener('input', () => {
        const err = checkParameterValue(control, el.value);
        el.invalid = !!err;
        el.title = err ?? '';
      });
      el.addEventListener('change', () => this.source.edit(p, el.value));
    }
    if (error) {
      el.invalid = true;
      el.title = error;
    }
    return el;
  }

  /** Re-marks the rows of this parameter after an edit, without rebuilding them. */
  repaintRow(parameterId: string): void {
    for (const [pos, el] of this.rows) {
      if (this.source.params()[this.visible[pos]].parameterId !== parameterId) continue;
      const pending = Object.hasOwn(this.source.pending(), parameterId);
      const i = this.visible[pos];
      const error = pending
        ? checkParameterValue(this.source.controls()[i], this.source.pending()[parameterId])
        : undefined;
      el.classList.toggle('pg-pending', pending);
      el.classList.toggle('pg-invalid', !!error);
    }
  }
}
