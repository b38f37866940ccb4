// Asking and confirming, for every command: InputBox / QuickPick that throw CancelledError on
// Escape (the command wrapper stays silent then) and a modal confirmation. One place, so every
// feature asks the same way.
import * as vscode from 'vscode';
import { CancelledError } from '../client/errors';

/** Returns undefined when the input is valid, else the message shown under the box. */
export type Validator = (text: string) => string | undefined;

export async function ask(opts: vscode.InputBoxOptions & { validate?: Validator }): Promise<string> {
  const v = opts.validate;
  const text = await vscode.window.showInputBox({ ignoreFocusOut: true, ...opts, validateInput: v ? (t) => v(t) : opts.validateInput });
  if (text === undefined) throw new CancelledError();
  return text;
}

export async function pick<T extends vscode.QuickPickItem>(items: readonly T[], opts: vscode.QuickPickOptions = {}): Promise<T> {
  const chosen = await vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...opts, canPickMany: false });
  if (!chosen) throw new CancelledError();
  return chosen;
}

/** Several items; an empty selection is an answer (e.g. "no security groups"), Escape cancels. */
export async function pickMany<T extends vscode.QuickPickItem>(items: readonly T[], opts: vscode.QuickPickOptions = {}): Promise<T[]> {
  const chosen = await vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...opts, canPickMany: true });
  if (!chosen) throw new CancelledError();
  return chosen;
}

/** A modal yes/no; anything but the action button cancels. */
export async function confirm(message: string, action: string, detail?: string): Promise<void> {
  const answer = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
  if (answer !== action) throw new CancelledError();
}

export async function yesNo(title: string, yesLabel: string, noLabel: string): Promise<boolean> {
  const chosen = await pick([{ label: yesLabel, yes: true }, { label: noLabel, yes: false }], { title });
  return chosen.yes;
}
