// Query results: the statements of the latest run (a CALL's several result sets each apart), each with its rows in a virtualized grid (only
// the rows in view are in the DOM, so 100,000 rows and more scroll like 10), its outcome
// (rows, affected rows, warnings, time) or the server's error with its code. Cancel stops the
// run (KILL QUERY on the extension side); Export writes a result to a CSV or JSON file.
// Columns are sized to their content (header and the first rows, within limits) and can be
// dragged wider or narrower (double-click the edge: fit again); numbers are right-aligned; a
// cell's tooltip holds its whole value.
import { l10n } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import { $, clear, h } from '../shared/dom';
import { button, notice } from '../shared/form';
import { client, onEvent, start } from '../shared/rpc';
import { PARSE_ERROR_ERRNO } from '../../src/rds/connection/statements';

type Cell = string | number | null;
interface Column {
  name: string;
  type: string;
}
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
  widths?: number[];
  /** Whether `widths` took the rows into account (sized once, so streaming rows do not shift them). */
  sizedFromRows?: boolean;
  rows: Cell[][];
  outcome?: Outcome;
  error?: { message: string; code?: string; errno?: number; sqlState?: string };
  skipped?: string;
}

const ROW_HEIGHT = 22;
const OVERSCAN = 10;
/** Bounds of a column sized to its content; a drag may go from MIN_DRAG to MAX_DRAG. */
const MIN_WIDTH = 48;
const MAX_WIDTH = 480;
const MIN_DRAG = 32;
const MAX_DRAG = 2000;
/** Cell padding (6 px each side) and its border. */
const CELL_CHROME = 13;
/** Rows measured when sizing columns: enough to be typical, few enough to stay instant. */
const SIZE_SAMPLE = 200;
/** The longest value a tooltip shows. */
const TOOLTIP_MAX = 4000;
/** MySQL's numeric column types (queryRunner.ts names them): right-aligned. */
const NUMERIC = /^(DECIMAL|NEWDECIMAL|TINYINT|SMALLINT|MEDIUMINT|INT|BIGINT|FLOAT|DOUBLE|YEAR)$/;

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
.qr-sql { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); white-space: pre-wrap; max-height: 4.5em; overflow: auto; margin: 4px 0; color: var(--vscode-descriptionForeground); }
.qr-viewport { position: relative; overflow: auto; flex: 1 1 auto; min-height: 120px; margin-bottom: 8px; border: 1px solid var(--vscode-panel-border, rgba(128,128,128,.35)); font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); }
.qr-header { position: sticky; top: 0; z-index: 1; display: flex; background: var(--vscode-editorGroupHeader-tabsBackground, var(--vscode-editor-background)); font-weight: 600; }
.qr-spacer { position: relative; }
.qr-row { position: absolute; left: 0; display: flex; height: ${ROW_HEIGHT}px; line-height: ${ROW_HEIGHT}px; }
.qr-row:nth-child(even) { background: var(--vscode-list-hoverBackground, transparent); }
.qr-cell { flex: 0 0 auto; padding: 0 6px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; border-right: 1px solid var(--vscode-panel-border, rgba(128,128,128,.2)); box-sizing: border-box; }
.qr-num { flex-basis: 64px; width: 64px; text-align: right; color: var(--vscode-descriptionForeground); }
.qr-null { color: var(--vscode-descriptionForeground); font-style: italic; }
.qr-right { text-align: right; font-variant-numeric: tabular-nums; }
.qr-header .qr-cell { position: relative; }
/* The drag handle on a header cell's right edge. */
.qr-resize { position: absolute; top: 0; right: -3px; width: 7px; height: 100%; cursor: col-resize; z-index: 2; }
.qr-resize:hover, .qr-resize.dragging { background: var(--vscode-sash-hoverBorder, var(--vscode-focusBorder)); }
`);
/** One rule per column (.qr-c0 { width }): a resize restyles the drawn rows without redrawing them. */
const widthSheet = new CSSStyleSheet();
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet, widthSheet];

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
const messages = h('div', { id: 'qr-messages' });
const sqlText = h('pre', { class: 'qr-sql' });
const viewport = h('div', {
  class: 'qr-viewport',
  id: 'qr-grid',
  tabindex: '0',
  role: 'grid',
  'aria-label': l10n.t('Result rows'),
});
const header = h('div', { class: 'qr-header', role: 'row' });
const spacer = h('div', { class: 'qr-spacer' });
viewport.append(header, spacer);
bar.append(cancelButton, csvButton, jsonButton, statusLine);

function setDisabled(el: HTMLElement, disabled: boolean): void {
  (el as HTMLElement & { disabled: boolean }).disabled = disabled;
}

let measureContext: CanvasRenderingContext2D | null | undefined;
/** The width of `text` in the grid's font, in pixels. */
function textWidth(text: string): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * 8;
  measureContext.font = getComputedStyle(viewport).font;
  return measureContext.measureText(text).width;
}

/** Widths from the header and up to SIZE_SAMPLE rows, within MIN_WIDTH and MAX_WIDTH. */
function fittedWidths(r: Result): number[] {
  const cols = r.columns ?? [];
  const sample = r.rows.slice(0, SIZE_SAMPLE);
  return cols.map((c, i) => {
    let widest = textWidth(c.name);
    for (const row of sample) {
      const v = row[i];
      const text = v === null ? 'NULL' : String(v);
      // Past the limit the measure cannot change the outcome: skip long values.
      widest = Math.max(widest, text.length > 120 ? MAX_WIDTH : textWidth(text));
      if (widest >= MAX_WIDTH) break;
    }
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + CELL_CHROME)));
  });
}

/** Sizes the result's columns: from the header at first, from the rows once some came (once). */
function sizeColumns(r: Result): void {
  if (!r.columns) return;
  if (!r.widths || (!r.sizedFromRows && r.rows.length)) {
    r.widths = fittedWidths(r);
    r.sizedFromRows = r.rows.length > 0;
  }
}

/** Writes the shown result's widths into the width sheet. */
function applyWidths(r: Result | undefined): void {
  const widths = r?.widths ?? [];
  widthSheet.replaceSync(widths.map((w, i) => `.qr-c${i} { width: ${w}px; flex-basis: ${w}px; }`).join('\n'));
  spacer.style.width = `${64 + widths.reduce((s, w) => s + w, 0)}px`;
}

function formatCount(n: number): string {
  return n.toLocaleString(document.documentElement.lang || undefined);
}

function statusOf(r: Result | undefined): string {
  if (!r) return '';
  if (r.skipped) return r.skipped;
  if (r.error) {
    // Say what failed and where: a statement without rows did not "fail after 0 rows".
    const n = r.statement + 1;
    if (r.rows.length) return l10n.t('Statement {0} failed after {1} rows.', n, formatCount(r.rows.length));
    return r.error.errno === PARSE_ERROR_ERRNO
      ? l10n.t('Syntax error in statement {0}.', n)
      : l10n.t('Statement {0} failed.', n);
  }
  const o = r.outcome;
  if (!o) return r.columns ? l10n.t('Running... {0} rows so far.', formatCount(r.rows.length)) : l10n.t('Running...');
  const seconds = (o.elapsedMs / 1000).toFixed(2);
  if (o.stopped === 'cancelled') return l10n.t('Cancelled after {0} rows ({1} s).', formatCount(o.rowCount), seconds);
  if (o.stopped === 'timeout')
    return l10n.t(
      'Stopped at the time limit after {0} rows ({1} s). Raise nhncloud.database.queryTimeoutSeconds to allow longer statements.',
      formatCount(o.rowCount),
      seconds,
    );
  if (o.kind === 'rows') return l10n.t('{0} rows in {1} s.', formatCount(o.resultSets?.[r.set] ?? o.rowCount), seconds);
  // Warnings said once: the server's info line ("Rows matched: 1  Changed: 1  Warnings: 0")
  // counts them already; otherwise only a count above zero is worth a word.
  const infoSaysWarnings = !!o.info && /warnings:/i.test(o.info);
  const parts = [
    o.warnings && !infoSaysWarnings
      ? l10n.t(
          '{0} rows affected, {1} warnings, in {2} s.',
          formatCount(o.affectedRows ?? 0),
          formatCount(o.warnings),
          seconds,
        )
      : l10n.t('{0} rows affected in {1} s.', formatCount(o.affectedRows ?? 0), seconds),
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

function renderAll(): void {
  renderTabs();
  const r = results[selected];
  setDisabled(cancelButton, !running);
  const exportable = !running && !!r?.columns && !r.error;
  setDisabled(csvButton, !exportable);
  setDisabled(jsonButton, !exportable);
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
  renderHeader(r);
  renderRows(true);
}

/** The classes of column `i`'s cells: its width rule, and right alignment for numbers. */
function columnClass(r: Result, i: number): string {
  return `qr-cell qr-c${i}${NUMERIC.test(r.columns?.[i]?.type ?? '') ? ' qr-right' : ''}`;
}

function renderHeader(r: Result | undefined): void {
  clear(header);
  const cols = r?.columns ?? [];
  viewport.hidden = !cols.length;
  if (!r || !cols.length) return applyWidths(undefined);
  sizeColumns(r);
  applyWidths(r);
  header.append(h('div', { class: 'qr-cell qr-num', role: 'columnheader' }, '#'));
  cols.forEach((c, i) => {
    const handle = h('span', {
      class: 'qr-resize',
      'data-column': String(i),
      title: l10n.t('Drag to resize; double-click to fit'),
    });
    handle.addEventListener('pointerdown', (e) => startResize(r, i, handle, e));
    handle.addEventListener('dblclick', () => {
      r.widths![i] = fittedWidths(r)[i];
      applyWidths(r);
    });
    header.append(
      h('div', { class: columnClass(r, i), role: 'columnheader', title: `${c.name} (${c.type})` }, c.name, handle),
    );
  });
}

/** Drags column `i`'s right edge: its width follows the pointer until the button is released. */
function startResize(r: Result, i: number, handle: HTMLElement, down: PointerEvent): void {
  down.preventDefault();
  const startX = down.clientX;
  const startWidth = r.widths![i];
  handle.setPointerCapture(down.pointerId);
  handle.classList.add('dragging');
  const move = (e: PointerEvent) => {
    r.widths![i] = Math.round(Math.min(MAX_DRAG, Math.max(MIN_DRAG, startWidth + e.clientX - startX)));
    applyWidths(r);
  };
  const up = () => {
    handle.classList.remove('dragging');
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', up);
    handle.removeEventListener('pointercancel', up);
  };
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', up);
  handle.addEventListener('pointercancel', up);
}

/** The rows in view, and OVERSCAN either side: the only rows in the DOM. */
let drawn: { from: number; to: number; count: number; columns: number } = { from: -1, to: -1, count: -1, columns: -1 };
function renderRows(force = false): void {
  const r = results[selected];
  const cols = r?.columns?.length ?? 0;
  const count = r?.rows.length ?? 0;
  spacer.style.height = `${count * ROW_HEIGHT}px`;
  if (!r || !cols) {
    clear(spacer);
    return;
  }
  const top = Math.max(0, viewport.scrollTop - ROW_HEIGHT);
  const height = viewport.clientHeight || 600;
  const from = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const to = Math.min(count, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  if (!force && from === drawn.from && to === drawn.to && drawn.count === count && drawn.columns === cols) return;
  if (!force && from === drawn.from && to === drawn.to && drawn.columns === cols) {
    drawn.count = count;
    return;
  }
  drawn = { from, to, count, columns: cols };
  const classes = Array.from({ length: cols }, (_, c) => columnClass(r, c));
  const frag = document.createDocumentFragment();
  for (let i = from; i < to; i++) {
    const row = r.rows[i];
    const el = document.createElement('div');
    el.className = 'qr-row';
    el.setAttribute('role', 'row');
    el.style.top = `${i * ROW_HEIGHT}px`;
    const num = document.createElement('div');
    num.className = 'qr-cell qr-num';
    num.textContent = String(i + 1);
    el.append(num);
    for (let c = 0; c < cols; c++) {
      const v = row[c];
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      if (v === null) {
        cell.className = `${classes[c]} qr-null`;
        cell.textContent = 'NULL';
      } else {
        cell.className = classes[c];
        const text = String(v);
        cell.textContent = text.length > 500 ? `${text.slice(0, 500)}…` : text;
        // The whole value on hover (a cell shows what its width allows).
        cell.title = text.length > TOOLTIP_MAX ? `${text.slice(0, TOOLTIP_MAX)}…` : text;
      }
      el.append(cell);
    }
    frag.append(el);
  }
  spacer.replaceChildren(frag);
}

let frame = 0;
viewport.addEventListener('scroll', () => {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    renderRows();
  });
});

/** Rows arrive faster than frames: redraw at most once a frame. */
let rowsFrame = 0;
function rowsChanged(index: number): void {
  if (index !== selected || rowsFrame) return;
  rowsFrame = requestAnimationFrame(() => {
    rowsFrame = 0;
    const r = results[selected];
    statusLine.textContent = statusOf(r);
    statusLine.title = statusLine.textContent;
    // The first rows size the columns (once: later rows do not move them).
    if (r?.columns && !r.sizedFromRows) {
      sizeColumns(r);
      applyWidths(r);
    }
    renderRows();
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

async function exportAs(format: 'csv' | 'json'): Promise<void> {
  try {
    const r = results[selected];
    if (r) await rpc.request('export', { runId, index: r.statement, set: r.set, format });
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
  viewport.scrollTop = 0;
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
  app.append(bar, tabs, messages, sqlText, viewport);
  renderAll();
});
