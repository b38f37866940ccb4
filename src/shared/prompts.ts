// Asking and confirming, for every command: InputBox / QuickPick that throw CancelledError on
// Escape (the command wrapper stays silent then) and a modal confirmation. One place, so every
// feature asks the same way.
import * as vscode from 'vscode';
import { CancelledError } from '../client/errors';

/** Returns undefined when the input is valid, else the message shown under the box. */
export type Validator = (text: string) => string | undefined;

export async function ask(opts: vscode.InputBoxOptions & { validate?: Validator }): Promise<string> {
  const v = opts.validate;
  const text = await vscode.window.showInputBox({
    ignoreFocusOut: true,
    ...opts,
    validateInput: v ? (t) => v(t) : opts.validateInput,
  });
  if (text === undefined) throw new CancelledError();
  return text;
}

export async function pick<T extends vscode.QuickPickItem>(
  items: readonly T[],
  opts: vscode.QuickPickOptions = {},
): Promise<T> {
  const chosen = await vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...opts, canPickMany: false });
  if (!chosen) throw new CancelledError();
  return chosen;
}

/** Several items; an empty selection is an answer (e.g. "no security groups"), Escape cancels. */
export async function pickMany<T extends vscode.QuickPickItem>(
  items: readonly T[],
  opts: vscode.QuickPickOptions = {},
): Promise<T[]> {
  const chosen = await vscode.window.showQuickPick(items, { ignoreFocusOut: true, ...opts, canPickMany: true });
  if (!chosen) throw new CancelledError();
  return chosen;
}

/**
 * A button of a notification or modal dialog that carries an id. Decisions compare the id of
 * the item VS Code hands back, never its title: titles are translated (and two buttons may
 * share a translation), ids are not.
 */
export interface Action<Id extends string = string> extends vscode.MessageItem {
  readonly id: Id;
}

export function action<Id extends string>(id: Id, title: string, isCloseAffordance = false): Action<Id> {
  return { id, title, isCloseAffordance };
}

const SHOW = {
  info: vscode.window.showInformationMessage,
  warning: vscode.window.showWarningMessage,
  error: vscode.window.showErrorMessage,
} as const;

/**
 * Shows a message with typed buttons and returns the id of the one pressed, or undefined when
 * the message was dismissed. The one way every feature asks "which action?".
 */
export async function askAction<Id extends string>(
  severity: keyof typeof SHOW,
  message: string,
  options: vscode.MessageOptions,
  ...actions: Action<Id>[]
): Promise<Id | undefined> {
  const chosen = await SHOW[severity](message, options, ...actions);
  return chosen?.id;
}

/** A modal yes/no; anything but the action button cancels. */
export async function confirm(message: string, actionTitle: string, detail?: string): Promise<void> {
  const answer = await askAction('warning', message, { modal: true, detail }, action('confirm', actionTitle));
  if (answer !== 'confirm') throw new CancelledError();
}

export async function yesNo(title: string, yesLabel: string, noLabel: string): Promise<boolean> {
  const chosen = await pick(
    [
      { label: yesLabel, yes: true },
      { label: noLabel, yes: false },
    ],
    { title },
  );
  return chosen.yes;
}
