// Query results: the statements of the latest run (a CALL's several result sets each apart), each
// with its rows in the shared data grid (../shared/grid.ts: virtualized, sized, selectable), its
// outcome (rows, affected rows, warnings, time) or the server's error with its code. Cancel stops
// the run (KILL QUERY on the extension side); Export writes a result to a CSV, JSON or SQL INSERT
// file; Copy puts the selected cells on the clipboard as tab-separated text or a Markdown table;
// Edit Rows opens a result of one table, with its key, in the table editor (or says why not).
// A click on a header sorts the rows shown (ascending, descending, the query's order) and the
// filter box keeps the rows that contain its text (Ctrl+F goes to it, Escape clears it): both in
// the webview, over the rows received (./view.ts), each result with its own. Selection, Copy,
// Ctrl+A and Edit Rows take the rows as shown; Export runs the statement again and writes all of
// its rows in the query's order (it streams to the file, never holding them), and says so when
// a sort or filter is on.
import { l10n, plural, formatCount, textCollator } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import { $, clear, h } from '../shared/dom';
import { button, notice, type Control } from '../shared/form';
import { client, onEvent, start } from '../shared/rpc';
import { DataGrid, gridStyles, type Cell, type GridColumn, type GridSizing } from '../shared/grid';
import { PARSE_ERROR_ERRNO } from '../../src/database/connection/statements';
import type { ResultColumn } from '../../src/database/connection/queryRunner';
import type { ExportFormat } from '../../src/database/connection/resultExport';
import { keyRowsOf, resultTable } from '../../src/database/tableData/resultRows';
import { nextSort, ResultView } from './view';

/** A column as the grid shows it, with the table column it was read from (when it was). */
type Column = GridColumn & Pick<ResultColumn, 'source'>;
interface Outcome {
  kind: 'rows' | 'ok';
  rowCount: number;
  affectedRows?: number;
  insertId?: number;
  warnings?: number;
  info?: string;
  elapsedMs: number;
  stopped?: 'cancelled' | 'timeout';
  resultSets?: number[];
}
/** One tab: a statement's result, or one result set of a CALL that returned several. */
interface Result {
  sql: string;
  /** The statement's place in the run, from 0. */
  statement: number;
  /** Which result set of the statement, from 0. */
  set: number;
  columns?: Column[];
  /** Pixel width per column: from the content once the first rows came, then as the user drags. */
  sizing?: GridSizing;
  rows: Cell[][];
  /** The rows shown (a sort, a filter), made with the columns. */
  view?: ResultView;
  outcome?: Outcome;
  error?: { message: string; code?: string; errno?: number; sqlState?: string };
  skipped?: string;
}

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
/* The page never scrolls and the toolbar never moves while rows stream: the grid takes the
   height left (a fixed calc() let a wrapped toolbar push the page into scrolling), and the status
   keeps one line (its growing row count wrapped it, and the Cancel button jumped under the
   pointer: a Japanese e2e run could not click it). */
body { margin: 0; padding-bottom: 0; overflow: hidden; }
#app { display: flex; flex-direction: column; height: 100vh; }
.qr-bar { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; padding: 6px 0; flex: none; }
.qr-status { flex: 1 1 14em; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-variant-numeric: tabular-nums; }
.qr-tabs { display: flex; gap: 4px; flex-wrap: wrap; }
.qr-tab { font: inherit; color: var(--vscode-foreground); background: transparent; border: 1px solid var(--vscode-panel-border, transparent); padding: 2px 8px; cursor: pointer; max-width: 280px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.qr-tab[aria-selected="true"] { background: var(--vscode-list-activeSelectionBackground); color: var(--vscode-list-activeSelectionForeground); }
.qr-tab.failed { border-color: var(--vscode-inputValidation-errorBorder, red); }
/* Statements that did not run: dashed and dimmed, unlike those that ran. */
.qr-tab.skipped { border-style: dashed; opacity: .6; font-style: italic; }
.qr-status { color: var(--vscode-descriptionForeground); }
.qr-tabs, .qr-sql { flex: none; }
.qr-find { display: flex; gap: 8px; align-items: center; flex: none; margin: 2px 0 6px; }
.qr-find vscode-textfield { width: 22em; max-width: 60%; }
.qr-count { color: var(--vscode-descriptionForeground); font-variant-numeric: tabular-nums; white-space: nowrap; }
.qr-nomatch { flex: none; padding: 8px 4px; color: var(--vscode-descriptionForeground); }
.qr-sql { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); white-space: pre-wrap; max-height: 4.5em; overflow: auto; margin: 4px 0; color: var(--vscode-descriptionForeground); }
${gridStyles}
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const rpc = client<'queryResults'>();
const app = $('app');

let runId = 0;
let running = false;
let results: Result[] = [];
let selected = 0;

const bar = h('div', { class: 'qr-bar' });
const tabs = h('div', { class: 'qr-tabs', role: 'tablist', 'aria-label': l10n.t('Statements') });
const statusLine = h('span', { class: 'qr-status', role: 'status', 'aria-live': 'polite' });
const cancelButton = button(l10n.t('Cancel'), () => void cancel(), { secondary: true, id: 'qr-cancel' });
const csvButton = button(l10n.t('Export CSV...'), () => void exportAs('csv'), { secondary: true, id: 'qr-export-csv' });
const jsonButton = button(l10n.t('Export JSON...'), () => void exportAs('json'), {
  secondary: true,
  id: 'qr-export-json',
});
const sqlButton = button(l10n.t('Export SQL INSERT...'), () => void exportAs('sql'), {
  secondary: true,
  id: 'qr-export-sql',
});
const tsvButton = button(l10n.t('Export TSV...'), () => void exportAs('tsv'), { secondary: true, id: 'qr-export-tsv' });
const mdButton = button(l10n.t('Export Markdown...'), () => void exportAs('md'), {
  secondary: true,
  id: 'qr-export-md',
});
const editButton = button(l10n.t('Edit Rows'), () => void editRows(), { secondary: true, id: 'qr-edit' });
const messages = h('div', { id: 'qr-messages' });
const sqlText = h('pre', { class: 'qr-sql' });
const grid = new DataGrid('qr-grid', l10n.t('Result rows'), {
  onCopy: (text) => void rpc.request('copy', { text }),
  onHeaderClick: (column) => sortBy(column),
  headerSuffix: (column) => {
    const sort = results[selected]?.view?.current.sort;
    return sort?.column !== column ? '' : sort.descending ? ' ▼' : ' ▲';
  },
  headerSort: (column) => {
    const sort = results[selected]?.view?.current.sort;
    return sort?.column !== column ? undefined : sort.descending ? 'descending' : 'ascending';
  },
});
const filterField = h('vscode-textfield', {
  id: 'qr-filter',
  placeholder: l10n.t('Filter rows (Ctrl+F)'),
  'aria-label': l10n.t('Filter rows'),
}) as Control;
const countLine = h('span', { class: 'qr-count', id: 'qr-count', role: 'status', 'aria-live': 'polite' });
const noMatch = h('div', { class: 'qr-nomatch', id: 'qr-nomatch', hidden: true });
const findBar = h('div', { class: 'qr-find' }, filterField, countLine);
filterField.addEventListener('input', () => filterChanged());
filterField.addEventListener('keydown', (e) => {
  if ((e as KeyboardEvent).key !== 'Escape') return;
  e.preventDefault();
  // Escape clears the filter; on an empty one it goes back to the grid.
  if (String(filterField.value ?? '')) {
    filterField.value = '';
    filterChanged();
  } else grid.viewport.focus();
});
// Ctrl+F / Cmd+F: to the filter box, from anywhere in the panel, and nowhere else. VS Code's
// webview host listens on this window and sends every keydown to the workbench, where the same
// keys opened the console editor's Find beside the panel: stopped here, before the window hears it.
document.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
    e.preventDefault();
    e.stopPropagation();
    filterField.focus();
  }
});

/** A click on column `column`'s header: ascending, then descending, then the query's order. */
function sortBy(column: number): void {
  const view = results[selected]?.view;
  if (!view) return;
  const spec = view.current;
  view.set({ ...spec, sort: nextSort(spec.sort, column) });
  grid.redrawHeader();
  viewChanged();
}

/** The filter box's text applied to the result shown (coalesced to once a frame while typing). */
let filterFrame = 0;
function filterChanged(): void {
  if (filterFrame) return;
  filterFrame = requestAnimationFrame(() => {
    filterFrame = 0;
    const view = results[selected]?.view;
    if (!view) return;
    view.set({ ...view.current, filter: String(filterField.value ?? '') });
    viewChanged();
  });
}

/** The rows shown changed (a sort, a filter): the grid from the top, the count and the no-match line. */
function viewChanged(): void {
  const r = results[selected];
  grid.setOrder(r?.view?.order);
  grid.scrollToTop();
  renderCount();
}

/** "N of M rows" while a filter is on, and a line in place of the rows when none matches. */
function renderCount(): void {
  const r = results[selected];
  const filter = r?.view?.current.filter ?? '';
  const total = r?.rows.length ?? 0;
  const shown = r?.view?.length ?? total;
  countLine.textContent = filter
    ? plural(
        total,
        l10n.t('{0} of {1} row', formatCount(shown), formatCount(total)),
        l10n.t('{0} of {1} rows', formatCount(shown), formatCount(total)),
      )
    : '';
  noMatch.hidden = !filter || shown > 0 || !total;
  noMatch.textContent = noMatch.hidden
    ? ''
    : l10n.t('No row contains "{0}". Press Escape to clear the filter.', filter);
}
const copyButton = button(l10n.t('Copy'), () => copy('tsv'), { secondary: true, id: 'qr-copy' });
const copyHeadButton = button(l10n.t('Copy with Headers'), () => copy('tsv-header'), {
  secondary: true,
  id: 'qr-copy-header',
});
const copyMdButton = button(l10n.t('Copy as Markdown'), () => copy('markdown'), { secondary: true, id: 'qr-copy-md' });
grid.viewport.addEventListener('selectionchange', () => {
  setDisabled(copyButton, !grid.hasSelection);
  setDisabled(copyHeadButton, !grid.hasSelection);
  setDisabled(copyMdButton, !grid.hasSelection);
});

/** The selected cells on the clipboard (through the extension: a webview may not write it). */
function copy(format: 'tsv' | 'tsv-header' | 'markdown'): void {
  const text = grid.selectionAs(format);
  if (text) void rpc.request('copy', { text });
}
bar.append(
  cancelButton,
  csvButton,
  tsvButton,
  jsonButton,
  mdButton,
  sqlButton,
  copyButton,
  copyHeadButton,
  copyMdButton,
  editButton,
  statusLine,
);

function setDisabled(el: HTMLElement, disabled: boolean): void {
  (el as HTMLElement & { disabled: boolean }).disabled = disabled;
}

function statusOf(r: Result | undefined): string {
  if (!r) return '';
  if (r.skipped) return r.skipped;
  if (r.error) {
    // Say what failed and where: a statement without rows did not "fail after 0 rows".
    const n = r.statement + 1;
    if (r.rows.length)
      return plural(
        r.rows.length,
        l10n.t('Statement {0} failed after {1} row.', n, formatCount(r.rows.length)),
        l10n.t('Statement {0} failed after {1} rows.', n, formatCount(r.rows.length)),
      );
    return r.error.errno === PARSE_ERROR_ERRNO
      ? l10n.t('Syntax error in statement {0}.', n)
      : l10n.t('Statement {0} failed.', n);
  }
  const o = r.outcome;
  if (!o)
    return r.columns
      ? plural(
          r.rows.length,
          l10n.t('Running... {0} row so far.', formatCount(r.rows.length)),
          l10n.t('Running... {0} rows so far.', formatCount(r.rows.length)),
        )
      : l10n.t('Running...');
  const seconds = (o.elapsedMs / 1000).toFixed(2);
  if (o.stopped === 'cancelled')
    return plural(
      o.rowCount,
      l10n.t('Cancelled after {0} row ({1} s).', formatCount(o.rowCount), seconds),
      l10n.t('Cancelled after {0} rows ({1} s).', formatCount(o.rowCount), seconds),
    );
  if (o.stopped === 'timeout')
    return plural(
      o.rowCount,
      l10n.t(
        'Stopped at the time limit after {0} row ({1} s). Raise nhncloud.database.queryTimeoutSeconds to allow longer statements.',
        formatCount(o.rowCount),
        seconds,
      ),
      l10n.t(
        'Stopped at the time limit after {0} rows ({1} s). Raise nhncloud.database.queryTimeoutSeconds to allow longer statements.',
        formatCount(o.rowCount),
        seconds,
      ),
    );
  if (o.kind === 'rows')
    return plural(
      o.resultSets?.[r.set] ?? o.rowCount,
      l10n.t('{0} row in {1} s.', formatCount(o.resultSets?.[r.set] ?? o.rowCount), seconds),
      l10n.t('{0} rows in {1} s.', formatCount(o.resultSets?.[r.set] ?? o.rowCount), seconds),
    );
  // Warnings said once: the server's info line ("Rows matched: 1  Changed: 1  Warnings: 0")
  // counts them already; otherwise only a count above zero is worth a word.
  const infoSaysWarnings = !!o.info && /warnings:/i.test(o.info);
  const parts = [
    o.warnings && !infoSaysWarnings
      ? plural(
          o.affectedRows ?? 0,
          plural(
            o.warnings,
            l10n.t(
              '{0} row affected, {1} warning, in {2} s.',
              formatCount(o.affectedRows ?? 0),
              formatCount(o.warnings),
              seconds,
            ),
            l10n.t(
              '{0} row affected, {1} warnings, in {2} s.',
              formatCount(o.affectedRows ?? 0),
              formatCount(o.warnings),
              seconds,
            ),
          ),
          plural(
            o.warnings,
            l10n.t(
              '{0} rows affected, {1} warning, in {2} s.',
              formatCount(o.affectedRows ?? 0),
              formatCount(o.warnings),
              seconds,
            ),
            l10n.t(
              '{0} rows affected, {1} warnings, in {2} s.',
              formatCount(o.affectedRows ?? 0),
              formatCount(o.warnings),
              seconds,
            ),
          ),
        )
      : plural(
          o.affectedRows ?? 0,
          l10n.t('{0} row affected in {1} s.', formatCount(o.affectedRows ?? 0), seconds),
          l10n.t('{0} rows affected in {1} s.', formatCount(o.affectedRows ?? 0), seconds),
        ),
  ];
  if (o.insertId) parts.push(l10n.t('Last insert id: {0}.', String(o.insertId)));
  if (o.info) parts.push(o.info);
  return parts.join(' ');
}

function renderTabs(): void {
  clear(tabs);
  if (results.length < 2) return;
  results.forEach((r, i) => {
    // A CALL's result sets: 2.1, 2.2... under its statement's number.
    const several = results.some((o) => o.statement === r.statement && o.set > 0);
    const ordinal = [r.statement + 1, ...(several ? [r.set + 1] : [])].join('.');
    const label = `${ordinal}. ${r.sql.replace(/\s+/g, ' ').slice(0, 40)}`;
    tabs.append(
      h(
        'button',
        {
          class: `qr-tab${r.error ? ' failed' : r.skipped ? ' skipped' : ''}`,
          role: 'tab',
          'aria-selected': String(i === selected),
          title: several ? l10n.t('Result set {0} of {1}', r.set + 1, r.sql.slice(0, 500)) : r.sql.slice(0, 500),
          onClick: () => select(i),
        },
        label,
      ),
    );
  });
}

function select(i: number): void {
  selected = i;
  renderAll();
}

/** The result the grid shows now: its widths (sized, or dragged) stay with it when it is drawn again. */
let shown: Result | undefined;

function renderAll(): void {
  renderTabs();
  const r = results[selected];
  setDisabled(cancelButton, !running);
  const exportable = !running && !!r?.columns && !r.error;
  setDisabled(csvButton, !exportable);
  setDisabled(jsonButton, !exportable);
  setDisabled(sqlButton, !exportable);
  setDisabled(tsvButton, !exportable);
  setDisabled(mdButton, !exportable);
  // Enabled for any finished result with columns: one that cannot be edited says why when clicked.
  setDisabled(editButton, !exportable);
  setDisabled(copyButton, !grid.hasSelection);
  setDisabled(copyHeadButton, !grid.hasSelection);
  setDisabled(copyMdButton, !grid.hasSelection);
  statusLine.textContent = statusOf(r);
  statusLine.title = statusLine.textContent;
  sqlText.textContent = r?.sql ?? '';
  clear(messages);
  if (r?.error) {
    const code = [r.error.code, r.error.errno !== undefined ? String(r.error.errno) : undefined, r.error.sqlState]
      .filter(Boolean)
      .join(' · ');
    messages.append(notice('error', code ? `${r.error.message} (${code})` : r.error.message));
  }
  if (shown?.columns) shown.sizing = grid.sizing;
  shown = r;
  r?.view?.update();
  grid.show(r?.columns ?? [], r?.rows ?? [], r?.sizing, r?.view?.order);
  // Each result keeps its own sort and filter; the box shows the one of the result shown.
  const filter = r?.view?.current.filter ?? '';
  if (String(filterField.value ?? '') !== filter) filterField.value = filter;
  findBar.hidden = !r?.columns;
  renderCount();
}

/** Rows arrive faster than frames: redraw at most once a frame. */
let rowsFrame = 0;
function rowsChanged(index: number): void {
  if (index !== selected || rowsFrame) return;
  rowsFrame = requestAnimationFrame(() => {
    rowsFrame = 0;
    const r = results[selected];
    statusLine.textContent = statusOf(r);
    statusLine.title = statusLine.textContent;
    // While sorted or filtered, the new rows go into place (the rows shown keep theirs).
    if (r?.view?.update() && r.view.order) grid.setOrder(r.view.order, true);
    grid.rowsAdded();
    renderCount();
  });
}

async function cancel(): Promise<void> {
  if (!running) return;
  setDisabled(cancelButton, true);
  try {
    await rpc.request('cancel', { runId });
  } catch (e) {
    messages.append(notice('error', (e as Error).message));
  }
}

/**
 * The selected result's rows in the table editor: a result of one table, holding its key (the
 * extension names the key), up to MAX_RESULT_ROWS rows; otherwise a notice that says why not.
 */
async function editRows(): Promise<void> {
  const r = results[selected];
  if (!r?.columns) return;
  clear(messages);
  const why = (reason: string) => void messages.append(notice('info', reason));
  const target = resultTable(r.columns as ResultColumn[]);
  if ('reason' in target) return why(target.reason);
  try {
    const answer: { key?: string[]; reason?: string } = await rpc.request('tableKey', target);
    if (!answer.key) return why(answer.reason ?? '');
    // The rows as shown: those the filter keeps, in the order of the sort.
    const order = r.view?.order;
    const shownRows = order ? order.map((i) => r.rows[i]) : r.rows;
    const rows = keyRowsOf(r.columns as ResultColumn[], shownRows, answer.key, target.table);
    if ('reason' in rows) return why(rows.reason);
    await rpc.request('editRows', { ...target, rows });
  } catch (e) {
    messages.append(notice('error', (e as Error).message));
  }
}

async function exportAs(format: ExportFormat): Promise<void> {
  try {
    const r = results[selected];
    if (!r) return;
    clear(messages);
    // The file is the statement's whole result, streamed as the server sends it: say so when the
    // grid shows it otherwise.
    if (r.view?.order)
      messages.append(
        notice(
          'info',
          l10n.t(
            'The file holds every row of the statement in the order of the query: the sort and the filter apply to the grid only.',
          ),
        ),
      );
    await rpc.request('export', { runId, index: r.statement, set: r.set, format });
  } catch (e) {
    clear(messages);
    messages.append(notice('error', (e as Error).message));
  }
}

onEvent('run', (d: { runId: number; statements: string[] }) => {
  runId = d.runId;
  // Which run the status line speaks of: until the next run begins it still shows the last
  // one's outcome (the end-to-end tests wait for a new id before they read it).
  statusLine.dataset.run = String(d.runId);
  running = true;
  results = d.statements.map((sql, statement) => ({ sql, statement, set: 0, rows: [] }));
  selected = 0;
  grid.scrollToTop();
  renderAll();
});
/** The tabs of statement `index`, in set order. */
function resultsOf(index: number): Result[] {
  return results.filter((r) => r.statement === index);
}
/** The tab of statement `index`'s result set `set`: a CALL's next set gets a new tab after its last. */
function resultAt(index: number, set: number): number {
  const at = results.findIndex((r) => r.statement === index && r.set === set);
  if (at >= 0) return at;
  const last = results.indexOf(resultsOf(index).at(-1)!);
  results.splice(last + 1, 0, { sql: results[last].sql, statement: index, set, rows: [] });
  return last + 1;
}
onEvent('columns', (d: { runId: number; index: number; set: number; columns: Column[] }) => {
  if (d.runId !== runId) return;
  const at = resultAt(d.index, d.set);
  results[at].columns = d.columns;
  results[at].view = new ResultView(
    results[at].rows,
    d.columns.map((c) => c.type),
    textCollator(),
  );
  // Follow the run: the result that is producing rows is the one shown.
  selected = at;
  renderAll();
});
onEvent('rows', (d: { runId: number; index: number; set: number; rows: Cell[][] }) => {
  if (d.runId !== runId) return;
  const at = resultAt(d.index, d.set);
  const target = results[at].rows;
  for (const row of d.rows) target.push(row);
  rowsChanged(at);
});
onEvent('outcome', (d: { runId: number; index: number; outcome: Outcome }) => {
  if (d.runId !== runId) return;
  const own = resultsOf(d.index);
  for (const r of own) r.outcome = d.outcome;
  if (!results[selected].columns && !own.includes(results[selected])) selected = results.indexOf(own[0]);
  renderAll();
});
onEvent('failed', (d: { runId: number; index: number; error: Result['error'] }) => {
  if (d.runId !== runId) return;
  // The set that was streaming when it failed (a CALL's earlier sets keep their rows).
  const r = resultsOf(d.index).at(-1)!;
  r.error = d.error;
  selected = results.indexOf(r);
  renderAll();
});
onEvent('skipped', (d: { runId: number; index: number; reason: string }) => {
  if (d.runId !== runId) return;
  for (const r of resultsOf(d.index)) r.skipped = d.reason;
  renderAll();
});
onEvent('end', (d: { runId: number }) => {
  if (d.runId !== runId) return;
  running = false;
  renderAll();
});

start(() => {
  app.removeAttribute('aria-busy');
  clear(app);
  app.append(bar, tabs, messages, sqlText, findBar, noMatch, grid.viewport);
  renderAll();
});
