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
 * Several items under a line that follows the checks: `tally` of the items checked is the
 * placeholder, redrawn at every check or uncheck (a total computed once would count the items
 * the user has unchecked). Items with `picked` start checked; an empty selection is an answer,
 * Escape cancels. Keep the tally short: the box it is drawn in also holds the select-all box,
 * VS Code's "N Selected" and OK, and cuts off the rest (an instruction belongs in the title).
 */
export async function pickManyTallied<T extends vscode.QuickPickItem>(
  items: readonly T[],
  opts: { title?: string; matchOnDescription?: boolean; tally: (checked: readonly T[]) => string },
): Promise<T[]> {
  const qp = vscode.window.createQuickPick<T>();
  qp.canSelectMany = true;
  qp.ignoreFocusOut = true;
  qp.title = opts.title;
  qp.matchOnDescription = opts.matchOnDescription ?? false;
  qp.items = items;
  qp.selectedItems = items.filter((i) => i.picked);
  qp.placeholder = opts.tally(qp.selectedItems);
  const chosen = await new Promise<T[] | undefined>((resolve) => {
    qp.onDidChangeSelection((checked) => (qp.placeholder = opts.tally(checked)));
    qp.onDidAccept(() => {
      resolve([...qp.selectedItems]);
      qp.hide();
    });
    qp.onDidHide(() => resolve(undefined));
    qp.show();
  }).finally(() => qp.dispose());
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
