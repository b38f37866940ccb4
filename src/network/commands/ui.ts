// Asking and confirming for the network and storage commands: InputBox / QuickPick that throw
// CancelledError on Escape (the command wrapper stays silent then), and a modal confirmation.
import * as vscode from 'vscode';
import { CancelledError } from '../../client/errors';

export async function ask(opts: vscode.InputBoxOptions): Promise<string> {
  const text = await vscode.window.showInputBox({ ignoreFocusOut: true, ...opts });
  if (text === undefined) throw new CancelledError();
  return text;
}

export async function pick<T extends vscode.QuickPickItem>(items: readonly T[], opts: vscode.QuickPickOptions = {}): Promise<T> {
  const chosen = await vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...opts, canPickMany: false });
  if (!chosen) throw new CancelledError();
  return chosen;
}

export async function pickMany<T extends vscode.QuickPickItem>(items: readonly T[], opts: vscode.QuickPickOptions = {}): Promise<T[]> {
  const chosen = await vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...opts, canPickMany: true });
  if (!chosen?.length) throw new CancelledError();
  return chosen;
}

/** A modal yes/no; anything but the action button cancels. */
export async function confirm(message: string, action: string, detail?: string): Promise<void> {
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
  if (answer !== action) throw new CancelledError();
}

export async function yesNo(title: string, yes: string, no: string): Promise<boolean> {
  return (await pick([{ label: yes, yes: true }, { label: no, yes: false }], { title })).yes;
}

/** The selected nodes of a multi-select context-menu call, else the clicked one. */
export function selection<T>(node: unknown, nodes: unknown, is: (n: unknown) => n is T): T[] {
  const many = Array.isArray(nodes) ? nodes.filter(is) : [];
  if (many.length) return many;
  return is(node) ? [node] : [];
}
