// Metrics: one uPlot chart per chosen measure over a chosen range and interval, refreshed every
// minute while the panel is visible, drawn in the theme's chart colours.
import { l10n, formatTime } from '../../src/shared/l10n';
import '../shared/nonce';
import '../shared/l10nBoot';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-label/index.js';
import uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css';
import type { PanelTarget } from '../../src/panels/protocol';
import { $, h } from '../shared/dom';
import { button, notice } from '../shared/form';
import { client, getState, saveState, start } from '../shared/rpc';
import { DEFAULT_MEASURES, formatMetricValue, measureLabel } from '../../src/shared/metrics';
import { toApiDateTime } from '../../src/client/rds/schemas/fields';

// A constructed stylesheet: no <style> element, so no 'unsafe-inline' is needed.
const sheet = new CSSStyleSheet();
sheet.replaceSync(uplotCss);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

const rpc = client<'metrics'>();
const app = $('app');
const REFRESH_MS = 60_000;
const RANGES: Array<[string, number]> = [
  [l10n.t('Last hour'), 3600],
  [l10n.t('Last 6 hours'), 6 * 3600],
  [l10n.t('Last 24 hours'), 86400],
  [l10n.t('Last 7 days'), 7 * 86400],
  [l10n.t('Last 30 days'), 30 * 86400],
];
const INTERVALS = ['', '1', '5', '30', '120', '1440'];
const PALETTE = [
  '--vscode-charts-blue',
  '--vscode-charts-orange',
  '--vscode-charts-green',
  '--vscode-charts-purple',
  '--vscode-charts-red',
  '--vscode-charts-yellow',
];

interface SavedState {
  target: PanelTarget;
  measures: string[];
  range: number;
  interval: string;
}
interface Statistic {
  measureName: string;
  unit?: string;
  values: Array<[number, string]>;
}
type Ctl = HTMLElement & { value: any };

let state: SavedState;
const charts = new Map<string, uPlot>();
const grid = h('div', { class: 'charts' });
const status = h('p', { class: 'field-help', 'aria-live': 'polite' });
let timer: number | undefined;

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

export function toSeries(stat: Statistic): [number[], Array<number | null>] {
  const xs: number[] = [];
  const ys: Array<number | null> = [];
  for (const [t, v] of stat.values) {
    xs.push(t > 1e12 ? t / 1000 : t);
    const n = Number(v);
    ys.push(v === '' || v === null || !Number.isFinite(n) ? null : n);
  }
  return [xs, ys];
}

function chart(stat: Statistic, index: number): HTMLElement {
  const fg = cssVar('--vscode-foreground', '#888');
  const gridColor = cssVar('--vscode-editorWidget-border', 'rgba(128,128,128,0.3)');
  const stroke = cssVar(PALETTE[index % PALETTE.length], fg);
  const label = measureLabel(stat.measureName, stat.unit);
  const box = h(
    'figure',
    { class: 'chart', 'aria-label': label, 'data-measure': stat.measureName },
    h('figcaption', { title: stat.measureName }, label),
  );
  const width = Math.max(300, grid.clientWidth - 16);
  const axis = { stroke: fg, grid: { stroke: gridColor, width: 1 }, ticks: { stroke: gridColor, width: 1 } };
  // The value axis reads as the tree does: 256 KB, 1.8 Mbps, 41 %; not 262144 or 1800000.
  const valueAxis = {
    ...axis,
    size: 70,
    values: (_u: uPlot, ticks: number[]) => ticks.map((v) => formatMetricValue(v, stat.unit)),
  };
  const plot = new uPlot(
    {
      width,
      height: 220,
      series: [{}, { label, stroke, width: 2, fill: undefined, spanGaps: false }],
      axes: [axis, valueAxis],
      legend: { show: true },
      cursor: { drag: { x: true, y: false } },
    },
    toSeries(stat),
    box,
  );
  charts.set(stat.measureName, plot);
  const last = stat.values.at(-1);
  box.append(
    h(
      'p',
      { class: 'sr-only' },
      last ? l10n.t('Latest {0}: {1}', label, formatMetricValue(last[1], stat.unit)) : l10n.t('No data for {0}', label),
    ),
  );
  return box;
}

async function refresh(): Promise<void> {
  if (!state.measures.length) {
    grid.replaceChildren(notice('info', l10n.t('Choose at least one measure.')));
    app.setAttribute('aria-busy', 'false');
    return;
  }
  const to = new Date();
  const from = new Date(to.getTime() - state.range * 1000);
  status.textContent = l10n.t('Refreshing...');
  // Busy while the charts are fetched and drawn, and never after (it stayed "true" for good).
  app.setAttribute('aria-busy', 'true');
  try {
    const r = await rpc.request('statistics', {
      dbInstanceId: state.target.id!,
      measureNames: state.measures,
      from: toApiDateTime(from),
      to: toApiDateTime(to),
      ...(state.interval ? { interval: Number(state.interval) } : {}),
    });
    const stats: Statistic[] = r.metricStatistics ?? [];
    for (const p of charts.values()) p.destroy();
    charts.clear();
    grid.replaceChildren(...(stats.length ? stats.map(chart) : [notice('info', l10n.t('No data in this range.'))]));
    status.textContent = l10n.t('Updated {0}; refreshes every minute while open.', formatTime(to));
  } catch (e) {
    status.textContent = '';
    grid.replaceChildren(
      notice('error', l10n.t('Could not read the metrics: {0}', (e as Error).message)),
      button(l10n.t('Retry'), () => void refresh()),
    );
  } finally {
    app.setAttribute('aria-busy', 'false');
  }
}

function schedule(): void {
  if (timer !== undefined) clearInterval(timer);
  timer = window.setInterval(() => {
    if (document.visibilityState === 'visible') void refresh();
  }, REFRESH_MS);
}

async function main(init: { target: PanelTarget }): Promise<void> {
  const saved = getState<SavedState>();
  state = saved ?? { target: init.target, measures: DEFAULT_MEASURES, range: 3600, interval: '' };
  if (!state.target.id) return void app.replaceChildren(notice('error', l10n.t('No DB instance was given.')));
  app.replaceChildren(h('p', { class: 'loading' }, l10n.t('Loading the metrics...')));
  const { metrics } = (await rpc.request('listMetrics', {})) as {
    metrics: Array<{ measureName: string; unit?: string }>;
  };
  const names = [...new Set(metrics.map((m) => m.measureName))].sort();
  const unitOf = new Map(metrics.map((m) => [m.measureName, m.unit]));
  state.measures = state.measures.filter((m) => names.includes(m));
  if (!state.measures.length && names.length) state.measures = [names[0]];

  const measures = h(
    'vscode-multi-select',
    { id: 'measures' },
    ...names.map((n) => h('vscode-option', { value: n, description: n }, measureLabel(n, unitOf.get(n)))),
  ) as Ctl;
  const range = h(
    'vscode-single-select',
    { id: 'range' },
    ...RANGES.map(([label, s]) => h('vscode-option', { value: String(s) }, label)),
  ) as Ctl;
  const interval = h(
    'vscode-single-select',
    { id: 'interval' },
    ...INTERVALS.map((i) => h('vscode-option', { value: i }, i ? l10n.t('{0} min', i) : l10n.t('Service default'))),
  ) as Ctl;
  queueMicrotask(() => {
    measures.value = state.measures;
    range.value = String(state.range);
    interval.value = state.interval;
  });
  const changed = () => {
    state = { ...state, measures: [...measures.value], range: Number(range.value), interval: interval.value };
    saveState(state);
    void refresh();
  };
  measures.addEventListener('change', changed);
  range.addEventListener('change', changed);
  interval.addEventListener('change', changed);
  app.replaceChildren(
    h('h1', null, l10n.t('Metrics of {0}', state.target.label ?? state.target.id)),
    h(
      'div',
      { class: 'toolbar' },
      h('div', { class: 'field' }, h('vscode-label', { for: 'measures' }, l10n.t('Measures')), measures),
      h('div', { class: 'field' }, h('vscode-label', { for: 'range' }, l10n.t('Range')), range),
      h('div', { class: 'field' }, h('vscode-label', { for: 'interval' }, l10n.t('Interval')), interval),
      button(l10n.t('Refresh'), () => void refresh(), { secondary: true }),
    ),
    status,
    grid,
  );
  saveState(state);
  await refresh();
  schedule();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refresh();
  });
  // A theme switch changes the body class and the --vscode-* values: redraw in the new colours.
  new MutationObserver(() => void refresh()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  new ResizeObserver(() => {
    const w = Math.max(300, grid.clientWidth - 16);
    for (const p of charts.values()) p.setSize({ width: w, height: 220 });
  }).observe(grid);
}

start((init) => {
  main(init).catch((e: Error) => {
    app.setAttribute('aria-busy', 'false');
    app.replaceChildren(
      notice('error', l10n.t('Could not load the metrics: {0}', e.message)),
      button(l10n.t('Retry'), () => main(init)),
    );
  });
});
