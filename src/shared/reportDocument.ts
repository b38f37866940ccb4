// Read-only documents the extension writes for the user to read and copy: a route lookup's
// answer, a resource's details. An untitled document would ask to be saved when closed, and a
// quick pick vanishes on the first click away (issue 25, rough edge 23); these stay open, can be
// copied from and searched, and close without a question. The language follows the name's
// extension (`.md`, `.json`).
import * as vscode from 'vscode';

export const REPORT_SCHEME = 'nhncloud-report';

const contents = new Map<string, string>();
let serial = 0;

/** Registered once by the main bundle; the contents live as long as the window. */
export function registerReportDocuments(): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, {
      provideTextDocumentContent: (uri) =>
        contents.get(uri.toString()) ??
        // After a reload the restored tab has no content left: say so instead of an empty page.
        vscode.l10n.t('This report is no longer available: run its command again.'),
    }),
    // A closed report's text is not kept for the rest of the window.
    vscode.workspace.onDidCloseTextDocument((d) => {
      if (d.uri.scheme === REPORT_SCHEME) contents.delete(d.uri.toString());
    }),
  );
}

/** Opens `content` as a read-only document named `name` (its extension picks the language). */
export async function showReport(
  name: string,
  content: string,
  options: vscode.TextDocumentShowOptions = {},
): Promise<vscode.TextEditor> {
  // A new path per report: two lookups side by side do not overwrite each other.
  // A slash in the name (a CIDR) would make a folder: U+2215 DIVISION SLASH looks the same in a tab.
  const uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/${++serial}/${name.replace(/[\\/]/g, '\u2215')}` });
  contents.set(uri.toString(), content);
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc, { preview: false, ...options });
}

/** A Markdown table cell: pipes and line breaks would end the cell. */
export function mdCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ') || '—';
}
