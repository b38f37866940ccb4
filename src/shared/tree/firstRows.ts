// The explorer's first rows: the profiles, and the active profile's regions. The activation shim
// (src/extension.ts) draws them from globalState and the sites table before dist/main.js loads,
// and main's ProfileNode and RegionNode (./explorer.ts) take their presentation from here too: one
// id, label, description, icon and contextValue per row, so when main takes the tree over (its
// first refresh of the whole tree) VS Code finds the same rows under the same ids and redraws
// nothing (expansion, selection and reveal go on by id). Light on purpose: vscode, the sites
// table and the site names only (the shim's build refuses anything heavy).
import * as vscode from 'vscode';
import type { Region } from '../../client/sites';
import { siteShortName } from '../../profiles/siteNames';
import { ACTIVE_KEY, PROFILES_KEY } from '../../profiles/contextKeys';
import type { Profile } from '../services';

/** What a person reads beside each region code (the tree's region rows, the wizard's region pick). */
export const REGION_NAMES: Record<Region, string> = {
  KR1: vscode.l10n.t('Korea (Pangyo)'),
  KR2: vscode.l10n.t('Korea (Pyeongchon)'),
  KR3: vscode.l10n.t('Korea (Gwangju)'),
  KR4: vscode.l10n.t('Korea (Daegu)'),
  JP1: vscode.l10n.t('Japan (Tokyo)'),
  US1: vscode.l10n.t('US (California)'),
};

/** A folder row's presentation, as FolderNode draws it without a filter. */
export interface FolderRow {
  id: string;
  label: string;
  /** The contextValue. */
  kind: string;
  /** Codicon. */
  icon: string;
  collapsed: vscode.TreeItemCollapsibleState;
  description?: string;
}

/**
 * A profile row's contextValue: `profile.active` or `profile.inactive`, `.sandbox` after it for
 * the sandbox's profile. The menus read it: Switch Profile on inactive rows only.
 */
export function profileContextValue(profile: Pick<Profile, 'sandbox'>, active: boolean): string {
  return `profile.${active ? 'active' : 'inactive'}${profile.sandbox ? '.sandbox' : ''}`;
}

export function profileRow(profile: Pick<Profile, 'id' | 'name' | 'cloud' | 'sandbox'>, active: boolean): FolderRow {
  const site = siteShortName(profile.cloud);
  return {
    id: profile.id,
    label: profile.name,
    kind: profileContextValue(profile, active),
    icon: profile.sandbox ? 'beaker' : active ? 'account' : 'person',
    collapsed: active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    description: active ? vscode.l10n.t('active · {0}', site) : site,
  };
}

export function regionRow(profile: Pick<Profile, 'id'>, region: Region): FolderRow {
  return {
    id: `${profile.id}/${region}`,
    label: region,
    kind: 'region',
    icon: 'globe',
    collapsed: vscode.TreeItemCollapsibleState.Collapsed,
    // A region the sites table does not know came from the token's service catalog.
    description: REGION_NAMES[region] ?? vscode.l10n.t('from the service catalog'),
  };
}

/** The stored profiles and the active one, read as the profile store reads them (src/profiles/store.ts). */
export function storedProfiles(state: vscode.Memento): { list: Profile[]; active?: Profile } {
  const raw = state.get<Profile[]>(PROFILES_KEY);
  const list = Array.isArray(raw) ? raw : [];
  const id = state.get<string>(ACTIVE_KEY);
  return { list, active: list.find((p) => p.id === id) ?? list[0] };
}

/** A row the shim drew before main loaded: a profile, or a region of the active profile. */
export class FirstRow {
  constructor(
    readonly row: FolderRow,
    readonly parent?: FirstRow,
    /** The active profile's regions (a profile row only; undefined: main answers its children). */
    readonly regions?: readonly Region[],
  ) {}
  get id(): string {
    return this.row.id;
  }
  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.row.label, this.row.collapsed);
    item.id = this.row.id;
    item.description = this.row.description;
    item.contextValue = this.row.kind;
    item.iconPath = new vscode.ThemeIcon(this.row.icon);
    return item;
  }
}

/** The root rows as main would draw them, from what the shim can read (no request, no secret). */
export function firstRows(state: vscode.Memento): FirstRow[] {
  const { list, active } = storedProfiles(state);
  return list.map((p) =>
    p === active
      ? new FirstRow(profileRow(p, true), undefined, [...new Set(p.regions)])
      : new FirstRow(profileRow(p, false)),
  );
}

/** The children the shim can answer itself: the active profile's regions; undefined for any other row. */
export function firstChildren(row: FirstRow): FirstRow[] | undefined {
  return row.regions?.map((r) => new FirstRow(regionRow({ id: row.id }, r), row));
}

/**
 * Command arguments as main's handlers take them: a row the shim drew becomes main's node of the
 * same id (a context menu opened on it before the hand-over passes the shim's object), also
 * inside the list of selected rows.
 */
export async function mainArgs(args: unknown[], find: (id: string) => Promise<unknown>): Promise<unknown[]> {
  const one = async (a: unknown): Promise<unknown> => (a instanceof FirstRow ? ((await find(a.id)) ?? a) : a);
  return Promise.all(args.map((a) => (Array.isArray(a) ? Promise.all(a.map(one)) : one(a))));
}
