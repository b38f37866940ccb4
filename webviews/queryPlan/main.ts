// The query plan view (issue 28, item 5): the plan of one statement as a tree, the way it runs
// from the inside out: per table how it is read (a full table scan marked), the key, the rows
// examined and the share that passes, the cost; joins with their tables in join order;
// subqueries, temporary tables and filesorts as steps of their own. Explain Analyze adds what
// actually happened (rows, loops, time). The plan is kept in the saved state: a reloaded window
// draws it again. Colours come from the theme (both light and dark read).
import { l10n, plural, formatCount } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import { $, h } from '../shared/dom';
import { notice } from '../shared/form';
import { getState, onEvent, saveState, start } from '../shared/rpc';
import type { PanelTarget } from '../../src/panels/protocol';
import type { PlanView } from '../../src/panels/queryPlanPanel';
import type { PlanNode, PlanTrait } from '../../src/database/queryPlan/model';

interface SavedState {
  target: PanelTarget;
  view?: PlanView;
}

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
.qp-head { margin: 4px 0 8px; }
.qp-head h1 { font-size: 1.15em; margin: 0 0 4px; }
.qp-sql { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; color: var(--vscode-descriptionForeground); }
.qp-summary { margin: 6px 0; }
.qp-summary.warn { color: var(--vscode-editorWarning-foreground, var(--vscode-foreground)); }
ul.qp-tree, ul.qp-tree ul { list-style: none; margin: 0; padding-left: 18px; }
ul.qp-tree { padding-left: 0; }
ul.qp-tree ul { border-left: 1px solid var(--vscode-tree-indentGuidesStroke, rgba(128,128,128,.4)); margin-left: 7px; }
.qp-node { margin: 4px 0; padding: 4px 8px; border: 1px solid var(--vscode-panel-border, rgba(128,128,128,.35)); border-radius: 3px; background: var(--vscode-editorWidget-background, transparent); }
.qp-node.full-scan { border-color: var(--vscode-editorWarning-foreground, orange); border-left-width: 4px; }
.qp-title { display: flex; gap: 6px; align-items: baseline; flex-wrap: wrap; }
.qp-toggle { font: inherit; background: none; border: none; color: var(--vscode-foreground); cursor: pointer; padding: 0 2px; width: 1.2em; }
.qp-order { color: var(--vscode-descriptionForeground); font-variant-numeric: tabular-nums; }
.qp-kind { font-weight: 600; }
.qp-name { font-family: var(--vscode-editor-font-family); }
.qp-badge { padding: 0 6px; border-radius: 8px; background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); font-size: .9em; }
.qp-badge.warn { background: var(--vscode-inputValidation-warningBackground, #5a4a00); color: var(--vscode-foreground); border: 1px solid var(--vscode-editorWarning-foreground, orange); }
.qp-figures { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 2px; color: var(--vscode-descriptionForeground); font-variant-numeric: tabular-nums; }
.qp-figures .actual { color: var(--vscode-foreground); }
.qp-cond { font-family: var(--vscode-editor-font-family); font-size: .95em; color: var(--vscode-descriptionForeground); margin-top: 2px; overflow-wrap: anywhere; }
details.qp-raw pre { font-family: var(--vscode-editor-font-family); white-space: pre; overflow: auto; max-height: 40vh; }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const app = $('app');
let state: SavedState;

const count = formatCount;
/** Figures from the server: whole numbers as they are, others to two decimals. */
const figure = (n: number) => (Number.isInteger(n) ? count(n) : n.toFixed(2));

/** What an access type means, in words (MySQL's and MariaDB's EXPLAIN "type"). */
function accessText(access: string): string {
  switch (access) {
    case 'ALL':
      return l10n.t('Full table scan');
    case 'index':
      return l10n.t('Full index scan');
    case 'range':
      return l10n.t('Index range scan');
    case 'ref':
    case 'ref_or_null':
      return l10n.t('Index lookup');
    case 'eq_ref':
      return l10n.t('Unique index lookup');
    case 'const':
    case 'system':
      return l10n.t('Single row (constant)');
    case 'fulltext':
      return l10n.t('Full-text index');
    case 'index_merge':
      return l10n.t('Index merge');
    case 'unique_subquery':
    case 'index_subquery':
      return l10n.t('Subquery index lookup');
    default:
      return access;
  }
}

function traitText(t: PlanTrait): string {
  switch (t) {
    case 'materialized':
      return l10n.t('Materialized');
    case 'dependent':
      return l10n.t('Dependent: runs for each outer row');
    case 'cached':
      return l10n.t('Results cached');
    case 'not-cacheable':
      return l10n.t('Not cacheable');
    case 'temporary':
      return l10n.t('Through a temporary table');
    case 'in-condition':
      return l10n.t('In the condition');
    case 'in-select-list':
      return l10n.t('In the select list');
    case 'in-having':
      return l10n.t('In HAVING');
    case 'in-order-by':
      return l10n.t('In ORDER BY');
    case 'in-group-by':
      return l10n.t('In GROUP BY');
    case 'in-update':
      return l10n.t('In the SET values');
    case 'optimized-away':
      return l10n.t('Optimized away');
  }
}

function kindText(n: PlanNode): string {
  switch (n.kind) {
    case 'query':
      return n.selectId !== undefined ? l10n.t('SELECT #{0}', n.selectId) : l10n.t('Statement');
    case 'join':
      return l10n.t('Nested loop join');
    case 'table':
      return l10n.t('Table');
    case 'subquery':
      return l10n.t('Subquery');
    case 'temporary':
      return l10n.t('Temporary table');
    case 'filesort':
      return l10n.t('Filesort');
    case 'union':
      return l10n.t('Union');
    case 'message':
      return l10n.t('Note');
    default:
      return l10n.t('Step');
  }
}

function badges(n: PlanNode): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (n.fullScan) out.push(h('span', { class: 'qp-badge warn', 'data-full-scan': 'true' }, l10n.t('Full table scan')));
  else if (n.fullIndexScan) out.push(h('span', { class: 'qp-badge' }, l10n.t('Full index scan')));
  if (n.access && n.access !== 'ALL' && n.access !== 'index')
    out.push(h('span', { class: 'qp-badge', title: n.access }, accessText(n.access)));
  if (n.coveringIndex) out.push(h('span', { class: 'qp-badge' }, l10n.t('Index only')));
  if (n.joinBuffer) out.push(h('span', { class: 'qp-badge' }, l10n.t('Join buffer: {0}', n.joinBuffer)));
  for (const t of n.traits ?? []) out.push(h('span', { class: 'qp-badge' }, traitText(t)));
  if (n.operation) out.push(h('span', { class: 'qp-badge' }, n.operation));
  return out;
}

function figures(n: PlanNode): HTMLElement | null {
  const parts: HTMLElement[] = [];
  const add = (text: string, actual = false) => parts.push(h('span', actual ? { class: 'actual' } : null, text));
  if (n.key) add(l10n.t('Key: {0}', n.keyParts?.length ? `${n.key} (${n.keyParts.join(', ')})` : n.key));
  else if (n.possibleKeys?.length) add(l10n.t('Possible keys: {0}', n.possibleKeys.join(', ')));
  if (n.ref?.length) add(l10n.t('Compared with: {0}', n.ref.join(', ')));
  if (n.rows !== undefined) add(l10n.t('Rows examined (estimate): {0}', figure(n.rows)));
  if (n.filtered !== undefined) add(l10n.t('Filtered: {0} %', figure(n.filtered)));
  if (n.cost !== undefined) add(l10n.t('Cost: {0}', figure(n.cost)));
  if (n.sortKey) add(l10n.t('Sorted by: {0}', n.sortKey));
  const a = n.actual;
  if (a?.rows !== undefined)
    add(
      plural(
        a.loops ?? 1,
        l10n.t('Actual rows: {0} × {1} loop', figure(a.rows), figure(a.loops ?? 1)),
        l10n.t('Actual rows: {0} × {1} loops', figure(a.rows), figure(a.loops ?? 1)),
      ),
      true,
    );
  if (a?.filtered !== undefined) add(l10n.t('Actually filtered: {0} %', figure(a.filtered)), true);
  if (a?.timeMs !== undefined) add(l10n.t('Time: {0} ms', figure(a.timeMs)), true);
  return parts.length ? h('div', { class: 'qp-figures' }, ...parts) : null;
}

/** One node and what it reads from, drawn as a tree item; `order` numbers a join's tables. */
function nodeItem(n: PlanNode, order?: number): HTMLElement {
  const kids = n.children;
  const childList = kids.length
    ? h('ul', { role: 'group' }, ...kids.map((c, i) => nodeItem(c, n.kind === 'join' ? i + 1 : undefined)))
    : null;
  const item = h('li', { role: 'treeitem', ...(kids.length ? { 'aria-expanded': 'true' } : {}) });
  const toggle = kids.length
    ? h(
        'button',
        {
          class: 'qp-toggle',
          title: l10n.t('Fold or unfold'),
          'aria-label': l10n.t('Fold or unfold'),
          onClick: () => {
            const open = item.getAttribute('aria-expanded') !== 'true';
            item.setAttribute('aria-expanded', String(open));
            if (childList) childList.hidden = !open;
            toggle!.textContent = open ? '▾' : '▸';
          },
        },
        '▾',
      )
    : h('span', { class: 'qp-toggle' });
  const name = n.kind === 'message' ? n.message : n.name;
  const card = h(
    'div',
    { class: `qp-node qp-${n.kind}${n.fullScan ? ' full-scan' : ''}` },
    h(
      'div',
      { class: 'qp-title' },
      toggle,
      order !== undefined ? h('span', { class: 'qp-order', title: l10n.t('Join order') }, `${order}.`) : null,
      h('span', { class: 'qp-kind' }, kindText(n)),
      name ? h('span', { class: 'qp-name' }, name) : null,
      ...badges(n),
    ),
    figures(n),
    n.condition ? h('div', { class: 'qp-cond' }, l10n.t('Condition: {0}', n.condition)) : null,
    n.message && n.kind !== 'message' ? h('div', { class: 'qp-cond' }, n.message) : null,
  );
  item.append(card);
  if (childList) item.append(childList);
  return item;
}

/** Draws `view`; `fresh`: just explained (not a saved plan drawn again after a reload). */
function draw(view: PlanView | undefined, fresh: boolean): void {
  app.removeAttribute('aria-busy');
  if (!view) {
    app.replaceChildren(notice('info', l10n.t('Explain a statement of a query console to see its plan here.')));
    return;
  }
  const head = h(
    'div',
    { class: 'qp-head' },
    h('h1', null, view.analyze ? l10n.t('Measured plan (the statement ran)') : l10n.t('Estimated plan')),
    h('pre', { class: 'qp-sql' }, view.statement),
    h('div', { class: 'qp-server' }, l10n.t('Server: {0}', view.server)),
  );
  if (view.error) {
    const e = view.error;
    const code = [e.code, e.errno !== undefined ? String(e.errno) : undefined, e.sqlState].filter(Boolean).join(' · ');
    app.replaceChildren(
      head,
      notice(
        'error',
        code
          ? l10n.t('The server did not explain the statement: {0} ({1})', e.message, code)
          : l10n.t('The server did not explain the statement: {0}', e.message),
      ),
    );
    return;
  }
  const plan = view.plan!;
  const summary = h(
    'p',
    { class: `qp-summary${plan.fullScans.length ? ' warn' : ''}`, id: 'qp-summary' },
    plan.fullScans.length
      ? plural(
          plan.tables,
          l10n.t('{0} table; full table scans: {1}.', count(plan.tables), plan.fullScans.join(', ')),
          l10n.t('{0} tables; full table scans: {1}.', count(plan.tables), plan.fullScans.join(', ')),
        )
      : plural(
          plan.tables,
          l10n.t('{0} table; no full table scan.', count(plan.tables)),
          l10n.t('{0} tables; no full table scan.', count(plan.tables)),
        ),
  );
  const tree = h('ul', { class: 'qp-tree', role: 'tree', 'aria-label': l10n.t('Query plan') }, nodeItem(plan.root));
  const raw = h(
    'details',
    { class: 'qp-raw' },
    h('summary', null, l10n.t("The server's answer")),
    h('pre', null, plan.raw),
  );
  app.replaceChildren(head, summary, tree, raw);
  // How long after the server's answer the plan was drawn (the frame after the DOM is built),
  // for the benchmark (read from the page, never asserted on).
  const answeredAt = view.answeredAt;
  if (fresh && answeredAt !== undefined)
    requestAnimationFrame(() => (app.dataset.drawnAfterAnswerMs = String(Date.now() - answeredAt)));
}

function show(view: PlanView | undefined, fresh: boolean): void {
  state = { ...state, view };
  saveState(state);
  draw(view, fresh);
}

onEvent('plan', (view: PlanView) => show(view, true));

start((init) => {
  const saved = getState<SavedState>();
  state = { target: init.target, view: saved?.view };
  const given = init.view as PlanView | undefined;
  show(given ?? saved?.view, given !== undefined);
});
