// The floor of the UI figures of `npm run bench`: the same visible rows the extension draws,
// answered from memory by a provider with no dependencies, so a figure of ours divided by the
// floor's says what the extension adds to what VS Code itself costs.
//
//   Floor (expanded)                 <- cold open: the parent and its children drawn (F1...,
//     F1 F2 F3 F4 F5                    benchFloor.children; ours: the profile and its regions)
//   Thousand                         <- a folder of 1,000 rows, or the setting benchFloor.rows
//                                       (ours: DB Instances, the rows of 1,000 instances)
//   Paged                            <- pages of 1,000 rows with "Load more..." exactly as ours
//                                       (src/shared/tree/paging.ts: appended into the folder
//                                       below 3,000 rows, nested under the row past that)
// The menus variant (built by lib.mjs buildFloorVsix({ menusOf })) is this extension under
// another id (`benchFloorId` of its package.json) whose manifest carries as many tree-menu
// entries as ours, copied from ours; its rows carry contextValues like ours and it sets the row
// sets ours sets, so a figure beside it tells the menus' cost from the rest of ours.
const vscode = require('vscode');

const PAGE = 1000;
const FLAT_ROWS = 3000;
const WIDTH = 5;
const key = (i) => `object-${String(i).padStart(WIDTH, '0')}`;
// What a row shows is what ours shows (an object: a file icon from its name, size and time, a
// click that opens it; an instance: an icon and its state), so a ratio compares the work behind
// the same rows, not rows with less on them.
const page = (from) =>
  Array.from({ length: PAGE }, (_, i) => ({
    id: `o/${from + i}`,
    label: key(from + i),
    description: '1.2 KB · 2026-11-27 10:00',
    resourceUri: vscode.Uri.from({ scheme: 'benchfloor', path: `/bucket/${key(from + i)}` }),
    icon: vscode.ThemeIcon.File,
    command: 'open',
  }));

function activate(context) {
  const pkg = context.extension.packageJSON ?? {};
  const id = pkg.benchFloorId ?? 'benchFloor';
  const variant = id !== 'benchFloor';
  for (const [key, values] of Object.entries(pkg.benchFloorRowSets ?? {}))
    void vscode.commands.executeCommand('setContext', key, Object.fromEntries(values.map((v) => [v, true])));
  const changed = new vscode.EventEmitter();
  const settings = vscode.workspace.getConfiguration('benchFloor');
  const children = settings.get('children', 4);
  const rows = settings.get('rows', 1000);
  const root = [
    {
      id: 'floor',
      label: 'Floor',
      expanded: true,
      children: Array.from({ length: children }, (_, i) => ({
        id: `F${i + 1}`,
        label: `F${i + 1}`,
        contextValue: variant ? 'region' : undefined,
      })),
    },
    {
      id: 'thousand',
      label: 'Thousand',
      folder: true,
      children: Array.from({ length: rows }, (_, i) => ({
        id: `t/${i}`,
        label: `item-${String(i).padStart(4, '0')}`,
        // As an instance: a folder, a coloured icon, its state.
        folder: true,
        description: 'Available · Primary · MySQL 8.0.36',
        icon: new vscode.ThemeIcon('database', new vscode.ThemeColor('charts.green')),
        contextValue: variant ? 'rds.instance.available.primary' : undefined,
      })),
    },
  ];
  const paged = { id: 'paged', label: 'Paged', folder: true };
  const loadMore = (shown) => ({
    id: `more/${shown}`,
    label: 'Load more...',
    description: `${shown} shown`,
    shown,
    flat: shown < FLAT_ROWS,
  });
  // The folder's own rows (made when it is expanded, forgotten when collapsed): pages appended
  // while flat, ending in the newest "Load more...".
  root.push(paged);

  const provider = {
    onDidChangeTreeData: changed.event,
    getChildren(node) {
      if (!node) return root;
      if (node.shown !== undefined) return node.flat ? [] : [...page(node.shown), loadMore(node.shown + PAGE)];
      if (node === paged) paged.children ??= [...page(0), loadMore(PAGE)];
      return node.children ?? [];
    },
    getTreeItem(node) {
      const state = node.expanded
        ? vscode.TreeItemCollapsibleState.Expanded
        : node.folder || (node.shown !== undefined && !node.flat)
          ? vscode.TreeItemCollapsibleState.Collapsed
          : vscode.TreeItemCollapsibleState.None;
      const item = new vscode.TreeItem(node.label, state);
      item.id = node.id;
      if (node.description) item.description = node.description;
      if (node.contextValue) item.contextValue = node.contextValue;
      if (node.resourceUri) item.resourceUri = node.resourceUri;
      if (node.icon) item.iconPath = node.icon;
      if (node.command) item.command = { command: `${id}.${node.command}`, title: 'Open', arguments: [node] };
      if (node.shown !== undefined && node.flat)
        item.command = { command: `${id}.loadMore`, title: 'Load more...', arguments: [node] };
      return item;
    },
  };
  const view = vscode.window.createTreeView(`${id}.tree`, { treeDataProvider: provider });
  context.subscriptions.push(
    view,
    // Collapsed, the paged folder starts again at its first page (ours: collapsed and refreshed).
    view.onDidCollapseElement(({ element }) => {
      if (element !== paged) return;
      paged.children = undefined;
      changed.fire(paged);
    }),
    vscode.commands.registerCommand(`${id}.open`, () => undefined),
    vscode.commands.registerCommand(`${id}.loadMore`, (node) => {
      // Appended in place of the clicked row, and the folder sent again whole (VS Code's tree
      // API has no append: what ours does too).
      const at = paged.children?.indexOf(node) ?? -1;
      if (at < 0) return;
      paged.children.splice(at, 1, ...page(node.shown), loadMore(node.shown + PAGE));
      changed.fire(paged);
    }),
  );
}

module.exports = { activate };
