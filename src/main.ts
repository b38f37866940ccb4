// Everything behind the activation shim: builds the services once and hands them to each
// feature. Loaded by dist/extension.js on the first command or the first tree expansion.
import * as vscode from 'vscode';

/** What the shim hands over: the extension context and the objects it had to create at activation. */
export interface Shim {
  context: vscode.ExtensionContext;
  /** Fire to refresh the explorer (undefined: the whole tree). */
  treeChanged: vscode.EventEmitter<unknown>;
  explorerView: vscode.TreeView<unknown>;
}

export interface Main {
  runCommand(id: string, args: unknown[]): Promise<unknown>;
  explorer: vscode.TreeDataProvider<unknown>;
  dispose(): Promise<void>;
}

export function createMain(_shim: Shim): Main {
  return {
    async runCommand(id) {
      throw new Error(`Command ${id} is not implemented yet`);
    },
    explorer: { getChildren: () => [], getTreeItem: (e) => e as vscode.TreeItem },
    async dispose() {},
  };
}
