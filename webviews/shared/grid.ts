// The data grid of the query results and the table editor: rows in a virtualized list (only the
// rows in view are in the DOM, so 100,000 rows and more scroll like 10), columns sized to their
// content (header and the first rows, within limits) and dragged wider or narrower (double-click
// the edge: fit again), numbers right-aligned, a cell's tooltip holding its whole value. A cell
// is selected by a click or the arrow keys (Shift extends the selection to a rectangle); Ctrl+C
// copies the selection as tab-separated text, which pastes into spreadsheets.
//
// What differs between its users comes in through `GridHooks`: the table editor marks staged
// cells, edits on double-click and sorts on a header click. The query results show a view of
// their rows (`setOrder`: the indices of the rows a client-side sort and filter leave, in order);
// rows, the selection, Ctrl+A and copies are then counted in the rows shown, and a hook's `row`
// is the result's own row index.
import { l10n } from '../../src/shared/l10n';
import { clear, h } from './dom';

export type Cell = string | number | null;
export interface GridColumn {
  name: string;
  /** The column's type as the driver names it (INT, VARCHAR...) or as the table declares it. */
  type: string;
}

export interface GridSizing {
  widths: number[];
  /** Whether rows sized them (else only the header did: the first rows size them again, once). */
  fromRows: boolean;
}

export interface GridHooks {
  /** Extra classes of a cell (a staged edit, a deleted row). */
  cellClass?(row: number, column: number): string;
  /** The value a cell shows when it is not the row's own (a staged edit). */
  cellValue?(row: number, column: number): Cell | undefined;
  /** Extra classes of a row. */
  rowClass?(row: number): string;
  /** A double-click on a cell (the table editor edits it). */
  onCellActivate?(row: number, column: number, cell: HTMLElement): void;
  /** A click on a column's header (the table editor sorts by it). */
  onHeaderClick?(column: number): void;
  /** What a header shows after the name (a sort arrow). */
  headerSuffix?(column: number): string;
  /** How the rows are sorted by the column, said to screen readers (`aria-sort`). */
  headerSort?(column: number): 'ascending' | 'descending' | undefined;
  /** The row label of the number column ("1", "+" for a new row). */
  rowLabel?(row: number): string;
  /** Ctrl+C on a selection: the text to put on the clipboard (the extension writes it). */
  onCopy?(text: string): void;
}

const ROW_HEIGHT = 22;
/** The row-number column, before the data columns. */
const ROW_NUMBER_WIDTH = 64;
const OVERSCAN = 10;
/** Bounds of a column sized to its content; a drag may go from MIN_DRAG to MAX_DRAG. */
const MIN_WIDTH = 48;
const MAX_WIDTH = 480;
/**
 * When the columns are wider together than the grid, the widest are cut to one width (never
 * below this) so that the next columns show: one long first column no longer hides the rest.
 */
const MIN_SHARED_WIDTH = 160;
const MIN_DRAG = 32;
const MAX_DRAG = 2000;
/** Cell padding (6 px each side) and its border. */
const CELL_CHROME = 13;
/** Rows measured when sizing columns: enough to be typical, few enough to stay instant. */
const SIZE_SAMPLE = 200;
/** The longest value a tooltip shows. */
const TOOLTIP_MAX = 4000;
/** MySQL's numeric column types: right-aligned. */
const NUMERIC = /^(DECIMAL|NEWDECIMAL|TINYINT|SMALLINT|MEDIUMINT|INT|BIGINT|FLOAT|DOUBLE|YEAR)\b/i;

export const gridStyles = `
.qr-viewport { position: relative; overflow: auto; flex: 1 1 auto; min-height: 120px; margin-bottom: 8px; border: 1px solid var(--vscode-panel-border, rgba(128,128,128,.35)); font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); outline: none; }
.qr-viewport:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
.qr-header { position: sticky; top: 0; z-index: 1; display: flex; background: var(--vscode-editorGroupHeader-tabsBackground, var(--vscode-editor-background)); font-weight: 600; }
.qr-spacer { position: relative; }
.qr-row { position: absolute; left: 0; display: flex; height: ${ROW_HEIGHT}px; line-height: ${ROW_HEIGHT}px; }
.qr-row:nth-child(even) { background: var(--vscode-list-hoverBackground, transparent); }
.qr-cell { flex: 0 0 auto; padding: 0 6px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; border-right: 1px solid var(--vscode-panel-border, rgba(128,128,128,.2)); box-sizing: border-box; }
.qr-num { flex-basis: ${ROW_NUMBER_WIDTH}px; width: ${ROW_NUMBER_WIDTH}px; text-align: right; color: var(--vscode-descriptionForeground); }
.qr-null { color: var(--vscode-descriptionForeground); font-style: italic; }
.qr-right { text-align: right; font-variant-numeric: tabular-nums; }
.qr-header .qr-cell { position: relative; }
.qr-header .qr-cell.qr-sortable { cursor: pointer; }
.qr-selected { background: var(--vscode-list-inactiveSelectionBackground, rgba(128,128,128,.3)); }
/* The drag handle on a header cell's right edge. */
.qr-resize { position: absolute; top: 0; right: -3px; width: 7px; height: 100%; cursor: col-resize; z-index: 2; }
.qr-resize:hover, .qr-resize.dragging { background: var(--vscode-sash-hoverBorder, var(--vscode-focusBorder)); }
`;

let measureContext: CanvasRenderingContext2D | null | undefined;

/** A cell's value as text: NULL as the word, everything else as written. */
export const cellText = (v: Cell): string => (v === null ? 'NULL' : String(v));

export class DataGrid {
  readonly viewport: HTMLElement;
  private readonly header = h('div', { class: 'qr-header', role: 'row' });
  private readonly spacer = h('div', { class: 'qr-spacer' });
  private readonly widthSheet = new CSSStyleSheet();
  private columns: GridColumn[] = [];
  private rows: Cell[][] = [];
  /** The rows shown, by their index in `rows`, in order (undefined: every row, in order). */
  private order: readonly number[] | undefined;
  private widths: number[] = [];
  private sizedFromRows = false;
  private drawn = { from: -1, to: -1, count: -1, columns: -1 };
  private frame = 0;
  /** The selected rectangle: anchor and focus cells (row, column). */
  private anchor?: [number, number];
  private focus?: [number, number];

  constructor(
    id: string,
    label: string,
    private readonly hooks: GridHooks = {},
  ) {
    this.viewport = h('div', { class: 'qr-viewport', id, tabindex: '0', role: 'grid', 'aria-label': label });
    this.viewport.append(this.header, this.spacer);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, this.widthSheet];
    this.viewport.addEventListener('scroll', () => {
      if (this.frame) return;
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.renderRows();
      });
    });
    this.spacer.addEventListener('click', (e) => this.clicked(e));
    this.spacer.addEventListener('dblclick', (e) => {
      const at = this.cellAt(e);
      if (at && this.hooks.onCellActivate) this.hooks.onCellActivate(this.rowIndex(at[0]), at[1], at[2]);
    });
    this.viewport.addEventListener('keydown', (e) => {
      // Ctrl+C copies the selected cells; with Shift, their column names first.
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'c' && this.anchor && this.hooks.onCopy) {
        e.preventDefault();
        this.hooks.onCopy(this.selectionAs(e.shiftKey ? 'tsv-header' : 'tsv'));
        return;
      }
      // Ctrl+A selects every cell, as in a spreadsheet (it selected the page's text).
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a') {
        e.preventDefault();
        this.selectAll();
        return;
      }
      // Arrow keys move the selected cell (Shift extends the selection), as in a spreadsheet.
      const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
      if (!step || !this.focus || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      const row = Math.min(this.shownCount - 1, Math.max(0, this.focus[0] + step[0]));
      const col = Math.min(this.columns.length - 1, Math.max(0, this.focus[1] + step[1]));
      this.focus = [row, col];
      if (!e.shiftKey) this.anchor = [row, col];
      const top = row * ROW_HEIGHT;
      // Into view under the sticky header, drawing the rows there first when it scrolls.
      if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
      else if (top + 2 * ROW_HEIGHT > this.viewport.scrollTop + this.viewport.clientHeight)
        this.viewport.scrollTop = top + 2 * ROW_HEIGHT - this.viewport.clientHeight;
      this.renderRows();
      this.markSelection();
    });
  }

  /**
   * Shows columns and rows (the same arrays again redraw them; other ones start a new selection).
   * `sizing`: the widths a result had when it was last shown, as `sizing` gave them.
   */
  show(columns: GridColumn[], rows: Cell[][], sizing?: GridSizing, order?: readonly number[]): void {
    if (columns !== this.columns || rows !== this.rows || order !== this.order) this.anchor = this.focus = undefined;
    this.columns = columns;
    this.rows = rows;
    this.order = order;
    this.widths = sizing?.widths ?? [];
    this.sizedFromRows = sizing?.fromRows ?? false;
    this.renderHeader();
    this.renderRows(true);
  }

  /** The widths now, and whether rows sized them (a caller that switches results keeps them). */
  get sizing(): GridSizing {
    return { widths: [...this.widths], fromRows: this.sizedFromRows };
  }

  /** Rows were appended to the array shown (streaming): the first rows size the columns, once. */
  rowsAdded(): void {
    if (this.columns.length && !this.sizedFromRows && this.rows.length) {
      this.size();
      this.applyWidths();
    }
    this.renderRows();
  }

  /** How many rows are shown (all of them, or those of the order given). */
  get shownCount(): number {
    return this.order ? this.order.length : this.rows.length;
  }

  /** The row index of the `i`th row shown. */
  private rowIndex(i: number): number {
    return this.order ? this.order[i] : i;
  }

  /**
   * Rows shown in another order, or fewer of them (a sort, a filter; undefined: every row in
   * order). `same`: the rows already shown keep their places and new ones came in (streaming rows
   * placed into a sort), so the selection stays; otherwise it starts again.
   */
  setOrder(order: readonly number[] | undefined, same = false): void {
    if (!same) this.anchor = this.focus = undefined;
    this.order = order;
    this.renderRows(true);
    if (!same) this.viewport.dispatchEvent(new CustomEvent('selectionchange'));
  }

  /** Redraws the rows in view (a staged edit changed what a cell shows). */
  redraw(): void {
    this.renderRows(true);
  }

  /** Redraws the header (a sort changed its arrows). */
  redrawHeader(): void {
    this.renderHeader();
  }

  scrollToTop(): void {
    this.viewport.scrollTop = 0;
  }

  scrollToRow(row: number): void {
    this.viewport.scrollTop = Math.max(0, row * ROW_HEIGHT - this.viewport.clientHeight / 2);
  }

  /** Selects every cell (the focus stays where it was, or goes to the first cell). */
  selectAll(): void {
    if (!this.shownCount || !this.columns.length) return;
    this.anchor = [0, 0];
    this.focus = [this.shownCount - 1, this.columns.length - 1];
    this.renderRows();
    this.markSelection();
  }

  /**
   * The selected cells as tab-separated lines (NULL as an empty field), with their column names
   * as a first line (`tsv-header`), or as a Markdown table.
   */
  selectionAs(format: 'tsv' | 'tsv-header' | 'markdown'): string {
    if (!this.anchor || !this.focus) return '';
    const [r0, r1] = [Math.min(this.anchor[0], this.focus[0]), Math.max(this.anchor[0], this.focus[0])];
    const [c0, c1] = [Math.min(this.anchor[1], this.focus[1]), Math.max(this.anchor[1], this.focus[1])];
    const value = (r: number, c: number) => this.hooks.cellValue?.(r, c) ?? this.rows[r]?.[c] ?? null;
    const rows: Cell[][] = [];
    for (let s = r0; s <= r1 && s < this.shownCount; s++) {
      const r = this.rowIndex(s);
      rows.push(Array.from({ length: c1 - c0 + 1 }, (_, i) => value(r, c0 + i)));
    }
    const names = this.columns.slice(c0, c1 + 1).map((c) => c.name);
    if (format !== 'markdown') {
      // A field with a tab, a newline or a quote is quoted as spreadsheets read it.
      const field = (v: Cell) => {
        if (v === null) return '';
        const s = String(v);
        return /[\t\n\r"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
      };
      return [...(format === 'tsv-header' ? [names] : []), ...rows].map((r) => r.map(field).join('\t')).join('\n');
    }
    const md = (v: string) => v.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
    return [
      `| ${names.map(md).join(' | ')} |`,
      `|${names.map(() => ' --- |').join('')}`,
      ...rows.map((r) => `| ${r.map((v) => md(cellText(v))).join(' | ')} |`),
    ].join('\n');
  }

  /** Whether cells are selected (the copy buttons are enabled then). */
  get hasSelection(): boolean {
    return !!this.anchor;
  }

  /** The cell clicked last (its row's own index, column). */
  get selectedCell(): [number, number] | undefined {
    return this.focus ? [this.rowIndex(this.focus[0]), this.focus[1]] : undefined;
  }

  /**
   * The rows the selection spans (their own indices), last first (so removing them one by one
   * keeps the others' places).
   */
  get selectedRows(): number[] {
    if (!this.anchor || !this.focus) return [];
    const from = Math.min(this.anchor[0], this.focus[0]);
    const to = Math.max(this.anchor[0], this.focus[0]);
    return Array.from({ length: to - from + 1 }, (_, i) => this.rowIndex(to - i)).sort((a, b) => b - a);
  }

  private clicked(e: MouseEvent): void {
    const at = this.cellAt(e);
    if (!at) return;
    if (e.shiftKey && this.anchor) this.focus = [at[0], at[1]];
    else this.anchor = this.focus = [at[0], at[1]];
    // Marked on the drawn cells, not redrawn: a redraw between the two clicks of a double-click
    // would take the element it happens on away, and no dblclick would come.
    this.markSelection();
  }

  /** The selection marked on the drawn cells, and said to whoever listens. */
  private markSelection(): void {
    for (const row of this.spacer.querySelectorAll<HTMLElement>('[data-row]'))
      for (const cell of row.querySelectorAll<HTMLElement>('[data-col]'))
        cell.classList.toggle('qr-selected', this.isSelected(Number(row.dataset.row), Number(cell.dataset.col)));
    this.viewport.dispatchEvent(new CustomEvent('selectionchange'));
  }

  private cellAt(e: MouseEvent): [number, number, HTMLElement] | undefined {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-col]');
    const row = cell?.closest<HTMLElement>('[data-row]');
    if (!cell || !row) return undefined;
    return [Number(row.dataset.row), Number(cell.dataset.col), cell];
  }

  private isSelected(r: number, c: number): boolean {
    if (!this.anchor || !this.focus) return false;
    return (
      r >= Math.min(this.anchor[0], this.focus[0]) &&
      r <= Math.max(this.anchor[0], this.focus[0]) &&
      c >= Math.min(this.anchor[1], this.focus[1]) &&
      c <= Math.max(this.anchor[1], this.focus[1])
    );
  }

  /** The width of `text` in the grid's font, in pixels. */
  private textWidth(text: string): number {
    measureContext ??= document.createElement('canvas').getContext('2d');
    if (!measureContext) return text.length * 8;
    measureContext.font = getComputedStyle(this.viewport).font;
    return measureContext.measureText(text).width;
  }

  /**
   * Widths from the header and up to SIZE_SAMPLE rows, within MIN_WIDTH and MAX_WIDTH; when they
   * overflow the grid, the widest share what is left (withinView).
   */
  private fitted(): number[] {
    return withinView(this.naturalWidths(), this.viewport.clientWidth - ROW_NUMBER_WIDTH);
  }

  private naturalWidths(): number[] {
    const sample = this.rows.slice(0, SIZE_SAMPLE);
    return this.columns.map((c, i) => {
      let widest = this.textWidth(c.name) + (this.hooks.onHeaderClick ? 24 : 0);
      for (const row of sample) {
        const text = cellText(row[i]);
        // Past the limit the measure cannot change the outcome: skip long values.
        widest = Math.max(widest, text.length > 120 ? MAX_WIDTH : this.textWidth(text));
        if (widest >= MAX_WIDTH) break;
      }
      return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + CELL_CHROME)));
    });
  }

  private size(): void {
    if (!this.widths.length || (!this.sizedFromRows && this.rows.length)) {
      this.widths = this.fitted();
      this.sizedFromRows = this.rows.length > 0;
    }
  }

  private applyWidths(): void {
    this.widthSheet.replaceSync(
      this.widths.map((w, i) => `.qr-c${i} { width: ${w}px; flex-basis: ${w}px; }`).join('\n'),
    );
    this.spacer.style.width = `${ROW_NUMBER_WIDTH + this.widths.reduce((s, w) => s + w, 0)}px`;
  }

  /** The classes of column `i`'s cells: its width rule, and right alignment for numbers. */
  private columnClass(i: number): string {
    return `qr-cell qr-c${i}${NUMERIC.test(this.columns[i]?.type ?? '') ? ' qr-right' : ''}`;
  }

  private renderHeader(): void {
    clear(this.header);
    const cols = this.columns;
    this.viewport.hidden = !cols.length;
    if (!cols.length) {
      this.widths = [];
      this.applyWidths();
      return;
    }
    this.size();
    this.applyWidths();
    this.header.append(h('div', { class: 'qr-cell qr-num', role: 'columnheader' }, '#'));
    cols.forEach((c, i) => {
      const handle = h('span', {
        class: 'qr-resize',
        'data-column': String(i),
        title: l10n.t('Drag to resize; double-click to fit'),
      });
      handle.addEventListener('pointerdown', (e) => this.startResize(i, handle, e));
      handle.addEventListener('click', (e) => e.stopPropagation());
      handle.addEventListener('dblclick', () => {
        this.widths[i] = this.fitted()[i];
        this.applyWidths();
      });
      const sortable = !!this.hooks.onHeaderClick;
      const cell = h(
        'div',
        {
          class: `${this.columnClass(i)}${sortable ? ' qr-sortable' : ''}`,
          role: 'columnheader',
          title: `${c.name} (${c.type})`,
          'data-header': c.name,
          'aria-sort': this.hooks.headerSort?.(i),
        },
        `${c.name}${this.hooks.headerSuffix?.(i) ?? ''}`,
        handle,
      );
      if (sortable) cell.addEventListener('click', () => this.hooks.onHeaderClick!(i));
      this.header.append(cell);
    });
  }

  /** Drags column `i`'s right edge: its width follows the pointer until the button is released. */
  private startResize(i: number, handle: HTMLElement, down: PointerEvent): void {
    down.preventDefault();
    down.stopPropagation();
    const startX = down.clientX;
    const startWidth = this.widths[i];
    handle.setPointerCapture(down.pointerId);
    handle.classList.add('dragging');
    const move = (e: PointerEvent) => {
      this.widths[i] = Math.round(Math.min(MAX_DRAG, Math.max(MIN_DRAG, startWidth + e.clientX - startX)));
      this.applyWidths();
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
  private renderRows(force = false): void {
    const cols = this.columns.length;
    const count = this.shownCount;
    this.spacer.style.height = `${count * ROW_HEIGHT}px`;
    if (!cols) {
      clear(this.spacer);
      return;
    }
    const top = Math.max(0, this.viewport.scrollTop - ROW_HEIGHT);
    const height = this.viewport.clientHeight || 600;
    const from = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const to = Math.min(count, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    const d = this.drawn;
    if (!force && from === d.from && to === d.to && d.columns === cols) {
      d.count = count;
      return;
    }
    this.drawn = { from, to, count, columns: cols };
    const classes = Array.from({ length: cols }, (_, c) => this.columnClass(c));
    const frag = document.createDocumentFragment();
    for (let s = from; s < to; s++) {
      // `s`: the place among the rows shown (selection, position); `i`: the row's own index.
      const i = this.rowIndex(s);
      const row = this.rows[i];
      const el = document.createElement('div');
      el.className = `qr-row ${this.hooks.rowClass?.(i) ?? ''}`.trim();
      el.setAttribute('role', 'row');
      el.dataset.row = String(s);
      el.style.top = `${s * ROW_HEIGHT}px`;
      const num = document.createElement('div');
      num.className = 'qr-cell qr-num';
      num.textContent = this.hooks.rowLabel?.(i) ?? String(s + 1);
      el.append(num);
      for (let c = 0; c < cols; c++) {
        const staged = this.hooks.cellValue?.(i, c);
        const v = staged === undefined ? row[c] : staged;
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.col = String(c);
        const extra = [this.hooks.cellClass?.(i, c) ?? '', this.isSelected(s, c) ? 'qr-selected' : '']
          .filter(Boolean)
          .join(' ');
        if (v === null) {
          cell.className = `${classes[c]} qr-null ${extra}`.trim();
          cell.textContent = 'NULL';
        } else {
          cell.className = `${classes[c]} ${extra}`.trim();
          const text = String(v);
          cell.textContent = text.length > 500 ? `${text.slice(0, 500)}…` : text;
          // The whole value on hover (a cell shows what its width allows).
          cell.title = text.length > TOOLTIP_MAX ? `${text.slice(0, TOOLTIP_MAX)}…` : text;
        }
        el.append(cell);
      }
      frag.append(el);
    }
    this.spacer.replaceChildren(frag);
  }
}

/**
 * Widths that fit `room` pixels: the widest columns cut to one width, found by water-filling (the
 * narrow ones keep theirs), but no column below MIN_SHARED_WIDTH by it: with many columns the grid
 * still scrolls sideways. Unchanged when they fit, or when the grid is not laid out (`room` <= 0).
 */
function withinView(widths: number[], room: number): number[] {
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (room <= 0 || total <= room) return widths;
  const ascending = [...widths].sort((a, b) => a - b);
  let left = room;
  let cap = MIN_SHARED_WIDTH;
  for (let i = 0; i < ascending.length; i++) {
    const share = left / (ascending.length - i);
    if (ascending[i] > share) {
      cap = Math.max(MIN_SHARED_WIDTH, Math.floor(share));
      break;
    }
    left -= ascending[i];
  }
  return widths.map((w) => Math.min(w, cap));
}
