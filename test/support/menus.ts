// The tree's context menus as VS Code reads them from package.json: the top-level entries of
// `view/item/context`, the submenus they open, and the row sets the activation shim sets as
// context keys (`viewItem in nhncloud.rows.<n>`).
import { readFileSync } from 'node:fs';
import { holds } from './whenClause';

export interface ManifestMenuEntry {
  command?: string;
  submenu?: string;
  when: string;
  group?: string;
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
export const menus: Record<string, ManifestMenuEntry[]> = pkg.contributes.menus;
export const itemEntries: ManifestMenuEntry[] = menus['view/item/context'];
/** The row sets as the shim sets them: `{ value: true }` per context key. */
export const rowSetKeys: Record<string, Record<string, true>> = Object.fromEntries(
  Object.entries((pkg.nhncloudMenuRowSets ?? {}) as Record<string, string[]>).map(([k, values]) => [
    k,
    Object.fromEntries(values.map((v) => [v, true as const])),
  ]),
);

/** The context of a row of the explorer with `viewItem`, the row sets and `keys`. */
export function rowContext(viewItem: string, keys: Record<string, unknown> = {}): Record<string, unknown> {
  return { view: 'nhncloud.explorer', viewItem, ...rowSetKeys, ...keys };
}

/** Whether the context menu of a row with `viewItem` shows `command`, at its top level or in a submenu (inline buttons left out). */
export function menuShows(command: string, viewItem: string, keys: Record<string, unknown> = {}): boolean {
  const ctx = rowContext(viewItem, keys);
  const notInline = (e: ManifestMenuEntry) => !e.group?.startsWith('inline');
  if (itemEntries.filter((e) => e.command === command && notInline(e)).some((e) => holds(e.when, ctx))) return true;
  return itemEntries
    .filter((e) => e.submenu && holds(e.when, ctx))
    .some((s) => (menus[s.submenu!] ?? []).some((e) => e.command === command && holds(e.when, ctx)));
}

/** The commands a row with `viewItem` offers (top level and submenus, inline left out). */
export function menuCommands(viewItem: string, keys: Record<string, unknown> = {}): string[] {
  const ctx = rowContext(viewItem, keys);
  const all = [
    ...itemEntries.filter((e) => e.command && !e.group?.startsWith('inline')),
    ...itemEntries.filter((e) => e.submenu && holds(e.when, ctx)).flatMap((s) => menus[s.submenu!] ?? []),
  ];
  return [...new Set(all.filter((e) => holds(e.when, ctx)).map((e) => e.command!))];
}
