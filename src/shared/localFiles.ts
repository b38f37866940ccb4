// Files the extension writes on this machine at the user's request (exports, downloads): where
// the save dialog starts, and what the message after the write offers. One place, so every
// export and download starts in the workspace folder and offers the same Open and Reveal.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { action, askAction } from './prompts';

/** The folder a save dialog starts in: the first local workspace folder, else the home folder. */
export function defaultSaveFolder(): string {
  return (
    vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath ??
    process.env.HOME ??
    process.cwd()
  );
}

/** `name` in the folder a save dialog starts in. */
export function defaultSaveUri(name: string): vscode.Uri {
  return vscode.Uri.file(join(defaultSaveFolder(), name));
}

/**
 * Says `message` about the file (or folder) written at `uri` and offers Reveal, and Open when it
 * is one file an editor can show.
 */
export async function offerOpenOrReveal(message: string, uri: vscode.Uri, canOpen: boolean): Promise<void> {
  const choice = await askAction(
    'info',
    message,
    {},
    ...(canOpen ? [action('open', vscode.l10n.t('Open'))] : []),
    action('reveal', vscode.l10n.t('Reveal')),
  );
  if (choice === 'open') await vscode.window.showTextDocument(uri, { preview: false });
  else if (choice === 'reveal') {
    // Inside the workspace, VS Code's own Explorer shows it (also in a browser or a remote window,
    // where there is no OS file manager to open); elsewhere the OS file manager does.
    const inWorkspace = vscode.workspace.getWorkspaceFolder(uri) !== undefined;
    await vscode.commands.executeCommand(inWorkspace ? 'revealInExplorer' : 'revealFileInOS', uri);
  }
}
