// package.json's tree menus from the node-kind table (nodeKinds.ts): one entry per command,
// group and extra keys, with the row values it applies to as exact matches: `viewItem == a`
// (`|| viewItem == b` up to MAX_ALTERNATIVES values), or for a larger set `viewItem in
// nhncloud.rows.<n>`, a context key the activation shim sets once to the set (an object: VS Code
// looks the value up, no regular expression and no chain of comparisons runs for a drawn row).
// A submenu is one entry at the top of a kind's menu; its items are a menu of their own, read
// when it opens.
// Build-time only (scripts/gen-menus.ts writes it; test/unit/shared/menusGenerated.test.ts compares).
import { KINDS, SUBMENUS, type SubmenuId } from '../src/shared/menus/nodeKinds';

export const VIEW = 'nhncloud.explorer';
export const ITEM_MENU = 'view/item/context';

export type MenuEntry =
  { command: string; when: string; group: string } | { submenu: string; when: string; group: string };

/** Up to this many values an entry names them (`||`); more go through a row set. */
export const MAX_ALTERNATIVES = 4;

export interface GeneratedMenus {
  /** The row sets: context key to the values in it (the shim sets each as `{ value: true }`). */
  rowSets: Record<string, string[]>;
  /** Menu id (`view/item/context` or a submenu id) to its entries. */
  menus: Record<string, MenuEntry[]>;
  /** contributes.submenus. */
  submenus: Array<{ id: string; label: string }>;
}

/** `view == nhncloud.explorer && viewItem == v [&& extra]` for each value, joined by `||` (VS Code's `&&` binds tighter). */
function alternatives(values: readonly string[], extra?: string): string {
  return values.map((v) => `view == ${VIEW} && viewItem == ${v}${extra ? ` && ${extra}` : ''}`).join(' || ');
}

export function generateMenus(): GeneratedMenus {
  // menu -> key -> entry under construction (insertion order is the table's order).
  const acc = new Map<
    string,
    Map<string, { head: { command: string } | { submenu: string }; group: string; extra?: string; values: string[] }>
  >();
  const add = (
    menu: string,
    head: { command: string } | { submenu: string },
    group: string,
    extra: string | undefined,
    values: readonly string[],
  ) => {
    if (!acc.has(menu)) acc.set(menu, new Map());
    const entries = acc.get(menu)!;
    const key = JSON.stringify([head, group, extra ?? '']);
    const e = entries.get(key) ?? { head, group, extra, values: [] };
    for (const v of values) if (!e.values.includes(v)) e.values.push(v);
    entries.set(key, e);
  };
  for (const [name, kind] of Object.entries(KINDS)) {
    for (const a of kind.actions) {
      const values = kind.values.filter(a.only ?? (() => true));
      if (!values.length) throw new Error(`nodeKinds: ${a.command} on ${name} applies to none of its values`);
      if (a.submenu) {
        add(a.submenu, { command: a.command }, a.group, a.when, values);
        add(ITEM_MENU, { submenu: a.submenu }, SUBMENUS[a.submenu].group, undefined, values);
      } else add(ITEM_MENU, { command: a.command }, a.group, a.when, values);
    }
  }
  const rowSets: Record<string, string[]> = {};
  const setKey = new Map<string, string>();
  const whenFor = (values: string[], extra?: string): string => {
    if (values.length <= MAX_ALTERNATIVES) return alternatives(values, extra);
    const sorted = [...values].sort();
    const id = JSON.stringify(sorted);
    let key = setKey.get(id);
    if (!key) {
      key = `nhncloud.rows.${setKey.size + 1}`;
      setKey.set(id, key);
      rowSets[key] = sorted;
    }
    return `view == ${VIEW} && viewItem in ${key}${extra ? ` && ${extra}` : ''}`;
  };
  const menus: Record<string, MenuEntry[]> = {};
  for (const menu of [ITEM_MENU, ...Object.keys(SUBMENUS)]) {
    menus[menu] = [...(acc.get(menu)?.values() ?? [])].map(
      (e) => ({ ...e.head, when: whenFor(e.values, e.extra), group: e.group }) as MenuEntry,
    );
  }
  const submenus = (Object.keys(SUBMENUS) as SubmenuId[]).map((id) => ({ id, label: SUBMENUS[id].label }));
  return { menus, submenus, rowSets };
}
