// Open Table (issue 29, items 2 and 3): a table's rows a page at a time in the shared data grid,
// the filter (a WHERE condition) and the sort (a click on a header: ascending, descending, off)
// done by the server. When the table has a key, cells are edited in place (double-click, or
// Enter on a selected cell; Enter keeps, Escape drops), rows added and deleted; every change is
// staged and highlighted, checked against its column's type as it is typed, and nothing reaches
// the server before Preview (the exact statements) and Apply (one transaction). The staged
// changes live in the saved state: a reload or a closed tab does not lose them.
import { l10n, plural } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import { $, clear, h } from '../shared/dom';
import { button, notice, type Control } from '../shared/form';
import { client, getState, onEvent, saveState, start, type InitData } from '../shared/rpc';
import { DataGrid, gridStyles, type Cell } from '../shared/grid';
import { valueProblem, isReadOnlyType, type EditValue, type TableColumn } from '../../src/database/tableData/values';
import type { RowEdit, EditStatement, EditProblem } from '../../src/database/tableData/edits';
import type { TableRef } from '../../src/panels/tableDataPanel';

interface TableInfoView {
  schema: string;
  table: string;
  columns: TableColumn[];
  key?: string[];
  isView: boolean;
  readOnlyReason?: string;
}

/** What survives a reload: the table, where the person was, and the staged changes. */
interface Saved {
  ref?: TableRef;
  filter: string;
  sort?: { column: string; descending: boolean };
  offset: number;
  /** The page the staged changes were made on (their rows and originals refer to it). */
  rows: Cell[][];
  updates: Array<[number, Record<string, EditValue>]>;
  deletes: number[];
  inserts: Array<Record<string, EditValue>>;
}

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
body { margin: 0; padding-bottom: 0; overflow: hidden; }
#app { display: flex; flex-direction: column; height: 100vh; }
.td-bar { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; padding: 6px 0; flex: none; }
.td-filter { flex: 1 1 20em; min-width: 12em; }
.td-status { color: var(--vscode-descriptionForeground); white-space: nowrap; font-variant-numeric: tabular-nums; }
.td-staged { font-weight: 600; }
#td-messages, #td-preview { flex: none; }
#td-preview pre { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); white-space: pre-wrap; max-height: 14em; overflow: auto; margin: 4px 0; padding: 6px; background: var(--vscode-textCodeBlock-background); }
${gridStyles}
.td-changed { background: var(--vscode-diffEditor-insertedTextBackground, rgba(155,185,85,.3)) !important; }
.td-invalid { outline: 1px solid var(--vscode-inputValidation-errorBorder, red); outline-offset: -1px; }
.td-deleted .qr-cell:not(.qr-num) { text-decoration: line-through; opacity: .6; }
.td-new .qr-num { color: var(--vscode-gitDecoration-addedResourceForeground, green); }
.td-default { color: var(--vscode-descriptionForeground); font-style: italic; }
.td-editor { position: absolute; z-index: 3; box-sizing: border-box; font: inherit; padding: 0 5px; border: 1px solid var(--vscode-focusBorder); background: var(--vscode-input-background); color: var(--vscode-input-foreground); outline: none; }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const rpc = client<'tableData'>();
const app = $('app');

let info: TableInfoView | undefined;
let saved: Saved = { filter: '', offset: 0, rows: [], updates: [], deletes: [], inserts: [] };
let more = false;
let connected = false;
let loading = false;
const updates = new Map<number, Record<string, EditValue>>();
const deletes = new Set<number>();
let inserts: Array<Record<string, EditValue>> = [];
/** Problems the extension reported for the last Preview or Apply, by "row:column". */
let serverProblems = new Map<string, string>();

const editable = () => !!info && !info.readOnlyReason && !!info.key && connected;
const stagedCount = () =>
  [...updates.values()].reduce((n, c) => n + Object.keys(c).length, 0) + deletes.size + inserts.length;
const allRows = (): Cell[][] => [...saved.rows, ...inserts.map(() => [] as Cell[])];

/** The value a cell holds now: staged, else read. */
function valueAt(row: number, col: number): Cell {
  const name = info?.columns[col]?.name ?? '';
  if (row >= saved.rows.length) {
    const v = inserts[row - saved.rows.length]?.[name];
    return v === undefined ? null : v;
  }
  const change = updates.get(row);
  return change && name in change ? change[name] : (saved.rows[row]?.[col] ?? null);
}

function problemAt(row: number, col: number): string | undefined {
  const c = info?.columns[col];
  if (!c) return undefined;
  const isNew = row >= saved.rows.length;
  const values = isNew ? inserts[row - saved.rows.length] : updates.get(row);
  if (values && c.name in values) return valueProblem(c, values[c.name]);
  return serverProblems.get(`${row}:${c.name}`);
}

const grid = new DataGrid('td-grid', l10n.t('Table rows'), {
  cellValue(row, col) {
    if (row >= saved.rows.length) {
      const v = inserts[row - saved.rows.length]?.[info?.columns[col]?.name ?? ''];
      return v === undefined ? l10n.t('(default)') : v;
    }
    const change = updates.get(row);
    const name = info?.columns[col]?.name ?? '';
    return change && name in change ? change[name] : undefined;
  },
  cellClass(row, col) {
    const name = info?.columns[col]?.name ?? '';
    const isNew = row >= saved.rows.length;
    const staged = isNew ? name in (inserts[row - saved.rows.length] ?? {}) : name in (updates.get(row) ?? {});
    return [staged ? 'td-changed' : '', isNew && !staged ? 'td-default' : '', problemAt(row, col) ? 'td-invalid' : '']
      .filter(Boolean)
      .join(' ');
  },
  rowClass: (row) => (row >= saved.rows.length ? 'td-new' : deletes.has(row) ? 'td-deleted' : ''),
  rowLabel: (row) => (row >= saved.rows.length ? '+' : String(saved.offset + row + 1)),
  onCellActivate: (row, col, cell) => edit(row, col, cell),
  onHeaderClick: (col) => void sortBy(col),
  headerSuffix: (col) => {
    const s = saved.sort;
    if (!s || s.column !== info?.columns[col]?.name) return '';
    return s.descending ? ' ▼' : ' ▲';
  },
  headerSort: (col) => {
    const s = saved.sort;
    if (!s || s.column !== info?.columns[col]?.name) return undefined;
    return s.descending ? 'descending' : 'ascending';
  },
  onCopy: (text) => void rpc.request('copy', { text }),
});

const filterField = h('vscode-textfield', {
  class: 'td-filter',
  id: 'td-filter',
  placeholder: l10n.t("WHERE condition, e.g. price > 10 AND name LIKE 'a%' (Enter filters)"),
}) as Control;
const statusLine = h('span', { class: 'td-status', id: 'td-status', role: 'status', 'aria-live': 'polite' });
const stagedLine = h('span', { class: 'td-status td-staged', id: 'td-staged' });
const messages = h('div', { id: 'td-messages' });
const preview = h('div', { id: 'td-preview' });
const prevButton = button(l10n.t('Previous'), () => void go(-1), { secondary: true, id: 'td-prev' });
const nextButton = button(l10n.t('Next'), () => void go(1), { secondary: true, id: 'td-next' });
const reloadButton = button(l10n.t('Reload'), () => void load(), { secondary: true, id: 'td-reload' });
const addButton = button(l10n.t('Add Row'), () => addRow(), { secondary: true, id: 'td-add' });
const deleteButton = button(l10n.t('Delete Rows'), () => deleteRows(), { secondary: true, id: 'td-delete' });
const nullButton = button(l10n.t('Set NULL'), () => setNull(), { secondary: true, id: 'td-null' });
const previewButton = button(l10n.t('Preview'), () => void showPreview(), { id: 'td-preview-button' });
const applyButton = button(l10n.t('Apply'), () => void apply(), { id: 'td-apply' });
const discardButton = button(l10n.t('Discard Changes'), () => discard(), { secondary: true, id: 'td-discard' });
const copyButton = button(l10n.t('Copy'), () => copy('tsv'), { secondary: true, id: 'td-copy' });
const copyHeadButton = button(l10n.t('Copy with Headers'), () => copy('tsv-header'), {
  secondary: true,
  id: 'td-copy-header',
});
const copyMdButton = button(l10n.t('Copy as Markdown'), () => copy('markdown'), { secondary: true, id: 'td-copy-md' });
const readBar = h('div', { class: 'td-bar' }, filterField, prevButton, nextButton, reloadButton, statusLine);
const editBar = h(
  'div',
  { class: 'td-bar' },
  addButton,
  deleteButton,
  nullButton,
  previewButton,
  applyButton,
  discardButton,
  copyButton,
  copyHeadButton,
  copyMdButton,
  stagedLine,
);

filterField.addEventListener('keydown', (e) => {
  if ((e as KeyboardEvent).key === 'Enter') {
    // Staged changes refer to the rows shown: other rows come only after Apply or Discard.
    if (stagedCount())
      return showMessage('warning', l10n.t('Apply or discard the staged changes before reading other rows.'));
    saved.filter = String(filterField.value ?? '');
    saved.offset = 0;
    void load();
  }
});
grid.viewport.addEventListener('selectionchange', () => renderButtons());
grid.viewport.addEventListener('keydown', (e) => {
  const sel = grid.selectedCell;
  if (e.key === 'Enter' && sel && !editor) {
    e.preventDefault();
    const cell = grid.viewport.querySelector<HTMLElement>(`[data-row="${sel[0]}"] [data-col="${sel[1]}"]`);
    if (cell) edit(sel[0], sel[1], cell);
  } else if (e.key === 'Delete' && sel && !editor && editable()) {
    e.preventDefault();
    deleteRows();
  }
});

function setDisabled(el: HTMLElement, disabled: boolean): void {
  (el as Control).disabled = disabled;
}

function persist(): void {
  saved.updates = [...updates.entries()];
  saved.deletes = [...deletes];
  saved.inserts = inserts;
  saveState(saved);
  // The extension keeps a copy too: a closed tab's changes can be reopened.
  void rpc.request('dirty', { edits: currentEdits() }).catch(() => undefined);
}

function currentEdits(): RowEdit[] {
  const out: RowEdit[] = [];
  for (const [row, changes] of updates)
    if (!deletes.has(row) && Object.keys(changes).length)
      out.push({ kind: 'update', row, original: saved.rows[row], changes });
  for (const values of inserts) out.push({ kind: 'insert', values });
  for (const row of deletes) out.push({ kind: 'delete', row, original: saved.rows[row] });
  return out;
}

function renderButtons(): void {
  const canEdit = editable();
  const staged = stagedCount();
  editBar.hidden = !info;
  for (const b of [addButton, deleteButton, nullButton]) b.hidden = !canEdit;
  for (const b of [previewButton, applyButton, discardButton]) b.hidden = !canEdit && !staged;
  setDisabled(prevButton, loading || saved.offset === 0 || staged > 0);
  setDisabled(nextButton, loading || !more || staged > 0);
  setDisabled(reloadButton, loading || !connected || staged > 0);
  setDisabled(deleteButton, !grid.selectedCell || loading);
  setDisabled(nullButton, !grid.selectedCell || loading);
  setDisabled(previewButton, !staged || loading);
  setDisabled(applyButton, !staged || loading || !connected);
  setDisabled(discardButton, !staged || loading);
  setDisabled(copyButton, !grid.hasSelection);
  setDisabled(copyHeadButton, !grid.hasSelection);
  setDisabled(copyMdButton, !grid.hasSelection);
  stagedLine.textContent = staged
    ? plural(staged, l10n.t('{0} staged change', staged), l10n.t('{0} staged changes', staged))
    : '';
}

function showMessage(kind: 'error' | 'info' | 'warning', text: string): void {
  clear(messages);
  if (text) messages.append(notice(kind, text));
}

function render(): void {
  grid.show(
    (info?.columns ?? []).map((c) => ({ name: c.name, type: c.columnType })),
    allRows(),
  );
  renderButtons();
}

function redraw(): void {
  grid.redraw();
  renderButtons();
}

async function load(): Promise<void> {
  if (!info || !connected) return;
  loading = true;
  renderButtons();
  statusLine.textContent = l10n.t('Reading...');
  try {
    const page = await rpc.request('page', {
      offset: saved.offset,
      filter: saved.filter || undefined,
      sort: saved.sort,
    });
    saved.rows = page.rows;
    more = page.more;
    const from = page.rows.length ? saved.offset + 1 : 0;
    const to = saved.offset + page.rows.length;
    const seconds = (page.elapsedMs / 1000).toFixed(2);
    const ofResult = saved.ref?.rows?.values.length;
    statusLine.textContent =
      ofResult === undefined
        ? l10n.t('Rows {0} to {1} in {2} s.', from, to, seconds)
        : plural(
            ofResult,
            l10n.t('Rows {0} to {1} of a query result ({2} row when it ran), in {3} s.', from, to, ofResult, seconds),
            l10n.t('Rows {0} to {1} of a query result ({2} rows when it ran), in {3} s.', from, to, ofResult, seconds),
          );
    statusLine.title = page.sql;
    statusLine.dataset.loaded = String(Date.now());
    showMessage('info', '');
    saveState(saved);
    grid.scrollToTop();
    render();
  } catch (e) {
    statusLine.textContent = '';
    showMessage('error', (e as Error).message);
  } finally {
    loading = false;
    renderButtons();
  }
}

async function go(step: number): Promise<void> {
  const size = (initData?.pageRows as number | undefined) ?? 200;
  saved.offset = Math.max(0, saved.offset + step * size);
  await load();
}

async function sortBy(col: number): Promise<void> {
  if (stagedCount()) {
    showMessage('warning', l10n.t('Apply or discard the staged changes before reading other rows.'));
    return;
  }
  const name = info?.columns[col]?.name;
  if (!name) return;
  const s = saved.sort;
  saved.sort =
    !s || s.column !== name
      ? { column: name, descending: false }
      : s.descending
        ? undefined
        : { column: name, descending: true };
  saved.offset = 0;
  grid.redrawHeader();
  await load();
}

let editor: HTMLInputElement | undefined;
/** Edits a cell in place: an input over it; Enter (or leaving it) keeps the text, Escape drops it. */
function edit(row: number, col: number, cell: HTMLElement): void {
  const c = info?.columns[col];
  if (!c || !editable() || deletes.has(row)) return;
  if (c.generated || isReadOnlyType(c)) {
    showMessage('info', valueProblem(c, '') ?? '');
    return;
  }
  editor?.remove();
  const current = valueAt(row, col);
  const input = h('input', { class: 'td-editor', 'aria-label': c.name, spellcheck: 'false' }) as HTMLInputElement;
  input.value = current === null ? '' : String(current);
  input.placeholder = current === null ? 'NULL' : '';
  const box = cell.getBoundingClientRect();
  const host = grid.viewport.getBoundingClientRect();
  Object.assign(input.style, {
    left: `${box.left - host.left + grid.viewport.scrollLeft}px`,
    top: `${box.top - host.top + grid.viewport.scrollTop}px`,
    width: `${Math.max(box.width, 120)}px`,
    height: `${box.height}px`,
  });
  let typed = false;
  input.addEventListener('input', () => {
    typed = true;
    input.classList.toggle('td-invalid', !!valueProblem(c, input.value));
    input.title = valueProblem(c, input.value) ?? '';
  });
  const finish = (keep: boolean) => {
    if (editor !== input) return;
    editor = undefined;
    input.remove();
    // An untouched NULL stays NULL (an empty box is not an empty string until something is typed).
    if (keep && typed) stage(row, c.name, input.value);
    grid.viewport.focus();
  };
  input.addEventListener('keydown', (e) => {
    e.stopPropagation();
    if (e.key === 'Enter') finish(true);
    else if (e.key === 'Escape') finish(false);
  });
  input.addEventListener('blur', () => finish(true));
  editor = input;
  grid.viewport.append(input);
  input.focus();
  input.select();
}

function stage(row: number, column: string, value: EditValue): void {
  serverProblems = new Map();
  clear(preview);
  if (row >= saved.rows.length) {
    inserts[row - saved.rows.length] = { ...inserts[row - saved.rows.length], [column]: value };
  } else {
    const col = info!.columns.findIndex((c) => c.name === column);
    const original = saved.rows[row][col];
    const changes = { ...updates.get(row) };
    // Typing the value back is no change.
    if ((original === null ? null : String(original)) === value) delete changes[column];
    else changes[column] = value;
    if (Object.keys(changes).length) updates.set(row, changes);
    else updates.delete(row);
  }
  persist();
  redraw();
}

function addRow(): void {
  inserts = [...inserts, {}];
  persist();
  render();
  grid.scrollToRow(allRows().length - 1);
}

function deleteRows(): void {
  const rows = grid.selectedRows;
  for (const row of rows) {
    if (row >= saved.rows.length) inserts = inserts.filter((_, i) => i !== row - saved.rows.length);
    else if (deletes.has(row)) deletes.delete(row);
    else deletes.add(row);
  }
  persist();
  render();
}

function setNull(): void {
  const sel = grid.selectedCell;
  const c = sel && info?.columns[sel[1]];
  if (!sel || !c) return;
  if (!c.nullable) {
    showMessage('warning', l10n.t('{0} cannot be NULL.', c.name));
    return;
  }
  stage(sel[0], c.name, null);
}

function discard(): void {
  updates.clear();
  deletes.clear();
  inserts = [];
  serverProblems = new Map();
  clear(preview);
  showMessage('info', '');
  persist();
  render();
}

function copy(format: 'tsv' | 'tsv-header' | 'markdown'): void {
  const text = grid.selectionAs(format);
  if (text) void rpc.request('copy', { text });
}

/** The problems the extension found, kept per cell (highlighted) and listed. */
function showProblems(problems: EditProblem[], edits: RowEdit[]): void {
  serverProblems = new Map();
  const firstNew = saved.rows.length;
  let newIndex = 0;
  const rowOf = edits.map((e) => (e.kind === 'insert' ? firstNew + newIndex++ : e.row));
  for (const p of problems) serverProblems.set(`${rowOf[p.edit]}:${p.column}`, p.message);
  clear(preview);
  preview.append(
    notice(
      'error',
      plural(
        problems.length,
        l10n.t('{0} value cannot be sent as it is:', problems.length),
        l10n.t('{0} values cannot be sent as they are:', problems.length),
      ),
    ),
    h('ul', { id: 'td-problems' }, ...problems.map((p) => h('li', null, p.message))),
  );
  redraw();
}

async function showPreview(): Promise<void> {
  const edits = currentEdits();
  try {
    const r: { problems: EditProblem[]; statements: EditStatement[] } = await rpc.request('preview', { edits });
    if (r.problems.length) return showProblems(r.problems, edits);
    clear(preview);
    preview.append(
      h(
        'div',
        null,
        plural(
          r.statements.length,
          l10n.t('{0} statement, run in one transaction by Apply:', r.statements.length),
          l10n.t('{0} statements, run in one transaction by Apply:', r.statements.length),
        ),
      ),
      h('pre', { id: 'td-statements' }, r.statements.map((s) => s.display).join('\n')),
    );
  } catch (e) {
    showMessage('error', (e as Error).message);
  }
}

async function apply(): Promise<void> {
  const edits = currentEdits();
  loading = true;
  renderButtons();
  try {
    const r: { problems?: EditProblem[]; declined?: boolean; applied?: number; elapsedMs?: number } = await rpc.request(
      'apply',
      { edits },
    );
    if (r.problems?.length) return showProblems(r.problems, edits);
    if (r.declined) return;
    updates.clear();
    deletes.clear();
    inserts = [];
    clear(preview);
    persist();
    loading = false;
    await load();
    showMessage(
      'info',
      plural(
        r.applied ?? 0,
        l10n.t('{0} statement applied in {1} s.', r.applied ?? 0, ((r.elapsedMs ?? 0) / 1000).toFixed(2)),
        l10n.t('{0} statements applied in {1} s.', r.applied ?? 0, ((r.elapsedMs ?? 0) / 1000).toFixed(2)),
      ),
    );
  } catch (e) {
    // Nothing was applied: the staged changes stay, the message says which row and why.
    showMessage('error', (e as Error).message);
  } finally {
    loading = false;
    renderButtons();
  }
}

let initData: InitData | undefined;

/** The extension's answer about the table: its columns once connected, or why not. */
function takeState(d: {
  ref?: TableRef;
  connected?: boolean;
  info?: TableInfoView | { error: string };
  kept?: RowEdit[];
}): void {
  if (d.ref) saved.ref = d.ref;
  connected = !!d.connected;
  if (d.info && 'error' in d.info) {
    showMessage('error', d.info.error);
    return;
  }
  if (d.info) info = d.info;
  if (d.kept?.length && !stagedCount()) restoreEdits(d.kept);
  if (!connected)
    showMessage(
      'warning',
      l10n.t(
        'Not connected to {0} as {1}. Connect again: the table and its staged changes are kept.',
        saved.ref?.instanceName ?? '',
        saved.ref?.user ?? '',
      ),
    );
  else if (info?.readOnlyReason) showMessage('info', info.readOnlyReason);
  else showMessage('info', '');
}

/**
 * Staged edits kept by the extension (a tab closed before Apply) back into the grid: the rows
 * they touch, as read then (so each statement's WHERE is what it was), and the new rows.
 */
function restoreEdits(edits: RowEdit[]): void {
  saved.rows = [];
  for (const e of edits) {
    if (e.kind === 'insert') {
      inserts.push(e.values);
      continue;
    }
    const row = saved.rows.push(e.original) - 1;
    if (e.kind === 'update') updates.set(row, e.changes);
    else deletes.add(row);
  }
  statusLine.textContent = l10n.t('The rows with staged changes, kept when the view closed.');
}

onEvent('connection', (d: { connected: boolean }) => {
  void (async () => {
    if (!saved.ref) return;
    const state = await rpc.request('resume', { ref: saved.ref });
    const was = connected;
    takeState(state);
    // Back: read the page again unless staged changes refer to the one shown.
    if (d.connected && !was && !stagedCount()) await load();
    render();
  })();
});

start((init) => {
  initData = init;
  app.removeAttribute('aria-busy');
  clear(app);
  app.append(readBar, editBar, messages, preview, grid.viewport);
  const before = getState<Saved>();
  void (async () => {
    let state = init as unknown as Parameters<typeof takeState>[0] & { waiting?: boolean };
    if (before) {
      saved = before;
      filterField.value = saved.filter;
      for (const [row, changes] of saved.updates) updates.set(row, changes);
      for (const row of saved.deletes) deletes.add(row);
      inserts = saved.inserts;
    }
    // A reloaded window: the panel learns its table from the saved state.
    if (state.waiting && before?.ref) state = await rpc.request('resume', { ref: before.ref });
    takeState(state);
    render();
    if (connected && !stagedCount()) await load();
    else render();
  })();
});
