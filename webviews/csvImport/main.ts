// Import CSV (issue 29, item 4): how the file is read (delimiter, encoding, header: guessed
// first), which column of the file goes into which column of the table (matched by name, each
// changeable or left out), the first 20 rows as they would go in with each value checked against
// its column's type, then Import (all or nothing, or committed per batch) with progress and
// Cancel, and the result: rows imported, or the first failing row by its line and the reason.
import { l10n, plural } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import { $, clear, h } from '../shared/dom';
import { button, notice, type Control } from '../shared/form';
import { client, onEvent, start } from '../shared/rpc';
import { DataGrid, gridStyles, type Cell } from '../shared/grid';
import { valueProblem, type TableColumn } from '../../src/database/tableData/values';
import type { CsvOptions, CsvRecord } from '../../src/database/csvImport/csvReader';
import { fieldValue } from '../../src/database/csvImport/fieldValue';
import type { ImportResult } from '../../src/database/csvImport/importer';

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
body { margin: 0; padding-bottom: 0; overflow: hidden; }
#app { display: flex; flex-direction: column; height: 100vh; }
.ci-bar { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; padding: 6px 0; flex: none; }
.ci-bar label { display: flex; gap: 6px; align-items: center; }
.ci-map { display: grid; grid-template-columns: max-content max-content max-content; gap: 4px 12px; align-items: center; flex: none; max-height: 30vh; overflow: auto; padding: 4px 0; }
.ci-type { color: var(--vscode-descriptionForeground); }
.ci-status { color: var(--vscode-descriptionForeground); font-variant-numeric: tabular-nums; }
#ci-messages { flex: none; }
${gridStyles}
.ci-invalid { outline: 1px solid var(--vscode-inputValidation-errorBorder, red); outline-offset: -1px; }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

interface Init {
  file: string;
  size: number;
  columns: TableColumn[];
  options: CsvOptions;
  production: boolean;
  names: string[];
  rows: CsvRecord[];
}

const DELIMITERS: Array<[string, string]> = [
  [',', l10n.t('Comma (,)')],
  [';', l10n.t('Semicolon (;)')],
  ['\t', l10n.t('Tab')],
  ['|', l10n.t('Vertical bar (|)')],
];
const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'euc-kr', 'shift_jis', 'euc-jp', 'gb18030', 'big5', 'windows-1252'];

const rpc = client<'csvImport'>();
const app = $('app');
let init: Init;
let options: CsvOptions;
let names: string[] = [];
let records: CsvRecord[] = [];
/** Per table column: the file's column it takes, or null. */
let mapping: (number | null)[] = [];
let running = false;

function select(id: string, items: Array<[string, string]>, value: string, onChange: (v: string) => void): Control {
  const el = h(
    'vscode-single-select',
    { id },
    ...items.map(([v, label]) => h('vscode-option', { value: v, selected: v === value }, label)),
  ) as Control;
  el.addEventListener('change', () => onChange(String(el.value)));
  return el;
}

const grid = new DataGrid('ci-grid', l10n.t('Rows as they would be imported'), {
  cellClass: (row, col) => (problemAt(row, col) ? 'ci-invalid' : ''),
  rowLabel: (row) => String(records[row]?.line ?? row + 1),
});
const mapBox = h('div', { class: 'ci-map', id: 'ci-map' });
const messages = h('div', { id: 'ci-messages' });
const status = h('span', { class: 'ci-status', id: 'ci-status', role: 'status', 'aria-live': 'polite' });
const modeSelect = (): Control =>
  select(
    'ci-mode',
    [
      ['all', l10n.t('All or nothing (one transaction)')],
      ['batch', l10n.t('Commit each batch')],
    ],
    'all',
    () => undefined,
  );
let mode: Control;
const importButton = button(l10n.t('Import'), () => void runImport(), { id: 'ci-import' });
const cancelButton = button(l10n.t('Cancel'), () => void rpc.request('cancel', {}), {
  secondary: true,
  id: 'ci-cancel',
});

function valueOf(row: number, col: number): Cell {
  const field = mapping[col];
  return field == null ? null : (records[row]?.fields[field] ?? null);
}

function problemAt(row: number, col: number): string | undefined {
  const c = init.columns[col];
  if (mapping[col] == null || !c) return undefined;
  return valueProblem(c, fieldValue(c, records[row]?.fields[mapping[col]!] ?? null));
}

function renderPreview(): void {
  const shown = init.columns.map((_, col) => col).filter((col) => mapping[col] != null);
  grid.show(
    shown.map((col) => ({ name: init.columns[col].name, type: init.columns[col].columnType })),
    records.map((_, row) => shown.map((col) => valueOf(row, col))),
  );
  const problems: string[] = [];
  records.forEach((r, row) =>
    shown.forEach((col) => {
      const p = problemAt(row, col);
      if (p) problems.push(l10n.t('Line {0}: {1}', r.line, p));
    }),
  );
  clear(messages);
  if (!mapping.some((m) => m != null))
    messages.append(notice('warning', l10n.t('No column of the file is mapped: map at least one.')));
  else if (problems.length)
    messages.append(
      notice(
        'warning',
        plural(
          problems.length,
          l10n.t('{0} value of the first rows does not fit its column:', problems.length),
          l10n.t('{0} values of the first rows do not fit their column:', problems.length),
        ),
      ),
      h('ul', { id: 'ci-problems' }, ...problems.slice(0, 10).map((p) => h('li', null, p))),
    );
  (importButton as Control).disabled = running || !mapping.some((m) => m != null);
}

function renderMapping(): void {
  clear(mapBox);
  const none: [string, string] = ['', l10n.t('(not imported)')];
  init.columns.forEach((c, col) => {
    const items: Array<[string, string]> = [none, ...names.map((n, i): [string, string] => [String(i), n])];
    mapBox.append(
      h('span', null, c.name),
      h('span', { class: 'ci-type' }, c.columnType),
      select(`ci-map-${col}`, items, mapping[col] == null ? '' : String(mapping[col]), (v) => {
        mapping[col] = v === '' ? null : Number(v);
        renderPreview();
      }),
    );
  });
}

/** Each table column takes the file's column of the same name (case and spaces aside), if any. */
function mapByName(): void {
  const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
  mapping = init.columns.map((c, col) => {
    if (!options.header) return col < names.length ? col : null; // no names: the columns in order
    const i = names.findIndex((n) => norm(n) === norm(c.name));
    return i >= 0 ? i : null;
  });
}

async function reread(): Promise<void> {
  try {
    const r: { names: string[]; rows: CsvRecord[] } = await rpc.request('preview', { options });
    names = r.names;
    records = r.rows;
    mapByName();
    renderMapping();
    renderPreview();
  } catch (e) {
    clear(messages);
    messages.append(notice('error', (e as Error).message));
  }
}

async function runImport(): Promise<void> {
  running = true;
  (importButton as Control).disabled = true;
  cancelButton.hidden = false;
  status.textContent = l10n.t('Importing...');
  clear(messages);
  try {
    const r: ImportResult & { declined?: boolean } = await rpc.request('import', {
      options,
      mapping,
      mode: String(mode.value) === 'batch' ? 'batch' : 'all',
    });
    if (r.declined) {
      status.textContent = '';
      return;
    }
    const seconds = (r.elapsedMs / 1000).toFixed(2);
    status.dataset.done = String(Date.now());
    if (r.failure) {
      status.textContent = plural(
        r.imported,
        l10n.t('{0} row imported; stopped at line {1}.', r.imported, r.failure.line),
        l10n.t('{0} rows imported; stopped at line {1}.', r.imported, r.failure.line),
      );
      messages.append(
        notice(
          'error',
          r.failure.byServer
            ? l10n.t('Line {0}: the server refused the row: {1}', r.failure.line, r.failure.message)
            : l10n.t('Line {0}: {1}', r.failure.line, r.failure.message),
        ),
      );
    } else if (r.cancelled)
      status.textContent = plural(
        r.imported,
        l10n.t('Cancelled: {0} row imported.', r.imported),
        l10n.t('Cancelled: {0} rows imported.', r.imported),
      );
    else
      status.textContent = plural(
        r.imported,
        l10n.t('{0} row imported in {1} s.', r.imported, seconds),
        l10n.t('{0} rows imported in {1} s.', r.imported, seconds),
      );
  } catch (e) {
    status.textContent = '';
    messages.append(notice('error', (e as Error).message));
  } finally {
    running = false;
    cancelButton.hidden = true;
    (importButton as Control).disabled = false;
  }
}

onEvent('progress', (d: { imported: number; bytes: number; total: number }) => {
  if (!running) return;
  const share = d.total ? Math.min(100, Math.round((100 * d.bytes) / d.total)) : 0;
  status.textContent = plural(
    d.imported,
    l10n.t('Importing... {0} row ({1}% of the file)', d.imported, share),
    l10n.t('Importing... {0} rows ({1}% of the file)', d.imported, share),
  );
});

start((data) => {
  init = data as unknown as Init;
  options = { ...init.options };
  names = init.names;
  records = init.rows;
  app.removeAttribute('aria-busy');
  clear(app);
  mode = modeSelect();
  cancelButton.hidden = true;
  const header = h(
    'vscode-checkbox',
    { id: 'ci-header', checked: options.header },
    l10n.t('The first line names the columns'),
  ) as Control;
  header.addEventListener('change', () => {
    options = { ...options, header: !!header.checked };
    void reread();
  });
  app.append(
    h(
      'div',
      { class: 'ci-bar' },
      h('strong', null, init.file),
      h('span', { class: 'ci-status' }, l10n.t('{0} KB', Math.ceil(init.size / 1024))),
    ),
    h(
      'div',
      { class: 'ci-bar' },
      h(
        'label',
        null,
        l10n.t('Delimiter'),
        select('ci-delimiter', DELIMITERS, options.delimiter, (v) => {
          options = { ...options, delimiter: v };
          void reread();
        }),
      ),
      h(
        'label',
        null,
        l10n.t('Encoding'),
        select(
          'ci-encoding',
          ENCODINGS.map((e) => [e, e]),
          options.encoding,
          (v) => {
            options = { ...options, encoding: v };
            void reread();
          },
        ),
      ),
      header,
    ),
    mapBox,
    h('div', { class: 'ci-bar' }, h('label', null, l10n.t('Transaction'), mode), importButton, cancelButton, status),
    messages,
    grid.viewport,
  );
  mapByName();
  renderMapping();
  renderPreview();
});
