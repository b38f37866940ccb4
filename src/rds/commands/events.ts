// Events filtered on the server by category, keyword and time range (the name filter of
// nhncloud.tree.filter still narrows the loaded page on top).
import type { CommandHandler } from '../../shared/services';
import type { RdsDeps } from '../tree/base';
import { DEFAULT_EVENT_QUERY, EventsFolderNode, type EventQuery } from '../tree/resources';
import { parseLocalDate, validate } from './limits';
import { ask, pick, scopeFrom } from './util';

const CATEGORIES = [
  { label: 'ALL', description: 'every event' },
  { label: 'INSTANCE', description: 'DB instances' },
  { label: 'BACKUP', description: 'backups' },
  { label: 'DB_SECURITY_GROUP', description: 'DB security groups' },
  { label: 'TENANT', description: 'the project' },
];

const RANGES = [
  { label: 'Last hour', hours: 1 },
  { label: 'Last 24 hours', hours: 24 },
  { label: 'Last 7 days', hours: 24 * 7 },
  { label: 'Last 30 days', hours: 24 * 30 },
  { label: 'Custom range...', hours: 0 },
];

export function eventCommands(deps: RdsDeps): Record<string, CommandHandler> {
  return {
    'nhncloud.rds.filterEvents': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, 'Filter Events');
      const folder = node instanceof EventsFolderNode ? node : await deps.explorer.findNode(`${scope.rootId}/event`);
      if (!(folder instanceof EventsFolderNode)) throw new Error('The Events folder is not in the tree: refresh the NHN Cloud explorer and try again.');
      const title = `Filter events (${scope.region})`;
      const q = folder.query;
      const category = (await pick(CATEGORIES.map((c) => ({ ...c, picked: c.label === q.category })), { title, placeHolder: `Category (now ${q.category})` })).label;
      const keyword = (await ask({ title, prompt: 'Keyword in the message (empty: any)', value: q.keyword ?? '', validate: validate.keyword })).trim();
      const range = await pick(RANGES, { title, placeHolder: 'Time range' });
      const next: EventQuery = { category, keyword: keyword || undefined, hours: range.hours || undefined };
      if (!range.hours) {
        const dateCheck = (t: string) => (parseLocalDate(t) ? undefined : 'Use YYYY-MM-DD or YYYY-MM-DD hh:mm (local time).');
        const from = parseLocalDate(await ask({ title, prompt: 'From (YYYY-MM-DD [hh:mm])', validate: dateCheck }))!;
        const to = parseLocalDate(await ask({ title, prompt: 'To (YYYY-MM-DD [hh:mm])', value: new Date().toISOString().slice(0, 10), validate: (t) => dateCheck(t) ?? (parseLocalDate(t)! <= from ? 'The end must be after the start.' : undefined) }))!;
        next.from = from;
        next.to = to;
      }
      folder.query = next;
      deps.explorer.refreshId(folder.id);
    },
    'nhncloud.rds.clearEventFilter': async (node?: unknown) => {
      const scope = await scopeFrom(node, deps, 'Clear Event Filter');
      const folder = node instanceof EventsFolderNode ? node : await deps.explorer.findNode(`${scope.rootId}/event`);
      if (folder instanceof EventsFolderNode) {
        folder.query = { ...DEFAULT_EVENT_QUERY };
        deps.explorer.refreshId(folder.id);
      }
    },
  };
}
