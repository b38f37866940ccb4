// SQL files of the user's bound to a connection (issue 28: completion "in any SQL editor bound to
// a connection"). **Use Connection in This Editor...** makes a file behave as a query console:
// Run and Explain lenses, Ctrl+Enter, the status item, completion, hover and definition from
// the connection's schema. The binding is remembered per workspace by the file's URI and the
// session id (`profile/instance/user`, never a secret), so that after a reload, or when the file
// opens again, it comes back as soon as that connection is live again.
import type * as vscode from 'vscode';

const KEY = 'nhncloud.query.editorBindings';

export interface EditorBinding {
  /** `${profileId}/${instanceId}/${user}` of the session (DbSession.id). */
  sessionId: string;
  /** For the user's eyes (the picker of bound files): the instance and the user. */
  instanceName: string;
  user: string;
}

export class EditorBindings {
  constructor(private readonly state: vscode.Memento) {}

  private all(): Record<string, EditorBinding> {
    return { ...this.state.get<Record<string, EditorBinding>>(KEY, {}) };
  }

  get(uri: string): EditorBinding | undefined {
    return this.all()[uri];
  }

  async set(uri: string, binding: EditorBinding): Promise<void> {
    await this.state.update(KEY, { ...this.all(), [uri]: binding });
  }

  async delete(uri: string): Promise<void> {
    const all = this.all();
    if (!(uri in all)) return;
    delete all[uri];
    await this.state.update(KEY, all);
  }
}
