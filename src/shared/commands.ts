// The one wrapper around every command handler (CONTRIBUTING.md, convention 4): it logs start and
// end, shows a failure once with a "Show Log" action, stays silent when the user cancelled,
// turns an auth failure into a hint to edit the profile, and never shows or logs a secret.
import * as vscode from 'vscode';
import { isApiError, isAuthError, isCancelledError, isValidationError } from '../client/errors';
import type { Redactor } from '../client/http/redact';
import { errorText } from './errorText';
import { action, askAction } from './prompts';
import type { CommandHandler, Log } from './services';

const SHOWN = Symbol.for('nhncloud.errorShown');

/** Shows an error of its own kind its own way; true when it did (the error is then not shown again). */
export type ErrorPresenter = (err: unknown) => boolean;
const presenters = new Set<ErrorPresenter>();

/**
 * A feature's own way to show one kind of failure: the database's ended session is a notice the
 * next Connect... of that session closes (src/database/connection/endedNotices.ts).
 */
export function presentErrorsWith(presenter: ErrorPresenter): vscode.Disposable {
  presenters.add(presenter);
  return new vscode.Disposable(() => presenters.delete(presenter));
}

export interface WrapDeps {
  log: Log;
  redactor: Redactor;
}

export function wrapCommand(
  id: string,
  handler: CommandHandler,
  deps: WrapDeps,
): (...args: unknown[]) => Promise<unknown> {
  return async (...args: unknown[]) => {
    const started = Date.now();
    deps.log.info(`▶ ${id}`);
    try {
      const result = await handler(...args);
      deps.log.info(`✓ ${id} (${Date.now() - started} ms)`);
      return result;
    } catch (err) {
      if (isCancelledError(err)) {
        deps.log.info(`✗ ${id} cancelled (${Date.now() - started} ms)`);
        return undefined;
      }
      const message = deps.redactor.text(describeError(err));
      // The facts stay in the log: the operation id, code, status and the client's English message.
      const facts = factsOf(err);
      const detail =
        (facts ? `\n${deps.redactor.text(facts)}` : '') +
        (err instanceof Error && err.stack ? `\n${deps.redactor.text(err.stack)}` : '');
      deps.log.error(`✗ ${id} failed after ${Date.now() - started} ms: ${message}${detail}`);
      if (!alreadyShown(err) && ![...presenters].some((present) => present(err))) void showError(message, err, deps);
      return undefined;
    }
  };
}

/**
 * What a person reads: the client's failures said from their facts in the display language
 * (errorText.ts), other errors by their own message (they are written to say what to do next).
 */
export function describeError(err: unknown): string {
  const text = errorText(err);
  if (text) return text;
  if (isAuthError(err)) {
    return err.reason === 'forbidden'
      ? vscode.l10n.t(
          '{0} The keys of the active profile lack a permission for this; ask the project admin, or use "NHN Cloud: Edit Profile" to use other keys.',
          err.message,
        )
      : vscode.l10n.t('{0} Check the keys of the active profile with "NHN Cloud: Edit Profile".', err.message);
  }
  if (isValidationError(err) || isApiError(err)) return err.message;
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/** For the log: what a person's sentence was built from (never shown to them). */
export function factsOf(err: unknown): string | undefined {
  if (!isApiError(err) && !isAuthError(err) && !isValidationError(err)) return undefined;
  const e = err as { service?: string; operation: string; code?: unknown; status?: unknown; message: string };
  const parts = [
    e.service,
    e.operation,
    e.code === undefined ? '' : `code ${String(e.code)}`,
    e.status === undefined ? '' : `HTTP ${String(e.status)}`,
  ];
  return `[${parts.filter(Boolean).join(' ')}] ${e.message}`;
}

function alreadyShown(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as Record<symbol, unknown>;
  if (e[SHOWN]) return true;
  try {
    e[SHOWN] = true;
  } catch {}
  return false;
}

async function showError(message: string, err: unknown, deps: WrapDeps): Promise<void> {
  const showLog = action('showLog', vscode.l10n.t('Show Log'));
  const actions = isAuthError(err) ? [action('editProfile', vscode.l10n.t('Edit Profile')), showLog] : [showLog];
  const choice = await askAction('error', message, {}, ...actions);
  if (choice === 'showLog') deps.log.show();
  else if (choice === 'editProfile') await vscode.commands.executeCommand('nhncloud.profile.edit');
}
