// Form fields built from vscode-elements, bound to one value per body path, with errors shown
// beside the field they concern. The checks themselves come from the client's zod schemas
// (src/client/rds/schemas/); this file only displays them.
import { l10n } from '../../src/shared/l10n';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-label/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { FieldIssue } from '../../src/panels/protocol';
import type { FieldValue, FormValues } from '../../src/panels/model/instanceForm';
import { h, newId } from './dom';
import { issueText } from '../../src/panels/model/issueText';

export interface Option {
  value: string;
  label: string;
}

/** A vscode-elements control as the forms use it. */
export type Control = HTMLElement & { value: any; invalid?: boolean; checked?: boolean; disabled?: boolean };

interface Bound {
  control: Control;
  error: HTMLElement;
  row: HTMLElement;
  /** The label the form shows: an issue and the Review name the field by it, not by its API name. */
  label: string;
  setOptions?: (options: Option[]) => void;
  /** The choices of a select: the Review shows the chosen one's label (m2.c1m2, not its ID). */
  options?: Option[];
}

export class FormStore {
  readonly fields = new Map<string, Bound>();
  readonly touched = new Set<string>();
  /** Paths the request schema requires (requiredPaths): their labels carry the "*" mark. */
  required = new Set<string>();
  private issues: FieldIssue[] = [];
  private changeListeners: Array<(path: string) => void> = [];
  showAll = false;

  constructor(public values: FormValues) {}

  get(path: string): FieldValue | undefined {
    return this.values[path];
  }

  set(path: string, value: FieldValue, fromUser = true): void {
    this.values[path] = value;
    if (fromUser) this.touched.add(path);
    const b = this.fields.get(path);
    if (!fromUser && b) writeControl(b.control, value);
    for (const fn of this.changeListeners) fn(path);
  }

  onChange(fn: (path: string) => void): void {
    this.changeListeners.push(fn);
  }

  /** Shows the issues of touched fields (all fields once `showAll` is set by a submit). */
  showIssues(issues: FieldIssue[]): void {
    this.issues = issues;
    for (const [path, b] of this.fields) {
      const issue = issues.find((i) => i.path === path);
      const visible = issue && (this.showAll || this.touched.has(path));
      b.error.textContent = visible ? issueText(issue.message, b.label, path) : '';
      b.error.hidden = !visible;
      if ('invalid' in b.control || b.control.tagName.startsWith('VSCODE-')) b.control.invalid = !!visible;
    }
  }

  /** Issues no field shows (e.g. a rule about the whole body), for the summary area. */
  unplacedIssues(): FieldIssue[] {
    return this.issues.filter((i) => !this.fields.has(i.path));
  }

  focusFirstIssue(): void {
    for (const [path, b] of this.fields) {
      if (this.issues.some((i) => i.path === path) && !b.row.hidden) {
        b.control.focus();
        return;
      }
    }
  }
}

function writeControl(c: Control, v: FieldValue): void {
  if (c.tagName === 'VSCODE-CHECKBOX') c.checked = v === true;
  else c.value = Array.isArray(v) ? [...v] : String(v ?? '');
}

function row(
  label: string,
  controlId: string,
  control: HTMLElement,
  help?: string,
): { row: HTMLElement; error: HTMLElement } {
  const error = h('div', { class: 'field-error', 'aria-live': 'polite', hidden: true });
  const r = h(
    'div',
    { class: 'field' },
    h('vscode-label', { for: controlId }, label),
    control,
    help ? h('div', { class: 'field-help' }, help) : null,
    error,
  );
  return { row: r, error };
}

export interface TextOptions {
  type?: 'text' | 'number' | 'password' | 'time';
  placeholder?: string;
  help?: string;
  min?: number;
  max?: number;
  required?: boolean;
}

export function textField(store: FormStore, path: string, label: string, opts: TextOptions = {}): HTMLElement {
  const id = newId('f');
  const control = h('vscode-textfield', {
    id,
    type: opts.type === 'number' ? 'number' : opts.type === 'password' ? 'password' : 'text',
    placeholder: opts.placeholder,
    min: opts.min,
    max: opts.max,
    'data-path': path,
  }) as Control;
  control.value = String(store.get(path) ?? '');
  control.addEventListener('input', () => store.set(path, control.value));
  const { row: r, error } = row(
    label + ((opts.required ?? store.required.has(path)) ? ' *' : ''),
    id,
    control,
    opts.help,
  );
  store.fields.set(path, { control, error, row: r, label });
  return r;
}

export function checkField(store: FormStore, path: string, label: string, help?: string): HTMLElement {
  const id = newId('f');
  const control = h('vscode-checkbox', { id, 'data-path': path }, label) as Control;
  control.checked = store.get(path) === true;
  control.addEventListener('change', () => store.set(path, control.checked === true));
  const error = h('div', { class: 'field-error', 'aria-live': 'polite', hidden: true });
  const r = h(
    'div',
    { class: 'field field-check' },
    control,
    help ? h('div', { class: 'field-help' }, help) : null,
    error,
  );
  store.fields.set(path, { control, error, row: r, label });
  return r;
}

function fillOptions(control: HTMLElement, options: Option[], empty?: string): void {
  const children = options.map((o) => h('vscode-option', { value: o.value }, o.label));
  if (empty !== undefined) children.unshift(h('vscode-option', { value: '' }, empty));
  control.replaceChildren(...children);
}

export function selectField(
  store: FormStore,
  path: string,
  label: string,
  options: Option[],
  opts: { empty?: string; help?: string; required?: boolean } = {},
): HTMLElement {
  const id = newId('f');
  const control = h('vscode-single-select', { id, 'data-path': path }) as Control;
  const setOptions = (list: Option[]) => {
    const bound = store.fields.get(path);
    if (bound) bound.options = list;
    fillOptions(control, list, opts.empty);
    const current = String(store.get(path) ?? '');
    // Keep the saved choice when it is still offered; otherwise leave the field empty so the
    // schema reports it rather than silently picking the first option.
    // While the choices are still loading (empty list) the saved value is kept as it is.
    const next = !list.length || list.some((o) => o.value === current) ? current : '';
    queueMicrotask(() => (control.value = next));
    if (next !== current && current) store.set(path, next, false);
  };
  setOptions(options);
  control.addEventListener('change', () => store.set(path, control.value));
  const { row: r, error } = row(
    label + ((opts.required ?? store.required.has(path)) ? ' *' : ''),
    id,
    control,
    opts.help,
  );
  store.fields.set(path, { control, error, row: r, setOptions, label, options });
  return r;
}

export function multiField(
  store: FormStore,
  path: string,
  label: string,
  options: Option[],
  help?: string,
): HTMLElement {
  const id = newId('f');
  const control = h('vscode-multi-select', { id, 'data-path': path }) as Control;
  const setOptions = (list: Option[]) => {
    const bound = store.fields.get(path);
    if (bound) bound.options = list;
    fillOptions(control, list);
    const current = (store.get(path) as string[] | undefined) ?? [];
    const kept = list.length ? current.filter((v) => list.some((o) => o.value === v)) : current;
    queueMicrotask(() => (control.value = kept));
  };
  setOptions(options);
  control.addEventListener('change', () => store.set(path, [...(control.value as string[])]));
  const { row: r, error } = row(label, id, control, help);
  store.fields.set(path, { control, error, row: r, setOptions, label, options });
  return r;
}

export function setOptions(store: FormStore, path: string, options: Option[]): void {
  store.fields.get(path)?.setOptions?.(options);
}

export function button(
  label: string,
  onClick: () => void,
  opts: { secondary?: boolean; id?: string; disabled?: boolean } = {},
): HTMLElement {
  const b = h('vscode-button', { secondary: opts.secondary, id: opts.id, disabled: opts.disabled }, label);
  b.addEventListener('click', () => {
    if (!(b as Control).disabled) onClick();
  });
  return b;
}

export function section(title: string, ...children: Array<Node | null | false>): HTMLElement {
  return h('section', { class: 'form-section' }, h('h2', null, title), ...children);
}

/** The summary before submitting: one row per field of the body, secrets already masked. */
/**
 * The Review's rows: each request field by the label of the form field that set it, a choice by
 * the label it was offered under (issue 63, defect 4: "dbFlavorId e4edaa36-...", "dbVersion
 * MYSQL_V8040" instead of Flavor m2.c1m2 and MySQL 8.0.40). `lines` are summarize()'s
 * [path, value] pairs; a list's values come joined by ", ".
 */
export function reviewRows(store: FormStore, lines: Array<[string, string]>): Array<[string, string]> {
  return lines.map(([path, value]) => {
    const b = store.fields.get(path);
    if (!b) return [l10n.t('Other request field'), value];
    const named = (v: string) => b.options?.find((o) => o.value === v)?.label ?? v;
    const raw = store.get(path);
    const shown = Array.isArray(raw) ? raw.map(named).join(', ') : named(value);
    return [b.label, shown];
  });
}

export function summaryTable(lines: Array<[string, string]>): HTMLElement {
  return h(
    'table',
    { class: 'summary' },
    h(
      'thead',
      null,
      h('tr', null, h('th', { scope: 'col' }, l10n.t('Field')), h('th', { scope: 'col' }, l10n.t('Value'))),
    ),
    h('tbody', null, ...lines.map(([k, v]) => h('tr', null, h('th', { scope: 'row' }, k), h('td', null, v)))),
  );
}

export function notice(kind: 'error' | 'info' | 'warning', text: string): HTMLElement {
  return h('div', { class: `notice notice-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}
