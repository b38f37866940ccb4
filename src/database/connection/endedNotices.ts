// Every notice that a database session has ended (issue 63: "a reconnect clears the 'connection
// has ended' toast"). A message shown with showWarningMessage cannot be taken back, so it stayed
// in the notifications after the user had connected again. These notices are notifications with
// a handle instead (a progress notification, closed by its Cancel button): the next session of
// the same profile, instance and user closes them, and one session shows one at a time.
// test/unit/rds/connectedInstance.test.ts scans src for any other place that says it.
import * as vscode from 'vscode';
import type { DbSessions } from './session';

/** A session has ended: what the person reads, and which session (`${profileId}/${instanceId}/${user}`). */
export class SessionEndedError extends Error {
  constructor(
    message: string,
    readonly sessionId: string,
  ) {
    super(message);
    this.name = 'SessionEndedError';
  }
}

export function isSessionEndedError(err: unknown): err is SessionEndedError {
  return (
    err instanceof Error && err.name === 'SessionEndedError' && typeof (err as SessionEndedError).sessionId === 'string'
  );
}

/**
 * A `command:` link for a notice's text (`[Connect again](uri)` in its sentence): VS Code's
 * notifications open such links, and a progress notification has no buttons of its own.
 */
export function commandLink(command: string, args?: unknown[]): string {
  return `command:${command}${args ? `?${encodeURIComponent(JSON.stringify(args))}` : ''}`;
}

export class EndedNotices implements vscode.Disposable {
  /** Session id -> closes its notice. */
  private readonly open = new Map<string, () => void>();
  private readonly sub: vscode.Disposable;

  constructor(private readonly sessions: Pick<DbSessions, 'get' | 'onDidChange'>) {
    this.sub = sessions.onDidChange(() => {
      for (const [id, close] of [...this.open]) if (sessions.get(id)) close();
    });
  }

  /** The sessions whose ended notice is showing (for the tests and the log). */
  showing(): string[] {
    return [...this.open.keys()];
  }

  /**
   * Says `message` about the ended session `sessionId` until that session connects again or the
   * person closes it. Nothing when it is live again already, or its notice is showing.
   */
  show(sessionId: string, message: string): void {
    if (this.open.has(sessionId) || this.sessions.get(sessionId)) return;
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: message, cancellable: true },
      (progress, token) =>
        new Promise<void>((resolve) => {
          // A full bar, not one that runs: nothing is in progress, the notice waits.
          progress.report({ increment: 100 });
          const cancelled: { sub?: vscode.Disposable } = {};
          const close = () => {
            if (this.open.get(sessionId) === close) this.open.delete(sessionId);
            cancelled.sub?.dispose();
            resolve();
          };
          cancelled.sub = token.onCancellationRequested(close);
          this.open.set(sessionId, close);
        }),
    );
  }

  /** An error that says a session ended, shown as its notice; false for any other error. */
  present(err: unknown): boolean {
    if (!isSessionEndedError(err)) return false;
    this.show(err.sessionId, err.message);
    return true;
  }

  dispose(): void {
    this.sub.dispose();
    for (const close of [...this.open.values()]) close();
  }
}
