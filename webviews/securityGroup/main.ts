// DB security-group rules: one editable row per rule plus a row for a new one, each checked as
// typed with the client's RuleSpec schema (ports per port type, CIDR per ether type, no EGRESS
// DB port). Unsaved rows survive a reload.
import { l10n } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import { fieldIssues, PORT_TYPES, RuleSpec } from '../../src/client/rds/schemas';
import { emptyRule, ruleBody, type RuleRow } from '../../src/panels/model/rules';
import type { PanelTarget } from '../../src/panels/protocol';
import { $, h } from '../shared/dom';
import { button, notice } from '../shared/form';
import { client, getState, onEvent, saveState, start } from '../shared/rpc';

const rpc = client<'securityGroup'>();
const app = $('app');
const NEW = 'new';

interface Rule {
  ruleId: string;
  description?: string | null;
  direction: string;
  etherType: string;
  cidr: string;
  port: { portType: string; minPort?: number | null; maxPort?: number | null };
}
interface Group {
  dbSecurityGroupId: string;
  dbSecurityGroupName: string;
  description?: string | null;
  progressStatus?: string;
  rules: Rule[];
}
interface SavedState {
  target: PanelTarget;
  drafts: Record<string, RuleRow>;
}
type Ctl = HTMLElement & { value: string; invalid?: boolean; disabled?: boolean };

const toRow = (r: Rule): RuleRow => ({
  ruleId: r.ruleId,
  description: r.description ?? '',
  direction: r.direction,
  etherType: r.etherType,
  cidr: r.cidr,
  portType: r.port.portType,
  minPort: r.port.minPort == null ? '' : String(r.port.minPort),
  maxPort: r.port.maxPort == null ? '' : String(r.port.maxPort),
});

let target: PanelTarget;
let group: Group | undefined;
let drafts: Record<string, RuleRow> = {};
const status = h('div', { class: 'sg-status', 'aria-live': 'polite' });
const tbody = h('tbody');

/** The port types to choose from: the known ones, and a rule's own when the service sent another. */
const portTypeChoices = (current: string): string[] =>
  PORT_TYPES.includes(current as (typeof PORT_TYPES)[number]) ? [...PORT_TYPES] : [current, ...PORT_TYPES];

function persist(): void {
  saveState({ target, drafts } satisfies SavedState);
}

function issuesOf(row: RuleRow): Map<string, string> {
  const m = new Map<string, string>();
  for (const i of fieldIssues(RuleSpec, ruleBody(row))) if (!m.has(i.path)) m.set(i.path, i.message);
  return m;
}

function same(a: RuleRow, b: RuleRow): boolean {
  return JSON.stringify(ruleBody(a)) === JSON.stringify(ruleBody(b));
}

function select(label: string, options: string[], value: string, onChange: (v: string) => void): Ctl {
  const el = h(
    'vscode-single-select',
    { 'aria-label': label },
    ...options.map((o) => h('vscode-option', { value: o }, o)),
  ) as Ctl;
  queueMicrotask(() => (el.value = value));
  el.addEventListener('change', () => onChange(el.value));
  return el;
}

function text(label: string, value: string, onInput: (v: string) => void, placeholder?: string): Ctl {
  const el = h('vscode-textfield', { 'aria-label': label, placeholder }) as Ctl;
  el.value = value;
  el.addEventListener('input', () => onInput(el.value));
  return el;
}

function ruleRow(key: string, saved: RuleRow | undefined): HTMLElement {
  const row: RuleRow = { ...(drafts[key] ?? saved ?? emptyRule()) };
  const errors = h('td', { class: 'field-error', 'aria-live': 'polite' });
  const save = button(saved ? l10n.t('Save') : l10n.t('Add'), () => void submit(key, row, saved), {
    secondary: !!saved,
  });
  const controls: Record<string, Ctl> = {};
  const check = () => {
    const issues = issuesOf(row);
    const dirty = !saved || !same(row, saved);
    if (dirty) drafts[key] = { ...row };
    else delete drafts[key];
    persist();
    const paths: Record<string, string[]> = {
      cidr: ['cidr'],
      minPort: ['port.minPort', 'port'],
      maxPort: ['port.maxPort'],
      portType: ['port.portType'],
      direction: ['direction'],
      etherType: ['etherType'],
    };
    for (const [k, ps] of Object.entries(paths)) if (controls[k]) controls[k].invalid = ps.some((p) => issues.has(p));
    errors.textContent = [...issues.values()].join(' ');
    (save as Ctl).disabled = issues.size > 0 || !dirty;
    tr.classList.toggle('pg-pending', dirty && !!saved);
    // DB_PORT and ALL take no port numbers (ALL: every port; the console does not offer it).
    const ports = row.portType !== 'DB_PORT' && row.portType !== 'ALL';
    controls.minPort.hidden = !ports;
    controls.maxPort.hidden = row.portType !== 'PORT_RANGE';
  };
  const set = (k: keyof RuleRow) => (v: string) => {
    (row as unknown as Record<string, string>)[k] = v;
    check();
  };
  controls.direction = select(l10n.t('Direction'), ['INGRESS', 'EGRESS'], row.direction, set('direction'));
  controls.etherType = select(l10n.t('Ether type'), ['IPV4', 'IPV6'], row.etherType, set('etherType'));
  controls.portType = select(l10n.t('Port type'), portTypeChoices(row.portType), row.portType, set('portType'));
  controls.minPort = text(l10n.t('First port'), row.minPort, set('minPort'), 'port');
  controls.maxPort = text(l10n.t('Last port'), row.maxPort, set('maxPort'), l10n.t('last port'));
  controls.cidr = text('CIDR', row.cidr, set('cidr'), '10.0.0.0/24');
  controls.description = text(l10n.t('Description'), row.description, set('description'));
  const actions = h('td', { class: 'sg-actions' }, save);
  if (saved) {
    actions.append(
      button(
        l10n.t('Revert'),
        () => {
          delete drafts[key];
          persist();
          tr.replaceWith(ruleRow(key, saved));
        },
        { secondary: true },
      ),
      button(l10n.t('Delete'), () => void remove(saved.ruleId!), { secondary: true }),
    );
  }
  const tr = h(
    'tr',
    { 'data-rule': key },
    h('td', null, controls.direction),
    h('td', null, controls.etherType),
    h('td', null, controls.portType, controls.minPort, controls.maxPort),
    h('td', null, controls.cidr),
    h('td', null, controls.description),
    actions,
    errors,
  );
  queueMicrotask(check);
  return tr;
}

function render(): void {
  if (!group) return;
  const rows = group.rules.map((r) => ruleRow(r.ruleId, toRow(r)));
  tbody.replaceChildren(...rows, ruleRow(NEW, undefined));
  app.replaceChildren(
    h('h1', null, group.dbSecurityGroupName),
    h(
      'p',
      { class: 'field-help' },
      `${group.rules.length} rule(s)${group.description ? ` · ${group.description}` : ''}`,
    ),
    status,
    h(
      'table',
      { class: 'sg-table' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...[
            l10n.t('Direction'),
            l10n.t('Ether type'),
            l10n.t('Port'),
            'CIDR',
            l10n.t('Description'),
            l10n.t('Actions'),
            '',
          ].map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      tbody,
    ),
  );
}

async function run(what: string, call: () => Promise<Group>, clearKey?: string): Promise<void> {
  status.replaceChildren(h('p', null, `${what}...`));
  try {
    group = await call();
    if (clearKey) delete drafts[clearKey];
    persist();
    status.replaceChildren(notice('info', l10n.t('{0}: done.', what)));
    render();
  } catch (e) {
    status.replaceChildren(notice('error', l10n.t('{0} failed: {1}', what, (e as Error).message)));
  }
}

function submit(key: string, row: RuleRow, saved: RuleRow | undefined): Promise<void> {
  const id = group!.dbSecurityGroupId;
  if (saved)
    return run(
      l10n.t('Changing the rule'),
      () => rpc.request('modifyRule', { dbSecurityGroupId: id, ruleId: saved.ruleId!, rule: ruleBody(row) }),
      key,
    );
  return run(
    l10n.t('Adding the rule'),
    () => rpc.request('addRule', { dbSecurityGroupId: id, rule: ruleBody(row) }),
    key,
  );
}

function remove(ruleId: string): Promise<void> {
  return run(
    l10n.t('Deleting the rule'),
    () => rpc.request('deleteRules', { dbSecurityGroupId: group!.dbSecurityGroupId, ruleIds: [ruleId] }),
    ruleId,
  );
}

start((init) => {
  const saved = getState<SavedState>();
  target = saved?.target ?? init.target;
  drafts = saved?.drafts ?? {};
  if (!target.id) return void app.replaceChildren(notice('error', l10n.t('No DB security group was given.')));
  onEvent('job', (j: { jobStatus: string }) => status.replaceChildren(h('p', null, l10n.t('Job {0}...', j.jobStatus))));
  const attempt = () => {
    app.replaceChildren(h('p', { class: 'loading' }, l10n.t('Loading the rules...')));
    rpc
      .request('load', { dbSecurityGroupId: target.id! })
      .then((g: Group) => ((group = g), render()))
      .catch((e: Error) =>
        app.replaceChildren(
          notice('error', l10n.t('Could not load the group: {0}', e.message)),
          button(l10n.t('Retry'), attempt),
        ),
      );
  };
  attempt();
});
