// What each RDS measure is called on screen: the API names them in capitals (`CPU_USAGE`,
// `DATABASE_CONN` with unit `count`); a person reads "CPU usage (%)" or "Connections", in the
// display language. A measure this table does not know keeps its API name, so none is hidden.
import { l10n } from '../../src/shared/l10n';

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

/** The unit as a person writes it; `count` is no unit, and a bare number has none. */
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
export function measureLabel(measureName: string, unit?: string): string {
  const name = LABELS[measureName]?.() ?? measureName;
  const u = unitText(unit);
  return u ? `${name} (${u})` : name;
}
