// Metrics, metric statistics (deterministic series for any range and interval), events, event codes.
import { CATEGORY_FILTER, EVENT_TEMPLATES } from '../seed/eventTemplates';
import { METRICS } from '../seed/catalog';
import { hash, invalid, parseYmdt } from '../util';
import type { Handlers } from './context';

const METRIC_BY_NAME = new Map(METRICS.map((m) => [m.measureName, m]));
/** At most this many points per series; a finer interval over a long range is widened. */
const MAX_POINTS = 1440;

const asArray = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

/** A smooth daily curve plus per-point noise, all derived from (instance, measure, time). */
export function metricValue(instanceId: string, measureName: string, ts: number, running: boolean): number {
  const m = METRIC_BY_NAME.get(measureName)!;
  if (measureName === 'MYSQL_STATUS') return running ? 1 : 0;
  if (!running) return 0;
  const seed = hash(`${instanceId}|${measureName}`);
  const scale = 0.7 + (seed % 600) / 1000;
  const daily = Math.sin(((ts / 3600 + (seed % 24)) / 24) * 2 * Math.PI);
  const noise = (hash(`${seed}|${ts}`) % 1000) / 1000 - 0.5;
  let v = m.base * scale + m.swing * (0.7 * daily + 0.6 * noise);
  v = Math.max(0, v);
  if (m.max !== undefined) v = Math.min(m.max, v);
  return v;
}

export const monitoringHandlers: Handlers = {
  listMetrics: () => ({ metrics: METRICS.map(({ measureName, unit }) => ({ measureName, unit })) }),

  getMetricStatistics: ({ r, query }) => {
    const inst = r.instance(String(query.dbInstanceId));
    const names = asArray(query.measureNames);
    const from = parseYmdt(String(query.from));
    const to = parseYmdt(String(query.to));
    if (from === undefined) throw invalid('from', 'must be a date-time');
    if (to === undefined) throw invalid('to', 'must be a date-time');
    if (to < from) throw invalid('to', 'must not be before from');
    for (const [i, n] of names.entries())
      if (!METRIC_BY_NAME.has(n)) throw invalid(`measureNames[${i}]`, `unknown measure ${n}`);
    // interval is in minutes (the spec leaves the unit open; the console offers 1, 5, 30, 60, ...).
    let step = Math.max(1, Number(query.interval ?? 1)) * 60;
    const span = Math.floor((to - from) / 1000);
    if (span / step > MAX_POINTS) step = Math.ceil(span / MAX_POINTS / 60) * 60;
    const start = Math.ceil(from / 1000 / step) * step;
    const running = inst.dbInstanceStatus === 'AVAILABLE';
    const decimals = (n: string) => (METRIC_BY_NAME.get(n)!.unit === '%' || n.startsWith('CPU_LOAD') ? 2 : 0);
    return {
      metricStatistics: names.map((n) => {
        const values: [number, string][] = [];
        for (let t = start; t * 1000 <= to; t += step)
          values.push([t, metricValue(inst.dbInstanceId, n, t, running).toFixed(decimals(n))]);
        return { measureName: n, unit: METRIC_BY_NAME.get(n)!.unit, values };
      }),
    };
  },

  listEvents: ({ r, query }) => {
    const page = Number(query.page ?? 1);
    const size = Number(query.size ?? 20);
    const from = query.from !== undefined ? parseYmdt(String(query.from)) : undefined;
    const to = query.to !== undefined ? parseYmdt(String(query.to)) : undefined;
    const categories = CATEGORY_FILTER[String(query.eventCategoryType ?? 'ALL')] ?? [];
    const keyword = query.keyword !== undefined ? String(query.keyword).toLowerCase() : undefined;
    const ascending = query.ascendingOrder === 'ASC';
    const found = r.events
      .filter((e) => (from === undefined || e.at >= from) && (to === undefined || e.at <= to))
      .filter((e) => categories.length === 0 || categories.includes(e.eventCategoryType))
      .filter((e) => query.sourceId === undefined || e.sourceId === query.sourceId)
      .filter((e) => keyword === undefined || e.messages.some((m) => m.message.toLowerCase().includes(keyword)))
      .sort((a, b) => (ascending ? a.at - b.at : b.at - a.at));
    return {
      totalCounts: found.length,
      events: found.slice((page - 1) * size, page * size).map(({ at: _at, ...e }) => e),
    };
  },

  listEventCodes: () => ({
    eventCodes: EVENT_TEMPLATES.map((t) => ({ eventCode: t.eventCode, eventCategoryType: t.category })),
  }),
};
