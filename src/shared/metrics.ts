// What each RDS measure is called on screen and how its values read: the one table the metrics
// panel (webviews/metrics) and the tree's Metrics folder (src/rds/tree/instanceParts.ts) share.
// The API names measures in capitals (`DISK_READ`, unit `Bytes`; `NETWORK_SEND`, unit `bps`); a
// person reads "Disk reads" and "268.8 KB", "Network sent" and "607.1 kbps", in the display
// language. A measure this table does not know keeps its API name, and a unit it does not know is
// written after the number as the service sent it, so nothing is hidden. vscode-free (the webview
// bundles it; unit-tested).
import { formatNumber, l10n } from './l10n';

const LABELS: Record<string, () => string> = {
  CPU_USAGE: () => l10n.t('CPU usage'),
  CPU_LOAD_1M: () => l10n.t('CPU load, 1 minute'),
  CPU_LOAD_5M: () => l10n.t('CPU load, 5 minutes'),
  CPU_LOAD_15M: () => l10n.t('CPU load, 15 minutes'),
  MEMORY_USAGE: () => l10n.t('Memory usage'),
  MEMORY_BUFFERS: () => l10n.t('Memory buffers'),
  MEMORY_CACHED: () => l10n.t('Memory cached'),
  MEMORY_FREE: () => l10n.t('Memory free'),
  MEMORY_USED: () => l10n.t('Memory used'),
  SWAP_USAGE: () => l10n.t('Swap used'),
  DISK_USAGE: () => l10n.t('Disk usage'),
  DISK_READ: () => l10n.t('Disk reads'),
  DISK_WRITE: () => l10n.t('Disk writes'),
  NETWORK_SEND: () => l10n.t('Network sent'),
  NETWORK_RECV: () => l10n.t('Network received'),
  DATABASE_CONN: () => l10n.t('Connections'),
  QUERY_SELECT: () => l10n.t('SELECT statements'),
  QUERY_INSERT: () => l10n.t('INSERT statements'),
  QUERY_UPDATE: () => l10n.t('UPDATE statements'),
  QUERY_DELETE: () => l10n.t('DELETE statements'),
  SLOW_QUERY: () => l10n.t('Slow queries'),
  ACTIVE_SESSION: () => l10n.t('Active sessions'),
  REPLICATION_DELAY: () => l10n.t('Replication delay'),
  MYSQL_STATUS: () => l10n.t('MySQL up (1) or down (0)'),
};

/** The charts a first opening shows: what people look at first on a database server. */
export const DEFAULT_MEASURES = ['CPU_USAGE', 'MEMORY_USAGE', 'DISK_USAGE', 'DATABASE_CONN'];

/** "Disk reads", or the API name for a measure not in the table. */
export function measureName(measure: string): string {
  return LABELS[measure]?.() ?? measure;
}

/** The unit as a person writes it in a chart's title; `count` is no unit, and a bare number has none. */
function unitText(unit: string | undefined): string {
  switch (unit) {
    case undefined:
    case '':
    case 'count':
      return '';
    case 'sec':
      return l10n.t('seconds');
    case 'Bytes':
      return l10n.t('bytes');
    default:
      return unit;
  }
}

/** "CPU usage (%)", "Connections", or the API name for a measure not in the table. */
export function measureLabel(measure: string, unit?: string): string {
  const name = measureName(measure);
  const u = unitText(unit);
  return u ? `${name} (${u})` : name;
}

/** `n` with at most two decimals, as many as it has (0.25, 41.5, 1,200 stays 1200). */
function plain(n: number): string {
  const digits = Number.isInteger(n) ? 0 : Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2;
  return formatNumber(n, digits);
}

/** A figure in the largest of `units` (each `step` times the one before) it reaches, one decimal. */
function scaled(n: number, step: number, units: readonly string[]): string {
  let v = n;
  let u = 0;
  while (Math.abs(v) >= step && u < units.length - 1) {
    v /= step;
    u++;
  }
  return `${formatNumber(v, u === 0 ? 0 : 1)} ${units[u]}`;
}

const BYTES = ['B', 'KB', 'MB', 'GB', 'TB'];
const BITS_PER_SECOND = ['bps', 'kbps', 'Mbps', 'Gbps', 'Tbps'];

/**
 * One value of a measure as a person reads it: bytes and bits per second scaled ("268.8 KB",
 * "1.8 Mbps"), megabytes as bytes are, percentages with their sign, seconds with "s", counts
 * and bare numbers as numbers. A value that is no number is shown as it came.
 */
export function formatMetricValue(value: string | number | null | undefined, unit?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  switch (unit) {
    case 'Bytes':
    case 'bytes':
    case 'B':
      return scaled(n, 1024, BYTES);
    case 'KB':
      return scaled(n * 1024, 1024, BYTES);
    case 'MB':
      return scaled(n * 1024 * 1024, 1024, BYTES);
    case 'GB':
      return scaled(n * 1024 * 1024 * 1024, 1024, BYTES);
    case 'bps':
      return scaled(n, 1000, BITS_PER_SECOND);
    case '%':
      return `${plain(n)} %`;
    case 'sec':
    case 's':
      return l10n.t('{0} s', plain(n));
    case undefined:
    case null:
    case '':
    case 'count':
      return plain(n);
    default:
      return `${plain(n)} ${unit}`;
  }
}
